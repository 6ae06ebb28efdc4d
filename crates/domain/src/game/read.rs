//! Reading games: one game as the pages and the API show it, a player's list, the
//! variant counters. This is the storage edge for games: rows are decoded into the
//! vocabulary types here, once.
//!
//! A game is read with its position cache and its moves ([`games::get_with_moves`]) and
//! rebuilt from the cache ([`AnyGame::restore`]): the page, the API and the move path do
//! not replay the record. The cache is written with every change of the game, in its
//! transaction. A game whose cache is missing or behind (stored before the cache, or
//! moved by an older server) is replayed instead, and [`refresh_positions`] (run at
//! start-up) writes the caches it lacks. A cache that does not restore is logged and
//! replayed over: the moves are the truth. The event stream's opening ([`live_event`])
//! reads the row alone, and a change of a game whose record this instance kept at the
//! row's ply (`load_for_change`, [`super::records`]) does not read the moves either.

use std::sync::Arc;

use rules::{AnyGame, PlayedMove, Setup, Variant};
use sqlx::AnyConnection;

use super::{
    deadline::{Adjudication, DeadlineRule, GameDeadline},
    detail::{DrawOfferTally, GameDetail},
    errors::{Refusal, corrupt, game_over, not_a_player},
    records::GameRecords,
    snapshots::{ReadTicket, VariantResults},
    summary::{
        GameSummary, GamesPage, VariantStats, decode, page_of, parse_games_cursor, player_times,
        stop_rules,
    },
    vocabulary::GameStatus,
    warnings::TurnWarnings,
};
use crate::{
    Services,
    accounts::user::{AccountKind, User},
    events::payloads::GameEvent,
    profiles,
    ratings::glicko::RatingChange,
};
use store::{
    games::{self, GameRow, StoredGame},
    ratings as rating_rows, stats,
};
use vocab::{error::AppError, metrics};

/// The game `stored` holds: restored from its position cache when the cache is at the
/// row's ply and every move has its display text, else replayed from the moves.
fn rebuild(stored: StoredGame) -> Result<(GameRow, AnyGame), AppError> {
    let StoredGame {
        row,
        position,
        moves,
        conditional_lines: _,
        repertoire_lines: _,
    } = stored;
    let (variant, setup) = variant_and_setup(&row)?;
    // Collected from the slice, so that the record holds exactly its moves: a snapshot
    // keeps it for as long as the game is warm.
    let record: Option<Vec<PlayedMove>> =
        moves
            .iter()
            .all(|stored| stored.display.is_some())
            .then(|| {
                moves
                    .iter()
                    .map(|stored| PlayedMove {
                        text: stored.text.clone(),
                        display: stored.display.clone().unwrap_or_default(),
                    })
                    .collect()
            });
    let cached = position.filter(|(_, ply)| *ply == row.ply).zip(record);
    if let Some(((saved, _), record)) = cached {
        match AnyGame::restore(variant, setup.clone(), &saved, record) {
            Ok(game) => return Ok((row, game)),
            Err(error) => {
                tracing::warn!(game = %row.id, %error, "position cache refused; replaying");
                metrics::game_replayed("damaged_cache");
            }
        }
    } else {
        metrics::game_replayed("no_cache");
    }
    let game = AnyGame::replay(variant, setup, moves.iter().map(|stored| &stored.text))
        .map_err(corrupt)?;
    if i64::from(game.ply()) != row.ply {
        return Err(corrupt(format!("ply {} but {} moves", row.ply, game.ply())));
    }
    Ok((row, game))
}

/// Rebuilds a game from what is stored of it.
fn detail(stored: StoredGame) -> Result<GameDetail, AppError> {
    let lines = (stored.conditional_lines, stored.repertoire_lines);
    let (row, game) = rebuild(stored)?;
    detail_of(row, game, lines)
}

