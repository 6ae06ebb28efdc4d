//! Perft from the command line, with the leaves counted per second.
//!
//! ```text
//! cargo run --release -p rules --example perft -- <variant> <depth> [--standard] [--trait-perft]
//! cargo run --release -p rules --example perft -- reversi-8x8 <depth> --standard --compare [rounds]
//! ```
//!
//! Prints `depth D leaves N nps X` for every depth from 1 to `<depth>`, where `X` is
//! leaves per second (an integer). The variant is an id (`chess`, `reversi-6x6`,
//! `reversi-8x8`, `reversi-10x10`, `chess-reversi`, `knight-fight`); the game starts as
//! [`AnyGame::new`] makes it and is counted with [`AnyGame::perft`], the family's fast
//! counter.
//!
//! - `--standard`: Reversi from the classic diagonal start with Black to move
//!   ([`Reversi::standard`]); for chess the normal start (which it is anyway).
//! - `--trait-perft`: count with the [`Game`] trait's default perft instead (clone and
//!   `play_unchecked` over `legal_moves`), as a baseline for the fast counters.
//!
//! - `--compare`: (Reversi only) count `<depth>` alone, `rounds` times (default 5) in
//!   turn with the same-run baselines: [`Reversi::baseline_perft`] (the 8x8 board's
//!   kernels of a build for the baseline `x86_64` target, SSE2, which in such a build are
//!   the fast counter's own; in a build with AVX2 the fast counter runs the AVX2
//!   kernels), [`Reversi::generic_perft`] (the kernels every size shares, which the 8x8
//!   board's own replace) and the trait's default perft. Prints each run, then the
//!   median leaves per second of each counter and the ratios of the fast counter's
//!   median against them; and, as a reference measured elsewhere (not in this run, so
//!   only indicative), against Edax's perft without hash table from the standard start
//!   at depth 11 on the project's machine, 330 to 355 million leaves per second (Edax
//!   built by its makefile for that processor, with `popcnt` and the like).
//!
//! Every run first prints the target features the binary was built with that the
//! kernels use (`avx2`, `popcnt`; `avx512f` only through the compiler's own choices of
//! instructions): a plain `cargo run --release` builds for the baseline `x86_64` target,
//! which has neither; `RUSTFLAGS="-C target-cpu=native"` builds for the processor at
//! hand (use its own `--target-dir`, as the flags change every crate's build):
//!
//! ```text
//! RUSTFLAGS="-C target-cpu=native" cargo run --release -p rules --target-dir target/native \
//!     --example perft -- reversi-8x8 11 --standard --compare 5
//! ```
//!
//! For `reversi-8x8 --standard` every depth is also checked against the published
//! figures (to depth 12); a mismatch is reported and the program fails.
//!
//! Knight Fight uses a fixed setup so runs compare: square `i` (row-major from `a1`)
//! holds the number `(37 * i + 11) % 100`, a permutation because 37 and 100 are coprime.

use std::{process::ExitCode, time::Instant};

use rules::{
    AnyGame, BoardView, Chess, ChessReversi, Color, Game, KnightFight, KnightFightSetup, Outcome,
    PlayError, Reversi, Scores, Square, Variant,
};

/// Published perft of Reversi 8x8 from the classic start, Black to move, depths 1 to 12.
const STANDARD_8X8: [u64; 12] = [
    4,
    12,
    56,
    244,
    1_396,
    8_200,
    55_092,
    390_216,
    3_005_288,
    24_571_284,
    212_258_800,
    1_939_886_636,
];

/// The fixed Knight Fight numbers: `(37 * i + 11) % 100` on square `i`.
fn knight_fight_setup() -> KnightFightSetup {
    let numbers: [u8; 100] = std::array::from_fn(|i| ((37 * i + 11) % 100) as u8);
    KnightFightSetup::from_numbers(numbers).expect("37 * i + 11 mod 100 is a permutation")
}

/// A game that counts with the trait's default perft: every required method delegates,
/// `perft` is not overridden.
#[derive(Debug, Clone)]
struct DefaultPerft<G>(G);

