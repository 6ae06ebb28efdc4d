//! Tournaments (issue 16): round-robin sections with advancement, Swiss and knock-out.
//!
//! | step | where | what |
//! |---|---|---|
//! | create, join, leave, start early, remove, cancel | this module | the entry list while the tournament is open; after the start, leaving (or being removed) withdraws the player, whose games still being played are resigned |
//! | start, rounds, stages, the end | [`runner`] | the background runner's one step per tournament, claimed by a guarded update so that several instances never pair the same round twice |
//! | round deadlines, projected end | [`schedule`] | when each round of a tournament with a limit of days must be over, and the latest it can end |
//! | scores | [`standings`] | a tournament game's end writes its outcome and both players' scores in the game's own transaction; the tie-breaks and ranks are computed from the games when read |
//!
//! The pairing, section, bracket and tie-break rules are the pure `tournament` crate's;
//! `docs/tournament-rules.md` states them for players.

pub mod runner;
pub mod schedule;
pub mod scores;
pub mod settings;
pub mod standings;
pub mod tournament;

pub use settings::{
    Format, FormatOptions, LEAGUE_SEASONS, MATCH_GAMES, MAX_NAME_CHARS, MAX_PLAYERS,
    MAX_START_AHEAD_SECS, SECTION_SIZES, SWISS_ROUNDS, Terms, TournamentRequest,
    TournamentSettings,
};
pub use tournament::{Status, Tournament};

use sqlx::AnyConnection;

use crate::{
    Services,
    accounts::user::{AccountKind, User},
    challenges,
    game::{DeadlineRule, GameLimit, actions},
    notifications, ratings,
};
use store::{tournaments as rows, tournaments::PlayerStatus};
use vocab::{
    error::AppError,
    ids::{new_id, new_token},
};

/// Creates an open tournament organised by `user` (who does not enter it by creating
/// it: they join like anyone).
///
/// # Errors
///
/// 403 `computer_account` for the computer; 422 `invalid_name`, `invalid_time_control`
/// (and the time control's own codes), `invalid_players` (fewer than 2, more than the
/// most, or the fewest above the most),
/// `invalid_rating_range`, `invalid_section_size`, `invalid_advance`, `invalid_rounds`,
/// `invalid_games_per_match`, `invalid_start` (a start in the past or more than a year
/// ahead); database errors.
pub async fn create(
    state: &Services,
    user: &User,
    request: &TournamentRequest<'_>,
) -> Result<Tournament, AppError> {
    if user.kind == AccountKind::Computer {
        return Err(computer_refused());
    }
    let name = settings::check_name(request.name)?;
    let (variant, terms) = (request.variant, request.terms);
    let time_control = terms.time_control.validated()?;
    if terms.min_players < 2
        || terms.max_players > MAX_PLAYERS
        || terms.min_players > terms.max_players
    {
        return Err(AppError::invalid(
            "invalid_players",
            format!(
                "a tournament takes at least 2 and at most {MAX_PLAYERS} players, the fewest \
                 no more than the most"
            ),
        ));
    }
    challenges::check_rating_range(terms.min_rating, terms.max_rating)?;
    terms.requirements.validated()?;
    let settings = settings::check_format(request.format, &request.options)?;
    let now = state.now();
    if let Some(at) = terms.starts_at
        && (at <= now || at > now + MAX_START_AHEAD_SECS)
    {
        return Err(AppError::invalid(
            "invalid_start",
            "a start time is in the future, at most a year ahead",
        ));
    }
    let id = new_id();
    let options = settings.options();
    let stored = rows::TournamentTerms {
        variant: variant.as_str().to_owned(),
        format: request.format.as_str().to_owned(),
        time_control: time_control.to_text(),
        weekends_off: terms.stops.weekends_off.into(),
        vacation_allowed: terms.stops.vacation_allowed.into(),
        nights_allowed: terms.stops.nights_allowed.into(),
        rated: terms.rated.into(),
        engines_allowed: terms.engines_allowed.into(),
        min_players: terms.min_players,
        max_players: terms.max_players,
        min_rating: terms.min_rating,
        max_rating: terms.max_rating,
        max_time_loss_percent: terms.requirements.max_time_loss_percent,
        min_finished_games: terms.requirements.min_finished_games,
        max_game_days: terms.limit.map(GameLimit::days),
        deadline_rule: terms
            .limit
            .map_or(DeadlineRule::default(), GameLimit::rule)
            .as_str()
            .to_owned(),
        section_size: options.section_size,
        both_colours: options.both_colours.into(),
        advance: options.advance,
        rounds: options.rounds,
        games_per_match: options.games_per_match,
        invite_code: terms.private.then(new_token),
        starts_at: terms.starts_at,
        setup: request.start.as_ref().and_then(rules::Setup::to_stored),
    };
    let mut tx = state.db.begin_write().await?;
    rows::insert(&mut tx, &id, name, &user.id, &stored, now).await?;
    tx.commit().await?;
    get(state, &id).await
}

