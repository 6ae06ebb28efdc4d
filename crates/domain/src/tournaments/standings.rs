//! A tournament's scores and standings: the scores are kept in the transaction of every
//! game's end ([`game_ended`](super::scores::game_ended)) and every Swiss bye; the tie-breaks and places are
//! computed from the games when the standings are read ([`read`]), and [`recount`]
//! gives the scores again from the games alone (the tests hold the kept ones to it).

use std::collections::{BTreeMap, HashMap};

use tournament::{Game, Seed};

use super::{runner::outcome_of, settings::Format, tournament::Tournament};
use crate::Services;
use store::tournaments::{self as rows, ByeRow, GameRow, PlayerRow, ScoreRow};
use vocab::error::AppError;

/// One player's line in a section's standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// 1-based place.
    pub rank: usize,
    /// The player's name.
    pub name: String,
    /// Their seed (0 the highest).
    pub seed: usize,
    /// active, withdrawn, removed or eliminated.
    pub status: String,
    /// Half points (a win 2, a draw 1, a bye 2).
    pub half_points: u32,
    /// Sonneborn–Berger, in quarter points.
    pub sonneborn_berger: u32,
    /// Half points in the games among the players tied with them.
    pub direct_encounter: u32,
    /// Wins.
    pub wins: u32,
    /// Games finished.
    pub played: u32,
}

/// One game of a section, as the cross-table and the rounds show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameLine {
    /// The game's id.
    pub game_id: String,
    /// Its round.
    pub round: i64,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// `1-0`, `0-1`, `½-½`, `0-0` (both lost at the deadline), or empty while it is played.
    pub result: String,
}

/// A cross-table cell: the row player's score in each game against the column's player
/// (`1`, `½`, `0`, `*` while played) with the game's id.
pub type CrossCell = Vec<(&'static str, String)>;

/// A section of a stage (the whole field in a Swiss or a knock-out).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// 0-based.
    pub number: i64,
    /// The standings, best first.
    pub lines: Vec<Line>,
    /// Round robin and league: each row's games against each column's player, in the
    /// order of `lines`, as (the row's score: `1`, `½`, `0`, `*` while played; the game's
    /// id), two of them with both colours (`None` on the diagonal).
    pub cross: Vec<Vec<Option<CrossCell>>>,
    /// Its games, by round.
    pub games: Vec<GameLine>,
    /// Who sat out which round.
    pub byes: Vec<(i64, String)>,
}

/// A stage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stage {
    /// 1-based.
    pub number: i64,
    /// Its sections.
    pub sections: Vec<Section>,
}

/// Everything a tournament's page shows beyond its settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standings {
    /// The entrants, by seed once started.
    pub players: Vec<PlayerRow>,
    /// The stages played so far.
    pub stages: Vec<Stage>,
}

/// The standings of `tournament`, computed from its games.
///
/// # Errors
///
/// Database errors.
pub async fn read(state: &Services, tournament: &Tournament) -> Result<Standings, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let players = rows::players(&mut conn, &tournament.id).await?;
    let games = rows::games(&mut conn, &tournament.id).await?;
    let byes = rows::byes(&mut conn, &tournament.id).await?;
    let scores = rows::scores(&mut conn, &tournament.id).await?;
    drop(conn);
    let stages = stages_of(tournament.format(), &players, &games, &byes, &scores)?;
    Ok(Standings { players, stages })
}

fn result_text(outcome: Option<&str>) -> String {
    match outcome {
        Some("white") => "1-0",
        Some("black") => "0-1",
        Some("both_lost") => "0-0",
        Some(_) => "½-½",
        None => "",
    }
    .to_owned()
}

