//! Account care: the password change, the data download, and the deletion of an account
//! that keeps its games under an anonymous name.

use reqwest::{Method, StatusCode, header};
use serde_json::{Value, json};

use super::{count, login, me_by_cookie, say, texts};
use crate::{
    helpers::{TestApp, get_page, post_form},
    scenarios,
};

scenarios!(
    a_password_change_signs_out_the_other_sessions,
    the_data_download_holds_every_game_and_its_record,
    a_deleted_account_keeps_its_games_under_an_anonymous_name,
);

/// `method path` with the session cookie and a JSON body: (status, body).
async fn with_cookie(
    app: &TestApp,
    method: Method,
    path: &str,
    cookie: &str,
    body: Value,
) -> (StatusCode, Value) {
    let response = app
        .client
        .request(method, format!("{}{path}", app.address))
        .header(header::COOKIE, format!("bg_session={cookie}"))
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn a_password_change_signs_out_the_other_sessions(app: TestApp) {
    let bob = app.player("bob").await;
    let (_, here, _) = login(&app, "bob", "password-bob").await;
    let (_, elsewhere, _) = login(&app, "bob", "password-bob").await;
    let (here, elsewhere) = (here.unwrap(), elsewhere.unwrap());
    let change =
        |current: &str, new: &str| json!({"current_password": current, "new_password": new});
    let (status, body) = with_cookie(
        &app,
        Method::POST,
        "/api/v1/me/password",
        &here,
        change("not-my-password", "a fresh secret 42"),
    )
    .await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::FORBIDDEN, &json!("wrong_password"))
    );
    let (status, body) = with_cookie(
        &app,
        Method::POST,
        "/api/v1/me/password",
        &here,
        change("password-bob", "password"),
    )
    .await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::UNPROCESSABLE_ENTITY, &json!("common_password"))
    );
    let (status, body) = with_cookie(
        &app,
        Method::POST,
        "/api/v1/me/password",
        &here,
        json!({"current_password": 1}),
    )
    .await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::UNPROCESSABLE_ENTITY, &json!("invalid_body"))
    );
    // Nothing changed so far.
    assert_eq!(me_by_cookie(&app, &elsewhere).await, StatusCode::OK);
    let (status, _, _) = login(&app, "bob", "password-bob").await;
    assert_eq!(status, StatusCode::OK);

    let (status, _) = with_cookie(
        &app,
        Method::POST,
        "/api/v1/me/password",
        &here,
        change("password-bob", "a fresh secret 42"),
    )
    .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert_eq!(
        me_by_cookie(&app, &here).await,
        StatusCode::OK,
        "this session stays"
    );
    assert_eq!(
        me_by_cookie(&app, &elsewhere).await,
        StatusCode::UNAUTHORIZED
    );
    let (status, _) = app.get("/api/v1/me", Some(&bob.token)).await;
    assert_eq!(status, StatusCode::OK, "API tokens stay");
    let (status, _, _) = login(&app, "bob", "password-bob").await;
    assert_eq!(
        status,
        StatusCode::UNAUTHORIZED,
        "the old password no longer works"
    );
    let (status, _, _) = login(&app, "bob", "a fresh secret 42").await;
    assert_eq!(status, StatusCode::OK);

    // The settings form: the error in its section, then success.
    let (status, _, html) = post_form(
        &app,
        &bob,
        "/settings/password",
        &[
            ("current_password", "wrong one"),
            ("new_password", "another secret 43"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(
        texts(&html, "#password-error"),
        ["That is not your current password."]
    );
    let (status, location, _) = post_form(
        &app,
        &bob,
        "/settings/password",
        &[
            ("current_password", "a fresh secret 42"),
            ("new_password", "another secret 43"),
        ],
    )
    .await;
    assert_eq!(
        (status, location.as_str()),
        (StatusCode::SEE_OTHER, "/settings?saved=password#password")
    );
    assert_eq!(
        me_by_cookie(&app, &here).await,
        StatusCode::UNAUTHORIZED,
        "signed in by token: every session ends"
    );
    let (status, _, _) = login(&app, "bob", "another secret 43").await;
    assert_eq!(status, StatusCode::OK);
}

async fn the_data_download_holds_every_game_and_its_record(app: TestApp) {
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let over = app.new_game("chess", &bob, &carol).await;
    app.play_ok(&bob, &carol, &over, "e2e4").await;
    let (status, _) = say(&app, &bob, &over, "have fun \"really\"").await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, _) = say(&app, &carol, &over, "thanks").await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, _) = app
        .send(
            Method::PUT,
            &format!("/api/v1/games/{over}/note"),
            Some(&bob.token),
            Some(json!({"text": "watch the e-file"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = app.act(&carol, &over, "resign").await;
    assert_eq!(status, StatusCode::OK);
    let going = app.new_game("chess", &carol, &bob).await;

    let response = app
        .client
        .get(format!("{}/api/v1/me/export", app.address))
        .bearer_auth(&bob.token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let disposition = response.headers()[header::CONTENT_DISPOSITION]
        .to_str()
        .unwrap()
        .to_owned();
    assert_eq!(disposition, "attachment; filename=\"boardgames-bob.json\"");
    let data: Value = response.json().await.unwrap();
    assert_eq!(data["profile"]["username"], "bob");
    assert_eq!(data["settings"]["after_move"], "stay");
    let games = data["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    let ids: Vec<&str> = games
        .iter()
        .map(|game| game["id"].as_str().unwrap())
        .collect();
    assert!(
        ids.contains(&over.as_str()) && ids.contains(&going.as_str()),
        "{ids:?}"
    );
    let finished = games.iter().find(|game| game["id"] == json!(over)).unwrap();
    assert_eq!(finished["result"], "1-0");
    assert_eq!(finished["white"], "bob");
    assert_eq!(finished["moves"], json!(["e2e4"]));
    // The record is exactly what the record download gives bob.
    for game in games {
        let id = game["id"].as_str().unwrap();
        let record = app
            .client
            .get(format!("{}/games/{id}/record", app.address))
            .bearer_auth(&bob.token)
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert_eq!(game["record"], json!(record), "{id}");
    }
    assert!(
        finished["record"].as_str().unwrap().contains("thanks"),
        "the chat is in the record"
    );
    let lines: Vec<&str> = data["chat_lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| line["text"].as_str().unwrap())
        .collect();
    assert_eq!(lines, ["have fun \"really\""], "only bob's own lines");
    assert_eq!(data["notes"][0]["text"], "watch the e-file");
    assert_eq!(data["notes"][0]["game_id"], json!(over));
    // Carol's download has her games, not bob's notes.
    let (status, carols) = app.get("/api/v1/me/export", Some(&carol.token)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(carols["notes"], json!([]));
    assert_eq!(carols["games"].as_array().unwrap().len(), 2);
    // The settings page's link gives the same download.
    let (status, _, body) = get_page(&app, Some(&bob), "/settings/export").await;
    assert_eq!(status, StatusCode::OK);
    let page_data: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(page_data["games"], data["games"]);
    assert_eq!(
        count(
            &app.page_html_as(&bob, "/settings").await,
            "a#export-link[href='/settings/export']"
        ),
        1
    );
    let (status, _) = app.get("/api/v1/me/export", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

async fn a_deleted_account_keeps_its_games_under_an_anonymous_name(app: TestApp) {
    let _alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let won = app.new_game("chess", &bob, &carol).await;
    app.play_ok(&bob, &carol, &won, "e2e4").await;
    let (status, _) = app.act(&carol, &won, "resign").await;
    assert_eq!(status, StatusCode::OK);
    let going = app.new_game("chess", &carol, &bob).await;
    let (status, challenge) = app
        .post(
            "/api/v1/challenges",
            Some(&bob.token),
            json!({"variant": "chess", "color": "white", "opponent": "alice", "days_per_move": 3}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{challenge}");
    let (status, _) = app
        .send(
            Method::PUT,
            &format!("/api/v1/games/{won}/note"),
            Some(&bob.token),
            Some(json!({"text": "mine"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK);

    // Refused: the wrong password, the wrong name typed, a body of the wrong shape.
    let (status, body) = app
        .post(
            "/api/v1/me/delete",
            Some(&bob.token),
            json!({"password": "nope-nope", "confirm": "bob"}),
        )
        .await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::FORBIDDEN, &json!("wrong_password"))
    );
    let (status, body) = app
        .post(
            "/api/v1/me/delete",
            Some(&bob.token),
            json!({"password": "password-bob", "confirm": "carol"}),
        )
        .await;
    assert_eq!(
        (status, &body["error"]),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            &json!("confirmation_mismatch")
        )
    );
    let (status, body) = app
        .post(
            "/api/v1/me/delete",
            Some(&bob.token),
            json!({"password": "password-bob"}),
        )
        .await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::UNPROCESSABLE_ENTITY, &json!("invalid_body"))
    );
    let (status, _, html) = post_form(
        &app,
        &bob,
        "/settings/delete",
        &[("password", "password-bob"), ("confirm", "")],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(count(&html, "#delete-error"), 1);
    // Nothing was changed by the refusals.
    assert_eq!(app.game(&going).await["status"], "active");
    let (status, me) = app.get("/api/v1/me", Some(&bob.token)).await;
    assert_eq!((status, &me["username"]), (StatusCode::OK, &json!("bob")));

    let (status, body) = app
        .post(
            "/api/v1/me/delete",
            Some(&bob.token),
            json!({"password": "password-bob", "confirm": "BOB"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let anonymous = body["username"].as_str().unwrap().to_owned();
    assert!(anonymous.starts_with("deleted-"), "{anonymous}");

    // Signed out everywhere; cannot sign in by the old name.
    let (status, _) = app.get("/api/v1/me", Some(&bob.token)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _, _) = login(&app, "bob", "password-bob").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _, _) = login(&app, &anonymous, "password-bob").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // The finished game stays, under the new name, and still counts.
    let game = app.game(&won).await;
    assert_eq!(
        (game["white"].as_str(), game["result"].as_str()),
        (Some(anonymous.as_str()), Some("1-0"))
    );
    let html = app.page_html(&format!("/games/{won}")).await;
    assert!(
        html.contains(&anonymous) && !html.contains(">bob<"),
        "the page shows the new name"
    );
    // The game in progress ended as the deleted player's resignation.
    let game = app.game(&going).await;
    assert_eq!(
        (game["status"].as_str(), game["result"].as_str()),
        (Some("finished"), Some("1-0"))
    );
    assert_eq!(game["end_reason"], "resignation");
    let id = challenge["id"].as_str().unwrap();
    let (_, body) = app.get(&format!("/api/v1/challenges/{id}"), None).await;
    assert_eq!(body["status"], "cancelled");
    let (notes,): (i64,) = sqlx::query_as("select count(*) from game_notes")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(notes, 0, "the notes are deleted");
    let (status, _) = app.get(&format!("/api/v1/players/{anonymous}"), None).await;
    assert_eq!(status, StatusCode::OK);

    // The old name is free again; the anonymous shape is not.
    let (status, _) = app
        .post(
            "/api/v1/accounts",
            None,
            json!({"username": "bob", "password": "a new bob's secret"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let (_, games) = app.get("/api/v1/players/bob/games", None).await;
    assert!(
        !games.to_string().contains(&won),
        "the new bob has no old games: {games}"
    );
    for name in ["deleted-abc", "Deleted-1234"] {
        let (status, body) = app
            .post(
                "/api/v1/accounts",
                None,
                json!({"username": name, "password": "some secret 99"}),
            )
            .await;
        assert_eq!(
            (status, &body["error"]),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                &json!("reserved_username")
            ),
            "{name}"
        );
    }
    // The settings form deletes too, and clears the cookie.
    let dave = app.player("dave").await;
    let response = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .post(format!("{}/settings/delete", app.address))
        .bearer_auth(&dave.token)
        .form(&[("password", "password-dave"), ("confirm", "dave")])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    assert!(
        response.headers()[header::SET_COOKIE]
            .to_str()
            .unwrap()
            .contains("Max-Age=0")
    );
    let (status, _) = app.get("/api/v1/me", Some(&dave.token)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}
