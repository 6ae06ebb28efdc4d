//! Repertoires: each player's lines of replies for a variant, from its usual start (or a
//! start they chose: a Chess960 number, a chess FEN, a Reversi opening), for the side
//! they play; in every game where the player lets it, while the game's moves follow a
//! line, the line's next move is played for them at once (the conditional step:
//! [`crate::game::conditional`]). See docs/conditional-moves.md.
//!
//! - **A line** is written like a conditional line (or pasted as a record: PGN for
//!   chess), from the start: both sides' moves, ending with one of its owner's. Lines
//!   longer than [`MAX_REPERTOIRE_PLIES`] are cut there (at the owner's last move before
//!   it). Lines of one branch (player, variant, start, colour) part only at a move of the
//!   opponent, or at the owner's first move; one answering a position differently is
//!   refused (409 `conflicting_line`), one already held is refused (409
//!   `duplicate_line`), and a longer line replaces its start.
//! - **Limits**: [`MAX_REPERTOIRE_LINES`] lines per player in all; changes share the
//!   conditional lines' rate limit.
//! - **In a game**: on unless the player's setting says otherwise when the game begins;
//!   each player may turn it off or on in the game. Two repertoires that meet play out
//!   their shared line at once, at most
//!   [`REPERTOIRE_PLIES_PER_TURN`](crate::game::conditional::REPERTOIRE_PLIES_PER_TURN)
//!   moves for one move of a player. A conditional line of the player's answers before
//!   their repertoire. The moves a repertoire played are private until the game ends;
//!   then its record marks them.

use rules::{Color, PastedRecord, RecordError, Setup, Variant};

use crate::{
    Services,
    accounts::user::User,
    game::{
        self,
        conditional::{
            ANY,
            line::{CheckedLine, Step, check_line, place, split},
        },
    },
    throttle::PlayerAction,
};
use store::repertoire::{self as rows, Branch, RepertoireRow};
use vocab::error::AppError;

/// The most lines one player keeps in their repertoire, in all its variants.
pub const MAX_REPERTOIRE_LINES: i64 = 300;

/// The most moves (plies) a line of a repertoire holds, from the start.
pub const MAX_REPERTOIRE_PLIES: usize = 40;

/// A line of a repertoire as its owner sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RepertoireLine {
    /// Its id.
    pub id: String,
    /// The variant.
    pub variant: Variant,
    /// The start it is from (`None`: the variant's usual start).
    pub start: Option<Setup>,
    /// The colour its owner plays.
    pub color: Color,
    /// Both sides' moves from the start, canonical texts.
    pub moves: Vec<String>,
    /// The same moves as people read them (SAN for chess).
    pub display: Vec<String>,
    /// When it was entered (unix seconds).
    pub created_at: i64,
}

impl TryFrom<RepertoireRow> for RepertoireLine {
    type Error = AppError;
    fn try_from(row: RepertoireRow) -> Result<RepertoireLine, AppError> {
        let stored = |what: &str| AppError::internal(format!("stored repertoire {what}"));
        let variant: Variant = row.variant.parse().map_err(|_| stored("variant"))?;
        let start = match row.setup.as_str() {
            "" => None,
            text => Some(Setup::from_stored(variant, Some(text)).map_err(|_| stored("start"))?),
        };
        Ok(RepertoireLine {
            variant,
            start,
            color: row.color.parse().map_err(|_| stored("colour"))?,
            moves: split(&row.moves),
            display: split(&row.display),
            id: row.id,
            created_at: row.created_at,
        })
    }
}

/// What a new line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewRepertoireLine<'a> {
    /// The variant.
    pub variant: Variant,
    /// The colour its owner plays.
    pub color: Color,
    /// The start it is from (`None`: the variant's usual start; Chess960 needs one).
    pub start: Option<Setup>,
    /// The moves: a line as conditional lines are written, or a pasted record.
    pub text: &'a str,
}

/// The lines of `user`'s repertoire, by variant, start and colour, then by their moves.
///
/// # Errors
///
/// Database errors.
pub async fn list(state: &Services, user: &User) -> Result<Vec<RepertoireLine>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    rows::of_user(&mut conn, &user.id)
        .await?
        .into_iter()
        .map(RepertoireLine::try_from)
        .collect()
}

