//! The settings pages by form: playing settings (straight on to the next game), API tokens,
//! the time zone, vacations and weekends off.

use reqwest::StatusCode;

use crate::{
    helpers::TestApp,
    page_client::{Browser, new_game},
    scenarios,
};

scenarios!(
    playing_settings_by_form_and_straight_on_to_the_next_game,
    settings_page_lists_makes_and_revokes_tokens,
);

scenarios!(with [("VACATION_DAYS_PER_YEAR", "30")];
    settings_page_sets_the_time_zone_and_takes_a_vacation_by_form,
    weekends_off_by_form_and_a_day_given_on_the_game_page,
);

async fn playing_settings_by_form_and_straight_on_to_the_next_game(app: TestApp) {
    let mut white = Browser::sign_up(&app, "paula").await;
    let mut black = Browser::sign_up(&app, "piet").await;
    // The defaults: stay on the game, confirm moves.
    let page = white.get("/settings").await;
    assert_eq!(page.text("#playing h2"), "Playing");
    assert_eq!(page.attr("#play-form", "action"), "/settings/play");
    assert_eq!(
        page.attrs("#play-form input[name=after_move]", "value"),
        ["stay", "next_game"]
    );
    assert_eq!(
        page.attr("input[name=after_move][checked]", "value"),
        "stay"
    );
    assert_eq!(
        page.attr("input[name=confirm_moves][checked]", "value"),
        "1"
    );
    assert!(page.text("#playing .help").contains("Without JavaScript"));
    assert!(!page.has("#play-saved"));
    let first = new_game(&mut white, &mut black, "piet", "reversi-6x6").await;
    let second = new_game(&mut white, &mut black, "piet", "chess").await;
    // The game page offers the next game where it is my turn, and tells the script to
    // ask before it sends a move (its Confirm and Cancel wait, hidden).
    let page = white.get(&format!("/games/{first}")).await;
    assert_eq!(page.attr("#next-game", "href"), format!("/games/{second}"));
    assert_eq!(page.attr("#game", "data-confirm-moves"), "1");
    assert!(page.has("#move-confirm[hidden] button#confirm-move[type=button]"));
    assert!(page.has("#move-confirm[hidden] button#cancel-move[type=button]"));
    // Staying (the default): back to the game after the move.
    let ply = page.board_ply().to_string();
    let reversi_move = page.move_buttons()[0].clone();
    let moved = white
        .post(
            &format!("/games/{first}/move"),
            &[("move", reversi_move.as_str()), ("ply", &ply)],
        )
        .await;
    assert_eq!(moved.status, StatusCode::SEE_OTHER, "{}", moved.body);
    assert_eq!(moved.location, format!("/games/{first}"));

    // Values that are not offered: the page again with the error, nothing changed.
    for form in [
        [("after_move", "home"), ("confirm_moves", "1")],
        [("after_move", "next_game"), ("confirm_moves", "maybe")],
    ] {
        let page = white.post("/settings/play", &form).await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY, "{form:?}");
        assert!(page.text("#play-error").starts_with("Choose"), "{form:?}");
        assert_eq!(
            page.attr("input[name=after_move][checked]", "value"),
            "stay"
        );
    }
    // Straight on to the next game, and no confirming.
    let saved = white
        .post(
            "/settings/play",
            &[("after_move", "next_game"), ("confirm_moves", "0")],
        )
        .await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    assert_eq!(saved.location, "/settings?saved=play#playing");
    let page = white.get("/settings?saved=play").await;
    assert_eq!(page.text("#play-saved"), "Your playing settings are saved.");
    assert_eq!(
        page.attr("input[name=after_move][checked]", "value"),
        "next_game"
    );
    assert_eq!(
        page.attr("input[name=confirm_moves][checked]", "value"),
        "0"
    );
    // The API reads the same settings (here with the session cookie).
    let api = white.get("/api/v1/me/settings").await;
    let api: serde_json::Value = serde_json::from_str(&api.body).unwrap();
    assert_eq!(
        api,
        serde_json::json!({"after_move": "next_game", "confirm_moves": false, "repertoire": true})
    );
    let page = white.get(&format!("/games/{second}")).await;
    assert!(!page.has("#game[data-confirm-moves]"));
    assert!(!page.has("#move-confirm"));
    // No other game waits for Paula (Piet is to move in the first): she stays.
    let ply = page.board_ply().to_string();
    let moved = white
        .post(
            &format!("/games/{second}/move"),
            &[("move", "e2e4"), ("ply", &ply)],
        )
        .await;
    assert_eq!(moved.location, format!("/games/{second}"));
    // Piet keeps the default: back to his game.
    let page = black.get(&format!("/games/{first}")).await;
    let reply = page.move_buttons()[0].clone();
    let moved = black
        .post(
            &format!("/games/{first}/move"),
            &[
                ("move", reply.as_str()),
                ("ply", &page.board_ply().to_string()),
            ],
        )
        .await;
    assert_eq!(moved.location, format!("/games/{first}"));
    // Now a third game waits for Paula: her move in the first takes her there.
    let third = new_game(&mut white, &mut black, "piet", "knight-fight").await;
    let page = white.get(&format!("/games/{first}")).await;
    assert_eq!(page.attr("#next-game", "href"), format!("/games/{third}"));
    let ply = page.board_ply().to_string();
    let next_move = page.move_buttons()[0].clone();
    let moved = white
        .post(
            &format!("/games/{first}/move"),
            &[("move", next_move.as_str()), ("ply", &ply)],
        )
        .await;
    assert_eq!(moved.status, StatusCode::SEE_OTHER, "{}", moved.body);
    assert_eq!(moved.location, format!("/games/{third}"));
    let page = white.get(&moved.location).await;
    assert_eq!(
        page.text("#no-next-game"),
        "No other game waits for your move."
    );
    // A refused move is no move: the game again with the error, not the next game.
    let stale = white
        .post(
            &format!("/games/{first}/move"),
            &[("move", next_move.as_str()), ("ply", &ply)],
        )
        .await;
    assert!(stale.status.is_client_error(), "{}", stale.status);
    assert!(stale.location.is_empty());
    // In Estonian.
    white.get("/lang/et?back=/settings").await;
    let page = white.get("/settings").await;
    assert_eq!(page.text("#playing h2"), "Mängimine");
    assert_eq!(
        page.text("label[for=after-move-next-game]"),
        "Mine kohe järgmisse mängu, kus on minu käik"
    );
}

