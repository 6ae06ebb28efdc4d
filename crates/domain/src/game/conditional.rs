//! Conditional moves: lines a player enters ahead ("if they play X, I answer Y, then if Z,
//! W …"), answered by the server in the after-move pipeline. See
//! docs/conditional-moves.md.
//!
//! - **A line** lists the moves of both sides from the game's current ply on, as the
//!   record will have them. Forced passes (Reversi) may be written or left out: they are
//!   filled in when the line is checked and stored written out. It is checked by the
//!   rules when entered (every move legal in turn, none after the game's end), must end
//!   with a move of its owner, and must hold a move of the opponent before it.
//! - **Anchored at a ply**: a line is entered at the ply the player saw (409 `stale_ply`
//!   otherwise), and starts there. After every ply the game's lines move on: one whose
//!   next move was played loses it; one that expected another move, or is used up, is
//!   deleted. So the lines of an active game always start at its ply.
//! - **Answered**: when, after a move (and its forced passes), the side to move owns a
//!   line, that line's next move is played at once in the same transaction, as the
//!   owner's move (their clock restarts and stops at that instant; an offer lapses as
//!   with any move), then forced passes again, and again while lines answer. The owner's
//!   own first move of a line entered on their turn is never played for them: they play
//!   it, and the line goes on.
//! - **One answer per position**: two lines of a player may part only at a move of the
//!   opponent (or at the first move, the owner's own); a line that would answer one
//!   position differently from another is refused (409 `conflicting_line`); one that is
//!   already entered (itself, or as the start of a longer one) is refused (409
//!   `duplicate_line`); a longer line replaces one that is its start.
//! - **Limits**: [`MAX_LINES`] lines per player and game, [`MAX_LINE_MOVES`] moves and
//!   [`MAX_LINE_TEXT`] bytes a line,
//!   [`CONDITIONAL_CHANGES_PER_MINUTE`](crate::throttle::CONDITIONAL_CHANGES_PER_MINUTE) entries and
//!   deletions per player and minute.
//! - **Private** to their owner while the game goes on; once it has ended, the lines
//!   still pending at its end are part of its record, for everyone.

use rules::{AnyGame, Color, PlayError};
use sqlx::AnyConnection;

use super::{
    detail::{GameDetail, end_turn, play_forced_passes},
    errors::{corrupt, not_a_player},
    read::{self, load_for_change, why_not_claimed},
    vocabulary::GameStatus,
};
use crate::{Services, accounts::user::User, throttle::PlayerAction};
use store::{
    conditional::{self as rows, LineRow, NewLine},
    games,
};
use vocab::error::AppError;

/// The most lines one player keeps in one game.
pub const MAX_LINES: usize = 20;
/// The most moves in one line (both sides', forced passes not counted).
pub const MAX_LINE_MOVES: usize = 40;
/// The longest text of a line, in bytes.
pub const MAX_LINE_TEXT: usize = 1_000;

/// What a missing line is called in its 404.
pub const LINE: &str = "conditional line";

/// A conditional line as its readers see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConditionalLine {
    /// Its id.
    pub id: String,
    /// Its owner's name.
    pub player: String,
    /// The colour its owner plays.
    pub color: Option<Color>,
    /// The ply its first move is expected at.
    pub ply: i64,
    /// The canonical texts of its moves, both sides', forced passes written out.
    pub moves: Vec<String>,
    /// The same moves as people read them (SAN for chess).
    pub display: Vec<String>,
    /// When it was entered (unix seconds).
    pub created_at: i64,
}

/// The lines of a game that a reader may see.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinesView {
    /// Whether the game has ended (the lines are then everyone's, as pending at its end).
    pub ended: bool,
    /// The game's ply.
    pub ply: i64,
    /// The lines: the reader's own while the game goes on; every player's once it ended.
    pub lines: Vec<ConditionalLine>,
}

fn split(text: &str) -> Vec<String> {
    text.split(' ')
        .filter(|part| !part.is_empty())
        .map(str::to_owned)
        .collect()
}

