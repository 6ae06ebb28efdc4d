//! Accounts, tokens, sessions, the cookie's cross-site protection, login rate limits,
//! the password-hashing queue, password rules and token management.

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
    failed_logins_back_off_per_account_and_address_and_spare_the_owner,
    one_address_failing_on_many_accounts_is_stopped,
    sign_ups_are_limited_per_address_and_a_refused_one_creates_nothing,
    a_full_hashing_queue_answers_busy_at_once,
    token_creation_is_limited_per_address,
    common_blank_and_control_character_passwords_are_refused,
    tokens_are_named_listed_touched_and_revoked,
    tokens_per_account_are_capped,
    https_public_url_makes_the_cookie_secure_and_sets_the_origin,
    playing_settings_are_read_and_changed_field_by_field,
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
                json!({"username": name, "password": "password-of-bob"}),
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

/// A second app on the same database that trusts 127.0.0.1 as a proxy, so each test
/// request can come from the address its `X-Forwarded-For` names.
async fn behind_proxy(app: &TestApp, vars: &[(&str, &str)]) -> TestApp {
    let mut all = vec![("TRUSTED_PROXIES", "127.0.0.1")];
    all.extend_from_slice(vars);
    TestApp::spawn_on(app.backend, &app.database_url, &all).await
}

/// Posts JSON to `path` from the client address `from`; answers the status, the
/// `Retry-After` seconds and the body.
async fn post_from(
    app: &TestApp,
    from: &str,
    path: &str,
    body: serde_json::Value,
) -> (StatusCode, Option<u64>, serde_json::Value) {
    let response = app
        .client
        .post(format!("{}{path}", app.address))
        .header("x-forwarded-for", from)
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = response.status();
    let retry_after = response
        .headers()
        .get(header::RETRY_AFTER)
        .map(|value| value.to_str().unwrap().parse().unwrap());
    (status, retry_after, response.json().await.unwrap())
}

async fn failed_logins_back_off_per_account_and_address_and_spare_the_owner(app: TestApp) {
    app.player("ivan").await;
    let app = behind_proxy(&app, &[("LOGIN_MAX_ATTEMPTS", "3")]).await;
    let attacker = "203.0.113.9";
    let login = |from: &'static str, password: &'static str| {
        post_from(
            &app,
            from,
            "/api/v1/session",
            json!({"username": "ivan", "password": password}),
        )
    };
    // Three free failures, then a fourth that starts the backoff.
    for _ in 0..4 {
        assert_eq!(
            login(attacker, "wrong-password").await.0,
            StatusCode::UNAUTHORIZED
        );
    }
    let (status, retry_after, body) = login(attacker, "wrong-password").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(body["error"], "rate_limited");
    assert_eq!(retry_after, Some(2));
    assert!(body["message"].as_str().unwrap().contains("2 s"), "{body}");
    // The waiting pair is refused even with the right password ...
    assert_eq!(
        login(attacker, "password-ivan").await.0,
        StatusCode::TOO_MANY_REQUESTS
    );
    // ... while the owner, from their own address, is never locked out.
    assert_eq!(
        login("198.51.100.7", "password-ivan").await.0,
        StatusCode::OK
    );
    // After the wait, one more try; a failure doubles the wait.
    app.clock.advance(2);
    assert_eq!(
        login(attacker, "wrong-password").await.0,
        StatusCode::UNAUTHORIZED
    );
    let (status, retry_after, _) = login(attacker, "wrong-password").await;
    assert_eq!(
        (status, retry_after),
        (StatusCode::TOO_MANY_REQUESTS, Some(4))
    );
    // The login form shows the wait too.
    let response = app
        .client
        .post(format!("{}/login", app.address))
        .header("x-forwarded-for", attacker)
        .header("sec-fetch-site", "same-origin")
        .form(&[("username", "ivan"), ("password", "wrong-password")])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    let page = response.text().await.unwrap();
    assert!(page.contains("try again in 4 seconds"), "{page}");
    // And the right password works from the attacker's address once the wait is over.
    app.clock.advance(4);
    assert_eq!(login(attacker, "password-ivan").await.0, StatusCode::OK);
}

