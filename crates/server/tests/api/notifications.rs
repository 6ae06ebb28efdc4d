//! The notification centre and its outbox: notices at the right moments (none to the
//! mover), supersession, read and read all, pages by cursor, preferences, pruning, and
//! the outbox's deliveries: exactly once with two instances, again after a lease runs
//! out, backoff and a last attempt.

use std::time::Duration;

use domain::{
    events::{Delivery, Subscription},
    game::sweep_warnings,
    jobs::outbox::{self, BACKOFF_BASE_SECS, LEASE_SECS, MAX_ATTEMPTS},
    notifications,
};
use futures_util::future::join_all;
use reqwest::StatusCode;
use serde_json::{Value, json};
use store::notifications::outbox_of;

use crate::{
    helpers::{Backend, Player, TestApp},
    scenarios,
};

scenarios!(
    notices_come_at_the_right_moments_and_never_to_the_mover,
    your_turn_supersedes_an_unread_one_of_the_same_game,
    pages_by_cursor_read_and_read_all,
    preferences_are_honoured,
    old_notices_are_pruned,
    two_instances_send_each_delivery_once,
    a_claim_whose_lease_ran_out_is_sent_once_by_the_other_instance,
    a_failing_delivery_backs_off_and_fails_after_the_last_attempt,
);

const DAY: i64 = 86_400;

