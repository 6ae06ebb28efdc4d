//! Pages at memory speed: a page view that finds what it shows kept warm runs no SQL
//! statement at all, and what is kept warm (games, sessions, API tokens' owners,
//! viewers' game pages) goes in every instance when it changes.
//!
//! Statements are counted by a tracing layer of this suite's own: sqlx reports each
//! statement as an event (target `sqlx::query`) inside the span of the request that ran
//! it, the server's `request` span, which carries the request's `x-request-id`. Each
//! request below sends a name of its own, so the counts of the tests running beside it
//! never mix in.

use std::{
    collections::HashMap,
    sync::{Mutex, OnceLock},
    time::Duration,
};

use reqwest::{Method, StatusCode};
use serde_json::json;
use tracing::{
    Level, Subscriber,
    field::{Field, Visit},
    span,
};
use tracing_subscriber::{
    Layer, filter::Targets, layer::Context, prelude::*, registry::LookupSpan,
};
use vocab::ids::new_id;

use crate::{
    helpers::{Backend, Player, TestApp},
    scenarios,
};

scenarios!(
    a_warm_page_runs_no_statement,
    a_session_and_its_game_stay_warm_past_the_snapshots_second,
    what_is_kept_warm_goes_in_every_instance_when_it_changes,
);

scenarios!(with [("VACATION_DAYS_PER_YEAR", "2")];
    an_automatic_vacation_reaches_the_players_other_games_in_every_instance,
);

/// How the names of the requests counted here begin.
const COUNTED: &str = "counted-";

/// Statements run, by request name.
fn counts() -> &'static Mutex<HashMap<String, usize>> {
    static COUNTS: OnceLock<Mutex<HashMap<String, usize>>> = OnceLock::new();
    COUNTS.get_or_init(Mutex::default)
}

/// The name a `request` span carries.
struct RequestName(String);

/// Reads a span's `id` field.
#[derive(Default)]
struct IdField(Option<String>);

impl Visit for IdField {
    fn record_str(&mut self, field: &Field, value: &str) {
        if field.name() == "id" {
            self.0 = Some(value.to_owned());
        }
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        if field.name() == "id" {
            self.0 = Some(format!("{value:?}"));
        }
    }
}

/// Counts `sqlx::query` events by the name of the request span they happen in.
struct StatementCounter;

impl<S: Subscriber + for<'a> LookupSpan<'a>> Layer<S> for StatementCounter {
    fn on_new_span(&self, attrs: &span::Attributes<'_>, id: &span::Id, ctx: Context<'_, S>) {
        let mut name = IdField::default();
        attrs.record(&mut name);
        if let (Some(name), Some(span)) = (name.0, ctx.span(id))
            && span.name() == "request"
        {
            span.extensions_mut().insert(RequestName(name));
        }
    }

    fn on_record(&self, id: &span::Id, values: &span::Record<'_>, ctx: Context<'_, S>) {
        let mut name = IdField::default();
        values.record(&mut name);
        if let (Some(name), Some(span)) = (name.0, ctx.span(id))
            && span.name() == "request"
        {
            span.extensions_mut().replace(RequestName(name));
        }
    }

    fn on_event(&self, event: &tracing::Event<'_>, ctx: Context<'_, S>) {
        if event.metadata().target() != "sqlx::query" {
            return;
        }
        let Some(scope) = ctx.event_scope(event) else {
            return;
        };
        for span in scope {
            if let Some(RequestName(name)) = span.extensions().get::<RequestName>() {
                // Only this file's requests: the others' names would pile up.
                if name.starts_with(COUNTED) {
                    let mut counts = counts().lock().unwrap();
                    *counts.entry(name.clone()).or_default() += 1;
                }
                return;
            }
        }
    }
}

