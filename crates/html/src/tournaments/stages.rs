//! A tournament's stages as its page shows them: each section's standings with
//! tie-breaks, cross-table and rounds.

use domain::tournaments::{Format, runner, standings};
use vocab::i18n::Tr;

#[derive(Debug, Clone)]
pub(super) struct StageView {
    pub(super) number: i64,
    pub(super) title: String,
    pub(super) sections: Vec<SectionView>,
}

#[derive(Debug, Clone)]
pub(super) struct SectionView {
    pub(super) number: i64,
    pub(super) title: String,
    pub(super) lines: Vec<StandingLine>,
    /// Rows of the cross-table: (rank, name, cells); a cell is the row's score in each
    /// game against the column's player, with the game's id (none on the diagonal).
    pub(super) cross: Vec<(usize, String, Vec<Option<standings::CrossCell>>)>,
    pub(super) rounds: Vec<RoundView>,
}

#[derive(Debug, Clone)]
pub(super) struct RoundView {
    pub(super) title: String,
    pub(super) games: Vec<standings::GameLine>,
    /// Who sat the round out.
    pub(super) byes: Vec<String>,
}

#[derive(Debug, Clone)]
pub(super) struct StandingLine {
    pub(super) rank: usize,
    pub(super) name: String,
    pub(super) points: String,
    pub(super) sonneborn_berger: String,
    pub(super) direct: String,
    pub(super) wins: u32,
    pub(super) played: u32,
    pub(super) status: String,
}

/// Half points as the page shows them: `3`, `3½`, `½`.
fn half_points_text(half: u32) -> String {
    match (half / 2, half % 2) {
        (0, 1) => "½".to_owned(),
        (whole, 1) => format!("{whole}½"),
        (whole, _) => whole.to_string(),
    }
}

/// Quarter points as the points beside them are written: `2`, `1¼`, `½`, `3¾`.
fn quarter_points_text(quarters: u32) -> String {
    let whole = quarters / 4;
    let fraction = ["", "¼", "½", "¾"][(quarters % 4) as usize];
    match (whole, fraction) {
        (_, "") => whole.to_string(),
        (0, fraction) => fraction.to_owned(),
        (whole, fraction) => format!("{whole}{fraction}"),
    }
}

pub(super) fn status_of_player(t: &Tr, status: &str) -> String {
    t.get(&format!("tournaments.player.{status}")).to_owned()
}

/// The stages' standings. Once the tournament is over, its last stage's standings are
/// the final ones: nobody there is marked out.
pub(super) fn stage_views(
    t: &Tr,
    format: Format,
    finished: bool,
    stages: Vec<standings::Stage>,
) -> Vec<StageView> {
    let league = format == Format::League;
    let last = stages.iter().map(|stage| stage.number).max();
    stages
        .into_iter()
        .map(|stage| StageView {
            number: stage.number,
            title: t.fmt(
                if league {
                    "tournaments.season"
                } else {
                    "tournaments.stage"
                },
                &[("stage", &stage.number.to_string())],
            ),
            sections: stage
                .sections
                .into_iter()
                .map(|section| {
                    let cross = section
                        .lines
                        .iter()
                        .zip(&section.cross)
                        .map(|(line, cells)| (line.rank, line.name.clone(), cells.clone()))
                        .collect();
                    let mut numbers: Vec<i64> = section
                        .games
                        .iter()
                        .map(|game| game.round)
                        .chain(section.byes.iter().map(|(round, _)| *round))
                        .collect();
                    numbers.sort_unstable();
                    numbers.dedup();
                    let rounds = numbers
                        .into_iter()
                        .map(|round| RoundView {
                            title: t.fmt("tournaments.round", &[("round", &round.to_string())]),
                            games: section
                                .games
                                .iter()
                                .filter(|game| game.round == round)
                                .cloned()
                                .collect(),
                            byes: section
                                .byes
                                .iter()
                                .filter(|(bye_round, _)| *bye_round == round)
                                .map(|(_, name)| name.clone())
                                .collect(),
                        })
                        .collect();
                    SectionView {
                        number: section.number + 1,
                        title: if league {
                            t.fmt(
                                "tournaments.league_group",
                                &[
                                    (
                                        "division",
                                        &(section.number / runner::LEAGUE_DIVISION + 1).to_string(),
                                    ),
                                    (
                                        "group",
                                        &(section.number % runner::LEAGUE_DIVISION + 1).to_string(),
                                    ),
                                ],
                            )
                        } else {
                            t.fmt(
                                "tournaments.section",
                                &[("section", &(section.number + 1).to_string())],
                            )
                        },
                        lines: section
                            .lines
                            .iter()
                            .map(|line| StandingLine {
                                rank: line.rank,
                                name: line.name.clone(),
                                points: half_points_text(line.half_points),
                                sonneborn_berger: quarter_points_text(line.sonneborn_berger),
                                direct: half_points_text(line.direct_encounter),
                                wins: line.wins,
                                played: line.played,
                                status: if line.status == "active"
                                    || (finished
                                        && line.status == "eliminated"
                                        && Some(stage.number) == last)
                                {
                                    String::new()
                                } else {
                                    status_of_player(t, &line.status)
                                },
                            })
                            .collect(),
                        cross,
                        rounds,
                    }
                })
                .collect(),
        })
        .collect()
}