async fn user_id(app: &TestApp, player: &Player) -> String {
    let (status, body) = app.get("/api/v1/me", Some(&player.token)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["id"].as_str().unwrap().to_owned()
}

/// The first page of `player`'s notices.
async fn notices(app: &TestApp, player: &Player) -> Value {
    let (status, body) = app.get("/api/v1/notifications", Some(&player.token)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// The kinds of `player`'s notices, newest first.
async fn kinds(app: &TestApp, player: &Player) -> Vec<String> {
    notices(app, player).await["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item["kind"].as_str().unwrap().to_owned())
        .collect()
}

async fn unread(app: &TestApp, player: &Player) -> i64 {
    let (status, body) = app
        .get("/api/v1/notifications/unread-count", Some(&player.token))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["unread"].as_i64().unwrap()
}

async fn notices_and_rows_of(app: &TestApp, table: &str) -> i64 {
    let (count,): (i64,) = sqlx::query_as(&format!("select count(*) from {table}"))
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    count
}

async fn notices_come_at_the_right_moments_and_never_to_the_mover(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let id = app.new_game("chess", &white, &black).await;
    // The challenge addressed to Black; nothing to White, who made it.
    assert_eq!(kinds(&app, &black).await, ["challenge"]);
    let challenge = &notices(&app, &black).await["items"][0];
    assert_eq!(challenge["payload"]["opponent"], "white_p");
    assert!(challenge["challenge_id"].is_string());
    assert!(
        challenge["read_at"].is_string(),
        "the game began: the challenge's notice is settled"
    );
    assert!(kinds(&app, &white).await.is_empty());
    // White moves: Black's turn; the mover hears nothing. (A second between steps keeps
    // the newest-first order plain.)
    app.clock.advance(1);
    app.play_ok(&white, &black, &id, "e2e4").await;
    assert_eq!(kinds(&app, &black).await, ["your_turn", "challenge"]);
    let turn = &notices(&app, &black).await["items"][0];
    assert_eq!(turn["game_id"], id.as_str());
    assert_eq!(turn["payload"]["opponent"], "white_p");
    assert!(kinds(&app, &white).await.is_empty());
    app.clock.advance(1);
    app.play_ok(&white, &black, &id, "e7e5").await;
    assert_eq!(kinds(&app, &white).await, ["your_turn"]);
    // A draw offer reaches the opponent only.
    app.clock.advance(1);
    let (status, body) = app.act(&white, &id, "draw/offer").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(kinds(&app, &black).await[0], "draw_offer");
    assert_eq!(kinds(&app, &white).await, ["your_turn"]);
    // Time running out, on the injected clock: White (to move) is warned a day before.
    app.clock.advance(2 * DAY);
    assert_eq!(sweep_warnings(&app.state).await.unwrap().len(), 1);
    let warned = &notices(&app, &white).await["items"][0];
    assert_eq!(warned["kind"], "clock_warning");
    assert_eq!(warned["payload"]["warning"], "day_left");
    assert_eq!(warned["game_id"], id.as_str());
    assert_eq!(kinds(&app, &black).await.len(), 3, "Black is not to move");
    // The end: both hear of it, each with their own result.
    app.clock.advance(1);
    let (status, body) = app.act(&black, &id, "resign").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let over = |page: &Value| page["items"][0].clone();
    let white_over = over(&notices(&app, &white).await);
    let black_over = over(&notices(&app, &black).await);
    assert_eq!(white_over["kind"], "game_finished");
    assert_eq!(white_over["payload"]["outcome"], "won");
    assert_eq!(black_over["payload"]["outcome"], "lost");
    assert_eq!(black_over["payload"]["opponent"], "white_p");
    // Black's challenge notice was settled when the challenge was accepted.
    assert_eq!(unread(&app, &white).await, 3);
    assert_eq!(unread(&app, &black).await, 3);
    // Every notice has one live delivery waiting in the outbox.
    assert_eq!(notices_and_rows_of(&app, "outbox").await, 7);
}

async fn your_turn_supersedes_an_unread_one_of_the_same_game(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let id = app.new_game("chess", &white, &black).await;
    let other = app.new_game("chess", &white, &black).await;
    let (status, _) = app
        .post(
            "/api/v1/notifications/read-all",
            Some(&black.token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    for mv in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4"] {
        app.clock.advance(60);
        app.play_ok(&white, &black, &id, mv).await;
    }
    app.clock.advance(60);
    app.play_ok(&white, &black, &other, "d2d4").await;
    // Three moves of White in one game: one unread "your turn" for it, the newest; one
    // for the other game.
    let page = notices(&app, &black).await;
    let unread_turns: Vec<&Value> = page["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|item| item["kind"] == "your_turn" && item["read_at"].is_null())
        .collect();
    assert_eq!(unread_turns.len(), 2, "{page}");
    assert_eq!(unread_turns[1]["game_id"], id.as_str());
    assert_eq!(unread_turns[1]["payload"]["ply"], 5);
    assert_eq!(page["unread"], 2);
    // Once read, the next move starts a new unread notice (the read one stays).
    let read = unread_turns[1]["id"].as_str().unwrap().to_owned();
    let (status, body) = app
        .post(
            &format!("/api/v1/notifications/{read}/read"),
            Some(&black.token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["unread"], 1);
    app.clock.advance(60);
    app.play_ok(&white, &black, &id, "g8f6").await;
    app.clock.advance(60);
    app.play_ok(&white, &black, &id, "d2d3").await;
    let page = notices(&app, &black).await;
    let of_game: Vec<&Value> = page["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|item| item["kind"] == "your_turn" && item["game_id"] == id.as_str())
        .collect();
    assert_eq!(of_game.len(), 2, "{page}");
    assert!(of_game[0]["read_at"].is_null());
    assert_eq!(of_game[1]["id"], read.as_str());
    assert!(of_game[1]["read_at"].is_string());
    // White had one notice per Black move, superseded too.
    let white_turns = kinds(&app, &white).await;
    assert_eq!(white_turns, ["your_turn"]);
}

async fn pages_by_cursor_read_and_read_all(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    for _ in 0..31 {
        let (status, body) = app
            .post(
                "/api/v1/challenges",
                Some(&white.token),
                json!({"variant": "chess", "color": "white", "opponent": "black_p"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
    let first = notices(&app, &black).await;
    let items = first["items"].as_array().unwrap();
    assert_eq!(items.len(), 30);
    assert_eq!(first["unread"], 31);
    let next = first["next"].as_str().unwrap();
    let (status, second) = app
        .get(
            &format!("/api/v1/notifications?before={next}"),
            Some(&black.token),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{second}");
    assert_eq!(second["items"].as_array().unwrap().len(), 1);
    assert!(second["next"].is_null());
    let mut all: Vec<String> = items
        .iter()
        .chain(second["items"].as_array().unwrap())
        .map(|item| item["id"].as_str().unwrap().to_owned())
        .collect();
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), 31, "no notice twice, none missed");
    // Bad cursors are refused plainly.
    for bad in ["x", "12", "1.zz"] {
        let (status, body) = app
            .get(
                &format!("/api/v1/notifications?before={bad}"),
                Some(&black.token),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}: {body}");
        assert_eq!(body["error"], "invalid_cursor");
    }
    // One read, then someone else's and no one's are 404.
    let one = items[0]["id"].as_str().unwrap();
    let (status, body) = app
        .post(
            &format!("/api/v1/notifications/{one}/read"),
            Some(&black.token),
            json!({}),
        )
        .await;
    assert_eq!(
        (status, body["unread"].as_i64()),
        (StatusCode::OK, Some(30))
    );
    let (status, _) = app
        .post(
            &format!("/api/v1/notifications/{one}/read"),
            Some(&white.token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app
        .post(
            "/api/v1/notifications/nothing/read",
            Some(&black.token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, body) = app
        .post(
            "/api/v1/notifications/read-all",
            Some(&black.token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["marked"], 30);
    assert_eq!(unread(&app, &black).await, 0);
    let (status, _) = app.get("/api/v1/notifications", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

async fn preferences_are_honoured(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let (status, body) = app
        .get("/api/v1/me/notifications", Some(&black.token))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["your_turn"]["in_site"], true);
    let (status, body) = app
        .send(
            reqwest::Method::PATCH,
            "/api/v1/me/notifications",
            Some(&black.token),
            Some(json!({"your_turn": {"in_site": false}, "challenge": {"in_site": false}})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["your_turn"]["in_site"], false);
    assert_eq!(body["draw_offer"]["in_site"], true);
    let (status, body) = app
        .send(
            reqwest::Method::PATCH,
            "/api/v1/me/notifications",
            Some(&black.token),
            Some(json!({"your_turn": {"in_site": "no"}})),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let id = app.new_game("chess", &white, &black).await;
    app.play_ok(&white, &black, &id, "e2e4").await;
    assert!(kinds(&app, &black).await.is_empty(), "turned off");
    let (status, _) = app.act(&white, &id, "draw/offer").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(kinds(&app, &black).await, ["draw_offer"]);
    // White's preferences are their own.
    app.play_ok(&white, &black, &id, "e7e5").await;
    assert_eq!(kinds(&app, &white).await, ["your_turn"]);
}

async fn old_notices_are_pruned(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let id = app.new_game("chess", &white, &black).await;
    app.clock.advance(DAY);
    app.play_ok(&white, &black, &id, "e2e4").await;
    outbox::run_once(&app.state).await.unwrap();
    // The challenge notice is 90 days old a day before the move's.
    app.clock.advance(89 * DAY + 1);
    notifications::prune(&app.state).await.unwrap();
    assert_eq!(kinds(&app, &black).await, ["your_turn"]);
    assert_eq!(
        notices_and_rows_of(&app, "outbox").await,
        0,
        "sent rows go after a day"
    );
    app.clock.advance(DAY);
    assert_eq!(notifications::prune(&app.state).await.unwrap(), (1, 0));
    assert!(kinds(&app, &black).await.is_empty());
    assert_eq!(notices_and_rows_of(&app, "notifications").await, 0);
}

/// Notices a subscription receives within a short wait, by notification id.
async fn received(subscription: &mut Subscription) -> Vec<String> {
    let mut ids = Vec::new();
    while let Ok(Some(delivery)) =
        tokio::time::timeout(Duration::from_millis(700), subscription.next()).await
    {
        if let Delivery::Notice(notice) = delivery {
            ids.push(notice.notification_id);
        }
    }
    ids
}

/// What each send reached: on Postgres every instance hears every send, so each stream
/// has each notice once; on SQLite an instance hears its own sends only, so the two
/// streams together have each notice once.
async fn sends_heard(
    app: &TestApp,
    mut here: Subscription,
    mut there: Subscription,
) -> Vec<String> {
    let (mut here, there) = (received(&mut here).await, received(&mut there).await);
    match app.backend {
        Backend::Postgres => {
            let (mut a, mut b) = (here.clone(), there);
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b, "both instances hear every send");
            here
        }
        Backend::Sqlite => {
            here.extend(there);
            here
        }
    }
}

async fn two_instances_send_each_delivery_once(app: TestApp) {
    let other = TestApp::spawn_on(app.backend, &app.database_url, &[]).await;
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let black_id = user_id(&app, &black).await;
    for _ in 0..12 {
        let (status, _) = app
            .post(
                "/api/v1/challenges",
                Some(&white.token),
                json!({"variant": "chess", "color": "white", "opponent": "black_p"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED);
    }
    // Subscribed after the challenges were made: each one's live challenge signal (for
    // the bot API's event stream) would otherwise fill the subscriptions' buffers before
    // the notices this test counts.
    let here = app.state.events.subscribe(None, Some(&black_id));
    let there = other.state.events.subscribe(None, Some(&black_id));
    let rounds =
        join_all([&app.state, &other.state, &app.state, &other.state].map(outbox::run_once)).await;
    let sent: usize = rounds.into_iter().map(|round| round.unwrap().sent).sum();
    assert_eq!(sent, 12);
    let mut heard = sends_heard(&app, here, there).await;
    assert_eq!(heard.len(), 12, "{heard:?}");
    heard.sort_unstable();
    heard.dedup();
    assert_eq!(heard.len(), 12, "each notice delivered once");
    let mut conn = app.state.db.pool.acquire().await.unwrap();
    let rows = outbox_of(&mut conn, &black_id).await.unwrap();
    assert_eq!(rows.len(), 12);
    for row in &rows {
        assert_eq!(row.attempts, 1, "{row:?}");
        assert!(row.sent_at.is_some() && row.claimed_by.is_none());
        let by = row.sent_by.as_deref().unwrap();
        assert!(by == app.state.instance_id.as_str() || by == other.state.instance_id.as_str());
    }
    // Nothing is due any more.
    assert_eq!(outbox::run_once(&other.state).await.unwrap().sent, 0);
}

async fn a_claim_whose_lease_ran_out_is_sent_once_by_the_other_instance(app: TestApp) {
    let other = TestApp::spawn_on(app.backend, &app.database_url, &[]).await;
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let black_id = user_id(&app, &black).await;
    app.new_game("chess", &white, &black).await;
    // An instance claimed the row and died mid-send.
    let now = app.state.now();
    sqlx::query("update outbox set claimed_by = 'crashed', claimed_until = $1, attempts = 1")
        .bind(now + LEASE_SECS)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let here = app.state.events.subscribe(None, Some(&black_id));
    let there = other.state.events.subscribe(None, Some(&black_id));
    let rounds = join_all([&app.state, &other.state].map(outbox::run_once)).await;
    assert!(
        rounds.into_iter().all(|round| round.unwrap().sent == 0),
        "the lease runs"
    );
    app.clock.advance(LEASE_SECS);
    other.clock.advance(LEASE_SECS);
    let rounds = join_all([&app.state, &other.state, &other.state].map(outbox::run_once)).await;
    let sent: usize = rounds.into_iter().map(|round| round.unwrap().sent).sum();
    assert_eq!(sent, 1);
    assert_eq!(sends_heard(&app, here, there).await.len(), 1);
    let mut conn = app.state.db.pool.acquire().await.unwrap();
    let rows = outbox_of(&mut conn, &black_id).await.unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].attempts, 2);
    assert!(rows[0].sent_at.is_some());
    assert_ne!(rows[0].sent_by.as_deref(), Some("crashed"));
}

async fn a_failing_delivery_backs_off_and_fails_after_the_last_attempt(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let black_id = user_id(&app, &black).await;
    app.new_game("chess", &white, &black).await;
    // An e-mail row on a server that sends no mail: every send fails.
    sqlx::query("update outbox set channel = 'email'")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let mut wait = BACKOFF_BASE_SECS;
    for attempt in 1..=MAX_ATTEMPTS {
        let round = outbox::run_once(&app.state).await.unwrap();
        let mut conn = app.state.db.pool.acquire().await.unwrap();
        let row = outbox_of(&mut conn, &black_id).await.unwrap().remove(0);
        assert_eq!(row.attempts, attempt);
        assert!(row.claimed_by.is_none());
        if attempt < MAX_ATTEMPTS {
            assert_eq!(round.retried, 1);
            assert_eq!(row.next_attempt_at, app.state.now() + wait);
            // Not due before its time.
            app.clock.advance(wait - 1);
            assert_eq!(
                outbox::run_once(&app.state).await.unwrap(),
                Default::default()
            );
            app.clock.advance(1);
            wait = outbox::backoff(attempt + 1);
        } else {
            assert_eq!(round.failed, 1);
            assert!(row.failed_at.is_some());
        }
    }
    app.clock.advance(30 * DAY);
    assert_eq!(
        outbox::run_once(&app.state).await.unwrap(),
        Default::default()
    );
}
