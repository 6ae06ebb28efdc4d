//! Tournaments: their settings and state, entrants, games, byes and scores (see
//! `migrations/*/0019_tournaments.sql`).

mod deadlines;
mod player_status;

pub use deadlines::round_deadlines;
pub use player_status::PlayerStatus;
use sqlx::{AnyConnection, FromRow};

/// What an organiser chose for a tournament, as stored: read back in every
/// [`TournamentRow`] and written once by [`insert`].
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct TournamentTerms {
    /// The variant id.
    pub variant: String,
    /// `round_robin`, `swiss`, `knockout` or `league`.
    pub format: String,
    /// The games' time control (text form).
    pub time_control: String,
    /// 1: weekends off.
    pub weekends_off: i64,
    /// 1: vacation allowed.
    pub vacation_allowed: i64,
    /// 1: nights off allowed.
    pub nights_allowed: i64,
    /// 1: rated.
    pub rated: i64,
    /// The fewest entrants it starts with.
    pub min_players: i64,
    /// The most entrants it takes.
    pub max_players: i64,
    /// The lowest rating that may join.
    pub min_rating: Option<i64>,
    /// The most of their recent games an entrant may have lost on time (percent).
    pub max_time_loss_percent: Option<i64>,
    /// The fewest finished games an entrant must have.
    pub min_finished_games: Option<i64>,
    /// The most days a game may last (`None`: no limit).
    pub max_game_days: Option<i64>,
    /// How a game still going then is decided: `adjudicate` or `draw`.
    pub deadline_rule: String,
    /// 1: its games allow the players engines.
    pub engines_allowed: i64,
    /// The highest rating that may join.
    pub max_rating: Option<i64>,
    /// Round robin and league: the largest section.
    pub section_size: Option<i64>,
    /// Round robin and league: 1 when each pair meets twice.
    pub both_colours: i64,
    /// Round robin and league: how many of each section go on.
    pub advance: Option<i64>,
    /// Swiss: the rounds; league: the seasons.
    pub rounds: Option<i64>,
    /// Knock-out: the games of a match.
    pub games_per_match: Option<i64>,
    /// A private tournament's invitation key.
    pub invite_code: Option<String>,
    /// When it starts (`None`: when full).
    pub starts_at: Option<i64>,
    /// The start chosen for every game: its stored setup text (`None`: as usual).
    pub setup: Option<String>,
}

/// A stored tournament with its organiser's name and its number of entrants.
#[derive(Debug, Clone, FromRow)]
pub struct TournamentRow {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Who created it.
    pub organiser_id: String,
    /// Their name.
    pub organiser: String,
    /// What its organiser chose.
    #[sqlx(flatten)]
    pub terms: TournamentTerms,
    /// open, running, finished or cancelled.
    pub status: String,
    /// The current stage (0 before the start).
    pub stage: i64,
    /// The current round (0 before the start).
    pub round: i64,
    /// The winner, once finished.
    pub winner_id: Option<String>,
    /// The winner's name.
    pub winner: Option<String>,
    /// When it was created.
    pub created_at: i64,
    /// When it started.
    pub started_at: Option<i64>,
    /// When it finished.
    pub finished_at: Option<i64>,
    /// How many entrants it has (every status).
    pub entrants: i64,
}

const SELECT: &str = "select t.id, t.name, t.organiser_id, o.username as organiser, t.variant, \
    t.format, t.time_control, t.weekends_off, t.vacation_allowed, t.nights_allowed, t.max_time_loss_percent, \
    t.min_finished_games, t.max_game_days, t.deadline_rule, t.engines_allowed, t.rated, \
    t.min_players, \
    t.max_players, t.min_rating, t.max_rating, t.section_size, t.both_colours, t.advance, \
    t.rounds, t.games_per_match, t.invite_code, t.starts_at, t.setup, t.status, t.stage, \
    t.round, \
    t.winner_id, w.username as winner, t.created_at, t.started_at, t.finished_at, \
    (select count(*) from tournament_players p where p.tournament_id = t.id) as entrants \
    from tournaments t join users o on o.id = t.organiser_id \
    left join users w on w.id = t.winner_id";

