//! Bad input on games: every error status of API.md, a JSON body each time, and the
//! stored game unchanged afterwards; NUL characters wherever an id or name goes.

use reqwest::{StatusCode, header};
use serde_json::json;

use crate::{helpers::TestApp, scenarios};

scenarios!(
    bad_moves_get_their_status_and_change_nothing,
    bad_bodies_get_4xx_json_errors,
    nul_characters_name_nothing_and_never_fail
);

async fn bad_moves_get_their_status_and_change_nothing(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let stranger = app.player("stranger").await;
    let id = app.new_game("chess", &white, &black).await;
    app.play_ok(&white, &black, &id, "e2e4").await;
    let before = app.game(&id).await;
    let cases: Vec<(&crate::helpers::Player, &str, u64, StatusCode, &str)> = vec![
        (
            &black,
            "e2e5",
            1,
            StatusCode::UNPROCESSABLE_ENTITY,
            "illegal_move",
        ),
        (
            &black,
            "e7e4",
            1,
            StatusCode::UNPROCESSABLE_ENTITY,
            "illegal_move",
        ),
        (
            &black,
            "zz99",
            1,
            StatusCode::UNPROCESSABLE_ENTITY,
            "malformed_move",
        ),
        (
            &black,
            "",
            1,
            StatusCode::UNPROCESSABLE_ENTITY,
            "malformed_move",
        ),
        (&black, "e7e5", 0, StatusCode::CONFLICT, "stale_ply"),
        (&black, "e7e5", 7, StatusCode::CONFLICT, "stale_ply"),
        (&white, "d2d4", 1, StatusCode::FORBIDDEN, "not_your_turn"),
        (&stranger, "e7e5", 1, StatusCode::FORBIDDEN, "not_a_player"),
    ];
    for (player, mv, ply, status, code) in cases {
        let (got, err) = app.play(player, &id, mv, ply).await;
        assert_eq!(
            (got, err["error"].as_str()),
            (status, Some(code)),
            "{mv} at {ply}"
        );
        assert!(err["message"].is_string());
        assert_eq!(
            app.game(&id).await,
            before,
            "{mv} at {ply} changed the game"
        );
    }
    let (status, err) = app
        .post(
            &format!("/api/v1/games/{id}/moves"),
            None,
            json!({"move": "e7e5", "ply": 1}),
        )
        .await;
    assert_eq!(
        (status, err["error"].as_str()),
        (StatusCode::UNAUTHORIZED, Some("unauthenticated"))
    );
    let (status, _) = app
        .post(
            &format!("/api/v1/games/{id}/moves"),
            Some("wrong"),
            json!({"move": "e7e5", "ply": 1}),
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, err) = app.play(&black, "no-such-game", "e7e5", 1).await;
    assert_eq!(
        (status, err["error"].as_str()),
        (StatusCode::NOT_FOUND, Some("not_found"))
    );
    let (status, _) = app.get("/api/v1/games/no-such-game", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(app.game(&id).await, before);
    // A finished game refuses moves with 409.
    app.act(&white, &id, "resign").await;
    let finished = app.game(&id).await;
    let (status, err) = app.play(&black, &id, "e7e5", 1).await;
    assert_eq!(
        (status, err["error"].as_str()),
        (StatusCode::CONFLICT, Some("game_over"))
    );
    assert_eq!(app.game(&id).await, finished);
}

async fn bad_bodies_get_4xx_json_errors(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let id = app.new_game("reversi-6x6", &white, &black).await;
    let before = app.game(&id).await;
    let url = format!("{}/api/v1/games/{id}/moves", app.address);
    let send = |body: String, content_type: Option<&'static str>| {
        let mut request = app.client.post(&url).bearer_auth(&white.token).body(body);
        if let Some(content_type) = content_type {
            request = request.header(header::CONTENT_TYPE, content_type);
        }
        request.send()
    };
    let json_type = Some("application/json");
    for (body, content_type, status, code) in [
        (
            "{\"move\": \"c3\", \"ply\": ",
            json_type,
            StatusCode::BAD_REQUEST,
            "bad_request",
        ),
        (
            "not json",
            json_type,
            StatusCode::BAD_REQUEST,
            "bad_request",
        ),
        (
            "{\"move\": \"c3\"}",
            json_type,
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_body",
        ),
        (
            "{\"ply\": 0}",
            json_type,
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_body",
        ),
        (
            "{\"move\": 3, \"ply\": 0}",
            json_type,
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_body",
        ),
        (
            "{\"move\": \"c3\", \"ply\": -1}",
            json_type,
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_body",
        ),
        (
            "{\"move\": \"c3\", \"ply\": \"0\"}",
            json_type,
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_body",
        ),
        (
            "[]",
            json_type,
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_body",
        ),
        (
            "{\"move\": \"c3\", \"ply\": 0}",
            None,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
        ),
        (
            "{\"move\": \"c3\", \"ply\": 0}",
            Some("text/plain"),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
        ),
    ] {
        let response = send(body.to_owned(), content_type).await.unwrap();
        assert_eq!(response.status(), status, "{body}");
        let err: serde_json::Value = response.json().await.unwrap();
        assert_eq!(err["error"], code, "{body}");
    }
    // Oversized bodies: 413, even with a valid move inside. The server answers before it
    // reads such a body and then closes the connection, so these go through a client that
    // never reuses a connection (a pooled one could be handed the closing connection).
    let unpooled = reqwest::Client::builder()
        .pool_max_idle_per_host(0)
        .build()
        .unwrap();
    let padding = "x".repeat(64 * 1024);
    let oversized = [
        (
            url.clone(),
            Some(&white.token),
            format!("{{\"move\": \"c3\", \"ply\": 0, \"pad\": \"{padding}\"}}"),
        ),
        (
            format!("{}/api/v1/accounts", app.address),
            None,
            json!({"username": "x".repeat(100_000), "password": "p"}).to_string(),
        ),
    ];
    for (url, token, body) in oversized {
        let mut request = unpooled
            .post(&url)
            .header(header::CONTENT_TYPE, "application/json")
            .body(body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.unwrap();
        assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE, "{url}");
        let err: serde_json::Value = response.json().await.unwrap();
        assert_eq!(err["error"], "payload_too_large", "{url}");
    }
    assert_eq!(app.game(&id).await, before);
}

