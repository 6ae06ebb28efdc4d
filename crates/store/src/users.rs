//! Users, sessions and API tokens.

use sqlx::{AnyConnection, FromRow};

/// A stored user.
#[derive(Debug, Clone, FromRow)]
pub struct UserRow {
    /// The user's id.
    pub id: String,
    /// The name as registered.
    pub username: String,
    /// The argon2id PHC string.
    pub password_hash: String,
    /// Who plays it (`human`, `computer`, `bot`).
    pub kind: String,
    /// Banned since (unix seconds; see `db::moderation`).
    pub banned_at: Option<i64>,
    /// Deleted at.
    pub deleted_at: Option<i64>,
}

/// Inserts a user. A taken name fails with a unique violation.
///
/// # Errors
///
/// Database errors, including the unique violation.
pub async fn insert(
    conn: &mut AnyConnection,
    id: &str,
    username: &str,
    password_hash: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    insert_account(conn, id, username, password_hash, "human", false, now).await?;
    Ok(())
}

/// Inserts the account `id` named `username` (`username_key` its lower case) of `kind`:
/// when `unless_taken`, not at all if the id or the name is taken (else that fails with a
/// unique violation). Returns whether it wrote the row.
pub(crate) async fn insert_account(
    conn: &mut AnyConnection,
    id: &str,
    username: &str,
    password_hash: &str,
    kind: &str,
    unless_taken: bool,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let on_conflict = if unless_taken {
        " on conflict do nothing"
    } else {
        ""
    };
    let done = sqlx::query(&format!(
        "insert into users (id, username, username_key, password_hash, created_at, kind) \
         values ($1, $2, $3, $4, $5, $6){on_conflict}"
    ))
    .bind(id)
    .bind(username)
    .bind(username.to_lowercase())
    .bind(password_hash)
    .bind(now)
    .bind(kind)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The user called `username` (case-insensitively). A name with a NUL character is
/// nobody's (Postgres text cannot even hold one, so it is not sent).
///
/// # Errors
///
/// Database errors.
pub async fn by_name(
    conn: &mut AnyConnection,
    username: &str,
) -> Result<Option<UserRow>, sqlx::Error> {
    if super::names_nothing(username) {
        return Ok(None);
    }
    sqlx::query_as(
        "select id, username, password_hash, kind, banned_at, deleted_at from users \
         where username_key = $1",
    )
    .bind(username.to_lowercase())
    .fetch_optional(conn)
    .await
}

/// Stores a session by its token's hash.
///
/// # Errors
///
/// Database errors.
pub async fn insert_session(
    conn: &mut AnyConnection,
    token_hash: &str,
    user_id: &str,
    now: i64,
    expires_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into sessions (token_hash, user_id, created_at, expires_at) values ($1, $2, $3, $4)",
    )
    .bind(token_hash)
    .bind(user_id)
    .bind(now)
    .bind(expires_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// The (id, username, kind, games where it is their turn, unread notices, open reports
/// for an administrator) of the session's user while the session lasts.
///
/// # Errors
///
/// Database errors.
pub async fn by_session(
    conn: &mut AnyConnection,
    token_hash: &str,
    now: i64,
) -> Result<Option<SessionRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select u.id, u.username, u.kind, {}, {}, {}, s.expires_at \
         from sessions s join users u on u.id = s.user_id \
         where s.token_hash = $1 and s.expires_at > $2 \
         and u.banned_at is null and u.deleted_at is null",
        super::games::USERS_TURN_COUNT,
        super::notifications::USERS_UNREAD_COUNT,
        super::moderation::ADMINS_OPEN_REPORTS
    ))
    .bind(token_hash)
    .bind(now)
    .fetch_optional(conn)
    .await
}

/// What [`by_session`] reads: the user's id, name and kind, how many games wait for their
/// move, how many notices are unread, for an administrator how many reports are open
/// (`None` for everyone else), and when the session ends.
pub type SessionRow = (String, String, String, i64, i64, Option<i64>, i64);

