//! The browser face: server-rendered pages (askama templates under `templates/`), static
//! files, the language switch (the texts are `vocab::i18n`'s) and the HTML face of
//! [`AppError`]. Handlers are thin adapters over
//! the same domain functions as the JSON API.

pub mod accounts;
pub mod admin;
pub mod analysis;
pub mod assets;
pub mod board;
pub mod chart;
pub mod chat;
pub mod conditional;
pub mod email;
pub mod format;
pub mod game;
pub mod home;
pub mod lang;
pub mod lobby;
pub mod my_games;
pub mod notifications;
pub mod pieces;
pub mod players;
pub mod ratings;
pub mod repertoire;
pub mod review;
pub mod rules;
pub mod settings;
pub mod svg;
pub mod tournaments;

use std::borrow::Borrow;

use askama::Template;
use axum::{
    Router,
    extract::{FromRequest, FromRequestParts, Request, State},
    http::{HeaderMap, HeaderValue, Method, StatusCode, header, request::Parts},
    middleware::Next,
    response::{Html, IntoResponse, Response},
    routing::{get, post},
};
use tower_http::compression::CompressionLayer;

use domain::{
    Services,
    accounts::{HeaderCounts, User},
};
use edge::extract::is_cross_site;
use vocab::error::{AppError, ErrorFace};
use vocab::i18n::{Lang, Tr};
use vocab::local_time::LocalZone;

/// Every page route, and the embedded static files.
pub fn routes() -> Router<Services> {
    Router::new()
        .route("/", get(home::home))
        .route("/signup", get(accounts::signup_form).post(accounts::signup))
        .route("/login", get(accounts::login_form).post(accounts::login))
        .route("/logout", post(accounts::logout))
        .route("/lang/{code}", get(lang::set_lang))
        .route("/settings", get(settings::settings))
        .route("/settings/time", post(settings::change_time))
        .route("/settings/vacation", post(settings::start_vacation))
        .route("/settings/vacation/end", post(settings::end_vacation))
        .route("/settings/play", post(settings::save_play))
        .route("/settings/email", post(settings::save_email))
        .route(
            "/email/verify/{token}",
            get(email::verify_form).post(email::verify),
        )
        .route(
            "/email/unsubscribe/{key}",
            get(email::unsubscribe_form).post(email::unsubscribe),
        )
        .route(
            "/password/forgot",
            get(email::forgot_form).post(email::forgot),
        )
        .route(
            "/password/reset/{token}",
            get(email::reset_form).post(email::reset),
        )
        .route(
            "/settings/notifications",
            post(settings::save_notifications),
        )
        .route("/notifications", get(notifications::page))
        .route(
            "/notifications/read-all",
            post(notifications::mark_all_read),
        )
        .route("/notifications/{id}/read", post(notifications::mark_read))
        .route("/settings/push/{id}/remove", post(settings::remove_device))
        .route("/settings/push/{id}/resume", post(settings::resume_device))
        .route("/push-sw.js", get(assets::service_worker))
        .route("/settings/tokens", post(settings::create_token))
        .route("/settings/tokens/{id}/revoke", post(settings::revoke_token))
        .route("/lobby", get(lobby::lobby))
        .route("/challenges", post(lobby::create_challenge))
        .route("/computer-games", post(lobby::start_computer_game))
        .route("/challenges/{id}/accept", post(lobby::accept_challenge))
        .route("/challenges/{id}/cancel", post(lobby::cancel_challenge))
        .route("/challenges/{id}/decline", post(lobby::decline_challenge))
        .route(
            "/tournaments",
            get(tournaments::list).post(tournaments::create),
        )
        .route("/tournaments/rules", get(tournaments::rules))
        .route("/tournaments/{id}", get(tournaments::page))
        .route("/tournaments/{id}/join", post(tournaments::join))
        .route("/tournaments/{id}/leave", post(tournaments::leave))
        .route("/tournaments/{id}/start", post(tournaments::start))
        .route("/tournaments/{id}/cancel", post(tournaments::cancel))
        .route("/tournaments/{id}/remove", post(tournaments::remove))
        .route("/my-games", get(my_games::my_games))
        .route("/next-game", get(my_games::next_game))
        .route("/players/{name}", get(players::player))
        .route("/leaderboards", get(ratings::index))
        .route("/leaderboards/{variant}", get(ratings::leaderboard))
        .route("/rules/{variant}", get(rules::rules))
        .route("/games/{id}", get(game::page))
        .route("/games/{id}/record", get(game::record))
        .route("/games/{id}/image.svg", get(game::image))
        .route(
            "/games/{id}/analysis",
            get(analysis::page).post(analysis::evaluate),
        )
        .route("/games/{id}/move", post(game::play))
        .route("/games/{id}/action/{action}", post(game::action))
        .route("/games/{id}/chat", post(chat::post_line))
        .route("/games/{id}/conditional", post(conditional::add_line))
        .route(
            "/games/{id}/review",
            get(review::page).post(review::request),
        )
        .route(
            "/games/{id}/conditional/{line}/delete",
            post(conditional::delete_line),
        )
        .route("/games/{id}/repertoire", post(repertoire::switch))
        .route("/games/{id}/repertoire-line", post(repertoire::from_game))
        .route("/repertoire", get(repertoire::page).post(repertoire::add))
        .route("/repertoire/{id}/delete", post(repertoire::delete))
        .route(
            "/games/{id}/note",
            post(chat::save_note).layer(axum::extract::DefaultBodyLimit::max(
                domain::chat::NOTE_BODY_LIMIT,
            )),
        )
        .route("/settings/chat", post(settings::save_chat))
        .route("/settings/blocks", post(settings::add_block))
        .route(
            "/settings/blocks/{name}/remove",
            post(settings::remove_block),
        )
        .route("/settings/password", post(settings::change_password))
        .route("/settings/export", get(settings::export))
        .route("/settings/delete", post(settings::delete_account))
        .route("/reports", post(admin::file_report))
        .route("/admin", get(admin::admin))
        .route("/admin/reports/{id}/{outcome}", post(admin::close_report))
        .route("/admin/players/{action}", post(admin::sanction))
        .route("/static/{name}", get(assets::serve))
        .route("/favicon.ico", get(assets::favicon))
        .layer(CompressionLayer::new())
}

