//! The pages around the games: home, accounts, lobby, my games, players, rules.

use askama::Template;
use axum::{
    extract::{FromRequest, Request, State},
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
};
use rules::{GameResult, Variant};
use serde::Deserialize;

use crate::{
    AppState,
    domain::{
        accounts,
        challenges::{self, Challenge, ChallengeRequest, ColorChoice, DAYS_PER_MOVE},
        game::{self as games, GameStatus, GameSummary},
        pages as lookups,
    },
    error::AppError,
    extract::{ClientAddr, Path, Query, SESSION_COOKIE, session_cookie},
    web::{
        Ctx, cookie_header,
        i18n::{LANG_COOKIE, Lang, Tr},
        render, safe_back, see_other,
    },
};

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

/// The translation key of a variant's name.
#[must_use]
pub fn variant_key(variant: Variant) -> &'static str {
    match variant {
        Variant::Chess => "variant.chess",
        Variant::Reversi6x6 => "variant.reversi-6x6",
        Variant::Reversi8x8 => "variant.reversi-8x8",
        Variant::Reversi10x10 => "variant.reversi-10x10",
        Variant::ChessReversi => "variant.chess-reversi",
        Variant::KnightFight => "variant.knight-fight",
    }
}

/// A variant as a link or an option: id and translated name.
#[derive(Debug, Clone)]
pub struct VariantLink {
    /// The id.
    pub id: &'static str,
    /// The name in the page's language.
    pub name: String,
    /// Whether it is the chosen one (in a form).
    pub selected: bool,
}

fn variant_links(t: &Tr, selected: &str) -> Vec<VariantLink> {
    Variant::ALL
        .into_iter()
        .map(|variant| VariantLink {
            id: variant.as_str(),
            name: t.get(variant_key(variant)).to_owned(),
            selected: variant.as_str() == selected,
        })
        .collect()
}

/// Time left until `deadline`, such as `2 d 3 h` or `5 h 20 min`.
#[must_use]
pub fn time_left(t: &Tr, now: i64, deadline: i64) -> String {
    let left = (deadline - now).max(0);
    let (days, hours, minutes) = (left / 86_400, left % 86_400 / 3600, left % 3600 / 60);
    if days > 0 {
        t.fmt(
            "time.days_hours",
            &[("d", &days.to_string()), ("h", &hours.to_string())],
        )
    } else {
        t.fmt(
            "time.hours_minutes",
            &[("h", &hours.to_string()), ("m", &minutes.to_string())],
        )
    }
}

/// The result as `1-0`, `0-1` or `½-½`.
#[must_use]
pub fn result_text(result: Option<GameResult>) -> &'static str {
    match result {
        Some(GameResult::WhiteWins) => "1-0",
        Some(GameResult::BlackWins) => "0-1",
        Some(GameResult::Draw) => "\u{bd}-\u{bd}",
        None => "",
    }
}

// ---------------------------------------------------------------- home

#[derive(Template)]
#[template(path = "home.html")]
struct HomePage {
    ctx: Ctx,
    variants: Vec<VariantLink>,
}

/// `GET /`.
pub(crate) async fn home(ctx: Ctx) -> Result<Response, AppError> {
    let variants = variant_links(&ctx.t, "");
    render(&HomePage { ctx, variants })
}

// ---------------------------------------------------------------- accounts

#[derive(Template)]
#[template(path = "auth.html")]
struct AuthPage {
    ctx: Ctx,
    signup: bool,
    username: String,
    username_error: String,
    password_error: String,
    form_error: String,
    next: String,
}

/// Where to go after signing in.
#[derive(Debug, Deserialize)]
pub(crate) struct NextQuery {
    next: Option<String>,
}

/// The sign-up and login form.
#[derive(Debug, Deserialize)]
pub(crate) struct Credentials {
    #[serde(default)]
    username: String,
    #[serde(default)]
    password: String,
    next: Option<String>,
}

fn auth_page(ctx: Ctx, signup: bool, next: Option<&str>) -> AuthPage {
    AuthPage {
        ctx,
        signup,
        username: String::new(),
        username_error: String::new(),
        password_error: String::new(),
        form_error: String::new(),
        next: safe_back(next),
    }
}

/// `GET /signup`.
pub(crate) async fn signup_form(
    ctx: Ctx,
    Query(query): Query<NextQuery>,
) -> Result<Response, AppError> {
    render(&auth_page(ctx, true, query.next.as_deref()))
}