async fn one_address_failing_on_many_accounts_is_stopped(app: TestApp) {
    app.player("judy").await;
    let app = behind_proxy(&app, &[("LOGIN_ADDRESS_MAX_FAILURES", "4")]).await;
    for n in 0..4 {
        let (status, _, _) = post_from(
            &app,
            "203.0.113.10",
            "/api/v1/tokens",
            json!({"username": format!("nobody{n}"), "password": "wrong-password"}),
        )
        .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    let judy = json!({"username": "judy", "password": "password-judy"});
    let (status, retry_after, body) =
        post_from(&app, "203.0.113.10", "/api/v1/tokens", judy.clone()).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    // The wait is what remains of the 15-minute window.
    assert_eq!(retry_after, Some(900));
    let (status, _, _) = post_from(&app, "198.51.100.8", "/api/v1/tokens", judy.clone()).await;
    assert_eq!(status, StatusCode::CREATED);
    app.clock.advance(901);
    let (status, _, _) = post_from(&app, "203.0.113.10", "/api/v1/tokens", judy).await;
    assert_eq!(status, StatusCode::CREATED);
}

async fn sign_ups_are_limited_per_address_and_a_refused_one_creates_nothing(app: TestApp) {
    let app = behind_proxy(&app, &[("SIGNUP_PER_HOUR", "2")]).await;
    let sign_up = |from: &'static str, name: &'static str| {
        post_from(
            &app,
            from,
            "/api/v1/accounts",
            json!({"username": name, "password": "long-enough-pass"}),
        )
    };
    assert_eq!(sign_up("203.0.113.11", "kim").await.0, StatusCode::CREATED);
    assert_eq!(sign_up("203.0.113.11", "lee").await.0, StatusCode::CREATED);
    let (status, retry_after, body) = sign_up("203.0.113.11", "max").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_eq!(body["error"], "rate_limited");
    // Two an hour: the next one comes back within half an hour.
    let wait = retry_after.unwrap();
    assert!((1_700..=1_800).contains(&wait), "{wait}");
    // The sign-up form is refused the same way, with the wait on the page.
    let response = app
        .client
        .post(format!("{}/signup", app.address))
        .header("x-forwarded-for", "203.0.113.11")
        .header("sec-fetch-site", "same-origin")
        .form(&[("username", "max"), ("password", "long-enough-pass")])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(response.headers().get(header::SET_COOKIE).is_none());
    assert!(response.text().await.unwrap().contains("try again in"));
    // Nothing was created: the name is free from another address, and logins still work.
    assert_eq!(sign_up("198.51.100.9", "max").await.0, StatusCode::CREATED);
    let (status, _, _) = post_from(
        &app,
        "203.0.113.11",
        "/api/v1/session",
        json!({"username": "kim", "password": "long-enough-pass"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
}

async fn a_full_hashing_queue_answers_busy_at_once(app: TestApp) {
    let app = TestApp::spawn_on(
        app.backend,
        &app.database_url,
        &[("HASH_THREADS", "1"), ("HASH_QUEUE", "1")],
    )
    .await;
    let attempts = (0..24).map(|n| {
        let app = &app;
        async move {
            let name = format!("flood{n}");
            let (status, retry_after, body) = post_from(
                app,
                "127.0.0.1",
                "/api/v1/accounts",
                json!({"username": name, "password": "long-enough-pass"}),
            )
            .await;
            (name, status, retry_after, body)
        }
    });
    let answers = futures_util::future::join_all(attempts).await;
    let mut busy = Vec::new();
    for (name, status, retry_after, body) in answers {
        match status {
            StatusCode::CREATED => {}
            StatusCode::SERVICE_UNAVAILABLE => {
                assert_eq!(body["error"], "busy");
                assert_eq!(retry_after, Some(1));
                busy.push(name);
            }
            other => panic!("{other}: {body}"),
        }
    }
    assert!(
        !busy.is_empty(),
        "one thread and one queue slot took 24 at once"
    );
    assert!(busy.len() < 24, "nothing was hashed");
    // A refused sign-up created nothing: the name can be registered afterwards.
    let (status, body) = app
        .post(
            "/api/v1/accounts",
            None,
            json!({"username": busy[0], "password": "long-enough-pass"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}

async fn token_creation_is_limited_per_address(app: TestApp) {
    app.player("nina").await;
    let app = behind_proxy(&app, &[("TOKEN_CREATIONS_PER_HOUR", "2")]).await;
    let nina = json!({"username": "nina", "password": "password-nina"});
    for _ in 0..2 {
        let (status, _, _) = post_from(&app, "203.0.113.12", "/api/v1/tokens", nina.clone()).await;
        assert_eq!(status, StatusCode::CREATED);
    }
    let (status, retry_after, _) =
        post_from(&app, "203.0.113.12", "/api/v1/tokens", nina.clone()).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert!(retry_after.is_some_and(|secs| secs > 0));
    // Only that address's budget is spent.
    let (status, _, _) = post_from(&app, "198.51.100.10", "/api/v1/tokens", nina).await;
    assert_eq!(status, StatusCode::CREATED);
}

async fn common_blank_and_control_character_passwords_are_refused(app: TestApp) {
    for (password, code) in [
        ("password", "common_password"),
        ("12345678", "common_password"),
        ("Qwerty123", "common_password"),
        ("        ", "blank_password"),
        (
            "\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}",
            "password_control_character",
        ),
        ("tab\tinside-it", "password_control_character"),
        ("short", "invalid_password"),
    ] {
        let (status, body) = app
            .post(
                "/api/v1/accounts",
                None,
                json!({"username": "olga", "password": password}),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{password:?}");
        assert_eq!(body["error"], code, "{password:?}");
    }
    let (status, _) = app.get("/players/olga", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

async fn tokens_are_named_listed_touched_and_revoked(app: TestApp) {
    let paul = app.player("paul").await;
    app.clock.advance(1);
    let (status, made) = app
        .post(
            "/api/v1/tokens",
            None,
            json!({"username": "paul", "password": "password-paul", "name": "  my bot "}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    assert_eq!(made["name"], "my bot");
    let (bot_token, bot_id) = (
        made["token"].as_str().unwrap().to_owned(),
        made["id"].as_str().unwrap().to_owned(),
    );
    assert!(!bot_token.contains(&bot_id) && bot_id.len() < bot_token.len());
    // The list has both tokens, newest first, never the secrets.
    app.clock.advance(1);
    let (status, list) = app.get("/api/v1/tokens", Some(&bot_token)).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    let text = list.to_string();
    assert!(
        !text.contains(&bot_token) && !text.contains(&paul.token),
        "{text}"
    );
    let list = list.as_array().unwrap().clone();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["id"], bot_id.as_str());
    assert_eq!(list[1]["name"], "API token");
    // Listing used the bot token: its last use is noted (the other is unused).
    let (_, list) = app.get("/api/v1/tokens", Some(&paul.token)).await;
    let used = |list: &serde_json::Value, i: usize| list[i]["last_used_at"].as_i64();
    let first_use = used(&list, 0).expect("last use noted");
    assert_eq!(list[0]["created_at"].as_i64().unwrap() + 1, first_use);
    // Within a minute the time is not written again; after one it is.
    app.clock.advance(30);
    app.get("/api/v1/me", Some(&bot_token)).await;
    let (_, list) = app.get("/api/v1/tokens", Some(&paul.token)).await;
    assert_eq!(used(&list, 0), Some(first_use));
    app.clock.advance(31);
    app.get("/api/v1/me", Some(&bot_token)).await;
    let (_, list) = app.get("/api/v1/tokens", Some(&paul.token)).await;
    assert_eq!(used(&list, 0), Some(first_use + 61));
    // Someone else cannot revoke it; its owner can, once.
    let quinn = app.player("quinn").await;
    let path = format!("/api/v1/tokens/{bot_id}");
    let (status, _) = app
        .send(Method::DELETE, &path, Some(&quinn.token), None)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app
        .send(Method::DELETE, &path, Some(&paul.token), None)
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _) = app.get("/api/v1/me", Some(&bot_token)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, body) = app
        .send(Method::DELETE, &path, Some(&paul.token), None)
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::NOT_FOUND, Some("not_found"))
    );
    let (_, list) = app.get("/api/v1/tokens", Some(&paul.token)).await;
    assert_eq!(list.as_array().unwrap().len(), 1);
    // A name that is too long is refused.
    let (status, body) = app
        .post(
            "/api/v1/tokens",
            None,
            json!({"username": "paul", "password": "password-paul", "name": "n".repeat(61)}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"], "invalid_token_name");
    // So is one that would display other than it reads.
    let (status, body) = app
        .post(
            "/api/v1/tokens",
            None,
            json!({"username": "paul", "password": "password-paul", "name": "bot\u{2066}x"}),
        )
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("control_character"))
    );
}

async fn tokens_per_account_are_capped(app: TestApp) {
    app.player("rita").await;
    let app = TestApp::spawn_on(
        app.backend,
        &app.database_url,
        &[("MAX_TOKENS_PER_ACCOUNT", "2")],
    )
    .await;
    let rita = json!({"username": "rita", "password": "password-rita"});
    // The harness's player() made one; one more fits.
    let (status, made) = app.post("/api/v1/tokens", None, rita.clone()).await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, body) = app.post("/api/v1/tokens", None, rita.clone()).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["error"], "too_many_tokens");
    // Revoking one makes room.
    let token = made["token"].as_str().unwrap();
    let path = format!("/api/v1/tokens/{}", made["id"].as_str().unwrap());
    let (status, _) = app.send(Method::DELETE, &path, Some(token), None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert_eq!(
        app.post("/api/v1/tokens", None, rita).await.0,
        StatusCode::CREATED
    );
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

async fn playing_settings_are_read_and_changed_field_by_field(app: TestApp) {
    let player = app.player("sofia").await;
    let token = Some(player.token.as_str());
    let (status, body) = app.get("/api/v1/me/settings", token).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body,
        json!({"after_move": "stay", "confirm_moves": true, "repertoire": true})
    );
    let patch =
        |body: serde_json::Value| app.send(Method::PATCH, "/api/v1/me/settings", token, Some(body));
    let (status, body) = patch(json!({"after_move": "next_game"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body,
        json!({"after_move": "next_game", "confirm_moves": true, "repertoire": true}),
        "the field left out stays"
    );
    let (status, body) = patch(json!({"confirm_moves": false})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body,
        json!({"after_move": "next_game", "confirm_moves": false, "repertoire": true})
    );
    let (status, body) = patch(json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body,
        json!({"after_move": "next_game", "confirm_moves": false, "repertoire": true})
    );
    let (status, body) = patch(json!({"repertoire": false})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["repertoire"], false, "{body}");
    let (status, body) = patch(json!({"repertoire": true})).await;
    assert_eq!(
        (status, &body["repertoire"]),
        (StatusCode::OK, &json!(true))
    );
    // Bad values: 422 with a code and a message, nothing changed.
    for (bad, code) in [
        (json!({"after_move": "home"}), "invalid_after_move"),
        (json!({"after_move": "Stay"}), "invalid_after_move"),
        (json!({"after_move": 1}), "invalid_body"),
        (json!({"confirm_moves": "yes"}), "invalid_body"),
        (json!({"confirm_moves": 1}), "invalid_body"),
        (json!({"repertoire": "off"}), "invalid_body"),
        (
            json!({"after_move": "stay", "confirm_moves": "no"}),
            "invalid_body",
        ),
    ] {
        let (status, body) = patch(bad.clone()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}: {body}");
        assert_eq!(body["error"], code, "{bad}: {body}");
        assert!(!body["message"].as_str().unwrap_or("").is_empty(), "{body}");
    }
    let (_, body) = app.get("/api/v1/me/settings", token).await;
    assert_eq!(
        body,
        json!({"after_move": "next_game", "confirm_moves": false, "repertoire": true})
    );
    // Each player has their own.
    let other = app.player("tomas").await;
    let (_, body) = app.get("/api/v1/me/settings", Some(&other.token)).await;
    assert_eq!(
        body,
        json!({"after_move": "stay", "confirm_moves": true, "repertoire": true})
    );
    // Signed out: 401 both ways.
    let (status, body) = app.get("/api/v1/me/settings", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    let (status, body) = app
        .send(
            Method::PATCH,
            "/api/v1/me/settings",
            None,
            Some(json!({"after_move": "stay"})),
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    // The document describes both operations and the choices.
    let (_, doc) = app.get("/api/v1/openapi.json", None).await;
    let path = &doc["paths"]["/api/v1/me/settings"];
    assert!(path["get"]["responses"]["200"].is_object(), "{path}");
    assert!(path["patch"]["responses"]["422"].is_object(), "{path}");
    let choices = &doc["components"]["schemas"]["AfterMoveDto"]["enum"];
    assert_eq!(choices, &json!(["stay", "next_game"]));
}
