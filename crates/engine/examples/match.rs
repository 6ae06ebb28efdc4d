//! Engine matches and search speed, for the strength and speed tables of the README.
//!
//! ```text
//! cargo run --release -p engine --example match -- ladder <variant> <games> <nodes> [<top level>]
//! cargo run --release -p engine --example match -- pair <variant> <level> <level> <games> <nodes>
//! cargo run --release -p engine --example match -- greedy <variant> <level> <games> <nodes>
//! cargo run --release -p engine --example match -- speed <variant> <positions> <nodes>
//! cargo run --release -p engine --example match -- work <variant> <positions> <nodes>
//! ```
//!
//! `ladder` plays each level 2–8 (or up to `<top level>`) against the level below; `pair` one pairing; `greedy` a
//! level against a player that takes the move gaining the most points at once (in
//! Reversi: flipping the most discs). Games come in pairs from one random opening, each
//! side playing it once with White and once with Black; `<nodes>` is the node budget of
//! every engine move. Draws count half. `speed` searches positions of random games at
//! level 8 and reports nodes per second, against the rules crate's perft (leaf positions
//! per second of its move generator) measured in the same run. `work` runs a fixed set of
//! level-8 searches and prints the nodes they visited, for counting the instructions a
//! node takes (`valgrind --tool=callgrind`), which the machine's load does not change.
//!
//! `MATCH_THREADS=2` plays the games of a series on two threads; the table is the same.

use std::{
    ops::Range,
    process::ExitCode,
    sync::atomic::AtomicBool,
    time::{Duration, Instant},
};

mod shared;

use engine::{Budget, Level, Request, best_move};
use rand::{Rng, SeedableRng, rngs::SmallRng, seq::IndexedRandom};
use rules::{AnyGame, Color, GameResult, Variant};

/// Who plays a side.
#[derive(Debug, Clone, Copy)]
enum Player {
    Engine(Level),
    Greedy,
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Player::Engine(level) => write!(f, "level {level}"),
            Player::Greedy => f.write_str("greedy"),
        }
    }
}

/// Plies after which an unfinished game is scored a draw (chess only gets this far).
const MAX_PLIES: u32 = 300;

/// Random plies that open each pair of games.
const fn opening_plies(variant: Variant) -> u32 {
    match variant {
        Variant::Chess => 4,
        Variant::Reversi6x6 | Variant::Reversi8x8 | Variant::Reversi10x10 => 8,
        Variant::ChessReversi => 2,
        Variant::KnightFight | Variant::Chess960 => 0,
    }
}

/// The most a Reversi 6x6 opening may favour one side, in hundredths of a disc, as a
/// level-8 search of [`BALANCE_NODES`] rates it. On that board four random moves often
/// lose the game outright: in a first series of 8 against 6, 17 of 50 openings were won
/// by the same colour twice, whichever level had it, and that search rated every one of
/// them 9.9 discs or more from even.
const BALANCE_LIMIT: i32 = 800;
/// The node budget of the search that rates an opening.
const BALANCE_NODES: u64 = 1_000_000;

/// Whether an opening is fair enough to measure levels on: Reversi 6x6 openings only when
/// a level-8 search rates them within [`BALANCE_LIMIT`], the others always.
fn balanced(game: &AnyGame) -> bool {
    if game.variant() != Variant::Reversi6x6 {
        return true;
    }
    let request = Request::new(Level::MAX, Budget::nodes(BALANCE_NODES), 0);
    best_move(game, &request, &AtomicBool::new(false))
        .ok()
        .and_then(|reply| reply.score)
        .is_some_and(|score| score.abs() <= BALANCE_LIMIT)
}

/// A random opening (and Knight Fight setup) for pair `pair`: the first [`balanced`] one
/// its seed draws.
fn opening(variant: Variant, pair: u64) -> AnyGame {
    let mut rng = SmallRng::seed_from_u64(0x0bad_cafe ^ pair);
    loop {
        let mut game = AnyGame::new(variant, AnyGame::random_setup(variant, &mut rng)).unwrap();
        for _ in 0..opening_plies(variant) {
            let moves = game.legal_moves();
            let Some(text) = moves.choose(&mut rng) else {
                break;
            };
            game.play(&text.clone()).unwrap();
        }
        if balanced(&game) {
            return game;
        }
    }
}

/// The greedy move: the most points (discs) for the mover right after it, ties at random.
fn greedy_move(game: &AnyGame, rng: &mut SmallRng) -> String {
    let mover = game.to_move().expect("the game is on");
    let gain = |text: &String| {
        let mut next = game.clone();
        next.play(text).unwrap();
        next.scores().map_or(0, |scores| {
            i64::from(scores.of(mover)) - i64::from(scores.of(!mover))
        })
    };
    let moves = game.legal_moves();
    let best = moves.iter().map(gain).max().unwrap();
    let best_moves: Vec<&String> = moves.iter().filter(|text| gain(text) == best).collect();
    (*best_moves.choose(rng).unwrap()).clone()
}

