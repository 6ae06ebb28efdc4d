//! The notification centre: notices to a player, written in the transaction of the change
//! that causes them (a move, a draw offer, a challenge, a game's end, a clock warning),
//! read on the centre's page and through the API, marked read, pruned by age, and
//! delivered to further channels through the outbox ([`crate::jobs::outbox`]).
//!
//! A notice of a superseding kind (`your_turn`, `clock_warning`) replaces an unread one
//! of the same kind and game instead of piling up: a player away for a week with twenty
//! games finds at most one "your turn" per game.

use rules::{Color, GameResult};
use serde_json::json;

use crate::{
    AppState,
    db::notifications::{self as rows, NewNotification, NotificationRow},
    domain::{
        accounts::User,
        game::{ClockWarning, GameDetail, GameStatus},
    },
    error::AppError,
};

/// At most this many notices per page.
pub const PAGE_SIZE: i64 = 30;

/// How long a sent outbox row is kept (it is only a record of the delivery): a day.
pub const SENT_KEPT_SECS: i64 = 86_400;

/// What a notice is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// The opponent moved: it is the player's turn.
    YourTurn,
    /// The opponent offers a draw.
    DrawOffer,
    /// A challenge addressed to the player.
    Challenge,
    /// A game of the player ended (with its result).
    GameFinished,
    /// The player's time in a game is running out.
    ClockWarning,
    /// Slot: a tournament round begins (the tournament work writes it).
    TournamentRound,
    /// Slot: a chat message (the chat work writes it).
    ChatMessage,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 7] = [
        Kind::YourTurn,
        Kind::DrawOffer,
        Kind::Challenge,
        Kind::GameFinished,
        Kind::ClockWarning,
        Kind::TournamentRound,
        Kind::ChatMessage,
    ];

    /// The kinds written today, in the order the settings show them.
    pub const WRITTEN: [Kind; 5] = [
        Kind::YourTurn,
        Kind::DrawOffer,
        Kind::Challenge,
        Kind::GameFinished,
        Kind::ClockWarning,
    ];

    /// Its stored name.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Kind::YourTurn => "your_turn",
            Kind::DrawOffer => "draw_offer",
            Kind::Challenge => "challenge",
            Kind::GameFinished => "game_finished",
            Kind::ClockWarning => "clock_warning",
            Kind::TournamentRound => "tournament_round",
            Kind::ChatMessage => "chat_message",
        }
    }

    /// The channels beyond the centre's page a notice of this kind may be delivered to,
    /// through the outbox: the live channel (the player's open event streams) for
    /// every kind; Web Push for a turn, a time warning, a challenge and a game's end
    /// (what a player away from the site wants to hear of; a draw offer waits for their
    /// next visit). Whether a push row is queued for a given player is decided where it
    /// is written: [`crate::db::notifications::push_wanted`].
    #[must_use]
    pub const fn channels(self) -> &'static [&'static str] {
        use crate::jobs::{outbox::LIVE, push::PUSH};
        match self {
            Kind::YourTurn | Kind::ClockWarning | Kind::Challenge | Kind::GameFinished => {
                &[LIVE, PUSH]
            }
            Kind::DrawOffer | Kind::TournamentRound | Kind::ChatMessage => &[LIVE],
        }
    }
}

rules::text_form!(Kind, "notification kind");

/// Writes a notice of `kind` to `user_id` in `conn`'s transaction (with its outbox rows),
/// unless the player turned the kind off.
///
/// # Errors
///
/// Database errors.
pub async fn record(
    conn: &mut sqlx::AnyConnection,
    user_id: &str,
    kind: Kind,
    link: Link<'_>,
    payload: serde_json::Value,
    now: i64,
) -> Result<Option<String>, AppError> {
    let (game_id, challenge_id) = match link {
        Link::Game(id) => (Some(id), None),
        Link::Challenge(id) => (None, Some(id)),
    };
    Ok(rows::record(
        conn,
        &NewNotification {
            user_id,
            kind: kind.as_str(),
            game_id,
            challenge_id,
            payload: payload.to_string(),
        },
        kind.channels(),
        now,
    )
    .await?)
}

