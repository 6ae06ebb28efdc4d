//! Random playouts of every variant, checked against the rules' own promises and against
//! recounts from the board. Set `PROPTEST_CASES` to play more (or fewer) games.

use proptest::prelude::*;
use rand::{Rng, SeedableRng, rngs::SmallRng, seq::IndexedRandom};
use rules::{
    AnyGame, Cell, Color, EndReason, Family, GameResult, KnightFightSetup, PieceKind, PlayError,
    Scores, Setup, Square, Variant,
};

/// Games per variant when `PROPTEST_CASES` is not set.
const DEFAULT_GAMES: u32 = 1000;

fn config(games: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(games);
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Plays random legal moves from the start until the game ends, checking every position.
fn playout(variant: Variant, seed: u64) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let setup = AnyGame::random_setup(variant, &mut rng);
    let mut game = AnyGame::new(variant, setup.clone()).expect("a game starts from its setup");
    // Chess's 75-move rule and fivefold repetition bound every game well below this.
    let limit = 10_000;
    while game.to_move().is_some() {
        assert!(
            game.ply() < limit,
            "{variant} game did not end within {limit} plies"
        );
        let legal = game.legal_moves();
        assert!(
            !legal.is_empty(),
            "{variant}: side to move but no legal move"
        );
        check_position(&game, &legal, &mut rng);
        let choice = legal.choose(&mut rng).expect("not empty").clone();
        let ply = game.ply();
        let played = game.play(&choice).expect("a listed move plays");
        assert_eq!(
            played, choice,
            "the canonical text of a listed move is itself"
        );
        assert_eq!(game.ply(), ply + 1);
    }
    check_finished(&game, setup);
}

/// Checks one position of a game in progress: listed moves play, others are refused
/// with the right error, the forced pass is flagged, and the scores are recounted.
fn check_position(game: &AnyGame, legal: &[String], rng: &mut SmallRng) {
    // Every listed move plays; chess games are long, so there one position in four.
    let sample_every = if game.variant() == Variant::Chess {
        4
    } else {
        1
    };
    for text in legal
        .iter()
        .filter(|_| game.ply().is_multiple_of(sample_every))
    {
        let mut copy = game.clone();
        assert!(copy.play(text).is_ok(), "listed move {text} did not play");
    }
    // Refused moves leave the game unchanged, so one scratch copy serves them all.
    let mut scratch = game.clone();
    for text in well_formed_texts(game.variant(), rng) {
        if !legal.contains(&text) {
            // A few texts spell a listed move another way (chess `e1h1` castles).
            match scratch.play(&text) {
                Ok(canonical) => {
                    assert!(legal.contains(&canonical), "{text} gave {canonical}");
                    scratch = game.clone();
                }
                Err(error) => assert_eq!(error, PlayError::Illegal(text.clone()), "{text}"),
            }
        }
    }
    for text in [
        "", "zz", "e2e4e4e4", "k9", "a0", "Zz9", "pas", "e3:", ":e3", "z1:a1",
    ] {
        assert!(
            matches!(scratch.play(text), Err(PlayError::Malformed(_))),
            "{} accepted or misjudged {text:?}",
            game.variant()
        );
    }
    assert_eq!(scratch.snapshot(), game.snapshot());
    let forced = legal.len() == 1 && legal[0] == "pass";
    assert_eq!(game.forced_pass().is_some(), forced);
    assert_scores_match_board(game);
}

/// Move texts in the variant's own notation, legal or not.
fn well_formed_texts(variant: Variant, rng: &mut SmallRng) -> Vec<String> {
    let size = variant.board_size();
    let mut square = || Square::new(rng.random_range(0..size), rng.random_range(0..size)).unwrap();
    (0..6)
        .map(|_| match variant {
            Variant::Chess => format!("{}{}", square(), square()),
            Variant::ChessReversi => format!(
                "{}{}",
                ['K', 'Q', 'R', 'B', 'N'][usize::from(square().file()) % 5],
                square()
            ),
            Variant::KnightFight => square().to_string(),
            _ => square().to_string(),
        })
        .chain(
            variant
                .to_string()
                .starts_with("reversi")
                .then(|| "pass".to_owned()),
        )
        .collect()
}