fn line_of(detail_colors: (&str, &str), row: LineRow) -> ConditionalLine {
    let color = if row.user_id == detail_colors.0 {
        Some(Color::White)
    } else if row.user_id == detail_colors.1 {
        Some(Color::Black)
    } else {
        None
    };
    ConditionalLine {
        color,
        moves: split(&row.moves),
        display: split(&row.display),
        id: row.id,
        player: row.username,
        ply: row.ply,
        created_at: row.created_at,
    }
}

/// A line as checked by the rules: its plies from the game's ply on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CheckedLine {
    /// Canonical texts, forced passes written out.
    pub(crate) moves: Vec<String>,
    /// The texts people read.
    pub(crate) display: Vec<String>,
    /// Who plays each.
    pub(crate) sides: Vec<Color>,
}

/// Whether `token` is a move number as people write them (`12.`, `12...`), skipped.
fn is_move_number(token: &str) -> bool {
    let digits = token.trim_end_matches('.');
    digits.len() < token.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Checks `text`, moves separated by white space, as a line of `owner` from `game`'s
/// position: every move legal in turn, forced passes filled in.
///
/// # Errors
///
/// 422 `empty_line`, `line_too_long`, `malformed_move` / `illegal_move` (naming the move
/// and its number in the line), `line_past_end` (a move after the game would have ended),
/// `no_reply` (the line does not end with an answer of its owner to a move of the
/// opponent).
pub(crate) fn check_line(
    game: &AnyGame,
    owner: Color,
    text: &str,
) -> Result<CheckedLine, AppError> {
    if text.len() > MAX_LINE_TEXT {
        return Err(AppError::invalid(
            "line_too_long",
            format!("a line is at most {MAX_LINE_TEXT} characters long"),
        ));
    }
    let tokens: Vec<&str> = text
        .split_whitespace()
        .filter(|token| !is_move_number(token))
        .collect();
    if tokens.is_empty() {
        return Err(AppError::invalid(
            "empty_line",
            "write the moves of the line, separated by spaces",
        ));
    }
    if tokens.len() > MAX_LINE_MOVES {
        return Err(AppError::invalid(
            "line_too_long",
            format!(
                "a line has at most {MAX_LINE_MOVES} moves (this one has {})",
                tokens.len()
            ),
        ));
    }
    let mut game = game.clone();
    let mut line = CheckedLine {
        moves: Vec::new(),
        display: Vec::new(),
        sides: Vec::new(),
    };
    let mut last_side = None;
    for (index, token) in tokens.iter().enumerate() {
        let number = index + 1;
        let forced = game.forced_pass();
        if let Some(pass) = forced
            && *token != pass
        {
            push(&mut game, pass, &mut line).map_err(AppError::internal)?;
        }
        if game.outcome().is_some() {
            return Err(AppError::invalid(
                "line_past_end",
                format!("move {number} of the line ({token}): the game is over before it"),
            ));
        }
        last_side = game.to_move();
        push(&mut game, token, &mut line).map_err(|error| {
            let code = match error {
                PlayError::Malformed(_) => "malformed_move",
                _ => "illegal_move",
            };
            AppError::invalid(
                code,
                format!("move {number} of the line ({token}): {error}"),
            )
        })?;
    }
    let answers = line
        .sides
        .windows(2)
        .any(|pair| pair[0] != owner && pair[1] == owner);
    if last_side != Some(owner) || !answers {
        return Err(AppError::invalid(
            "no_reply",
            "a line holds a move of your opponent and ends with your answer",
        ));
    }
    Ok(line)
}

/// Plays `text` in `game` and adds it to `line`.
fn push(game: &mut AnyGame, text: &str, line: &mut CheckedLine) -> Result<String, PlayError> {
    let side = game.to_move();
    let played = game.play(text)?;
    if let Some(side) = side {
        line.moves.push(played.clone());
        line.display.push(
            game.record()
                .last()
                .map_or_else(|| played.clone(), |mv| mv.display.clone()),
        );
        line.sides.push(side);
    }
    Ok(played)
}

/// Commits `tx` if `work` succeeded, rolls it back otherwise.
async fn commit_plain<T>(
    tx: sqlx::Transaction<'static, sqlx::Any>,
    work: Result<T, AppError>,
) -> Result<T, AppError> {
    match work {
        Ok(done) => {
            tx.commit().await?;
            Ok(done)
        }
        Err(error) => {
            if let Err(rollback) = tx.rollback().await {
                tracing::warn!(%rollback, "rolling back a refused conditional line");
            }
            Err(error)
        }
    }
}

/// How a new line stands to a player's line already entered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Overlap {
    /// They part at a move of the opponent (or at the first): both stand.
    Apart,
    /// The new line is the old one, or its start: nothing new.
    Duplicate,
    /// The old line is the start of the new one: the new one replaces it.
    Extends,
    /// They answer one position differently, at this index of the new line.
    Conflict(usize),
}