/// Nodes searched and time spent by one player.
#[derive(Debug, Default, Clone, Copy)]
struct Work {
    nodes: u64,
    time: Duration,
    /// Searched moves and the sum of their completed depths.
    searches: u64,
    depths: u64,
}

impl Work {
    fn add(&mut self, other: Work) {
        self.nodes += other.nodes;
        self.time += other.time;
        self.searches += other.searches;
        self.depths += other.depths;
    }
}

/// Plays `start` out between `white` and `black`; returns the result and each side's work.
fn play(start: &AnyGame, players: [Player; 2], nodes: u64, seed: u64) -> (GameResult, [Work; 2]) {
    let stop = AtomicBool::new(false);
    let mut game = start.clone();
    let mut work = [Work::default(); 2];
    let mut rng = SmallRng::seed_from_u64(seed);
    while let Some(mover) = game.to_move() {
        if game.ply() >= MAX_PLIES {
            return (GameResult::Draw, work);
        }
        let side = mover.fold(0, 1);
        let text = match players[side] {
            Player::Greedy => greedy_move(&game, &mut rng),
            Player::Engine(level) => {
                let request = Request::new(level, Budget::nodes(nodes), rng.random());
                let clock = Instant::now();
                let reply = best_move(&game, &request, &stop).unwrap();
                work[side].add(Work {
                    nodes: reply.nodes,
                    time: clock.elapsed(),
                    searches: u64::from(reply.nodes > 0),
                    depths: if reply.nodes > 0 {
                        u64::from(reply.depth)
                    } else {
                        0
                    },
                });
                reply.text
            }
        };
        game.play(&text).unwrap();
    }
    (game.outcome().unwrap().result, work)
}

/// The openings of `games` games, one a pair, drawn on `MATCH_THREADS` threads.
fn openings(variant: Variant, games: u64) -> Vec<AnyGame> {
    shared::in_order(games.div_ceil(2), "MATCH_THREADS", |pair| {
        opening(variant, pair)
    })
}

/// Plays `games` games of `first` against `second` from `openings` (one a pair, see
/// [`openings`]), colours alternating; prints a row.
fn series(
    variant: Variant,
    openings: &[AnyGame],
    (first, second): (Player, Player),
    games: u64,
    nodes: u64,
) {
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    // Points White scored, whoever played it.
    let mut white_points = 0.0;
    let mut work = [Work::default(); 2];
    // On `MATCH_THREADS` threads; each game depends on its index alone, so the table is
    // the same with any number of threads.
    let played = shared::in_order(games, "MATCH_THREADS", |game_index| {
        let start = &openings[(game_index / 2) as usize];
        let players = if game_index % 2 == 0 {
            [first, second]
        } else {
            [second, first]
        };
        play(start, players, nodes, game_index)
    });
    for (game_index, (result, spent)) in (0..games).zip(played) {
        let first_is_white = game_index % 2 == 0;
        white_points += f64::from(result.half_points(Color::White)) / 2.0;
        let first_color = if first_is_white {
            Color::White
        } else {
            Color::Black
        };
        match result.winner() {
            Some(color) if color == first_color => wins += 1,
            Some(_) => losses += 1,
            None => draws += 1,
        }
        let (a, b) = if first_is_white { (0, 1) } else { (1, 0) };
        for (total, add) in [(0, a), (1, b)] {
            work[total].add(spent[add]);
        }
    }
    let score = (wins as f64 + draws as f64 / 2.0) / games as f64 * 100.0;
    let rate = |work: Work| {
        if work.time.is_zero() {
            "-".to_owned()
        } else {
            format!(
                "{:.0}",
                work.nodes as f64 / work.time.as_secs_f64() / 1000.0
            )
        }
    };
    let depth = |work: Work| {
        if work.searches == 0 {
            "-".to_owned()
        } else {
            format!("{:.1}", work.depths as f64 / work.searches as f64)
        }
    };
    println!(
        "| {variant} | {first} | {second} | {games} | {wins} | {draws} | {losses} | {score:.1}% | {:.1}% | {} | {} | {} | {} |",
        white_points / games as f64 * 100.0,
        rate(work[0]),
        rate(work[1]),
        depth(work[0]),
        depth(work[1]),
    );
}

