//! Games: reading, moves, resignation, abort, draws, the timeout sweep and statistics.
//!
//! Every change is one transaction whose first statement writes the game row (guarded by
//! the ply the player saw, or by the game still being active), so concurrent requests
//! serialise on that row and a stale one changes nothing.

use rules::{AnyGame, Color, GameResult, KnightFightSetup, PlayError, Variant};
use sqlx::AnyConnection;

use crate::{
    AppState,
    db::{
        games::{self, GameRow, GameState},
        stats,
    },
    domain::{DAY, accounts::User},
    error::AppError,
};

/// Whether a game goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameStatus {
    /// Being played.
    Active,
    /// Ended with a result.
    Finished,
    /// Called off before both sides moved: no result, counted nowhere.
    Aborted,
}

impl GameStatus {
    /// `active`, `finished` or `aborted`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            GameStatus::Active => "active",
            GameStatus::Finished => "finished",
            GameStatus::Aborted => "aborted",
        }
    }

    fn parse(text: &str) -> Option<GameStatus> {
        [
            GameStatus::Active,
            GameStatus::Finished,
            GameStatus::Aborted,
        ]
        .into_iter()
        .find(|status| status.as_str() == text)
    }
}

/// How a finished game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Termination {
    /// On the board: mate, stalemate, automatic draw, no move left, final score.
    Normal,
    /// A player resigned.
    Resignation,
    /// A draw offer was accepted.
    Agreement,
    /// The player to move ran out of time.
    Timeout,
    /// The player to move claimed a draw.
    Claim,
}

impl Termination {
    /// The API's text.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Resignation => "resignation",
            Termination::Agreement => "agreement",
            Termination::Timeout => "timeout",
            Termination::Claim => "claim",
        }
    }

    fn parse(text: &str) -> Option<Termination> {
        [
            Termination::Normal,
            Termination::Resignation,
            Termination::Agreement,
            Termination::Timeout,
            Termination::Claim,
        ]
        .into_iter()
        .find(|termination| termination.as_str() == text)
    }
}

/// A game with its rules state, as the API and the pages show it.
#[derive(Debug, Clone)]
pub struct GameDetail {
    /// Its id.
    pub id: String,
    /// White's user id.
    pub white_id: String,
    /// White's name.
    pub white: String,
    /// Black's user id.
    pub black_id: String,
    /// Black's name.
    pub black: String,
    /// Active, finished or aborted.
    pub status: GameStatus,
    /// The result once finished.
    pub result: Option<GameResult>,
    /// How it ended.
    pub termination: Option<Termination>,
    /// The detail of the end (`checkmate`, `board_full`, `resignation`, …).
    pub end_reason: Option<String>,
    /// When the player to move runs out of time (unix seconds).
    pub deadline: Option<i64>,
    /// Who offers a draw.
    pub draw_offer: Option<Color>,
    /// Days per move.
    pub days_per_move: i64,
    /// Created (unix seconds).
    pub created_at: i64,
    /// Last changed (unix seconds).
    pub updated_at: i64,
    /// The position and record, replayed from the stored moves.
    pub game: AnyGame,
}

impl GameDetail {
    /// The variant.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.game.variant()
    }

    /// The side to move, `None` unless the game is active.
    #[must_use]
    pub fn to_move(&self) -> Option<Color> {
        (self.status == GameStatus::Active)
            .then(|| self.game.to_move())
            .flatten()
    }

    /// The legal moves of the side to move; empty unless the game is active.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<String> {
        if self.status == GameStatus::Active {
            self.game.legal_moves()
        } else {
            Vec::new()
        }
    }

    /// The colour `user_id` plays, if they play.
    #[must_use]
    pub fn color_of(&self, user_id: &str) -> Option<Color> {
        color_of(&self.white_id, &self.black_id, user_id)
    }
}

fn color_of(white_id: &str, black_id: &str, user_id: &str) -> Option<Color> {
    if white_id == user_id {
        Some(Color::White)
    } else if black_id == user_id {
        Some(Color::Black)
    } else {
        None
    }
}

fn corrupt(what: impl std::fmt::Display) -> AppError {
    AppError::internal(format!("stored game: {what}"))
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
        status: GameStatus::parse(&row.status).ok_or_else(|| corrupt(&row.status))?,
        result: row
            .result
            .as_deref()
            .map(str::parse)
            .transpose()
            .map_err(corrupt)?,
        termination: row
            .termination
            .as_deref()
            .map(|text| Termination::parse(text).ok_or_else(|| corrupt(text)))
            .transpose()?,
        draw_offer: row
            .draw_offer
            .as_deref()
            .map(str::parse)
            .transpose()
            .map_err(corrupt)?,
        id: row.id,
        white_id: row.white_id,
        white: row.white,
        black_id: row.black_id,
        black: row.black,
        end_reason: row.end_reason,
        deadline: row.deadline,
        days_per_move: row.days_per_move,
        created_at: row.created_at,
        updated_at: row.updated_at,
        game,
    })
}