/// Scores equal a recount from the board (Reversi discs, Chess Reversi attacks).
fn assert_scores_match_board(game: &AnyGame) {
    let board = game.board();
    let recount = match game.variant() {
        Variant::Chess | Variant::KnightFight => return,
        Variant::ChessReversi => Scores {
            white: attack_points(&board.cells, Color::White),
            black: attack_points(&board.cells, Color::Black),
        },
        _ => {
            let discs = |side| {
                board
                    .cells
                    .iter()
                    .filter(|cell| **cell == Cell::Disc { color: side })
                    .count() as u32
            };
            Scores {
                white: discs(Color::White),
                black: discs(Color::Black),
            }
        }
    };
    assert_eq!(game.scores(), Some(recount), "{}", game.variant());
}

/// Chess Reversi points of `side`, counted naively: every empty square each of its pieces
/// attacks, lines stopped by the first piece of either colour.
fn attack_points(cells: &[Cell], side: Color) -> u32 {
    let at = |file: i8, rank: i8| -> Option<Cell> {
        ((0..8).contains(&file) && (0..8).contains(&rank))
            .then(|| cells[(rank * 8 + file) as usize])
    };
    let mut points = 0;
    for (index, cell) in cells.iter().enumerate() {
        let Cell::Piece { color, piece } = *cell else {
            continue;
        };
        if color != side {
            continue;
        }
        let (file, rank) = ((index % 8) as i8, (index / 8) as i8);
        let steps: &[(i8, i8)] = match piece {
            PieceKind::Knight => &[
                (1, 2),
                (2, 1),
                (2, -1),
                (1, -2),
                (-1, -2),
                (-2, -1),
                (-2, 1),
                (-1, 2),
            ],
            PieceKind::Rook => &[(1, 0), (-1, 0), (0, 1), (0, -1)],
            PieceKind::Bishop => &[(1, 1), (1, -1), (-1, 1), (-1, -1)],
            _ => &[
                (1, 0),
                (-1, 0),
                (0, 1),
                (0, -1),
                (1, 1),
                (1, -1),
                (-1, 1),
                (-1, -1),
            ],
        };
        let slides = matches!(
            piece,
            PieceKind::Rook | PieceKind::Bishop | PieceKind::Queen
        );
        for &(df, dr) in steps {
            let (mut f, mut r) = (file + df, rank + dr);
            while let Some(target) = at(f, r) {
                if target != Cell::Empty {
                    break;
                }
                points += 1;
                if !slides {
                    break;
                }
                f += df;
                r += dr;
            }
        }
    }
    points
}

/// Checks a finished game: it stays finished, the result agrees with the scores, the
/// variant's own length rules hold, and replaying the record reproduces it exactly.
fn check_finished(game: &AnyGame, setup: Setup) {
    let variant = game.variant();
    let outcome = game
        .outcome()
        .expect("a game without a side to move is over");
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.clone().play("pass"), Err(PlayError::GameOver));
    assert_scores_match_board(game);
    match outcome.reason {
        EndReason::NoLegalPlacement => {
            assert_eq!(variant, Variant::ChessReversi);
        }
        EndReason::AllPlaced | EndReason::BoardFull | EndReason::NoMoves => {
            let scores = game.scores().expect("scoring variants keep scores");
            assert_eq!(
                outcome.result,
                GameResult::from_scores(scores.white, scores.black)
            );
        }
        _ => assert_eq!(variant, Variant::Chess),
    }
    if variant == Variant::ChessReversi && outcome.reason == EndReason::AllPlaced {
        assert_eq!(game.ply(), 16);
    }
    if variant == Variant::KnightFight {
        assert_knight_fight_points(
            game,
            setup.knight_fight().expect("knight fight has a setup"),
        );
    }
    let replayed = AnyGame::replay(variant, setup, game.moves()).expect("the record replays");
    assert_eq!(replayed.snapshot(), game.snapshot());
    assert_eq!(replayed.board(), game.board());
    assert_eq!(replayed.ply(), game.ply());
    assert_eq!(replayed.outcome(), game.outcome());
    assert_eq!(replayed.scores(), game.scores());
    assert_eq!(replayed.record(), game.record());
}

/// Knight Fight points equal the numbers of the squares each knight landed on.
fn assert_knight_fight_points(game: &AnyGame, setup: &KnightFightSetup) {
    let mut points = [0u32; 2];
    for (ply, text) in game.moves().enumerate() {
        let landing: Square = text.split(':').next().unwrap().parse().unwrap();
        points[ply % 2] += u32::from(setup.number_at(landing));
    }
    assert_eq!(
        game.scores(),
        Some(Scores {
            white: points[0],
            black: points[1]
        })
    );
}