impl<G: Game> Game for DefaultPerft<G> {
    type Move = G::Move;
    fn to_move(&self) -> Color {
        self.0.to_move()
    }
    fn ply(&self) -> u32 {
        self.0.ply()
    }
    fn legal_moves(&self) -> Vec<G::Move> {
        self.0.legal_moves()
    }
    fn play_unchecked(&mut self, mv: &G::Move) {
        self.0.play_unchecked(mv);
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    fn parse_move(&self, text: &str) -> Result<G::Move, PlayError> {
        self.0.parse_move(text)
    }
    fn move_text(&self, mv: &G::Move) -> String {
        self.0.move_text(mv)
    }
    fn move_squares(&self, mv: &G::Move) -> Vec<Square> {
        self.0.move_squares(mv)
    }
    fn board(&self) -> BoardView {
        self.0.board()
    }
    fn scores(&self) -> Option<Scores> {
        self.0.scores()
    }
}

/// Boxes a game's default-perft counter.
fn trait_counter<G: Game + 'static>(game: G) -> Box<dyn Fn(u32) -> u64> {
    let game = DefaultPerft(game);
    Box::new(move |depth| game.perft(depth))
}

fn counter(variant: Variant, standard: bool, trait_perft: bool) -> Box<dyn Fn(u32) -> u64> {
    let size = variant.board_size();
    let reversi = matches!(
        variant,
        Variant::Reversi6x6 | Variant::Reversi8x8 | Variant::Reversi10x10
    );
    if reversi && standard {
        let game = Reversi::standard(size);
        return if trait_perft {
            trait_counter(game)
        } else {
            Box::new(move |depth| game.perft(depth))
        };
    }
    if reversi && trait_perft {
        return trait_counter(Reversi::new(size));
    }
    if trait_perft {
        return match variant {
            Variant::Chess => trait_counter(Chess::new()),
            Variant::ChessReversi => trait_counter(ChessReversi::new()),
            _ => trait_counter(KnightFight::new(&knight_fight_setup())),
        };
    }
    let setup = variant.needs_setup().then(knight_fight_setup);
    let game = AnyGame::new(variant, setup).expect("the setup matches the variant");
    Box::new(move |depth| game.perft(depth))
}

/// Edax's perft without hash table, standard start, depth 11, on the project's machine:
/// leaves per second, low and high (measured elsewhere, not by this program).
const EDAX_REFERENCE: (f64, f64) = (330e6, 355e6);

/// Leaves and leaves per second of one count.
fn timed(count: &dyn Fn(u32) -> u64, depth: u32) -> (u64, f64) {
    let start = Instant::now();
    let leaves = count(depth);
    let seconds = start.elapsed().as_secs_f64();
    let nps = if seconds > 0.0 {
        leaves as f64 / seconds
    } else {
        0.0
    };
    (leaves, nps)
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let middle = values.len() / 2;
    if values.len() % 2 == 1 {
        values[middle]
    } else {
        (values[middle - 1] + values[middle]) / 2.0
    }
}

/// The target features this binary was built with, of those the kernels use: `avx2`
/// (the 8x8 kernels on four lanes), `popcnt` (one instruction per popcount) and
/// `avx512f` (none of the crate's code asks for it, but the compiler may use its
/// instructions).
fn target_features() -> String {
    let features = [
        ("avx2", cfg!(target_feature = "avx2")),
        ("popcnt", cfg!(target_feature = "popcnt")),
        ("avx512f", cfg!(target_feature = "avx512f")),
    ];
    let line: Vec<String> = features
        .iter()
        .map(|(name, on)| format!("{}{name}", if *on { '+' } else { '-' }))
        .collect();
    format!("{} on {}", line.join(" "), std::env::consts::ARCH)
}

