//! Learns the weights of Reversi's evaluation from the engine's own games and writes the
//! crate's weights file.
//!
//! ```text
//! cargo run --release -p engine --example train -- play <variant> <games> <nodes> <samples file>
//! cargo run --release -p engine --example train -- fit <variant> <passes> <weights file> <samples file>...
//! ```
//!
//! `play` plays the games and keeps their samples; `fit` learns weights from them. Each game opens with the four centre placements and 0 to 8 random moves, then the
//! engine plays both sides at level 8 with `<nodes>` nodes a move (one move in thirty at
//! random instead, for variety) until [`SOLVED`] squares are empty; the exact solver then
//! gives the final margin both sides reach with their best play. Every position before
//! that is a sample worth that margin to its mover. The engine plays with the weights
//! built into the crate, so each set of weights learns from the games of the one before.
//! `fit` holds one game in twenty out and prints the error on those for the new weights,
//! for the weights built in, and for a guess of 0. The same arguments give the same
//! files, with any number of `TRAIN_THREADS`.

use std::{process::ExitCode, sync::atomic::AtomicBool, time::Instant};

mod shared;

use engine::{
    Budget, Level, Request, best_move,
    training::{self, Sample},
};
use rand::{Rng, SeedableRng, rngs::SmallRng, seq::IndexedRandom};
use rules::{AnyGame, AnyPosition, Color, Game, Square, Variant};

/// Empty squares from which the rest of a game is solved exactly.
const SOLVED: u32 = 12;
/// A won game's score, before the margin is added (see the README).
const WIN: i32 = 1_000_000;

/// One game's samples.
fn play_game(variant: Variant, index: u64, nodes: u64) -> Vec<Sample> {
    let stop = AtomicBool::new(false);
    let mut rng = SmallRng::seed_from_u64(0x7ea1 ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let mut game = AnyGame::new(variant, None).expect("a Reversi game");
    let random_plies = 4 + rng.random_range(0..=8);
    let mut seen: Vec<(rules::Reversi, Color)> = Vec::new();
    let white_margin = loop {
        let AnyPosition::Reversi(position) = game.position() else {
            unreachable!("a Reversi game")
        };
        if position.is_over() {
            break training::final_margin(position, Color::White).expect("a finished game");
        }
        let mover = position.to_move();
        let size = position.size();
        let empties = Square::all(size)
            .filter(|&square| position.disc(square).is_none())
            .count() as u32;
        if empties <= SOLVED {
            let request = Request::new(Level::MAX, Budget::nodes(u64::MAX), 0);
            let reply = best_move(&game, &request, &stop).expect("a move");
            if let Some(score) = reply.score {
                let margin = match score {
                    s if s > 0 => s - WIN,
                    s if s < 0 => s + WIN,
                    _ => 0,
                };
                break if mover == Color::White {
                    margin
                } else {
                    -margin
                };
            }
            game.play(&reply.text).expect("a legal move");
            continue;
        }
        let moves = game.legal_moves();
        let text = if game.ply() < random_plies || rng.random_range(0..30) == 0 {
            moves.choose(&mut rng).expect("a move").clone()
        } else {
            let request = Request::new(Level::MAX, Budget::nodes(nodes), rng.random());
            best_move(&game, &request, &stop).expect("a move").text
        };
        seen.push((position.clone(), mover));
        game.play(&text).expect("a legal move");
    };
    seen.iter()
        .filter_map(|(position, mover)| {
            let margin = if *mover == Color::White {
                white_margin
            } else {
                -white_margin
            };
            Sample::new(position, margin)
        })
        .collect()
}

/// Plays `games` games and writes their samples to `file`, game by game: each game's
/// sample count (u32) and its samples.
fn play(variant: Variant, games: u64, nodes: u64, file: &str) -> std::io::Result<()> {
    let clock = Instant::now();
    let played = shared::in_order(games, "TRAIN_THREADS", |index| {
        play_game(variant, index, nodes)
    });
    let mut out = Vec::new();
    for samples in &played {
        out.extend_from_slice(&(samples.len() as u32).to_le_bytes());
        for sample in samples {
            sample.write(&mut out);
        }
    }
    eprintln!(
        "{games} games, {} samples, in {:.0} s",
        played.iter().map(Vec::len).sum::<usize>(),
        clock.elapsed().as_secs_f64()
    );
    std::fs::write(file, out)
}

/// The games of sample files, each a list of samples.
fn read_games(files: &[String]) -> Option<Vec<Vec<Sample>>> {
    let mut games = Vec::new();
    for file in files {
        let bytes = std::fs::read(file).ok()?;
        let mut rest = &bytes[..];
        while !rest.is_empty() {
            let count = u32::from_le_bytes(rest.get(..4)?.try_into().ok()?) as usize;
            rest = &rest[4..];
            let body = rest.get(..count * Sample::BYTES)?;
            games.push(
                body.chunks(Sample::BYTES)
                    .map(Sample::read)
                    .collect::<Option<Vec<_>>>()?,
            );
            rest = &rest[count * Sample::BYTES..];
        }
    }
    Some(games)
}

/// Learns weights of `size` from the games in `files` and writes them to `out`.
fn fit(size: u8, passes: u32, files: &[String], out: &str) -> std::io::Result<()> {
    let Some(games) = read_games(files) else {
        return Err(std::io::Error::other("a sample file is unreadable"));
    };
    let (held, learned): (Vec<_>, Vec<_>) = games
        .into_iter()
        .enumerate()
        .partition(|(index, _)| index % 20 == 0);
    let held: Vec<Sample> = held.into_iter().flat_map(|(_, samples)| samples).collect();
    let learned: Vec<Sample> = learned
        .into_iter()
        .flat_map(|(_, samples)| samples)
        .collect();
    let clock = Instant::now();
    let fit = training::fit(size, &learned, passes, 1);
    println!(
        "| {size}x{size} | {} | {} | {:.2} | {:.2} | {} | {:.0} s |",
        learned.len(),
        held.len(),
        fit.error(&held),
        training::guess_error(&held),
        training::built_in_error(&held).map_or("-".to_owned(), |error| format!("{error:.2}")),
        clock.elapsed().as_secs_f64(),
    );
    std::fs::write(out, fit.to_bytes())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let variant = args.get(1).and_then(|text| text.parse::<Variant>().ok());
    let size = match variant {
        Some(Variant::Reversi6x6) => 6,
        Some(Variant::Reversi8x8) => 8,
        Some(Variant::Reversi10x10) => 10,
        _ => 0,
    };
    let number = |index: usize| args.get(index).and_then(|text| text.parse::<u64>().ok());
    let done = match (args.first().map(String::as_str), variant) {
        (Some("play"), Some(variant)) if size > 0 && args.len() == 5 => number(2)
            .zip(number(3))
            .map(|(games, nodes)| play(variant, games, nodes, &args[4])),
        (Some("fit"), Some(_)) if size > 0 && args.len() >= 5 => {
            number(2).map(|passes| fit(size, passes as u32, &args[4..], &args[3]))
        }
        _ => None,
    };
    match done {
        Some(Ok(())) => ExitCode::SUCCESS,
        Some(Err(error)) => {
            eprintln!("{error}");
            ExitCode::FAILURE
        }
        None => {
            eprintln!(
                "usage: train play <reversi variant> <games> <nodes> <samples file>\n       train fit <reversi variant> <passes> <weights file> <samples file>..."
            );
            ExitCode::FAILURE
        }
    }
}
