//! Chess960 end to end: a game starts from the start position drawn for it, castles by
//! the king taking its rook, is counted under its own id and downloads as PGN naming
//! its start.

use rand::{SeedableRng, rngs::SmallRng, seq::IndexedRandom};
use rules::{AnyGame, Chess960Start, Variant};

use crate::{
    helpers::{Player, TestApp},
    scenarios,
};

scenarios!(a_chess960_game_starts_from_its_drawn_position_and_castles_by_taking_the_rook,);

/// Moves from `start` that end in a castling: the first random playout (at most 80
/// plies, seeded, so the same start always gives the same line) in which one becomes
/// legal, castling at once.
fn line_to_a_castling(start: Chess960Start) -> Vec<String> {
    for seed in 0..10_000 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = AnyGame::new(Variant::Chess960, start).unwrap();
        let mut line = Vec::new();
        while game.to_move().is_some() && line.len() < 80 {
            let legal = game.legal_moves();
            let castling = legal.iter().find(|text| {
                let mut next = game.clone();
                next.play(text).unwrap();
                next.record().last().unwrap().display.starts_with("O-O")
            });
            if let Some(text) = castling {
                line.push(text.clone());
                return line;
            }
            let text = legal.choose(&mut rng).unwrap().clone();
            game.play(&text).unwrap();
            line.push(text);
        }
    }
    panic!("no random playout from start {start} castles");
}

async fn a_chess960_game_starts_from_its_drawn_position_and_castles_by_taking_the_rook(
    app: TestApp,
) {
    let white = app.player("fischer_w").await;
    let black = app.player("fischer_b").await;
    let id = app.new_game("chess960", &white, &black).await;
    let game = app.game(&id).await;
    assert_eq!(game["variant"], "chess960");
    let number = game["setup"]["start"].as_u64().expect("the start's number");
    let start = Chess960Start::new(u16::try_from(number).unwrap()).unwrap();
    assert_eq!(game["position"]["fen"], start.fen());

    let line = line_to_a_castling(start);
    let castling = line.last().unwrap().clone();
    let mut last = serde_json::Value::Null;
    for text in &line {
        last = app.play_ok(&white, &black, &id, text).await;
    }
    // The king took its own rook: the move's second square held that rook before it.
    let local = AnyGame::replay(Variant::Chess960, start, &line).unwrap();
    let before = AnyGame::replay(Variant::Chess960, start, &line[..line.len() - 1]).unwrap();
    let mover = before.to_move().unwrap();
    for (square, piece) in [
        (&castling[..2], rules::PieceKind::King),
        (&castling[2..4], rules::PieceKind::Rook),
    ] {
        assert_eq!(
            before.board().cell(square.parse().unwrap()),
            Some(rules::Cell::Piece {
                color: mover,
                piece
            }),
            "{castling}: {square}"
        );
    }
    assert_eq!(last["moves"].as_array().unwrap().last().unwrap(), &castling);
    assert_eq!(last["position"]["fen"], local.fen().unwrap());

    // Resigning ends it; the record names the variant and the start, and shows O-O.
    let resigner = resigning_player(&last, &white, &black);
    let (status, body) = app.act(resigner, &id, "resign").await;
    assert_eq!(status, reqwest::StatusCode::OK, "{body}");
    let record = app.page_html(&format!("/games/{id}/record")).await;
    for tag in [
        "[Variant \"Chess960\"]".to_owned(),
        "[SetUp \"1\"]".to_owned(),
        format!("[FEN \"{}\"]", start.fen()),
    ] {
        assert!(record.contains(&tag), "{tag} in {record}");
    }
    assert!(record.contains(" O-O"), "{record}");
    let stats = app.stats().await;
    let row = stats
        .iter()
        .find(|row| row.0 == "chess960")
        .expect("counted");
    assert_eq!(row.1 + row.2 + row.3, 1, "{row:?}");
    assert!(
        stats
            .iter()
            .find(|row| row.0 == "chess")
            .is_none_or(|row| row.1 + row.2 + row.3 == 0),
        "{stats:?}"
    );

    // Its rules page explains the start and castling before chess's rules.
    let page = app.page_html("/rules/chess960").await;
    let fischer = page.find("Fischer Random").expect("the Chess960 rules");
    let fide = page.find("FIDE Laws").expect("chess's rules");
    assert!(fischer < fide);
    assert!(page.contains("king on g1 and the rook on f1"), "{page}");
}

/// The player to move in `game` (as the API showed it after the last move).
fn resigning_player<'a>(
    game: &serde_json::Value,
    white: &'a Player,
    black: &'a Player,
) -> &'a Player {
    if game["to_move"] == "white" {
        white
    } else {
        black
    }
}