async fn load(conn: &mut AnyConnection, id: &str) -> Result<Option<GameDetail>, AppError> {
    let Some(row) = games::get(&mut *conn, id).await? else {
        return Ok(None);
    };
    let moves = games::moves(conn, id).await?;
    detail(row, &moves).map(Some)
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

/// The row's state, to be changed and saved.
fn state_of(detail: &GameDetail) -> GameState {
    GameState {
        status: detail.status.as_str(),
        result: detail.result.map(GameResult::as_str),
        termination: detail.termination.map(Termination::as_str),
        end_reason: detail.end_reason.clone(),
        ply: i64::from(detail.game.ply()),
        to_move: detail.to_move().map(Color::as_str),
        deadline: detail.deadline,
        draw_offer: detail.draw_offer.map(Color::as_str),
        finished_at: None,
    }
}

/// Marks `detail` finished and counts it in its variant's statistics (in `conn`'s
/// transaction).
async fn finish(
    conn: &mut AnyConnection,
    detail: &mut GameDetail,
    result: GameResult,
    termination: Termination,
    end_reason: String,
) -> Result<(), AppError> {
    detail.status = GameStatus::Finished;
    detail.result = Some(result);
    detail.termination = Some(termination);
    detail.end_reason = Some(end_reason);
    detail.deadline = None;
    detail.draw_offer = None;
    stats::record(conn, detail.variant().as_str(), result).await?;
    Ok(())
}

/// Saves the changed game, commits and tells the watchers.
async fn save_and_commit(
    state: &AppState,
    mut tx: sqlx::Transaction<'static, sqlx::Any>,
    detail: &mut GameDetail,
    now: i64,
) -> Result<(), AppError> {
    let mut row = state_of(detail);
    if detail.status != GameStatus::Active {
        row.finished_at = Some(now);
    }
    games::save(&mut tx, &detail.id, &row, now).await?;
    tx.commit().await?;
    detail.updated_at = now;
    state.events.publish(&detail.id, detail.game.ply());
    match (detail.status, detail.termination) {
        (GameStatus::Finished, Some(termination)) => {
            crate::metrics::game_finished(detail.variant().as_str(), termination.as_str());
        }
        (GameStatus::Aborted, _) => {
            crate::metrics::game_finished(detail.variant().as_str(), "aborted")
        }
        _ => {}
    }
    Ok(())
}

/// The game row, for the checks before a transaction.
async fn game_row(state: &AppState, id: &str) -> Result<GameRow, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    games::get(&mut conn, id)
        .await?
        .ok_or(AppError::NotFound("game"))
}

fn not_a_player() -> AppError {
    AppError::forbidden("not_a_player", "you do not play in this game")
}

fn game_over() -> AppError {
    AppError::conflict("game_over", "the game is over")
}

/// Plays `move_text` for `user` in game `id`, which they saw at `seen_ply`; then any
/// forced passes. Ends the game (and counts it) when the move ends it.
///
/// # Errors
///
/// 404 no such game; 403 `not_a_player` / `not_your_turn`; 409 `stale_ply` /
/// `game_over`; 422 `malformed_move` / `illegal_move`. On error nothing is written.
pub async fn play_move(
    state: &AppState,
    user: &User,
    id: &str,
    move_text: &str,
    seen_ply: u32,
) -> Result<GameDetail, AppError> {
    let row = game_row(state, id).await?;
    let color = color_of(&row.white_id, &row.black_id, &user.id).ok_or_else(not_a_player)?;
    let now = state.now();
    let mut tx = state.db.pool.begin().await?;
    // The first write: the ply guard. Zero rows: someone moved first or the game ended.
    if !games::claim_at_ply(&mut tx, id, i64::from(seen_ply), now).await? {
        tx.rollback().await?;
        let current = get(state, id).await?;
        return Err(if current.status == GameStatus::Active {
            AppError::conflict(
                "stale_ply",
                format!("the game is at ply {}, not {seen_ply}", current.game.ply()),
            )
        } else {
            game_over()
        });
    }
    let mut detail = load(&mut tx, id).await?.ok_or(AppError::NotFound("game"))?;
    if detail.to_move() != Some(color) {
        return Err(AppError::forbidden("not_your_turn", "it is not your turn"));
    }
    let first_ply = i64::from(detail.game.ply()) + 1;
    let mut played = vec![detail.game.play(move_text).map_err(|error| match error {
        PlayError::Malformed(_) => AppError::invalid("malformed_move", error.to_string()),
        PlayError::Illegal(_) => AppError::invalid("illegal_move", error.to_string()),
        PlayError::GameOver => game_over(),
    })?];
    while let Some(pass) = detail.game.forced_pass() {
        played.push(
            detail
                .game
                .play(pass)
                .map_err(|error| corrupt(format!("pass: {error}")))?,
        );
    }
    games::insert_moves(&mut tx, id, first_ply, &played, now).await?;
    // An offer lapses when the offering player's opponent moves.
    if detail.draw_offer == Some(color.other()) {
        detail.draw_offer = None;
    }
    if let Some(outcome) = detail.game.outcome() {
        let reason = serde_json::to_value(outcome.reason)
            .ok()
            .and_then(|value| value.as_str().map(str::to_owned))
            .unwrap_or_else(|| "normal".to_owned());
        finish(
            &mut tx,
            &mut detail,
            outcome.result,
            Termination::Normal,
            reason,
        )
        .await?;
    } else {
        detail.deadline = Some(now + detail.days_per_move * DAY);
    }
    save_and_commit(state, tx, &mut detail, now).await?;
    crate::metrics::moves_played(detail.variant().as_str(), played.len());
    Ok(detail)
}