/// `GET /login`.
pub(crate) async fn login_form(
    ctx: Ctx,
    Query(query): Query<NextQuery>,
) -> Result<Response, AppError> {
    render(&auth_page(ctx, false, query.next.as_deref()))
}

/// Shows the form again with the error next to its field (422 and friends).
fn auth_error(
    mut page: AuthPage,
    form: &Credentials,
    error: &AppError,
) -> Result<Response, AppError> {
    let t = page.ctx.t;
    let text = {
        let key = format!("error.{}", error.code());
        if t.has(&key) {
            t.get(&key).to_owned()
        } else {
            error.message()
        }
    };
    match error.code() {
        "invalid_username" | "username_taken" => page.username_error = text,
        "invalid_password" => page.password_error = text,
        _ => page.form_error = text,
    }
    page.username.clone_from(&form.username);
    let status = error.status();
    Ok((status, render(&page)?).into_response())
}

fn session_headers(state: &AppState, session: &accounts::Session) -> Result<HeaderMap, AppError> {
    let max_age = session.expires_at - state.now();
    let secure = if state.config.public_url.https {
        "; Secure"
    } else {
        ""
    };
    cookie_header(&format!(
        "{SESSION_COOKIE}={}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age}{secure}",
        session.token
    ))
}

/// `POST /signup`: registers, signs in, goes on.
pub(crate) async fn signup(
    State(state): State<AppState>,
    ctx: Ctx,
    ClientAddr(client): ClientAddr,
    Form(form): Form<Credentials>,
) -> Result<Response, AppError> {
    let page = auth_page(ctx, true, form.next.as_deref());
    if let Err(error) = accounts::register(&state, form.username.trim(), &form.password).await {
        return auth_error(page, &form, &error);
    }
    match accounts::login(&state, form.username.trim(), &form.password, &client).await {
        Ok(session) => {
            Ok((session_headers(&state, &session)?, see_other(&page.next)).into_response())
        }
        Err(error) => auth_error(page, &form, &error),
    }
}

/// `POST /login`.
pub(crate) async fn login(
    State(state): State<AppState>,
    ctx: Ctx,
    ClientAddr(client): ClientAddr,
    Form(form): Form<Credentials>,
) -> Result<Response, AppError> {
    let page = auth_page(ctx, false, form.next.as_deref());
    match accounts::login(&state, form.username.trim(), &form.password, &client).await {
        Ok(session) => {
            Ok((session_headers(&state, &session)?, see_other(&page.next)).into_response())
        }
        Err(error) => auth_error(page, &form, &error),
    }
}

/// `POST /logout`.
pub(crate) async fn logout(
    State(state): State<AppState>,
    ctx: Ctx,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    ctx.require_user()?;
    if let Some(token) = session_cookie(&headers) {
        accounts::logout(&state, token).await?;
    }
    let clear = cookie_header(&format!(
        "{SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0"
    ))?;
    Ok((clear, see_other("/")).into_response())
}

/// Where the language switch comes back to.
#[derive(Debug, Deserialize)]
pub(crate) struct BackQuery {
    back: Option<String>,
}

/// `GET /lang/{code}`: remembers the language in a cookie and goes back.
pub(crate) async fn set_lang(
    Path(code): Path<String>,
    Query(query): Query<BackQuery>,
) -> Result<Response, AppError> {
    let lang = Lang::parse(&code).ok_or(AppError::NotFound("language"))?;
    let cookie = cookie_header(&format!(
        "{LANG_COOKIE}={}; Path=/; SameSite=Lax; Max-Age=31536000",
        lang.code()
    ))?;
    Ok((cookie, see_other(&safe_back(query.back.as_deref()))).into_response())
}

// ---------------------------------------------------------------- lobby

/// A challenge as a lobby line.
#[derive(Debug, Clone)]
pub struct ChallengeView {
    /// Its id.
    pub id: String,
    /// The variant's name.
    pub variant: String,
    /// Who made it.
    pub challenger: String,
    /// The challenger's colour, translated.
    pub color: String,
    /// Days per move.
    pub days: i64,
    /// Who it is addressed to (empty: anyone).
    pub opponent: String,
}

