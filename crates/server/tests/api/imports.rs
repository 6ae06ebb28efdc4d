//! A game carried over from elsewhere: a challenge with the record so far (PGN for chess
//! and Chess960, the downloaded text record or bare moves for the others), addressed to
//! the opponent, who confirms by accepting; the game goes on from where the record
//! leaves it, casual and out of the statistics. Bad records are refused naming the
//! first illegal move, with nothing stored. A chosen start for a whole tournament, and
//! a Lichess-shaped challenge's `initialFen`, ride along here.

use reqwest::StatusCode;
use rules::{AnyGame, Setup, Variant};
use serde_json::{Value, json};

use crate::{
    conditional::{attr, moves, select},
    helpers::{Player, TestApp, post_form},
    scenarios, tournaments,
};

scenarios!(
    a_chess_game_goes_on_from_its_pasted_record_once_the_opponent_accepts,
    bad_records_are_refused_naming_the_first_illegal_move_and_nothing_is_stored,
    every_game_carries_over_from_the_record_downloaded_here,
    the_lobby_form_carries_a_game_over_without_script,
    a_tournament_starts_every_game_from_its_chosen_position,
);

const RUY_LOPEZ: &str = "[Event \"Casual game\"]\n[Site \"elsewhere\"]\n[White \"a\"]\n\
    [Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 {the usual} Nc6 3. Bb5 (3. Bc4 Bc5) a6 *\n";

/// `challenger` offers `opponent` a game carried over from `record`, playing `color`;
/// the answer.
async fn carry_over(
    app: &TestApp,
    challenger: &Player,
    opponent: &Player,
    variant: &str,
    color: &str,
    record: &str,
) -> (StatusCode, Value) {
    app.post(
        "/api/v1/challenges",
        Some(&challenger.token),
        json!({"variant": variant, "color": color, "opponent": opponent.name,
               "rated": false, "days_per_move": 3, "record": record}),
    )
    .await
}

