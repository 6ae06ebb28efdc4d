//! The administrator role (the first person, also when sign-ups race) and reports of chat
//! lines and players.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use super::{count, log, sanction, say, texts};
use crate::{
    helpers::{SERVER_BIN, TestApp, get_page, post_form},
    scenarios,
};

scenarios!(
    the_first_person_is_the_administrator,
    reports_of_chat_lines_and_players,
);

scenarios!(with [("SIGNUP_PER_HOUR", "100")];
    racing_first_sign_ups_make_one_administrator,
);

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