fn header() {
    println!(
        "| variant | player | opponent | games | won | drawn | lost | score | White's score | kN/s player | kN/s opponent | depth player | depth opponent |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
}

/// A random game of `variant` after a random number of random plies in `plies` (fewer
/// if it ends), if its mover has two moves or more to choose from.
fn random_position(variant: Variant, plies: Range<u32>, rng: &mut SmallRng) -> Option<AnyGame> {
    let mut game = AnyGame::new(variant, AnyGame::random_setup(variant, rng)).unwrap();
    for _ in 0..rng.random_range(plies) {
        let moves = game.legal_moves();
        let Some(text) = moves.choose(rng) else {
            break;
        };
        game.play(&text.clone()).unwrap();
    }
    (game.legal_moves().len() >= 2).then_some(game)
}

/// Level-8 search speed on positions of random games, against perft in the same run.
fn speed(variant: Variant, positions: u64, nodes: u64) {
    let stop = AtomicBool::new(false);
    let mut rng = SmallRng::seed_from_u64(17);
    let mut searched = Work::default();
    let mut perft = Work::default();
    let mut sampled = 0;
    while sampled < positions {
        let Some(game) = random_position(variant, 4..30, &mut rng) else {
            continue;
        };
        let request = Request::new(Level::MAX, Budget::nodes(nodes), sampled);
        let clock = Instant::now();
        let reply = best_move(&game, &request, &stop).unwrap();
        searched.time += clock.elapsed();
        searched.nodes += reply.nodes;
        let clock = Instant::now();
        let mut depth = 1;
        let mut leaves = 0;
        while clock.elapsed() < Duration::from_millis(50) && depth <= 8 {
            leaves += game.perft(depth);
            depth += 1;
        }
        perft.time += clock.elapsed();
        perft.nodes += leaves;
        sampled += 1;
    }
    let per_second = |work: Work| work.nodes as f64 / work.time.as_secs_f64();
    let (search, moves) = (per_second(searched), per_second(perft));
    println!(
        "| {variant} | {positions} | {nodes} | {:.0} | {:.0} | {:.3} |",
        search / 1000.0,
        moves / 1000.0,
        search / moves
    );
}

/// Level-8 searches of `nodes` in `positions` positions of random games (8 to 39 random
/// plies from the start); prints the nodes visited in all.
fn work(variant: Variant, positions: u64, nodes: u64) {
    let stop = AtomicBool::new(false);
    let mut rng = SmallRng::seed_from_u64(17);
    let (mut sampled, mut visited) = (0, 0);
    while sampled < positions {
        let Some(game) = random_position(variant, 8..40, &mut rng) else {
            continue;
        };
        let request = Request::new(Level::MAX, Budget::nodes(nodes), 1);
        visited += best_move(&game, &request, &stop).unwrap().nodes;
        sampled += 1;
    }
    println!("{variant}: {visited} nodes in {positions} searches");
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |index: usize| -> Option<u64> { args.get(index)?.parse().ok() };
    let level = |index: usize| -> Option<Level> { args.get(index)?.parse().ok() };
    let variants = |index: usize| -> Option<Vec<Variant>> {
        match args.get(index)?.as_str() {
            "all" => Some(Variant::ALL.to_vec()),
            id => Some(vec![id.parse().ok()?]),
        }
    };
    let run = || -> Option<()> {
        match args.first()?.as_str() {
            "ladder" => {
                let (games, nodes) = (number(2)?, number(3)?);
                let top = if args.len() > 4 {
                    level(4)?
                } else {
                    Level::MAX
                };
                header();
                for variant in variants(1)? {
                    let openings = openings(variant, games);
                    for pair in Level::ALL.windows(2).filter(|pair| pair[1] <= top) {
                        let players = (Player::Engine(pair[1]), Player::Engine(pair[0]));
                        series(variant, &openings, players, games, nodes);
                    }
                }
            }
            "pair" => {
                header();
                for variant in variants(1)? {
                    let games = number(4)?;
                    let players = (Player::Engine(level(2)?), Player::Engine(level(3)?));
                    series(
                        variant,
                        &openings(variant, games),
                        players,
                        games,
                        number(5)?,
                    );
                }
            }
            "greedy" => {
                header();
                for variant in variants(1)? {
                    let games = number(3)?;
                    let players = (Player::Engine(level(2)?), Player::Greedy);
                    series(
                        variant,
                        &openings(variant, games),
                        players,
                        games,
                        number(4)?,
                    );
                }
            }
            "work" => {
                for variant in variants(1)? {
                    work(variant, number(2)?, number(3)?);
                }
            }
            "speed" => {
                println!(
                    "| variant | positions | node budget | search kN/s | perft kN/s | ratio |"
                );
                println!("|---|---|---|---|---|---|");
                for variant in variants(1)? {
                    speed(variant, number(2)?, number(3)?);
                }
            }
            _ => return None,
        }
        Some(())
    };
    if run().is_some() {
        ExitCode::SUCCESS
    } else {
        eprintln!(
            "usage: match ladder|pair|greedy|speed|work … (see the top of examples/match.rs)"
        );
        ExitCode::FAILURE
    }
}
