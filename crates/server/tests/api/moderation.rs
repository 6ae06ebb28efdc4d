//! Moderation and account care: the administrator role, reports, mutes and bans with the
//! log, the password change, the data download and the deletion of an account, through
//! the API and the pages, on both databases.

use reqwest::{Method, StatusCode, header};
use scraper::{Html, Selector};
use serde_json::{Value, json};

use crate::{
    helpers::{Player, SERVER_BIN, TestApp, get_page, post_form},
    scenarios,
};

scenarios!(
    the_first_person_is_the_administrator,
    reports_of_chat_lines_and_players,
    muted_players_cannot_chat_but_play_on,
    a_ban_ends_sessions_tokens_challenges_and_games,
    a_password_change_signs_out_the_other_sessions,
    the_data_download_holds_every_game_and_its_record,
    a_deleted_account_keeps_its_games_under_an_anonymous_name,
);

scenarios!(with [("SIGNUP_PER_HOUR", "100")];
    racing_first_sign_ups_make_one_administrator,
);

fn count(html: &str, selector: &str) -> usize {
    Html::parse_document(html)
        .select(&Selector::parse(selector).unwrap())
        .count()
}

fn texts(html: &str, selector: &str) -> Vec<String> {
    Html::parse_document(html)
        .select(&Selector::parse(selector).unwrap())
        .map(|element| element.text().collect::<String>())
        .collect()
}

/// The log's actions as (action, target), newest first.
async fn log(app: &TestApp, admin: &Player) -> Vec<(String, String)> {
    let (status, body) = app.get("/api/v1/admin/log", Some(&admin.token)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|action| {
            (
                action["action"].as_str().unwrap().to_owned(),
                action["target"].as_str().unwrap_or("").to_owned(),
            )
        })
        .collect()
}

/// Signs `name` in with `password` through the session endpoint: (status, cookie value).
async fn login(app: &TestApp, name: &str, password: &str) -> (StatusCode, Option<String>, Value) {
    let response = app
        .client
        .post(format!("{}/api/v1/session", app.address))
        .json(&json!({"username": name, "password": password}))
        .send()
        .await
        .unwrap();
    let status = response.status();
    let cookie = response
        .headers()
        .get(header::SET_COOKIE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .and_then(|value| value.strip_prefix("bg_session="))
        .map(str::to_owned);
    let body = response.json().await.unwrap_or(Value::Null);
    (status, cookie, body)
}

/// `GET /api/v1/me` with the session cookie: the status.
async fn me_by_cookie(app: &TestApp, cookie: &str) -> StatusCode {
    app.client
        .get(format!("{}/api/v1/me", app.address))
        .header(header::COOKIE, format!("bg_session={cookie}"))
        .send()
        .await
        .unwrap()
        .status()
}

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

async fn say(app: &TestApp, player: &Player, id: &str, text: &str) -> (StatusCode, Value) {
    app.post(
        &format!("/api/v1/games/{id}/chat"),
        Some(&player.token),
        json!({"text": text}),
    )
    .await
}

async fn sanction(app: &TestApp, admin: &Player, name: &str, action: &str) -> (StatusCode, Value) {
    app.post(
        &format!("/api/v1/admin/players/{name}/{action}"),
        Some(&admin.token),
        json!({}),
    )
    .await
}

async fn the_first_person_is_the_administrator(app: TestApp) {
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    // The first account is the administrator; the second is not.
    let (status, body) = app.get("/api/v1/admin/reports", Some(&alice.token)).await;
    assert_eq!((status, body), (StatusCode::OK, json!([])));
    let (status, body) = app.get("/api/v1/admin/reports", Some(&bob.token)).await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::FORBIDDEN, &json!("not_admin"))
    );
    let (status, body) = app.get("/api/v1/admin/log", Some(&bob.token)).await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::FORBIDDEN, &json!("not_admin"))
    );
    let (status, _) = sanction(&app, &bob, "alice", "ban").await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = app.get("/api/v1/admin/reports", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // The page: 403 for a player, the login for a guest, the page for the administrator.
    let (status, _, html) = get_page(&app, Some(&bob), "/admin").await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(html.contains("Only administrators may do this."), "{html}");
    let (status, location, _) = get_page(&app, None, "/admin").await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(location, "/login?next=/admin");
    let (status, _, html) = get_page(&app, Some(&alice), "/admin").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(count(&html, "#no-reports"), 1);
    assert_eq!(count(&html, "#sanction-form"), 1);
    // The settings page links administrators to it.
    assert_eq!(
        count(&app.page_html_as(&alice, "/settings").await, "#admin-link"),
        1
    );
    assert_eq!(
        count(&app.page_html_as(&bob, "/settings").await, "#admin-link"),
        0
    );

    // `server admin grant bob` makes bob one, logged without an administrator.
    let run = |args: &[&str]| {
        std::process::Command::new(SERVER_BIN)
            .args(args)
            .env_clear()
            .env("DATABASE_URL", &app.database_url)
            .output()
            .expect("run the server binary")
    };
    let out = run(&["admin", "grant", "bob"]);
    assert!(out.status.success(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("bob is an administrator now"));
    let (status, _) = app.get("/api/v1/admin/reports", Some(&bob.token)).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = app.get("/api/v1/admin/log", Some(&bob.token)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["actions"][0]["action"], "grant_admin");
    assert_eq!(body["actions"][0]["target"], "bob");
    assert_eq!(body["actions"][0]["admin"], Value::Null);
    // Granting again changes nothing and says so; an unknown name fails.
    let out = run(&["admin", "grant", "bob"]);
    assert!(!out.status.success());
    let out = run(&["admin", "grant", "nobody"]);
    assert!(!out.status.success());
    let out = run(&["admin", "revoke", "bob"]);
    assert!(out.status.success(), "{out:?}");
    let (status, _) = app.get("/api/v1/admin/reports", Some(&bob.token)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(
        log(&app, &alice).await[..2],
        [
            ("revoke_admin".to_owned(), "bob".to_owned()),
            ("grant_admin".to_owned(), "bob".to_owned())
        ]
    );
    // The computer's accounts cannot be made administrators.
    let out = run(&["admin", "grant", "Computer-1"]);
    assert!(!out.status.success());
    // A log key that is no key is a 400.
    let (status, body) = app
        .get("/api/v1/admin/log?before=yesterday", Some(&alice.token))
        .await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::BAD_REQUEST, &json!("bad_request"))
    );
}

