//! Mail about games: the day and hour warnings, the daily digest at the local hour, and
//! each sent once (SMTP down then up, two instances).

use domain::{email, game::sweep_warnings, jobs::outbox};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use store::notifications as rows;

use super::{DAY, FROM, HOUR, Sink, verified};
use crate::helpers::{Player, START, TestApp};

mail_scenarios!(
    the_day_and_hour_warnings_are_mailed_once_each,
    the_digest_comes_at_the_local_hour_once_a_day,
    smtp_down_then_up_loses_nothing_and_sends_nothing_twice,
    two_instances_mail_each_warning_once,
);

/// The warning mails received, by subject.
fn subjects(messages: &[Value]) -> Vec<String> {
    messages
        .iter()
        .map(|message| message["subject"].as_str().unwrap().to_owned())
        .collect()
}

async fn the_day_and_hour_warnings_are_mailed_once_each(app: TestApp, sink: Sink) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    verified(&app, &sink, &white, "white@example.org", 0).await;
    let id = app.new_game("chess", &white, &black).await;
    // Three days per move: nothing before a day is left.
    app.clock.advance(2 * DAY - 1);
    assert!(sweep_warnings(&app.state).await.unwrap().is_empty());
    outbox::run_once(&app.state).await.unwrap();
    sink.wait_for(1).await;
    app.clock.advance(1);
    assert_eq!(sweep_warnings(&app.state).await.unwrap().len(), 1);
    outbox::run_once(&app.state).await.unwrap();
    let messages = sink.wait_for(2).await;
    let mail = &messages[1];
    assert_eq!(
        mail["subject"],
        "Less than 24 hours left: Chess against black_p"
    );
    assert_eq!(mail["rcpt_to"], json!(["white@example.org"]));
    let text = mail["text"].as_str().unwrap();
    assert!(
        text.contains(&format!("{}/games/{id}", app.address)),
        "{text}"
    );
    assert!(
        mail["html"]
            .as_str()
            .unwrap()
            .contains(&format!("href=\"{}/games/{id}\"", app.address))
    );
    // RFC 8058 one-click unsubscribe, and the outbox row as the Message-ID.
    let unsubscribe = mail["list_unsubscribe"].as_str().unwrap();
    assert!(
        unsubscribe.starts_with(&format!("<{}/email/unsubscribe/", app.address)),
        "{unsubscribe}"
    );
    assert_eq!(mail["list_unsubscribe_post"], "List-Unsubscribe=One-Click");
    let email_rows: Vec<_> = {
        let mut conn = app.state.db.pool.acquire().await.unwrap();
        let (white_id,): (String,) =
            sqlx::query_as("select id from users where username = 'white_p'")
                .fetch_one(&mut *conn)
                .await
                .unwrap();
        rows::outbox_of(&mut conn, &white_id)
            .await
            .unwrap()
            .into_iter()
            .filter(|row| row.channel == "email")
            .collect()
    };
    assert_eq!(email_rows.len(), 1);
    assert!(email_rows[0].sent_at.is_some());
    assert_eq!(
        mail["message_id"],
        format!("<{}@example.org>", email_rows[0].id)
    );
    // Nothing twice: more rounds send nothing.
    outbox::run_once(&app.state).await.unwrap();
    sink.wait_for(2).await;
    // Four fifths used (14.4 hours left) is not mailed; an hour left is, once.
    app.clock.advance(DAY - 3 * DAY / 5);
    assert_eq!(sweep_warnings(&app.state).await.unwrap().len(), 1);
    outbox::run_once(&app.state).await.unwrap();
    sink.wait_for(2).await;
    app.clock.advance(3 * DAY / 5 - HOUR);
    assert_eq!(sweep_warnings(&app.state).await.unwrap().len(), 1);
    outbox::run_once(&app.state).await.unwrap();
    outbox::run_once(&app.state).await.unwrap();
    let messages = sink.wait_for(3).await;
    assert_eq!(
        subjects(&messages)[1..],
        [
            "Less than 24 hours left: Chess against black_p",
            "Less than an hour left: Chess against black_p"
        ]
    );
    // The opponent has no address: nothing is mailed to them when their turn runs low.
    app.play_ok(&white, &black, &id, "e2e4").await;
    app.clock.advance(3 * DAY - 30 * 60);
    assert!(!sweep_warnings(&app.state).await.unwrap().is_empty());
    outbox::run_once(&app.state).await.unwrap();
    sink.wait_for(3).await;
    // A warning whose move was made before its mail went is not mailed.
    app.play_ok(&white, &black, &id, "e7e5").await;
    app.clock.advance(2 * DAY);
    assert_eq!(sweep_warnings(&app.state).await.unwrap().len(), 1);
    app.play_ok(&white, &black, &id, "g1f3").await;
    outbox::run_once(&app.state).await.unwrap();
    sink.wait_for(3).await;
}