fn challenge_view(t: &Tr, challenge: &Challenge) -> ChallengeView {
    ChallengeView {
        id: challenge.id.clone(),
        variant: t.get(variant_key(challenge.variant)).to_owned(),
        challenger: challenge.challenger.clone(),
        color: t.get(color_choice_key(challenge.color)).to_owned(),
        days: challenge.days_per_move,
        opponent: challenge.opponent.clone().unwrap_or_default(),
    }
}

const fn color_choice_key(color: ColorChoice) -> &'static str {
    match color {
        ColorChoice::White => "color.choice.white",
        ColorChoice::Black => "color.choice.black",
        ColorChoice::Random => "color.choice.random",
    }
}

#[derive(Template)]
#[template(path = "lobby.html")]
struct LobbyPage {
    ctx: Ctx,
    open: Vec<ChallengeView>,
    mine: Vec<ChallengeView>,
    to_me: Vec<ChallengeView>,
    variants: Vec<VariantLink>,
    colors: Vec<(&'static str, String, bool)>,
    days: Vec<(i64, bool)>,
    opponent: String,
    error: String,
}

/// The lobby's query: a prefilled challenge form.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct LobbyQuery {
    variant: Option<String>,
    opponent: Option<String>,
}

/// The create-challenge form.
#[derive(Debug, Deserialize)]
pub(crate) struct ChallengeForm {
    #[serde(default)]
    variant: String,
    #[serde(default)]
    color: String,
    #[serde(default)]
    days_per_move: String,
    #[serde(default)]
    opponent: String,
}

async fn lobby_page(
    state: &AppState,
    ctx: Ctx,
    form: &ChallengeForm,
    error: String,
) -> Result<LobbyPage, AppError> {
    let user = ctx.require_user()?.clone();
    let t = ctx.t;
    let all = challenges::list(state, Some(&user)).await?;
    let me = user.username.to_lowercase();
    let (mut open, mut mine, mut to_me) = (Vec::new(), Vec::new(), Vec::new());
    for challenge in &all {
        let view = challenge_view(&t, challenge);
        if challenge.challenger.to_lowercase() == me {
            mine.push(view);
        } else if challenge
            .opponent
            .as_deref()
            .is_some_and(|o| o.to_lowercase() == me)
        {
            to_me.push(view);
        } else if challenge.opponent.is_none() {
            open.push(view);
        }
    }
    let days: i64 = form.days_per_move.parse().unwrap_or(3);
    Ok(LobbyPage {
        open,
        mine,
        to_me,
        variants: variant_links(
            &t,
            if form.variant.is_empty() {
                "chess"
            } else {
                &form.variant
            },
        ),
        colors: ["random", "white", "black"]
            .into_iter()
            .map(|color| {
                let key = ColorChoice::parse(color).map_or("", color_choice_key);
                let chosen = if form.color.is_empty() {
                    "random"
                } else {
                    &form.color
                };
                (color, t.get(key).to_owned(), color == chosen)
            })
            .collect(),
        days: DAYS_PER_MOVE.into_iter().map(|d| (d, d == days)).collect(),
        opponent: form.opponent.clone(),
        error,
        ctx,
    })
}

/// `GET /lobby`.
pub(crate) async fn lobby(
    State(state): State<AppState>,
    ctx: Ctx,
    Query(query): Query<LobbyQuery>,
) -> Result<Response, AppError> {
    let form = ChallengeForm {
        variant: query.variant.unwrap_or_default(),
        color: String::new(),
        days_per_move: String::new(),
        opponent: query.opponent.unwrap_or_default(),
    };
    render(&lobby_page(&state, ctx, &form, String::new()).await?)
}

/// `POST /challenges`: creates a challenge; errors are shown on the lobby with the
/// typed values kept.
pub(crate) async fn create_challenge(
    State(state): State<AppState>,
    ctx: Ctx,
    Form(form): Form<ChallengeForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    let request = ChallengeRequest {
        variant: &form.variant,
        color: &form.color,
        days_per_move: form.days_per_move.parse().unwrap_or(0),
        opponent: Some(form.opponent.trim()).filter(|name| !name.is_empty()),
    };
    match challenges::create(&state, &user, &request).await {
        Ok(_) => Ok(see_other("/lobby")),
        Err(error) if error.status() == StatusCode::UNPROCESSABLE_ENTITY => {
            let key = format!("error.{}", error.code());
            let text = if ctx.t.has(&key) {
                ctx.t.get(&key).to_owned()
            } else {
                error.message()
            };
            let page = lobby_page(&state, ctx, &form, text).await?;
            Ok((StatusCode::UNPROCESSABLE_ENTITY, render(&page)?).into_response())
        }
        Err(error) => Err(error),
    }
}

