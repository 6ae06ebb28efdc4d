//! Repertoires: lines of replies kept once for all of a player's games, answering at
//! once while a game's moves follow them; switched per game and by the setting; two
//! that meet playing out their shared line within the per-turn cap; private until the
//! game ends, then marked in its record. Through the API and the pages without script.

use reqwest::{Method, StatusCode};
use rules::{AnyGame, Variant};
use serde_json::{Value, json};

use crate::{
    conditional::{attr, moves, select},
    helpers::{Player, TestApp, post_form},
    scenarios,
};

scenarios!(
    a_repertoire_answers_in_every_game_until_the_moves_leave_it,
    two_repertoires_meet_and_play_their_shared_line_within_the_cap,
    lines_are_checked_and_placed_beside_each_other,
    the_repertoire_page_settings_and_switch_work_without_script,
);

/// Adds `line` to `player`'s repertoire for `color` in `variant`; the answer.
async fn add(
    app: &TestApp,
    player: &Player,
    variant: &str,
    color: &str,
    line: &str,
) -> (StatusCode, Value) {
    app.post(
        "/api/v1/repertoire",
        Some(&player.token),
        json!({"variant": variant, "color": color, "line": line}),
    )
    .await
}

async fn add_ok(app: &TestApp, player: &Player, variant: &str, color: &str, line: &str) -> Value {
    let (status, body) = add(app, player, variant, color, line).await;
    assert_eq!(status, StatusCode::CREATED, "{line}: {body}");
    body
}

/// `player`'s lines as the API lists them.
async fn lines(app: &TestApp, player: &Player) -> Vec<Value> {
    let (status, body) = app.get("/api/v1/repertoire", Some(&player.token)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body.as_array()
        .unwrap_or_else(|| panic!("a list of lines: {body}"))
        .clone()
}

async fn a_repertoire_answers_in_every_game_until_the_moves_leave_it(app: TestApp) {
    let anna = app.player("rep_anna").await;
    let boris = app.player("rep_boris").await;
    add_ok(&app, &anna, "chess", "white", "1. e4 e5 2. Nf3 Nc6 3. Bb5").await;
    add_ok(&app, &anna, "chess", "white", "1. e4 c5 2. Nf3").await;
    // Game one: Boris plays into the line twice, then leaves it.
    let id = app.new_game("chess", &anna, &boris).await;
    app.play_ok(&anna, &boris, &id, "e2e4").await;
    let game = app.play_ok(&anna, &boris, &id, "e7e5").await;
    assert_eq!(moves(&game), ["e2e4", "e7e5", "g1f3"], "Nf3 at once");
    assert_eq!(game["to_move"], "black");
    let game = app.play_ok(&anna, &boris, &id, "b8c6").await;
    assert_eq!(moves(&game)[4], "f1b5");
    let game = app.play_ok(&anna, &boris, &id, "a7a6").await;
    assert_eq!(
        (game["ply"].as_u64(), game["to_move"].as_str()),
        (Some(6), Some("white")),
        "out of the tree, Anna moves herself"
    );
    // Private while it goes on, to both players and in the record.
    let shown = app.game(&id).await;
    assert!(shown["repertoire_moves"].is_null(), "{shown}");
    let record = app.page_html(&format!("/games/{id}/record")).await;
    assert!(!record.contains("repertoire"), "{record}");
    // Ended, the record marks the moves.
    let (status, body) = app.act(&boris, &id, "resign").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let shown = app.game(&id).await;
    assert_eq!(shown["repertoire_moves"], json!(["2. Nf3", "3. Bb5"]));
    let record = app.page_html(&format!("/games/{id}/record")).await;
    assert!(
        record.contains("{Played from a repertoire: 2. Nf3, 3. Bb5}"),
        "{record}"
    );
    // Game two, the other branch; as Black Anna has no line, so nothing is played.
    let id = app.new_game("chess", &anna, &boris).await;
    app.play_ok(&anna, &boris, &id, "e2e4").await;
    let game = app.play_ok(&anna, &boris, &id, "c7c5").await;
    assert_eq!(moves(&game), ["e2e4", "c7c5", "g1f3"]);
    let id = app.new_game("chess", &boris, &anna).await;
    let game = app.play_ok(&boris, &anna, &id, "e2e4").await;
    assert_eq!(game["ply"], 1, "{game}");
    // Game three, switched off in the game: nothing is played for her.
    let id = app.new_game("chess", &anna, &boris).await;
    let (status, body) = app
        .send(
            Method::PUT,
            &format!("/api/v1/games/{id}/repertoire"),
            Some(&anna.token),
            Some(json!({"on": false})),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    app.play_ok(&anna, &boris, &id, "e2e4").await;
    let game = app.play_ok(&anna, &boris, &id, "e7e5").await;
    assert_eq!(game["ply"], 2, "{game}");
    // Only a player switches it, and only while the game goes on.
    let (status, body) = app
        .send(
            Method::PUT,
            &format!("/api/v1/games/{id}/repertoire"),
            Some(&app.player("rep_watcher").await.token),
            Some(json!({"on": true})),
        )
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::FORBIDDEN, Some("not_a_player"))
    );
    // The setting: off for new games, and a new game's switch is off.
    let (status, body) = app
        .send(
            Method::PATCH,
            "/api/v1/me/settings",
            Some(&anna.token),
            Some(json!({"repertoire": false})),
        )
        .await;
    assert_eq!(
        (status, &body["repertoire"]),
        (StatusCode::OK, &json!(false))
    );
    let id = app.new_game("chess", &anna, &boris).await;
    app.play_ok(&anna, &boris, &id, "e2e4").await;
    let game = app.play_ok(&anna, &boris, &id, "e7e5").await;
    assert_eq!(game["ply"], 2, "off by the setting: {game}");
}