async fn settings_page_lists_makes_and_revokes_tokens(app: TestApp) {
    let mut guest = Browser::new(&app);
    let page = guest.get("/settings").await;
    assert_eq!(
        (page.status, page.location.as_str()),
        (StatusCode::SEE_OTHER, "/login?next=/settings")
    );
    let mut browser = Browser::sign_up(&app, "ulla").await;
    let home = browser.get("/").await;
    assert_eq!(
        home.attr(".account a[href='/settings']", "href"),
        "/settings"
    );
    let page = browser.get("/settings").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.has("#no-tokens"));
    // Making a token shows it once, and lists it by name.
    let made = browser
        .post("/settings/tokens", &[("name", "my <bot>")])
        .await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.body);
    let token = made.text("#new-token");
    assert_eq!(token.len(), 64);
    assert_eq!(made.texts("#token-list tbody td:first-child"), ["my <bot>"]);
    let (status, me) = app.get("/api/v1/me", Some(&token)).await;
    assert_eq!(
        (status, me["username"].as_str()),
        (StatusCode::OK, Some("ulla"))
    );
    let page = browser.get("/settings").await;
    assert!(!page.has("#new-token"));
    assert!(!page.body.contains(&token));
    let id = page.attr("#token-list tbody tr", "data-token-id");
    assert!(!token.contains(&id));
    let last_used = page.texts("#token-list tbody td:nth-child(3)");
    assert_eq!(last_used.len(), 1);
    assert_ne!(last_used[0], "never", "the token was just used");
    // A name too long is refused next to its field.
    let refused = browser
        .post("/settings/tokens", &[("name", &"n".repeat(61))])
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused.has("#token-name-error"));
    // Revoking ends the token.
    let revoked = browser
        .post(&format!("/settings/tokens/{id}/revoke"), &[])
        .await;
    assert_eq!(
        (revoked.status, revoked.location.as_str()),
        (StatusCode::SEE_OTHER, "/settings#tokens")
    );
    let (status, _) = app.get("/api/v1/me", Some(&token)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(browser.get("/settings").await.has("#no-tokens"));
    // Someone else's token id is not found.
    let other = app.player("vera").await;
    let (_, list) = app.get("/api/v1/tokens", Some(&other.token)).await;
    let other_id = list[0]["id"].as_str().unwrap().to_owned();
    let page = browser
        .post(&format!("/settings/tokens/{other_id}/revoke"), &[])
        .await;
    assert_eq!(page.status, StatusCode::NOT_FOUND);
    assert_eq!(
        app.get("/api/v1/me", Some(&other.token)).await.0,
        StatusCode::OK
    );
}

