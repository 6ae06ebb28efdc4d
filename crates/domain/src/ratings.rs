//! Glicko-2 ratings, one per player and variant, computed by the `skillratings` crate.
//!
//! - **Start**: 1500 / 350 / 0.06 (rating, deviation, volatility), the paper's defaults.
//! - **Updates**: every rated game updates both players' ratings when it ends, in the
//!   transaction that ends it (`follow_up::after_finish`), so the change is visible the
//!   moment the game is over. Each game is treated as a rating period of its own with one
//!   result (as Lichess does), rather than collecting a period's games first.
//! - **Both lose** (a deadline's rule): each side is rated as if it had lost to the
//!   other, both from their ratings before the game.
//! - **Rating periods and inactivity**: time is divided into periods of
//!   [`RATING_PERIOD`] (30 days). Before a player's game is rated, their deviation grows
//!   once for every whole period since their previous rated game of the variant
//!   (Glicko-2's step for a player who did not compete: `φ' = √(φ² + σ²)`, never above
//!   350), so a rating left alone for months becomes uncertain again.
//! - **Provisional**: a rating whose deviation is above [`PROVISIONAL_DEVIATION`] (110)
//!   is provisional: shown with a question mark ("1620?") and kept off leaderboards.
//! - **Storage**: rating and deviation in millionths of a point, volatility in
//!   billionths ([`StoredRating`]); every update rounds through that scale, so
//!   `server ratings rebuild`, which replays the same steps in the same order, reproduces
//!   the stored values exactly.

use rules::GameResult;
use sqlx::AnyConnection;

pub mod glicko;
pub mod pool;

use glicko::{POINT_SCALE, to_units};

pub use glicko::{
    PROVISIONAL_DEVIATION, RATING_PERIOD, RatingChange, ShownRating, SideChange, StoredRating,
    rate_game, score_of,
};
pub use pool::RatingPool;

use crate::{
    events::EventHub,
    game::{
        detail::{GameDetail, counts_for_rating},
        read::load,
    },
};
use store::{
    Database,
    ratings::{self, GameRatingRow, RatingRow},
};
use vocab::{error::AppError, ids::DAY};

/// A player's rating as it stands when their game ends at `now`: their stored one aged
/// for idle periods, or the initial rating; with their rated games so far.
fn standing(row: Option<&RatingRow>, now: i64) -> (StoredRating, i64) {
    match row {
        Some(row) => (
            StoredRating::of_row(row).aged(row.last_rated_at, now),
            row.rated_games,
        ),
        None => (StoredRating::initial(), 0),
    }
}

/// Rates `game`, which ended as `result` at `now`, in `conn`'s transaction: takes the
/// variant's next rated-game number, updates both players' ratings and stores the game's
/// rating change (whose primary key refuses a second rating of the same game). The one
/// rating step: the end of a game and `server ratings rebuild` both call it.
///
/// # Errors
///
/// Database errors (the caller rolls back: nothing of the end is kept).
pub async fn rate(
    conn: &mut AnyConnection,
    game: &GameDetail,
    result: GameResult,
    now: i64,
) -> Result<GameRatingRow, sqlx::Error> {
    // Numbered among the variant's rated games; rated in its pool.
    let seq = ratings::next_seq(&mut *conn, game.variant().as_str()).await?;
    let pool = game.rating_pool().key();
    let variant = pool.as_str();
    let (white_id, black_id) = (game.white_id.as_str(), game.black_id.as_str());
    let white_row = ratings::get(&mut *conn, white_id, variant).await?;
    let black_row = ratings::get(&mut *conn, black_id, variant).await?;
    let (white, white_games) = standing(white_row.as_ref(), now);
    let (black, black_games) = standing(black_row.as_ref(), now);
    let (white_after, black_after) = rate_game(white, black, result);
    for (user_id, after, games) in [
        (white_id, white_after, white_games),
        (black_id, black_after, black_games),
    ] {
        ratings::put(
            &mut *conn,
            &RatingRow {
                user_id: user_id.to_owned(),
                variant: variant.to_owned(),
                rating: after.rating,
                deviation: after.deviation,
                volatility: after.volatility,
                rated_games: games + 1,
                last_rated_at: now,
            },
        )
        .await?;
    }
    let row = GameRatingRow {
        game_id: game.id.clone(),
        variant: variant.to_owned(),
        seq,
        rated_at: now,
        white_id: white_id.to_owned(),
        black_id: black_id.to_owned(),
        white_before: white.rating,
        white_deviation_before: white.deviation,
        white_after: white_after.rating,
        white_deviation_after: white_after.deviation,
        black_before: black.rating,
        black_deviation_before: black.deviation,
        black_after: black_after.rating,
        black_deviation_after: black_after.deviation,
    };
    ratings::insert_game(&mut *conn, &row).await?;
    Ok(row)
}