/// Stores a new open tournament `id`, called `name`, organised by `organiser_id` on
/// `terms`, created at `now`.
///
/// # Errors
///
/// Database errors.
pub async fn insert(
    conn: &mut AnyConnection,
    id: &str,
    name: &str,
    organiser_id: &str,
    terms: &TournamentTerms,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into tournaments (id, name, organiser_id, variant, format, time_control, \
         weekends_off, vacation_allowed, rated, min_players, max_players, min_rating, \
         max_rating, section_size, both_colours, advance, rounds, games_per_match, \
         invite_code, starts_at, created_at, setup, nights_allowed, max_time_loss_percent, \
         min_finished_games, max_game_days, deadline_rule, engines_allowed) \
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, \
         $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28)",
    )
    .bind(id)
    .bind(name)
    .bind(organiser_id)
    .bind(&terms.variant)
    .bind(&terms.format)
    .bind(&terms.time_control)
    .bind(terms.weekends_off)
    .bind(terms.vacation_allowed)
    .bind(terms.rated)
    .bind(terms.min_players)
    .bind(terms.max_players)
    .bind(terms.min_rating)
    .bind(terms.max_rating)
    .bind(terms.section_size)
    .bind(terms.both_colours)
    .bind(terms.advance)
    .bind(terms.rounds)
    .bind(terms.games_per_match)
    .bind(terms.invite_code.as_deref())
    .bind(terms.starts_at)
    .bind(now)
    .bind(terms.setup.as_deref())
    .bind(terms.nights_allowed)
    .bind(terms.max_time_loss_percent)
    .bind(terms.min_finished_games)
    .bind(terms.max_game_days)
    .bind(&terms.deadline_rule)
    .bind(terms.engines_allowed)
    .execute(conn)
    .await?;
    Ok(())
}

/// One tournament.
///
/// # Errors
///
/// Database errors.
pub async fn get(conn: &mut AnyConnection, id: &str) -> Result<Option<TournamentRow>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} where t.id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await
}

/// The tournaments of `status` that `user_id` may see in a list (public ones, and the
/// private ones they organise or entered): open ones soonest first, the others newest
/// first; at most `limit`.
///
/// # Errors
///
/// Database errors.
pub async fn list(
    conn: &mut AnyConnection,
    status: &str,
    user_id: Option<&str>,
    limit: i64,
) -> Result<Vec<TournamentRow>, sqlx::Error> {
    let order = if status == "open" {
        "t.created_at, t.id"
    } else {
        "t.created_at desc, t.id"
    };
    sqlx::query_as(&format!(
        "{SELECT} where t.status = $1 and (t.invite_code is null or t.organiser_id = $2 \
         or exists (select 1 from tournament_players p where p.tournament_id = t.id \
         and p.user_id = $2)) order by {order} limit $3"
    ))
    .bind(status)
    .bind(user_id.unwrap_or(""))
    .bind(limit)
    .fetch_all(conn)
    .await
}

/// An entrant with their name.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct PlayerRow {
    /// Their user id.
    pub user_id: String,
    /// Their name.
    pub username: String,
    /// Their rating when they joined (the seeding rating from the start).
    pub rating: i64,
    /// Their seed (from the start).
    pub seed: Option<i64>,
    /// Where they stand.
    #[sqlx(try_from = "String")]
    pub status: PlayerStatus,
    /// When they joined.
    pub joined_at: i64,
}

/// A tournament's entrants: by seed once seeded, before that by rating and then by who
/// joined first.
///
/// # Errors
///
/// Database errors.
pub async fn players(conn: &mut AnyConnection, id: &str) -> Result<Vec<PlayerRow>, sqlx::Error> {
    sqlx::query_as(
        "select p.user_id, u.username, p.rating, p.seed, p.status, p.joined_at \
         from tournament_players p join users u on u.id = p.user_id \
         where p.tournament_id = $1 \
         order by coalesce(p.seed, 1000000), p.rating desc, p.joined_at, p.user_id",
    )
    .bind(id)
    .fetch_all(conn)
    .await
}