/// The variant of `row`'s game and its setup (Knight Fight's numbers).
fn variant_and_setup(row: &GameRow) -> Result<(Variant, Setup), AppError> {
    let variant: Variant = row.variant.parse().map_err(corrupt)?;
    let setup = Setup::from_stored(variant, row.setup.as_deref()).map_err(corrupt)?;
    Ok((variant, setup))
}

/// The game `stored` holds (its moves not read), restored from its position cache with
/// `record`, the moves this instance knows it to have (see [`super::records`]); `None`
/// when that cache is not at the row's ply or does not restore.
fn restore_with_record(
    stored: &StoredGame,
    record: &[PlayedMove],
) -> Result<Option<AnyGame>, AppError> {
    let row = &stored.row;
    let Some((saved, _)) = stored.position.as_ref().filter(|(_, ply)| *ply == row.ply) else {
        return Ok(None);
    };
    let (variant, setup) = variant_and_setup(row)?;
    Ok(AnyGame::restore(variant, setup, saved, record.to_vec()).ok())
}

/// A game's detail from its row and its rebuilt game.
/// `lines`: how many conditional lines its players hold in it, and repertoire lines in its
/// variant.
fn detail_of(
    row: GameRow,
    game: AnyGame,
    (conditional_lines, repertoire_lines): (i64, i64),
) -> Result<GameDetail, AppError> {
    let (stop_rules, player_times) = (stop_rules(&row), Box::new(player_times(&row)));
    let (game_deadline, adjudication) = deadline_of(&row)?;
    let count = |lines: i64| u32::try_from(lines).unwrap_or(u32::MAX);
    Ok(GameDetail {
        game_deadline,
        adjudication,
        conditional_lines: count(conditional_lines),
        repertoire_lines: count(repertoire_lines),
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
        white_kind: AccountKind::from_stored(&row.white_kind),
        black_kind: AccountKind::from_stored(&row.black_kind),
        deadline: row.deadline,
        rated: row.rated != 0,
        engines_allowed: row.engines_allowed != 0,
        time_control: row.time_control.parse().map_err(corrupt)?,
        banks: [row.white_bank, row.black_bank],
        stop_rules,
        player_times,
        serial_timeout: row.serial_timeout != 0,
        warnings: TurnWarnings {
            turn_time: row.turn_time,
            sent: row.warnings_sent,
            next_at: row.next_warning_at,
        },
        time_gifts: [row.white_time_gifts, row.black_time_gifts],
        pause_offer: decode(row.pause_offer.as_deref())?,
        pause: row.paused_from.zip(row.paused_until),
        pauses_agreed: row.pauses_agreed,
        repertoire: [row.white_repertoire != 0, row.black_repertoire != 0],
        created_at: row.created_at,
        updated_at: row.updated_at,
        finished_at: row.finished_at,
        rating_change: None,
        game,
    })
}

/// A game's own deadline and, once it was decided at it, how.
fn deadline_of(
    row: &GameRow,
) -> Result<(Option<GameDeadline>, Option<Box<Adjudication>>), AppError> {
    let rule: DeadlineRule = row.deadline_rule.parse().map_err(corrupt)?;
    let deadline = row.hard_deadline.map(|at| GameDeadline { at, rule });
    let adjudication = match row.adjudication_mover.as_deref() {
        Some(mover) => Some(Box::new(Adjudication {
            rule,
            score: row.adjudication_score,
            mover: mover.parse().map_err(corrupt)?,
            line: row
                .adjudication_line
                .as_deref()
                .unwrap_or_default()
                .split_whitespace()
                .map(str::to_owned)
                .collect(),
            depth: row.adjudication_depth.unwrap_or_default(),
            certain: row.adjudication_certain.unwrap_or_default() != 0,
            judge: row
                .adjudication_engine
                .as_deref()
                .map(str::parse)
                .transpose()
                .map_err(corrupt)?,
        })),
        None => None,
    };
    Ok((deadline, adjudication))
}