/// `user_id`'s rating in `pool` in whole points (1500 before their first rated game in
/// it), as rating ranges compare it.
///
/// # Errors
///
/// Database errors.
pub async fn whole_points(
    conn: &mut AnyConnection,
    user_id: &str,
    pool: RatingPool,
) -> Result<i64, sqlx::Error> {
    let row = ratings::get(conn, user_id, &pool.key()).await?;
    Ok(row.map_or_else(
        || StoredRating::initial().whole_points(),
        |row| StoredRating::of_row(&row).whole_points(),
    ))
}

/// `user_id`'s ratings in whole points, by pool (those they have).
///
/// # Errors
///
/// Database errors.
pub async fn whole_points_by_pool(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<std::collections::HashMap<RatingPool, i64>, sqlx::Error> {
    Ok(ratings::for_user(conn, user_id)
        .await?
        .iter()
        .filter_map(|row| {
            let pool = RatingPool::of_key(&row.variant)?;
            Some((pool, StoredRating::of_row(row).whole_points()))
        })
        .collect())
}

/// A line of a leaderboard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardLine {
    /// 1 for the best.
    pub rank: i64,
    /// The player's name.
    pub username: String,
    /// Who plays their account.
    pub kind: crate::accounts::user::AccountKind,
    /// Their rating.
    pub rating: ShownRating,
    /// Their rated games in the variant.
    pub rated_games: i64,
}

/// A page of a rating pool's leaderboard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Leaderboard {
    /// The pool.
    pub pool: RatingPool,
    /// Its lines, best first.
    pub lines: Vec<BoardLine>,
    /// The cursor of the next page, if there is one.
    pub next: Option<String>,
}

/// The most lines a leaderboard page holds.
pub const MAX_PAGE: i64 = 100;

fn invalid_cursor() -> AppError {
    AppError::invalid("invalid_cursor", "`after` is not a cursor this list gave")
}

/// A leaderboard cursor: `<rating>_<user id>_<rank>` of the last line shown.
fn parse_board_cursor(text: &str) -> Result<(i64, String, i64), AppError> {
    let mut parts = text.splitn(3, '_');
    let (Some(rating), Some(user), Some(rank)) = (parts.next(), parts.next(), parts.next()) else {
        return Err(invalid_cursor());
    };
    let rating = rating.parse().map_err(|_| invalid_cursor())?;
    let rank = rank.parse().map_err(|_| invalid_cursor())?;
    if user.is_empty() || user.len() > 64 || !user.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(invalid_cursor());
    }
    Ok((rating, user.to_owned(), rank))
}