/// `POST /challenges/{id}/accept`: to the new game.
pub(crate) async fn accept_challenge(
    State(state): State<AppState>,
    ctx: Ctx,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?;
    let game_id = challenges::accept(&state, user, &id).await?;
    Ok(see_other(&format!("/games/{game_id}")))
}

/// `POST /challenges/{id}/cancel`.
pub(crate) async fn cancel_challenge(
    State(state): State<AppState>,
    ctx: Ctx,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?;
    challenges::cancel(&state, user, &id).await?;
    Ok(see_other("/lobby"))
}

// ---------------------------------------------------------------- game lists

/// A game as a list line.
#[derive(Debug, Clone)]
pub struct GameLine {
    /// Its id.
    pub id: String,
    /// The variant's name.
    pub variant: String,
    /// The opponent's name (or both players', on a player page).
    pub opponent: String,
    /// The move number (full moves).
    pub move_no: i64,
    /// Time left for the player to move, or the result.
    pub status: String,
}

fn game_lines<'a>(
    t: &Tr,
    now: i64,
    me: &str,
    games: impl Iterator<Item = &'a GameSummary>,
) -> Vec<GameLine> {
    games
        .map(|game| {
            let opponent = if game.white.eq_ignore_ascii_case(me) {
                game.black.clone()
            } else {
                game.white.clone()
            };
            let status = match game.status {
                GameStatus::Active => game
                    .deadline
                    .map_or_else(String::new, |d| time_left(t, now, d)),
                GameStatus::Finished => result_text(game.result).to_owned(),
                GameStatus::Aborted => t.get("game.aborted").to_owned(),
            };
            GameLine {
                id: game.id.clone(),
                variant: t.get(variant_key(game.variant)).to_owned(),
                opponent,
                move_no: game.ply / 2 + 1,
                status,
            }
        })
        .collect()
}

#[derive(Template)]
#[template(path = "my_games.html")]
struct MyGamesPage {
    ctx: Ctx,
    my_turn: Vec<GameLine>,
    waiting: Vec<GameLine>,
    finished: Vec<GameLine>,
}

/// `GET /my-games`: my turn first (least time left first), then waiting, then ended.
pub(crate) async fn my_games(
    State(state): State<AppState>,
    ctx: Ctx,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    let list = games::list_for_user(&state, &user).await?;
    let (t, now, me) = (ctx.t, state.now(), user.username.as_str());
    let active = |g: &&GameSummary| g.status == GameStatus::Active;
    let page = MyGamesPage {
        my_turn: game_lines(
            &t,
            now,
            me,
            list.iter().filter(active).filter(|g| g.your_turn),
        ),
        waiting: game_lines(
            &t,
            now,
            me,
            list.iter().filter(active).filter(|g| !g.your_turn),
        ),
        finished: game_lines(
            &t,
            now,
            me,
            list.iter().filter(|g| g.status != GameStatus::Active),
        ),
        ctx,
    };
    render(&page)
}

/// From which game the "next game" button was pressed.
#[derive(Debug, Deserialize)]
pub(crate) struct NextGameQuery {
    after: Option<String>,
}

/// `GET /next-game`: the game where it is my turn with the least time left (other than
/// the one I come from), else my games.
pub(crate) async fn next_game(
    State(state): State<AppState>,
    ctx: Ctx,
    Query(query): Query<NextGameQuery>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?;
    let list = games::list_for_user(&state, user).await?;
    let next = list
        .iter()
        .filter(|g| g.status == GameStatus::Active && g.your_turn)
        .find(|g| query.after.as_deref() != Some(g.id.as_str()));
    Ok(match next {
        Some(game) => see_other(&format!("/games/{}", game.id)),
        None => see_other("/my-games"),
    })
}

#[derive(Template)]
#[template(path = "player.html")]
struct PlayerPage {
    ctx: Ctx,
    name: String,
    active: Vec<GameLine>,
    finished: Vec<GameLine>,
}