/// `plies` moves of a chess game, each picked from the legal ones by a fixed stride
/// (so the line neither repeats itself nor depends on chance).
fn first_moves(plies: usize) -> Vec<String> {
    let mut game = AnyGame::new(Variant::Chess, None).unwrap();
    for ply in 0..plies {
        let legal = game.legal_moves();
        assert!(!legal.is_empty(), "the game went on for {ply} moves only");
        let next = legal[(ply * 7 + 3) % legal.len()].clone();
        game.play(&next).unwrap();
    }
    game.moves().map(str::to_owned).collect()
}

async fn two_repertoires_meet_and_play_their_shared_line_within_the_cap(app: TestApp) {
    let anna = app.player("meet_anna").await;
    let boris = app.player("meet_boris").await;
    let line = first_moves(40);
    let white = add_ok(&app, &anna, "chess", "white", &line[..39].join(" ")).await;
    assert_eq!(white["moves"].as_array().unwrap().len(), 39);
    let black = add_ok(&app, &boris, "chess", "black", &line.join(" ")).await;
    assert_eq!(black["moves"].as_array().unwrap().len(), 40);
    let id = app.new_game("chess", &anna, &boris).await;
    // Anna's first move: the two repertoires answer each other, 24 moves, then wait.
    let cap = domain::game::conditional::REPERTOIRE_PLIES_PER_TURN;
    let game = app.play_ok(&anna, &boris, &id, &line[0]).await;
    assert_eq!(moves(&game), line[..=cap].to_vec());
    // Boris plays the next move of the line himself: they go on to its end.
    let game = app.play_ok(&anna, &boris, &id, &line[cap + 1]).await;
    assert_eq!(moves(&game), line.to_vec(), "the whole line, Boris's last");
    assert_eq!(game["to_move"], "white");
    app.act(&anna, &id, "resign").await;
    let shown = app.game(&id).await;
    let marked = shown["repertoire_moves"].as_array().unwrap().len();
    assert_eq!(marked, 40 - 2, "every move but the two played by hand");
}