/// A page of `variant`'s leaderboard: established ratings (not provisional; provisional
/// ones too `with_provisional`) of players whose last rated game of it ended within
/// `active_days`, best first, `limit` lines after the cursor `after` (keyset pagination:
/// each page is one index range read).
///
/// # Errors
///
/// 422 `invalid_cursor` or `invalid_limit`; database errors.
pub async fn leaderboard(
    db: &Database,
    pool: RatingPool,
    after: Option<&str>,
    limit: i64,
    active_days: i64,
    now: i64,
    with_provisional: bool,
) -> Result<Leaderboard, AppError> {
    if !(1..=MAX_PAGE).contains(&limit) {
        return Err(AppError::invalid(
            "invalid_limit",
            format!("limit is from 1 to {MAX_PAGE}"),
        ));
    }
    let after = after
        .filter(|text| !text.is_empty())
        .map(parse_board_cursor)
        .transpose()?;
    let max_deviation = if with_provisional {
        i64::MAX
    } else {
        to_units(PROVISIONAL_DEVIATION, POINT_SCALE)
    };
    let mut conn = db.pool.acquire().await?;
    let rows = ratings::leaderboard(
        &mut conn,
        &pool.key(),
        max_deviation,
        now.saturating_sub(active_days.saturating_mul(DAY)),
        after
            .as_ref()
            .map(|(rating, user, _)| (*rating, user.as_str())),
        limit + 1,
    )
    .await?;
    let first_rank = after.as_ref().map_or(0, |(_, _, rank)| *rank) + 1;
    let more = rows.len() > usize::try_from(limit).unwrap_or(usize::MAX);
    let lines: Vec<(BoardLine, String)> = rows
        .into_iter()
        .take(usize::try_from(limit).unwrap_or(usize::MAX))
        .zip(first_rank..)
        .map(|(row, rank)| {
            let cursor = format!("{}_{}_{rank}", row.rating, row.user_id);
            (
                BoardLine {
                    rank,
                    kind: crate::accounts::user::AccountKind::from_stored(&row.kind),
                    username: row.username,
                    rating: ShownRating {
                        rating: row.rating,
                        deviation: row.deviation,
                    },
                    rated_games: row.rated_games,
                },
                cursor,
            )
        })
        .collect();
    let next = if more {
        lines.last().map(|(_, cursor)| cursor.clone())
    } else {
        None
    };
    Ok(Leaderboard {
        pool,
        lines: lines.into_iter().map(|(line, _)| line).collect(),
        next,
    })
}

/// What `server ratings rebuild` did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RebuildReport {
    /// Finished games read.
    pub games_read: u64,
    /// Games rated.
    pub games_rated: u64,
    /// Ratings written.
    pub ratings: u64,
}

impl std::fmt::Display for RebuildReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} finished games read, {} rated, {} ratings written",
            self.games_read, self.games_rated, self.ratings
        )
    }
}

/// `server ratings rebuild`: forgets every rating and replays every finished game of
/// every variant through the same steps as the end of a game ([`counts_for_rating`],
/// then [`rate`] at the time the game ended), in the order they were rated (games
/// finished before ratings existed after them, by when they ended). One transaction:
/// games ending meanwhile wait for it, and a failure changes nothing.
///
/// # Errors
///
/// Database errors, or a stored game that does not replay.
pub async fn rebuild(db: &Database) -> Result<RebuildReport, AppError> {
    let mut tx = db.begin_write().await?;
    ratings::hold_counters(&mut tx).await?;
    let mut order = Vec::new();
    for variant in rules::Variant::ALL {
        order.push(ratings::replay_order(&mut tx, variant.as_str()).await?);
    }
    ratings::clear(&mut tx).await?;
    let mut report = RebuildReport::default();
    for id in order.into_iter().flatten() {
        let detail = load(&mut tx, &id)
            .await?
            .ok_or_else(|| AppError::internal(format!("game {id} vanished")))?;
        report.games_read += 1;
        let (Some(result), Some(ended_at)) = (detail.result, detail.finished_at) else {
            continue;
        };
        if counts_for_rating(&detail) {
            rate(&mut tx, &detail, result, ended_at).await?;
            report.games_rated += 1;
        }
    }
    report.ratings = u64::try_from(ratings::all(&mut tx).await?.len()).unwrap_or_default();
    // Every ended game's page shows its rating change: running servers on Postgres drop
    // what they keep at once; on SQLite, which no running server hears from here, it
    // shows within `WARM_AGE`.
    let hub = EventHub::for_command(db.backend);
    let flush = hub.stage_flush(&mut tx).await?;
    tx.commit().await?;
    flush.committed(&hub);
    Ok(report)
}

