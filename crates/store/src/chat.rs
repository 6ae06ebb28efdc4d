//! Game chat, private notes, blocks and the chat setting (migration 0016).

use sqlx::{AnyConnection, FromRow};

/// A stored chat line with its author's name.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct ChatRow {
    /// Its number in its game (1, 2, …).
    pub seq: i64,
    /// The author's id.
    pub user_id: String,
    /// The author's name.
    pub author: String,
    /// The game's ply when it was written.
    pub ply: i64,
    /// The text.
    pub body: String,
    /// When it was written (unix seconds).
    pub created_at: i64,
}

/// A chat line to store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewLine<'a> {
    /// The game.
    pub game_id: &'a str,
    /// The author.
    pub user_id: &'a str,
    /// The game's ply now.
    pub ply: i64,
    /// The checked text.
    pub body: &'a str,
    /// Now.
    pub created_at: i64,
}

/// Stores `line` as the next of its game, unless the game holds `max_lines` already.
/// Returns its number, `None` when the chat is full (or the game is gone).
///
/// The number comes from the game's counter (`games.chat_lines`, migration 0021), raised
/// by this transaction's first statement: the update holds the game's row until the
/// transaction ends, so two lines written at once wait for each other and never share a
/// number, on either database.
///
/// # Errors
///
/// Database errors.
pub async fn insert_line(
    conn: &mut AnyConnection,
    line: &NewLine<'_>,
    max_lines: i64,
) -> Result<Option<i64>, sqlx::Error> {
    let seq: Option<(i64,)> = sqlx::query_as(
        "update games set chat_lines = chat_lines + 1 \
         where id = $1 and chat_lines < $2 returning chat_lines",
    )
    .bind(line.game_id)
    .bind(max_lines)
    .fetch_optional(&mut *conn)
    .await?;
    let Some((seq,)) = seq else {
        return Ok(None);
    };
    sqlx::query(
        "insert into chat_messages (game_id, seq, user_id, ply, body, created_at) \
         values ($1, $2, $3, $4, $5, $6)",
    )
    .bind(line.game_id)
    .bind(seq)
    .bind(line.user_id)
    .bind(line.ply)
    .bind(line.body)
    .bind(line.created_at)
    .execute(conn)
    .await?;
    Ok(Some(seq))
}

/// The lines of `game_id` after number `after`, in order, at most `limit`.
///
/// # Errors
///
/// Database errors.
pub async fn lines(
    conn: &mut AnyConnection,
    game_id: &str,
    after: i64,
    limit: i64,
) -> Result<Vec<ChatRow>, sqlx::Error> {
    sqlx::query_as(
        "select m.seq, m.user_id, u.username as author, m.ply, m.body, m.created_at \
         from chat_messages m join users u on u.id = m.user_id \
         where m.game_id = $1 and m.seq > $2 order by m.seq limit $3",
    )
    .bind(game_id)
    .bind(after)
    .bind(limit)
    .fetch_all(conn)
    .await
}

/// `user_id`'s note on `game_id`: (text, when saved).
///
/// # Errors
///
/// Database errors.
pub async fn note(
    conn: &mut AnyConnection,
    game_id: &str,
    user_id: &str,
) -> Result<Option<(String, i64)>, sqlx::Error> {
    sqlx::query_as("select body, updated_at from game_notes where game_id = $1 and user_id = $2")
        .bind(game_id)
        .bind(user_id)
        .fetch_optional(conn)
        .await
}

/// Saves `user_id`'s note on `game_id` (an empty one deletes it).
///
/// # Errors
///
/// Database errors.
pub async fn save_note(
    conn: &mut AnyConnection,
    game_id: &str,
    user_id: &str,
    body: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    if body.is_empty() {
        sqlx::query("delete from game_notes where game_id = $1 and user_id = $2")
            .bind(game_id)
            .bind(user_id)
            .execute(conn)
            .await?;
        return Ok(());
    }
    sqlx::query(
        "insert into game_notes (game_id, user_id, body, updated_at) values ($1, $2, $3, $4) \
         on conflict (game_id, user_id) do update \
         set body = excluded.body, updated_at = excluded.updated_at",
    )
    .bind(game_id)
    .bind(user_id)
    .bind(body)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Both players' chat setting: whether White and Black let spectators read the chat.
///
/// # Errors
///
/// Database errors.
pub async fn spectators_allowed(
    conn: &mut AnyConnection,
    white_id: &str,
    black_id: &str,
) -> Result<(bool, bool), sqlx::Error> {
    let rows: Vec<(String, i64)> =
        sqlx::query_as("select id, chat_spectators from users where id = $1 or id = $2")
            .bind(white_id)
            .bind(black_id)
            .fetch_all(conn)
            .await?;
    let allows = |id: &str| rows.iter().any(|(row, on)| row == id && *on == 1);
    Ok((allows(white_id), allows(black_id)))
}

/// `user_id`'s chat setting (`None`: no such user).
///
/// # Errors
///
/// Database errors.
pub async fn chat_spectators(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<Option<bool>, sqlx::Error> {
    let row: Option<(i64,)> = sqlx::query_as("select chat_spectators from users where id = $1")
        .bind(user_id)
        .fetch_optional(conn)
        .await?;
    Ok(row.map(|(on,)| on == 1))
}

/// Sets `user_id`'s chat setting.
///
/// # Errors
///
/// Database errors.
pub async fn set_chat_spectators(
    conn: &mut AnyConnection,
    user_id: &str,
    on: bool,
) -> Result<(), sqlx::Error> {
    sqlx::query("update users set chat_spectators = $2 where id = $1")
        .bind(user_id)
        .bind(i64::from(on))
        .execute(conn)
        .await?;
    Ok(())
}

/// `blocker_id` blocks `blocked_id` at `now`. Returns whether the block is new.
///
/// # Errors
///
/// Database errors.
pub async fn block(
    conn: &mut AnyConnection,
    blocker_id: &str,
    blocked_id: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "insert into blocks (blocker_id, blocked_id, created_at) values ($1, $2, $3) \
         on conflict (blocker_id, blocked_id) do nothing",
    )
    .bind(blocker_id)
    .bind(blocked_id)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Lifts `blocker_id`'s block of `blocked_id`. Returns whether there was one.
///
/// # Errors
///
/// Database errors.
pub async fn unblock(
    conn: &mut AnyConnection,
    blocker_id: &str,
    blocked_id: &str,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("delete from blocks where blocker_id = $1 and blocked_id = $2")
        .bind(blocker_id)
        .bind(blocked_id)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// The players `blocker_id` blocks: (name, since), by name.
///
/// # Errors
///
/// Database errors.
pub async fn blocked_by(
    conn: &mut AnyConnection,
    blocker_id: &str,
) -> Result<Vec<(String, i64)>, sqlx::Error> {
    sqlx::query_as(
        "select u.username, b.created_at from blocks b join users u on u.id = b.blocked_id \
         where b.blocker_id = $1 order by u.username_key",
    )
    .bind(blocker_id)
    .fetch_all(conn)
    .await
}

/// How many players `blocker_id` blocks.
///
/// # Errors
///
/// Database errors.
pub async fn count_blocks(conn: &mut AnyConnection, blocker_id: &str) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) = sqlx::query_as("select count(*) from blocks where blocker_id = $1")
        .bind(blocker_id)
        .fetch_one(conn)
        .await?;
    Ok(count)
}

/// What a game's chat needs besides its lines, read in one statement.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Standing {
    /// White lets spectators read the chat of their games.
    pub white_spectators: bool,
    /// So does Black.
    pub black_spectators: bool,
    /// The viewer who plays is muted by an administrator.
    pub muted: bool,
    /// The viewer blocks their opponent.
    pub viewer_blocks: bool,
    /// The opponent blocks the viewer.
    pub opponent_blocks: bool,
    /// The viewer's note on the game and when it was saved.
    pub note: Option<(String, i64)>,
    /// The chat has lines after the number asked for.
    pub lines_after: bool,
}

