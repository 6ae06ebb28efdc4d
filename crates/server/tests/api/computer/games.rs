//! Games against the computer: its accounts (reserved names, no sign-in, no challenges),
//! bad requests refused, whole games through the API, the computer moving first, and a
//! reply seen on the open game bringing no notice.

use reqwest::{StatusCode, header};
use serde_json::json;

use super::{play_to_the_end, queued, start, wait_for_turn};
use crate::{
    helpers::{self, TestApp},
    scenarios,
};

scenarios!(with [("ENGINE_WORKERS", "1"), ("ENGINE_NODES", "1000")];
    a_person_plays_whole_games_against_the_computer,
    the_computer_moves_first_when_it_has_white,
    the_computer_accounts_are_not_for_people,
    bad_requests_for_a_computer_game_are_refused_clearly,
    a_reply_seen_on_the_open_game_brings_no_notice,
);

async fn a_person_plays_whole_games_against_the_computer(app: TestApp) {
    let engine = server::spawn_engine(&app.state).expect("ENGINE_WORKERS=1 starts the job");
    let human = app.player("human").await;

    // Reversi 6x6 to its end, against level 2.
    let game = start(&app, &human, "reversi-6x6", 2, "white").await;
    let id = game["id"].as_str().unwrap().to_owned();
    assert_eq!(game["white"], "human");
    assert_eq!(game["black"], "Computer-2");
    assert_eq!(
        (&game["white_kind"], &game["black_kind"]),
        (&json!("human"), &json!("computer"))
    );
    assert_eq!(game["computer_level"], 2);
    assert_eq!(
        game["rated"], false,
        "games against the computer are never rated"
    );
    let (finished, moves) = play_to_the_end(&[&app], &human, &id, "white").await;
    assert_eq!(finished["status"], "finished", "{finished}");
    assert!(moves >= 4, "{moves} moves");
    let plies = finished["moves"].as_array().unwrap().len();
    assert_eq!(finished["ply"], plies);
    assert!(finished["rating_change"].is_null());
    assert_eq!(queued(&app, Some(&id)).await, 0, "nothing left queued");
    // Counted in the variant's statistics, and on both players' records; rated nowhere.
    let stats = app.stats().await;
    let row = stats.iter().find(|row| row.0 == "reversi-6x6").unwrap();
    assert_eq!(row.4, 1);
    let (status, profile) = app.get("/api/v1/players/Computer-2", None).await;
    assert_eq!(status, StatusCode::OK, "{profile}");
    assert_eq!(profile["kind"], "computer");
    assert_eq!(profile["computer_level"], 2);
    assert_eq!(profile["stats"][0]["games"], 1, "{profile}");
    assert!(profile["ratings"].as_array().unwrap().is_empty());
    let (_, me) = app.get("/api/v1/players/human", None).await;
    assert_eq!(me["kind"], "human");
    assert!(me["computer_level"].is_null());
    assert!(me["ratings"].as_array().unwrap().is_empty(), "{me}");
    // The computer is never notified of anything; the person is.
    let (notices,): (i64,) =
        sqlx::query_as("select count(*) from notifications where user_id = 'computer-2'")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!(notices, 0);

    // A few chess moves against level 8 (its small budget here), then a resignation.
    let game = start(&app, &human, "chess", 8, "white").await;
    let id = game["id"].as_str().unwrap().to_owned();
    for (n, mv) in ["e2e4", "g1f3", "f1c4"].into_iter().enumerate() {
        let game = wait_for_turn(&app, &id, "white").await;
        assert_eq!(game["ply"], 2 * n, "{game}");
        if game["legal_moves"].as_array().unwrap().contains(&json!(mv)) {
            let (status, body) = app.play(&human, &id, mv, 2 * n as u64).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        } else {
            let first = game["legal_moves"][0].as_str().unwrap().to_owned();
            let (status, body) = app.play(&human, &id, &first, 2 * n as u64).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
    }
    let game = wait_for_turn(&app, &id, "white").await;
    assert_eq!(game["ply"], 6, "three replies, one each: {game}");
    // The lists and pages show the computer as the computer, in English and Estonian.
    let (_, list) = app.get("/api/v1/games", Some(&human.token)).await;
    let line = list
        .as_array()
        .unwrap()
        .iter()
        .find(|line| line["id"] == id.as_str())
        .unwrap();
    assert_eq!(
        (&line["black_kind"], &line["computer_level"]),
        (&json!("computer"), &json!(8))
    );
    let page = app.page_html(&format!("/games/{id}")).await;
    assert!(
        page.contains("computer, level 8"),
        "the game page names the computer"
    );
    let estonian = app
        .client
        .get(format!("{}/games/{id}", app.address))
        .header(header::ACCEPT_LANGUAGE, "et")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(estonian.contains("arvuti, tase 8"));
    let list_page = app.page_html_as(&human, "/my-games").await;
    assert!(list_page.contains("computer, level 8"));
    let player_page = app.page_html_as(&human, "/players/Computer-8").await;
    assert!(player_page.contains("id=\"computer-badge\""));
    assert!(
        player_page.contains("/lobby?level=8#computer"),
        "a link to play it"
    );
    assert!(
        !player_page.contains("/lobby?opponent="),
        "no challenge link"
    );
    // The computer takes no draw offer or pause: refused, and not offered on the page.
    for action in ["draw/offer", "pause/offer", "give-time"] {
        let (status, body) = app.act(&human, &id, action).await;
        assert_eq!(status, StatusCode::CONFLICT, "{action}: {body}");
        assert_eq!(body["error"], "computer_game", "{action}");
    }
    let own_page = app.page_html_as(&human, &format!("/games/{id}")).await;
    assert!(own_page.contains("/action/resign") || own_page.contains("confirm=resign"));
    assert!(!own_page.contains("/action/draw-offer"));
    assert!(!own_page.contains("/action/pause-offer"));
    let (status, _) = app.act(&human, &id, "resign").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(app.game(&id).await["result"], "0-1");
    assert_eq!(queued(&app, None).await, 0);
    engine.stop().await;
    helpers::assert_caches_match_replays(&app).await;
}

async fn the_computer_moves_first_when_it_has_white(app: TestApp) {
    let human = app.player("second").await;
    // The job is not running yet: the reply waits in the queue, at ply 0.
    let game = start(&app, &human, "chess", 1, "black").await;
    let id = game["id"].as_str().unwrap().to_owned();
    assert_eq!(
        (&game["white"], &game["to_move"]),
        (&json!("Computer-1"), &json!("white"))
    );
    assert_eq!(game["white_kind"], "computer");
    let (ply, level): (i64, i64) =
        sqlx::query_as("select ply, level from engine_queue where game_id = $1")
            .bind(&id)
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!((ply, level), (0, 1));
    let engine = server::spawn_engine(&app.state).unwrap();
    let game = wait_for_turn(&app, &id, "black").await;
    assert_eq!(game["ply"], 1);
    assert_eq!(queued(&app, None).await, 0);
    // The person hears it is their turn.
    let (_, unread) = app
        .get("/api/v1/notifications/unread-count", Some(&human.token))
        .await;
    assert_eq!(unread["unread"], 1, "{unread}");
    // Random colours give both sides over a few games (each game has its own draw).
    let mut whites = 0;
    for _ in 0..16 {
        let game = start(&app, &human, "knight-fight", 1, "random").await;
        if game["white"] == "second" {
            whites += 1;
        }
        let id = game["id"].as_str().unwrap();
        wait_for_turn(
            &app,
            id,
            if game["white"] == "second" {
                "white"
            } else {
                "black"
            },
        )
        .await;
        assert_eq!(app.act(&human, id, "resign").await.0, StatusCode::OK);
    }
    assert!((1..16).contains(&whites), "{whites} of 16 as White");
    engine.stop().await;
}

async fn the_computer_accounts_are_not_for_people(app: TestApp) {
    // Reserved names, in any case and spelling.
    for name in [
        "Computer-1",
        "computer-9",
        "COMPUTER_3",
        "computer",
        "Computer42",
    ] {
        let (status, body) = app
            .post(
                "/api/v1/accounts",
                None,
                json!({"username": name, "password": "a long password"}),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{name}: {body}");
        assert_eq!(body["error"], "reserved_username", "{name}");
    }
    app.player("computerfan").await;
    // Nobody signs in as the computer, whatever the password (and no 500 for its
    // hash that is none).
    for password in ["", "a long password", "!computer account: no password"] {
        for path in ["/api/v1/tokens", "/api/v1/session"] {
            let (status, body) = app
                .post(
                    path,
                    None,
                    json!({"username": "Computer-1", "password": password}),
                )
                .await;
            assert!(
                matches!(
                    status,
                    StatusCode::UNAUTHORIZED | StatusCode::UNPROCESSABLE_ENTITY
                ),
                "{path} {password:?}: {status} {body}"
            );
        }
    }
    let (status, body) = app
        .post(
            "/api/v1/tokens",
            None,
            json!({"username": "computer-3", "password": "a long password"}),
        )
        .await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::UNAUTHORIZED, &json!("invalid_credentials"))
    );
    // A challenge to the computer is refused, pointing to "Play the computer".
    let human = app.player("challenger").await;
    let (status, body) = app
        .post(
            "/api/v1/challenges",
            Some(&human.token),
            json!({"variant": "chess", "color": "white", "opponent": "computer-4"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["error"], "computer_opponent");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("/api/v1/computer-games")
    );
    let response = app
        .client
        .post(format!("{}/challenges", app.address))
        .bearer_auth(&human.token)
        .header("sec-fetch-site", "same-origin")
        .header(header::ACCEPT_LANGUAGE, "et")
        .form(&[
            ("variant", "chess"),
            ("color", "white"),
            ("opponent", "Computer-4"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        response
            .text()
            .await
            .unwrap()
            .contains("See mängija on arvuti")
    );
    let (_, challenges) = app.get("/api/v1/challenges", Some(&human.token)).await;
    assert_eq!(challenges, json!([]));
    // The eight accounts exist once, whatever the restarts.
    let again = TestApp::spawn_on(app.backend, &app.database_url, &[]).await;
    let (count,): (i64,) = sqlx::query_as("select count(*) from users where kind = 'computer'")
        .fetch_one(&again.state.db.pool)
        .await
        .unwrap();
    assert_eq!(count, 8);
}

async fn bad_requests_for_a_computer_game_are_refused_clearly(app: TestApp) {
    let human = app.player("careless").await;
    for (body, code) in [
        (json!({"variant": "chess", "level": 0}), "invalid_level"),
        (json!({"variant": "chess", "level": 9}), "invalid_level"),
        (
            json!({"variant": "chess", "level": 99999999999_i64}),
            "invalid_level",
        ),
        (json!({"variant": "chess", "level": "3"}), "invalid_body"),
        (json!({"variant": "chess"}), "invalid_body"),
        (json!({"variant": "go", "level": 3}), "unknown_variant"),
        (
            json!({"variant": "chess", "level": 3, "color": "green"}),
            "invalid_color",
        ),
        (
            json!({"variant": "chess", "level": 3, "time_control": {"kind": "per_move", "days": 4}}),
            "invalid_days_per_move",
        ),
    ] {
        let (status, answer) = app
            .post("/api/v1/computer-games", Some(&human.token), body.clone())
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {answer}");
        assert_eq!(answer["error"], code, "{body}: {answer}");
    }
    let (status, _) = app
        .post(
            "/api/v1/computer-games",
            None,
            json!({"variant": "chess", "level": 3}),
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // The lobby's form: a level that is none is shown on the form.
    let response = app
        .client
        .post(format!("{}/computer-games", app.address))
        .bearer_auth(&human.token)
        .header("sec-fetch-site", "same-origin")
        .form(&[
            ("variant", "chess"),
            ("level", "eleven"),
            ("color", "white"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(response.text().await.unwrap().contains("level is 1 to 8"));
    // The form works without script: a post, then the game page.
    let response = app
        .client
        .post(format!("{}/computer-games", app.address))
        .bearer_auth(&human.token)
        .header("sec-fetch-site", "same-origin")
        .form(&[
            ("variant", "reversi-10x10"),
            ("level", "5"),
            ("color", "white"),
            ("time_kind", "bank"),
            ("bank_initial_days", "2"),
            ("bank_increment_days", "1"),
            ("bank_cap_days", "5"),
        ])
        .send()
        .await
        .unwrap();
    // reqwest follows the 303 to the game page.
    assert_eq!(response.status(), StatusCode::OK);
    let id = response.url().path().rsplit('/').next().unwrap().to_owned();
    let game = app.game(&id).await;
    assert_eq!(
        (&game["variant"], &game["black"]),
        (&json!("reversi-10x10"), &json!("Computer-5"))
    );
    assert_eq!(game["time_control"]["kind"], "bank", "{game}");
    // The lobby shows the form, in both languages.
    let lobby = app.page_html_as(&human, "/lobby?level=6").await;
    assert!(lobby.contains("id=\"computer-form\""));
    assert!(lobby.contains("<option value=\"6\" selected>"));
    for variant in rules::Variant::ALL {
        assert!(lobby.contains(&format!("<option value=\"{}\"", variant.as_str())));
    }
}

/// The computer answers within seconds: a player who has the game open sees each reply
/// arrive, so the reply brings no "your turn" notice; with the game closed it does.
async fn a_reply_seen_on_the_open_game_brings_no_notice(app: TestApp) {
    let engine = server::spawn_engine(&app.state).unwrap();
    let human = app.player("human").await;
    let game = start(&app, &human, "chess", 1, "white").await;
    let id = game["id"].as_str().unwrap().to_owned();
    let unread_count = || async {
        let (status, body) = app
            .get("/api/v1/notifications/unread-count", Some(&human.token))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body["unread"].as_i64().unwrap()
    };
    // The game closed: the reply is a notice.
    let (status, body) = app.play(&human, &id, "e2e4", 0).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    wait_for_turn(&app, &id, "white").await;
    assert_eq!(unread_count().await, 1);
    let (status, _) = app
        .post(
            "/api/v1/notifications/read-all",
            Some(&human.token),
            json!({}),
        )
        .await;
    assert!(status.is_success());
    // The game open (its live stream on this instance): none.
    let (user_id,): (String,) = sqlx::query_as("select id from users where username = 'human'")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    let watching = app.state.events.subscribe(Some(&id), Some(&user_id));
    let (status, body) = app.play(&human, &id, "d2d4", 2).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    wait_for_turn(&app, &id, "white").await;
    assert_eq!(unread_count().await, 0, "the reply was seen as it came");
    drop(watching);
    engine.stop().await;
}
