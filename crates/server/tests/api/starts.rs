//! Chosen starts: a chess challenge from a FEN (a thematic start), Chess960 by its start
//! number, Reversi from an opening of the project's list; through the API, the
//! Lichess-shaped API and the lobby's form; kept out of the statistics; bad starts
//! refused with nothing stored.

use reqwest::StatusCode;
use rules::{AnyGame, ReversiOpening, Setup, Variant};
use serde_json::{Value, json};

use crate::{
    conditional::{moves, select},
    helpers::{Player, TestApp, post_form},
    scenarios,
};

scenarios!(
    a_chess_game_starts_from_a_chosen_position_and_counts_in_no_statistics,
    chess960_and_reversi_starts_are_chosen_by_number_and_name,
    bad_starts_are_refused_and_nothing_is_stored,
    the_lichess_shaped_api_takes_a_fen,
    the_lobby_form_chooses_a_start_and_the_rules_pages_explain_it,
);

/// After 1. e4 e5 2. Nf3 Nc6, White to move, with the counters of a game under way.
const OPEN_GAME: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";

/// `white` challenges `black` (as White) with `fields`; the answer.
async fn challenge(
    app: &TestApp,
    white: &Player,
    black: &Player,
    fields: Value,
) -> (StatusCode, Value) {
    let mut body = json!({"color": "white", "opponent": black.name, "days_per_move": 3});
    for (key, value) in fields.as_object().unwrap() {
        body[key] = value.clone();
    }
    app.post("/api/v1/challenges", Some(&white.token), body)
        .await
}