fn computer_refused() -> AppError {
    AppError::forbidden(
        "computer_account",
        "the computer plays only from \"Play the computer\"",
    )
}

/// One tournament, whatever its status, private ones included (see [`visible`]).
///
/// # Errors
///
/// 404 when there is none.
pub async fn get(state: &Services, id: &str) -> Result<Tournament, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let row = rows::get(&mut conn, id)
        .await?
        .ok_or(AppError::NotFound("tournament"))?;
    Tournament::try_from(row)
}

/// One tournament as `viewer` may see it: a private one needs its invitation key
/// (`invite`), unless the viewer organises or entered it.
///
/// # Errors
///
/// 404 when there is none or the viewer may not see it (a private tournament is not
/// told apart from a missing one).
pub async fn visible(
    state: &Services,
    viewer: Option<&User>,
    id: &str,
    invite: Option<&str>,
) -> Result<Tournament, AppError> {
    let tournament = get(state, id).await?;
    if tournament.invited(invite) {
        return Ok(tournament);
    }
    if let Some(viewer) = viewer {
        if viewer.id == tournament.organiser_id {
            return Ok(tournament);
        }
        let mut conn = state.db.pool.acquire().await?;
        let players = rows::players(&mut conn, id).await?;
        if players.iter().any(|player| player.user_id == viewer.id) {
            return Ok(tournament);
        }
    }
    Err(AppError::NotFound("tournament"))
}

/// The tournaments of `status` the viewer may see listed (public ones, and private ones
/// they organise or entered), at most 100.
///
/// # Errors
///
/// Database errors.
pub async fn list(
    state: &Services,
    viewer: Option<&User>,
    status: Status,
) -> Result<Vec<Tournament>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    rows::list(
        &mut conn,
        status.as_str(),
        viewer.map(|viewer| viewer.id.as_str()),
        100,
    )
    .await?
    .into_iter()
    .map(Tournament::try_from)
    .collect()
}

