//! A record pasted from elsewhere ([`PastedRecord`]): a PGN file for chess and Chess960,
//! the project's own text record (or a bare list of moves) for the other games. Reading
//! it keeps the start it names and its moves; [`PastedRecord::play`] checks every move
//! against the rules and names the first one they refuse.

use std::fmt;

use crate::{
    AnyGame, Chess960Start, KnightFightSetup, PlayError, Setup, SetupError, Square, Variant,
    numbered_move,
};

/// The most moves (plies) a pasted record may hold: well beyond any real game of the
/// project's variants, and a bound on the work one request may ask for.
pub const MAX_RECORD_PLIES: usize = 1500;

/// A pasted record, read but not yet checked against the rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PastedRecord {
    /// The start it names: a PGN `FEN` tag, a text record's `Setup:` numbers (Knight
    /// Fight) or `Opening:` line (Reversi); `None` when it names none.
    pub start: Option<Setup>,
    /// Its moves as written, in order, without numbers, comments or the result.
    pub moves: Vec<String>,
}

/// Why a pasted record cannot be carried over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordError {
    /// The start it names is none of the variant's.
    Start(SetupError),
    /// It holds no moves.
    Empty,
    /// It holds more than [`MAX_RECORD_PLIES`] moves.
    TooLong,
    /// The move at `ply` (counting from 0), written `text`, is refused.
    Move {
        /// Its index in the record.
        ply: usize,
        /// As written.
        text: String,
        /// Why the rules refuse it.
        error: PlayError,
    },
    /// The game is over after the record's last move: there is nothing left to play.
    Finished,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Start(error) => write!(f, "the record's start: {error}"),
            RecordError::Empty => f.write_str("the record holds no moves"),
            RecordError::TooLong => write!(
                f,
                "the record holds more than {MAX_RECORD_PLIES} moves, more than a record may"
            ),
            RecordError::Move { ply, text, error } => write!(
                f,
                "the first move the rules refuse is {} (move {} of the record): {error}",
                numbered_move(*ply, text, Some("...")),
                ply + 1
            ),
            RecordError::Finished => {
                f.write_str("the game is already over after the record's last move")
            }
        }
    }
}

impl std::error::Error for RecordError {}

impl PastedRecord {
    /// Reads `text` as a record of a `variant` game: PGN tag pairs (of which `FEN` names
    /// the start), the text record's header lines (`Moves:` holds the moves, `Setup:`
    /// Knight Fight's numbers, `Opening:` a Reversi opening), or bare moves. Move
    /// numbers, comments (`{…}`, `;…`), bracketed text (PGN variations, Knight Fight's
    /// numbers after a move), numeric annotations (`$1`), `!`/`?` marks and the result
    /// are left out.
    ///
    /// # Errors
    ///
    /// [`RecordError::Start`] for a start that is not the variant's,
    /// [`RecordError::Empty`] without moves, [`RecordError::TooLong`].
    pub fn read(variant: Variant, text: &str) -> Result<PastedRecord, RecordError> {
        let text = strip_comments(text);
        let mut start = None;
        let mut movetext = String::new();
        let mut moves_line = None;
        let mut lines = text.lines().peekable();
        while let Some(line) = lines.next() {
            let line = line.trim();
            if let Some((name, value)) = tag_pair(line) {
                if name.eq_ignore_ascii_case("FEN") {
                    start = fen_start(variant, value)?;
                }
            } else if let Some(rest) = line.strip_prefix("Moves:") {
                moves_line = Some(rest.to_owned());
            } else if let Some(name) = line.strip_prefix("Opening:") {
                start = Setup::chosen(variant, name).map_err(RecordError::Start)?;
            } else if line.starts_with("Setup:") && variant == Variant::KnightFight {
                start = Some(knight_fight_numbers(&mut lines)?);
            } else if !is_header(line) {
                movetext.push_str(line);
                movetext.push(' ');
            }
        }
        let movetext = moves_line.unwrap_or(movetext);
        let moves: Vec<String> = movetext
            .split_whitespace()
            .filter_map(move_token)
            .take(MAX_RECORD_PLIES + 1)
            .collect();
        match moves.len() {
            0 => Err(RecordError::Empty),
            n if n > MAX_RECORD_PLIES => Err(RecordError::TooLong),
            _ => Ok(PastedRecord { start, moves }),
        }
    }

    /// Plays the record from `setup` (the start it names, or the one the caller gives
    /// where it names none), checking every move.
    ///
    /// # Errors
    ///
    /// [`RecordError::Start`] when `setup` is not the variant's, [`RecordError::Move`]
    /// naming the first move refused, [`RecordError::Finished`] when the game is over
    /// after the last.
    pub fn play(&self, variant: Variant, setup: Setup) -> Result<AnyGame, RecordError> {
        let mut game = AnyGame::new(variant, setup).map_err(RecordError::Start)?;
        for (ply, text) in self.moves.iter().enumerate() {
            game.play(text).map_err(|error| RecordError::Move {
                ply,
                text: text.clone(),
                error,
            })?;
        }
        if game.to_move().is_none() {
            return Err(RecordError::Finished);
        }
        Ok(game)
    }
}