/// Starts a transaction on an active game the caller plays: the first write claims the
/// row, then the game is read inside the transaction.
async fn begin_action(
    state: &AppState,
    user: &User,
    id: &str,
) -> Result<(sqlx::Transaction<'static, sqlx::Any>, GameDetail, Color), AppError> {
    let row = game_row(state, id).await?;
    let color = color_of(&row.white_id, &row.black_id, &user.id).ok_or_else(not_a_player)?;
    let mut tx = state.db.pool.begin().await?;
    if !games::claim_active(&mut tx, id, state.now()).await? {
        tx.rollback().await?;
        return Err(game_over());
    }
    let detail = load(&mut tx, id).await?.ok_or(AppError::NotFound("game"))?;
    Ok((tx, detail, color))
}

/// Resigns: the caller loses.
///
/// # Errors
///
/// 404; 403 `not_a_player`; 409 `game_over`.
pub async fn resign(state: &AppState, user: &User, id: &str) -> Result<GameDetail, AppError> {
    let (mut tx, mut detail, color) = begin_action(state, user, id).await?;
    let result = GameResult::win(color.other());
    finish(
        &mut tx,
        &mut detail,
        result,
        Termination::Resignation,
        "resignation".into(),
    )
    .await?;
    save_and_commit(state, tx, &mut detail, state.now()).await?;
    Ok(detail)
}

/// Aborts a game before both sides have moved: no result, counted nowhere.
///
/// # Errors
///
/// 404; 403 `not_a_player`; 409 `game_over` / `too_late_to_abort`.
pub async fn abort(state: &AppState, user: &User, id: &str) -> Result<GameDetail, AppError> {
    let (tx, mut detail, _) = begin_action(state, user, id).await?;
    if detail.game.ply() >= 2 {
        return Err(AppError::conflict(
            "too_late_to_abort",
            "a game can be aborted only before both sides have moved",
        ));
    }
    detail.status = GameStatus::Aborted;
    detail.deadline = None;
    detail.draw_offer = None;
    detail.end_reason = Some("aborted".to_owned());
    save_and_commit(state, tx, &mut detail, state.now()).await?;
    Ok(detail)
}

/// Offers a draw (accepts it if the opponent already offers one).
///
/// # Errors
///
/// 404; 403 `not_a_player`; 409 `game_over` / `draw_already_offered`.
pub async fn offer_draw(state: &AppState, user: &User, id: &str) -> Result<GameDetail, AppError> {
    let (mut tx, mut detail, color) = begin_action(state, user, id).await?;
    match detail.draw_offer {
        Some(offerer) if offerer == color => {
            return Err(AppError::conflict(
                "draw_already_offered",
                "you already offer a draw",
            ));
        }
        Some(_) => {
            finish(
                &mut tx,
                &mut detail,
                GameResult::Draw,
                Termination::Agreement,
                "agreement".into(),
            )
            .await?;
        }
        None => detail.draw_offer = Some(color),
    }
    save_and_commit(state, tx, &mut detail, state.now()).await?;
    Ok(detail)
}