fn overlap(new: &CheckedLine, old: &[String], owner: Color) -> Overlap {
    match new.moves.iter().zip(old).position(|(a, b)| a != b) {
        Some(index) if index > 0 && new.sides[index] == owner => Overlap::Conflict(index),
        Some(_) => Overlap::Apart,
        None if new.moves.len() <= old.len() => Overlap::Duplicate,
        None => Overlap::Extends,
    }
}

/// The lines of game `id` that `viewer` may see: their own while it goes on (only its
/// players have any), every player's once it has ended.
///
/// # Errors
///
/// 404 no such game; 403 `conditional_private` for someone who does not play in a game
/// still going on; database errors.
pub async fn list(
    state: &Services,
    viewer: Option<&User>,
    id: &str,
) -> Result<LinesView, AppError> {
    let row = read::row(state, id).await?;
    let players = (row.white_id.as_str(), row.black_id.as_str());
    let ended = row.status != GameStatus::Active.as_str();
    let mut conn = state.db.pool.acquire().await?;
    let rows = if ended {
        rows::of_game(&mut conn, id).await?
    } else {
        let viewer = viewer
            .filter(|user| user.id == row.white_id || user.id == row.black_id)
            .ok_or_else(|| {
                AppError::forbidden(
                    "conditional_private",
                    "a player's conditional moves are private until the game ends",
                )
            })?;
        rows::of_player(&mut conn, id, &viewer.id).await?
    };
    Ok(LinesView {
        ended,
        ply: row.ply,
        lines: rows
            .into_iter()
            .map(|line| line_of(players, line))
            .collect(),
    })
}

/// The lines of `detail` that `viewer` sees on the game page and in the record: their
/// own while it goes on, everyone's once it has ended.
///
/// # Errors
///
/// Database errors.
pub async fn for_page(
    conn: &mut AnyConnection,
    viewer: Option<&User>,
    detail: &GameDetail,
) -> Result<Vec<ConditionalLine>, AppError> {
    let players = (detail.white_id.as_str(), detail.black_id.as_str());
    let rows = match (detail.status, viewer) {
        (GameStatus::Active, Some(user)) if detail.color_of(&user.id).is_some() => {
            rows::of_player(conn, &detail.id, &user.id).await?
        }
        (GameStatus::Active, _) => Vec::new(),
        _ => rows::of_game(conn, &detail.id).await?,
    };
    Ok(rows
        .into_iter()
        .map(|line| line_of(players, line))
        .collect())
}