async fn settings_page_sets_the_time_zone_and_takes_a_vacation_by_form(app: TestApp) {
    let mut ann = Browser::sign_up(&app, "annika").await;
    let page = ann.get("/settings").await;
    assert_eq!(page.attr("#time-zone", "value"), "UTC");
    assert!(page.has("#auto-vacation[checked]"));
    assert!(
        page.text("#vacation-left").contains("720 of 720"),
        "{}",
        page.body
    );
    // A zone that does not exist: shown in the section, nothing changed.
    let refused = ann
        .post(
            "/settings/time",
            &[("time_zone", "Mars/Olympus"), ("auto_vacation", "on")],
        )
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        refused
            .text("#time .form-error")
            .contains("not a time zone")
    );
    let saved = ann
        .post("/settings/time", &[("time_zone", "Europe/Tallinn")])
        .await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    let page = ann.get("/settings").await;
    assert_eq!(page.attr("#time-zone", "value"), "Europe/Tallinn");
    assert!(!page.has("#auto-vacation[checked]"));
    // Two days and three hours of vacation, then back early.
    for (days, hours, status) in [
        ("x", "0", StatusCode::UNPROCESSABLE_ENTITY),
        ("40", "0", StatusCode::UNPROCESSABLE_ENTITY),
        ("2", "3", StatusCode::SEE_OTHER),
    ] {
        let posted = ann
            .post("/settings/vacation", &[("days", days), ("hours", hours)])
            .await;
        assert_eq!(posted.status, status, "{days} {hours}: {}", posted.body);
    }
    // Times are shown in the zone chosen (the saved zone's cookie): 13:00 UTC is 15:00
    // in Tallinn, and the page says so.
    let page = ann.get("/settings").await;
    assert!(
        page.text("#vacation-now").contains("2026-12-03 15:00 EET"),
        "{}",
        page.body
    );
    assert!(page.text("#zone-shown").contains("Europe/Tallinn"));
    assert!(page.text("#vacation-left").contains("669 of 720"));
    assert!(!page.has("#vacation-form"));
    app.clock.advance(5 * 3600);
    let ended = ann.post("/settings/vacation/end", &[]).await;
    assert_eq!(ended.status, StatusCode::SEE_OTHER);
    let page = ann.get("/settings").await;
    assert!(!page.has("#vacation-now"));
    assert!(
        page.text("#vacation-left").contains("715 of 720"),
        "{}",
        page.body
    );
    // The rules page states the allowance the server gives.
    let rules = ann.get("/rules/chess").await;
    assert!(rules.text("#time").contains("30 days of vacation a year"));
}

async fn weekends_off_by_form_and_a_day_given_on_the_game_page(app: TestApp) {
    let mut ann = Browser::sign_up(&app, "annika").await;
    let mut bob = Browser::sign_up(&app, "bobby").await;
    let page = ann
        .post(
            "/challenges",
            &[
                ("variant", "chess"),
                ("color", "white"),
                ("time_kind", "per_move"),
                ("days_per_move", "3"),
                ("extra_hours", "0"),
                ("opponent", "bobby"),
                ("weekends_off", "on"),
                ("no_vacation", "on"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
    let lobby = bob.get("/lobby").await;
    let cells = lobby.cells("#to-me tbody tr");
    assert_eq!(
        cells[3].split("Expected").next().unwrap(),
        "3 d per move \u{b7} weekends off \u{b7} no vacation"
    );
    let accept = lobby.attr("#to-me form", "action");
    let page = bob.post(&accept, &[]).await;
    let game = page.location.strip_prefix("/games/").unwrap().to_owned();
    // Black gives White, who is to move, a day: the button is Black's alone.
    let page = bob.get(&format!("/games/{game}")).await;
    assert!(page.has("button[value='give-time']"), "{}", page.body);
    assert!(
        !ann.get(&format!("/games/{game}"))
            .await
            .has("button[value='give-time']")
    );
    let page = bob.act(&game, "give-time", "0").await;
    assert_eq!(page.texts("#clocks dd")[0], "4 d 0 h");
    // On Saturday White's clock says why it stands still.
    app.clock.advance(4 * 86_400);
    let page = ann.get(&format!("/games/{game}")).await;
    assert!(
        page.text("#clocks dd.stopped").contains("Weekend"),
        "{}",
        page.body
    );
    assert!(!page.has("#clocks dd.running"));
}
