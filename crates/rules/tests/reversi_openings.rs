//! The project's list of balanced Reversi openings ([`ReversiOpening`]): every opening
//! replays from the standard start, is as long as documented, leaves the game on with
//! White to move, and differs from every other of its size even turned or mirrored.

use std::collections::HashSet;

use rules::{AnyGame, Cell, Color, ReversiOpening, Setup, Square, Variant};

/// Each size: its variant, how many openings the list has, and their length in plies.
const SIZES: [(u8, Variant, usize, usize); 3] = [
    (6, Variant::Reversi6x6, 8, 8),
    (8, Variant::Reversi8x8, 24, 8),
    (10, Variant::Reversi10x10, 12, 8),
];

fn replay(variant: Variant, opening: &ReversiOpening) -> AnyGame {
    AnyGame::replay(variant, Setup::Standard, opening.moves)
        .unwrap_or_else(|error| panic!("{} does not replay: {error}", opening.name))
}

/// The discs of `game` with the board turned or mirrored by `symmetry` (0 to 7).
fn discs(game: &AnyGame, symmetry: u8) -> Vec<Cell> {
    let board = game.board();
    let last = board.size - 1;
    Square::all(board.size)
        .map(|square| {
            let (mut file, mut rank) = (square.file(), square.rank());
            if symmetry & 4 != 0 {
                (file, rank) = (rank, file);
            }
            if symmetry & 1 != 0 {
                file = last - file;
            }
            if symmetry & 2 != 0 {
                rank = last - rank;
            }
            board.cell(Square::new(file, rank).unwrap()).unwrap()
        })
        .collect()
}

#[test]
fn every_opening_replays_from_the_standard_start_with_white_to_move() {
    for (size, variant, count, plies) in SIZES {
        let openings: Vec<_> = ReversiOpening::of_size(size).collect();
        assert_eq!(openings.len(), count, "{size}x{size}");
        for opening in openings {
            assert_eq!(opening.size, size, "{}", opening.name);
            assert_eq!(opening.moves.len(), plies, "{}", opening.name);
            assert!(!opening.moves.contains(&"pass"), "{}", opening.name);
            let game = replay(variant, opening);
            // The moves are written in the canonical text the game records.
            assert!(
                game.moves().eq(opening.moves.iter().copied()),
                "{}",
                opening.name
            );
            assert!(game.outcome().is_none(), "{} ends the game", opening.name);
            assert_eq!(game.to_move(), Some(Color::White), "{}", opening.name);
            assert!(game.forced_pass().is_none(), "{}", opening.name);
        }
    }
}

#[test]
fn names_are_the_size_and_a_number_counting_from_one() {
    let mut names = HashSet::new();
    for (size, _, _, _) in SIZES {
        for (index, opening) in ReversiOpening::of_size(size).enumerate() {
            assert_eq!(opening.name, format!("{size}x{size}-{:02}", index + 1));
            assert!(names.insert(opening.name), "{} twice", opening.name);
        }
    }
}

#[test]
fn final_positions_differ_even_turned_or_mirrored() {
    for (size, variant, _, _) in SIZES {
        let mut seen: Vec<(&str, Vec<Cell>)> = Vec::new();
        for opening in ReversiOpening::of_size(size) {
            let game = replay(variant, opening);
            for symmetry in 0..8 {
                let board = discs(&game, symmetry);
                if let Some((other, _)) = seen.iter().find(|(_, seen)| *seen == board) {
                    panic!(
                        "{} ends as {other} does (symmetry {symmetry})",
                        opening.name
                    );
                }
            }
            seen.push((opening.name, discs(&game, 0)));
        }
    }
}

#[test]
fn openings_are_found_by_name_and_size() {
    for (size, _, _, _) in SIZES {
        for opening in ReversiOpening::of_size(size) {
            assert_eq!(ReversiOpening::named(opening.name), Some(opening));
        }
    }
    let opening = ReversiOpening::named("8x8-07").expect("8x8-07 is on the list");
    assert_eq!((opening.name, opening.size), ("8x8-07", 8));
    assert_eq!(ReversiOpening::named("nope"), None);
    assert_eq!(ReversiOpening::named("8x8-25"), None);
    assert_eq!(ReversiOpening::named("8X8-07"), None);
    assert_eq!(ReversiOpening::of_size(7).count(), 0);
}