/// Enters `text` as a line of `user` in game `id`, which they saw at `seen_ply`.
///
/// # Errors
///
/// 404 no such game; 403 `not_a_player`; 409 `stale_ply`, `game_over`,
/// `too_many_lines`, `duplicate_line`, `conflicting_line`; 422 as `check_line`; 429
/// `rate_limited` beyond
/// [`CONDITIONAL_CHANGES_PER_MINUTE`](crate::throttle::CONDITIONAL_CHANGES_PER_MINUTE)
/// entries and deletions a minute; database errors. On any error nothing is written.
pub async fn add(
    state: &Services,
    user: &User,
    id: &str,
    text: &str,
    seen_ply: u32,
) -> Result<ConditionalLine, AppError> {
    if store::names_nothing(id) {
        return Err(AppError::NotFound("game"));
    }
    state
        .player_limits
        .check(PlayerAction::ConditionalLine, &user.id)?;
    let now = state.now();
    let mut tx = state.db.begin_write().await?;
    // The first write: the game at the ply the player saw, so that a move of the game
    // and this line wait for each other.
    if !rows::claim_game(&mut tx, id, Some(i64::from(seen_ply))).await? {
        tx.rollback().await?;
        return Err(why_not_claimed(state, &user.id, id, Some(seen_ply)).await);
    }
    let work = async {
        let detail = load_for_change(&mut tx, &state.records, id)
            .await?
            .ok_or(AppError::NotFound("game"))?;
        let owner = detail.color_of(&user.id).ok_or_else(not_a_player)?;
        let line = check_line(&detail.game, owner, text)?;
        let old = rows::of_player(&mut tx, id, &user.id).await?;
        let mut replaced = Vec::new();
        for (number, row) in old.iter().enumerate() {
            let moves = split(&row.moves);
            match overlap(&line, &moves, owner) {
                Overlap::Apart => {}
                Overlap::Extends => replaced.push(row.id.as_str()),
                Overlap::Duplicate => {
                    return Err(AppError::conflict(
                        "duplicate_line",
                        format!("your line {} already holds these moves", number + 1),
                    ));
                }
                Overlap::Conflict(index) => {
                    return Err(AppError::conflict(
                        "conflicting_line",
                        format!(
                            "your line {} answers the same position with {} instead of {}",
                            number + 1,
                            split(&row.display)
                                .get(index)
                                .map_or("another move", String::as_str),
                            line.display[index],
                        ),
                    ));
                }
            }
        }
        if old.len() - replaced.len() >= MAX_LINES {
            return Err(AppError::conflict(
                "too_many_lines",
                format!("a player keeps at most {MAX_LINES} lines in a game"),
            ));
        }
        for old_id in &replaced {
            rows::delete(&mut tx, id, old_id, &user.id).await?;
        }
        let new = ConditionalLine {
            id: vocab::ids::new_id(),
            player: user.username.clone(),
            color: Some(owner),
            ply: detail.stored_ply(),
            moves: line.moves,
            display: line.display,
            created_at: now,
        };
        rows::insert(
            &mut tx,
            &NewLine {
                id: &new.id,
                game_id: id,
                user_id: &user.id,
                ply: new.ply,
                moves: &new.moves.join(" "),
                display: &new.display.join(" "),
                created_at: now,
            },
        )
        .await?;
        let told = state
            .events
            .stage_users_changed(&mut tx, &[&user.id])
            .await?;
        Ok((new, told))
    }
    .await;
    let (new, told) = commit_plain(tx, work).await?;
    told.committed(&state.events);
    Ok(new)
}

/// Deletes line `line_id` of `user` in game `id`, which is going on.
///
/// # Errors
///
/// 404 no such game or line (also another player's); 403 `not_a_player`; 409
/// `game_over` (the lines are then part of the record); 429 `rate_limited`; database
/// errors.
pub async fn delete(
    state: &Services,
    user: &User,
    id: &str,
    line_id: &str,
) -> Result<(), AppError> {
    if store::names_nothing(id) {
        return Err(AppError::NotFound("game"));
    }
    state
        .player_limits
        .check(PlayerAction::ConditionalLine, &user.id)?;
    let mut tx = state.db.begin_write().await?;
    if !rows::claim_game(&mut tx, id, None).await? {
        tx.rollback().await?;
        return Err(why_not_claimed(state, &user.id, id, None).await);
    }
    let work = async {
        if !rows::delete(&mut tx, id, line_id, &user.id).await? {
            let game = games::get(&mut tx, id).await?;
            let plays = game.is_some_and(|row| row.white_id == user.id || row.black_id == user.id);
            return Err(if plays {
                AppError::NotFound(LINE)
            } else {
                not_a_player()
            });
        }
        Ok(state
            .events
            .stage_users_changed(&mut tx, &[&user.id])
            .await?)
    }
    .await;
    commit_plain(tx, work).await?.committed(&state.events);
    Ok(())
}

/// A line of the pipeline: what is left of it, from `ply` on.
#[derive(Debug)]
struct Pending {
    id: String,
    user_id: String,
    ply: usize,
    moves: Vec<String>,
    display: Vec<String>,
}

