//! Reading games: one game as the pages and the API show it, a player's list, the
//! variant counters. This is the storage edge for games: rows are decoded into the
//! vocabulary types here, once.
//!
//! A game and its moves are read in one statement ([`games::get_with_moves`]), so a read
//! sees one state even while a move commits.
//!
//! Replay: a full read ([`get`]) replays the record from its setup, once per read (a
//! move reads the game once, inside its transaction). The event stream's opening
//! ([`live_event`]) reads the row alone and replays nothing. No position snapshot is
//! stored yet: a snapshot that let the page and the API skip the replay would have to
//! carry what reads need beyond the position, namely chess's repetition keys since the
//! last capture or pawn move (for the threefold claim) and each move's display text (the
//! SAN of the move list, which only the position before the move gives), or those reads
//! would replay anyway. The planned shape: `games.position_ply` and `games.position`
//! written in the move's transaction, restored by a rules-crate `restore` that takes the
//! stored moves too, and checked against a full replay by `copy-data` and the tests.

use rules::{AnyGame, Color, KnightFightSetup, Variant};
use sqlx::AnyConnection;

use super::{DrawOfferTally, GameDetail, GameStatus, corrupt};
use crate::{
    AppState,
    db::{
        games::{self, GameRow},
        ratings as rating_rows, stats,
    },
    domain::{accounts::User, ratings::RatingChange},
    error::AppError,
    events::GameEvent,
};

/// Reads an optional text column as a vocabulary type.
fn decode<T: std::str::FromStr>(text: Option<&str>) -> Result<Option<T>, AppError>
where
    T::Err: std::fmt::Display,
{
    text.map(str::parse).transpose().map_err(corrupt)
}

/// Rebuilds a game from its row and moves.
fn detail(row: GameRow, moves: &[String]) -> Result<GameDetail, AppError> {
    let variant: Variant = row.variant.parse().map_err(corrupt)?;
    let setup = row
        .setup
        .as_deref()
        .map(serde_json::from_str::<KnightFightSetup>)
        .transpose()
        .map_err(corrupt)?;
    let game = AnyGame::replay(variant, setup, moves).map_err(corrupt)?;
    if i64::from(game.ply()) != row.ply {
        return Err(corrupt(format!("ply {} but {} moves", row.ply, game.ply())));
    }
    Ok(GameDetail {
        status: row.status.parse().map_err(corrupt)?,
        result: decode(row.result.as_deref())?,
        termination: decode(row.termination.as_deref())?,
        end_reason: decode(row.end_reason.as_deref())?,
        draw_offer: decode(row.draw_offer.as_deref())?,
        source: row.source.parse().map_err(corrupt)?,
        white_offers: DrawOfferTally {
            made: row.white_draw_offers,
            last_ply: row.white_offer_ply,
        },
        black_offers: DrawOfferTally {
            made: row.black_draw_offers,
            last_ply: row.black_offer_ply,
        },
        source_id: row.source_id,
        id: row.id,
        white_id: row.white_id,
        white: row.white,
        black_id: row.black_id,
        black: row.black,
        deadline: row.deadline,
        days_per_move: row.days_per_move,
        rated: row.rated != 0,
        created_at: row.created_at,
        updated_at: row.updated_at,
        finished_at: row.finished_at,
        rating_change: None,
        game,
    })
}

/// The game `id` as stored in `conn` (inside a transaction: as that transaction sees it).
pub(crate) async fn load(
    conn: &mut AnyConnection,
    id: &str,
) -> Result<Option<GameDetail>, AppError> {
    let Some((row, moves)) = games::get_with_moves(&mut *conn, id).await? else {
        return Ok(None);
    };
    let mut detail = detail(row, &moves)?;
    if detail.rated && detail.status == GameStatus::Finished {
        detail.rating_change = rating_rows::game(conn, id)
            .await?
            .as_ref()
            .map(RatingChange::of_row);
    }
    Ok(Some(detail))
}

