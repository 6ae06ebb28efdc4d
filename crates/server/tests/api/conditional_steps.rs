//! Conditional lines beyond named moves: `*` for any move of the opponent (a pass in
//! Reversi too), a named move winning over a `*`, an answer that cannot be played when it
//! comes (the line goes, its owner hears why), and a line that ends with an action (a
//! resignation, a draw offered, accepted or claimed) done by the rules of its button.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    conditional::{add, add_ok, find_pass, lines_of, moves, select},
    helpers::{Player, TestApp, assert_caches_match_replays, post_form},
    scenarios,
};

scenarios!(
    any_move_is_answered_and_a_named_move_wins_over_it,
    an_answer_illegal_when_it_comes_drops_the_line_and_says_why,
    any_move_matches_a_forced_pass,
    a_line_resigns_or_agrees_or_claims_a_draw,
    a_line_offers_a_draw_and_a_refused_action_is_told,
    the_form_ends_a_line_with_an_action,
);

/// The unread notices of `player` of `kind`.
async fn notices(app: &TestApp, player: &Player, kind: &str) -> Vec<Value> {
    let (status, body) = app.get("/api/v1/notifications", Some(&player.token)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|item| item["kind"] == kind && item["read_at"].is_null())
        .cloned()
        .collect()
}

/// The texts of the notices the notification centre shows `player`.
async fn notice_texts(app: &TestApp, player: &Player) -> Vec<String> {
    let page = app.page_html_as(player, "/notifications").await;
    select(&page, "#notification-list li > a")
}

async fn any_move_is_answered_and_a_named_move_wins_over_it(app: TestApp) {
    let white = app.player("any_w").await;
    let black = app.player("any_b").await;
    let id = app.new_game("chess", &white, &black).await;
    // On White's turn Black says: after d4, d5; after anything else, Nf6 and then g6
    // whatever comes.
    add_ok(&app, &black, &id, "d4 d5").await;
    add_ok(&app, &black, &id, "* Nf6 * g6").await;
    assert_eq!(
        lines_of(&app, &black, &id).await,
        ["d2d4 d7d5", "* Nf6 * g6"]
    );
    // Two answers to any move conflict; a `*` at Black's own move is refused.
    let (status, body) = add(&app, &black, &id, "* e5", 0).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::CONFLICT, Some("conflicting_line")),
        "{body}"
    );
    let (status, body) = add(&app, &black, &id, "e4 *", 0).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("any_for_opponent")),
        "{body}"
    );
    // d4: the line naming it answers, and the `*` line gives way.
    let (status, game) = app.play(&white, &id, "d2d4", 0).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(moves(&game), ["d2d4", "d7d5"]);
    assert!(lines_of(&app, &black, &id).await.is_empty());
    // Again, with only the `*` line: c4 and Nc3 are answered with Nf6 and g6, each
    // checked in the position it comes in.
    add_ok(&app, &black, &id, "* Nf6 * g6").await;
    let (status, game) = app.play(&white, &id, "c2c4", 2).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(moves(&game)[2..], ["c2c4", "g8f6"]);
    assert_eq!(lines_of(&app, &black, &id).await, ["* g6"]);
    let (status, game) = app.play(&white, &id, "b1c3", 4).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(moves(&game)[4..], ["b1c3", "g7g6"]);
    assert_eq!(game["to_move"], "white");
    assert!(lines_of(&app, &black, &id).await.is_empty());
    assert_caches_match_replays(&app).await;
}

async fn an_answer_illegal_when_it_comes_drops_the_line_and_says_why(app: TestApp) {
    let white = app.player("gone_w").await;
    let black = app.player("gone_b").await;
    let id = app.new_game("chess", &white, &black).await;
    app.play_ok(&white, &black, &id, "e2e4").await;
    app.play_ok(&white, &black, &id, "e7e5").await;
    // Black will take on d4 whatever White plays first: the pawn on e5 can, once a White
    // piece stands on d4; after Nf3 nothing does.
    add_ok(&app, &black, &id, "* exd4").await;
    let (status, game) = app.play(&white, &id, "g1f3", 2).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    // Nothing was played for Black; the line is gone and Black is to move.
    assert_eq!(moves(&game)[2..], ["g1f3"]);
    assert_eq!(game["to_move"], "black");
    assert!(lines_of(&app, &black, &id).await.is_empty());
    // Black hears of it with the reason, in the API and on the notices page.
    let turns = notices(&app, &black, "your_turn").await;
    assert_eq!(turns.len(), 1, "{turns:?}");
    assert_eq!(turns[0]["payload"]["unanswered"], "exd4");
    assert_eq!(turns[0]["payload"]["why"], "illegal_move");
    let told = "gone_w played Nf3 in your Chess game. Your conditional line could not \
                answer with exd4: That move is not legal here. It is your turn.";
    let texts = notice_texts(&app, &black).await;
    assert!(texts.iter().any(|text| text == told), "{texts:?}");
    // The same line where White does put a piece on d4: answered.
    app.play_ok(&white, &black, &id, "b8c6").await;
    add_ok(&app, &black, &id, "* exd4").await;
    let (status, game) = app.play(&white, &id, "f3d4", 4).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(moves(&game)[4..], ["f3d4", "e5d4"]);
}