/// Takes the tournament while it is open, as the transaction's first write (on Postgres
/// the row stays locked until the commit, so entries and the start take turns). Whether
/// it was open.
///
/// # Errors
///
/// Database errors.
pub async fn claim_open(conn: &mut AnyConnection, id: &str) -> Result<bool, sqlx::Error> {
    let done =
        sqlx::query("update tournaments set pending = pending where id = $1 and status = 'open'")
            .bind(id)
            .execute(conn)
            .await?;
    Ok(done.rows_affected() == 1)
}

/// Takes a running tournament, as the transaction's first write (see [`claim_open`]).
/// Whether it was running.
///
/// # Errors
///
/// Database errors.
pub async fn claim_running(conn: &mut AnyConnection, id: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update tournaments set pending = pending where id = $1 and status = 'running'",
    )
    .bind(id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Adds an entrant.
///
/// # Errors
///
/// Database errors (joining twice violates the primary key).
pub async fn add_player(
    conn: &mut AnyConnection,
    id: &str,
    user_id: &str,
    rating: i64,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into tournament_players (tournament_id, user_id, joined_at, rating) \
         values ($1, $2, $3, $4)",
    )
    .bind(id)
    .bind(user_id)
    .bind(now)
    .bind(rating)
    .execute(conn)
    .await?;
    Ok(())
}

/// Removes an entrant before the start. Whether they were in.
///
/// # Errors
///
/// Database errors.
pub async fn delete_player(
    conn: &mut AnyConnection,
    id: &str,
    user_id: &str,
) -> Result<bool, sqlx::Error> {
    let done =
        sqlx::query("delete from tournament_players where tournament_id = $1 and user_id = $2")
            .bind(id)
            .bind(user_id)
            .execute(conn)
            .await?;
    Ok(done.rows_affected() == 1)
}

/// Deletes an entry of a tournament that is still open. Whether there was one.
///
/// # Errors
///
/// Database errors.
pub async fn delete_open_entry(
    conn: &mut AnyConnection,
    id: &str,
    user_id: &str,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "delete from tournament_players where tournament_id = $1 and user_id = $2 \
         and exists (select 1 from tournaments t where t.id = $1 and t.status = 'open')",
    )
    .bind(id)
    .bind(user_id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Sets an active entrant's status (withdrawn, removed, eliminated). Whether they were
/// active.
///
/// # Errors
///
/// Database errors.
pub async fn set_player_status(
    conn: &mut AnyConnection,
    id: &str,
    user_id: &str,
    status: PlayerStatus,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update tournament_players set status = $3 \
         where tournament_id = $1 and user_id = $2 and status = 'active'",
    )
    .bind(id)
    .bind(user_id)
    .bind(status.as_str())
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Gives an entrant their seed and seeding rating.
///
/// # Errors
///
/// Database errors.
pub async fn set_seed(
    conn: &mut AnyConnection,
    id: &str,
    user_id: &str,
    seed: i64,
    rating: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update tournament_players set seed = $3, rating = $4 \
         where tournament_id = $1 and user_id = $2",
    )
    .bind(id)
    .bind(user_id)
    .bind(seed)
    .bind(rating)
    .execute(conn)
    .await?;
    Ok(())
}

/// Sets when an open tournament starts (now, when it filled up or its organiser starts
/// it), and marks it for the runner.
///
/// # Errors
///
/// Database errors.
pub async fn set_start(conn: &mut AnyConnection, id: &str, at: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update tournaments set starts_at = $2, pending = 1 where id = $1 and status = 'open'",
    )
    .bind(id)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
}

/// The tournaments the runner has work for at `now`: open ones whose start is due, and
/// running ones marked pending.
///
/// # Errors
///
/// Database errors.
pub async fn due(conn: &mut AnyConnection, now: i64) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "select id from tournaments where (status = 'open' and starts_at <= $1) \
         or (status = 'running' and pending = 1) order by id limit 100",
    )
    .bind(now)
    .fetch_all(conn)
    .await
}