async fn racing_first_sign_ups_make_one_administrator(app: TestApp) {
    let names: Vec<String> = (0..8).map(|i| format!("racer{i}")).collect();
    let sign_ups = names.iter().map(|name| {
        app.post(
            "/api/v1/accounts",
            None,
            json!({"username": name, "password": format!("password-{name}")}),
        )
    });
    for (status, body) in futures_util::future::join_all(sign_ups).await {
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
    let (admins,): (i64,) = sqlx::query_as("select count(*) from users where is_admin = 1")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(
        admins, 1,
        "exactly one of the racing first sign-ups is administrator"
    );
}

async fn reports_of_chat_lines_and_players(app: TestApp) {
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let id = app.new_game("chess", &bob, &carol).await;
    let (status, _) = say(&app, &carol, &id, "you <b>fool</b> & worse").await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, _) = say(&app, &bob, &id, "calm down").await;
    assert_eq!(status, StatusCode::CREATED);

    // Bad targets and reasons: refused before anything is stored or counted.
    for (body, expected, code) in [
        (
            json!({"game_id": id, "seq": 2}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "report_yourself",
        ),
        (
            json!({"game_id": id, "seq": 99}),
            StatusCode::NOT_FOUND,
            "not_found",
        ),
        (
            json!({"game_id": id, "seq": 0}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_report",
        ),
        (
            json!({"game_id": "no-such-game", "seq": 1}),
            StatusCode::NOT_FOUND,
            "not_found",
        ),
        (
            json!({"game_id": id}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_report",
        ),
        (
            json!({}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_report",
        ),
        (
            json!({"player": "carol", "game_id": id, "seq": 1}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_report",
        ),
        (
            json!({"player": "nobody"}),
            StatusCode::NOT_FOUND,
            "not_found",
        ),
        (
            json!({"player": "bob"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "report_yourself",
        ),
        (
            json!({"player": "carol\u{0}"}),
            StatusCode::NOT_FOUND,
            "not_found",
        ),
        (
            json!({"player": "carol", "reason": "x".repeat(501)}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "reason_too_long",
        ),
        (
            json!({"player": "carol", "reason": "bell\u{7}"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "control_character",
        ),
        (
            json!({"player": 7}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_body",
        ),
    ] {
        let (status, answer) = app
            .post("/api/v1/reports", Some(&bob.token), body.clone())
            .await;
        assert_eq!(
            (status, answer["error"].as_str()),
            (expected, Some(code)),
            "{body}"
        );
    }
    let (status, answer) = app
        .send(
            Method::POST,
            "/api/v1/reports",
            Some(&bob.token),
            Some(json!([1])),
        )
        .await;
    assert_eq!(
        (status, &answer["error"]),
        (StatusCode::UNPROCESSABLE_ENTITY, &json!("invalid_body"))
    );
    // A chat the reporter cannot read (the players keep it to themselves).
    let (status, answer) = app
        .post(
            "/api/v1/reports",
            Some(&alice.token),
            json!({"game_id": id, "seq": 1}),
        )
        .await;
    assert_eq!(
        (status, &answer["error"]),
        (StatusCode::FORBIDDEN, &json!("chat_private"))
    );
    let (status, _) = app
        .post("/api/v1/reports", None, json!({"player": "carol"}))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (open,): (i64,) = sqlx::query_as("select count(*) from reports")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(open, 0, "no refused report was stored");

    // Bob reports carol's line (1) and carol herself (2); a second report of the line
    // while the first is open is a 409 (3).
    let (status, line_report) = app
        .post(
            "/api/v1/reports",
            Some(&bob.token),
            json!({"game_id": id, "seq": 1, "reason": "insults\nagain"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{line_report}");
    assert_eq!(line_report["target"], "carol");
    let (status, answer) = app
        .post(
            "/api/v1/reports",
            Some(&bob.token),
            json!({"game_id": id, "seq": 1}),
        )
        .await;
    assert_eq!(
        (status, &answer["error"]),
        (StatusCode::CONFLICT, &json!("already_reported"))
    );
    // The player page's form (no script): a page saying the report was sent.
    let player_page = app.page_html_as(&bob, "/players/carol").await;
    assert_eq!(
        count(
            &player_page,
            "#report-player form[method=post][action='/reports']"
        ),
        1
    );
    assert_eq!(
        count(
            &app.page_html_as(&bob, "/players/bob").await,
            "#report-player"
        ),
        0
    );
    let (status, _, html) = post_form(
        &app,
        &bob,
        "/reports",
        &[
            ("player", "carol"),
            ("reason", "rude"),
            ("back", "/players/carol"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{html}");
    assert_eq!(texts(&html, "#report-filed").len(), 1);
    assert_eq!(count(&html, "a#report-back[href='/players/carol']"), 1);
    let (status, _, html) =
        post_form(&app, &bob, "/reports", &[("game_id", &id), ("seq", "two")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(count(&html, "#report-error"), 1);

    // The game page offers Report on the opponent's lines only.
    let page = app.page_html_as(&bob, &format!("/games/{id}")).await;
    assert_eq!(
        count(
            &page,
            "li[data-seq='1'] details.report-line form[action='/reports']"
        ),
        1
    );
    assert_eq!(count(&page, "li[data-seq='2'] details.report-line"), 0);
    assert_eq!(
        count(&page, "li[data-seq='1'] input[name=seq][value='1']"),
        1,
        "the form names the line"
    );

    // The administrator reads them, the line's text as text.
    let (status, reports) = app.get("/api/v1/admin/reports", Some(&alice.token)).await;
    assert_eq!(status, StatusCode::OK);
    let reports = reports.as_array().unwrap().clone();
    assert_eq!(reports.len(), 2, "{reports:?}");
    let line = reports.iter().find(|r| r["seq"] == 1).unwrap();
    assert_eq!(line["quoted"], "you <b>fool</b> & worse");
    assert_eq!(line["reason"], "insults\nagain");
    assert_eq!(line["reporter"], "bob");
    assert_eq!(line["game_id"], json!(id));
    let (_, _, html) = get_page(&app, Some(&alice), "/admin").await;
    assert_eq!(texts(&html, ".report-quoted"), ["you <b>fool</b> & worse"]);
    assert_eq!(count(&html, ".report-quoted b"), 0, "escaped, never markup");
    assert!(!html.contains("<b>fool"), "escaped in the HTML source");
    assert_eq!(count(&html, &format!("a[href='/games/{id}#chat']")), 1);
    assert_eq!(count(&html, "#report-list > li"), 2);

    // Resolve one by the page's form, dismiss the other through the API.
    let line_id = line["id"].as_str().unwrap();
    let player_id = reports.iter().find(|r| r["seq"].is_null()).unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let (status, location, _) = post_form(
        &app,
        &alice,
        &format!("/admin/reports/{line_id}/resolve"),
        &[],
    )
    .await;
    assert_eq!(
        (status, location.as_str()),
        (StatusCode::SEE_OTHER, "/admin?done=resolve#reports")
    );
    let (status, _) = app
        .post(
            &format!("/api/v1/admin/reports/{player_id}/dismiss"),
            Some(&alice.token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, answer) = app
        .post(
            &format!("/api/v1/admin/reports/{player_id}/resolve"),
            Some(&alice.token),
            json!({}),
        )
        .await;
    assert_eq!(
        (status, &answer["error"]),
        (StatusCode::CONFLICT, &json!("report_closed"))
    );
    let (status, _) = app
        .post(
            "/api/v1/admin/reports/nope/resolve",
            Some(&alice.token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app
        .post(
            &format!("/api/v1/admin/reports/{player_id}/ignore"),
            Some(&alice.token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app
        .post(
            &format!("/api/v1/admin/reports/{line_id}/resolve"),
            Some(&bob.token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (_, reports) = app.get("/api/v1/admin/reports", Some(&alice.token)).await;
    assert_eq!(reports, json!([]));
    assert_eq!(
        log(&app, &alice).await,
        [
            ("dismiss_report".to_owned(), "carol".to_owned()),
            ("resolve_report".to_owned(), "carol".to_owned())
        ]
    );
    // Once closed, the line may be reported again (4); then the budget of five reports a
    // minute runs out (5, then 429).
    let (status, _) = app
        .post(
            "/api/v1/reports",
            Some(&bob.token),
            json!({"game_id": id, "seq": 1}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let dave = app.player("dave").await;
    let (status, _) = app
        .post(
            "/api/v1/reports",
            Some(&bob.token),
            json!({"player": "dave"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, answer) = app
        .post(
            "/api/v1/reports",
            Some(&bob.token),
            json!({"player": "alice"}),
        )
        .await;
    assert_eq!(
        (status, &answer["error"]),
        (StatusCode::TOO_MANY_REQUESTS, &json!("rate_limited"))
    );
    let (status, _) = app
        .post(
            "/api/v1/reports",
            Some(&dave.token),
            json!({"player": "alice"}),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::CREATED,
        "the budget is each player's own"
    );
}

async fn muted_players_cannot_chat_but_play_on(app: TestApp) {
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let id = app.new_game("chess", &bob, &carol).await;
    let (status, body) = sanction(&app, &alice, "bob", "mute").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["target"], "bob");
    let (status, body) = say(&app, &bob, &id, "hello").await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::FORBIDDEN, &json!("muted"))
    );
    // The page says so, and keeps nothing.
    let (status, _, html) =
        post_form(&app, &bob, &format!("/games/{id}/chat"), &[("text", "hi")]).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(
        texts(&html, "#chat-error"),
        ["An administrator has muted you: you cannot write in the chat."]
    );
    let (_, chat) = app
        .get(&format!("/api/v1/games/{id}/chat"), Some(&carol.token))
        .await;
    assert_eq!(chat["lines"], json!([]));
    // The chat says so before anything is written.
    let (_, chat) = app
        .get(&format!("/api/v1/games/{id}/chat"), Some(&bob.token))
        .await;
    assert_eq!(
        (&chat["closed"], &chat["may_write"]),
        (&json!("muted"), &json!(false))
    );
    let page = app.page_html_as(&bob, &format!("/games/{id}")).await;
    assert_eq!(count(&page, "#chat-form"), 0);
    assert_eq!(
        texts(&page, "#chat-closed"),
        ["An administrator has muted you: you cannot write in the chat."]
    );
    // Play goes on; the opponent still writes.
    app.play_ok(&bob, &carol, &id, "e2e4").await;
    let (status, _) = say(&app, &carol, &id, "good luck").await;
    assert_eq!(status, StatusCode::CREATED);
    let (_, account) = app
        .get("/api/v1/admin/players/bob", Some(&alice.token))
        .await;
    assert!(account["muted_since"].is_string(), "{account}");
    assert_eq!(account["banned_since"], Value::Null);

    // Nothing to change, not an administrator, oneself, an unknown action or player.
    let (status, body) = sanction(&app, &alice, "bob", "mute").await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::CONFLICT, &json!("no_change"))
    );
    let (status, body) = sanction(&app, &carol, "bob", "unmute").await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::FORBIDDEN, &json!("not_admin"))
    );
    let (status, body) = sanction(&app, &alice, "alice", "mute").await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::UNPROCESSABLE_ENTITY, &json!("own_account"))
    );
    let (status, _) = sanction(&app, &alice, "bob", "silence").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = sanction(&app, &alice, "nobody", "mute").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, body) = sanction(&app, &alice, "Computer-1", "ban").await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::UNPROCESSABLE_ENTITY, &json!("not_a_person"))
    );
    // The page's form, with a refusal shown on the page.
    let (status, _, html) = post_form(
        &app,
        &alice,
        "/admin/players/unmute",
        &[("username", "carol")],
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(count(&html, "#admin-error"), 1);
    let (status, location, _) = post_form(
        &app,
        &alice,
        "/admin/players/unmute",
        &[("username", "bob"), ("note", "apologised")],
    )
    .await;
    assert_eq!(
        (status, location.as_str()),
        (StatusCode::SEE_OTHER, "/admin?done=unmute&name=bob")
    );
    let (status, _) = say(&app, &bob, &id, "sorry").await;
    assert_eq!(status, StatusCode::CREATED);
    let (_, body) = app.get("/api/v1/admin/log", Some(&alice.token)).await;
    assert_eq!(body["actions"][0]["action"], "unmute");
    assert_eq!(body["actions"][0]["detail"], "apologised");
    assert_eq!(body["actions"][0]["admin"], "alice");
    assert_eq!(body["actions"][1]["action"], "mute");
    assert_eq!(
        body["actions"].as_array().unwrap().len(),
        2,
        "refusals are not logged"
    );
    let (_, _, html) = get_page(&app, Some(&alice), "/admin").await;
    assert_eq!(count(&html, "#log-list tbody tr"), 2);

    // The log pages by key: 50 a page, newest first, nothing twice or left out.
    for _ in 0..25 {
        assert_eq!(
            sanction(&app, &alice, "bob", "mute").await.0,
            StatusCode::OK
        );
        assert_eq!(
            sanction(&app, &alice, "bob", "unmute").await.0,
            StatusCode::OK
        );
    }
    let (_, first) = app.get("/api/v1/admin/log", Some(&alice.token)).await;
    let first_actions = first["actions"].as_array().unwrap();
    assert_eq!(first_actions.len(), 50);
    assert_eq!(first_actions[0]["action"], "unmute");
    let next = first["next"].as_str().unwrap();
    let (status, second) = app
        .get(
            &format!("/api/v1/admin/log?before={next}"),
            Some(&alice.token),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let second_actions = second["actions"].as_array().unwrap();
    assert_eq!(second_actions.len(), 2, "52 in all");
    assert_eq!(second["next"], Value::Null);
    assert_eq!(
        second_actions[1]["detail"], "",
        "the oldest: the first mute"
    );
    assert_eq!(second_actions[1]["action"], "mute");
    let (_, _, html) = get_page(&app, Some(&alice), "/admin").await;
    assert_eq!(count(&html, "#log-list tbody tr"), 50);
    let older = Html::parse_document(&html)
        .select(&Selector::parse("a#older").unwrap())
        .next()
        .unwrap()
        .value()
        .attr("href")
        .unwrap()
        .to_owned();
    let (status, _, html) = get_page(&app, Some(&alice), &older).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(count(&html, "#log-list tbody tr"), 2);
}

async fn a_ban_ends_sessions_tokens_challenges_and_games(app: TestApp) {
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let dave = app.player("dave").await;
    // Bob plays White against carol (rated: two moves each) and Black against dave.
    let with_carol = app.new_game("chess", &bob, &carol).await;
    for mv in ["e2e4", "e7e5", "g1f3", "b8c6"] {
        app.play_ok(&bob, &carol, &with_carol, mv).await;
    }
    let with_dave = app.new_game("chess", &dave, &bob).await;
    // An open challenge by bob, one to bob, and one between others that stays.
    let (status, by_bob) = app
        .post(
            "/api/v1/challenges",
            Some(&bob.token),
            json!({"variant": "chess", "color": "white", "days_per_move": 3}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{by_bob}");
    let (status, to_bob) = app
        .post(
            "/api/v1/challenges",
            Some(&carol.token),
            json!({"variant": "chess", "color": "white", "opponent": "bob", "days_per_move": 3}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{to_bob}");
    let (status, others) = app
        .post(
            "/api/v1/challenges",
            Some(&carol.token),
            json!({"variant": "chess", "color": "white", "opponent": "dave", "days_per_move": 3}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{others}");
    let (status, cookie, _) = login(&app, "bob", "password-bob").await;
    assert_eq!(status, StatusCode::OK);
    let cookie = cookie.unwrap();
    assert_eq!(me_by_cookie(&app, &cookie).await, StatusCode::OK);

    let (status, body) = sanction(&app, &alice, "bob", "ban").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let mut ended: Vec<String> = serde_json::from_value(body["games_ended"].clone()).unwrap();
    ended.sort();
    let mut expected = vec![with_carol.clone(), with_dave.clone()];
    expected.sort();
    assert_eq!(ended, expected);
    assert_eq!(body["challenges_cancelled"], 2);

    // Sessions and tokens are gone; sign-in is refused as banned (with the password) or
    // as any wrong password (without it).
    let (status, _) = app.get("/api/v1/me", Some(&bob.token)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(me_by_cookie(&app, &cookie).await, StatusCode::UNAUTHORIZED);
    let (status, _, body) = login(&app, "bob", "password-bob").await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::FORBIDDEN, &json!("banned"))
    );
    let (status, _, body) = login(&app, "bob", "wrong-password").await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::UNAUTHORIZED, &json!("invalid_credentials"))
    );
    let (status, body) = app
        .post(
            "/api/v1/tokens",
            None,
            json!({"username": "bob", "password": "password-bob"}),
        )
        .await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::FORBIDDEN, &json!("banned"))
    );
    let response = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .post(format!("{}/login", app.address))
        .form(&[("username", "bob"), ("password", "password-bob")])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    let html = response.text().await.unwrap();
    assert_eq!(
        texts(&html, "#form-error"),
        ["An administrator has banned this account: it cannot sign in."]
    );

    // Both games ended as bob's resignation, with the right result on each side.
    let game = app.game(&with_carol).await;
    assert_eq!(game["status"], "finished");
    assert_eq!(game["result"], "0-1");
    assert_eq!(game["end_reason"], "resignation");
    let game = app.game(&with_dave).await;
    assert_eq!(game["status"], "finished");
    assert_eq!(game["result"], "1-0");
    assert_eq!(game["end_reason"], "resignation");
    // The rated one was rated, as any resignation.
    let (_, profile) = app.get("/api/v1/players/carol", None).await;
    assert!(profile.to_string().contains("\"chess\""), "{profile}");
    // Challenges from and to bob are cancelled; the others' stays open.
    for challenge in [&by_bob, &to_bob] {
        let id = challenge["id"].as_str().unwrap();
        let (_, body) = app.get(&format!("/api/v1/challenges/{id}"), None).await;
        assert_eq!(body["status"], "cancelled", "{body}");
    }
    let id = others["id"].as_str().unwrap();
    let (_, body) = app.get(&format!("/api/v1/challenges/{id}"), None).await;
    assert_eq!(body["status"], "open");
    // Carol hears of her win.
    let (_, notices) = app.get("/api/v1/notifications", Some(&carol.token)).await;
    assert!(notices.to_string().contains("game_finished"), "{notices}");

    let (_, body) = app.get("/api/v1/admin/log", Some(&alice.token)).await;
    assert_eq!(body["actions"][0]["action"], "ban");
    assert_eq!(body["actions"][0]["target"], "bob");
    let detail = body["actions"][0]["detail"].as_str().unwrap();
    assert!(
        detail.starts_with("2 games ended as resignations, 2 challenges cancelled"),
        "{detail}"
    );
    assert!(detail.contains(&with_carol), "{detail}");
    let (status, body) = sanction(&app, &alice, "bob", "ban").await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::CONFLICT, &json!("no_change"))
    );

    // Unbanned, bob signs in again; the games stay over.
    let (status, _) = sanction(&app, &alice, "bob", "unban").await;
    assert_eq!(status, StatusCode::OK);
    let (status, cookie, _) = login(&app, "bob", "password-bob").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(me_by_cookie(&app, &cookie.unwrap()).await, StatusCode::OK);
    assert_eq!(app.game(&with_carol).await["status"], "finished");
    assert_eq!(
        log(&app, &alice).await[..2],
        [
            ("unban".to_owned(), "bob".to_owned()),
            ("ban".to_owned(), "bob".to_owned())
        ]
    );
    // An administrator is not banned.
    let out = std::process::Command::new(SERVER_BIN)
        .args(["admin", "grant", "dave"])
        .env_clear()
        .env("DATABASE_URL", &app.database_url)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let (status, body) = sanction(&app, &alice, "dave", "ban").await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::FORBIDDEN, &json!("target_is_admin"))
    );
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
