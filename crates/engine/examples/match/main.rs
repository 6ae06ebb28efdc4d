//! Engine matches and search speed, for the strength and speed tables of the README.
//!
//! ```text
//! cargo run --release -p engine --example match -- ladder <variant> <games> <nodes> [<top level>]
//! cargo run --release -p engine --example match -- pair <variant> <level> <level> <games> <nodes>
//! cargo run --release -p engine --example match -- greedy <variant> <level> <games> <nodes>
//! cargo run --release -p engine --example match -- stockfish <elo>[,<elo>…] <games> <nodes>
//! cargo run --release -p engine --example match -- othello <games> <nodes>
//! cargo run --release -p engine --example match -- speed <variant> <positions> <nodes>
//! cargo run --release -p engine --example match -- work <variant> <positions> <nodes>
//! ```
//!
//! `ladder` plays each level 2–8 (or up to `<top level>`) against the level below;
//! `pair` one pairing; `greedy` a level against a player that takes the move gaining the
//! most points at once (in Reversi: flipping the most discs); `stockfish` chess level 8
//! against Stockfish held to each Elo (`UCI_LimitStrength`, `STOCKFISH_MOVETIME_MS` a
//! move, 100 by default; `STOCKFISH_PATH` or Debian's `/usr/games/stockfish`); `othello`
//! Reversi 8x8 level 8 against the `ai-othello` crate's strongest preset. Games come in
//! pairs from one random opening, each side playing it once with White and once with
//! Black; `<nodes>` is the node budget of every engine move. Draws count half. `speed`
//! searches positions of random games at level 8 and reports nodes per second, against
//! the rules crate's perft (leaf positions per second of its move generator) measured in
//! the same run. `work` runs a fixed set of level-8 searches and prints the nodes they
//! visited, for counting the instructions a node takes (`valgrind --tool=callgrind`),
//! which the machine's load does not change.
//!
//! `MATCH_THREADS=2` plays the games of a series on two threads; the table is the same
//! (but for Stockfish, whose weakened play draws on a clock-seeded random number).
//!
//! A row gives the score with its 95% interval (1.96 standard errors of the per-game
//! points) and the Elo difference the score and the interval's ends imply, the time a
//! searched move took each side (forced moves aside) and the depth each side completed.
//! Against Stockfish a game is adjudicated once both sides have scored it at 10 pawns or
//! more for the same side on three moves each in a row (see [`Adjudicator`]).

use std::{
    ops::Range,
    process::ExitCode,
    sync::atomic::AtomicBool,
    time::{Duration, Instant},
};

mod outside;
#[path = "../shared/mod.rs"]
mod shared;

use outside::Stockfish;

use engine::{Budget, Level, Reply, Request, best_move};
use rand::{Rng, SeedableRng, rngs::SmallRng, seq::IndexedRandom};
use rules::{AnyGame, Color, GameResult, Variant};

/// Who plays a side.
#[derive(Debug, Clone, Copy)]
enum Player {
    Engine(Level),
    Greedy,
    /// Stockfish held to this Elo.
    Stockfish(u32),
    /// The `ai-othello` crate's strongest preset.
    Othello,
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Player::Engine(level) => write!(f, "level {level}"),
            Player::Greedy => f.write_str("greedy"),
            Player::Stockfish(elo) => write!(f, "Stockfish {elo}"),
            Player::Othello => f.write_str("ai-othello maximum"),
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

/// Ends a game against Stockfish early, as engine matches commonly do: once both sides
/// have scored it at [`Adjudicator::MARGIN`] or more for the same side on
/// [`Adjudicator::MOVES`] moves each in a row, that side wins.
#[derive(Debug, Default)]
struct Adjudicator {
    /// White's view of the last scores, newest last.
    scores: Vec<Option<i32>>,
}

impl Adjudicator {
    /// Centipawns: 10 pawns.
    const MARGIN: i32 = 1_000;
    /// Moves of each side.
    const MOVES: usize = 3;

