//! Scripted games: every termination kind, and what each one counts.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    helpers::{Player, TestApp},
    scenarios,
};

scenarios!(
    fools_mate_ends_by_checkmate,
    loyds_stalemate_is_a_draw,
    threefold_repetition_is_claimed_by_the_player_to_move,
    resignation_loses_and_is_counted,
    draw_offer_accept_decline_and_lapse,
    abort_only_before_both_have_moved_and_counts_nowhere,
    new_game_shows_the_api_shape,
    knight_fight_keeps_its_numbers,
    reversi_wipeout_ends_the_game_at_once,
    forced_pass_is_played_in_the_same_request,
    game_list_puts_my_turn_first_then_waiting_then_finished,
    game_list_pages_through_ended_games_by_cursor,
    input_model_enters_every_legal_move_step_by_step,
    the_game_lists_what_each_viewer_may_do_now,
);

async fn setup(app: &TestApp, variant: &str) -> (Player, Player, String) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let id = app.new_game(variant, &white, &black).await;
    (white, black, id)
}

async fn play_all(
    app: &TestApp,
    white: &Player,
    black: &Player,
    id: &str,
    moves: &[&str],
) -> Value {
    let mut last = Value::Null;
    for mv in moves {
        last = app.play_ok(white, black, id, mv).await;
    }
    last
}

fn stats_of(stats: &[(String, i64, i64, i64, i64)], variant: &str) -> (i64, i64, i64, i64) {
    let row = stats.iter().find(|row| row.0 == variant).unwrap();
    (row.1, row.2, row.3, row.4)
}

async fn fools_mate_ends_by_checkmate(app: TestApp) {
    let (white, black, id) = setup(&app, "chess").await;
    let game = play_all(&app, &white, &black, &id, &["f2f3", "e7e5", "g2g4", "d8h4"]).await;
    assert_eq!(game["status"], "finished");
    assert_eq!(game["result"], "0-1");
    assert_eq!(game["termination"], "normal");
    assert_eq!(game["end_reason"], "checkmate");
    assert_eq!(game["ply"], 4);
    assert_eq!(game["to_move"], Value::Null);
    assert_eq!(game["legal_moves"], json!([]));
    assert_eq!(game["deadline"], Value::Null);
    assert_eq!(game["moves"], json!(["f2f3", "e7e5", "g2g4", "d8h4"]));
    assert_eq!(
        app.game(&id).await,
        game,
        "what was answered is what is stored"
    );
    assert_eq!(stats_of(&app.stats().await, "chess"), (0, 1, 0, 1));
    // Nothing more can be played.
    let (status, err) = app.play(&white, &id, "e2e4", 4).await;
    assert_eq!(
        (status, err["error"].as_str()),
        (StatusCode::CONFLICT, Some("game_over"))
    );
}

async fn loyds_stalemate_is_a_draw(app: TestApp) {
    let (white, black, id) = setup(&app, "chess").await;
    // Sam Loyd's ten-move stalemate; SAN is accepted as input, UCI comes back.
    let san = [
        "e3", "a5", "Qh5", "Ra6", "Qxa5", "h5", "h4", "Rah6", "Qxc7", "f6", "Qxd7+", "Kf7", "Qxb7",
        "Qd3", "Qxb8", "Qh7", "Qxc8", "Kg6", "Qe6",
    ];
    let game = play_all(&app, &white, &black, &id, &san).await;
    assert_eq!(game["result"], "1/2-1/2");
    assert_eq!(game["termination"], "normal");
    assert_eq!(game["end_reason"], "stalemate");
    assert_eq!(game["moves"][0], "e2e3");
    assert_eq!(game["moves"][18], "c8e6");
    assert_eq!(stats_of(&app.stats().await, "chess"), (0, 0, 1, 1));
}

async fn threefold_repetition_is_claimed_by_the_player_to_move(app: TestApp) {
    let (white, black, id) = setup(&app, "chess").await;
    let dance = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let game = play_all(&app, &white, &black, &id, &dance).await;
    assert_eq!(game["draw_claims"], json!([]), "the start stood only twice");
    let (status, err) = app.act(&white, &id, "draw/claim").await;
    assert_eq!(
        (status, err["error"].as_str()),
        (StatusCode::CONFLICT, Some("no_draw_claim"))
    );
    let game = play_all(&app, &white, &black, &id, &dance).await;
    assert_eq!(game["draw_claims"], json!(["threefold_repetition"]));
    // Only the player to move may claim.
    let (status, err) = app.act(&black, &id, "draw/claim").await;
    assert_eq!(
        (status, err["error"].as_str()),
        (StatusCode::FORBIDDEN, Some("not_your_turn"))
    );
    let (status, game) = app.act(&white, &id, "draw/claim").await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["result"], "1/2-1/2");
    assert_eq!(game["termination"], "claim");
    assert_eq!(game["end_reason"], "threefold_repetition");
    assert_eq!(stats_of(&app.stats().await, "chess"), (0, 0, 1, 1));
}