/// Moves every line of the game on over the plies played from `from` on: a line that
/// expected them loses them; one that expected another move, or is used up, is deleted.
async fn advance(
    conn: &mut AnyConnection,
    lines: &mut Vec<Pending>,
    game: &AnyGame,
    from: usize,
) -> Result<(), AppError> {
    let record = game.record();
    let played: Vec<&str> = record
        .get(from..)
        .unwrap_or_default()
        .iter()
        .map(|mv| mv.text.as_str())
        .collect();
    let mut kept = Vec::with_capacity(lines.len());
    for mut line in lines.drain(..) {
        let goes_on = line.ply == from
            && line.moves.len() > played.len()
            && line.moves.iter().zip(&played).all(|(a, b)| a == b);
        if goes_on {
            line.moves.drain(..played.len());
            line.display.drain(..played.len().min(line.display.len()));
            line.ply = record.len();
            let ply = i64::try_from(line.ply).map_err(AppError::internal)?;
            rows::advance(
                &mut *conn,
                &line.id,
                ply,
                &line.moves.join(" "),
                &line.display.join(" "),
            )
            .await?;
            kept.push(line);
        } else {
            rows::drop_line(&mut *conn, &line.id).await?;
        }
    }
    *lines = kept;
    Ok(())
}

/// The pipeline's conditional step, after a move by `mover` (and its forced passes)
/// starting at record index `from`: moves the game's lines on, and while the side to
/// move owns a line, plays its next move (the turn of the one who moved before ends
/// first, as at any move), then forced passes. Returns who moved last.
///
/// # Errors
///
/// Database errors; a forced pass the rules refuse (a 500).
pub(super) async fn answer(
    conn: &mut AnyConnection,
    detail: &mut GameDetail,
    from: usize,
    mover: Color,
    played: &mut Vec<String>,
    now: i64,
) -> Result<Color, AppError> {
    // Read in the move's transaction, after the claim that every line's entry takes too.
    if detail.conditional_lines == 0 {
        return Ok(mover);
    }
    let mut lines: Vec<Pending> = rows::of_game(&mut *conn, &detail.id)
        .await?
        .into_iter()
        .map(|row| Pending {
            ply: usize::try_from(row.ply).unwrap_or(usize::MAX),
            moves: split(&row.moves),
            display: split(&row.display),
            id: row.id,
            user_id: row.user_id,
        })
        .collect();
    let mut from = from;
    let mut last_mover = mover;
    while !lines.is_empty() {
        advance(conn, &mut lines, &detail.game, from).await?;
        if detail.game.outcome().is_some() {
            break;
        }
        let Some(to_move) = detail.to_move() else {
            break;
        };
        let (owner_id, _, _) = detail.player(to_move);
        let Some(reply) = lines
            .iter()
            .find(|line| line.user_id == owner_id)
            .and_then(|line| line.moves.first().cloned())
        else {
            break;
        };
        if !detail.game.legal_moves().contains(&reply) {
            // Checked when entered, so this cannot happen; if it does, the owner's
            // lines go and nothing is played for them.
            tracing::warn!(game = %detail.id, reply = %reply, "a conditional reply is not legal");
            for line in lines.iter().filter(|line| line.user_id == owner_id) {
                rows::drop_line(&mut *conn, &line.id).await?;
            }
            break;
        }
        end_turn(detail, last_mover, now);
        from = detail.game.record().len();
        let text = detail
            .game
            .play(&reply)
            .map_err(|error| corrupt(format!("conditional reply: {error}")))?;
        played.push(text);
        last_mover = to_move;
        play_forced_passes(detail, played)?;
    }
    Ok(last_mover)
}

#[cfg(test)]
mod tests {
    use rules::Variant;

    use super::*;

    fn chess() -> AnyGame {
        AnyGame::new(Variant::Chess, None).unwrap()
    }