/// The chat's [`Standing`] in game `game_id` between `white_id` and `black_id`, for
/// `player` and their opponent when the viewer plays in it (else only the players'
/// settings are read), with whether there are lines after number `after`.
///
/// # Errors
///
/// Database errors.
pub async fn standing(
    conn: &mut AnyConnection,
    game_id: &str,
    (white_id, black_id): (&str, &str),
    player: Option<(&str, &str)>,
    after: i64,
) -> Result<Standing, sqlx::Error> {
    type Row = (
        Option<i64>,
        Option<i64>,
        Option<i64>,
        i64,
        i64,
        Option<String>,
        Option<i64>,
        Option<i64>,
    );
    let (viewer, opponent) = player.unwrap_or_default();
    let (white, black, muted_at, viewer_blocks, opponent_blocks, body, saved_at, next): Row =
        sqlx::query_as(
            "select (select chat_spectators from users where id = $1), \
             (select chat_spectators from users where id = $2), \
             (select muted_at from users where id = $3), \
             (select count(*) from blocks where blocker_id = $3 and blocked_id = $4), \
             (select count(*) from blocks where blocker_id = $4 and blocked_id = $3), \
             (select body from game_notes where game_id = $5 and user_id = $3), \
             (select updated_at from game_notes where game_id = $5 and user_id = $3), \
             (select min(seq) from chat_messages where game_id = $5 and seq > $6)",
        )
        .bind(white_id)
        .bind(black_id)
        .bind(viewer)
        .bind(opponent)
        .bind(game_id)
        .bind(after)
        .fetch_one(conn)
        .await?;
    Ok(Standing {
        white_spectators: white == Some(1),
        black_spectators: black == Some(1),
        muted: muted_at.is_some(),
        viewer_blocks: viewer_blocks > 0,
        opponent_blocks: opponent_blocks > 0,
        note: body.zip(saved_at),
        lines_after: next.is_some(),
    })
}

/// Who of `a` and `b` blocks the other: the blockers' ids (empty: no block either way).
///
/// # Errors
///
/// Database errors.
pub async fn blockers_between(
    conn: &mut AnyConnection,
    a: &str,
    b: &str,
) -> Result<Vec<String>, sqlx::Error> {
    let rows: Vec<(String,)> = sqlx::query_as(
        "select blocker_id from blocks \
         where (blocker_id = $1 and blocked_id = $2) or (blocker_id = $2 and blocked_id = $1)",
    )
    .bind(a)
    .bind(b)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// Everyone `user_id` blocks or is blocked by.
///
/// # Errors
///
/// Database errors.
pub async fn block_partners(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<Vec<String>, sqlx::Error> {
    let rows: Vec<(String,)> = sqlx::query_as(
        "select blocked_id from blocks where blocker_id = $1 \
         union select blocker_id from blocks where blocked_id = $1",
    )
    .bind(user_id)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// Cancels the open challenges `a` and `b` addressed to each other. Returns how many.
///
/// # Errors
///
/// Database errors.
pub async fn cancel_challenges_between(
    conn: &mut AnyConnection,
    a: &str,
    b: &str,
) -> Result<u64, sqlx::Error> {
    let done = sqlx::query(
        "update challenges set status = 'cancelled' where status = 'open' \
         and ((challenger_id = $1 and opponent_id = $2) \
         or (challenger_id = $2 and opponent_id = $1))",
    )
    .bind(a)
    .bind(b)
    .execute(conn)
    .await?;
    Ok(done.rows_affected())
}
