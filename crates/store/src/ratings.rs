//! Ratings, the rating change of each rated game, per-player counters and head-to-head
//! records. Ratings are integers at the scale of `domain::ratings::StoredRating`.

use sqlx::{AnyConnection, FromRow};

/// What an engines pool's key adds to its variant's id (`chess+engines`): the ratings of
/// rated games that allow engines are stored under such keys. `domain::ratings::RatingPool`
/// writes and reads keys with it; the lobby's rating join spells it in SQL, held to this
/// by a test of `challenges`.
pub const ENGINES_POOL_SUFFIX: &str = "+engines";

/// One player's rating in one variant.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct RatingRow {
    /// The player.
    pub user_id: String,
    /// The variant id.
    pub variant: String,
    /// Millionths of a point.
    pub rating: i64,
    /// Millionths of a point.
    pub deviation: i64,
    /// Billionths.
    pub volatility: i64,
    /// Rated games played in the variant.
    pub rated_games: i64,
    /// When their last rated game of the variant ended.
    pub last_rated_at: i64,
}

/// The rating change of one rated game.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct GameRatingRow {
    /// The game.
    pub game_id: String,
    /// The variant id.
    pub variant: String,
    /// Its number among the variant's rated games (the replay order).
    pub seq: i64,
    /// When it was rated (when it ended).
    pub rated_at: i64,
    /// White.
    pub white_id: String,
    /// Black.
    pub black_id: String,
    /// White's rating before.
    pub white_before: i64,
    /// White's deviation before.
    pub white_deviation_before: i64,
    /// White's rating after.
    pub white_after: i64,
    /// White's deviation after.
    pub white_deviation_after: i64,
    /// Black's rating before.
    pub black_before: i64,
    /// Black's deviation before.
    pub black_deviation_before: i64,
    /// Black's rating after.
    pub black_after: i64,
    /// Black's deviation after.
    pub black_deviation_after: i64,
}

const RATING_COLUMNS: &str =
    "user_id, variant, rating, deviation, volatility, rated_games, last_rated_at";

const GAME_RATING_COLUMNS: &str = "game_id, variant, seq, rated_at, white_id, black_id, \
    white_before, white_deviation_before, white_after, white_deviation_after, \
    black_before, black_deviation_before, black_after, black_deviation_after";

/// Takes the next number among `variant`'s rated games (the first write of the rating
/// step, on the counter row the end has already updated).
///
/// # Errors
///
/// Database errors, or no counter row for `variant`.
pub async fn next_seq(conn: &mut AnyConnection, variant: &str) -> Result<i64, sqlx::Error> {
    let (seq,): (i64,) = sqlx::query_as(
        "update variant_stats set rated_games = rated_games + 1 where variant = $1 \
         returning rated_games",
    )
    .bind(variant)
    .fetch_one(conn)
    .await?;
    Ok(seq)
}

/// A player's rating in a variant, if they have one.
///
/// # Errors
///
/// Database errors.
pub async fn get(
    conn: &mut AnyConnection,
    user_id: &str,
    variant: &str,
) -> Result<Option<RatingRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select {RATING_COLUMNS} from player_ratings where user_id = $1 and variant = $2"
    ))
    .bind(user_id)
    .bind(variant)
    .fetch_optional(conn)
    .await
}

/// Every rating of a player.
///
/// # Errors
///
/// Database errors.
pub async fn for_user(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<Vec<RatingRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select {RATING_COLUMNS} from player_ratings where user_id = $1 order by variant"
    ))
    .bind(user_id)
    .fetch_all(conn)
    .await
}

/// Writes a player's rating (made at their first rated game of the variant).
///
/// # Errors
///
/// Database errors.
pub async fn put(conn: &mut AnyConnection, row: &RatingRow) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into player_ratings (user_id, variant, rating, deviation, volatility, \
         rated_games, last_rated_at) values ($1, $2, $3, $4, $5, $6, $7) \
         on conflict (user_id, variant) do update set rating = excluded.rating, \
         deviation = excluded.deviation, volatility = excluded.volatility, \
         rated_games = excluded.rated_games, last_rated_at = excluded.last_rated_at",
    )
    .bind(&row.user_id)
    .bind(&row.variant)
    .bind(row.rating)
    .bind(row.deviation)
    .bind(row.volatility)
    .bind(row.rated_games)
    .bind(row.last_rated_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// Stores a game's rating change. A second one for the same game violates the primary
/// key: a game is never rated twice.
///
/// # Errors
///
/// Database errors.
pub async fn insert_game(conn: &mut AnyConnection, row: &GameRatingRow) -> Result<(), sqlx::Error> {
    sqlx::query(&format!(
        "insert into game_ratings ({GAME_RATING_COLUMNS}) values \
         ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)"
    ))
    .bind(&row.game_id)
    .bind(&row.variant)
    .bind(row.seq)
    .bind(row.rated_at)
    .bind(&row.white_id)
    .bind(&row.black_id)
    .bind(row.white_before)
    .bind(row.white_deviation_before)
    .bind(row.white_after)
    .bind(row.white_deviation_after)
    .bind(row.black_before)
    .bind(row.black_deviation_before)
    .bind(row.black_after)
    .bind(row.black_deviation_after)
    .execute(conn)
    .await?;
    Ok(())
}

/// The rating change of a game, if it was rated.
///
/// # Errors
///
/// Database errors.
pub async fn game(
    conn: &mut AnyConnection,
    game_id: &str,
) -> Result<Option<GameRatingRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select {GAME_RATING_COLUMNS} from game_ratings where game_id = $1"
    ))
    .bind(game_id)
    .fetch_optional(conn)
    .await
}