/// `player` accepts challenge `made`; the game's id.
async fn accept(app: &TestApp, player: &Player, made: &Value) -> String {
    let (status, body) = app
        .post(
            &format!("/api/v1/challenges/{}/accept", made["id"].as_str().unwrap()),
            Some(&player.token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body["game_id"].as_str().unwrap().to_owned()
}

/// How many challenges `player` sees.
async fn challenge_count(app: &TestApp, player: &Player) -> usize {
    let (status, body) = app.get("/api/v1/challenges", Some(&player.token)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body.as_array()
        .unwrap_or_else(|| panic!("a list of challenges: {body}"))
        .len()
}

async fn a_chess_game_goes_on_from_its_pasted_record_once_the_opponent_accepts(app: TestApp) {
    let anna = app.player("carry_anna").await;
    let boris = app.player("carry_boris").await;
    let before = app.stats().await;
    let (status, made) = carry_over(&app, &anna, &boris, "chess", "white", RUY_LOPEZ).await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    let canonical = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"];
    assert_eq!(made["moves"], json!(canonical));
    assert_eq!(made["rated"], false);
    // Boris sees what he is asked to confirm: the moves, numbered as in a record.
    let lobby = app.page_html_as(&boris, "/lobby").await;
    assert_eq!(
        select(&lobby, "details.carried summary"),
        ["Continues after 6 moves"]
    );
    assert_eq!(
        select(&lobby, "details.carried .carried-moves"),
        ["1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"]
    );
    let id = accept(&app, &boris, &made).await;
    let game = app.game(&id).await;
    assert_eq!(moves(&game), canonical);
    assert_eq!(
        (
            game["ply"].as_u64(),
            game["to_move"].as_str(),
            game["source"].as_str()
        ),
        (Some(6), Some("white"), Some("import"))
    );
    assert_eq!(game["rated"], false);
    assert!(game["deadline"].is_string(), "White's clock runs: {game}");
    // It goes on from there, and its record holds every move.
    let game = app.play_ok(&anna, &boris, &id, "b5a4").await;
    assert_eq!(game["ply"], 7);
    let record = app.page_html(&format!("/games/{id}/record")).await;
    assert!(
        record.contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4"),
        "{record}"
    );
    let page = app.page_html(&format!("/games/{id}")).await;
    assert!(
        page.contains("Casual, carried over from elsewhere"),
        "the game page says where it began"
    );
    // Ended, it counts in no statistics.
    let (status, body) = app.act(&boris, &id, "resign").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(app.stats().await, before);
    // With Black to move, Black's clock runs first, and Black moves.
    let (status, made) = carry_over(&app, &boris, &anna, "chess", "black", "1. d4").await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    let id = accept(&app, &anna, &made).await;
    let game = app.game(&id).await;
    assert_eq!(
        (
            game["to_move"].as_str(),
            game["white"].as_str(),
            game["black"].as_str()
        ),
        (
            Some("black"),
            Some(anna.name.as_str()),
            Some(boris.name.as_str())
        )
    );
    let (status, body) = app.play(&boris, &id, "d7d5", 1).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

async fn bad_records_are_refused_naming_the_first_illegal_move_and_nothing_is_stored(app: TestApp) {
    let anna = app.player("badrec_anna").await;
    let boris = app.player("badrec_boris").await;
    let before = challenge_count(&app, &boris).await;
    for (variant, record, code, says) in [
        ("chess", "1. e4 e5 2. Ke3 Nc6", "invalid_record", "2. Ke3"),
        ("chess", "1. e4 e5 2. Nf3 Nf3", "invalid_record", "2... Nf3"),
        ("chess", "1. e4 e5 2. Nf3 zz9", "invalid_record", "zz9"),
        (
            "chess",
            "[Event \"nothing\"]\n*",
            "invalid_record",
            "no moves",
        ),
        (
            "chess",
            "1. f3 e5 2. g4 Qh4#",
            "invalid_record",
            "already over",
        ),
        ("chess960", "1. e4 e5", "invalid_record", "names its start"),
        ("knight-fight", "e3", "invalid_record", "names its start"),
        ("reversi-8x8", "d3 d3", "invalid_record", "d3"),
        (
            "chess",
            "[FEN \"8/8/8/8/8/8/8/4K3 w - - 0 1\"]\n1. Kd1",
            "invalid_record",
            "start",
        ),
    ] {
        let (status, body) = carry_over(&app, &anna, &boris, variant, "white", record).await;
        assert_eq!(
            (status, body["error"].as_str()),
            (StatusCode::UNPROCESSABLE_ENTITY, Some(code)),
            "{variant} {record}: {body}"
        );
        let message = body["message"].as_str().unwrap_or_default();
        assert!(message.contains(says), "{says} in {message}");
    }
    let long = "d3 ".repeat(rules::MAX_RECORD_PLIES + 1);
    let (status, body) = carry_over(&app, &anna, &boris, "reversi-8x8", "white", &long).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("invalid_record")),
        "{body}"
    );
    // A good record on terms a carried-over game cannot have.
    let terms = [
        (json!({"color": "random"}), "import_needs_color"),
        (json!({"rated": true}), "import_is_casual"),
        (json!({"opponent": null}), "import_needs_opponent"),
        (
            json!({"variant": "chess960", "start": "518",
                   "record": format!("[FEN \"{}\"]\n1. e4", rules::Chess960Start::new(100).unwrap().fen())}),
            "conflicting_start",
        ),
    ];
    for (fields, code) in terms {
        let mut body = json!({"variant": "chess", "color": "white", "opponent": boris.name,
                              "rated": false, "record": "1. e4 e5"});
        for (key, value) in fields.as_object().unwrap() {
            body[key] = value.clone();
        }
        let (status, answer) = app
            .post("/api/v1/challenges", Some(&anna.token), body)
            .await;
        assert_eq!(
            (status, answer["error"].as_str()),
            (StatusCode::UNPROCESSABLE_ENTITY, Some(code)),
            "{answer}"
        );
    }
    assert_eq!(challenge_count(&app, &boris).await, before);
}

/// Plays `count` moves of `id` for whoever is to move, the first legal move each time.
async fn play_some(app: &TestApp, white: &Player, black: &Player, id: &str, count: usize) {
    for _ in 0..count {
        let game = app.game(id).await;
        let variant: Variant = game["variant"].as_str().unwrap().parse().unwrap();
        let setup: Setup = serde_json::from_value(game["setup"].clone()).unwrap();
        let replayed = AnyGame::replay(variant, setup, moves(&game)).unwrap();
        let next = replayed.legal_moves()[0].clone();
        app.play_ok(white, black, id, &next).await;
    }
}

async fn every_game_carries_over_from_the_record_downloaded_here(app: TestApp) {
    let anna = app.player("roundtrip_anna").await;
    let boris = app.player("roundtrip_boris").await;
    let opening = rules::ReversiOpening::of_size(8).nth(2).unwrap();
    for (variant, fields) in [
        ("knight-fight", json!({"variant": "knight-fight"})),
        (
            "reversi-8x8",
            json!({"variant": "reversi-8x8", "start": opening.name}),
        ),
        ("chess960", json!({"variant": "chess960", "start": "77"})),
        ("chess-reversi", json!({"variant": "chess-reversi"})),
        ("reversi-6x6", json!({"variant": "reversi-6x6"})),
    ] {
        let mut fields = fields;
        fields["days_per_move"] = json!(3);
        let here = app.new_game_with(&anna, &boris, fields).await;
        play_some(&app, &anna, &boris, &here, 5).await;
        let original = app.game(&here).await;
        let record = app.page_html(&format!("/games/{here}/record")).await;
        let (status, made) = carry_over(&app, &anna, &boris, variant, "white", &record).await;
        assert_eq!(status, StatusCode::CREATED, "{variant}: {made}\n{record}");
        let id = accept(&app, &boris, &made).await;
        let carried = app.game(&id).await;
        assert_eq!(carried["setup"], original["setup"], "{variant}");
        assert_eq!(moves(&carried), moves(&original), "{variant}");
        assert_eq!(carried["position"], original["position"], "{variant}");
        assert_eq!(carried["to_move"], original["to_move"], "{variant}");
    }
}

async fn the_lobby_form_carries_a_game_over_without_script(app: TestApp) {
    let anna = app.player("formcarry_anna").await;
    let boris = app.player("formcarry_boris").await;
    let form = |record: &'static str| {
        [
            ("variant", "chess"),
            ("color", "black"),
            ("days_per_move", "3"),
            ("kind", "casual"),
            ("opponent", "formcarry_boris"),
            ("record", record),
        ]
    };
    let (status, location, _) =
        post_form(&app, &anna, "/challenges", &form("1. e4 c5 2. Nf3")).await;
    assert_eq!(
        (status, location.as_str()),
        (StatusCode::SEE_OTHER, "/lobby")
    );
    let mine = app.page_html_as(&anna, "/lobby").await;
    assert_eq!(
        select(&mine, "#my-challenges details.carried summary"),
        ["Continues after 3 moves"]
    );
    // A record the rules refuse: the form again, naming the move, with the record kept.
    let (status, _, page) = post_form(&app, &anna, "/challenges", &form("1. e4 c5 2. Nf6")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let alert = select(&page, "#create ~ p[role=alert]").join(" ");
    assert!(
        alert.starts_with("That record cannot be carried over"),
        "{alert}"
    );
    assert!(alert.contains("2. Nf6"), "{alert}");
    assert_eq!(select(&page, "#record"), ["1. e4 c5 2. Nf6"]);
    assert_eq!(attr(&page, "details.carry-over", "open"), "");
    // In Estonian the words are Estonian around the move.
    let page = reqwest::Client::new()
        .post(format!("{}/challenges", app.address))
        .bearer_auth(&anna.token)
        .header(reqwest::header::ACCEPT_LANGUAGE, "et")
        .form(&form("1. e4 c5 2. Nf6"))
        .send()
        .await
        .expect("form post")
        .text()
        .await
        .expect("body");
    let alert = select(&page, "#create ~ p[role=alert]").join(" ");
    assert!(
        alert.starts_with("Seda partiikirja ei saa üle tuua"),
        "{alert}"
    );
    assert!(alert.contains("2. Nf6"), "{alert}");
    let (_, list) = app.get("/api/v1/challenges", Some(&boris.token)).await;
    let carried: Vec<&Value> = list
        .as_array()
        .unwrap()
        .iter()
        .filter(|challenge| challenge["challenger"] == anna.name.as_str())
        .collect();
    assert_eq!(carried.len(), 1, "{list}");
    assert_eq!(carried[0]["moves"], json!(["e2e4", "c7c5", "g1f3"]));
}

async fn a_tournament_starts_every_game_from_its_chosen_position(app: TestApp) {
    let organiser = app.player("theme_org").await;
    let fen = "rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 1";
    let (status, made) = app
        .post(
            "/api/v1/tournaments",
            Some(&organiser.token),
            json!({"name": "Indian openings", "variant": "chess", "format": "round_robin",
                   "min_players": 2, "max_players": 2, "start_position": fen}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    assert_eq!(made["start_position"], json!({"fen": fen}));
    let id = made["id"].as_str().unwrap().to_owned();
    let page = app.page_html(&format!("/tournaments/{id}")).await;
    assert!(page.contains(&format!("From the position {fen}")), "shown");
    for name in ["theme_p1", "theme_p2"] {
        let player = app.player(name).await;
        let (status, body) = tournaments::join(&app, &player, &id).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    tournaments::run_runner(&app).await;
    let games = tournaments::games_of(&tournaments::detail(&app, &id).await);
    assert_eq!(games.len(), 1, "the two entrants meet once");
    for (_, _, game) in games {
        let game = app.game(game["game_id"].as_str().unwrap()).await;
        assert_eq!(game["setup"], json!({"fen": fen}));
        assert_eq!(game["position"]["fen"], fen);
    }
    // The new-tournament form takes the start too, and a bad one comes back with the
    // reason and what was typed.
    let form = |start: &'static str| {
        [
            ("name", "Reversi from an opening"),
            ("variant", "reversi-8x8"),
            ("format", "swiss"),
            ("rounds", "3"),
            ("start_position", start),
        ]
    };
    let opening = rules::ReversiOpening::of_size(8).nth(4).unwrap();
    let (status, location, _) =
        post_form(&app, &organiser, "/tournaments", &form(opening.name)).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let page = app.page_html(&location).await;
    assert!(
        page.contains(&format!("Opening {}", opening.name)),
        "the page names the opening"
    );
    let (status, _, page) = post_form(&app, &organiser, "/tournaments", &form("9x9-01")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(attr(&page, "#t-start-position", "value"), "9x9-01");
    // A start the variant does not take is refused, and no tournament is made.
    let (status, body) = app
        .post(
            "/api/v1/tournaments",
            Some(&organiser.token),
            json!({"name": "Bad", "variant": "knight-fight", "format": "swiss",
                   "rounds": 3, "start_position": "12"}),
        )
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("invalid_start_position")
        ),
        "{body}"
    );
    // The Lichess-shaped challenge names its chosen start as `initialFen`.
    let anna = app.player("theme_anna").await;
    let boris = app.player("theme_boris").await;
    let (status, _, body) = post_form(
        &app,
        &anna,
        &format!("/api/challenge/{}", boris.name),
        &[("variant", "fromPosition"), ("fen", fen)],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let body: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(body["initialFen"], fen, "{body}");
}