/// `GET /players/{name}`: games in progress and finished, with results.
pub(crate) async fn player(
    State(state): State<AppState>,
    ctx: Ctx,
    Path(name): Path<String>,
) -> Result<Response, AppError> {
    let user = lookups::user_by_name(&state, &name)
        .await?
        .ok_or(AppError::NotFound("player"))?;
    let list = games::list_for_user(&state, &user).await?;
    let (t, now) = (ctx.t, state.now());
    let me = user.username.as_str();
    let page = PlayerPage {
        active: game_lines(
            &t,
            now,
            me,
            list.iter().filter(|g| g.status == GameStatus::Active),
        ),
        finished: game_lines(
            &t,
            now,
            me,
            list.iter().filter(|g| g.status != GameStatus::Active),
        ),
        name: user.username.clone(),
        ctx,
    };
    render(&page)
}

// ---------------------------------------------------------------- rules

#[derive(Template)]
#[template(path = "rules.html")]
struct RulesPage {
    ctx: Ctx,
    variant_id: &'static str,
    name: String,
    statistics: String,
    paragraphs: Vec<String>,
    variants: Vec<VariantLink>,
}

/// `x.xx` per cent of `part` in `whole` (0.00 when there are no games).
#[must_use]
pub fn percent(part: i64, whole: i64) -> String {
    if whole == 0 {
        return "0.00".to_owned();
    }
    #[allow(clippy::cast_precision_loss)]
    let value = part as f64 * 100.0 / whole as f64;
    format!("{value:.2}")
}

/// The statistics line of a rules page.
#[must_use]
pub fn statistics_text(t: &Tr, stats: &games::VariantStats) -> String {
    let games = stats.games();
    t.fmt(
        "rules.statistics",
        &[
            ("white", &stats.white_wins.to_string()),
            ("white_pct", &percent(stats.white_wins, games)),
            ("black", &stats.black_wins.to_string()),
            ("black_pct", &percent(stats.black_wins, games)),
            ("draws", &stats.draws.to_string()),
            ("draws_pct", &percent(stats.draws, games)),
        ],
    )
}

/// `GET /rules/{variant}`.
pub(crate) async fn rules(
    State(state): State<AppState>,
    ctx: Ctx,
    Path(variant): Path<String>,
) -> Result<Response, AppError> {
    let variant: Variant = variant.parse().map_err(|_| AppError::NotFound("variant"))?;
    let stats = games::variant_stats(&state)
        .await?
        .into_iter()
        .find(|stats| stats.variant == variant)
        .ok_or(AppError::NotFound("variant"))?;
    let t = ctx.t;
    let body_key = match variant {
        Variant::Chess => "rules.chess",
        Variant::Reversi6x6 | Variant::Reversi8x8 | Variant::Reversi10x10 => "rules.reversi",
        Variant::ChessReversi => "rules.chess-reversi",
        Variant::KnightFight => "rules.knight-fight",
    };
    let size = variant.board_size().to_string();
    let mut paragraphs: Vec<String> = vec![t.get("rules.common").to_owned()];
    paragraphs.extend(
        t.fmt(body_key, &[("size", &size)])
            .split("\n\n")
            .map(|p| p.trim().to_owned())
            .filter(|p| !p.is_empty()),
    );
    let page = RulesPage {
        variant_id: variant.as_str(),
        name: t.get(variant_key(variant)).to_owned(),
        statistics: statistics_text(&t, &stats),
        paragraphs,
        variants: variant_links(&t, variant.as_str()),
        ctx,
    };
    render(&page)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::i18n::Lang;

    #[test]
    fn statistics_line_with_two_decimals() {
        let stats = games::VariantStats {
            variant: Variant::Chess,
            white_wins: 1,
            black_wins: 2,
            draws: 0,
        };
        assert_eq!(
            statistics_text(&Tr::new(Lang::En), &stats),
            "Statistics of won games: white 1 (33.33 %), black 2 (66.67 %), draws 0 (0.00 %)"
        );
        assert_eq!(percent(0, 0), "0.00");
    }

    #[test]
    fn time_left_in_days_or_hours() {
        let t = Tr::new(Lang::En);
        assert_eq!(time_left(&t, 0, 2 * 86_400 + 3 * 3600 + 59), "2 d 3 h");
        assert_eq!(time_left(&t, 0, 5 * 3600 + 20 * 60), "5 h 20 min");
        assert_eq!(time_left(&t, 100, 50), "0 h 0 min");
    }
}