/// Ends a session. Returns its user's id, `None` when there was no such session.
///
/// # Errors
///
/// Database errors.
pub async fn delete_session(
    conn: &mut AnyConnection,
    token_hash: &str,
) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("delete from sessions where token_hash = $1 returning user_id")
        .bind(token_hash)
        .fetch_optional(conn)
        .await
}

/// A stored API token, without its hash.
#[derive(Debug, Clone, FromRow)]
pub struct TokenRow {
    /// The token's public id (random, unrelated to the token).
    pub id: String,
    /// The name its owner gave it.
    pub name: String,
    /// When it was made (unix seconds).
    pub created_at: i64,
    /// When it was last used (unix seconds, to the minute), if ever.
    pub last_used_at: Option<i64>,
}

/// Stores an API token by its hash, unless its owner already holds `max_tokens`.
/// Returns whether it was stored.
///
/// # Errors
///
/// Database errors.
pub async fn insert_token(
    conn: &mut AnyConnection,
    token: (&str, &str, &str),
    user_id: &str,
    now: i64,
    max_tokens: u32,
) -> Result<bool, sqlx::Error> {
    let (id, token_hash, name) = token;
    // One statement: the count and the insert cannot be split by another request.
    let done = sqlx::query(
        "insert into api_tokens (id, token_hash, user_id, name, created_at) \
         select $1, $2, $3, $4, $5 \
         where (select count(*) from api_tokens where user_id = $3) < $6",
    )
    .bind(id)
    .bind(token_hash)
    .bind(user_id)
    .bind(name)
    .bind(now)
    .bind(i64::from(max_tokens))
    .execute(conn)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// The owner's tokens, newest first.
///
/// # Errors
///
/// Database errors.
pub async fn tokens_of(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<Vec<TokenRow>, sqlx::Error> {
    sqlx::query_as(
        "select id, name, created_at, last_used_at from api_tokens where user_id = $1 \
         order by created_at desc, id",
    )
    .bind(user_id)
    .fetch_all(conn)
    .await
}

/// Deletes the owner's token `id`. Returns whether there was one.
///
/// # Errors
///
/// Database errors.
pub async fn delete_token(
    conn: &mut AnyConnection,
    user_id: &str,
    id: &str,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("delete from api_tokens where user_id = $1 and id = $2")
        .bind(user_id)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// The token's owner: (user id, username, kind, the token's last use).
///
/// # Errors
///
/// Database errors.
pub async fn by_token(
    conn: &mut AnyConnection,
    token_hash: &str,
) -> Result<Option<(String, String, String, Option<i64>)>, sqlx::Error> {
    sqlx::query_as(
        "select u.id, u.username, u.kind, t.last_used_at from api_tokens t \
         join users u on u.id = t.user_id where t.token_hash = $1 \
         and u.banned_at is null and u.deleted_at is null",
    )
    .bind(token_hash)
    .fetch_optional(conn)
    .await
}

/// Records that the token was used at `now`.
///
/// # Errors
///
/// Database errors.
pub async fn touch_token(
    conn: &mut AnyConnection,
    token_hash: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("update api_tokens set last_used_at = $1 where token_hash = $2")
        .bind(now)
        .bind(token_hash)
        .execute(conn)
        .await?;
    Ok(())
}

/// A player's time settings as stored.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct TimeRow {
    /// An IANA time-zone name.
    pub time_zone: String,
    /// The vacation's start, if there is one.
    pub vacation_from: Option<i64>,
    /// The vacation's end.
    pub vacation_until: Option<i64>,
    /// 1 when the server started the vacation instead of a loss on time.
    pub vacation_automatic: i64,
    /// The year `vacation_used_hours` counts.
    pub vacation_year: i64,
    /// Allowance hours used in `vacation_year`.
    pub vacation_used_hours: i64,
    /// 1: automatic vacation is on.
    pub auto_vacation: i64,
    /// The nightly pause's start (minutes after local midnight), if there is one.
    pub night_from: Option<i64>,
    /// Its end.
    pub night_until: Option<i64>,
}

/// `user_id`'s time settings.
///
/// # Errors
///
/// Database errors.
pub async fn time_of(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<Option<TimeRow>, sqlx::Error> {
    sqlx::query_as(
        "select time_zone, vacation_from, vacation_until, vacation_automatic, vacation_year, \
         vacation_used_hours, auto_vacation, night_from, night_until from users where id = $1",
    )
    .bind(user_id)
    .fetch_optional(conn)
    .await
}

/// Writes `user_id`'s time settings.
///
/// # Errors
///
/// Database errors.
pub async fn set_time(
    conn: &mut AnyConnection,
    user_id: &str,
    time: &TimeRow,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update users set time_zone = $2, vacation_from = $3, vacation_until = $4, \
         vacation_automatic = $5, vacation_year = $6, vacation_used_hours = $7, \
         auto_vacation = $8, night_from = $9, night_until = $10 where id = $1",
    )
    .bind(user_id)
    .bind(&time.time_zone)
    .bind(time.vacation_from)
    .bind(time.vacation_until)
    .bind(time.vacation_automatic)
    .bind(time.vacation_year)
    .bind(time.vacation_used_hours)
    .bind(time.auto_vacation)
    .bind(time.night_from)
    .bind(time.night_until)
    .execute(conn)
    .await?;
    Ok(())
}

/// Takes `user_id`'s row for a change of their settings: the transaction's first write,
/// so that on SQLite the write lock is held before anything is read. False when there is
/// no such user.
///
/// # Errors
///
/// Database errors.
pub async fn lock(conn: &mut AnyConnection, user_id: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("update users set vacation_year = vacation_year where id = $1")
        .bind(user_id)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// A user's playing settings: (`after_move`, `confirm_moves`), `None` for no such user.
///
/// # Errors
///
/// Database errors.
pub async fn play_settings(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<Option<StoredPlay>, sqlx::Error> {
    sqlx::query_as("select after_move, confirm_moves, repertoire_default from users where id = $1")
        .bind(user_id)
        .fetch_optional(conn)
        .await
}

/// The stored playing settings: after a move, confirming moves (1), the repertoire in
/// new games (1).
pub type StoredPlay = (String, i64, i64);

/// What the page of game `game_id` needs of its signed-in viewer, in one statement: the
/// playing settings (as [`play_settings`]), the next game waiting for them to move other
/// than this one (as `games::next_users_turn`), and how many conditional lines they hold
/// in this one.
///
/// # Errors
///
/// Database errors.
pub async fn game_page_viewer(
    conn: &mut AnyConnection,
    user_id: &str,
    game_id: &str,
) -> Result<Option<GamePageViewerRow>, sqlx::Error> {
    let row: Option<FlatViewerRow> = sqlx::query_as(&format!(
        "select {} from users u where u.id = $1",
        game_page_viewer_columns()
    ))
    .bind(user_id)
    .bind(game_id)
    .fetch_optional(conn)
    .await?;
    Ok(row.map(unflatten))
}

/// What [`game_page_viewer`] reads: the playing settings, the next game, the number of
/// conditional lines, the number of the viewer's unread notices of the game, and whether
/// their repertoire answers in it (1; `None` when they do not play in it).
pub type GamePageViewerRow = (StoredPlay, Option<String>, i64, i64, Option<i64>);

/// [`GamePageViewerRow`] as one flat row reads it.
type FlatViewerRow = (String, i64, i64, Option<String>, i64, i64, Option<i64>);

fn unflatten(
    (after, confirm, repertoire, next, lines, unread, here): FlatViewerRow,
) -> GamePageViewerRow {
    ((after, confirm, repertoire), next, lines, unread, here)
}

/// The columns of a [`GamePageViewerRow`] of user `u` in game `$2`.
fn game_page_viewer_columns() -> String {
    format!(
        "u.after_move, u.confirm_moves, u.repertoire_default, {}, \
         (select count(*) from conditional_lines cl where cl.game_id = $2 and cl.user_id = u.id), \
         (select count(*) from notifications gn \
             where gn.user_id = u.id and gn.game_id = $2 and gn.read_at is null), \
         (select case when rg.white_id = u.id then rg.white_repertoire \
             when rg.black_id = u.id then rg.black_repertoire end \
             from games rg where rg.id = $2)",
        super::games::NEXT_USERS_TURN
    )
}

/// The user of session `token_hash` (as [`by_session`], with the header counts) and what
/// the page of game `game_id` needs of them (as [`game_page_viewer`]), in one statement:
/// the whole of a signed-in viewer's game page but the game and its chat.
///
/// # Errors
///
/// Database errors.
pub async fn by_session_for_game_page(
    conn: &mut AnyConnection,
    token_hash: &str,
    game_id: &str,
    now: i64,
) -> Result<Option<(SessionRow, GamePageViewerRow)>, sqlx::Error> {
    type Row = (
        String,
        String,
        String,
        i64,
        i64,
        Option<i64>,
        i64,
        String,
        i64,
        i64,
        Option<String>,
        i64,
        i64,
        Option<i64>,
    );
    let row: Option<Row> = sqlx::query_as(&format!(
        "select u.id, u.username, u.kind, {}, {}, {}, s.expires_at, {} \
         from sessions s join users u on u.id = s.user_id \
         where s.token_hash = $1 and s.expires_at > $3 \
         and u.banned_at is null and u.deleted_at is null",
        super::games::USERS_TURN_COUNT,
        super::notifications::USERS_UNREAD_COUNT,
        super::moderation::ADMINS_OPEN_REPORTS,
        game_page_viewer_columns()
    ))
    .bind(token_hash)
    .bind(game_id)
    .bind(now)
    .fetch_optional(conn)
    .await?;
    Ok(row.map(
        |(
            id,
            username,
            kind,
            your_turn,
            unread,
            reports,
            expires_at,
            after_move,
            confirm,
            repertoire,
            next,
            lines,
            unread_here,
            repertoire_here,
        )| {
            (
                (id, username, kind, your_turn, unread, reports, expires_at),
                unflatten((
                    after_move,
                    confirm,
                    repertoire,
                    next,
                    lines,
                    unread_here,
                    repertoire_here,
                )),
            )
        },
    ))
}

/// Changes the playing settings given (`None` keeps one) in one statement and returns
/// them all as stored, `None` for no such user.
///
/// # Errors
///
/// Database errors (a value the table's checks refuse among them).
pub async fn update_play_settings(
    conn: &mut AnyConnection,
    user_id: &str,
    (after_move, confirm_moves, repertoire): (Option<&str>, Option<i64>, Option<i64>),
) -> Result<Option<StoredPlay>, sqlx::Error> {
    sqlx::query_as(
        "update users set after_move = coalesce($2, after_move), \
         confirm_moves = coalesce($3, confirm_moves), \
         repertoire_default = coalesce($4, repertoire_default) where id = $1 \
         returning after_move, confirm_moves, repertoire_default",
    )
    .bind(user_id)
    .bind(after_move)
    .bind(confirm_moves)
    .bind(repertoire)
    .fetch_optional(conn)
    .await
}

/// What anyone may know of a user: the bot API's player cards and account.
#[derive(Debug, Clone, FromRow)]
pub struct PublicUserRow {
    /// The user's id.
    pub id: String,
    /// The name as registered.
    pub username: String,
    /// Who plays it (`human`, `computer`, `bot`).
    pub kind: String,
    /// When the account was made.
    pub created_at: i64,
}

/// The user `id`, as anyone may know them.
///
/// # Errors
///
/// Database errors.
pub async fn public_by_id(
    conn: &mut AnyConnection,
    id: &str,
) -> Result<Option<PublicUserRow>, sqlx::Error> {
    sqlx::query_as("select id, username, kind, created_at from users where id = $1")
        .bind(id)
        .fetch_optional(conn)
        .await
}

/// Turns the human account `id` into a bot's, if it has no game at all (the first write
/// of its transaction). Returns whether it did.
///
/// # Errors
///
/// Database errors.
pub async fn upgrade_to_bot(conn: &mut AnyConnection, id: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update users set kind = 'bot' where id = $1 and kind = 'human' \
         and not exists (select 1 from games where white_id = $1 or black_id = $1)",
    )
    .bind(id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}