/// Enters `user` in an open tournament (with its invitation key when it is private), or
/// in a running league (they play from its next season). The entry that fills a
/// tournament without a start time starts it.
///
/// # Errors
///
/// 404 no such tournament (or a private one without its key); 403 `computer_account`;
/// 422 `rating_outside_limits` (the player's rating in the variant is outside the limits);
/// 409 `tournament_started` (no longer open), `already_joined`, `tournament_full`,
/// `game_allowance` / `timeout_cooldown` ([`crate::allowance::check_entry`]),
/// `reliability_required` (the card falls short of what it asks); database errors.
pub async fn join(
    state: &Services,
    user: &User,
    id: &str,
    invite: Option<&str>,
) -> Result<Tournament, AppError> {
    if user.kind == AccountKind::Computer {
        return Err(computer_refused());
    }
    let tournament = visible(state, Some(user), id, invite).await?;
    if !tournament.invited(invite) && tournament.organiser_id != user.id {
        return Err(AppError::NotFound("tournament"));
    }
    let mut conn = state.db.pool.acquire().await?;
    crate::allowance::check_entry(state, &mut conn, user).await?;
    crate::reliability::check(state, &mut conn, &user.id, tournament.terms.requirements).await?;
    drop(conn);
    let now = state.now();
    let mut tx = state.db.begin_write().await?;
    let claimed = if tournament.format().joins_while_running() {
        rows::claim_open(&mut tx, id).await? || rows::claim_running(&mut tx, id).await?
    } else {
        rows::claim_open(&mut tx, id).await?
    };
    if !claimed {
        tx.rollback().await?;
        return Err(not_open());
    }
    let players = rows::players(&mut tx, id).await?;
    if players.iter().any(|player| player.user_id == user.id) {
        tx.rollback().await?;
        return Err(AppError::conflict(
            "already_joined",
            "you are already in this tournament",
        ));
    }
    let count = i64::try_from(
        players
            .iter()
            .filter(|player| player.status == PlayerStatus::Active)
            .count(),
    )
    .unwrap_or(i64::MAX);
    if count >= tournament.terms.max_players {
        tx.rollback().await?;
        return Err(AppError::conflict(
            "tournament_full",
            format!(
                "the tournament is full ({} players)",
                tournament.terms.max_players
            ),
        ));
    }
    let rating = ratings::whole_points(&mut tx, &user.id, tournament.rating_pool()).await?;
    if !tournament.admits(rating) {
        tx.rollback().await?;
        return Err(AppError::invalid(
            "rating_outside_limits",
            format!(
                "your {} rating {rating} is outside this tournament's limits",
                tournament.variant.as_str()
            ),
        ));
    }
    rows::add_player(&mut tx, id, &user.id, rating, now).await?;
    if tournament.status == Status::Running {
        // A league's newcomer: seeded after everyone, placed at the next season.
        let seed = i64::try_from(players.len()).map_err(AppError::internal)?;
        rows::set_seed(&mut tx, id, &user.id, seed, rating).await?;
    } else if tournament.terms.starts_at.is_none() && count + 1 == tournament.terms.max_players {
        rows::set_start(&mut tx, id, now).await?;
    }
    if tournament.organiser_id != user.id {
        notifications::record(
            &mut tx,
            &tournament.organiser_id,
            notifications::Kind::TournamentRound,
            notifications::Link::Tournament(id),
            serde_json::json!({
                "event": "joined",
                "tournament": tournament.name,
                "opponent": user.username,
            }),
            now,
        )
        .await?;
    }
    tx.commit().await?;
    state.wake_outbox();
    state.wake_tournaments();
    get(state, id).await
}

fn not_open() -> AppError {
    AppError::conflict(
        "tournament_started",
        "the tournament is no longer open for entry",
    )
}

/// Takes `user` out of a tournament: before the start their entry is deleted; after it
/// they withdraw, and their games still being played are resigned (the rule of
/// `docs/tournament-rules.md`).
///
/// # Errors
///
/// 404 no such tournament; 409 `not_joined` (not an active entrant),
/// `tournament_over`; database errors.
pub async fn leave(state: &Services, user: &User, id: &str) -> Result<Tournament, AppError> {
    withdraw(state, id, &user.id, PlayerStatus::Withdrawn).await
}

/// Takes the entrant called `name` out of the organiser's tournament, as [`leave`] does.
///
/// # Errors
///
/// 404 no such tournament or player; 403 `not_organiser`; 409 `not_joined`,
/// `tournament_over`; database errors.
pub async fn remove(
    state: &Services,
    organiser: &User,
    id: &str,
    name: &str,
) -> Result<Tournament, AppError> {
    let tournament = get(state, id).await?;
    if tournament.organiser_id != organiser.id {
        return Err(not_organiser());
    }
    let user_id = {
        let mut conn = state.db.pool.acquire().await?;
        store::users::by_name(&mut conn, name)
            .await?
            .ok_or(AppError::NotFound("player"))?
            .id
    };
    withdraw(state, id, &user_id, PlayerStatus::Removed).await
}

