//! Bot accounts and what the Lichess-shaped bot and board API reads beyond the game
//! itself: upgrading an account, the players' cards (name, kind, rating in the variant)
//! and the challenges and games a player's event stream opens with.
//!
//! The rule of an upgrade is Lichess's: only a human account that has no game at all
//! (none played, none going on) may become a bot's, and it stays one. A bot account then
//! plays through the API only: the site's move and action forms refuse it.

use rules::Variant;
use sqlx::AnyConnection;

use crate::{
    Services,
    accounts::user::{AccountKind, User},
    challenges::Challenge,
    game::{self, GameDetail},
    ratings::StoredRating,
};
use store::{
    challenges::{self, ChallengeRow},
    games, ratings as rating_rows, users,
};
use vocab::error::AppError;

/// Turns `user`'s account into a bot's.
///
/// # Errors
///
/// 409 `already_bot` (it is one), `not_upgradable` (a computer's account),
/// `has_games` (it has played or plays a game); database errors.
pub async fn upgrade(state: &Services, user: &User) -> Result<(), AppError> {
    let mut tx = state.db.begin_write().await?;
    // The first statement is the guarded write.
    if users::upgrade_to_bot(&mut tx, &user.id).await? {
        // Its games show the account as a bot's.
        let flush = state.events.stage_flush(&mut tx).await?;
        tx.commit().await?;
        flush.committed(&state.events);
        return Ok(());
    }
    tx.rollback().await?;
    let mut conn = state.db.pool.acquire().await?;
    let row = users::public_by_id(&mut conn, &user.id)
        .await?
        .ok_or(AppError::NotFound("player"))?;
    Err(match AccountKind::from_stored(&row.kind) {
        AccountKind::Bot => AppError::conflict("already_bot", "this account is a bot already"),
        AccountKind::Computer => AppError::conflict(
            "not_upgradable",
            "a computer player's account cannot become a bot",
        ),
        AccountKind::Human => AppError::conflict(
            "has_games",
            "only an account that has never played a game can become a bot: make a new \
             account for the bot",
        ),
    })
}

/// A player as a game or challenge shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerCard {
    /// The user's id.
    pub user_id: String,
    /// Their name.
    pub username: String,
    /// Who plays the account.
    pub kind: AccountKind,
    /// Their rating in the variant, in whole points (1500 before their first rated
    /// game of it).
    pub rating: i64,
    /// Whether that rating is still provisional.
    pub provisional: bool,
}

/// The card of `user_id` in `variant`.
async fn card(
    conn: &mut AnyConnection,
    user_id: &str,
    variant: Variant,
) -> Result<PlayerCard, AppError> {
    let row = users::public_by_id(&mut *conn, user_id)
        .await?
        .ok_or_else(|| AppError::internal(format!("no user {user_id}")))?;
    let rating = rating_rows::get(conn, user_id, variant.as_str())
        .await?
        .map_or_else(StoredRating::initial, |row| StoredRating::of_row(&row));
    Ok(PlayerCard {
        user_id: row.id,
        username: row.username,
        kind: AccountKind::from_stored(&row.kind),
        rating: rating.whole_points(),
        provisional: rating.is_provisional(),
    })
}

/// A game with its two players' cards.
#[derive(Debug, Clone)]
pub struct GameView {
    /// The game.
    pub detail: GameDetail,
    /// White.
    pub white: PlayerCard,
    /// Black.
    pub black: PlayerCard,
}

/// Game `id` with its players' cards.
///
/// # Errors
///
/// 404 when there is no such game; database errors.
pub async fn game_view(state: &Services, id: &str) -> Result<GameView, AppError> {
    let detail = game::get(state, id).await?;
    let mut conn = state.db.pool.acquire().await?;
    let variant = detail.variant();
    let white = card(&mut conn, &detail.white_id, variant).await?;
    let black = card(&mut conn, &detail.black_id, variant).await?;
    Ok(GameView {
        detail,
        white,
        black,
    })
}

/// A challenge with its challenger's card and, when it is addressed to someone, theirs.
#[derive(Debug, Clone)]
pub struct ChallengeView {
    /// The challenge.
    pub challenge: Challenge,
    /// Who made it.
    pub challenger: PlayerCard,
    /// Who it is addressed to (`None`: anyone).
    pub opponent: Option<PlayerCard>,
}

async fn challenge_view_of(
    conn: &mut AnyConnection,
    row: ChallengeRow,
) -> Result<ChallengeView, AppError> {
    let challenger_id = row.challenger_id.clone();
    let opponent_id = row.opponent_id.clone();
    let challenge = Challenge::try_from(row)?;
    let challenger = card(&mut *conn, &challenger_id, challenge.variant).await?;
    let opponent = match opponent_id {
        Some(id) => Some(card(&mut *conn, &id, challenge.variant).await?),
        None => None,
    };
    Ok(ChallengeView {
        challenge,
        challenger,
        opponent,
    })
}

/// Challenge `id`, whatever its status, with its players' cards.
///
/// # Errors
///
/// 404 when there is no such challenge; database errors.
pub async fn challenge_view(state: &Services, id: &str) -> Result<ChallengeView, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let row = challenges::get(&mut conn, id)
        .await?
        .ok_or(AppError::NotFound("challenge"))?;
    challenge_view_of(&mut conn, row).await
}

/// The open challenges `user` made to someone or that are addressed to them, oldest
/// first, with their players' cards.
///
/// # Errors
///
/// Database errors.
pub async fn open_challenges(
    state: &Services,
    user: &User,
) -> Result<Vec<ChallengeView>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let rows = challenges::open_between(&mut conn, &user.id).await?;
    let mut views = Vec::with_capacity(rows.len());
    for row in rows {
        views.push(challenge_view_of(&mut conn, row).await?);
    }
    Ok(views)
}

/// The ids of `user`'s active games, oldest first.
///
/// # Errors
///
/// Database errors.
pub async fn active_game_ids(state: &Services, user: &User) -> Result<Vec<String>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let mut rows = games::active_for_user(&mut conn, &user.id).await?;
    rows.sort_by(|a, b| (a.created_at, &a.id).cmp(&(b.created_at, &b.id)));
    Ok(rows.into_iter().map(|row| row.id).collect())
}

/// When the account `user` was made (unix seconds).
///
/// # Errors
///
/// Database errors.
pub async fn created_at(state: &Services, user: &User) -> Result<i64, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let row = users::public_by_id(&mut conn, &user.id)
        .await?
        .ok_or(AppError::NotFound("player"))?;
    Ok(row.created_at)
}
