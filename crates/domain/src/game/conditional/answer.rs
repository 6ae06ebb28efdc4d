//! The pipeline's conditional step: after a move, the game's lines move on over the plies
//! just played, and while the side to move owns a line, its next step is played for them
//! (a move, or the action that ends the line); where they own none, their repertoire's
//! reply, if it has one (at most [`REPERTOIRE_PLIES_PER_TURN`] in a row). See
//! docs/conditional-moves.md.

use rules::{AnyGame, Color, PlayedMove};
use sqlx::AnyConnection;

use super::{
    line::Step,
    repertoire_reply::{self, REPERTOIRE_PLIES_PER_TURN},
    split,
};
use crate::game::{
    action_rules::{ByLine, by_line},
    detail::{GameDetail, end_turn, play_forced_passes},
    errors::corrupt,
    vocabulary::Ending,
};
use store::conditional as rows;
use vocab::error::AppError;

/// A line of the pipeline: what is left of it, from `ply` on.
#[derive(Debug)]
struct Pending {
    id: String,
    user_id: String,
    ply: usize,
    moves: Vec<String>,
    display: Vec<String>,
}

/// A line's step that could not answer when it came: its owner hears of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unanswered {
    /// The step as its owner wrote it (a move, or an action's name).
    pub step: String,
    /// Why it could not be played: the code a pressed button or a played move would
    /// have been refused with (`illegal_move`, `no_draw_offer`, `no_draw_claim`, …).
    pub why: &'static str,
}

/// What the conditional step did.
#[derive(Debug)]
pub(crate) struct Answered {
    /// Whose turn the caller ends: the last player who moved (not counting forced
    /// passes), the mover or the player a line answered for; `None` when that turn has
    /// ended already (a line's action came at its owner's turn, which goes on).
    pub(crate) turn_to_end: Option<Color>,
    /// How a line's action ended the game (resigned, a draw agreed or claimed).
    pub(crate) ending: Option<Ending>,
    /// A line's step that could not answer; the line is gone.
    pub(crate) unanswered: Option<Unanswered>,
}

/// How a step fits a ply that was played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fit {
    /// The step names the move.
    Named,
    /// The step is `*`.
    Any,
    /// It does not fit: the line ends.
    Not,
}

/// The game before each of the plies being walked, built only when a step must be read
/// in its position (one written after a `*`, kept as its owner wrote it).
struct Positions<'a> {
    game: &'a AnyGame,
    at: Option<(usize, AnyGame)>,
}

impl Positions<'_> {
    /// The position before record index `index`, if the record replays.
    fn before(&mut self, index: usize) -> Option<&AnyGame> {
        let record = self.game.record();
        if self.at.as_ref().is_none_or(|(at, _)| *at > index) {
            let start = AnyGame::new(self.game.variant(), self.game.setup().clone()).ok()?;
            self.at = Some((0, start));
        }
        let (at, game) = self.at.as_mut()?;
        while *at < index {
            game.play(&record.get(*at)?.text).ok()?;
            *at += 1;
        }
        Some(game)
    }
}

fn fit(step: &str, ply: &PlayedMove, index: usize, positions: &mut Positions<'_>) -> Fit {
    if step == ply.text {
        return Fit::Named;
    }
    match Step::of(step) {
        Step::Any => Fit::Any,
        Step::Action(_) => Fit::Not,
        Step::Move(text) => {
            let named = positions
                .before(index)
                .and_then(|game| game.canonical(text).ok())
                .is_some_and(|canonical| canonical == ply.text);
            if named { Fit::Named } else { Fit::Not }
        }
    }
}