/// Whether a repertoire can follow games of `variant`: not where every game starts from
/// a position of its own (Knight Fight's numbers).
#[must_use]
pub fn takes_repertoire(variant: Variant) -> bool {
    !variant.needs_setup() || Setup::start_choice(variant).is_some()
}

/// The game a line of `variant` starts from `start`, for checking it.
///
/// # Errors
///
/// 422 `no_repertoire` for a variant whose every game starts differently (Knight
/// Fight's numbers), `repertoire_needs_start` for one whose start is drawn per game
/// (Chess960: a line follows one of its starts).
fn start_game(variant: Variant, start: Option<&Setup>) -> Result<rules::AnyGame, AppError> {
    if !takes_repertoire(variant) {
        return Err(AppError::invalid(
            "no_repertoire",
            format!(
                "every {} game starts from a position of its own: a repertoire cannot \
                 follow it",
                variant.name()
            ),
        ));
    }
    let setup = match start {
        Some(start) => start.clone(),
        None if variant.needs_setup() => {
            return Err(AppError::invalid(
                "repertoire_needs_start",
                format!(
                    "a {} repertoire line follows one start: give its number",
                    variant.name()
                ),
            ));
        }
        None => Setup::Standard,
    };
    rules::AnyGame::new(variant, setup)
        .map_err(|error| AppError::invalid("invalid_start_position", error.to_string()))
}

/// Checks `request`'s moves as a line of its owner from its start: read as a record
/// (move numbers, comments and tags left out; a PGN's `FEN` tag names the start), cut at
/// [`MAX_REPERTOIRE_PLIES`] and at the owner's last move, moves only.
fn checked(request: &NewRepertoireLine<'_>) -> Result<(Option<Setup>, CheckedLine), AppError> {
    let only_moves = |token: &str| {
        AppError::invalid(
            "repertoire_moves_only",
            format!("a repertoire holds moves only, not `{token}`"),
        )
    };
    // A `*` ends a PGN (its result), but in a line it would be any move.
    let tokens: Vec<&str> = request.text.split_whitespace().collect();
    if tokens.iter().rev().skip(1).any(|token| *token == ANY) {
        return Err(only_moves(ANY));
    }
    let record =
        PastedRecord::read(request.variant, request.text).map_err(|error| match error {
            RecordError::TooLong => AppError::invalid("line_too_long", error.to_string()),
            RecordError::Start(_) => AppError::invalid("invalid_start_position", error.to_string()),
            _ => AppError::invalid("empty_line", "write the line's moves, from the start"),
        })?;
    let start = match (record.start, request.start.clone()) {
        (Some(named), Some(chosen)) if named != chosen => {
            return Err(AppError::invalid(
                "conflicting_start",
                "the record names a start other than the one chosen beside it",
            ));
        }
        (named, chosen) => named.or(chosen).filter(|setup| !setup.is_standard()),
    };
    let game = start_game(request.variant, start.as_ref())?;
    if let Some(token) = record
        .moves
        .iter()
        .find(|token| !matches!(Step::of(token), Step::Move(_)))
    {
        return Err(only_moves(token));
    }
    let mut moves = record.moves;
    moves.truncate(MAX_REPERTOIRE_PLIES);
    // A line ends with its owner's move: a cut (or a pasted game) may end with the
    // opponent's, which goes.
    loop {
        match check_line(&game, request.color, &moves.join(" ")) {
            Err(error) if error.code() == "no_reply" && moves.len() > 2 => {
                moves.pop();
            }
            result => return result.map(|line| (start, line)),
        }
    }
}