/// What every page needs: the translator, the signed-in user, their turn count and the
/// path (for the language switch to come back to).
#[derive(Debug, Clone)]
pub struct Ctx {
    /// The translator.
    pub t: Tr,
    /// The signed-in user, if any.
    pub user: Option<User>,
    /// How many games wait for the user's move.
    pub your_turn: i64,
    /// How many of the user's notices are unread (the bell).
    pub unread: i64,
    /// For an administrator, how many reports wait to be closed (the header's link to the
    /// administration page); `None` for everyone else.
    pub open_reports: Option<i64>,
    /// The current path and query, for links back here.
    pub here: String,
    /// The viewer's time zone: every time on the page is shown in it.
    pub zone: LocalZone,
}

impl Ctx {
    /// Unix seconds as a date and time in the viewer's zone (`2026-12-04 23:45 EET`).
    #[must_use]
    pub fn time(&self, seconds: impl Borrow<i64>) -> String {
        self.zone.time(*seconds.borrow())
    }

    /// Which zone the page's times are in, in words (the footer says it).
    #[must_use]
    pub fn zone_text(&self) -> String {
        self.t.fmt("time.shown_in", &[("zone", self.zone.name())])
    }

    /// The text of `key` with its `{when}` filled by unix seconds in the viewer's zone.
    #[must_use]
    pub fn time_text(&self, key: &str, seconds: impl Borrow<i64>) -> String {
        self.t.fmt(key, &[("when", &self.time(seconds))])
    }

    /// How long ago unix seconds `then` was, as of `now`, in words ("5 min ago");
    /// [`Ctx::time`] gives the exact time.
    #[must_use]
    pub fn ago(&self, then: impl Borrow<i64>, now: impl Borrow<i64>) -> String {
        format::ago(&self.t, *then.borrow(), *now.borrow())
    }

    /// The signed-in user, or a 401 (which the HTML face turns into the login page).
    ///
    /// # Errors
    ///
    /// [`AppError::Unauthenticated`] when nobody is signed in.
    pub fn require_user(&self) -> Result<&User, AppError> {
        self.user
            .as_ref()
            .ok_or_else(|| AppError::Unauthenticated("sign in first".to_owned()))
    }

    /// The signed-in user's name, or empty.
    #[must_use]
    pub fn username(&self) -> &str {
        self.user.as_ref().map_or("", |user| user.username.as_str())
    }

    /// Whether a bot plays the signed-in user's account (the header shows BOT).
    #[must_use]
    pub fn is_bot(&self) -> bool {
        self.user.as_ref().is_some_and(|user| user.kind.is_bot())
    }