/// `text` without `{…}` and `;…` comments or bracketed `(…)` text (nested brackets
/// too); line breaks are kept, so header lines stay lines.
fn strip_comments(text: &str) -> String {
    let mut kept = String::with_capacity(text.len());
    let (mut in_brace, mut in_semicolon, mut depth) = (false, false, 0_usize);
    for c in text.chars() {
        match c {
            '\n' => {
                in_semicolon = false;
                kept.push('\n');
            }
            _ if in_semicolon => {}
            '}' if in_brace => in_brace = false,
            _ if in_brace => {}
            '{' => in_brace = true,
            ';' if depth == 0 => in_semicolon = true,
            '(' => depth += 1,
            ')' if depth > 0 => depth -= 1,
            _ if depth > 0 => {}
            c => kept.push(c),
        }
    }
    kept
}

/// A PGN tag pair `[Name "Value"]`.
fn tag_pair(line: &str) -> Option<(&str, &str)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, value) = inner.split_once(char::is_whitespace)?;
    let value = value.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((name, value))
}

/// A text record's header line (`White: anna`), which holds no moves.
fn is_header(line: &str) -> bool {
    line.split_once(':').is_some_and(|(name, _)| {
        !name.is_empty() && name.chars().all(|c| c.is_ascii_alphabetic() || c == ' ')
    })
}

/// The start a PGN `FEN` tag names: a chess position, or the Chess960 start whose
/// pieces stand as the FEN has them.
fn fen_start(variant: Variant, fen: &str) -> Result<Option<Setup>, RecordError> {
    if variant != Variant::Chess960 {
        return Setup::chosen(variant, fen).map_err(RecordError::Start);
    }
    Chess960Start::from_fen(fen)
        .map(|start| Some(Setup::Chess960(start)))
        .ok_or(RecordError::Start(SetupError::Invalid(
            "the FEN is none of the 960 start positions",
        )))
}

/// Knight Fight's numbers from the ten lines after a text record's `Setup:` line (rank
/// 10 first, each its rank and ten two-digit numbers, files a to j).
fn knight_fight_numbers<'a>(
    lines: &mut std::iter::Peekable<impl Iterator<Item = &'a str>>,
) -> Result<Setup, RecordError> {
    const BAD: RecordError = RecordError::Start(SetupError::Invalid(
        "Knight Fight's numbers are ten lines of a rank and ten numbers",
    ));
    let mut numbers = [0_u8; 100];
    let mut seen = 0;
    while let Some(line) = lines.next_if(|line| !line.contains(':')) {
        let mut fields = line.split_whitespace();
        let Some(rank) = fields.next() else {
            continue;
        };
        if rank.chars().all(|c| c.is_ascii_alphabetic()) {
            continue; // the files' letters under the grid
        }
        let rank = rank
            .parse::<u8>()
            .ok()
            .filter(|rank| (1..=10).contains(rank));
        let row = fields
            .map(|field| field.parse::<u8>().ok())
            .collect::<Option<Vec<u8>>>();
        let (Some(rank), Some(row)) = (rank, row) else {
            return Err(BAD);
        };
        if row.len() != 10 {
            return Err(BAD);
        }
        for (file, number) in (0_u8..).zip(row) {
            let square = Square::new(file, rank - 1).ok_or(BAD)?;
            numbers[square.index(10)] = number;
        }
        seen += 1;
    }
    if seen != 10 {
        return Err(BAD);
    }
    KnightFightSetup::from_numbers(numbers)
        .map(Setup::KnightFight)
        .map_err(RecordError::Start)
}