/// The game `id` as stored in `conn` (inside a transaction: as that transaction sees it).
pub(crate) async fn load(
    conn: &mut AnyConnection,
    id: &str,
) -> Result<Option<GameDetail>, AppError> {
    let Some(stored) = games::get_with_moves(&mut *conn, id).await? else {
        return Ok(None);
    };
    let detail = detail(stored)?;
    with_rating_change(conn, detail).await.map(Some)
}

/// As [`load`], for a change of the game: when `records` holds the game's record at the
/// ply of its row, the moves are not read (one statement instead of two).
pub(crate) async fn load_for_change(
    conn: &mut AnyConnection,
    records: &GameRecords,
    id: &str,
) -> Result<Option<GameDetail>, AppError> {
    let Some(mut stored) = games::get_with_position(&mut *conn, id).await? else {
        return Ok(None);
    };
    let known = match records.at_ply(id, stored.row.ply) {
        Some(record) => restore_with_record(&stored, &record)?,
        None => None,
    };
    let detail = match known {
        Some(game) => detail_of(
            stored.row,
            game,
            (stored.conditional_lines, stored.repertoire_lines),
        )?,
        None => {
            stored.moves = games::moves_to_ply(&mut *conn, id, stored.row.ply).await?;
            detail(stored)?
        }
    };
    with_rating_change(conn, detail).await.map(Some)
}

/// `detail` with its rating change read, when it is a rated game that has ended.
async fn with_rating_change(
    conn: &mut AnyConnection,
    mut detail: GameDetail,
) -> Result<GameDetail, AppError> {
    if detail.rated && detail.status == GameStatus::Finished {
        detail.rating_change = rating_rows::game(conn, &detail.id)
            .await?
            .as_ref()
            .map(|row| Box::new(RatingChange::of_row(row)));
    }
    Ok(detail)
}

/// Writes the position caches that games lack (games stored before the cache, or moved
/// by an older server), a batch at a time, each game by replaying its moves; a game that
/// moves meanwhile keeps the cache its move wrote. Returns how many it wrote.
///
/// # Errors
///
/// Database errors, or a stored game that does not replay.
pub async fn refresh_positions(state: &Services) -> Result<u64, AppError> {
    const BATCH: i64 = 100;
    let mut refreshed = 0;
    loop {
        let ids = {
            let mut conn = state.db.pool.acquire().await?;
            games::without_position(&mut conn, BATCH).await?
        };
        let mut written = 0;
        for id in &ids {
            let detail = {
                let mut conn = state.db.pool.acquire().await?;
                load(&mut conn, id).await?
            };
            let Some(detail) = detail else { continue };
            let game = &detail.game;
            // The guarded update is the transaction's first statement: the cache is
            // written only if the game is still at the ply it was replayed at.
            let mut tx = state.db.begin_write().await?;
            let ply = detail.stored_ply();
            let saved = game.saved_position();
            if games::refresh_position(&mut tx, id, ply, &saved, game.record()).await? {
                written += 1;
            }
            tx.commit().await?;
        }
        refreshed += written;
        // A short batch was the last; a batch with nothing written is games that keep
        // moving under an older server, left for the next start.
        if ids.len() < BATCH as usize || written == 0 {
            return Ok(refreshed);
        }
    }
}

/// One game, from its position cache (see the module's notes).
///
/// # Errors
///
/// 404 when there is none.
pub async fn get(state: &Services, id: &str) -> Result<GameDetail, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    get_on(&mut conn, id).await
}

/// Game `id` as the pages and the API show it: its snapshot while fresh, else read on
/// `conn` and kept (see [`super::snapshots`]). Only for showing the game: a change reads
/// it in its own transaction.
///
/// # Errors
///
/// 404 when there is none.
pub async fn shown_on(
    state: &Services,
    conn: &mut AnyConnection,
    id: &str,
) -> Result<Arc<GameDetail>, AppError> {
    match snapshot(state, id) {
        Ok(detail) => Ok(detail),
        Err(ticket) => read_and_keep(state, conn, id, ticket).await,
    }
}

