//! Every level of every variant over random playouts: legal moves, budgets, the stop
//! flag, determinism.

use std::{sync::atomic::AtomicBool, time::Duration};

use engine::{Budget, EngineError, Level, Request, best_move, level_budget};
use rand::{SeedableRng, rngs::SmallRng, seq::IndexedRandom};
use rules::{AnyGame, Variant};

/// A new game of `variant` (Knight Fight on a setup drawn from `rng`).
fn new_game(variant: Variant, rng: &mut SmallRng) -> AnyGame {
    AnyGame::new(variant, AnyGame::random_setup(variant, rng)).unwrap()
}

/// Every position of a random game of `variant` that has a move to make (at most
/// `limit` of them).
fn random_playout(variant: Variant, seed: u64, limit: usize) -> Vec<AnyGame> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = new_game(variant, &mut rng);
    let mut positions = Vec::new();
    while game.to_move().is_some() && positions.len() < limit {
        positions.push(game.clone());
        let moves = game.legal_moves();
        let text = moves.choose(&mut rng).unwrap().clone();
        game.play(&text).unwrap();
    }
    positions
}

#[test]
fn every_level_plays_a_legal_move_in_every_position_of_random_playouts() {
    let stop = AtomicBool::new(false);
    for variant in Variant::ALL {
        for seed in 0..2 {
            for (index, game) in random_playout(variant, seed, 400).iter().enumerate() {
                for level in Level::ALL {
                    let request =
                        Request::new(level, Budget::nodes(600), seed * 1000 + index as u64);
                    let reply = best_move(game, &request, &stop).unwrap();
                    assert!(
                        game.legal_moves().contains(&reply.text),
                        "{variant} level {level}: {} is not legal after {:?}",
                        reply.text,
                        game.moves().collect::<Vec<_>>()
                    );
                    assert!(reply.nodes <= 600);
                }
            }
        }
    }
}

#[test]
fn a_finished_game_has_no_move() {
    // Fool's mate.
    let game = AnyGame::replay(Variant::Chess, None, ["f3", "e5", "g4", "Qh4#"]).unwrap();
    let request = Request::new(Level::MAX, Budget::nodes(1000), 0);
    assert_eq!(
        best_move(&game, &request, &AtomicBool::new(false)),
        Err(EngineError::GameOver)
    );
}

#[test]
fn a_forced_move_is_played_without_a_search() {
    // Reversi's centre phase has a single move left on the fourth ply.
    let game = AnyGame::replay(Variant::Reversi8x8, None, ["d4", "e4", "d5"]).unwrap();
    let request = Request::new(Level::MAX, Budget::nodes(1000), 0);
    let reply = best_move(&game, &request, &AtomicBool::new(false)).unwrap();
    assert_eq!((reply.text.as_str(), reply.nodes), ("e5", 0));
}

#[test]
fn the_node_budget_bounds_the_search_and_binds_level_eight() {
    let stop = AtomicBool::new(false);
    for variant in Variant::ALL {
        for game in random_playout(variant, 7, 8).iter().skip(4) {
            if game.legal_moves().len() < 2 {
                continue;
            }
            for budget in [1, 50, 5_000] {
                let request = Request::new(Level::MAX, Budget::nodes(budget), 3);
                let reply = best_move(game, &request, &stop).unwrap();
                assert!(game.legal_moves().contains(&reply.text));
                // Level 8 searches deeper until the budget runs out: it spends it all.
                assert_eq!(reply.nodes, budget, "{variant} at ply {}", game.ply());
            }
        }
    }
}