/// `player`'s open challenges as the API lists them.
async fn open_challenges(app: &TestApp, player: &Player) -> usize {
    let (status, body) = app.get("/api/v1/challenges", Some(&player.token)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body.as_array()
        .unwrap_or_else(|| panic!("a list of challenges: {body}"))
        .len()
}

async fn a_chess_game_starts_from_a_chosen_position_and_counts_in_no_statistics(app: TestApp) {
    let white = app.player("fen_w").await;
    let black = app.player("fen_b").await;
    let before = app.stats().await;
    let (status, made) = challenge(
        &app,
        &white,
        &black,
        json!({"variant": "chess", "start": OPEN_GAME}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    let normalized = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1";
    assert_eq!(made["start"], json!({"fen": normalized}));
    let (status, accepted) = app
        .post(
            &format!("/api/v1/challenges/{}/accept", made["id"].as_str().unwrap()),
            Some(&black.token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{accepted}");
    let id = accepted["game_id"].as_str().unwrap();
    let game = app.game(id).await;
    assert_eq!(game["setup"], json!({"fen": normalized}));
    assert_eq!(
        (game["ply"].as_u64(), game["to_move"].as_str()),
        (Some(0), Some("white"))
    );
    assert_eq!(game["position"]["fen"], normalized);
    // The moves go on from there: the e-pawn has moved already, the bishop can go to b5.
    let (status, body) = app.play(&white, id, "e2e4", 0).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("illegal_move")),
        "{body}"
    );
    let game = app.play_ok(&white, &black, id, "f1b5").await;
    assert_eq!(moves(&game), ["f1b5"]);
    let setup: Setup = serde_json::from_value(game["setup"].clone()).unwrap();
    let replayed = AnyGame::replay(Variant::Chess, setup, ["f1b5"]).unwrap();
    assert_eq!(game["position"]["fen"], replayed.fen().unwrap());
    // Its record says where it started.
    let record = app.page_html(&format!("/games/{id}/record")).await;
    for tag in ["[SetUp \"1\"]", &format!("[FEN \"{normalized}\"]")] {
        assert!(record.contains(tag), "{tag} in {record}");
    }
    assert!(!record.contains("[Variant "), "{record}");
    // Ended, it counts in no statistics; a game from the usual start does.
    let (status, body) = app.act(&black, id, "resign").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(app.stats().await, before);
    let usual = app.new_game("chess", &white, &black).await;
    app.act(&black, &usual, "resign").await;
    let chess = |stats: &[(String, i64, i64, i64, i64)]| {
        stats.iter().find(|row| row.0 == "chess").cloned().unwrap()
    };
    let (b, a) = (chess(&before), chess(&app.stats().await));
    assert_eq!((a.1 - b.1, a.4 - b.4), (1, 1));
}

async fn chess960_and_reversi_starts_are_chosen_by_number_and_name(app: TestApp) {
    let white = app.player("pick_w").await;
    let black = app.player("pick_b").await;
    let id = app
        .new_game_with(
            &white,
            &black,
            json!({"variant": "chess960", "start": "518"}),
        )
        .await;
    let game = app.game(&id).await;
    assert_eq!(game["setup"], json!({"start": 518}));
    assert_eq!(
        game["position"]["fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    // Reversi from the first opening of the 8x8 list: its discs on the board, ply 0.
    let opening = ReversiOpening::of_size(8).next().expect("an 8x8 opening");
    let id = app
        .new_game_with(
            &white,
            &black,
            json!({"variant": "reversi-8x8", "start": opening.name}),
        )
        .await;
    let game = app.game(&id).await;
    assert_eq!(game["setup"], json!({"opening": opening.name}));
    assert_eq!(game["ply"], 0);
    let expected = AnyGame::new(Variant::Reversi8x8, Setup::Opening(opening)).unwrap();
    let discs = game["position"]["squares"]
        .as_object()
        .map_or(0, serde_json::Map::len);
    assert_eq!(discs, opening.moves.len(), "{game}");
    let legal = expected.legal_moves();
    let to_move = game["to_move"].as_str().unwrap();
    let mover = if to_move == "white" { &white } else { &black };
    let (status, body) = app.play(mover, &id, &legal[0], 0).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

async fn bad_starts_are_refused_and_nothing_is_stored(app: TestApp) {
    let white = app.player("badstart_w").await;
    let black = app.player("badstart_b").await;
    let before = open_challenges(&app, &white).await;
    let black_to_move = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    for (variant, start) in [
        ("chess", "not a fen"),
        ("chess", black_to_move),
        ("chess", "8/8/8/8/8/8/8/4K3 w - - 0 1"),
        ("chess960", "960"),
        ("chess960", "-1"),
        ("reversi-8x8", "6x6-01"),
        ("reversi-6x6", "nope"),
        ("knight-fight", "12"),
        ("chess-reversi", OPEN_GAME),
    ] {
        let (status, body) = challenge(
            &app,
            &white,
            &black,
            json!({"variant": variant, "start": start}),
        )
        .await;
        assert_eq!(
            (status, body["error"].as_str()),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                Some("invalid_start_position")
            ),
            "{variant} {start}: {body}"
        );
        assert!(!body["message"].as_str().unwrap_or_default().is_empty());
    }
    let (status, body) = challenge(
        &app,
        &white,
        &black,
        json!({"variant": "chess", "start": 5}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(open_challenges(&app, &white).await, before);
    // Empty, or the usual chess start: a usual game.
    for start in [
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ] {
        let (status, body) = challenge(
            &app,
            &white,
            &black,
            json!({"variant": "chess", "start": start}),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        assert!(body["start"].is_null(), "{body}");
    }
}

async fn the_lichess_shaped_api_takes_a_fen(app: TestApp) {
    let white = app.player("lfen_w").await;
    let black = app.player("lfen_b").await;
    let path = format!("/api/challenge/{}", black.name);
    let post = |fields: Vec<(&'static str, String)>| {
        let (app, white, path) = (&app, &white, &path);
        async move {
            let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
            let (status, _, body) = post_form(app, white, path, &fields).await;
            (
                status,
                serde_json::from_str::<Value>(&body).unwrap_or(Value::Null),
            )
        }
    };
    let (status, body) = post(vec![
        ("variant", "fromPosition".into()),
        ("fen", OPEN_GAME.into()),
    ])
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let chess960 = rules::Chess960Start::new(300).unwrap();
    let (status, body) = post(vec![
        ("variant", "chess960".into()),
        ("fen", chess960.fen()),
    ])
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = app.get("/api/v1/challenges", Some(&white.token)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let starts: Vec<Value> = body
        .as_array()
        .unwrap_or_else(|| panic!("a list of challenges: {body}"))
        .iter()
        .map(|challenge| challenge["start"].clone())
        .collect();
    assert!(starts.contains(&json!({"start": 300})), "{starts:?}");
    assert!(
        starts.contains(
            &json!({"fen": "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1"})
        ),
        "{starts:?}"
    );
    for (variant, fen, code) in [
        ("standard", "garbage", "invalid_start_position"),
        ("chess960", OPEN_GAME, "invalid_start_position"),
        ("reversi-8x8", OPEN_GAME, "custom_position_not_supported"),
    ] {
        let (status, body) = post(vec![("variant", variant.into()), ("fen", fen.into())]).await;
        assert_eq!(
            (status, body["error"].as_str()),
            (StatusCode::BAD_REQUEST, Some(code)),
            "{variant}: {body}"
        );
    }
}

async fn the_lobby_form_chooses_a_start_and_the_rules_pages_explain_it(app: TestApp) {
    let alice = app.player("lobbystart_a").await;
    let fields = [
        ("variant", "chess960"),
        ("color", "random"),
        ("days_per_move", "3"),
        ("start", "518"),
    ];
    let (status, location, _) = post_form(&app, &alice, "/challenges", &fields).await;
    assert_eq!(
        (status, location.as_str()),
        (StatusCode::SEE_OTHER, "/lobby")
    );
    let page = app.page_html_as(&alice, "/lobby").await;
    assert_eq!(
        select(&page, "#my-challenges small.start"),
        ["Start no. 518"]
    );
    assert_eq!(select(&page, "label[for=start]").len(), 1);
    // A bad start: the form again, with the reason and what was typed.
    let fields = [
        ("variant", "chess"),
        ("color", "white"),
        ("days_per_move", "3"),
        ("start", "e4"),
    ];
    let (status, _, page) = post_form(&app, &alice, "/challenges", &fields).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        select(&page, "#create ~ p[role=alert]"),
        [
            "That start does not suit the game: in chess give a FEN with White to move, in \
          Chess960 a number from 0 to 959, in Reversi an opening's name from its rules page; \
          the other games take none."
        ]
    );
    assert_eq!(crate::conditional::attr(&page, "#start", "value"), "e4");
    // The rules pages: chess and Reversi say their statistics leave chosen starts out;
    // Reversi lists its openings.
    let chess = app.page_html("/rules/chess").await;
    assert_eq!(select(&chess, "#statistics-note").len(), 1);
    assert!(select(&chess, "#openings").is_empty());
    let reversi = app.page_html("/rules/reversi-8x8").await;
    assert_eq!(select(&reversi, "#statistics-note").len(), 1);
    assert_eq!(
        select(&reversi, "#openings li").len(),
        ReversiOpening::of_size(8).count()
    );
    // Knight Fight's start cannot be chosen: its note names games carried over only.
    assert_eq!(
        select(
            &app.page_html("/rules/knight-fight").await,
            "#statistics-note"
        ),
        [
            "Only games played here from their start count here, not games carried over from \
          elsewhere."
        ]
    );
}
