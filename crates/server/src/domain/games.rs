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
    events::{self, GameEvent, Staged},
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

    /// The game's state as its live watchers see it.
    #[must_use]
    pub fn event(&self) -> GameEvent {
        GameEvent {
            game_id: self.id.clone(),
            ply: self.game.ply(),
            status: self.status.as_str().to_owned(),
            to_move: self.to_move().map(|color| color.as_str().to_owned()),
            draw_offer: self.draw_offer.map(|color| color.as_str().to_owned()),
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

/// What an action does to a game.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Change {
    /// The game ends with this result.
    Finish(GameResult, Termination, &'static str),
    /// The game is called off.
    Abort,
    /// The draw offer becomes this.
    DrawOffer(Option<Color>),
}

/// Applies `change` to `detail` (counting a finished game in its variant's statistics)
/// and saves the row, all in `conn`'s transaction.
async fn apply(
    conn: &mut AnyConnection,
    detail: &mut GameDetail,
    change: Change,
    now: i64,
) -> Result<(), AppError> {
    let mut finished_at = None;
    match change {
        Change::Finish(result, termination, reason) => {
            detail.status = GameStatus::Finished;
            detail.result = Some(result);
            detail.termination = Some(termination);
            detail.end_reason = Some(reason.to_owned());
            detail.deadline = None;
            detail.draw_offer = None;
            finished_at = Some(now);
            stats::record(&mut *conn, detail.variant().as_str(), result).await?;
        }
        Change::Abort => {
            detail.status = GameStatus::Aborted;
            detail.end_reason = Some("aborted".to_owned());
            detail.deadline = None;
            detail.draw_offer = None;
            finished_at = Some(now);
        }
        Change::DrawOffer(offer) => detail.draw_offer = offer,
    }
    let row = GameState {
        finished_at,
        ..state_of(detail)
    };
    games::save(conn, &detail.id, &row, now).await?;
    detail.updated_at = now;
    Ok(())
}

/// Stages the live event of `detail`, the state just saved in `conn`'s transaction (so
/// the row need not be read again).
async fn stage(
    state: &AppState,
    conn: &mut AnyConnection,
    detail: &GameDetail,
) -> Result<Staged, sqlx::Error> {
    let change = events::Change::read(
        &mut *conn,
        detail.event(),
        &detail.white_id,
        &detail.black_id,
    )
    .await?;
    state.events.stage(conn, change).await
}

/// Commits `tx` if `work` succeeded and tells the watchers (staging the event in `tx`);
/// rolls it back otherwise, so a refused request leaves the game exactly as it was.
async fn settle(
    state: &AppState,
    mut tx: sqlx::Transaction<'static, sqlx::Any>,
    work: Result<GameDetail, AppError>,
) -> Result<GameDetail, AppError> {
    let work = match work {
        Ok(detail) => stage(state, &mut tx, &detail)
            .await
            .map(|staged| (detail, staged))
            .map_err(AppError::from),
        Err(error) => Err(error),
    };
    match work {
        Ok((detail, staged)) => {
            tx.commit().await?;
            staged.committed(&state.events);
            match (detail.status, detail.termination) {
                (GameStatus::Finished, Some(termination)) => {
                    crate::metrics::game_finished(detail.variant().as_str(), termination.as_str());
                }
                (GameStatus::Aborted, _) => {
                    crate::metrics::game_finished(detail.variant().as_str(), "aborted");
                }
                _ => {}
            }
            Ok(detail)
        }
        Err(error) => {
            if let Err(rollback) = tx.rollback().await {
                tracing::warn!(%rollback, "rolling back a refused game change");
            }
            Err(error)
        }
    }
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

fn not_your_turn() -> AppError {
    AppError::forbidden("not_your_turn", "it is not your turn")
}

/// The snake-case name of an end reason or draw claim (`checkmate`, `fifty_move_rule`).
fn snake_name(value: impl serde::Serialize) -> Option<&'static str> {
    let name = serde_json::to_value(value).ok()?;
    [
        "checkmate",
        "stalemate",
        "insufficient_material",
        "fivefold_repetition",
        "seventy_five_move_rule",
        "board_full",
        "no_moves",
        "all_placed",
        "no_legal_placement",
        "threefold_repetition",
        "fifty_move_rule",
    ]
    .into_iter()
    .find(|known| name == *known)
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
    let work = async {
        let mut detail = load(&mut tx, id).await?.ok_or(AppError::NotFound("game"))?;
        if detail.to_move() != Some(color) {
            return Err(not_your_turn());
        }
        let first_ply = i64::from(detail.game.ply()) + 1;
        let mut played = vec![detail.game.play(move_text).map_err(|error| match error {
            PlayError::Malformed(_) => AppError::invalid("malformed_move", error.to_string()),
            PlayError::Illegal(_) => AppError::invalid("illegal_move", error.to_string()),
            PlayError::GameOver => game_over(),
        })?];
        while let Some(pass) = detail.game.forced_pass() {
            let pass = detail
                .game
                .play(pass)
                .map_err(|error| corrupt(format!("pass: {error}")))?;
            played.push(pass);
        }
        games::insert_moves(&mut tx, id, first_ply, &played, now).await?;
        // An offer lapses when the offering player's opponent moves.
        let offer = detail.draw_offer.filter(|offerer| *offerer == color);
        let change = match detail.game.outcome() {
            Some(outcome) => Change::Finish(
                outcome.result,
                Termination::Normal,
                snake_name(outcome.reason).unwrap_or("normal"),
            ),
            None => {
                detail.deadline = Some(now + detail.days_per_move * DAY);
                Change::DrawOffer(offer)
            }
        };
        apply(&mut tx, &mut detail, change, now).await?;
        Ok(detail)
    }
    .await;
    let detail = settle(state, tx, work).await?;
    // The ply guard held: every ply past `seen_ply` was played by this call.
    let played = detail.game.ply().saturating_sub(seen_ply);
    crate::metrics::moves_played(detail.variant().as_str(), played as usize);
    Ok(detail)
}

/// Runs an action (resign, abort, draws) on an active game the caller plays: one
/// transaction whose first write claims the game row; `decide` sees the game read inside
/// it and the caller's colour, and says what changes.
async fn act(
    state: &AppState,
    user: &User,
    id: &str,
    decide: impl FnOnce(&GameDetail, Color) -> Result<Change, AppError>,
) -> Result<GameDetail, AppError> {
    let row = game_row(state, id).await?;
    let color = color_of(&row.white_id, &row.black_id, &user.id).ok_or_else(not_a_player)?;
    let now = state.now();
    let mut tx = state.db.pool.begin().await?;
    if !games::claim_active(&mut tx, id, now).await? {
        tx.rollback().await?;
        return Err(game_over());
    }
    let work = async {
        let mut detail = load(&mut tx, id).await?.ok_or(AppError::NotFound("game"))?;
        let change = decide(&detail, color)?;
        apply(&mut tx, &mut detail, change, now).await?;
        Ok(detail)
    }
    .await;
    settle(state, tx, work).await
}

/// Resigns: the caller loses.
///
/// # Errors
///
/// 404; 403 `not_a_player`; 409 `game_over`.
pub async fn resign(state: &AppState, user: &User, id: &str) -> Result<GameDetail, AppError> {
    act(state, user, id, |_, color| {
        let result = GameResult::win(color.other());
        Ok(Change::Finish(
            result,
            Termination::Resignation,
            "resignation",
        ))
    })
    .await
}

/// Aborts a game before both sides have moved: no result, counted nowhere.
///
/// # Errors
///
/// 404; 403 `not_a_player`; 409 `game_over` / `too_late_to_abort`.
pub async fn abort(state: &AppState, user: &User, id: &str) -> Result<GameDetail, AppError> {
    act(state, user, id, |detail, _| {
        if detail.game.ply() >= 2 {
            return Err(AppError::conflict(
                "too_late_to_abort",
                "a game can be aborted only before both sides have moved",
            ));
        }
        Ok(Change::Abort)
    })
    .await
}

/// Offers a draw (accepts it if the opponent already offers one).
///
/// # Errors
///
/// 404; 403 `not_a_player`; 409 `game_over` / `draw_already_offered`.
pub async fn offer_draw(state: &AppState, user: &User, id: &str) -> Result<GameDetail, AppError> {
    act(state, user, id, |detail, color| match detail.draw_offer {
        Some(offerer) if offerer == color => Err(AppError::conflict(
            "draw_already_offered",
            "you already offer a draw",
        )),
        Some(_) => Ok(Change::Finish(
            GameResult::Draw,
            Termination::Agreement,
            "agreement",
        )),
        None => Ok(Change::DrawOffer(Some(color))),
    })
    .await
}

fn no_draw_offer() -> AppError {
    AppError::conflict("no_draw_offer", "your opponent offers no draw")
}

/// Accepts the opponent's draw offer.
///
/// # Errors
///
/// 404; 403 `not_a_player`; 409 `game_over` / `no_draw_offer`.
pub async fn accept_draw(state: &AppState, user: &User, id: &str) -> Result<GameDetail, AppError> {
    act(state, user, id, |detail, color| {
        if detail.draw_offer != Some(color.other()) {
            return Err(no_draw_offer());
        }
        Ok(Change::Finish(
            GameResult::Draw,
            Termination::Agreement,
            "agreement",
        ))
    })
    .await
}

/// Declines the opponent's draw offer.
///
/// # Errors
///
/// 404; 403 `not_a_player`; 409 `game_over` / `no_draw_offer`.
pub async fn decline_draw(state: &AppState, user: &User, id: &str) -> Result<GameDetail, AppError> {
    act(state, user, id, |detail, color| {
        if detail.draw_offer != Some(color.other()) {
            return Err(no_draw_offer());
        }
        Ok(Change::DrawOffer(None))
    })
    .await
}

/// Claims a draw (chess: threefold repetition or the fifty-move rule) as the player to
/// move.
///
/// # Errors
///
/// 404; 403 `not_a_player` / `not_your_turn`; 409 `game_over` / `no_draw_claim`.
pub async fn claim_draw(state: &AppState, user: &User, id: &str) -> Result<GameDetail, AppError> {
    act(state, user, id, |detail, color| {
        if detail.to_move() != Some(color) {
            return Err(not_your_turn());
        }
        let Some(claim) = detail.game.draw_claims().first().copied() else {
            return Err(AppError::conflict(
                "no_draw_claim",
                "there is no draw to claim",
            ));
        };
        Ok(Change::Finish(
            GameResult::Draw,
            Termination::Claim,
            snake_name(claim).unwrap_or("claim"),
        ))
    })
    .await
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
                let staged = state.events.stage_game(&mut tx, &id).await?;
                tx.commit().await?;
                staged.committed(&state.events);
                crate::metrics::game_finished(&variant, Termination::Timeout.as_str());
                ended += 1;
                ended_in_batch += 1;
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
