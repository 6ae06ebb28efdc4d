//! Accounts, tokens, sessions, the cookie's cross-site protection, login rate limits.

use reqwest::{Method, StatusCode, header};
use serde_json::json;

use crate::{helpers::TestApp, scenarios};

scenarios!(
    register_then_token_then_me,
    usernames_are_unique_case_insensitively,
    invalid_usernames_and_passwords_are_422,
    wrong_password_or_unknown_user_is_401,
    missing_or_wrong_credentials_are_401,
    session_cookie_signs_in_and_logout_ends_it,
    cross_site_cookie_posts_are_refused,
    failed_logins_are_rate_limited_per_account_and_address,
    https_public_url_makes_the_cookie_secure_and_sets_the_origin,
);

async fn register_then_token_then_me(app: TestApp) {
    let (status, body) = app
        .post(
            "/api/v1/accounts",
            None,
            json!({"username": "Alice", "password": "secret-pass"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["username"], "Alice");
    let id = body["id"].as_str().unwrap().to_owned();
    // Logging in is case-insensitive on the name.
    let (status, body) = app
        .post(
            "/api/v1/tokens",
            None,
            json!({"username": "alice", "password": "secret-pass"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let token = body["token"].as_str().unwrap().to_owned();
    assert!(token.len() >= 32);
    let (status, me) = app.get("/api/v1/me", Some(&token)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(me["id"], id.as_str());
    assert_eq!(me["username"], "Alice");
    assert_eq!(me["your_turn"], 0);
    // Each call makes a new token; both work.
    let (_, second) = app
        .post(
            "/api/v1/tokens",
            None,
            json!({"username": "Alice", "password": "secret-pass"}),
        )
        .await;
    assert_ne!(second["token"], token.as_str());
    assert_eq!(
        app.get("/api/v1/me", second["token"].as_str()).await.0,
        StatusCode::OK
    );
}

async fn usernames_are_unique_case_insensitively(app: TestApp) {
    app.player("bob").await;
    for name in ["bob", "BOB", "Bob"] {
        let (status, body) = app
            .post(
                "/api/v1/accounts",
                None,
                json!({"username": name, "password": "password1"}),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{name}");
        assert_eq!(body["error"], "username_taken");
    }
}

async fn invalid_usernames_and_passwords_are_422(app: TestApp) {
    for (name, password, code) in [
        ("ab", "password1", "invalid_username"),
        ("a".repeat(21).as_str(), "password1", "invalid_username"),
        ("has space", "password1", "invalid_username"),
        ("dots.are.bad", "password1", "invalid_username"),
        ("carol", "short", "invalid_password"),
    ] {
        let (status, body) = app
            .post(
                "/api/v1/accounts",
                None,
                json!({"username": name, "password": password}),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{name}");
        assert_eq!(body["error"], code);
    }
    // 128 characters is fine.
    let long = "p".repeat(128);
    let (status, _) = app
        .post(
            "/api/v1/accounts",
            None,
            json!({"username": "dave_1-x", "password": long}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
}

async fn wrong_password_or_unknown_user_is_401(app: TestApp) {
    app.player("erin").await;
    for (name, password) in [("erin", "wrong-password"), ("nobody", "password-erin")] {
        let (status, body) = app
            .post(
                "/api/v1/tokens",
                None,
                json!({"username": name, "password": password}),
            )
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{name}");
        assert_eq!(body["error"], "invalid_credentials");
    }
}

async fn missing_or_wrong_credentials_are_401(app: TestApp) {
    let body = json!({"variant": "chess", "color": "white", "days_per_move": 3});
    let (status, err) = app.post("/api/v1/challenges", None, body.clone()).await;
    assert_eq!(
        (status, err["error"].as_str()),
        (StatusCode::UNAUTHORIZED, Some("unauthenticated"))
    );
    let (status, _) = app
        .post("/api/v1/challenges", Some("not-a-token"), body.clone())
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let response = app
        .client
        .post(format!("{}/api/v1/challenges", app.address))
        .header(header::AUTHORIZATION, "Basic abc")
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let response = app
        .client
        .post(format!("{}/api/v1/challenges", app.address))
        .header(header::COOKIE, "bg_session=expired-or-made-up")
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
}

/// Signs `name` in through the session endpoint; returns the cookie value.
async fn login(app: &TestApp, name: &str) -> String {
    let response = app
        .client
        .post(format!("{}/api/v1/session", app.address))
        .json(&json!({"username": name, "password": format!("password-{name}")}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let cookie = response.headers()[header::SET_COOKIE]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(cookie.contains("HttpOnly"), "{cookie}");
    assert!(cookie.contains("SameSite=Lax"), "{cookie}");
    assert!(
        !cookie.contains("Secure"),
        "plain http public URL: {cookie}"
    );
    let value = cookie
        .split(';')
        .next()
        .unwrap()
        .strip_prefix("bg_session=")
        .unwrap();
    assert!(value.len() >= 32, "at least 128 random bits");
    value.to_owned()
}

async fn session_cookie_signs_in_and_logout_ends_it(app: TestApp) {
    app.player("frank").await;
    let first = login(&app, "frank").await;
    let second = login(&app, "frank").await;
    assert_ne!(first, second, "a new session on every login");
    let me = |cookie: String| {
        app.client
            .get(format!("{}/api/v1/me", app.address))
            .header(header::COOKIE, format!("bg_session={cookie}"))
            .send()
    };
    assert_eq!(me(first.clone()).await.unwrap().status(), StatusCode::OK);
    let response = app
        .client
        .delete(format!("{}/api/v1/session", app.address))
        .header(header::COOKIE, format!("bg_session={first}"))
        .header("sec-fetch-site", "same-origin")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    assert!(
        response.headers()[header::SET_COOKIE]
            .to_str()
            .unwrap()
            .contains("Max-Age=0")
    );
    assert_eq!(me(first).await.unwrap().status(), StatusCode::UNAUTHORIZED);
    assert_eq!(me(second.clone()).await.unwrap().status(), StatusCode::OK);
    // Sessions last 30 days.
    app.clock.advance(30 * 86_400 + 1);
    assert_eq!(me(second).await.unwrap().status(), StatusCode::UNAUTHORIZED);
}

async fn cross_site_cookie_posts_are_refused(app: TestApp) {
    app.player("gina").await;
    let cookie = format!("bg_session={}", login(&app, "gina").await);
    let body = json!({"variant": "chess", "color": "white", "days_per_move": 3});
    let post = |headers: Vec<(&'static str, String)>| {
        let mut request = app
            .client
            .request(Method::POST, format!("{}/api/v1/challenges", app.address))
            .header(header::COOKIE, cookie.clone())
            .json(&body);
        for (name, value) in headers {
            request = request.header(name, value);
        }
        request.send()
    };
    let refused = [
        vec![("sec-fetch-site", "cross-site".to_owned())],
        vec![("sec-fetch-site", "same-site".to_owned())],
        vec![("origin", "https://evil.example".to_owned())],
    ];
    for headers in refused {
        let response = post(headers.clone()).await.unwrap();
        assert_eq!(response.status(), StatusCode::FORBIDDEN, "{headers:?}");
        let err: serde_json::Value = response.json().await.unwrap();
        assert_eq!(err["error"], "cross_site_request");
    }
    let allowed = [
        vec![("sec-fetch-site", "same-origin".to_owned())],
        vec![("origin", app.address.clone())],
        vec![],
    ];
    for headers in allowed {
        let response = post(headers.clone()).await.unwrap();
        assert_eq!(response.status(), StatusCode::CREATED, "{headers:?}");
    }
    // Sec-Fetch-Site wins over a matching Origin.
    let response = post(vec![
        ("sec-fetch-site", "cross-site".to_owned()),
        ("origin", app.address.clone()),
    ])
    .await
    .unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    // Only three challenges were created: the refused requests wrote nothing.
    let (_, list) = app.get("/api/v1/challenges", None).await;
    assert_eq!(list.as_array().unwrap().len(), 3);
    // Bearer tokens are not cookies: no cross-site check applies to them.
    let player = app.player("hank").await;
    let response = app
        .client
        .post(format!("{}/api/v1/challenges", app.address))
        .bearer_auth(&player.token)
        .header("sec-fetch-site", "cross-site")
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::CREATED);
}

async fn failed_logins_are_rate_limited_per_account_and_address(app: TestApp) {
    app.player("ivan").await;
    app.player("judy").await;
    let attempt = |password: &'static str| {
        app.post(
            "/api/v1/tokens",
            None,
            json!({"username": "ivan", "password": password}),
        )
    };
    // The default allows 10 failures per account within the window.
    for _ in 0..10 {
        assert_eq!(attempt("wrong-password").await.0, StatusCode::UNAUTHORIZED);
    }
    let (status, body) = attempt("wrong-password").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(body["error"], "rate_limited");
    // Even the right password is refused while limited ...
    assert_eq!(
        attempt("password-ivan").await.0,
        StatusCode::TOO_MANY_REQUESTS
    );
    // ... and so is another account from the same address.
    let (status, _) = app
        .post(
            "/api/v1/tokens",
            None,
            json!({"username": "judy", "password": "password-judy"}),
        )
        .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    // ... until the window (15 minutes) has passed.
    app.clock.advance(15 * 60 + 1);
    assert_eq!(attempt("password-ivan").await.0, StatusCode::CREATED);
}

async fn https_public_url_makes_the_cookie_secure_and_sets_the_origin(app: TestApp) {
    app.player("kate").await;
    let site = "https://games.example.org";
    let https = TestApp::spawn_on(app.backend, &app.database_url, &[("PUBLIC_URL", site)]).await;
    let response = https
        .client
        .post(format!("{}/api/v1/session", https.address))
        .json(&json!({"username": "kate", "password": "password-kate"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let cookie = response.headers()[header::SET_COOKIE]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(cookie.contains("; Secure"), "{cookie}");
    let value = cookie.split(';').next().unwrap().to_owned();
    let body = json!({"variant": "chess", "color": "white", "days_per_move": 3});
    let post = |origin: &'static str| {
        https
            .client
            .post(format!("{}/api/v1/challenges", https.address))
            .header(header::COOKIE, value.clone())
            .header(header::ORIGIN, origin)
            .json(&body)
            .send()
    };
    assert_eq!(post(site).await.unwrap().status(), StatusCode::CREATED);
    assert_eq!(
        post("http://games.example.org").await.unwrap().status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        post("https://other.example.org").await.unwrap().status(),
        StatusCode::FORBIDDEN
    );
}