async fn resignation_loses_and_is_counted(app: TestApp) {
    let (white, black, id) = setup(&app, "reversi-8x8").await;
    let (status, game) = app.act(&white, &id, "resign").await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["status"], "finished");
    assert_eq!(game["result"], "0-1");
    assert_eq!(game["termination"], "resignation");
    let (status, err) = app.act(&black, &id, "resign").await;
    assert_eq!(
        (status, err["error"].as_str()),
        (StatusCode::CONFLICT, Some("game_over"))
    );
    // Black resigns another game, on their own turn or not.
    let id = app.new_game("reversi-8x8", &white, &black).await;
    let (_, game) = app.act(&black, &id, "resign").await;
    assert_eq!(game["result"], "1-0");
    assert_eq!(stats_of(&app.stats().await, "reversi-8x8"), (1, 1, 0, 2));
    // Someone who does not play cannot resign it.
    let other = app.player("other").await;
    let id = app.new_game("reversi-8x8", &white, &black).await;
    let (status, err) = app.act(&other, &id, "resign").await;
    assert_eq!(
        (status, err["error"].as_str()),
        (StatusCode::FORBIDDEN, Some("not_a_player"))
    );
    let (status, _) = app.act(&white, "no-such-game", "resign").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

async fn draw_offer_accept_decline_and_lapse(app: TestApp) {
    let (white, black, id) = setup(&app, "chess").await;
    // No offer stands: nothing to accept or decline.
    let (status, err) = app.act(&black, &id, "draw/accept").await;
    assert_eq!(
        (status, err["error"].as_str()),
        (StatusCode::CONFLICT, Some("no_draw_offer"))
    );
    let (status, game) = app.act(&white, &id, "draw/offer").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(game["draw_offer"], "white");
    let (status, err) = app.act(&white, &id, "draw/offer").await;
    assert_eq!(
        (status, err["error"].as_str()),
        (StatusCode::CONFLICT, Some("draw_already_offered"))
    );
    // The offerer cannot accept their own offer.
    let (status, _) = app.act(&white, &id, "draw/accept").await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, game) = app.act(&black, &id, "draw/decline").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(game["draw_offer"], Value::Null);
    // One offer per player per move: White offers again only after a move.
    let (status, err) = app.act(&white, &id, "draw/offer").await;
    assert_eq!(
        (status, err["error"].as_str()),
        (StatusCode::CONFLICT, Some("draw_offer_this_move"))
    );
    app.play_ok(&white, &black, &id, "e2e4").await;
    app.play_ok(&white, &black, &id, "e7e5").await;
    // An offer stays while the offerer moves, and lapses when the opponent moves.
    app.act(&white, &id, "draw/offer").await;
    let game = app.play_ok(&white, &black, &id, "g1f3").await;
    assert_eq!(game["draw_offer"], "white");
    let game = app.play_ok(&white, &black, &id, "b8c6").await;
    assert_eq!(game["draw_offer"], Value::Null);
    let (status, _) = app.act(&black, &id, "draw/accept").await;
    assert_eq!(
        status,
        StatusCode::CONFLICT,
        "the lapsed offer cannot be accepted"
    );
    // Offer and accept.
    app.act(&black, &id, "draw/offer").await;
    let (status, game) = app.act(&white, &id, "draw/accept").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(game["result"], "1/2-1/2");
    assert_eq!(game["termination"], "agreement");
    assert_eq!(game["draw_offer"], Value::Null);
    // Offering when the opponent already offers is agreement too.
    let id = app.new_game("chess", &white, &black).await;
    app.act(&white, &id, "draw/offer").await;
    let (_, game) = app.act(&black, &id, "draw/offer").await;
    assert_eq!(game["termination"], "agreement");
    assert_eq!(stats_of(&app.stats().await, "chess"), (0, 0, 2, 2));
}