#[cfg(test)]
mod tests {
    use rules::Color;
    use skillratings::{
        Outcomes,
        glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period},
    };

    use super::*;

    /// Glickman's worked example ("Example of the Glicko-2 system"): a player at
    /// 1500 / 200 / 0.06 beats 1400 / 30 and loses to 1550 / 100 and 1700 / 300 in one
    /// rating period, ending at 1464.06 / 151.52 / 0.05999.
    #[test]
    fn the_crate_reproduces_glickmans_worked_example() {
        let player = Glicko2Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opponent = |rating, deviation| Glicko2Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let results = [
            (opponent(1400.0, 30.0), Outcomes::WIN),
            (opponent(1550.0, 100.0), Outcomes::LOSS),
            (opponent(1700.0, 300.0), Outcomes::LOSS),
        ];
        let after = glicko2_rating_period(&player, &results, &Glicko2Config::new());
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.000_01, "{after:?}");
    }

    #[test]
    fn stored_units_round_trip_and_display() {
        let start = StoredRating::initial();
        assert_eq!(
            start,
            StoredRating {
                rating: 1_500_000_000,
                deviation: 350_000_000,
                volatility: 60_000_000
            }
        );
        assert_eq!(StoredRating::from_glicko(start.to_glicko()), start);
        assert_eq!(start.display(), "1500?");
        let settled = StoredRating {
            rating: 1_620_499_999,
            deviation: 110_000_000,
            volatility: 60_000_000,
        };
        assert!(!settled.is_provisional());
        assert_eq!(settled.display(), "1620");
        let higher = StoredRating {
            rating: 1_620_500_000,
            deviation: 110_000_001,
            ..settled
        };
        assert_eq!(higher.display(), "1621?");
    }

    #[test]
    fn deviation_grows_once_per_whole_idle_period_up_to_350() {
        let settled = StoredRating {
            rating: 1_700_000_000,
            deviation: 60_000_000,
            volatility: 60_000_000,
        };
        assert_eq!(settled.aged(0, RATING_PERIOD - 1), settled);
        assert_eq!(
            settled.aged(100, 0),
            settled,
            "time running backwards ages nothing"
        );
        let one = settled.aged(0, RATING_PERIOD);
        let two = settled.aged(0, 2 * RATING_PERIOD + 5);
        // φ' = √(φ² + σ²) on the Glicko-2 scale (173.7178 points per unit).
        let expected = ((60.0_f64 / 173.7178).powi(2) + 0.06_f64.powi(2)).sqrt() * 173.7178;
        assert!((one.deviation_points() - expected).abs() < 1e-5, "{one:?}");
        assert!(two.deviation > one.deviation);
        assert_eq!(one.rating, settled.rating);
        let long_gone = settled.aged(0, 100_000 * RATING_PERIOD);
        assert_eq!(long_gone.deviation, 350_000_000);
    }

    #[test]
    fn a_win_moves_both_ratings_by_the_crates_formula() {
        let (white, black) = rate_game(
            StoredRating::initial(),
            StoredRating::initial(),
            GameResult::WhiteWins,
        );
        assert!(white.rating > 1_500_000_000 && black.rating < 1_500_000_000);
        assert_eq!(white.rating - 1_500_000_000, 1_500_000_000 - black.rating);
        let (draw_white, draw_black) = rate_game(
            StoredRating::initial(),
            StoredRating::initial(),
            GameResult::Draw,
        );
        assert_eq!(draw_white.rating, 1_500_000_000);
        assert_eq!(draw_white, draw_black);
        assert_eq!(score_of(Color::Black, GameResult::WhiteWins), -1);
        assert_eq!(score_of(Color::Black, GameResult::BlackWins), 1);
        assert_eq!(score_of(Color::White, GameResult::Draw), 0);
    }

    #[test]
    fn both_losing_costs_each_side_what_losing_to_the_other_would() {
        let rated = |points: i64| StoredRating {
            rating: points * 1_000_000,
            deviation: 120_000_000,
            volatility: 60_000_000,
        };
        let (strong, weak) = (rated(1_800), rated(1_400));
        let (white, black) = rate_game(strong, weak, GameResult::BothLose);
        assert_eq!(white, rate_game(strong, weak, GameResult::BlackWins).0);
        assert_eq!(black, rate_game(strong, weak, GameResult::WhiteWins).1);
        assert!(white.rating < strong.rating && black.rating < weak.rating);
        assert_eq!(score_of(Color::White, GameResult::BothLose), -1);
        assert_eq!(score_of(Color::Black, GameResult::BothLose), -1);
    }
}