/// As [`shown_on`], on a connection of its own when the game has to be read.
///
/// # Errors
///
/// 404 when there is none.
pub async fn shown(state: &Services, id: &str) -> Result<Arc<GameDetail>, AppError> {
    match snapshot(state, id) {
        Ok(detail) => Ok(detail),
        Err(ticket) => {
            let mut conn = state.db.pool.acquire().await?;
            read_and_keep(state, &mut conn, id, ticket).await
        }
    }
}

/// Game `id`'s fresh snapshot, counted; else the ticket to keep a read of it.
fn snapshot(state: &Services, id: &str) -> Result<Arc<GameDetail>, ReadTicket> {
    let found = state.caches.games.get(id);
    metrics::game_snapshot_read(if found.is_ok() { "hit" } else { "miss" });
    found
}

/// Reads game `id` on `conn` and keeps it as its snapshot, unless a drop came since
/// `ticket`.
async fn read_and_keep(
    state: &Services,
    conn: &mut AnyConnection,
    id: &str,
    ticket: ReadTicket,
) -> Result<Arc<GameDetail>, AppError> {
    let detail = Arc::new(get_on(conn, id).await?);
    let snapshots = &state.caches.games;
    snapshots.keep(ticket, detail.id.clone(), detail.clone());
    Ok(detail)
}

/// One game read on `conn`, for a page that goes on reading on the same connection.
///
/// # Errors
///
/// 404 when there is none.
pub async fn get_on(conn: &mut AnyConnection, id: &str) -> Result<GameDetail, AppError> {
    load(conn, id).await?.ok_or(AppError::NotFound("game"))
}

/// The live state of game `id` (what its event stream opens with), from its row alone:
/// no moves are read and nothing is replayed.
///
/// # Errors
///
/// 404 when there is none.
pub async fn live_event(state: &Services, id: &str) -> Result<GameEvent, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let row = games::get(&mut conn, id)
        .await?
        .ok_or(AppError::NotFound("game"))?;
    Ok(GameEvent::of_row(&row))
}

/// How many ended games a page of a user's own list shows.
pub const ENDED_PAGE: i64 = 50;

/// `user`'s games: on the first page (no `after`), theirs to move first (soonest deadline
/// first, untimed last), then those waiting for the opponent (most recent activity
/// first), then the [`ENDED_PAGE`] most recently ended; on later pages only ended games,
/// older than the cursor `after` (the `next` of the page before).
///
/// # Errors
///
/// 422 `invalid_cursor`; database errors.
pub async fn list_for_user(
    state: &Services,
    user: &User,
    after: Option<&str>,
) -> Result<GamesPage, AppError> {
    let after = after
        .filter(|text| !text.is_empty())
        .map(parse_games_cursor)
        .transpose()?;
    let mut conn = state.db.pool.acquire().await?;
    let active = match after {
        None => games::active_for_user(&mut conn, &user.id).await?,
        Some(_) => Vec::new(),
    };
    let ended = games::ended_for_user(
        &mut conn,
        &user.id,
        after.as_ref().map(|(at, id)| (*at, id.as_str())),
        ENDED_PAGE + 1,
    )
    .await?;
    let mut page = page_of(ended, ENDED_PAGE, &user.id)?;
    let active = active
        .into_iter()
        .map(|row| GameSummary::of_row(row, &user.id))
        .collect::<Result<Vec<_>, _>>()?;
    page.games.splice(0..0, active);
    Ok(page)
}

/// `user`'s active games, theirs to move first (soonest deadline first), then those
/// waiting for the opponent: the list of a player's page, without their ended games.
///
/// # Errors
///
/// Database errors.
pub async fn active_for_user(state: &Services, user: &User) -> Result<Vec<GameSummary>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let rows = games::active_for_user(&mut conn, &user.id).await?;
    rows.into_iter()
        .map(|row| GameSummary::of_row(row, &user.id))
        .collect()
}