async fn any_move_matches_a_forced_pass(app: TestApp) {
    let found = find_pass();
    let white = app.player("anypass_w").await;
    let black = app.player("anypass_b").await;
    let id = app.new_game("reversi-6x6", &white, &black).await;
    for mv in &found.prefix {
        app.play_ok(&white, &black, &id, mv).await;
    }
    let game = app.game(&id).await;
    let ply = game["ply"].as_u64().unwrap();
    let (opponent, owner) = if game["to_move"] == "white" {
        (&white, &black)
    } else {
        (&black, &white)
    };
    // Any move, my move, any move or pass, my next move: the opponent's forced pass
    // is the second `*`.
    let line = format!("* {} * {}", found.mine, found.next);
    let stored = add_ok(&app, owner, &id, &line).await;
    assert_eq!(stored["moves"], json!(["*", &found.mine, "*", &found.next]));
    let (status, game) = app.play(opponent, &id, &found.theirs, ply).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    let played = moves(&game);
    assert_eq!(
        played[played.len() - 4..],
        [
            found.theirs.as_str(),
            found.mine.as_str(),
            "pass",
            found.next.as_str()
        ]
    );
    assert!(lines_of(&app, owner, &id).await.is_empty());
    assert_caches_match_replays(&app).await;
}

/// A chess game of two new players, with `opening` played.
async fn chess_after(
    app: &TestApp,
    names: (&str, &str),
    opening: &[&str],
) -> (Player, Player, String) {
    let white = app.player(names.0).await;
    let black = app.player(names.1).await;
    let id = app.new_game("chess", &white, &black).await;
    for mv in opening {
        app.play_ok(&white, &black, &id, mv).await;
    }
    (white, black, id)
}

async fn a_line_resigns_or_agrees_or_claims_a_draw(app: TestApp) {
    let before = app.stats().await;
    // Resign: if White plays Qh5, Black gives up.
    let (white, black, id) = chess_after(&app, ("res_w", "res_b"), &["e2e4", "e7e5"]).await;
    add_ok(&app, &black, &id, "Qh5 resign").await;
    let (status, game) = app.play(&white, &id, "d1h5", 2).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(moves(&game)[2..], ["d1h5"]);
    assert_eq!(
        (&game["status"], &game["result"], &game["end_reason"]),
        (&json!("finished"), &json!("1-0"), &json!("resignation"))
    );
    for player in [&white, &black] {
        assert_eq!(notices(&app, player, "game_finished").await.len(), 1);
    }
    // Accept: White offers a draw with Nf3; Black's line accepts it.
    let (white, black, id) = chess_after(&app, ("acc_w", "acc_b"), &["e2e4", "e7e5"]).await;
    add_ok(&app, &black, &id, "Nf3 draw-accept").await;
    let (status, body) = app.act(&white, &id, "draw/offer").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, game) = app.play(&white, &id, "g1f3", 2).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(
        (&game["result"], &game["end_reason"]),
        (&json!("1/2-1/2"), &json!("agreement"))
    );
    // Claim: the third time the position after Nf3 comes, Black claims the draw.
    let shuffle = [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ];
    let (white, black, id) = chess_after(&app, ("claim_w", "claim_b"), &shuffle).await;
    assert_eq!(app.game(&id).await["ply"], 8);
    let (status, body) = add(&app, &black, &id, "Nf3 draw-claim", 8).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    // Claiming where no claim comes is refused when entered.
    let (status, body) = add(&app, &black, &id, "Nc3 draw-claim", 8).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("no_draw_claim")),
        "{body}"
    );
    let (status, game) = app.play(&white, &id, "g1f3", 8).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(
        (&game["result"], &game["end_reason"]),
        (&json!("1/2-1/2"), &json!("threefold_repetition"))
    );
    // Each game counted once.
    let after = app.stats().await;
    let chess = |stats: &[(String, i64, i64, i64, i64)]| {
        stats.iter().find(|row| row.0 == "chess").cloned().unwrap()
    };
    let (b, a) = (chess(&before), chess(&after));
    assert_eq!((a.1 - b.1, a.2 - b.2, a.3 - b.3, a.4 - b.4), (1, 0, 2, 3));
    assert_caches_match_replays(&app).await;
}