    fn code(result: Result<CheckedLine, AppError>) -> &'static str {
        result.err().map_or("ok", |error| error.code())
    }

    #[test]
    fn a_line_is_checked_move_by_move_and_stored_canonical() {
        let line = check_line(&chess(), Color::Black, "1. e4 e5 2. Nf3 Nc6").unwrap();
        assert_eq!(line.moves, ["e2e4", "e7e5", "g1f3", "b8c6"]);
        assert_eq!(line.display, ["e4", "e5", "Nf3", "Nc6"]);
        assert_eq!(
            line.sides,
            [Color::White, Color::Black, Color::White, Color::Black]
        );
        let error = check_line(&chess(), Color::Black, "e4 e5 Nf3 Ke5").unwrap_err();
        assert_eq!(error.code(), "illegal_move");
        assert!(error.message().contains("move 4"), "{}", error.message());
        assert_eq!(
            code(check_line(&chess(), Color::Black, "e4 zz")),
            "malformed_move"
        );
        assert_eq!(code(check_line(&chess(), Color::Black, "  ")), "empty_line");
        assert_eq!(
            code(check_line(&chess(), Color::Black, "e4 e5 Nf3")),
            "no_reply"
        );
        assert_eq!(code(check_line(&chess(), Color::White, "e4")), "no_reply");
        let long = "Nf3 Nf6 Ng1 Ng8 ".repeat(11);
        assert_eq!(
            code(check_line(&chess(), Color::Black, &long)),
            "line_too_long"
        );
        let mate = "f3 e5 g4 Qh4 a3";
        assert_eq!(
            code(check_line(&chess(), Color::Black, mate)),
            "line_past_end"
        );
        assert_eq!(
            code(check_line(&chess(), Color::Black, "f3 e5 g4 Qh4")),
            "ok"
        );
    }

    #[test]
    fn lines_part_only_at_the_opponents_moves() {
        let game = chess();
        let new = check_line(&game, Color::Black, "e4 e5 Nf3 Nc6").unwrap();
        let old = |text: &str| check_line(&game, Color::Black, text).unwrap().moves;
        assert_eq!(overlap(&new, &old("d4 d5"), Color::Black), Overlap::Apart);
        assert_eq!(
            overlap(&new, &old("e4 e5 d4 exd4"), Color::Black),
            Overlap::Apart
        );
        assert_eq!(
            overlap(&new, &old("e4 c5"), Color::Black),
            Overlap::Conflict(1)
        );
        assert_eq!(
            overlap(&new, &old("e4 e5 Nf3 Nc6 Bb5 a6"), Color::Black),
            Overlap::Duplicate
        );
        assert_eq!(overlap(&new, &old("e4 e5"), Color::Black), Overlap::Extends);
        // On White's own turn, lines may begin with different moves of White.
        let white = check_line(&game, Color::White, "e4 e5 Nf3").unwrap();
        let other = check_line(&game, Color::White, "d4 d5 c4").unwrap().moves;
        assert_eq!(overlap(&white, &other, Color::White), Overlap::Apart);
    }

    #[test]
    fn forced_passes_may_be_written_or_left_out() {
        // A 6x6 Reversi position where White, to move, must pass after Black's a move is
        // found by playing: take any game where a pass comes up and check both forms.
        let mut game = AnyGame::new(Variant::Reversi6x6, None).unwrap();
        let mut moves: Vec<String> = Vec::new();
        // Play the first legal move until someone must pass (or 200 plies).
        let mut found = None;
        for _ in 0..200 {
            if game.outcome().is_some() {
                break;
            }
            if game.forced_pass().is_some() {
                found = Some(game.clone());
                break;
            }
            let next = game.legal_moves()[0].clone();
            moves.push(next.clone());
            game.play(&next).unwrap();
        }
        let Some(at_pass) = found else {
            return;
        };
        // Back one ply: the move before the pass.
        let before = AnyGame::replay(Variant::Reversi6x6, None, &moves[..moves.len() - 1]).unwrap();
        let last = moves.last().unwrap().clone();
        let mover = before.to_move().unwrap();
        let mut after = at_pass.clone();
        after.play("pass").unwrap();
        if after.outcome().is_some() {
            return;
        }
        let next = after.legal_moves()[0].clone();
        // The mover's line on their own turn: their move, the opponent's forced pass, their
        // next move; with or without the pass written.
        let text = format!("{last} {next}");
        let line = check_line(&before, mover, &text).unwrap();
        assert_eq!(line.moves, [last.clone(), "pass".to_owned(), next.clone()]);
        let written = check_line(&before, mover, &format!("{last} pass {next}")).unwrap();
        assert_eq!(written, line);
    }
}