async fn abort_only_before_both_have_moved_and_counts_nowhere(app: TestApp) {
    let (white, black, id) = setup(&app, "chess").await;
    let (status, game) = app.act(&black, &id, "abort").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(game["status"], "aborted");
    assert_eq!(game["result"], Value::Null);
    assert_eq!(game["termination"], Value::Null);
    assert_eq!(game["to_move"], Value::Null);
    assert_eq!(game["legal_moves"], json!([]));
    // After White's first move either may still abort.
    let id = app.new_game("chess", &white, &black).await;
    app.play_ok(&white, &black, &id, "d2d4").await;
    let (status, game) = app.act(&white, &id, "abort").await;
    assert_eq!(
        (status, game["status"].as_str()),
        (StatusCode::OK, Some("aborted"))
    );
    // Once both have moved, no.
    let id = app.new_game("chess", &white, &black).await;
    play_all(&app, &white, &black, &id, &["d2d4", "d7d5"]).await;
    let (status, err) = app.act(&black, &id, "abort").await;
    assert_eq!(
        (status, err["error"].as_str()),
        (StatusCode::CONFLICT, Some("too_late_to_abort"))
    );
    assert_eq!(app.game(&id).await["status"], "active");
    assert_eq!(stats_of(&app.stats().await, "chess"), (0, 0, 0, 0));
}