    /// The header's text for the number of games waiting for a move.
    #[must_use]
    pub fn your_turn_text(&self) -> String {
        self.t.count("home.your_turn", self.your_turn, &[])
    }

    /// The bell's text for the number of unread notices.
    #[must_use]
    pub fn unread_text(&self) -> String {
        self.t
            .fmt("notifications.bell", &[("n", &self.unread.to_string())])
    }

    /// The administrator's link's text for the number of open reports.
    #[must_use]
    pub fn open_reports_text(&self) -> String {
        self.t
            .count("nav.open_reports", self.open_reports.unwrap_or(0), &[])
    }

    /// The link that switches to `code`'s language and comes back here.
    #[must_use]
    pub fn lang_href(&self, code: &str) -> String {
        format!("/lang/{code}?back={}", url_encode(&self.here))
    }

    /// The languages for the switch: (code, name, current).
    #[must_use]
    pub fn langs(&self) -> Vec<(&'static str, &'static str, bool)> {
        Lang::ALL
            .into_iter()
            .map(|lang| (lang.code(), lang.name(), lang == self.t.lang))
            .collect()
    }
}

impl Ctx {
    /// The context of a page whose viewer was read by the page itself.
    fn signed_in(page: PageBasics, user: User, counts: HeaderCounts) -> Ctx {
        Ctx {
            t: page.t,
            user: Some(user),
            your_turn: counts.your_turn,
            unread: counts.unread,
            open_reports: counts.open_reports,
            here: page.here,
            zone: page.zone,
        }
    }

    /// The context of a page without a signed-in viewer.
    fn signed_out(page: PageBasics) -> Ctx {
        Ctx {
            t: page.t,
            user: None,
            your_turn: 0,
            unread: 0,
            open_reports: None,
            here: page.here,
            zone: page.zone,
        }
    }
}

/// What a page knows of its request before any session is read: the language, the path
/// and query, and the viewer's time zone (from their cookies).
#[derive(Debug)]
pub struct PageBasics {
    /// The translator.
    pub t: Tr,
    /// The current path and query.
    pub here: String,
    /// The viewer's time zone.
    pub zone: LocalZone,
}

impl PageBasics {
    fn of(headers: &HeaderMap, here: String) -> PageBasics {
        PageBasics {
            t: Tr::new(Lang::from_headers(headers)),
            here,
            zone: LocalZone::from_headers(headers),
        }
    }
}

/// The language, the path and query and the time zone of a page's request.
fn page_basics(parts: &Parts) -> PageBasics {
    let here = parts
        .uri
        .path_and_query()
        .map_or("/", |pq| pq.as_str())
        .to_owned();
    PageBasics::of(&parts.headers, here)
}

impl FromRequestParts<Services> for Ctx {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &Services) -> Result<Ctx, AppError> {
        let page = page_basics(parts);
        // A session that has ended counts as signed out on pages.
        let viewer = match edge::extract::authenticate(parts, state).await {
            Ok(viewer) => viewer,
            Err(AppError::Unauthenticated(_)) => None,
            Err(error) => return Err(error),
        };
        match viewer {
            Some((user, Some(counts))) => Ok(Ctx::signed_in(page, user, counts)),
            Some((user, None)) => {
                // An API token on a page: the administrator's count is left out.
                let counts = HeaderCounts {
                    your_turn: domain::game::count_your_turn(state, &user).await?,
                    unread: domain::notifications::unread_count(state, &user).await?,
                    open_reports: None,
                };
                Ok(Ctx::signed_in(page, user, counts))
            }
            None => Ok(Ctx::signed_out(page)),
        }
    }
}

/// A page's [`Ctx`] before its session is read, for a page that reads the session on its
/// own connection together with what it shows the viewer (the game page): one connection
/// from the pool and one statement fewer. A request without a session cookie, one with an
/// API token and one that is not a read are resolved at once, as [`Ctx`] is.
#[derive(Debug)]
pub enum PendingCtx {
    /// Resolved already.
    Ready(Ctx),
    /// A session cookie, still to be read ([`PendingCtx::resolve`]).
    Session {
        /// The language, the address and the time zone.
        page: PageBasics,
        /// The session cookie's value.
        token: String,
    },
}