/// Every rating, ordered by player and variant (for the rebuild's comparison).
///
/// # Errors
///
/// Database errors.
pub async fn all(conn: &mut AnyConnection) -> Result<Vec<RatingRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select {RATING_COLUMNS} from player_ratings order by user_id, variant"
    ))
    .fetch_all(conn)
    .await
}

/// Every game's rating change, in replay order.
///
/// # Errors
///
/// Database errors.
pub async fn all_games(conn: &mut AnyConnection) -> Result<Vec<GameRatingRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select {GAME_RATING_COLUMNS} from game_ratings order by variant, seq"
    ))
    .fetch_all(conn)
    .await
}

/// A player's rating after each of their last `limit` rated games of `variant`, oldest
/// first: (when, rating, deviation).
///
/// # Errors
///
/// Database errors.
pub async fn history(
    conn: &mut AnyConnection,
    user_id: &str,
    variant: &str,
    limit: i64,
) -> Result<Vec<(i64, i64, i64)>, sqlx::Error> {
    let mut rows: Vec<(i64, i64, i64, i64)> = sqlx::query_as(
        "select seq, rated_at, white_after, white_deviation_after from game_ratings \
         where white_id = $1 and variant = $2 \
         union all select seq, rated_at, black_after, black_deviation_after from game_ratings \
         where black_id = $1 and variant = $2 order by 1 desc limit $3",
    )
    .bind(user_id)
    .bind(variant)
    .bind(limit)
    .fetch_all(conn)
    .await?;
    rows.reverse();
    Ok(rows
        .into_iter()
        .map(|(_, at, rating, deviation)| (at, rating, deviation))
        .collect())
}

/// The rebuild's first write: the counter rows every end updates, so ends wait for the
/// rebuild (and SQLite's transaction starts as a writer).
///
/// # Errors
///
/// Database errors.
pub async fn hold_counters(conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
    sqlx::query("update variant_stats set rated_games = rated_games")
        .execute(conn)
        .await?;
    Ok(())
}

