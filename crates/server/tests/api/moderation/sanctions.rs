//! Mutes and bans: a muted player cannot chat but plays on; a ban ends sessions, tokens,
//! challenges and games.

use reqwest::StatusCode;
use scraper::{Html, Selector};
use serde_json::{Value, json};

use super::{count, log, login, me_by_cookie, sanction, say, texts};
use crate::{
    helpers::{SERVER_BIN, TestApp, get_page, post_form},
    scenarios,
};

scenarios!(
    muted_players_cannot_chat_but_play_on,
    a_ban_ends_sessions_tokens_challenges_and_games,
);

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