impl PendingCtx {
    /// The current path and query.
    #[must_use]
    pub fn here(&self) -> &str {
        match self {
            PendingCtx::Ready(ctx) => &ctx.here,
            PendingCtx::Session { page, .. } => &page.here,
        }
    }

    /// The translator.
    #[must_use]
    pub fn t(&self) -> &Tr {
        match self {
            PendingCtx::Ready(ctx) => &ctx.t,
            PendingCtx::Session { page, .. } => &page.t,
        }
    }

    /// The viewer's time zone.
    #[must_use]
    pub fn zone(&self) -> &LocalZone {
        match self {
            PendingCtx::Ready(ctx) => &ctx.zone,
            PendingCtx::Session { page, .. } => &page.zone,
        }
    }

    /// The context, once the page has read the session's user and header counts
    /// (`None`: the session has ended, which counts as signed out). A context resolved
    /// already stays as it is.
    #[must_use]
    pub fn resolve(self, viewer: Option<(User, HeaderCounts)>) -> Ctx {
        match (self, viewer) {
            (PendingCtx::Ready(ctx), _) => ctx,
            (PendingCtx::Session { page, .. }, Some((user, counts))) => {
                Ctx::signed_in(page, user, counts)
            }
            (PendingCtx::Session { page, .. }, None) => Ctx::signed_out(page),
        }
    }
}

impl FromRequestParts<Services> for PendingCtx {
    type Rejection = AppError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &Services,
    ) -> Result<PendingCtx, AppError> {
        let token = edge::extract::session_cookie(&parts.headers);
        match token {
            Some(token)
                if parts.method.is_safe() && !parts.headers.contains_key(header::AUTHORIZATION) =>
            {
                let token = token.to_owned();
                Ok(PendingCtx::Session {
                    page: page_basics(parts),
                    token,
                })
            }
            _ => Ctx::from_request_parts(parts, state)
                .await
                .map(PendingCtx::Ready),
        }
    }
}

/// Percent-encodes text for a query value.
#[must_use]
pub fn url_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.~/".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// A form body; a broken one is a 400/422 in the project's shape.
#[derive(Debug, Clone, Copy, Default)]
pub struct Form<T>(pub T);

impl<S, T> FromRequest<S> for Form<T>
where
    S: Send + Sync,
    T: serde::de::DeserializeOwned,
{
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Form<T>, AppError> {
        match axum::Form::<T>::from_request(req, state).await {
            Ok(axum::Form(value)) => Ok(Form(value)),
            Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                Err(AppError::PayloadTooLarge)
            }
            Err(rejection) => Err(AppError::invalid("invalid_form", rejection.body_text())),
        }
    }
}

/// Renders a template as an HTML response.
///
/// # Errors
///
/// A 500 when the template fails to render.
pub fn render<T: Template>(template: &T) -> Result<Response, AppError> {
    Ok(Html(render_html(template)?).into_response())
}

/// Whether a form's refusal is shown on the form's own page: every 4xx (a mistake, a
/// conflict, a refusal for who the viewer is, a wait) but a missing session, which goes to
/// the login page, and a body too large to have been read.
pub(crate) fn shown_on_form(error: &AppError) -> bool {
    let status = error.status();
    status.is_client_error()
        && !matches!(
            status,
            StatusCode::UNAUTHORIZED | StatusCode::PAYLOAD_TOO_LARGE
        )
}

/// `template`, the page of a form `error` refused, answered at the error's status with
/// the wait it asks for.
///
/// # Errors
///
/// 500 when the template fails.
pub(crate) fn render_refused<T: Template>(
    template: &T,
    error: &AppError,
) -> Result<Response, AppError> {
    let mut response = (error.status(), render(template)?).into_response();
    if let Some(secs) = error.retry_after() {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, secs.into());
    }
    Ok(response)
}

/// `template` rendered to HTML, for a page that keeps it.
///
/// # Errors
///
/// 500 when the template fails.
pub fn render_html<T: Template>(template: &T) -> Result<String, AppError> {
    let mut html = String::with_capacity(T::SIZE_HINT.max(PAGE_BUFFER));
    template
        .render_into(&mut html)
        .map_err(AppError::internal)?;
    Ok(html)
}

/// How much a page is rendered into to start with. askama's own hint is the template's
/// static text, a few kilobytes; the game page is 20–30 KB, which grew its buffer three
/// or four times, each time copying what was written.
const PAGE_BUFFER: usize = 32 * 1024;