async fn new_game_shows_the_api_shape(app: TestApp) {
    let (_, _, id) = setup(&app, "reversi-8x8").await;
    let game = app.game(&id).await;
    for key in [
        "id",
        "variant",
        "white",
        "black",
        "status",
        "result",
        "termination",
        "ply",
        "to_move",
        "moves",
        "legal_moves",
        "scores",
        "position",
        "setup",
        "deadline",
        "draw_offer",
    ] {
        assert!(game.get(key).is_some(), "{key} missing in {game}");
    }
    assert_eq!(game["variant"], "reversi-8x8");
    assert_eq!(game["white"], "white_p");
    assert_eq!(game["black"], "black_p");
    assert_eq!(game["status"], "active");
    assert_eq!(game["ply"], 0);
    assert_eq!(game["to_move"], "white");
    assert_eq!(game["moves"], json!([]));
    assert_eq!(game["legal_moves"], json!(["d4", "e4", "d5", "e5"]));
    assert_eq!(game["setup"], Value::Null);
    assert_eq!(game["position"], json!({"squares": {}}));
    assert_eq!(
        game["deadline"], "2026-12-04T10:00:00Z",
        "three days per move"
    );
    let chess = app
        .new_game(
            "chess",
            &app.player("c_white").await,
            &app.player("c_black").await,
        )
        .await;
    let chess = app.game(&chess).await;
    assert_eq!(
        chess["position"]["fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(chess["scores"], Value::Null);
    assert_eq!(chess["legal_moves"].as_array().unwrap().len(), 20);
}

async fn knight_fight_keeps_its_numbers(app: TestApp) {
    let (white, black, id) = setup(&app, "knight-fight").await;
    let game = app.game(&id).await;
    let numbers = game["setup"]["numbers"].as_object().unwrap();
    assert_eq!(numbers.len(), 100);
    let mut seen: Vec<u64> = numbers.values().map(|n| n.as_u64().unwrap()).collect();
    seen.sort_unstable();
    assert_eq!(seen, (0..100).collect::<Vec<_>>(), "a permutation of 00-99");
    // White's first move lands on rank 1 and scores that square's number.
    let first = game["legal_moves"][0].as_str().unwrap().to_owned();
    let square = first.split(':').next().unwrap();
    assert!(square.len() == 2 && square.ends_with('1'), "{first}");
    let after = app.play_ok(&white, &black, &id, &first).await;
    assert_eq!(after["scores"]["white"], numbers[square]);
    assert_eq!(after["position"]["knights"]["white"], square);
    // The setup is stored: every read shows the same numbers.
    assert_eq!(app.game(&id).await["setup"], game["setup"]);
}

async fn reversi_wipeout_ends_the_game_at_once(app: TestApp) {
    let (white, black, id) = setup(&app, "reversi-6x6").await;
    // White captures Black's last disc with c5 (flipping c4, d4 and b4): 11-0.
    let moves = [
        "c3", "d3", "c4", "d4", "e3", "d2", "c1", "b3", "a3", "b4", "c5",
    ];
    let game = play_all(&app, &white, &black, &id, &moves).await;
    assert_eq!(game["status"], "finished");
    assert_eq!(game["result"], "1-0");
    assert_eq!(game["termination"], "normal");
    assert_eq!(game["end_reason"], "no_moves");
    assert_eq!(game["scores"], json!({"white": 11, "black": 0}));
    assert_eq!(
        game["ply"], 11,
        "no pass is recorded when neither side can move"
    );
    assert_eq!(stats_of(&app.stats().await, "reversi-6x6"), (1, 0, 0, 1));
}

async fn forced_pass_is_played_in_the_same_request(app: TestApp) {
    let (white, black, id) = setup(&app, "reversi-6x6").await;
    let moves = [
        "c3", "d3", "c4", "d4", "e2", "d2", "e1", "d1", "e4", "f2", "c2",
    ];
    let game = play_all(&app, &white, &black, &id, &moves).await;
    assert_eq!(game["ply"], 11);
    // Black's f1 leaves White without a move while Black still has one.
    let (status, game) = app.play(&black, &id, "f1", 11).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["ply"], 13, "the pass counts as a ply");
    assert_eq!(game["moves"][11], "f1");
    assert_eq!(game["moves"][12], "pass");
    assert_eq!(game["to_move"], "black");
    assert_eq!(game["status"], "active");
    assert_ne!(game["legal_moves"], json!([]));
    let (_, stored) = app
        .get(&format!("/api/v1/games/{id}"), Some(&black.token))
        .await;
    assert_eq!(stored, game, "the pass is stored");
    // Black moves again at ply 13; White cannot play at the stale ply 12.
    let (status, _) = app.play(&white, &id, "pass", 12).await;
    assert_eq!(status, StatusCode::CONFLICT);
}

async fn game_list_puts_my_turn_first_then_waiting_then_finished(app: TestApp) {
    let me = app.player("me_p").await;
    let other = app.player("other_p").await;
    // Ending soonest last: games made later have later deadlines.
    let finished = app.new_game("chess", &me, &other).await;
    app.act(&me, &finished, "resign").await;
    app.clock.advance(3600);
    let waiting = app.new_game("chess", &other, &me).await; // other is White, to move
    app.clock.advance(3600);
    let my_late = app.new_game("chess", &me, &other).await;
    let my_soon = app.new_game("reversi-6x6", &other, &me).await;
    app.clock.advance(60);
    app.play_ok(&other, &me, &my_soon, "c3").await; // now my turn, deadline from now
    // my_late's deadline (set a minute before my_soon's move) is the sooner one.
    let (status, list) = app.get("/api/v1/games", Some(&me.token)).await;
    assert_eq!(status, StatusCode::OK);
    let ids: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            my_late.as_str(),
            my_soon.as_str(),
            waiting.as_str(),
            finished.as_str()
        ]
    );
    let turns: Vec<bool> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["your_turn"] == true)
        .collect();
    assert_eq!(turns, [true, true, false, false]);
    let (_, mine) = app.get("/api/v1/me", Some(&me.token)).await;
    assert_eq!(mine["your_turn"], 2);
    let (status, _) = app.get("/api/v1/games", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

async fn game_list_pages_through_ended_games_by_cursor(app: TestApp) {
    let me = app.player("pager").await;
    let other = app.player("paged").await;
    let active = app.new_game("chess", &me, &other).await;
    // 53 ended games, several in each second (ties go by id), newest last.
    let mut ended = Vec::new();
    for n in 0..53 {
        let id = app.new_game("reversi-6x6", &me, &other).await;
        app.act(&other, &id, "resign").await;
        ended.push(id);
        if n % 5 == 0 {
            app.clock.advance(1);
        }
    }
    let page = |after: Option<String>| {
        let path = after.map_or("/api/v1/games".to_owned(), |after| {
            format!("/api/v1/games?after={after}")
        });
        let request = app
            .client
            .get(format!("{}{path}", app.address))
            .bearer_auth(&me.token);
        async move {
            let response = request.send().await.unwrap();
            assert_eq!(response.status(), StatusCode::OK);
            let next = response
                .headers()
                .get("link")
                .map(|link| link.to_str().unwrap().to_owned());
            let games: Value = response.json().await.unwrap();
            let ids: Vec<String> = games
                .as_array()
                .unwrap()
                .iter()
                .map(|game| game["id"].as_str().unwrap().to_owned())
                .collect();
            (ids, next)
        }
    };
    let (first, link) = page(None).await;
    assert_eq!(first.len(), 51, "the active game and 50 ended ones");
    assert_eq!(first[0], active);
    let link = link.expect("more ended games follow");
    let after = link
        .strip_prefix("</api/v1/games?after=")
        .and_then(|rest| rest.strip_suffix(">; rel=\"next\""))
        .unwrap_or_else(|| panic!("{link}"))
        .to_owned();
    let (second, link) = page(Some(after)).await;
    assert_eq!(second.len(), 3, "only the older ended games: {second:?}");
    assert_eq!(link, None, "the last page");
    // Together: every ended game once, newest first (by end, then id, both descending).
    let mut listed: Vec<String> = first[1..].to_vec();
    listed.extend(second);
    let mut expected = ended.clone();
    expected.sort_by_key(|id| {
        let index = ended.iter().position(|e| e == id).unwrap();
        // The second each game ended in: the clock moved after games 0, 5, 10, ...
        let second = index.div_ceil(5);
        (std::cmp::Reverse(second), std::cmp::Reverse(id.clone()))
    });
    assert_eq!(listed, expected);
    let (status, body) = app
        .get("/api/v1/games?after=nonsense", Some(&me.token))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"], "invalid_cursor");
    // My games shows the same pages, linked.
    let html = app.page_html_as(&me, "/my-games").await;
    assert!(html.contains("id=\"older-games\""), "{html}");
    let older = html
        .split("id=\"older-games\" href=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap()
        .replace("&#x2f;", "/")
        .replace("&#x3f;", "?")
        .replace("&#x3d;", "=")
        .replace("&#x5f;", "_");
    let html = app.page_html_as(&me, &older).await;
    assert!(!html.contains("id=\"older-games\""), "the last page");
    assert!(
        !html.contains(&format!("/games/{active}")),
        "no active games on later pages"
    );
    assert!(
        html.contains(&format!("/games/{}", ended[0])),
        "the oldest game is there"
    );
}

/// The options of the step reached by `picks` in a game's `input`.
fn input_options(game: &Value, picks: &[&str]) -> Vec<Value> {
    let mut node = &game["input"];
    for pick in picks {
        node = &node["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|option| option["pick"] == *pick)
            .unwrap_or_else(|| panic!("no pick {pick} in {node}"))["next"];
    }
    node["options"].as_array().unwrap().clone()
}

/// Every move the input tree below `node` completes.
fn input_moves(node: &Value, out: &mut Vec<String>) {
    for option in node["options"].as_array().unwrap() {
        match (option.get("move"), option.get("next")) {
            (Some(text), None) => out.push(text.as_str().unwrap().to_owned()),
            (None, Some(next)) => input_moves(next, out),
            _ => panic!("an option completes a move or leads on: {option}"),
        }
    }
}

async fn input_model_enters_every_legal_move_step_by_step(app: TestApp) {
    let white = app.player("input_white").await;
    let black = app.player("input_black").await;
    for variant in [
        "chess",
        "reversi-6x6",
        "reversi-8x8",
        "reversi-10x10",
        "chess-reversi",
        "knight-fight",
    ] {
        let id = app.new_game(variant, &white, &black).await;
        let game = app.game(&id).await;
        let mut entered = Vec::new();
        input_moves(&game["input"], &mut entered);
        entered.sort();
        let mut legal: Vec<String> = game["legal_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_owned())
            .collect();
        legal.sort();
        assert_eq!(entered, legal, "{variant}");
        assert_eq!(game["input"]["step"], game["input"]["steps"][0]["name"]);
    }
    // A bot enters chess as piece, then target; the move it finds is played.
    let id = app.new_game("chess", &white, &black).await;
    let game = app.game(&id).await;
    let steps: Vec<&str> = game["input"]["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|step| step["name"].as_str().unwrap())
        .collect();
    assert_eq!(steps, ["from", "to", "promote"]);
    assert_eq!(game["input"]["steps"][0]["kind"], "origin");
    let targets = input_options(&game, &["g1"]);
    let picks: Vec<&str> = targets
        .iter()
        .map(|o| o["pick"].as_str().unwrap())
        .collect();
    assert_eq!(picks, ["f3", "h3"]);
    let mv = targets[0]["move"].as_str().unwrap().to_owned();
    assert_eq!(mv, "g1f3");
    let game = app.play_ok(&white, &black, &id, &mv).await;
    assert_eq!(game["moves"], json!(["g1f3"]));
    let played = play_all(&app, &white, &black, &id, &["e7e5", "f3g1", "d8h4"]).await;
    assert_eq!(played["to_move"], "white");
    // A finished game has nothing to enter.
    let id = app.new_game("chess", &white, &black).await;
    let mate = play_all(&app, &white, &black, &id, &["f2f3", "e7e5", "g2g4", "d8h4"]).await;
    assert_eq!(mate["input"], Value::Null);
    // Knight Fight: a landing on a double leads to the doubles to erase.
    let id = app.new_game("knight-fight", &white, &black).await;
    let game = app.game(&id).await;
    let doubles: Vec<String> = game["legal_moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|m| m.as_str().filter(|m| m.contains(':')).map(str::to_owned))
        .collect();
    if let Some(double) = doubles.first() {
        let landing = double.split(':').next().unwrap();
        let erase = input_options(&game, &[landing]);
        assert_eq!(erase.len(), 9, "every other double");
        assert!(erase.iter().all(|o| {
            o["move"]
                .as_str()
                .unwrap()
                .starts_with(&format!("{landing}:"))
        }));
        assert_eq!(game["input"]["steps"][1]["kind"], "erase");
    }
    // The OpenAPI document describes the field.
    let (_, doc) = app.get("/api/v1/openapi.json", None).await;
    let input = &doc["components"]["schemas"]["GameDto"]["properties"]["input"];
    assert!(
        input["description"]
            .as_str()
            .is_some_and(|text| text.contains("step by step")),
        "{input}"
    );
}

/// `game`'s `actions`, as names.
fn actions_of(game: &Value) -> Vec<&str> {
    game["actions"]
        .as_array()
        .expect("actions is a list")
        .iter()
        .map(|action| action.as_str().unwrap())
        .collect()
}

async fn the_game_lists_what_each_viewer_may_do_now(app: TestApp) {
    let (white, black, id) = setup(&app, "chess").await;
    let watcher = app.player("watcher").await;
    let path = format!("/api/v1/games/{id}");
    let read = |token: Option<String>| {
        let app = &app;
        let path = path.clone();
        async move {
            let (status, body) = app.get(&path, token.as_deref()).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            body
        }
    };
    let white_view = read(Some(white.token.clone())).await;
    assert_eq!(
        actions_of(&white_view),
        ["resign", "abort", "draw-offer", "pause-offer"]
    );
    // Black may give White, who is to move, a day.
    let black_view = read(Some(black.token.clone())).await;
    assert_eq!(
        actions_of(&black_view),
        ["resign", "abort", "draw-offer", "give-time", "pause-offer"]
    );
    assert!(actions_of(&read(Some(watcher.token.clone())).await).is_empty());
    assert!(actions_of(&read(None).await).is_empty());
    // A draw offered: the offerer may not offer again at this move, as the route says;
    // the answer to the action lists the caller's actions too.
    let (status, offered) = app
        .post(&format!("{path}/draw/offer"), Some(&white.token), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{offered}");
    assert_eq!(actions_of(&offered), ["resign", "abort", "pause-offer"]);
    let (status, again) = app
        .post(&format!("{path}/draw/offer"), Some(&white.token), json!({}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{again}");
    assert_eq!(
        actions_of(&read(Some(black.token.clone())).await),
        [
            "resign",
            "abort",
            "draw-offer",
            "draw-accept",
            "draw-decline",
            "give-time",
            "pause-offer"
        ]
    );
    // Once both have moved there is no abort (Black, who just moved, may offer a draw
    // and give White a day); once over, nothing.
    let moved = play_all(&app, &white, &black, &id, &["e2e4", "e7e5"]).await;
    assert_eq!(
        actions_of(&moved),
        ["resign", "draw-offer", "give-time", "pause-offer"]
    );
    let (status, _) = app
        .post(&format!("{path}/abort"), Some(&white.token), json!({}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, resigned) = app
        .post(&format!("{path}/resign"), Some(&white.token), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{resigned}");
    assert!(actions_of(&resigned).is_empty());
    assert!(actions_of(&read(Some(black.token.clone())).await).is_empty());
    // The OpenAPI document describes the field.
    let (_, doc) = app.get("/api/v1/openapi.json", None).await;
    let field = &doc["components"]["schemas"]["GameDto"]["properties"]["actions"];
    assert!(
        field["description"]
            .as_str()
            .is_some_and(|text| text.contains("draw-offer")),
        "{field}"
    );
}