fn stages_of(
    format: Format,
    players: &[PlayerRow],
    games: &[GameRow],
    byes: &[ByeRow],
    scores: &[ScoreRow],
) -> Result<Vec<Stage>, AppError> {
    let seed_of: HashMap<&str, Seed> = players
        .iter()
        .enumerate()
        .map(|(seed, player)| (player.user_id.as_str(), seed))
        .collect();
    let seed = |user_id: &str| {
        seed_of
            .get(user_id)
            .copied()
            .ok_or_else(|| AppError::internal(format!("tournament player {user_id} unknown")))
    };
    let name = |seed: Seed| {
        players
            .get(seed)
            .map(|p| p.username.clone())
            .unwrap_or_default()
    };
    // Members of each (stage, section), from the scores.
    let mut members: BTreeMap<(i64, i64), Vec<Seed>> = BTreeMap::new();
    for score in scores {
        members
            .entry((score.stage, score.section))
            .or_default()
            .push(seed(&score.user_id)?);
    }
    let mut stages: Vec<Stage> = Vec::new();
    for ((stage, section), mut seeds) in members {
        seeds.sort_unstable();
        // A knock-out's or a Swiss's field is one section; a knock-out's games are kept
        // by match, so its section is the whole stage.
        let in_section = |game_section: i64| format == Format::Knockout || game_section == section;
        let section_games: Vec<&GameRow> = games
            .iter()
            .filter(|game| game.stage == stage && in_section(game.section))
            .collect();
        let played: Vec<Game> = section_games
            .iter()
            .map(|game| {
                Ok(Game {
                    white: seed(&game.white_id)?,
                    black: seed(&game.black_id)?,
                    outcome: game.outcome.as_deref().map(outcome_of),
                })
            })
            .collect::<Result<_, AppError>>()?;
        let section_byes: Vec<&ByeRow> = byes
            .iter()
            .filter(|bye| {
                bye.stage == stage
                    && (matches!(format, Format::Swiss | Format::Knockout)
                        || bye.section == section)
            })
            .collect();
        let scored_byes: Vec<Seed> = if format == Format::Swiss {
            section_byes
                .iter()
                .map(|bye| seed(&bye.user_id))
                .collect::<Result<_, _>>()?
        } else {
            Vec::new()
        };
        let ranked = tournament::standings::rank(&seeds, &played, &scored_byes);
        let lines: Vec<Line> = ranked
            .iter()
            .map(|standing| Line {
                rank: standing.rank,
                name: name(standing.seed),
                seed: standing.seed,
                status: players
                    .get(standing.seed)
                    .map(|p| p.status.as_str().to_owned())
                    .unwrap_or_default(),
                half_points: standing.half_points,
                sonneborn_berger: standing.sonneborn_berger,
                direct_encounter: standing.direct_encounter,
                wins: standing.wins,
                played: standing.played,
            })
            .collect();
        let cross = if matches!(format, Format::RoundRobin | Format::League) {
            lines
                .iter()
                .map(|row| {
                    lines
                        .iter()
                        .map(|column| {
                            (row.seed != column.seed).then(|| {
                                played
                                    .iter()
                                    .zip(&section_games)
                                    .filter(|(game, _)| {
                                        (game.white == row.seed && game.black == column.seed)
                                            || (game.black == row.seed && game.white == column.seed)
                                    })
                                    .map(|(game, stored)| {
                                        (score_for(game, row.seed), stored.game_id.clone())
                                    })
                                    .collect()
                            })
                        })
                        .collect()
                })
                .collect()
        } else {
            Vec::new()
        };
        let section_view = Section {
            number: section,
            lines,
            cross,
            games: section_games
                .iter()
                .map(|game| {
                    Ok(GameLine {
                        game_id: game.game_id.clone(),
                        round: game.round,
                        white: name(seed(&game.white_id)?),
                        black: name(seed(&game.black_id)?),
                        result: result_text(game.outcome.as_deref()),
                    })
                })
                .collect::<Result<_, AppError>>()?,
            byes: section_byes
                .iter()
                .map(|bye| Ok((bye.round, name(seed(&bye.user_id)?))))
                .collect::<Result<_, AppError>>()?,
        };
        match stages.last_mut() {
            Some(last) if last.number == stage => last.sections.push(section_view),
            _ => stages.push(Stage {
                number: stage,
                sections: vec![section_view],
            }),
        }
    }
    Ok(stages)
}

/// `seed`'s score in `game` as the cross-table shows it: `1`, `0`, `½`, `*` while played.
fn score_for(game: &Game, seed: Seed) -> &'static str {
    use tournament::Outcome;
    match game.outcome {
        None => "*",
        Some(Outcome::Draw) => "½",
        Some(Outcome::WhiteWon) if game.white == seed => "1",
        Some(Outcome::BlackWon) if game.black == seed => "1",
        Some(_) => "0",
    }
}

/// The scores of `id` counted again from its games and byes alone: (stage, user id) →
/// (half points, wins, games finished).
///
/// # Errors
///
/// Database errors.
pub async fn recount(
    state: &Services,
    id: &str,
) -> Result<BTreeMap<(i64, String), (i64, i64, i64)>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let tournament = super::get(state, id).await?;
    let mut counted: BTreeMap<(i64, String), (i64, i64, i64)> = BTreeMap::new();
    for score in rows::scores(&mut conn, id).await? {
        counted.insert((score.stage, score.user_id), (0, 0, 0));
    }
    for game in rows::games(&mut conn, id).await? {
        let Some(outcome) = game.outcome.as_deref() else {
            continue;
        };
        let (white, black) = outcome_of(outcome).half_points();
        for (user_id, points) in [(game.white_id, white), (game.black_id, black)] {
            let entry = counted.entry((game.stage, user_id)).or_default();
            entry.0 += i64::from(points);
            entry.1 += i64::from(points == 2);
            entry.2 += 1;
        }
    }
    if tournament.format() == Format::Swiss {
        for bye in rows::byes(&mut conn, id).await? {
            counted.entry((bye.stage, bye.user_id)).or_default().0 += 2;
        }
    }
    Ok(counted)
}

/// The kept scores of `id`, in [`recount`]'s shape.
///
/// # Errors
///
/// Database errors.
pub async fn kept(
    state: &Services,
    id: &str,
) -> Result<BTreeMap<(i64, String), (i64, i64, i64)>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    Ok(rows::scores(&mut conn, id)
        .await?
        .into_iter()
        .map(|score| {
            (
                (score.stage, score.user_id),
                (score.half_points, score.wins, score.played),
            )
        })
        .collect())
}