/// The move a token of movetext holds, if any: move numbers (`12.`, `12...`, and
/// `12.e4` glued), results, `$n` annotations and `!`/`?` marks are left out; `0-0` is
/// read as `O-O`.
fn move_token(token: &str) -> Option<String> {
    if matches!(token, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*") || token.starts_with('$') {
        return None;
    }
    let unnumbered = match token.find(|c: char| !c.is_ascii_digit()) {
        Some(at) if at > 0 && token[at..].starts_with(['.', '…']) => {
            token[at..].trim_start_matches(['.', '…'])
        }
        _ => token,
    };
    let bare = unnumbered.trim_end_matches(['!', '?']);
    match bare {
        "" => None,
        "0-0" => Some("O-O".to_owned()),
        "0-0-0" => Some("O-O-O".to_owned()),
        _ => Some(bare.to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(variant: Variant, text: &str) -> PastedRecord {
        PastedRecord::read(variant, text).expect("a record")
    }

    #[test]
    fn pgn_tags_numbers_comments_and_variations_are_left_out() {
        let pgn = "[Event \"Casual\"]\n[White \"a\"]\n\n1. e4 {best by test} e5 2.Nf3 (2. f4 exf4) \
                   Nc6!? 3... $1 Bb5 ; Spanish\n 1-0";
        let record = read(Variant::Chess, pgn);
        assert_eq!(record.start, None);
        assert_eq!(record.moves, ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
        let game = record.play(Variant::Chess, Setup::Standard).unwrap();
        assert_eq!(game.ply(), 5);
    }

    #[test]
    fn the_first_refused_move_is_named_with_its_number() {
        let record = read(Variant::Chess, "1. e4 e5 2. Nf3 Ke7 3. Qxf7");
        let error = record.play(Variant::Chess, Setup::Standard).unwrap_err();
        assert!(matches!(&error, RecordError::Move { ply: 4, text, .. } if text == "Qxf7"));
        let message = error.to_string();
        assert!(message.contains("3. Qxf7"), "{message}");
        assert!(message.contains("move 5 of the record"), "{message}");
        let black = read(Variant::Chess, "1. e4 e4")
            .play(Variant::Chess, Setup::Standard)
            .unwrap_err();
        assert!(black.to_string().contains("1... e4"), "{black}");
    }

    #[test]
    fn a_fen_tag_names_the_start_and_a_960_fen_its_number() {
        let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
        let record = read(
            Variant::Chess,
            &format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n1. e4 Kd7"),
        );
        assert!(matches!(&record.start, Some(Setup::Fen(start)) if start.as_str() == fen));
        let start = Chess960Start::new(100).unwrap();
        let record = read(
            Variant::Chess960,
            &format!("[Variant \"Chess960\"]\n[FEN \"{}\"]\n1. e4", start.fen()),
        );
        assert_eq!(record.start, Some(Setup::Chess960(start)));
        assert!(matches!(
            PastedRecord::read(
                Variant::Chess960,
                "[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n1. Kb1"
            ),
            Err(RecordError::Start(_))
        ));
    }

    #[test]
    fn a_downloaded_text_record_reads_back_with_its_numbers() {
        let setup = KnightFightSetup::random(&mut rand::rng());
        let mut game =
            AnyGame::new(Variant::KnightFight, Setup::KnightFight(setup.clone())).unwrap();
        for _ in 0..4 {
            let next = game.legal_moves()[0].clone();
            game.play(&next).unwrap();
        }
        let mut text = "Game: Knight Fight\nVariant: knight-fight\nWhite: a\nBlack: b\n\
                        Result: *\nSetup: the number on each square, rank 10 at the top, files a to j\n"
            .to_owned();
        for rank in (0..10_u8).rev() {
            let row: Vec<String> = (0..10_u8)
                .map(|file| format!("{:02}", setup.number_at(Square::new(file, rank).unwrap())))
                .collect();
            text.push_str(&format!("{:>2} {}\n", rank + 1, row.join(" ")));
        }
        text.push_str("   a  b  c  d  e  f  g  h  i  j\n");
        text.push_str(&format!(
            "Moves: {}\nChat:\n  [move 1] a: hi\n",
            game.movetext()
        ));
        let record = read(Variant::KnightFight, &text);
        assert_eq!(record.start, Some(Setup::KnightFight(setup.clone())));
        let replayed = record
            .play(Variant::KnightFight, record.start.clone().unwrap())
            .unwrap();
        assert_eq!(replayed.saved_position(), game.saved_position());
    }

    #[test]
    fn bare_reversi_moves_with_an_opening_line() {
        let opening = Setup::openings(Variant::Reversi8x8).next().unwrap();
        assert_eq!(
            PastedRecord::read(Variant::Reversi8x8, &format!("Opening: {}\n", opening.name)),
            Err(RecordError::Empty)
        );
        let game = AnyGame::new(Variant::Reversi8x8, Setup::Opening(opening)).unwrap();
        let first = game.legal_moves()[0].clone();
        let record = read(
            Variant::Reversi8x8,
            &format!("Opening: {}\nMoves: 1. {first}\n", opening.name),
        );
        assert_eq!(record.start, Some(Setup::Opening(opening)));
        assert_eq!(record.moves, [first]);
    }

    #[test]
    fn empty_long_and_finished_records_are_refused() {
        assert_eq!(
            PastedRecord::read(Variant::Chess, "[Event \"x\"]\n1-0"),
            Err(RecordError::Empty)
        );
        let long = "d3 ".repeat(MAX_RECORD_PLIES + 1);
        assert_eq!(
            PastedRecord::read(Variant::Reversi8x8, &long),
            Err(RecordError::TooLong)
        );
        let mate = read(Variant::Chess, "1. f3 e5 2. g4 Qh4#");
        assert_eq!(
            mate.play(Variant::Chess, Setup::Standard).unwrap_err(),
            RecordError::Finished
        );
    }

    #[test]
    fn castling_with_zeros_and_glued_numbers() {
        assert_eq!(move_token("0-0"), Some("O-O".to_owned()));
        assert_eq!(move_token("12.Nf3"), Some("Nf3".to_owned()));
        assert_eq!(move_token("12…Nf6"), Some("Nf6".to_owned()));
        assert_eq!(move_token("12..."), None);
        assert_eq!(move_token("e8=Q+!!"), Some("e8=Q+".to_owned()));
        assert_eq!(move_token("½-½"), None);
    }
}