/// Moves every line of the game on over the plies played from `from` on: a line whose
/// steps fit them loses those steps; one that expected another move, or is used up, is
/// deleted. Where a player's lines part at an opponent's move, one naming the move that
/// came wins over one that says `*` there, which is deleted.
async fn advance(
    conn: &mut AnyConnection,
    lines: &mut Vec<Pending>,
    game: &AnyGame,
    from: usize,
) -> Result<(), AppError> {
    let record = game.record();
    let played = record.get(from..).unwrap_or_default();
    let mut positions = Positions { game, at: None };
    let mut going = Vec::with_capacity(lines.len());
    for line in lines.drain(..) {
        if line.ply == from && line.moves.len() > played.len() {
            going.push(line);
        } else {
            rows::drop_line(&mut *conn, &line.id).await?;
        }
    }
    for (offset, ply) in played.iter().enumerate() {
        let fits: Vec<Fit> = going
            .iter()
            .map(|line| fit(&line.moves[offset], ply, from + offset, &mut positions))
            .collect();
        let named_for = |user: &str| {
            going
                .iter()
                .zip(&fits)
                .any(|(line, fit)| line.user_id == user && *fit == Fit::Named)
        };
        let kept: Vec<bool> = going
            .iter()
            .zip(&fits)
            .map(|(line, fit)| match fit {
                Fit::Named => true,
                Fit::Any => !named_for(&line.user_id),
                Fit::Not => false,
            })
            .collect();
        let mut index = 0;
        let mut ended = Vec::new();
        going.retain(|line| {
            let keep = kept[index];
            index += 1;
            if !keep {
                ended.push(line.id.clone());
            }
            keep
        });
        for id in ended {
            rows::drop_line(&mut *conn, &id).await?;
        }
    }
    let ply = i64::try_from(record.len()).map_err(AppError::internal)?;
    for line in &mut going {
        line.moves.drain(..played.len());
        line.display.drain(..played.len().min(line.display.len()));
        line.ply = record.len();
        rows::advance(
            &mut *conn,
            &line.id,
            ply,
            &line.moves.join(" "),
            &line.display.join(" "),
        )
        .await?;
    }
    *lines = going;
    Ok(())
}

/// Deletes the lines of `owner_id` whose next step is `step`: played to their end, or
/// unable to answer.
async fn end_lines(
    conn: &mut AnyConnection,
    lines: &mut Vec<Pending>,
    owner_id: &str,
    step: &str,
) -> Result<(), AppError> {
    let mut ended = Vec::new();
    lines.retain(|line| {
        let owned = line.user_id == owner_id && line.moves.first().is_some_and(|next| next == step);
        if owned {
            ended.push(line.id.clone());
        }
        !owned
    });
    for id in ended {
        rows::drop_line(&mut *conn, &id).await?;
    }
    Ok(())
}

/// Plays `canonical` for `to_move` (a line's move, or their repertoire's), as at any move
/// the turn of the one who moved before ends first; then forced passes. Returns the move
/// as the record has it.
///
/// # Errors
///
/// A move or forced pass the rules refuse (a 500: both were checked).
fn play_for(
    detail: &mut GameDetail,
    answered: &mut Answered,
    to_move: Color,
    canonical: &str,
    played: &mut Vec<String>,
    now: i64,
) -> Result<String, AppError> {
    if let Some(last) = answered.turn_to_end {
        end_turn(detail, last, now);
    }
    let text = detail
        .game
        .play(canonical)
        .map_err(|error| corrupt(format!("conditional reply: {error}")))?;
    played.push(text.clone());
    answered.turn_to_end = Some(to_move);
    play_forced_passes(detail, played)?;
    Ok(text)
}