macro_rules! playouts {
    ($($name:ident: $variant:expr, $games:expr;)*) => {$(
        proptest! {
            #![proptest_config(config($games))]
            #[test]
            fn $name(seed in any::<u64>()) {
                playout($variant, seed);
            }
        }
    )*};
}

playouts! {
    random_chess_games_keep_every_promise: Variant::Chess, DEFAULT_GAMES;
    random_reversi_6x6_games_keep_every_promise: Variant::Reversi6x6, DEFAULT_GAMES;
    random_reversi_8x8_games_keep_every_promise: Variant::Reversi8x8, DEFAULT_GAMES;
    random_reversi_10x10_games_keep_every_promise: Variant::Reversi10x10, DEFAULT_GAMES / 2;
    random_chess_reversi_games_keep_every_promise: Variant::ChessReversi, DEFAULT_GAMES;
    random_knight_fight_games_keep_every_promise: Variant::KnightFight, DEFAULT_GAMES;
}

/// Plays `plies` random moves of `variant` from the start.
fn random_position(variant: Variant, seed: u64, plies: u32) -> AnyGame {
    let mut rng = SmallRng::seed_from_u64(seed);
    let setup = AnyGame::random_setup(variant, &mut rng);
    let mut game = AnyGame::new(variant, setup).unwrap();
    for _ in 0..plies {
        let legal = game.legal_moves();
        let Some(choice) = legal.choose(&mut rng) else {
            break;
        };
        game.play(choice).unwrap();
    }
    game
}

proptest! {
    #![proptest_config(config(2000))]

    /// Arbitrary text as a move, in any variant at any point: an error or a listed move
    /// (SAN in chess), never a panic, and a refused move leaves the game as it was.
    #[test]
    fn arbitrary_move_text_never_panics(
        variant_index in 0..Variant::ALL.len(),
        seed in any::<u64>(),
        plies in 0u32..40,
        text in prop_oneof![".{0,12}", "[a-kKQRBNP=+#:x1-9O-]{1,8}", "[a-j](10|[1-9])(:[a-j](10|[1-9]))?"],
    ) {
        let variant = Variant::ALL[variant_index];
        let game = random_position(variant, seed, plies);
        let legal = game.legal_moves();
        let mut copy = game.clone();
        match copy.play(&text) {
            Ok(canonical) => prop_assert!(legal.contains(&canonical)),
            Err(PlayError::GameOver) => prop_assert!(game.to_move().is_none()),
            Err(_) => {
                prop_assert_eq!(copy.snapshot(), game.snapshot());
                prop_assert_eq!(copy.ply(), game.ply());
            }
        }
    }

    /// Text forms survive a round trip through `Display` and `FromStr`.
    #[test]
    fn text_forms_round_trip(file in 0u8..10, rank in 0u8..10, index in 0usize..7) {
        let square = Square::new(file, rank).unwrap();
        prop_assert_eq!(square.to_string().parse::<Square>(), Ok(square));
        let variant = Variant::ALL[index];
        prop_assert_eq!(variant.as_str().parse::<Variant>(), Ok(variant));
        let result = GameResult::ALL[index % GameResult::ALL.len()];
        prop_assert_eq!(result.as_str().parse::<GameResult>(), Ok(result));
        let color = Color::ALL[index % 2];
        prop_assert_eq!(color.as_str().parse::<Color>(), Ok(color));
        let family = Family::ALL[index % 4];
        prop_assert_eq!(family.as_str().parse::<Family>(), Ok(family));
        let json = serde_json::to_string(&square).unwrap();
        prop_assert_eq!(serde_json::from_str::<Square>(&json).unwrap(), square);
    }
}

/// Every family has a variant, the Reversi sizes share one, and a game reports its
/// variant's family.
#[test]
fn variants_fall_into_their_families() {
    for family in Family::ALL {
        assert!(
            Variant::ALL
                .iter()
                .any(|variant| variant.family() == family),
            "{family} has no variant"
        );
    }
    let reversi: Vec<Variant> = Variant::ALL
        .into_iter()
        .filter(|variant| variant.family() == Family::Reversi)
        .collect();
    assert_eq!(
        reversi,
        [
            Variant::Reversi6x6,
            Variant::Reversi8x8,
            Variant::Reversi10x10
        ]
    );
    for variant in Variant::ALL {
        let setup = Setup::random(variant, &mut SmallRng::seed_from_u64(1));
        assert_eq!(
            AnyGame::new(variant, setup).unwrap().family(),
            variant.family()
        );
    }
    assert!("backgammon".parse::<Family>().is_err());
}