    /// Notes `score` (centipawns for `mover`, `None` when the move was forced) and
    /// returns the winner once the scores agree.
    fn note(&mut self, mover: Color, score: Option<i32>) -> Option<Color> {
        self.scores
            .push(score.map(|score| mover.fold(score, -score)));
        let recent = self.scores.len().checked_sub(2 * Self::MOVES)?;
        let last = &self.scores[recent..];
        if last.iter().all(|s| s.is_some_and(|s| s >= Self::MARGIN)) {
            Some(Color::White)
        } else if last.iter().all(|s| s.is_some_and(|s| s <= -Self::MARGIN)) {
            Some(Color::Black)
        } else {
            None
        }
    }
}

/// Plays `start` out between `white` and `black`; returns the result and each side's work.
fn play(start: &AnyGame, players: [Player; 2], nodes: u64, seed: u64) -> (GameResult, [Work; 2]) {
    let stop = AtomicBool::new(false);
    let mut game = start.clone();
    let mut work = [Work::default(); 2];
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut stockfish = [None, None];
    let mut adjudicator = Adjudicator::default();
    let against_stockfish = players
        .iter()
        .any(|player| matches!(player, Player::Stockfish(_)));
    while let Some(mover) = game.to_move() {
        if game.ply() >= MAX_PLIES {
            return (GameResult::Draw, work);
        }
        let side = mover.fold(0, 1);
        let clock = Instant::now();
        let reply = match players[side] {
            Player::Greedy => Reply {
                text: greedy_move(&game, &mut rng),
                nodes: 0,
                depth: 0,
                score: None,
            },
            Player::Engine(level) => {
                let request = Request::new(level, Budget::nodes(nodes), rng.random());
                best_move(&game, &request, &stop).unwrap()
            }
            Player::Stockfish(elo) => stockfish[side]
                .get_or_insert_with(|| {
                    Stockfish::start(&outside::stockfish_path(), elo, stockfish_move_time())
                        .unwrap_or_else(|error| panic!("{error}"))
                })
                .best_move(&game)
                .unwrap_or_else(|error| panic!("{error}")),
            Player::Othello => {
                outside::othello_move(&game).unwrap_or_else(|error| panic!("{error}"))
            }
        };
        if reply.nodes > 0 {
            work[side].add(Work {
                nodes: reply.nodes,
                time: clock.elapsed(),
                searches: 1,
                depths: u64::from(reply.depth),
            });
        }
        game.play(&reply.text)
            .unwrap_or_else(|error| panic!("{} played {}: {error}", players[side], reply.text));
        if against_stockfish && let Some(winner) = adjudicator.note(mover, reply.score) {
            return (GameResult::win(winner), work);
        }
    }
    (game.outcome().unwrap().result, work)
}

/// How long Stockfish searches a move: `STOCKFISH_MOVETIME_MS`, 100 ms by default.
fn stockfish_move_time() -> Duration {
    let millis = std::env::var("STOCKFISH_MOVETIME_MS")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(100);
    Duration::from_millis(millis)
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
    // The first player's points in each game, for the interval.
    let mut points = Vec::new();
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
        points.push(f64::from(result.half_points(first_color)) / 2.0);
        let (a, b) = if first_is_white { (0, 1) } else { (1, 0) };
        for (total, add) in [(0, a), (1, b)] {
            work[total].add(spent[add]);
        }
    }
    let score = (wins as f64 + draws as f64 / 2.0) / games as f64 * 100.0;
    let interval = Interval::of(&points);
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
    let per_move = |work: Work| {
        if work.searches == 0 {
            "-".to_owned()
        } else {
            format!(
                "{:.0}",
                work.time.as_secs_f64() * 1000.0 / work.searches as f64
            )
        }
    };
    println!(
        "| {variant} | {first} | {second} | {games} | {wins} | {draws} | {losses} | {score:.1}% | {interval} | {} | {:.1}% | {} | {} | {} | {} | {} | {} |",
        interval.elo(),
        white_points / games as f64 * 100.0,
        rate(work[0]),
        rate(work[1]),
        per_move(work[0]),
        per_move(work[1]),
        depth(work[0]),
        depth(work[1]),
    );
}

/// A series' mean score and its 95% interval, as fractions of a point.
#[derive(Debug, Clone, Copy)]
struct Interval {
    low: f64,
    mean: f64,
    high: f64,
}

impl Interval {
    /// The mean of `points` (one per game) ± 1.96 standard errors, within 0 and 1.
    fn of(points: &[f64]) -> Interval {
        let n = points.len().max(1) as f64;
        let mean = points.iter().sum::<f64>() / n;
        let variance = points.iter().map(|p| (p - mean).powi(2)).sum::<f64>() / n;
        let half = 1.96 * (variance / n).sqrt();
        Interval {
            low: (mean - half).max(0.0),
            mean,
            high: (mean + half).min(1.0),
        }
    }

    /// The Elo difference each score implies (±∞ at 0 and 1 are shown as such).
    fn elo(self) -> String {
        let elo = |score: f64| -> String {
            if score <= 0.0 {
                "-∞".to_owned()
            } else if score >= 1.0 {
                "+∞".to_owned()
            } else {
                format!("{:+.0}", 400.0 * (score / (1.0 - score)).log10())
            }
        };
        format!(
            "{} ({} to {})",
            elo(self.mean),
            elo(self.low),
            elo(self.high)
        )
    }
}

impl std::fmt::Display for Interval {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:.1}–{:.1}%", self.low * 100.0, self.high * 100.0)
    }
}

fn header() {
    println!(
        "| variant | player | opponent | games | won | drawn | lost | score | 95% interval | Elo difference | White's score | kN/s player | kN/s opponent | ms a move player | ms a move opponent | depth player | depth opponent |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
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
            "stockfish" => {
                header();
                let elos: Vec<u32> = args
                    .get(1)?
                    .split(',')
                    .map(str::parse)
                    .collect::<Result<_, _>>()
                    .ok()?;
                let (games, nodes) = (number(2)?, number(3)?);
                let openings = openings(Variant::Chess, games);
                for elo in elos {
                    let players = (Player::Engine(Level::MAX), Player::Stockfish(elo));
                    series(Variant::Chess, &openings, players, games, nodes);
                }
            }
            "othello" => {
                header();
                let (games, nodes) = (number(1)?, number(2)?);
                let variant = Variant::Reversi8x8;
                let players = (Player::Engine(Level::MAX), Player::Othello);
                series(variant, &openings(variant, games), players, games, nodes);
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
            "usage: match ladder|pair|greedy|stockfish|othello|speed|work … (see the top of examples/match/main.rs)"
        );
        ExitCode::FAILURE
    }
}