/// Accepts the opponent's draw offer.
///
/// # Errors
///
/// 404; 403 `not_a_player`; 409 `game_over` / `no_draw_offer`.
pub async fn accept_draw(state: &AppState, user: &User, id: &str) -> Result<GameDetail, AppError> {
    let (mut tx, mut detail, color) = begin_action(state, user, id).await?;
    if detail.draw_offer != Some(color.other()) {
        return Err(AppError::conflict(
            "no_draw_offer",
            "your opponent offers no draw",
        ));
    }
    finish(
        &mut tx,
        &mut detail,
        GameResult::Draw,
        Termination::Agreement,
        "agreement".into(),
    )
    .await?;
    save_and_commit(state, tx, &mut detail, state.now()).await?;
    Ok(detail)
}

/// Declines the opponent's draw offer.
///
/// # Errors
///
/// 404; 403 `not_a_player`; 409 `game_over` / `no_draw_offer`.
pub async fn decline_draw(state: &AppState, user: &User, id: &str) -> Result<GameDetail, AppError> {
    let (tx, mut detail, color) = begin_action(state, user, id).await?;
    if detail.draw_offer != Some(color.other()) {
        return Err(AppError::conflict(
            "no_draw_offer",
            "your opponent offers no draw",
        ));
    }
    detail.draw_offer = None;
    save_and_commit(state, tx, &mut detail, state.now()).await?;
    Ok(detail)
}

/// Claims a draw (chess: threefold repetition or the fifty-move rule) as the player to
/// move.
///
/// # Errors
///
/// 404; 403 `not_a_player` / `not_your_turn`; 409 `game_over` / `no_draw_claim`.
pub async fn claim_draw(state: &AppState, user: &User, id: &str) -> Result<GameDetail, AppError> {
    let (mut tx, mut detail, color) = begin_action(state, user, id).await?;
    if detail.to_move() != Some(color) {
        return Err(AppError::forbidden(
            "not_your_turn",
            "only the player to move may claim",
        ));
    }
    let Some(claim) = detail.game.draw_claims().first().copied() else {
        return Err(AppError::conflict(
            "no_draw_claim",
            "there is no draw to claim",
        ));
    };
    let reason = serde_json::to_value(claim)
        .ok()
        .and_then(|value| value.as_str().map(str::to_owned))
        .unwrap_or_else(|| "claim".to_owned());
    finish(
        &mut tx,
        &mut detail,
        GameResult::Draw,
        Termination::Claim,
        reason,
    )
    .await?;
    save_and_commit(state, tx, &mut detail, state.now()).await?;
    Ok(detail)
}

/// Ends every overdue game as a loss on time for the player to move, each in its own
/// transaction; safe to run in several processes at once (each game ends once).
/// Returns how many games this call ended.
///
/// # Errors
///
/// Database errors (games ended before the error stay ended).
pub async fn sweep_overdue(state: &AppState) -> Result<usize, AppError> {
    let now = state.now();
    let mut ended = 0;
    loop {
        let overdue = {
            let mut conn = state.db.pool.acquire().await?;
            games::overdue(&mut conn, now, 100).await?
        };
        let batch = overdue.len();
        let mut ended_in_batch = 0;
        for (id, variant, ply, to_move) in overdue {
            let Ok(loser) = to_move.parse::<Color>() else {
                return Err(corrupt(format!("to_move `{to_move}`")));
            };
            let result = GameResult::win(loser.other());
            let mut tx = state.db.pool.begin().await?;
            if games::finish_on_time(&mut tx, &id, ply, &to_move, result.as_str(), now).await? {
                stats::record(&mut tx, &variant, result).await?;
                tx.commit().await?;
                crate::metrics::game_finished(&variant, Termination::Timeout.as_str());
                ended += 1;
                ended_in_batch += 1;
                state
                    .events
                    .publish(&id, u32::try_from(ply).unwrap_or(u32::MAX));
            } else {
                tx.rollback().await?;
            }
        }
        // A full batch may have more behind it, unless another sweeper took them all.
        if batch < 100 || ended_in_batch == 0 {
            return Ok(ended);
        }
    }
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
    pub result: Option<GameResult>,
    /// Moves played.
    pub ply: i64,
    /// The side to move while active.
    pub to_move: Option<Color>,
    /// The deadline while active.
    pub deadline: Option<i64>,
    /// Whether the user is to move.
    pub your_turn: bool,
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
        .map(|row| {
            Ok(GameSummary {
                your_turn: games::is_users_turn(&row, &user.id),
                variant: row.variant.parse().map_err(corrupt)?,
                status: GameStatus::parse(&row.status).ok_or_else(|| corrupt(&row.status))?,
                result: row
                    .result
                    .as_deref()
                    .map(str::parse)
                    .transpose()
                    .map_err(corrupt)?,
                to_move: row
                    .to_move
                    .as_deref()
                    .map(str::parse)
                    .transpose()
                    .map_err(corrupt)?,
                id: row.id,
                white: row.white,
                black: row.black,
                ply: row.ply,
                deadline: row.deadline,
            })
        })
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