/// Installs the counter as the process's subscriber (once).
fn count_statements() {
    static INSTALLED: OnceLock<()> = OnceLock::new();
    INSTALLED.get_or_init(|| {
        let wanted = Targets::new()
            .with_target("sqlx::query", Level::TRACE)
            .with_target("server", Level::INFO);
        tracing_subscriber::registry()
            .with(StatementCounter.with_filter(wanted))
            .try_init()
            .expect(
                "counting statements needs the process's tracing subscriber: run without TEST_LOG",
            );
    });
}

/// Requests `path` as `cookie`'s session (a guest without one) under a new request
/// name; returns the page and the statements it ran.
async fn counted(app: &TestApp, cookie: Option<&str>, path: &str) -> (String, usize) {
    count_statements();
    let name = format!("{COUNTED}{}", new_id());
    let mut request = app
        .client
        .get(format!("{}{path}", app.address))
        .header("x-request-id", &name);
    if let Some(cookie) = cookie {
        request = request.header(reqwest::header::COOKIE, cookie);
    }
    let response = request.send().await.expect("request");
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    assert_eq!(
        response.headers()["x-request-id"],
        name.as_str(),
        "the response carries the request's name"
    );
    let page = response.text().await.expect("body");
    let statements = counts().lock().unwrap().remove(&name).unwrap_or(0);
    (page, statements)
}