async fn withdraw(
    state: &Services,
    id: &str,
    user_id: &str,
    status: PlayerStatus,
) -> Result<Tournament, AppError> {
    let tournament = get(state, id).await?;
    let now = state.now();
    let mut tx = state.db.begin_write().await?;
    let resigned = match tournament.status {
        Status::Open => {
            if !rows::claim_open(&mut tx, id).await? {
                tx.rollback().await?;
                return Err(AppError::conflict(
                    "tournament_changed",
                    "the tournament started meanwhile: try again",
                ));
            }
            if !rows::delete_player(&mut tx, id, user_id).await? {
                tx.rollback().await?;
                return Err(not_joined());
            }
            Vec::new()
        }
        Status::Running => {
            // The entrant's row first, then each game (each game's end marks the
            // tournament), the order every game's end takes too.
            if !rows::set_player_status(&mut tx, id, user_id, status).await? {
                tx.rollback().await?;
                return Err(not_joined());
            }
            let games = rows::active_games_of(&mut tx, id, user_id).await?;
            let resigned = actions::resign_all(state, &mut tx, user_id, &games, now).await?;
            rows::mark_pending(&mut tx, id).await?;
            resigned
        }
        Status::Finished | Status::Cancelled => {
            tx.rollback().await?;
            return Err(AppError::conflict(
                "tournament_over",
                "the tournament is over",
            ));
        }
    };
    tx.commit().await?;
    actions::after_resign_all(state, resigned);
    state.wake_tournaments();
    get(state, id).await
}

/// Takes `user_id` out of every tournament they are in, in the caller's transaction (a
/// ban or an account deletion, which then resigns their games): entries of open
/// tournaments are deleted, entrants of running ones are marked removed and their
/// tournaments marked for the runner. Returns how many tournaments.
///
/// # Errors
///
/// Database errors.
pub(crate) async fn leave_all(conn: &mut AnyConnection, user_id: &str) -> Result<usize, AppError> {
    let entered = rows::entered_by(&mut *conn, user_id).await?;
    for id in &entered {
        if !rows::delete_open_entry(&mut *conn, id, user_id).await?
            && rows::set_player_status(&mut *conn, id, user_id, PlayerStatus::Removed).await?
        {
            rows::mark_pending(&mut *conn, id).await?;
        }
    }
    Ok(entered.len())
}

fn not_joined() -> AppError {
    AppError::conflict(
        "not_joined",
        "that player is not playing in this tournament",
    )
}

fn not_organiser() -> AppError {
    AppError::forbidden(
        "not_organiser",
        "only the tournament's organiser may do this",
    )
}

/// The organiser starts their open tournament now (it needs its fewest entrants).
///
/// # Errors
///
/// 404; 403 `not_organiser`; 409 `tournament_started`, `not_enough_players`; database
/// errors.
pub async fn start_now(state: &Services, user: &User, id: &str) -> Result<Tournament, AppError> {
    let tournament = get(state, id).await?;
    if tournament.organiser_id != user.id {
        return Err(not_organiser());
    }
    let mut tx = state.db.begin_write().await?;
    if !rows::claim_open(&mut tx, id).await? {
        tx.rollback().await?;
        return Err(not_open());
    }
    let count = rows::players(&mut tx, id).await?.len();
    if i64::try_from(count).unwrap_or(i64::MAX) < tournament.terms.min_players {
        tx.rollback().await?;
        return Err(AppError::conflict(
            "not_enough_players",
            format!(
                "the tournament needs at least {} players to start; it has {count}",
                tournament.terms.min_players
            ),
        ));
    }
    rows::set_start(&mut tx, id, state.now()).await?;
    tx.commit().await?;
    state.wake_tournaments();
    // The runner starts it (at once on this instance).
    runner::step(state, id).await?;
    get(state, id).await
}

/// The organiser cancels their tournament before it starts; its entrants hear of it.
///
/// # Errors
///
/// 404; 403 `not_organiser`; 409 `tournament_started`; database errors.
pub async fn cancel(state: &Services, user: &User, id: &str) -> Result<Tournament, AppError> {
    let tournament = get(state, id).await?;
    if tournament.organiser_id != user.id {
        return Err(not_organiser());
    }
    let now = state.now();
    let mut tx = state.db.begin_write().await?;
    if !rows::claim_open(&mut tx, id).await? {
        tx.rollback().await?;
        return Err(not_open());
    }
    runner::call_off(&mut tx, &tournament, "cancelled", now).await?;
    tx.commit().await?;
    state.wake_outbox();
    get(state, id).await
}