/// What a notice links to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Link<'a> {
    /// A game.
    Game(&'a str),
    /// A challenge.
    Challenge(&'a str),
}

fn player(detail: &GameDetail, color: Color) -> (&str, &str) {
    match color {
        Color::White => (&detail.white_id, &detail.white),
        Color::Black => (&detail.black_id, &detail.black),
    }
}

/// "Your turn" to the player now to move in `detail`, after `mover` moved (none when
/// the mover is to move again, after the opponent's forced pass).
///
/// # Errors
///
/// Database errors.
pub async fn your_turn(
    conn: &mut sqlx::AnyConnection,
    detail: &GameDetail,
    mover: Color,
    now: i64,
) -> Result<(), AppError> {
    let Some(to_move) = detail.to_move().filter(|color| *color != mover) else {
        return Ok(());
    };
    let (user_id, _) = player(detail, to_move);
    let (_, opponent) = player(detail, mover);
    let payload = json!({
        "opponent": opponent,
        "variant": detail.variant().as_str(),
        "ply": detail.stored_ply(),
    });
    record(
        conn,
        user_id,
        Kind::YourTurn,
        Link::Game(&detail.id),
        payload,
        now,
    )
    .await?;
    Ok(())
}

/// "A draw is offered" to the opponent of `offerer`.
///
/// # Errors
///
/// Database errors.
pub async fn draw_offer(
    conn: &mut sqlx::AnyConnection,
    detail: &GameDetail,
    offerer: Color,
    now: i64,
) -> Result<(), AppError> {
    let (user_id, _) = player(detail, offerer.other());
    let (_, opponent) = player(detail, offerer);
    let payload = json!({"opponent": opponent, "variant": detail.variant().as_str()});
    record(
        conn,
        user_id,
        Kind::DrawOffer,
        Link::Game(&detail.id),
        payload,
        now,
    )
    .await?;
    Ok(())
}

/// "The game is over" to both players, each with their own result: `won`, `lost`,
/// `drawn` or `aborted`.
///
/// # Errors
///
/// Database errors.
pub async fn game_finished(
    conn: &mut sqlx::AnyConnection,
    detail: &GameDetail,
    now: i64,
) -> Result<(), AppError> {
    for color in [Color::White, Color::Black] {
        let (user_id, _) = player(detail, color);
        let (_, opponent) = player(detail, color.other());
        let outcome = match (detail.status, detail.result) {
            (GameStatus::Aborted, _) | (_, None) => "aborted",
            (_, Some(GameResult::Draw)) => "drawn",
            (_, Some(GameResult::WhiteWins)) if color == Color::White => "won",
            (_, Some(GameResult::BlackWins)) if color == Color::Black => "won",
            (_, Some(_)) => "lost",
        };
        let payload = json!({
            "opponent": opponent,
            "variant": detail.variant().as_str(),
            "outcome": outcome,
            "reason": detail.end_reason.map(|reason| reason.as_str().to_owned()),
        });
        record(
            conn,
            user_id,
            Kind::GameFinished,
            Link::Game(&detail.id),
            payload,
            now,
        )
        .await?;
    }
    Ok(())
}

/// A clock warning to the player it warns.
///
/// # Errors
///
/// Database errors.
pub async fn clock_warning(
    conn: &mut sqlx::AnyConnection,
    warning: &ClockWarning,
    now: i64,
) -> Result<(), AppError> {
    let payload = json!({
        "warning": warning.kind.as_str(),
        "seconds_left": warning.seconds_left,
        "deadline": warning.deadline,
    });
    record(
        conn,
        &warning.user_id,
        Kind::ClockWarning,
        Link::Game(&warning.game_id),
        payload,
        now,
    )
    .await?;
    Ok(())
}

/// A notice as the centre shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notification {
    /// Its id.
    pub id: String,
    /// Its kind (`None` for a kind this server does not know: shown plainly).
    pub kind: String,
    /// The game it links to.
    pub game_id: Option<String>,
    /// The challenge it links to.
    pub challenge_id: Option<String>,
    /// Its payload.
    pub payload: serde_json::Value,
    /// When it was made (or last superseded).
    pub created_at: i64,
    /// When it was read.
    pub read_at: Option<i64>,
}

impl Notification {
    /// The notice of a stored row (a payload that is no JSON object reads as `{}`).
    #[must_use]
    pub fn of_row(row: NotificationRow) -> Notification {
        Notification {
            payload: serde_json::from_str(&row.payload).unwrap_or_else(|_| json!({})),
            id: row.id,
            kind: row.kind,
            game_id: row.game_id,
            challenge_id: row.challenge_id,
            created_at: row.created_at,
            read_at: row.read_at,
        }
    }

    /// Where it links to on the site.
    #[must_use]
    pub fn href(&self) -> String {
        match (&self.game_id, &self.challenge_id) {
            (Some(game), _) => format!("/games/{game}"),
            (None, Some(_)) => "/lobby".to_owned(),
            (None, None) => "/notifications".to_owned(),
        }
    }

    /// A payload field as text (empty when missing).
    #[must_use]
    pub fn field(&self, name: &str) -> String {
        match self.payload.get(name) {
            Some(serde_json::Value::String(text)) => text.clone(),
            Some(serde_json::Value::Null) | None => String::new(),
            Some(other) => other.to_string(),
        }
    }

    /// Its position in the newest-first order, as a `before` cursor.
    #[must_use]
    pub fn cursor(&self) -> String {
        format!("{}.{}", self.created_at, self.id)
    }
}

/// A page of notices and the cursor of the next (older) page, if there is one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    /// The notices, newest first.
    pub items: Vec<Notification>,
    /// `before` for the next page.
    pub next: Option<String>,
    /// How many of the player's notices are unread.
    pub unread: i64,
}

/// Reads a `before` cursor (`created_at.id`).
fn parse_cursor(text: &str) -> Result<(i64, &str), AppError> {
    let bad = || {
        AppError::invalid(
            "invalid_cursor",
            "before is a cursor given as `next` by the page before",
        )
    };
    let (at, id) = text.split_once('.').ok_or_else(bad)?;
    let at = at.parse().map_err(|_| bad())?;
    if id.is_empty() || id.len() > 64 || !id.bytes().all(|byte| byte.is_ascii_hexdigit()) {
        return Err(bad());
    }
    Ok((at, id))
}