/// The order in which `variant`'s finished games are rated by a rebuild: games already
/// rated in their order, then games never rated (finished before ratings existed) by
/// when they ended. Game ids.
///
/// # Errors
///
/// Database errors.
pub async fn replay_order(
    conn: &mut AnyConnection,
    variant: &str,
) -> Result<Vec<String>, sqlx::Error> {
    let rows: Vec<(String,)> = sqlx::query_as(
        "select g.id from games g left join game_ratings r on r.game_id = g.id \
         where g.variant = $1 and g.status = 'finished' \
         order by case when r.seq is null then 1 else 0 end, r.seq, g.finished_at, g.id",
    )
    .bind(variant)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// Forgets every rating and rating change and restarts the variants' numbering.
///
/// # Errors
///
/// Database errors.
pub async fn clear(conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
    sqlx::query("update variant_stats set rated_games = 0")
        .execute(&mut *conn)
        .await?;
    sqlx::query("delete from game_ratings")
        .execute(&mut *conn)
        .await?;
    sqlx::query("delete from player_ratings")
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// One player's counters in one variant.
#[derive(Debug, Clone, Default, PartialEq, Eq, FromRow)]
pub struct PlayerStatsRow {
    /// The variant id.
    pub variant: String,
    /// Finished games.
    pub games: i64,
    /// Won as White.
    pub white_wins: i64,
    /// Lost as White.
    pub white_losses: i64,
    /// Drawn as White.
    pub white_draws: i64,
    /// Won as Black.
    pub black_wins: i64,
    /// Lost as Black.
    pub black_losses: i64,
    /// Drawn as Black.
    pub black_draws: i64,
    /// Wins in a row up to now.
    pub current_streak: i64,
    /// The longest run of wins.
    pub longest_streak: i64,
}

/// Counts a finished game for one of its players: `as_white` says which side they
/// played, `score` is 1, 0 or -1 (win, draw, loss).
///
/// # Errors
///
/// Database errors.
pub async fn count_game(
    conn: &mut AnyConnection,
    user_id: &str,
    variant: &str,
    as_white: bool,
    score: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into player_stats (user_id, variant) values ($1, $2) \
         on conflict (user_id, variant) do nothing",
    )
    .bind(user_id)
    .bind(variant)
    .execute(&mut *conn)
    .await?;
    let flag = |wanted_white: bool, wanted_score: i64| {
        i64::from(as_white == wanted_white && score == wanted_score)
    };
    let won = i64::from(score == 1);
    sqlx::query(
        "update player_stats set games = games + 1, \
         white_wins = white_wins + $3, white_losses = white_losses + $4, \
         white_draws = white_draws + $5, black_wins = black_wins + $6, \
         black_losses = black_losses + $7, black_draws = black_draws + $8, \
         current_streak = case when $9 = 1 then current_streak + 1 else 0 end, \
         longest_streak = case when $9 = 1 and current_streak + 1 > longest_streak \
             then current_streak + 1 else longest_streak end \
         where user_id = $1 and variant = $2",
    )
    .bind(user_id)
    .bind(variant)
    .bind(flag(true, 1))
    .bind(flag(true, -1))
    .bind(flag(true, 0))
    .bind(flag(false, 1))
    .bind(flag(false, -1))
    .bind(flag(false, 0))
    .bind(won)
    .execute(conn)
    .await?;
    Ok(())
}

/// A player's counters, per variant.
///
/// # Errors
///
/// Database errors.
pub async fn stats_for(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<Vec<PlayerStatsRow>, sqlx::Error> {
    sqlx::query_as(
        "select variant, games, white_wins, white_losses, white_draws, black_wins, \
         black_losses, black_draws, current_streak, longest_streak from player_stats \
         where user_id = $1 order by variant",
    )
    .bind(user_id)
    .fetch_all(conn)
    .await
}

/// Counts a finished game in the record of `user_id` against `opponent_id`; `score` is
/// 1, 0 or -1 for `user_id`.
///
/// # Errors
///
/// Database errors.
pub async fn count_meeting(
    conn: &mut AnyConnection,
    user_id: &str,
    opponent_id: &str,
    score: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into head_to_head (user_id, opponent_id, wins, losses, draws) \
         values ($1, $2, $3, $4, $5) on conflict (user_id, opponent_id) do update set \
         wins = head_to_head.wins + excluded.wins, \
         losses = head_to_head.losses + excluded.losses, \
         draws = head_to_head.draws + excluded.draws",
    )
    .bind(user_id)
    .bind(opponent_id)
    .bind(i64::from(score == 1))
    .bind(i64::from(score == -1))
    .bind(i64::from(score == 0))
    .execute(conn)
    .await?;
    Ok(())
}

/// `user_id`'s wins, losses and draws against `opponent_id`.
///
/// # Errors
///
/// Database errors.
pub async fn head_to_head(
    conn: &mut AnyConnection,
    user_id: &str,
    opponent_id: &str,
) -> Result<(i64, i64, i64), sqlx::Error> {
    let row: Option<(i64, i64, i64)> = sqlx::query_as(
        "select wins, losses, draws from head_to_head where user_id = $1 and opponent_id = $2",
    )
    .bind(user_id)
    .bind(opponent_id)
    .fetch_optional(conn)
    .await?;
    Ok(row.unwrap_or_default())
}

/// One line of a leaderboard.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct BoardRow {
    /// The player.
    pub user_id: String,
    /// Their name.
    pub username: String,
    /// Who plays their account (`human`, `computer`, `bot`).
    pub kind: String,
    /// Millionths of a point.
    pub rating: i64,
    /// Millionths of a point.
    pub deviation: i64,
    /// Rated games in the variant.
    pub rated_games: i64,
}

/// The variant's established ratings (deviation at most `max_deviation`, rated since
/// `active_since`), best first, below the keyset position `after` (rating, user id) when
/// given: `limit` rows.
///
/// # Errors
///
/// Database errors.
pub async fn leaderboard(
    conn: &mut AnyConnection,
    variant: &str,
    max_deviation: i64,
    active_since: i64,
    after: Option<(i64, &str)>,
    limit: i64,
) -> Result<Vec<BoardRow>, sqlx::Error> {
    let (rating, user) = after.unwrap_or((i64::MAX, ""));
    sqlx::query_as(
        "select r.user_id, u.username, u.kind, r.rating, r.deviation, r.rated_games \
         from player_ratings r join users u on u.id = r.user_id \
         where r.variant = $1 and r.deviation <= $2 and r.last_rated_at >= $3 \
         and (r.rating < $4 or (r.rating = $4 and r.user_id > $5)) \
         order by r.rating desc, r.user_id limit $6",
    )
    .bind(variant)
    .bind(max_deviation)
    .bind(active_since)
    .bind(rating)
    .bind(user)
    .bind(limit)
    .fetch_all(conn)
    .await
}