/// `--compare`: the fast counter against the same-run baselines, in turn, `rounds` times.
fn compare(game: &Reversi, depth: u32, rounds: u32) -> ExitCode {
    let fast = |depth| game.perft(depth);
    let baseline = |depth| game.baseline_perft(depth);
    let generic = |depth| game.generic_perft(depth);
    let slow = DefaultPerft(game.clone());
    let trait_default = |depth| slow.perft(depth);
    let counters: [(&str, &dyn Fn(u32) -> u64); 4] = [
        ("fast", &fast),
        ("baseline", &baseline),
        ("generic", &generic),
        ("trait", &trait_default),
    ];
    let mut rates: [Vec<f64>; 4] = Default::default();
    let mut expected = None;
    for round in 1..=rounds {
        for ((name, count), rates) in counters.iter().zip(&mut rates) {
            let (leaves, nps) = timed(*count, depth);
            println!("round {round} {name} depth {depth} leaves {leaves} nps {nps:.0}");
            if *expected.get_or_insert(leaves) != leaves {
                eprintln!("the counters disagree at depth {depth}");
                return ExitCode::FAILURE;
            }
            rates.push(nps);
        }
    }
    let [fast, baseline, generic, trait_default] = rates.map(median);
    println!(
        "median nps: fast {fast:.0} baseline {baseline:.0} generic {generic:.0} \
         trait {trait_default:.0}"
    );
    println!(
        "same run: fast / baseline {:.2}{}, fast / generic {:.2}, fast / trait {:.2}",
        fast / baseline,
        if cfg!(target_feature = "avx2") {
            ""
        } else {
            " (the same kernels in this build)"
        },
        fast / generic,
        fast / trait_default
    );
    let (low, high) = EDAX_REFERENCE;
    println!(
        "reference measured elsewhere, not in this run: Edax perft (no hash, standard \
         start, depth 11) {:.0}-{:.0} M leaves/s; fast / Edax {:.2}-{:.2}",
        low / 1e6,
        high / 1e6,
        fast / high,
        fast / low
    );
    ExitCode::SUCCESS
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| args.iter().any(|arg| arg == name);
    let (standard, trait_perft, compare_runs) =
        (flag("--standard"), flag("--trait-perft"), flag("--compare"));
    let positional: Vec<&String> = args.iter().filter(|arg| !arg.starts_with("--")).collect();
    let known =
        |arg: &&String| matches!(arg.as_str(), "--standard" | "--trait-perft" | "--compare");
    let unknown_flag = args.iter().any(|arg| arg.starts_with("--") && !known(&arg));
    let parsed = match positional.as_slice() {
        _ if unknown_flag => None,
        [variant, depth] => variant
            .parse::<Variant>()
            .ok()
            .zip(depth.parse::<u32>().ok())
            .map(|(variant, depth)| (variant, depth, 5)),
        [variant, depth, rounds] if compare_runs => variant
            .parse::<Variant>()
            .ok()
            .zip(depth.parse::<u32>().ok())
            .zip(rounds.parse::<u32>().ok().filter(|&rounds| rounds > 0))
            .map(|((variant, depth), rounds)| (variant, depth, rounds)),
        _ => None,
    };
    let reversi = |variant| {
        matches!(
            variant,
            Variant::Reversi6x6 | Variant::Reversi8x8 | Variant::Reversi10x10
        )
    };
    let Some((variant, depth, rounds)) =
        parsed.filter(|&(variant, ..)| !compare_runs || reversi(variant))
    else {
        eprintln!("usage: perft <variant> <depth> [--standard] [--trait-perft]");
        eprintln!("       perft <reversi variant> <depth> [--standard] --compare [rounds]");
        eprintln!("variants: {}", Variant::ALL.map(Variant::as_str).join(", "));
        return ExitCode::FAILURE;
    };
    println!("built with {}", target_features());
    if compare_runs {
        let size = variant.board_size();
        let game = if standard {
            Reversi::standard(size)
        } else {
            Reversi::new(size)
        };
        return compare(&game, depth, rounds);
    }
    let count = counter(variant, standard, trait_perft);
    let known: &[u64] = if standard && variant == Variant::Reversi8x8 {
        &STANDARD_8X8
    } else {
        &[]
    };
    for depth in 1..=depth {
        let (leaves, nps) = timed(&count, depth);
        let nps = nps as u64;
        println!("depth {depth} leaves {leaves} nps {nps}");
        if let Some(&expected) = known.get(depth as usize - 1)
            && leaves != expected
        {
            eprintln!("mismatch at depth {depth}: expected {expected} leaves");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