/// The pipeline's conditional step, after a move by `mover` (and its forced passes)
/// starting at record index `from`: moves the game's lines on, and while the side to
/// move owns a line, plays its next step: a move (the turn of the one who moved before
/// ends first, as at any move), then forced passes; or the action the line ends with,
/// through the rules of the action buttons. A step the rules refuse then deletes the
/// line and is returned as [`Unanswered`].
///
/// # Errors
///
/// Database errors; a forced pass the rules refuse (a 500).
pub(crate) async fn answer(
    conn: &mut AnyConnection,
    detail: &mut GameDetail,
    from: usize,
    mover: Color,
    played: &mut Vec<String>,
    now: i64,
) -> Result<Answered, AppError> {
    let mut answered = Answered {
        turn_to_end: Some(mover),
        ending: None,
        unanswered: None,
    };
    let repertoires = detail.repertoire_lines > 0 && detail.repertoire.contains(&true);
    if detail.conditional_lines == 0 && !repertoires {
        return Ok(answered);
    }
    // Read in the move's transaction, after the claim that every line's entry takes too.
    let mut lines: Vec<Pending> = if detail.conditional_lines == 0 {
        Vec::new()
    } else {
        rows::of_game(&mut *conn, &detail.id)
            .await?
            .into_iter()
            .map(|row| Pending {
                ply: usize::try_from(row.ply).unwrap_or(usize::MAX),
                moves: split(&row.moves),
                display: split(&row.display),
                id: row.id,
                user_id: row.user_id,
            })
            .collect()
    };
    let mut from = from;
    let mut by_repertoire = 0;
    loop {
        advance(conn, &mut lines, &detail.game, from).await?;
        if detail.game.outcome().is_some() {
            break;
        }
        let Some(to_move) = detail.to_move() else {
            break;
        };
        let owner_id = detail.player(to_move).0.to_owned();
        let Some((step, shown)) = lines
            .iter()
            .find(|line| line.user_id == owner_id)
            .and_then(|line| Some((line.moves.first()?.clone(), line.display.first()?.clone())))
        else {
            // No line of theirs: their repertoire may answer, up to the turn's cap.
            if !repertoires || by_repertoire == REPERTOIRE_PLIES_PER_TURN {
                break;
            }
            let Some(reply) = repertoire_reply::reply(conn, detail, to_move).await? else {
                break;
            };
            // Its lines were checked from the same start through the same moves; should
            // one no longer play (rules changed since), nothing is played for them.
            if detail.game.canonical(&reply).is_err() {
                tracing::warn!(game = %detail.id, "a repertoire reply the rules refuse");
                break;
            }
            from = detail.game.record().len();
            play_for(detail, &mut answered, to_move, &reply, played, now)?;
            repertoire_reply::mark(conn, &detail.id, from + 1).await?;
            by_repertoire += 1;
            continue;
        };
        let refused = |why: &'static str| Unanswered {
            step: shown.clone(),
            why,
        };
        match Step::of(&step) {
            // Checked when entered, so this cannot be the owner's; if it is, nothing is
            // played for them.
            Step::Any => {
                tracing::warn!(game = %detail.id, "a conditional line says any move for its owner");
                end_lines(conn, &mut lines, &owner_id, &step).await?;
                break;
            }
            Step::Action(action) => {
                if let Some(last) = answered.turn_to_end.take() {
                    end_turn(detail, last, now);
                }
                end_lines(conn, &mut lines, &owner_id, &step).await?;
                match by_line(conn, detail, action, to_move, now).await? {
                    ByLine::Ends(ending) => answered.ending = Some(ending),
                    ByLine::Offered => {}
                    ByLine::Refused(error) => answered.unanswered = Some(refused(error.code())),
                }
                break;
            }
            Step::Move(text) => {
                let Ok(canonical) = detail.game.canonical(text) else {
                    end_lines(conn, &mut lines, &owner_id, &step).await?;
                    answered.unanswered = Some(refused("illegal_move"));
                    break;
                };
                from = detail.game.record().len();
                let text = play_for(detail, &mut answered, to_move, &canonical, played, now)?;
                // The owner's lines now name the move as the record does.
                for line in lines.iter_mut().filter(|line| line.user_id == owner_id) {
                    if line.moves.first() == Some(&step) {
                        line.moves[0].clone_from(&text);
                    }
                }
            }
        }
    }
    Ok(answered)
}

#[cfg(test)]
mod tests {
    use rules::Variant;

    use super::*;
    use crate::game::conditional::ANY;

    fn played(game: &AnyGame, index: usize) -> PlayedMove {
        game.record()[index].clone()
    }

    #[test]
    fn a_step_fits_the_move_it_names_in_any_notation_or_as_any_move() {
        let game = AnyGame::replay(Variant::Chess, None, ["e2e4", "g8f6", "b1c3"]).unwrap();
        let mut positions = Positions {
            game: &game,
            at: None,
        };
        let knight = played(&game, 1);
        assert_eq!(fit("g8f6", &knight, 1, &mut positions), Fit::Named);
        assert_eq!(fit("Nf6", &knight, 1, &mut positions), Fit::Named);
        assert_eq!(fit(ANY, &knight, 1, &mut positions), Fit::Any);
        assert_eq!(fit("Nc6", &knight, 1, &mut positions), Fit::Not);
        assert_eq!(fit("resign", &knight, 1, &mut positions), Fit::Not);
        // Read in the position before its own ply, also after a later one was asked.
        assert_eq!(fit("Nc3", &played(&game, 2), 2, &mut positions), Fit::Named);
        assert_eq!(fit("e4", &played(&game, 0), 0, &mut positions), Fit::Named);
        // A move that cannot be played there fits nothing.
        assert_eq!(fit("Nxe4", &knight, 1, &mut positions), Fit::Not);
    }
}