async fn lines_are_checked_and_placed_beside_each_other(app: TestApp) {
    let anna = app.player("check_anna").await;
    for (variant, color, line, status, code) in [
        (
            "chess",
            "white",
            "1. e4 e5 2. Ke3",
            StatusCode::UNPROCESSABLE_ENTITY,
            "illegal_move",
        ),
        (
            "chess",
            "white",
            "1. e4 * 2. Nf3",
            StatusCode::UNPROCESSABLE_ENTITY,
            "repertoire_moves_only",
        ),
        (
            "chess",
            "white",
            "1. e4 e5 resign",
            StatusCode::UNPROCESSABLE_ENTITY,
            "repertoire_moves_only",
        ),
        (
            "chess",
            "white",
            "1. e4",
            StatusCode::UNPROCESSABLE_ENTITY,
            "no_reply",
        ),
        (
            "chess",
            "white",
            "  ",
            StatusCode::UNPROCESSABLE_ENTITY,
            "empty_line",
        ),
        (
            "knight-fight",
            "white",
            "e3 f5 g4",
            StatusCode::UNPROCESSABLE_ENTITY,
            "no_repertoire",
        ),
        (
            "chess960",
            "white",
            "1. e4 e5 2. d4",
            StatusCode::UNPROCESSABLE_ENTITY,
            "repertoire_needs_start",
        ),
    ] {
        let (got, body) = add(&app, &anna, variant, color, line).await;
        assert_eq!(
            (got, body["error"].as_str()),
            (status, Some(code)),
            "{variant} {line}: {body}"
        );
    }
    let (status, body) = app
        .post(
            "/api/v1/repertoire",
            Some(&anna.token),
            json!({"variant": "chess", "color": "green", "line": "1. e4 e5 2. Nf3"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(lines(&app, &anna).await.is_empty());
    // Lines part at the opponent's moves; a different answer to one position is refused;
    // a longer line replaces its start; the same line twice is refused.
    add_ok(&app, &anna, "chess", "white", "1. e4 e5 2. Nf3").await;
    add_ok(&app, &anna, "chess", "white", "1. e4 c5 2. c3").await;
    let (status, body) = add(&app, &anna, "chess", "white", "1. e4 e5 2. Bc4").await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::CONFLICT, Some("conflicting_line")),
        "{body}"
    );
    assert!(body["message"].as_str().unwrap().contains("Nf3"), "{body}");
    let (status, body) = add(&app, &anna, "chess", "white", "1. e4 e5").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let (status, body) = add(&app, &anna, "chess", "white", "1. e4 e5 2. Nf3").await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::CONFLICT, Some("duplicate_line"))
    );
    add_ok(&app, &anna, "chess", "white", "1. e4 e5 2. Nf3 Nc6 3. Bb5").await;
    let held = lines(&app, &anna).await;
    assert_eq!(held.len(), 2, "{held:?}");
    // As Black, and from Chess960's start 518; a pasted PGN is cut at 40 moves and ends
    // with the owner's.
    add_ok(&app, &anna, "chess", "black", "1. d4 Nf6").await;
    let (status, body) = app
        .post(
            "/api/v1/repertoire",
            Some(&anna.token),
            json!({"variant": "chess960", "color": "white", "start": "518",
                   "line": "1. e4 e5 2. Nf3"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["start"], json!({"start": 518}));
    let long = first_moves(60);
    let pgn = format!(
        "[Event \"x\"]\n[White \"a\"]\n\n{} *",
        rules::numbered_line(0, long.iter().map(String::as_str))
    );
    let body = add_ok(&app, &anna, "chess", "black", &pgn).await;
    assert_eq!(body["moves"], json!(long[..40]));
    // Deleting: one's own line, once.
    let id = held[0]["id"].as_str().unwrap();
    let path = format!("/api/v1/repertoire/{id}");
    let (status, _) = app
        .send(Method::DELETE, &path, Some(&anna.token), None)
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _) = app
        .send(Method::DELETE, &path, Some(&anna.token), None)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // A finished game's moves become a line; not while it goes on.
    let boris = app.player("check_boris").await;
    let game = app.new_game("reversi-8x8", &boris, &anna).await;
    let start = AnyGame::new(Variant::Reversi8x8, None).unwrap();
    let mut replay = start.clone();
    for _ in 0..6 {
        let next = replay.legal_moves()[0].clone();
        replay.play(&next).unwrap();
        app.play_ok(&boris, &anna, &game, &next).await;
    }
    let path = format!("/api/v1/games/{game}/repertoire-line");
    let (status, body) = app.post(&path, Some(&anna.token), json!({})).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::CONFLICT, Some("game_not_over"))
    );
    app.act(&boris, &game, "resign").await;
    let (status, body) = app.post(&path, Some(&anna.token), json!({})).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(
        (body["variant"].as_str(), body["color"].as_str()),
        (Some("reversi-8x8"), Some("black"))
    );
    let expected: Vec<&str> = replay.moves().collect();
    assert_eq!(body["moves"], json!(expected));
}