/// One game, replayed from its moves.
///
/// # Errors
///
/// 404 when there is none.
pub async fn get(state: &AppState, id: &str) -> Result<GameDetail, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    load(&mut conn, id).await?.ok_or(AppError::NotFound("game"))
}

/// The live state of game `id` (what its event stream opens with), from its row alone:
/// no moves are read and nothing is replayed.
///
/// # Errors
///
/// 404 when there is none.
pub async fn live_event(state: &AppState, id: &str) -> Result<GameEvent, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let row = games::get(&mut conn, id)
        .await?
        .ok_or(AppError::NotFound("game"))?;
    Ok(GameEvent::of_row(&row))
}

/// A line of a user's game list.
#[derive(Debug, Clone)]
pub struct GameSummary {
    /// The game's id.
    pub id: String,
    /// The variant.
    pub variant: Variant,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// Active, finished or aborted.
    pub status: GameStatus,
    /// The result once finished.
    pub result: Option<rules::GameResult>,
    /// Moves played.
    pub ply: i64,
    /// The side to move while active.
    pub to_move: Option<Color>,
    /// The deadline while active.
    pub deadline: Option<i64>,
    /// Whether the user is to move.
    pub your_turn: bool,
    /// When it ended.
    pub finished_at: Option<i64>,
    /// Rated or casual.
    pub rated: bool,
}

impl GameSummary {
    /// The list line of `row`, as `user_id` sees it.
    ///
    /// # Errors
    ///
    /// A stored value that does not decode (a 500).
    pub fn of_row(row: GameRow, user_id: &str) -> Result<GameSummary, AppError> {
        Ok(GameSummary {
            your_turn: games::is_users_turn(&row, user_id),
            variant: row.variant.parse().map_err(corrupt)?,
            status: row.status.parse().map_err(corrupt)?,
            result: decode(row.result.as_deref())?,
            to_move: decode(row.to_move.as_deref())?,
            id: row.id,
            white: row.white,
            black: row.black,
            ply: row.ply,
            deadline: row.deadline,
            finished_at: row.finished_at,
            rated: row.rated != 0,
        })
    }
}

/// `user`'s games: theirs to move first (soonest deadline first), then those waiting for
/// the opponent, then up to 50 recently ended.
///
/// # Errors
///
/// Database errors.
pub async fn list_for_user(state: &AppState, user: &User) -> Result<Vec<GameSummary>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let rows = games::for_user(&mut conn, &user.id, 50).await?;
    rows.into_iter()
        .map(|row| GameSummary::of_row(row, &user.id))
        .collect()
}

/// How many games wait for `user` to move.
///
/// # Errors
///
/// Database errors.
pub async fn count_your_turn(state: &AppState, user: &User) -> Result<i64, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    Ok(games::count_users_turn(&mut conn, &user.id).await?)
}

/// One variant's results.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariantStats {
    /// The variant.
    pub variant: Variant,
    /// Games White won.
    pub white_wins: i64,
    /// Games Black won.
    pub black_wins: i64,
    /// Drawn games.
    pub draws: i64,
}

impl VariantStats {
    /// Finished games of this variant.
    #[must_use]
    pub const fn games(&self) -> i64 {
        self.white_wins + self.black_wins + self.draws
    }
}

/// Every variant's counters, in [`Variant::ALL`] order.
///
/// # Errors
///
/// Database errors.
pub async fn variant_stats(state: &AppState) -> Result<Vec<VariantStats>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let rows = stats::all(&mut conn).await?;
    Ok(Variant::ALL
        .into_iter()
        .map(|variant| {
            let row = rows.iter().find(|row| row.variant == variant.as_str());
            VariantStats {
                variant,
                white_wins: row.map_or(0, |row| row.white_wins),
                black_wins: row.map_or(0, |row| row.black_wins),
                draws: row.map_or(0, |row| row.draws),
            }
        })
        .collect())
}