/// A 303 to `to` (after a form post). A target that cannot be a `Location` header
/// (a control character slipped through) goes to the home page instead of failing.
#[must_use]
pub fn see_other(to: &str) -> Response {
    let location = HeaderValue::from_str(to).unwrap_or_else(|_| HeaderValue::from_static("/"));
    (StatusCode::SEE_OTHER, [(header::LOCATION, location)]).into_response()
}

/// Only paths on this site are followed after a login or a language switch: `path` must
/// start with one `/` and hold no backslash, blank or control character (browsers drop
/// tabs and newlines from URLs, so `/\t/evil.example` would become `//evil.example`, an
/// address on another site). Anything else gives `/`. Characters outside ASCII are
/// percent-encoded, so the result is always a valid `Location`.
#[must_use]
pub fn safe_back(path: Option<&str>) -> String {
    let Some(path) = path else {
        return "/".to_owned();
    };
    let local = path.starts_with('/')
        && !path.starts_with("//")
        && !path
            .chars()
            .any(|c| c == '\\' || c.is_control() || c.is_whitespace());
    if !local {
        return "/".to_owned();
    }
    let mut out = String::with_capacity(path.len());
    for c in path.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            let mut bytes = [0_u8; 4];
            for byte in c.encode_utf8(&mut bytes).bytes() {
                out.push_str(&format!("%{byte:02X}"));
            }
        }
    }
    out
}

/// The error page.
#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage {
    ctx: Ctx,
    status: u16,
    title: String,
    message: String,
}

fn is_page_path(path: &str) -> bool {
    !(path.starts_with("/api/") || path == "/livez" || path == "/readyz")
}

/// For page routes: refuses cross-site form posts (the API's check), turns a 401 into
/// the login page and gives every other [`AppError`] its HTML face, in the site's style
/// and language, with a way back.
pub async fn html_errors(State(state): State<Services>, request: Request, next: Next) -> Response {
    let path = request.uri().path().to_owned();
    if !is_page_path(&path) {
        return next.run(request).await;
    }
    let method = request.method().clone();
    let here = request
        .uri()
        .path_and_query()
        .map_or("/", |pq| pq.as_str())
        .to_owned();
    let basics = PageBasics::of(request.headers(), here.clone());
    // The one-click unsubscribe is posted by mail clients from anywhere: its key is its
    // only credential, and it can only turn mail off.
    let one_click = path.starts_with("/email/unsubscribe/");
    // Kept to show an error page with the signed-in header.
    let session = edge::extract::session_cookie(request.headers()).map(str::to_owned);
    let response = if !method.is_safe() && !one_click && is_cross_site(request.headers(), &state) {
        AppError::forbidden("cross_site_request", "cross-site form posts are refused")
            .into_response()
    } else {
        next.run(request).await
    };
    let Some(face) = response.extensions().get::<ErrorFace>().cloned() else {
        return response;
    };
    if face.status == StatusCode::UNAUTHORIZED && face.code == "unauthenticated" {
        let back = if method == Method::GET {
            here.as_str()
        } else {
            "/"
        };
        return see_other(&format!("/login?next={}", url_encode(back)));
    }
    let retry_after = response
        .headers()
        .get(header::RETRY_AFTER)
        .and_then(|value| value.to_str().ok()?.parse().ok());
    let viewer = match session {
        Some(token) if signed_in_header_affordable(face.status) => {
            error_page_viewer(&state, &token).await
        }
        _ => None,
    };
    let mut page = error_page(basics, &face, retry_after, viewer);
    if let Some(value) = response.headers().get(header::RETRY_AFTER) {
        page.headers_mut()
            .insert(header::RETRY_AFTER, value.clone());
    }
    page
}

/// An error's text for people: the translation of its code (with the wait filled in,
/// for errors that ask to wait, and the message as `{detail}` for those whose words
/// carry a particular, such as the move a record goes wrong at), else its own message.
pub(crate) fn error_text(t: &Tr, code: &str, message: &str, retry_after: Option<u64>) -> String {
    let key = format!("error.{code}");
    if t.has(&key) {
        // A number: "in 1 second", not "in 1 seconds".
        let secs = retry_after.unwrap_or(1).to_string();
        t.fmt(&key, &[("secs", &secs), ("detail", message)])
    } else {
        message.to_owned()
    }
}

/// [`error_text`] of `error` itself: the text a page shows for a refusal.
pub(crate) fn refusal_text(t: &Tr, error: &AppError) -> String {
    error_text(t, error.code(), &error.message(), error.retry_after())
}