async fn the_repertoire_page_settings_and_switch_work_without_script(app: TestApp) {
    let anna = app.player("page_anna").await;
    let boris = app.player("page_boris").await;
    let page = app.page_html_as(&anna, "/repertoire").await;
    assert_eq!(select(&page, "#repertoire-empty").len(), 1);
    let form = |line: &'static str| {
        [
            ("variant", "chess"),
            ("color", "white"),
            ("start", ""),
            ("line", line),
        ]
    };
    let (status, location, _) =
        post_form(&app, &anna, "/repertoire", &form("1. e4 e5 2. Nf3")).await;
    assert_eq!(
        (status, location.as_str()),
        (StatusCode::SEE_OTHER, "/repertoire?added=1#lines")
    );
    let page = app.page_html_as(&anna, "/repertoire").await;
    assert_eq!(select(&page, ".repertoire-moves"), ["1. e4 e5 2. Nf3"]);
    assert_eq!(select(&page, ".repertoire-branch"), ["Chess · White"]);
    // A refused line: the form again, the reason and what was typed.
    let (status, _, page) = post_form(&app, &anna, "/repertoire", &form("1. e4 e5 2. Bc4")).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(select(&page, "#repertoire-error").len(), 1);
    assert_eq!(select(&page, "#repertoire-line"), ["1. e4 e5 2. Bc4"]);
    // The game page's switch.
    let id = app.new_game("chess", &anna, &boris).await;
    let page = app.page_html_as(&anna, &format!("/games/{id}")).await;
    assert_eq!(
        select(&page, "#repertoire-state"),
        ["Your repertoire answers in this game."]
    );
    assert_eq!(
        attr(&page, "#repertoire-switch input[name=on]", "value"),
        "0"
    );
    let (status, location, _) = post_form(
        &app,
        &anna,
        &format!("/games/{id}/repertoire"),
        &[("on", "0")],
    )
    .await;
    assert_eq!(
        (status, location),
        (StatusCode::SEE_OTHER, format!("/games/{id}#conditional"))
    );
    let page = app.page_html_as(&anna, &format!("/games/{id}")).await;
    assert_eq!(
        select(&page, "#repertoire-state"),
        ["Your repertoire is off in this game."]
    );
    let watcher = app.page_html(&format!("/games/{id}")).await;
    assert!(select(&watcher, "#repertoire-switch").is_empty());
    let (status, _, _) = post_form(
        &app,
        &anna,
        &format!("/games/{id}/repertoire"),
        &[("on", "maybe")],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    // The setting, through the settings form.
    let (status, _, _) = post_form(&app, &anna, "/settings/play", &[("repertoire", "0")]).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let settings = app.page_html_as(&anna, "/settings").await;
    assert_eq!(attr(&settings, "#repertoire-off", "checked"), "");
    let id = app.new_game("chess", &anna, &boris).await;
    let page = app.page_html_as(&anna, &format!("/games/{id}")).await;
    assert_eq!(
        select(&page, "#repertoire-state"),
        ["Your repertoire is off in this game."]
    );
    // A finished game: the button adds its opening.
    app.play_ok(&anna, &boris, &id, "d2d4").await;
    app.play_ok(&anna, &boris, &id, "d7d5").await;
    app.play_ok(&anna, &boris, &id, "c2c4").await;
    app.act(&boris, &id, "resign").await;
    let page = app.page_html_as(&anna, &format!("/games/{id}")).await;
    assert_eq!(select(&page, "#repertoire-from-game button").len(), 1);
    let (status, location, _) =
        post_form(&app, &anna, &format!("/games/{id}/repertoire-line"), &[]).await;
    assert_eq!(
        (status, location.as_str()),
        (StatusCode::SEE_OTHER, "/repertoire?added=1#lines")
    );
    let page = app.page_html_as(&anna, "/repertoire").await;
    let mut listed = select(&page, ".repertoire-moves");
    listed.sort();
    assert_eq!(listed, ["1. d4 d5 2. c4", "1. e4 e5 2. Nf3"]);
}
