//! Perft from the command line, with the leaves counted per second.
//!
//! ```text
//! cargo run --release -p rules --example perft -- <variant> <depth> [--standard] [--trait-perft]
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

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let standard = args.iter().any(|arg| arg == "--standard");
    let trait_perft = args.iter().any(|arg| arg == "--trait-perft");
    let positional: Vec<&String> = args.iter().filter(|arg| !arg.starts_with("--")).collect();
    let known = |arg: &&String| matches!(arg.as_str(), "--standard" | "--trait-perft");
    let unknown_flag = args.iter().any(|arg| arg.starts_with("--") && !known(&arg));
    let parsed = match positional.as_slice() {
        _ if unknown_flag => None,
        [variant, depth] => variant
            .parse::<Variant>()
            .ok()
            .zip(depth.parse::<u32>().ok()),
        _ => None,
    };
    let Some((variant, depth)) = parsed else {
        eprintln!("usage: perft <variant> <depth> [--standard] [--trait-perft]");
        eprintln!("variants: {}", Variant::ALL.map(Variant::as_str).join(", "));
        return ExitCode::FAILURE;
    };
    let count = counter(variant, standard, trait_perft);
    let known: &[u64] = if standard && variant == Variant::Reversi8x8 {
        &STANDARD_8X8
    } else {
        &[]
    };
    for depth in 1..=depth {
        let start = Instant::now();
        let leaves = count(depth);
        let seconds = start.elapsed().as_secs_f64();
        let nps = if seconds > 0.0 {
            (leaves as f64 / seconds) as u64
        } else {
            0
        };
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