/// Whether an error page may read its viewer's session to show the signed-in header: not
/// when the server is refusing work (busy, rate-limited, the database unavailable), where
/// one more read is what it cannot afford.
fn signed_in_header_affordable(status: StatusCode) -> bool {
    !matches!(
        status,
        StatusCode::TOO_MANY_REQUESTS
            | StatusCode::SERVICE_UNAVAILABLE
            | StatusCode::GATEWAY_TIMEOUT
    )
}

/// The viewer of session `token` with their header counts, for an error page; `None`
/// when it has ended or cannot be read now (the page then shows the guest's header).
async fn error_page_viewer(state: &Services, token: &str) -> Option<(User, HeaderCounts)> {
    domain::accounts::user_by_session(state, token)
        .await
        .ok()
        .flatten()
}

/// The HTML face of an error, with the signed-in header when `viewer` is known.
fn error_page(
    basics: PageBasics,
    face: &ErrorFace,
    retry_after: Option<u64>,
    viewer: Option<(User, HeaderCounts)>,
) -> Response {
    let t = &basics.t;
    let message = error_text(t, &face.code, &face.message, retry_after);
    let title_key = format!("error.status.{}", face.status.as_u16());
    let title = if t.has(&title_key) {
        t.get(&title_key).to_owned()
    } else {
        face.status.canonical_reason().unwrap_or("error").to_owned()
    };
    let ctx = match viewer {
        Some((user, counts)) => Ctx::signed_in(basics, user, counts),
        None => Ctx::signed_out(basics),
    };
    let page = ErrorPage {
        ctx,
        status: face.status.as_u16(),
        title,
        message,
    };
    match page.render() {
        Ok(html) => (face.status, Html(html)).into_response(),
        Err(_) => (face.status, face.message.clone()).into_response(),
    }
}

/// The `Set-Cookie` value that makes every page show times in `zone` (an IANA name the
/// server knows, as [`LocalZone::named`] spells it).
pub(crate) fn zone_cookie(zone: &str) -> String {
    format!(
        "{}={zone}; Path=/; SameSite=Lax; Max-Age=31536000",
        vocab::local_time::ZONE_COOKIE
    )
}

/// The headers a language switch or login sets, for handlers.
pub(crate) fn cookie_header(value: &str) -> Result<HeaderMap, AppError> {
    let mut headers = HeaderMap::new();
    headers.insert(
        header::SET_COOKIE,
        HeaderValue::from_str(value).map_err(AppError::internal)?,
    );
    Ok(headers)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_local_paths_are_followed_back() {
        assert_eq!(safe_back(Some("/lobby?x=1")), "/lobby?x=1");
        assert_eq!(safe_back(Some("//evil.example")), "/");
        assert_eq!(safe_back(Some("https://evil.example")), "/");
        assert_eq!(safe_back(None), "/");
        for evil in [
            "/\t/evil.example",
            "/\n/evil.example",
            "/\r\n/evil.example",
            "/\\evil.example",
            "\\/evil.example",
            "/ /evil.example",
            "/\u{0}x",
            "/\u{85}/evil.example",
            "/\u{3000}/evil.example",
            "evil.example",
            "",
        ] {
            assert_eq!(safe_back(Some(evil)), "/", "{evil:?}");
        }
        assert_eq!(safe_back(Some("/players/Jüri")), "/players/J%C3%BCri");
        // A percent-encoded tab stays encoded: a path on this site.
        assert_eq!(safe_back(Some("/%09/x")), "/%09/x");
    }

    #[test]
    fn a_redirect_to_something_that_is_no_header_goes_home() {
        let response = see_other("/a\nb");
        assert_eq!(response.status(), StatusCode::SEE_OTHER);
        assert_eq!(response.headers()[header::LOCATION], "/");
        assert_eq!(see_other("/lobby").headers()[header::LOCATION], "/lobby");
    }

    #[test]
    fn url_encoding_keeps_paths_and_escapes_the_rest() {
        assert_eq!(url_encode("/games/1?ply=2&x"), "/games/1%3Fply%3D2%26x");
    }

    #[test]
    fn api_and_health_paths_keep_their_json_errors() {
        assert!(!is_page_path("/api/v1/games"));
        assert!(!is_page_path("/livez"));
        assert!(is_page_path("/games/abc"));
        assert!(is_page_path("/nowhere"));
    }
}
