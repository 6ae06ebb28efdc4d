//! A game carried over from elsewhere: the record a challenge brings, read and checked
//! move by move ([`rules::PastedRecord`]), with the start it names. See
//! docs/thematic-starts.md.

use rules::{Setup, Variant};

use super::{ChallengeRequest, ColorChoice, read_start};
use vocab::error::AppError;

/// What a challenge's chosen start and pasted record ask for: the game's start
/// ([`read_start`], or the one the record names) and, for a game carried over from
/// elsewhere, the moves played so far (checked; empty for a new game).
///
/// # Errors
///
/// As [`read_start`]; 422 `invalid_record` naming the first move the rules refuse (or
/// what else is wrong: no moves, too many, a start that is not the variant's, a game
/// already over); `conflicting_start` when the record names a start other than `start`.
pub fn read_start_and_record(
    variant: Variant,
    start: &str,
    record: &str,
) -> Result<(Option<Setup>, Vec<String>), AppError> {
    let start = read_start(variant, start)?;
    Ok(match read_record(variant, start.clone(), record)? {
        Some(carried) => (carried.start, carried.moves),
        None => (start, Vec::new()),
    })
}

/// A game carried over from elsewhere: where it started and the moves played since.
#[derive(Debug, Clone, PartialEq, Eq)]
struct CarriedOver {
    /// Its start (`None`: the variant's usual one).
    start: Option<Setup>,
    /// The moves played so far, canonical texts, checked.
    moves: Vec<String>,
}

/// Reads a pasted record of a game to carry over ([`rules::PastedRecord`]): PGN in
/// chess and Chess960, the downloaded text record or bare moves in the others; its
/// start is the one it names, else `start` (the one chosen beside it), else the
/// variant's usual one. `None` when `text` is empty.
///
/// # Errors
///
/// 422 `invalid_record` naming the first move the rules refuse (or what else is wrong:
/// no moves, too many, a start that is not the variant's, a game already over);
/// `conflicting_start` when the record names a start other than `start`.
fn read_record(
    variant: Variant,
    start: Option<Setup>,
    text: &str,
) -> Result<Option<CarriedOver>, AppError> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    let invalid =
        |error: rules::RecordError| AppError::invalid("invalid_record", error.to_string());
    let record = rules::PastedRecord::read(variant, text).map_err(invalid)?;
    let start = match (record.start.clone(), start) {
        (Some(named), Some(chosen)) if named != chosen => {
            return Err(AppError::invalid(
                "conflicting_start",
                "the record names a start other than the one chosen beside it",
            ));
        }
        (named, chosen) => named.or(chosen),
    };
    if start.is_none() && variant.needs_setup() {
        return Err(AppError::invalid(
            "invalid_record",
            format!(
                "a {} record names its start: a PGN FEN tag, or the Setup lines of a \
                 downloaded record",
                variant.name()
            ),
        ));
    }
    let game = record
        .play(variant, start.clone().unwrap_or_default())
        .map_err(invalid)?;
    Ok(Some(CarriedOver {
        start,
        moves: game.moves().map(str::to_owned).collect(),
    }))
}

/// A game carried over from elsewhere is between two named players, each on the
/// colour they had there, and casual: its rating would count moves made elsewhere.
pub(super) fn check(request: &ChallengeRequest<'_>) -> Result<(), AppError> {
    if request.moves.is_empty() {
        return Ok(());
    }
    if request.opponent.is_none_or(str::is_empty) {
        return Err(AppError::invalid(
            "import_needs_opponent",
            "a game carried over from elsewhere is addressed to its opponent by name",
        ));
    }
    if request.color == ColorChoice::Random {
        return Err(AppError::invalid(
            "import_needs_color",
            "a game carried over from elsewhere names the colour you played there",
        ));
    }
    if request.rated {
        return Err(AppError::invalid(
            "import_is_casual",
            "a game carried over from elsewhere is casual: its moves so far were not \
             played here",
        ));
    }
    Ok(())
}