/// The next game waiting for `user` to move, other than `except` (the game they are
/// on): the first of [`list_for_user`]'s "my turn" games, the soonest deadline first.
///
/// # Errors
///
/// Database errors.
pub async fn next_for_user(
    state: &Services,
    user: &User,
    except: Option<&str>,
) -> Result<Option<String>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    Ok(games::next_users_turn(&mut conn, &user.id, except.unwrap_or("")).await?)
}

/// How many games wait for `user` to move.
///
/// # Errors
///
/// Database errors.
pub async fn count_your_turn(state: &Services, user: &User) -> Result<i64, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    Ok(games::count_users_turn(&mut conn, &user.id).await?)
}

/// Every variant's counters, in [`Variant::ALL`] order.
///
/// # Errors
///
/// Database errors.
pub async fn variant_stats(state: &Services) -> Result<Vec<VariantStats>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    variant_stats_on(&mut conn).await
}

/// What `variant`'s rules page shows of its games: every variant's counters and the page
/// of its recent games after the cursor `after` (the first page, the one most read, from
/// its snapshot while fresh; see [`super::snapshots`]), `limit` games to a page (the
/// snapshot is kept by variant alone: every caller gives the same `limit`).
///
/// # Errors
///
/// 422 `invalid_cursor`; database errors.
pub async fn variant_results(
    state: &Services,
    variant: Variant,
    after: Option<&str>,
    limit: i64,
) -> Result<Arc<VariantResults>, AppError> {
    let snapshots = &state.caches.results;
    let ticket = if after.is_none_or(str::is_empty) {
        match snapshots.get(&variant) {
            Ok(results) => return Ok(results),
            Err(ticket) => Some(ticket),
        }
    } else {
        None
    };
    let mut conn = state.db.pool.acquire().await?;
    let recent = profiles::recent_games_on(&mut conn, variant, after, limit).await?;
    let stats = variant_stats_on(&mut conn).await?;
    let results = Arc::new(VariantResults { stats, recent });
    if let Some(ticket) = ticket {
        snapshots.keep(ticket, variant, results.clone());
    }
    Ok(results)
}

/// As [`variant_stats`], on `conn`.
async fn variant_stats_on(conn: &mut AnyConnection) -> Result<Vec<VariantStats>, AppError> {
    let rows = stats::all(conn).await?;
    Ok(Variant::ALL
        .into_iter()
        .map(|variant| {
            let row = rows.iter().find(|row| row.variant == variant.as_str());
            VariantStats {
                variant,
                white_wins: row.map_or(0, |row| row.white_wins),
                black_wins: row.map_or(0, |row| row.black_wins),
                draws: row.map_or(0, |row| row.draws),
                both_lost: row.map_or(0, |row| row.both_lost),
            }
        })
        .collect())
}

/// Why the guarded first write of a move or action found no row: no such game, not a
/// player, a stale ply, or a game over. One read, after the transaction was rolled back.
pub(super) async fn why_not_claimed(
    state: &Services,
    user_id: &str,
    id: &str,
    seen_ply: Option<u32>,
) -> AppError {
    let detail = match get(state, id).await {
        Ok(detail) => detail,
        Err(error) => return error,
    };
    if detail.color_of(user_id).is_none() {
        return not_a_player();
    }
    match (detail.status, seen_ply) {
        (GameStatus::Active, Some(seen)) => AppError::conflict(
            Refusal::StalePly.code(),
            format!("the game is at ply {}, not {seen}", detail.game.ply()),
        ),
        // Without a ply the guard is "still active": it found none.
        _ => game_over(),
    }
}

/// The stored row of game `id`, without its moves (404 when there is none).
///
/// # Errors
///
/// 404 when there is no such game; database errors.
pub(crate) async fn row(state: &Services, id: &str) -> Result<GameRow, AppError> {
    if store::names_nothing(id) {
        return Err(AppError::NotFound("game"));
    }
    let mut conn = state.db.pool.acquire().await?;
    games::get(&mut conn, id)
        .await?
        .ok_or(AppError::NotFound("game"))
}