/// The runner's claim: clears the tournament's mark if it still has work at `now`, as
/// the transaction's first write; whether it did (another runner that took it first
/// leaves nothing to do).
///
/// # Errors
///
/// Database errors.
pub async fn claim_due(conn: &mut AnyConnection, id: &str, now: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update tournaments set pending = 0 where id = $1 \
         and ((status = 'open' and starts_at <= $2) or (status = 'running' and pending = 1))",
    )
    .bind(id)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Marks a running tournament for the runner (a game of it ended, a player left).
///
/// # Errors
///
/// Database errors.
pub async fn mark_pending(conn: &mut AnyConnection, id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("update tournaments set pending = 1 where id = $1 and status = 'running'")
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Starts the tournament at stage 1, round 1.
///
/// # Errors
///
/// Database errors.
pub async fn set_running(conn: &mut AnyConnection, id: &str, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update tournaments set status = 'running', stage = 1, round = 1, started_at = $2 \
         where id = $1",
    )
    .bind(id)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Moves the tournament on to `stage` and `round`.
///
/// # Errors
///
/// Database errors.
pub async fn set_progress(
    conn: &mut AnyConnection,
    id: &str,
    stage: i64,
    round: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("update tournaments set stage = $2, round = $3 where id = $1")
        .bind(id)
        .bind(stage)
        .bind(round)
        .execute(conn)
        .await?;
    Ok(())
}

/// Ends the tournament: finished with `winner_id`, or cancelled (`None` and
/// `cancelled`).
///
/// # Errors
///
/// Database errors.
pub async fn set_ended(
    conn: &mut AnyConnection,
    id: &str,
    status: &str,
    winner_id: Option<&str>,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update tournaments set status = $2, winner_id = $3, finished_at = $4, pending = 0 \
         where id = $1",
    )
    .bind(id)
    .bind(status)
    .bind(winner_id)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// A tournament's game.
#[derive(Debug, Clone, FromRow)]
pub struct GameRow {
    /// The game's id.
    pub game_id: String,
    /// Its stage.
    pub stage: i64,
    /// Its section (a knock-out match's place).
    pub section: i64,
    /// Its round.
    pub round: i64,
    /// White's user id.
    pub white_id: String,
    /// Black's user id.
    pub black_id: String,
    /// white, black, draw or both_lost (`None` while it is played).
    pub outcome: Option<String>,
}

/// Records a new game of the tournament.
///
/// # Errors
///
/// Database errors.
pub async fn insert_game(
    conn: &mut AnyConnection,
    id: &str,
    game: &GameRow,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into tournament_games (game_id, tournament_id, stage, section, round, \
         white_id, black_id) values ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(&game.game_id)
    .bind(id)
    .bind(game.stage)
    .bind(game.section)
    .bind(game.round)
    .bind(&game.white_id)
    .bind(&game.black_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Every game of the tournament, by stage, round, section and id.
///
/// # Errors
///
/// Database errors.
pub async fn games(conn: &mut AnyConnection, id: &str) -> Result<Vec<GameRow>, sqlx::Error> {
    sqlx::query_as(
        "select game_id, stage, section, round, white_id, black_id, outcome \
         from tournament_games where tournament_id = $1 \
         order by stage, round, section, game_id",
    )
    .bind(id)
    .fetch_all(conn)
    .await
}

/// Writes a finished game's outcome, once: the tournament and stage it belongs to when
/// this call wrote it, `None` when it is not a tournament game or was already written.
///
/// # Errors
///
/// Database errors.
pub async fn record_outcome(
    conn: &mut AnyConnection,
    game_id: &str,
    outcome: &str,
) -> Result<Option<(String, i64)>, sqlx::Error> {
    let done = sqlx::query(
        "update tournament_games set outcome = $2 where game_id = $1 and outcome is null",
    )
    .bind(game_id)
    .bind(outcome)
    .execute(&mut *conn)
    .await?;
    if done.rows_affected() == 0 {
        return Ok(None);
    }
    sqlx::query_as("select tournament_id, stage from tournament_games where game_id = $1")
        .bind(game_id)
        .fetch_optional(conn)
        .await
}

/// The ids of `user_id`'s games of the tournament still being played.
///
/// # Errors
///
/// Database errors.
pub async fn active_games_of(
    conn: &mut AnyConnection,
    id: &str,
    user_id: &str,
) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "select t.game_id from tournament_games t join games g on g.id = t.game_id \
         where t.tournament_id = $1 and (t.white_id = $2 or t.black_id = $2) \
         and t.outcome is null and g.status = 'active' order by t.game_id",
    )
    .bind(id)
    .bind(user_id)
    .fetch_all(conn)
    .await
}

/// A bye.
#[derive(Debug, Clone, FromRow)]
pub struct ByeRow {
    /// Its stage.
    pub stage: i64,
    /// Its section (a knock-out slot).
    pub section: i64,
    /// Its round.
    pub round: i64,
    /// Who sat out.
    pub user_id: String,
}

/// Records a bye.
///
/// # Errors
///
/// Database errors.
pub async fn insert_bye(
    conn: &mut AnyConnection,
    id: &str,
    bye: &ByeRow,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into tournament_byes (tournament_id, stage, section, round, user_id) \
         values ($1, $2, $3, $4, $5)",
    )
    .bind(id)
    .bind(bye.stage)
    .bind(bye.section)
    .bind(bye.round)
    .bind(&bye.user_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Every bye of the tournament.
///
/// # Errors
///
/// Database errors.
pub async fn byes(conn: &mut AnyConnection, id: &str) -> Result<Vec<ByeRow>, sqlx::Error> {
    sqlx::query_as(
        "select stage, section, round, user_id from tournament_byes \
         where tournament_id = $1 order by stage, round, section",
    )
    .bind(id)
    .fetch_all(conn)
    .await
}

/// A player's kept score in a stage.
#[derive(Debug, Clone, FromRow)]
pub struct ScoreRow {
    /// The stage.
    pub stage: i64,
    /// Their section in it.
    pub section: i64,
    /// The player.
    pub user_id: String,
    /// Half points.
    pub half_points: i64,
    /// Wins.
    pub wins: i64,
    /// Games finished.
    pub played: i64,
}

/// Opens a player's score in a stage (all zero).
///
/// # Errors
///
/// Database errors.
pub async fn insert_score(
    conn: &mut AnyConnection,
    id: &str,
    stage: i64,
    section: i64,
    user_id: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into tournament_scores (tournament_id, stage, section, user_id) \
         values ($1, $2, $3, $4)",
    )
    .bind(id)
    .bind(stage)
    .bind(section)
    .bind(user_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Adds to a player's score in a stage.
///
/// # Errors
///
/// Database errors.
pub async fn add_score(
    conn: &mut AnyConnection,
    id: &str,
    stage: i64,
    user_id: &str,
    half_points: i64,
    win: bool,
    game: bool,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update tournament_scores set half_points = half_points + $4, wins = wins + $5, \
         played = played + $6 where tournament_id = $1 and stage = $2 and user_id = $3",
    )
    .bind(id)
    .bind(stage)
    .bind(user_id)
    .bind(half_points)
    .bind(i64::from(win))
    .bind(i64::from(game))
    .execute(conn)
    .await?;
    Ok(())
}

/// Every kept score of the tournament.
///
/// # Errors
///
/// Database errors.
pub async fn scores(conn: &mut AnyConnection, id: &str) -> Result<Vec<ScoreRow>, sqlx::Error> {
    sqlx::query_as(
        "select stage, section, user_id, half_points, wins, played from tournament_scores \
         where tournament_id = $1 order by stage, section, user_id",
    )
    .bind(id)
    .fetch_all(conn)
    .await
}

/// The open and running tournaments `user_id` is an active entrant of (to withdraw them
/// from when their account closes).
///
/// # Errors
///
/// Database errors.
pub async fn entered_by(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "select p.tournament_id from tournament_players p \
         join tournaments t on t.id = p.tournament_id \
         where p.user_id = $1 and p.status = 'active' and t.status in ('open', 'running') \
         order by p.tournament_id",
    )
    .bind(user_id)
    .fetch_all(conn)
    .await
}
