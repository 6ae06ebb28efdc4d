//! When a tournament whose games have a limit of days will be over: each round's deadline
//! (the latest of its games' own deadlines) and the projected end, the latest date the
//! last game can last to when every round runs to its deadline.

use super::{
    settings::Format,
    standings::Standings,
    tournament::{Status, Tournament},
};
use crate::{Services, game::GameLimit};
use store::tournaments as rows;
use vocab::error::AppError;

/// A round's deadline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoundDeadline {
    /// The stage (1-based).
    pub stage: i64,
    /// The round within it (1-based).
    pub round: i64,
    /// When its last game must be over (unix seconds).
    pub at: i64,
}

/// A limited tournament's dates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Schedule {
    /// The deadline of every round paired so far.
    pub rounds: Vec<RoundDeadline>,
    /// The latest it can end (see [`projected_end`]); `None` where it cannot be told.
    pub projected_end: Option<i64>,
}

/// `tournament`'s dates, if its games are limited.
///
/// # Errors
///
/// Database errors.
pub async fn read(
    state: &Services,
    tournament: &Tournament,
    standings: &Standings,
) -> Result<Option<Schedule>, AppError> {
    let Some(limit) = tournament.terms.limit else {
        return Ok(None);
    };
    let rounds: Vec<RoundDeadline> = {
        let mut conn = state.db.pool.acquire().await?;
        rows::round_deadlines(&mut conn, &tournament.id).await?
    }
    .into_iter()
    .map(|(stage, round, at)| RoundDeadline { stage, round, at })
    .collect();
    let projected_end = projected_end(tournament, limit, &rounds, standings);
    Ok(Some(Schedule {
        rounds,
        projected_end,
    }))
}

/// The latest `tournament` can end when every round from now on lasts its games' whole
/// limit: a Swiss's rounds one after another (before the start, from its start time); a
/// round robin's stages one after another, their number found from the players of the
/// current stage as the sections will split them. `None` for a knock-out (its tie-break
/// games are not known ahead), a league, a tournament not started without a start time
/// (or a round robin not started), and one over or cancelled.
#[must_use]
pub fn projected_end(
    tournament: &Tournament,
    limit: GameLimit,
    rounds: &[RoundDeadline],
    standings: &Standings,
) -> Option<i64> {
    let length = limit.length();
    let current = rounds.iter().map(|round| round.at).max();
    match (tournament.status, tournament.format()) {
        (Status::Open, Format::Swiss) => {
            Some(tournament.terms.starts_at? + tournament.settings.rounds() * length)
        }
        (Status::Running, Format::Swiss) => {
            Some(current? + (tournament.settings.rounds() - tournament.round).max(0) * length)
        }
        (Status::Running, Format::RoundRobin) => {
            let players = standings
                .stages
                .iter()
                .find(|stage| stage.number == tournament.stage)?
                .sections
                .iter()
                .map(|section| section.lines.len())
                .sum();
            let settings = tournament.settings;
            let later = stages_after(players, settings.section_size(), settings.advance());
            Some(current? + later * length)
        }
        _ => None,
    }
}

/// How many round-robin stages follow one of `players` split into sections of at most
/// `size`, `advance` of each going on, until one section is left.
fn stages_after(mut players: usize, size: usize, advance: usize) -> i64 {
    let mut stages = 0;
    loop {
        let sections = tournament::sections::split(players, size);
        if sections.len() <= 1 {
            return stages;
        }
        players = sections
            .iter()
            .map(|section| section.len().min(advance))
            .sum();
        if players <= 1 {
            return stages;
        }
        stages += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::stages_after;

    #[test]
    fn round_robin_stages_follow_until_one_section_is_left() {
        assert_eq!(stages_after(8, 8, 2), 0);
        // 16 in two sections of 8, 2 of each go on: one final of 4.
        assert_eq!(stages_after(16, 8, 2), 1);
        // 30 in 4 sections, 3 of each: 12 in 2 sections, 3 of each: a final of 6.
        assert_eq!(stages_after(30, 8, 3), 2);
    }
}