/// Adds a line to `user`'s repertoire.
///
/// # Errors
///
/// 422 as [`check_line`](crate::game::conditional::line) (`illegal_move` naming the
/// move, `no_reply`, …), `repertoire_moves_only` (a `*` or an action), `empty_line`,
/// `no_repertoire`, `repertoire_needs_start`, `invalid_start_position`,
/// `conflicting_start`; 409 `duplicate_line`, `conflicting_line`,
/// `too_many_lines` beyond [`MAX_REPERTOIRE_LINES`]; 429 `rate_limited`; database
/// errors. On any error nothing is written.
pub async fn add(
    state: &Services,
    user: &User,
    request: &NewRepertoireLine<'_>,
) -> Result<RepertoireLine, AppError> {
    state
        .player_limits
        .check(PlayerAction::ConditionalLine, &user.id)?;
    let (start, line) = checked(request)?;
    let setup = start
        .as_ref()
        .and_then(Setup::to_stored)
        .unwrap_or_default();
    let branch = Branch {
        user_id: &user.id,
        variant: request.variant.as_str(),
        setup: &setup,
        color: request.color.as_str(),
    };
    let now = state.now();
    let id = vocab::ids::new_id();
    let mut tx = state.db.begin_write().await?;
    rows::lock_owner(&mut tx, &user.id).await?;
    let old: Vec<(String, Vec<String>, Vec<String>)> = rows::of_branch(&mut tx, &branch)
        .await?
        .into_iter()
        .map(|row| (row.id, split(&row.moves), split(&row.display)))
        .collect();
    let replaced = place(&line, &old, request.color)?;
    let replacing = i64::try_from(replaced.len()).map_err(AppError::internal)?;
    if rows::count(&mut tx, &user.id).await? - replacing >= MAX_REPERTOIRE_LINES {
        return Err(AppError::conflict(
            "too_many_lines",
            format!("a repertoire holds at most {MAX_REPERTOIRE_LINES} lines"),
        ));
    }
    for index in replaced {
        rows::delete(&mut tx, &user.id, &old[index].0).await?;
    }
    let (moves, display) = (line.moves.join(" "), line.display.join(" "));
    rows::insert(&mut tx, &id, &branch, (&moves, &display), now).await?;
    tx.commit().await?;
    Ok(RepertoireLine {
        id,
        variant: request.variant,
        start,
        color: request.color,
        moves: line.moves,
        display: line.display,
        created_at: now,
    })
}

/// Adds the moves `user` and their opponent played in finished game `game_id` (up to
/// [`MAX_REPERTOIRE_PLIES`], ending with one of the user's) as a line of their colour
/// there, from the game's start.
///
/// # Errors
///
/// 404 no such game; 403 `not_a_player`; 409 `game_not_over` while it goes on; as
/// [`add`].
pub async fn add_from_game(
    state: &Services,
    user: &User,
    game_id: &str,
) -> Result<RepertoireLine, AppError> {
    let detail = game::get(state, game_id).await?;
    let color = detail
        .color_of(&user.id)
        .ok_or_else(|| AppError::forbidden("not_a_player", "you do not play in this game"))?;
    if detail.status == game::GameStatus::Active {
        return Err(AppError::conflict(
            "game_not_over",
            "a game's moves join your repertoire once it has ended",
        ));
    }
    let moves: Vec<&str> = detail.game.moves().take(MAX_REPERTOIRE_PLIES).collect();
    let start = Some(detail.game.setup().clone()).filter(|setup| !setup.is_standard());
    add(
        state,
        user,
        &NewRepertoireLine {
            variant: detail.variant(),
            color,
            start,
            text: &moves.join(" "),
        },
    )
    .await
}

/// Deletes line `id` of `user`'s repertoire.
///
/// # Errors
///
/// 404 when they hold no such line; 429 `rate_limited`; database errors.
pub async fn delete(state: &Services, user: &User, id: &str) -> Result<(), AppError> {
    state
        .player_limits
        .check(PlayerAction::ConditionalLine, &user.id)?;
    let mut tx = state.db.begin_write().await?;
    if !rows::delete(&mut tx, &user.id, id).await? {
        return Err(AppError::NotFound("repertoire line"));
    }
    tx.commit().await?;
    Ok(())
}

/// Turns `user`'s repertoire on or off in game `game_id`, which is going on.
///
/// # Errors
///
/// 404 no such game; 403 `not_a_player`; 409 `game_over`; database errors.
pub async fn set_in_game(
    state: &Services,
    user: &User,
    game_id: &str,
    on: bool,
) -> Result<(), AppError> {
    let row = game::read::row(state, game_id).await?;
    let color = if row.white_id == user.id {
        Color::White
    } else if row.black_id == user.id {
        Color::Black
    } else {
        return Err(AppError::forbidden(
            "not_a_player",
            "you do not play in this game",
        ));
    };
    let mut tx = state.db.begin_write().await?;
    if !rows::set_in_game(&mut tx, game_id, color.as_str(), on).await? {
        return Err(AppError::conflict("game_over", "the game is over"));
    }
    // Their view of the game's page shows the switch.
    let told = state
        .events
        .stage_users_changed(&mut tx, &[&user.id])
        .await?;
    tx.commit().await?;
    told.committed(&state.events);
    Ok(())
}