/// Two players, a game between them and White's session cookie.
async fn game_with_session(app: &TestApp, prefix: &str) -> (Player, Player, String, String) {
    let white = app.player(&format!("{prefix}_w")).await;
    let black = app.player(&format!("{prefix}_b")).await;
    let id = app.new_game("chess", &white, &black).await;
    // On Postgres the listener hears of the game's creation a moment later, which drops
    // the players' pages: let it, so the page read next stays.
    let mut creation = app.state.events.subscribe(Some(&id), None);
    let _ = tokio::time::timeout(Duration::from_millis(500), creation.next()).await;
    if app.backend == Backend::Postgres {
        // And of the notices the acceptance sent, which follow it.
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    let cookie = app.session_cookie(&white).await;
    (white, black, id, cookie)
}

/// Runs `attempt` until it returns `None` (it held), three times at most, and panics with
/// the last attempt's complaint: a change that lands between two requests (the new game's
/// notices reach the caches a moment after it starts, later still on a busy machine) may
/// drop what an attempt has just kept.
async fn holds<F, Fut>(attempt: F)
where
    F: Fn() -> Fut,
    Fut: Future<Output = Option<String>>,
{
    let mut complaint = String::new();
    for _ in 0..3 {
        match attempt().await {
            None => return,
            Some(why) => complaint = why,
        }
    }
    panic!("{complaint}");
}

async fn a_warm_page_runs_no_statement(app: TestApp) {
    let (_, _, id, cookie) = game_with_session(&app, "warm").await;
    let game = format!("/games/{id}");
    let (app, cookie, game) = (&app, cookie.as_str(), game.as_str());
    let caches = &app.state.caches;
    holds(|| async move {
        caches.forget_all();
        let (cold, statements) = counted(app, Some(cookie), game).await;
        assert!(cold.contains("warm_w"), "White's page");
        assert!(
            statements > 0,
            "the first view reads the session, the game and the chat: the counter sees them"
        );
        let (warm, statements) = counted(app, Some(cookie), game).await;
        assert!(warm.contains("warm_w") && warm.contains("warm_b"));
        (statements != 0).then(|| format!("a warm game page ran {statements} statements"))
    })
    .await;
    // The game page's read keeps the session for the viewer's other pages: a signed-in
    // rules page then reads only its results, as a guest's does …
    let forget_results = || {
        caches.results.forget_all();
        caches.rules_pages.forget_all();
    };
    holds(|| async move {
        caches.forget_all();
        let _ = counted(app, Some(cookie), game).await;
        forget_results();
        let (_, signed_in) = counted(app, Some(cookie), "/rules/chess").await;
        forget_results();
        let (_, guest) = counted(app, None, "/rules/chess").await;
        assert!(guest > 0, "the results are read");
        (signed_in != guest).then(|| {
            format!("the signed-in rules page ran {signed_in} statements, a guest's {guest}")
        })
    })
    .await;
    // … and, with the results kept too, nothing.
    holds(|| async move {
        let _ = counted(app, Some(cookie), "/rules/chess").await;
        let (rules, statements) = counted(app, Some(cookie), "/rules/chess").await;
        assert!(
            rules.contains("warm_w"),
            "signed in: the header names the player"
        );
        (statements != 0).then(|| format!("a warm rules page ran {statements} statements"))
    })
    .await;
    // A guest's warm game page too.
    holds(|| async move {
        let _ = counted(app, None, game).await;
        let (_, statements) = counted(app, None, game).await;
        (statements != 0).then(|| format!("a guest's warm game page ran {statements} statements"))
    })
    .await;
}

async fn a_session_and_its_game_stay_warm_past_the_snapshots_second(app: TestApp) {
    let (_, _, id, cookie) = game_with_session(&app, "kept").await;
    let game = format!("/games/{id}");
    let (app, cookie, game) = (&app, cookie.as_str(), game.as_str());
    holds(|| async move {
        let _ = counted(app, Some(cookie), "/rules/chess").await;
        let _ = counted(app, Some(cookie), game).await;
        // Past the second that the results' snapshots last …
        tokio::time::sleep(Duration::from_millis(1_200)).await;
        // … a guest reads the results again, …
        let (_, statements) = counted(app, None, "/rules/chess").await;
        assert!(statements > 0, "the results are read again after a second");
        // … while the session is still known: the signed-in page needs nothing more.
        let (page, statements) = counted(app, Some(cookie), "/rules/chess").await;
        assert!(page.contains("kept_w"));
        if statements != 0 {
            return Some(format!(
                "the session was read again: {statements} statements"
            ));
        }
        // The game and White's view of it are warm too: the game page (rendered again,
        // its rendering having lasted a second) needs nothing either.
        let (_, statements) = counted(app, Some(cookie), game).await;
        (statements != 0)
            .then(|| format!("the game page past the second ran {statements} statements"))
    })
    .await;
}

/// Polls `holds` until it is true, for at most five seconds: ample time for an event to
/// reach the other instance, and well within the
/// [`WARM_AGE`](domain::game::snapshots::WARM_AGE) that a kept session, page or token's
/// owner would otherwise be served for. Panics with `what` if it never is.
async fn soon<Fut: Future<Output = bool>>(what: &str, holds: impl Fn() -> Fut) {
    let waited = std::time::Instant::now();
    while !holds().await {
        assert!(
            waited.elapsed() < Duration::from_secs(5),
            "{what} on the other instance"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Polls, as [`soon`], until the page at `path` of instance `app` for `cookie` passes
/// `check`.
async fn shows_soon(app: &TestApp, cookie: &str, path: &str, check: impl Fn(&str) -> bool) {
    let what = format!("{path} still shows what changed");
    let check = &check;
    soon(&what, || async move {
        check(&app.page_html_with_cookie(cookie, path).await)
    })
    .await;
}

async fn what_is_kept_warm_goes_in_every_instance_when_it_changes(app: TestApp) {
    assert!(
        domain::game::snapshots::WARM_AGE >= Duration::from_secs(10),
        "a warm kind lasts long enough for the checks below to mean something"
    );
    // With Postgres, a second instance on the same database; with SQLite (one process)
    // the same one.
    let other = match app.backend {
        Backend::Postgres => Some(TestApp::spawn_on(app.backend, &app.database_url, &[]).await),
        Backend::Sqlite => None,
    };
    let there = other.as_ref().unwrap_or(&app);
    let (white, _, id, cookie) = game_with_session(&app, "twin").await;
    let game = format!("/games/{id}");
    // Warm on the other instance: the session, White's game page and its settings.
    let confirms = |page: &str| page.contains("data-confirm-moves=\"1\"");
    let page = there.page_html_with_cookie(&cookie, &game).await;
    assert!(
        page.contains("twin_w") && confirms(&page),
        "moves are confirmed at first"
    );
    // A setting changed here shows there.
    let (status, body) = app
        .send(
            Method::PATCH,
            "/api/v1/me/settings",
            Some(&white.token),
            Some(json!({"confirm_moves": false})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    shows_soon(there, &cookie, &game, |page| !confirms(page)).await;
    // An API token revoked here is refused there.
    let (status, _) = there.get("/api/v1/me", Some(&white.token)).await;
    assert_eq!(status, StatusCode::OK, "the token's owner is kept there");
    let (status, tokens) = app.get("/api/v1/tokens", Some(&white.token)).await;
    assert_eq!(status, StatusCode::OK, "{tokens}");
    let token_id = tokens[0]["id"].as_str().expect("the token's id").to_owned();
    let (status, _) = app
        .send(
            Method::DELETE,
            &format!("/api/v1/tokens/{token_id}"),
            Some(&white.token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let token = white.token.as_str();
    soon("the revoked token still works", || async move {
        there.get("/api/v1/me", Some(token)).await.0 == StatusCode::UNAUTHORIZED
    })
    .await;
    // Signing out here ends the session there.
    let signed_out = app
        .client
        .post(format!("{}/logout", app.address))
        .header(reqwest::header::COOKIE, &cookie)
        .header("sec-fetch-site", "same-origin")
        .send()
        .await
        .expect("request");
    assert!(signed_out.status().is_redirection() || signed_out.status().is_success());
    let guest = |page: &str| !page.contains("id=\"bell\"");
    shows_soon(there, &cookie, "/rules/chess", guest).await;
    shows_soon(there, &cookie, &game, guest).await;
}

/// Waits until instance `app` keeps game `id` and the events of its start have all
/// arrived (on Postgres they come a moment after the answer, and drop what was kept).
async fn kept_game(app: &TestApp, id: &str) -> serde_json::Value {
    soon("the game is kept", || async move {
        let _ = app.game(id).await;
        tokio::time::sleep(Duration::from_millis(200)).await;
        app.state.caches.games.get(id).is_ok()
    })
    .await;
    app.game(id).await
}

async fn an_automatic_vacation_reaches_the_players_other_games_in_every_instance(app: TestApp) {
    const DAY: i64 = 86_400;
    let other = match app.backend {
        Backend::Postgres => Some(
            TestApp::spawn_on(
                app.backend,
                &app.database_url,
                &[("VACATION_DAYS_PER_YEAR", "2")],
            )
            .await,
        ),
        Backend::Sqlite => None,
    };
    let there = other.as_ref().unwrap_or(&app);
    let white = app.player("away_w").await;
    let black = app.player("away_b").await;
    let days = |days: i64| json!({"time_control": {"kind": "per_move", "days": days, "hours": 0}});
    let short = app.new_game_with(&white, &black, days(1)).await;
    let long = app.new_game_with(&white, &black, days(3)).await;
    let before = kept_game(there, &long).await;
    // White lets the short game's day pass: the sweeper here saves it with a day of
    // automatic vacation, which stops White's clock in the long game too.
    app.clock.advance(DAY + 60);
    assert_eq!(
        domain::game::sweep_overdue(&app.state).await.unwrap(),
        0,
        "the vacation saves the short game"
    );
    assert_eq!(app.game(&short).await["status"], "active");
    let stored: i64 = sqlx::query_scalar("select deadline from games where id = $1")
        .bind(&long)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    let moved = json!(vocab::clock::rfc3339(stored));
    assert_ne!(
        moved, before["deadline"],
        "the vacation moved the long game's deadline"
    );
    // The long game's page, kept warm there, shows it at once: the vacation staged a
    // flush, the long game having no event of its own.
    let (long, moved) = (long.as_str(), &moved);
    soon("the long game's old deadline", || async move {
        there.game(long).await["deadline"] == *moved
    })
    .await;
}