/// Postgres text cannot hold a NUL character: ids, names and queries with one name
/// nothing, on both databases, and never reach the database as a 500.
async fn nul_characters_name_nothing_and_never_fail(app: TestApp) {
    let white = app.player("nul_white").await;
    let token = Some(white.token.as_str());
    for (path, status) in [
        ("/api/v1/games/%00", StatusCode::NOT_FOUND),
        ("/api/v1/games/ab%00cd/events", StatusCode::NOT_FOUND),
        ("/api/v1/challenges/%00", StatusCode::NOT_FOUND),
        ("/api/v1/me/events?game=%00", StatusCode::NOT_FOUND),
    ] {
        let (got, body) = app.get(path, token).await;
        assert_eq!(got, status, "{path}: {body}");
        assert!(body["error"].is_string(), "{path}: {body}");
    }
    let (status, body) = app
        .send(reqwest::Method::DELETE, "/api/v1/tokens/%00", token, None)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    for path in ["/api/v1/session", "/api/v1/tokens"] {
        let (status, body) = app
            .post(
                path,
                None,
                json!({"username": "nul\u{0}white", "password": "password-nul_white"}),
            )
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{path}: {body}");
    }
    let (status, body) = app
        .post(
            "/api/v1/challenges",
            token,
            json!({"variant": "chess", "color": "white", "opponent": "x\u{0}y", "days_per_move": 3}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let page = app
        .client
        .get(format!("{}/players/nul%00white", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), StatusCode::NOT_FOUND);
}