#[test]
fn a_set_stop_flag_ends_the_search_at_once_with_a_legal_move() {
    let stop = AtomicBool::new(true);
    for variant in Variant::ALL {
        for game in random_playout(variant, 11, 10).iter().skip(5) {
            if game.legal_moves().len() < 2 {
                continue;
            }
            let request = Request::new(Level::MAX, Budget::nodes(u64::MAX), 0);
            let reply = best_move(game, &request, &stop).unwrap();
            assert!(game.legal_moves().contains(&reply.text));
            // The flag is read every 256 nodes.
            assert!(reply.nodes <= 256, "{variant}: {} nodes", reply.nodes);
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_move_and_seeds_vary_the_low_levels() {
    let stop = AtomicBool::new(false);
    for variant in Variant::ALL {
        let positions = random_playout(variant, 21, 30);
        let mut varied = false;
        for game in positions.iter().skip(4) {
            if game.legal_moves().len() < 3 {
                continue;
            }
            for level in Level::ALL {
                let request = Request::new(level, Budget::nodes(3_000), 99);
                let first = best_move(game, &request, &stop).unwrap();
                let again = best_move(game, &request, &stop).unwrap();
                assert_eq!(first, again, "{variant} level {level}");
            }
            let level_one = |seed| {
                let request = Request::new(Level::MIN, Budget::nodes(3_000), seed);
                best_move(game, &request, &stop).unwrap().text
            };
            let first = level_one(0);
            varied |= (1..20).any(|seed| level_one(seed) != first);
        }
        assert!(varied, "{variant}: level 1 never varied with the seed");
    }
}

#[test]
fn chess_levels_from_three_take_a_mate_in_one() {
    // Scholar's mate is on the board: Qxf7#.
    let game = AnyGame::replay(
        Variant::Chess,
        None,
        ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"],
    )
    .unwrap();
    for level in Level::ALL.into_iter().skip(2) {
        let request = Request::new(level, Budget::nodes(20_000), 5);
        let reply = best_move(&game, &request, &AtomicBool::new(false)).unwrap();
        assert_eq!(reply.text, "h5f7", "level {level}");
    }
}

#[test]
fn each_level_may_use_more_nodes_than_the_one_below() {
    let budget = Budget::nodes(1 << 24);
    for variant in Variant::ALL {
        let shares = Level::ALL.map(|level| level_budget(variant, &budget, level).nodes);
        let expected = match variant {
            Variant::ChessReversi => [16, 16, 17, 18, 19, 20, 21, 24],
            Variant::Reversi6x6 => [12, 12, 13, 14, 15, 16, 20, 24],
            _ => [16, 16, 17, 18, 19, 20, 22, 24],
        }
        .map(|power| 1 << power);
        assert_eq!(shares, expected, "{variant}");
        // Never below 500 nodes, nor above the budget.
        let small = |nodes| level_budget(variant, &Budget::nodes(nodes), Level::MIN).nodes;
        assert_eq!(small(10_000), 500);
        assert_eq!(small(300), 300);
    }
}

#[test]
fn a_spent_time_budget_stops_the_search_at_the_first_check() {
    let stop = AtomicBool::new(false);
    for variant in Variant::ALL {
        for game in random_playout(variant, 13, 10).iter().skip(5) {
            if game.legal_moves().len() < 2 {
                continue;
            }
            let request = Request::new(Level::MAX, Budget::time(Duration::ZERO), 0);
            let reply = best_move(game, &request, &stop).unwrap();
            assert!(game.legal_moves().contains(&reply.text));
            assert!(reply.nodes <= 256, "{variant}: {} nodes", reply.nodes);
        }
    }
}

/// The UCI engine to test against: `STOCKFISH_PATH`, else Debian's `stockfish`. CI
/// installs it (.ci/run): missing there is a failure, elsewhere a skip, said plainly.
fn stockfish() -> Option<std::path::PathBuf> {
    let found = engine::stockfish_path()
        .or_else(|| Some("/usr/games/stockfish".into()))
        .filter(|path| path.exists());
    if found.is_none() {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "stockfish is missing: apt-get install stockfish (or set STOCKFISH_PATH)"
        );
        eprintln!("skipped: no stockfish (set STOCKFISH_PATH or apt-get install stockfish)");
    }
    found
}

#[test]
fn stockfish_plays_the_top_chess_levels_through_uci() {
    let Some(path) = stockfish() else {
        return;
    };
    let stop = AtomicBool::new(false);
    // Mate in one is found.
    let game = AnyGame::replay(
        Variant::Chess,
        None,
        ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"],
    )
    .unwrap();
    let request = Request::new(Level::MAX, Budget::nodes(20_000), 0);
    let reply = engine::best_move_with_uci(&game, &request, &stop, &path).unwrap();
    assert_eq!(reply.text, "h5f7");
    assert!(reply.nodes > 0);
    // Legal in positions of a random game, and the same reply twice (one thread, nodes).
    for game in random_playout(Variant::Chess, 31, 40).iter().step_by(8) {
        let request = Request::new(Level::new(7).unwrap(), Budget::nodes(4_000), 0);
        let first = engine::best_move_with_uci(game, &request, &stop, &path).unwrap();
        assert!(game.legal_moves().contains(&first.text));
        let again = engine::best_move_with_uci(game, &request, &stop, &path).unwrap();
        assert_eq!(first.text, again.text);
    }
    // A set stop flag ends an unlimited search.
    let stopped = AtomicBool::new(true);
    let request = Request::new(Level::MAX, Budget::nodes(u64::MAX), 0);
    let reply = engine::best_move_with_uci(&game, &request, &stopped, &path).unwrap();
    assert!(game.legal_moves().contains(&reply.text));
    // A missing engine is an error, not a panic.
    let missing =
        engine::best_move_with_uci(&game, &request, &stop, "/nonexistent/engine".as_ref());
    assert!(matches!(missing, Err(EngineError::Uci(_))));
}

#[test]
fn stockfish_adjudicates_chess_from_any_start() {
    let Some(path) = stockfish() else {
        return;
    };
    let stop = AtomicBool::new(false);
    let budget = Budget::nodes(200_000);
    let from = |fen: &str| {
        let setup = rules::Setup::chosen(Variant::Chess, fen).unwrap().unwrap();
        AnyGame::new(Variant::Chess, setup).unwrap()
    };
    // A chosen start is sent as its FEN: the mate in one there is found, and certain.
    let mate = from("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    let verdict = engine::adjudicate_with_uci(&mate, budget, &stop, &path).unwrap();
    assert_eq!(verdict.winner, Some(rules::Color::White), "{verdict:?}");
    assert!(verdict.certain);
    assert_eq!(verdict.line, ["a1a8"]);
    // A rook up is a clear lead; the start is a draw.
    let rook_up = from("r3k3/pppp4/8/8/8/8/PPPP4/R3K2R w - - 0 1");
    let verdict = engine::adjudicate_with_uci(&rook_up, budget, &stop, &path).unwrap();
    assert_eq!(verdict.winner, Some(rules::Color::White), "{verdict:?}");
    assert!(verdict.score.unwrap() >= engine::win_margin(rules::Family::Chess));
    let start = AnyGame::new(Variant::Chess, None).unwrap();
    let verdict = engine::adjudicate_with_uci(&start, budget, &stop, &path).unwrap();
    assert_eq!(
        (verdict.winner, verdict.certain),
        (None, false),
        "{verdict:?}"
    );
    assert!(
        verdict.score.is_some(),
        "its score is read from the info lines"
    );
}