async fn a_line_offers_a_draw_and_a_refused_action_is_told(app: TestApp) {
    // Offer: after Nf3 Black offers a draw, and is still to move.
    let (white, black, id) = chess_after(&app, ("off_w", "off_b"), &["e2e4", "e7e5"]).await;
    add_ok(&app, &black, &id, "Nf3 draw-offer").await;
    let (status, game) = app.play(&white, &id, "g1f3", 2).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(moves(&game)[2..], ["g1f3"]);
    assert_eq!(
        (&game["status"], &game["to_move"], &game["draw_offer"]),
        (&json!("active"), &json!("black"), &json!("black"))
    );
    assert_eq!(notices(&app, &white, "draw_offer").await.len(), 1);
    // The offer stands through Black's own move; White accepts it with the button.
    app.play_ok(&white, &black, &id, "b8c6").await;
    let (status, game) = app.act(&white, &id, "draw/accept").await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["end_reason"], "agreement");
    // Accepting an offer nobody made: the line goes, the game goes on, Black hears why.
    let (white, black, id) = chess_after(&app, ("noo_w", "noo_b"), &["e2e4", "e7e5"]).await;
    add_ok(&app, &black, &id, "Nf3 draw-accept").await;
    let (status, game) = app.play(&white, &id, "g1f3", 2).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(
        (&game["status"], &game["to_move"]),
        (&json!("active"), &json!("black"))
    );
    assert!(lines_of(&app, &black, &id).await.is_empty());
    let turns = notices(&app, &black, "your_turn").await;
    assert_eq!(turns.len(), 1, "{turns:?}");
    assert_eq!(turns[0]["payload"]["unanswered"], "draw-accept");
    assert_eq!(turns[0]["payload"]["why"], "no_draw_offer");
    let told = "noo_w played Nf3 in your Chess game. Your conditional line could not \
                answer with accept the draw offer: Your opponent offers no draw. It is your \
                turn.";
    let texts = notice_texts(&app, &black).await;
    assert!(texts.iter().any(|text| text == told), "{texts:?}");
    // Against the computer a line may not offer or accept a draw.
    let (status, game) = app
        .post(
            "/api/v1/computer-games",
            Some(&white.token),
            json!({"variant": "chess", "level": 1, "color": "white"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    let computer_game = game["id"].as_str().unwrap();
    let (status, body) = add(&app, &white, computer_game, "e4 * draw-offer", 0).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::CONFLICT, Some("computer_game")),
        "{body}"
    );
    let (status, body) = add(&app, &white, computer_game, "e4 * resign", 0).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}

async fn the_form_ends_a_line_with_an_action(app: TestApp) {
    let (white, _black, id) = chess_after(&app, ("formact_w", "formact_b"), &["e2e4"]).await;
    let path = format!("/games/{id}");
    let page = app.page_html_as(&white, &path).await;
    assert_eq!(
        select(
            &page,
            "#conditional-form select#conditional-action[name=action] option"
        )
        .len(),
        5
    );
    assert_eq!(select(&page, "label[for=conditional-action]").len(), 1);
    let (status, location, _) = post_form(
        &app,
        &white,
        &format!("/games/{id}/conditional"),
        &[("moves", "* Nf3 *"), ("ply", "1"), ("action", "draw-offer")],
    )
    .await;
    assert_eq!(
        (status, location.as_str()),
        (
            StatusCode::SEE_OTHER,
            format!("/games/{id}#conditional").as_str()
        )
    );
    let page = app.page_html_as(&white, &path).await;
    assert_eq!(
        select(&page, "#conditional-lines .conditional-moves"),
        ["1… (any move) 2. Nf3 (any move) 3. offer a draw"]
    );
    // An action no line may end with: the page again with the reason, the moves kept.
    let (status, _, page) = post_form(
        &app,
        &white,
        &format!("/games/{id}/conditional"),
        &[("moves", "c5 Nf3"), ("ply", "1"), ("action", "abort")],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(select(&page, "#conditional-error[role=alert]").len(), 1);
    assert_eq!(
        crate::conditional::attr(&page, "#conditional-moves", "value"),
        "c5 Nf3"
    );
    // An action in the middle: refused with its step named.
    let (status, _, page) = post_form(
        &app,
        &white,
        &format!("/games/{id}/conditional"),
        &[("moves", "c5 resign Nf3"), ("ply", "1")],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        select(&page, "#conditional-error[role=alert]"),
        ["Step 2 of the line (resign) is an action: an action ends the line."]
    );
}