/// Sets `player`'s time zone.
async fn time_zone(app: &TestApp, player: &Player, zone: &str) {
    let (status, body) = app
        .send(
            Method::PATCH,
            "/api/v1/me/time",
            Some(&player.token),
            Some(json!({"time_zone": zone})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

async fn digest_hour(app: &TestApp, player: &Player, hour: i64) {
    let (status, body) = app
        .send(
            Method::PATCH,
            "/api/v1/me/notifications",
            Some(&player.token),
            Some(json!({"digest": {"hour": hour}})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["digest"], json!({"email": true, "hour": hour}));
}

async fn the_digest_comes_at_the_local_hour_once_a_day(app: TestApp, sink: Sink) {
    let ann = app.player("ann").await;
    let bob = app.player("bob").await;
    let cid = app.player("cid").await;
    let idle = app.player("idle").await;
    // Tallinn is UTC+2 in December: the tests start at 12:00 there.
    time_zone(&app, &ann, "Europe/Tallinn").await;
    digest_hour(&app, &ann, 13).await;
    verified(&app, &sink, &ann, "ann@example.org", 0).await;
    verified(&app, &sink, &idle, "idle@example.org", 1).await;
    // Ann's turn in a five-day game and, made later, a one-day game; Bob's turn in a
    // third; a challenge from Cid to Ann.
    let long = app
        .new_game_with(
            &ann,
            &bob,
            json!({"time_control": {"kind": "per_move", "days": 5, "hours": 0}}),
        )
        .await;
    let short = app
        .new_game_with(
            &ann,
            &cid,
            json!({"time_control": {"kind": "per_move", "days": 1, "hours": 0}}),
        )
        .await;
    let theirs = app.new_game("chess", &ann, &bob).await;
    app.play_ok(&ann, &bob, &theirs, "e2e4").await;
    let (status, body) = app
        .post(
            "/api/v1/challenges",
            Some(&cid.token),
            json!({"variant": "reversi-8x8", "color": "white", "opponent": "ann", "days_per_move": 3}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    // 12:59:59 in Tallinn: not yet.
    app.clock.advance(HOUR - 1);
    assert_eq!(email::queue_digests(&app.state).await.unwrap(), 0);
    app.clock.advance(1);
    assert_eq!(
        email::queue_digests(&app.state).await.unwrap(),
        1,
        "Ann's, not idle's"
    );
    assert_eq!(email::queue_digests(&app.state).await.unwrap(), 0);
    outbox::run_once(&app.state).await.unwrap();
    let messages = sink.wait_for(3).await;
    let digest = &messages[2];
    assert_eq!(digest["rcpt_to"], json!(["ann@example.org"]));
    assert_eq!(
        digest["subject"],
        "Your turn in 2 games, 1 challenges waiting"
    );
    assert_eq!(
        digest["list_unsubscribe_post"],
        "List-Unsubscribe=One-Click"
    );
    let text = digest["text"].as_str().unwrap();
    let at = |needle: &str| {
        text.find(needle)
            .unwrap_or_else(|| panic!("{needle} in {text}"))
    };
    // Least time left first: the one-day game (23 h left) before the five-day one.
    assert!(
        at(&format!("/games/{short}")) < at(&format!("/games/{long}")),
        "{text}"
    );
    assert!(text.contains("Chess against cid: 23 h left"), "{text}");
    assert!(text.contains("Chess against bob: 4 days left"), "{text}");
    assert!(
        !text.contains(&theirs),
        "not a game waiting for the opponent"
    );
    assert!(text.contains("cid challenges you to Reversi 8x8"), "{text}");
    let html = digest["html"].as_str().unwrap();
    assert!(
        html.contains(&format!("href=\"{}/games/{short}\"", app.address)),
        "{html}"
    );
    // Not again that day: later rounds, and a later hour chosen the same day.
    app.clock.advance(30 * 60);
    assert_eq!(email::queue_digests(&app.state).await.unwrap(), 0);
    digest_hour(&app, &ann, 14).await;
    app.clock.advance(30 * 60);
    assert_eq!(email::queue_digests(&app.state).await.unwrap(), 0);
    outbox::run_once(&app.state).await.unwrap();
    sink.wait_for(3).await;
    // The next day at 14:00 in Tallinn: the next digest.
    app.clock.advance(DAY - 1);
    assert_eq!(email::queue_digests(&app.state).await.unwrap(), 0);
    app.clock.advance(1);
    assert_eq!(email::queue_digests(&app.state).await.unwrap(), 1);
    outbox::run_once(&app.state).await.unwrap();
    let messages = sink.wait_for(4).await;
    assert_eq!(messages[3]["rcpt_to"], json!(["ann@example.org"]));
    assert_eq!(START + DAY + 2 * HOUR, app.state.now());
}

async fn smtp_down_then_up_loses_nothing_and_sends_nothing_twice(app: TestApp, mut sink: Sink) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    verified(&app, &sink, &white, "white@example.org", 0).await;
    app.new_game("chess", &white, &black).await;
    sink.stop();
    app.clock.advance(2 * DAY);
    assert_eq!(sweep_warnings(&app.state).await.unwrap().len(), 1);
    let round = outbox::run_once(&app.state).await.unwrap();
    assert_eq!(round.retried, 1, "{round:?}");
    // Still down at the retry: tried again later.
    app.clock.advance(outbox::backoff(1));
    let round = outbox::run_once(&app.state).await.unwrap();
    assert_eq!(round.retried, 1, "{round:?}");
    sink.restart();
    // Not due before its backoff.
    let round = outbox::run_once(&app.state).await.unwrap();
    assert_eq!(round.sent + round.retried, 0, "{round:?}");
    app.clock.advance(outbox::backoff(2));
    let round = outbox::run_once(&app.state).await.unwrap();
    assert_eq!(round.sent, 1, "{round:?}");
    let messages = sink.wait_for(2).await;
    assert_eq!(
        messages[1]["subject"],
        "Less than 24 hours left: Chess against black_p"
    );
    app.clock.advance(DAY);
    outbox::run_once(&app.state).await.unwrap();
    sink.wait_for(2).await;
}

async fn two_instances_mail_each_warning_once(app: TestApp, sink: Sink) {
    let smtp = sink.url();
    let other = TestApp::spawn_on(
        app.backend,
        &app.database_url,
        &[("SMTP_URL", smtp.as_str()), ("MAIL_FROM", FROM)],
    )
    .await;
    let mut players = Vec::new();
    for index in 0..4 {
        let player = app.player(&format!("player{index}")).await;
        verified(
            &app,
            &sink,
            &player,
            &format!("p{index}@example.org"),
            index,
        )
        .await;
        players.push(player);
    }
    let opponent = app.player("opponent").await;
    for player in &players {
        app.new_game("chess", player, &opponent).await;
        app.new_game("chess", player, &opponent).await;
    }
    app.clock.advance(2 * DAY);
    other.clock.advance(2 * DAY);
    let (here, there) = tokio::join!(sweep_warnings(&app.state), sweep_warnings(&other.state));
    assert_eq!(here.unwrap().len() + there.unwrap().len(), 8);
    for _ in 0..3 {
        let (here, there) =
            tokio::join!(outbox::run_once(&app.state), outbox::run_once(&other.state));
        here.unwrap();
        there.unwrap();
    }
    let messages = sink.wait_for(4 + 8).await;
    let mut ids: Vec<&str> = messages[4..]
        .iter()
        .map(|message| message["message_id"].as_str().unwrap())
        .collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 8, "each warning mailed once");
    for index in 0..4 {
        let to = json!([format!("p{index}@example.org")]);
        assert_eq!(
            messages[4..].iter().filter(|m| m["rcpt_to"] == to).count(),
            2
        );
    }
}