/// A page of `user`'s notices, newest first, older than `before` when given.
///
/// # Errors
///
/// 422 `invalid_cursor`; database errors.
pub async fn page(state: &AppState, user: &User, before: Option<&str>) -> Result<Page, AppError> {
    let before = before
        .filter(|text| !text.is_empty())
        .map(parse_cursor)
        .transpose()?;
    let mut conn = state.db.pool.acquire().await?;
    let mut found = rows::page(&mut conn, &user.id, before, PAGE_SIZE + 1).await?;
    let more = found.len() > usize::try_from(PAGE_SIZE).unwrap_or(usize::MAX);
    found.truncate(usize::try_from(PAGE_SIZE).unwrap_or(usize::MAX));
    let items: Vec<Notification> = found.into_iter().map(Notification::of_row).collect();
    let next = more
        .then(|| items.last().map(Notification::cursor))
        .flatten();
    let unread = rows::unread_count(&mut conn, &user.id).await?;
    Ok(Page {
        items,
        next,
        unread,
    })
}

/// How many of `user`'s notices are unread.
///
/// # Errors
///
/// Database errors.
pub async fn unread_count(state: &AppState, user: &User) -> Result<i64, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    Ok(rows::unread_count(&mut conn, &user.id).await?)
}

/// Marks `user`'s notice `id` read. Returns the unread count after it.
///
/// # Errors
///
/// 404 when `user` has no such notice; database errors.
pub async fn mark_read(state: &AppState, user: &User, id: &str) -> Result<i64, AppError> {
    if crate::db::names_nothing(id) {
        return Err(AppError::NotFound("notification"));
    }
    let mut tx = state.db.pool.begin().await?;
    if !rows::mark_read(&mut tx, &user.id, id, state.now()).await? {
        tx.rollback().await?;
        return Err(AppError::NotFound("notification"));
    }
    let unread = rows::unread_count(&mut tx, &user.id).await?;
    tx.commit().await?;
    Ok(unread)
}

/// Marks all of `user`'s notices read. Returns how many were unread.
///
/// # Errors
///
/// Database errors.
pub async fn mark_all_read(state: &AppState, user: &User) -> Result<u64, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    Ok(rows::mark_all_read(&mut conn, &user.id, state.now()).await?)
}

/// Deletes the notices older than `NOTIFICATION_RETENTION_DAYS`, with their outbox rows,
/// and the outbox rows sent more than [`SENT_KEPT_SECS`] ago. Returns (notices, rows).
///
/// # Errors
///
/// Database errors.
pub async fn prune(state: &AppState) -> Result<(u64, u64), AppError> {
    let now = state.now();
    let cutoff = now - state.config.notification_retention_days * crate::domain::DAY;
    let mut conn = state.db.pool.acquire().await?;
    Ok(rows::prune(&mut conn, cutoff, now - SENT_KEPT_SECS).await?)
}

/// A player's per-kind preferences.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Preferences {
    /// For every written kind, whether its notices appear in the centre.
    pub in_site: Vec<(Kind, bool)>,
}

impl Preferences {
    /// Whether notices of `kind` appear in the centre.
    #[must_use]
    pub fn in_site(&self, kind: Kind) -> bool {
        self.in_site
            .iter()
            .find(|(k, _)| *k == kind)
            .is_none_or(|(_, on)| *on)
    }
}

/// `user`'s preferences.
///
/// # Errors
///
/// Database errors.
pub async fn preferences(state: &AppState, user: &User) -> Result<Preferences, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let off = rows::kinds_off(&mut conn, &user.id).await?;
    Ok(Preferences {
        in_site: Kind::WRITTEN
            .into_iter()
            .map(|kind| (kind, !off.iter().any(|name| name == kind.as_str())))
            .collect(),
    })
}

/// Changes `user`'s in-site preference of each kind in `changes`; returns them all.
///
/// # Errors
///
/// Database errors.
pub async fn change_preferences(
    state: &AppState,
    user: &User,
    changes: &[(Kind, bool)],
) -> Result<Preferences, AppError> {
    let mut tx = state.db.pool.begin().await?;
    for (kind, on) in changes {
        rows::set_in_site(&mut tx, &user.id, kind.as_str(), *on).await?;
    }
    tx.commit().await?;
    preferences(state, user).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_read_back_from_their_names() {
        for kind in Kind::WRITTEN {
            assert_eq!(kind.as_str().parse::<Kind>().ok(), Some(kind));
        }
        assert_eq!("chat_message".parse::<Kind>().ok(), Some(Kind::ChatMessage));
        assert!("yourturn".parse::<Kind>().is_err());
    }

    #[test]
    fn cursors_are_checked() {
        assert_eq!(parse_cursor("12.ab09").unwrap(), (12, "ab09"));
        for bad in ["12", "x.ab", "12.", "12.zz", "12.a'b"] {
            assert!(parse_cursor(bad).is_err(), "{bad}");
        }
    }
}
