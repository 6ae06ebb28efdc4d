//! The notification centre: notices to a player, written in the transaction of the change
//! that causes them (a move, a draw offer, a challenge, a game's end, a clock warning),
//! read on the centre's page and through the API, marked read, pruned by age, and
//! delivered to further channels through the outbox ([`crate::jobs::outbox`]).
//!
//! A notice of a superseding kind (`your_turn`, `clock_warning`, `chat_message`) replaces
//! an unread one of the same kind and game instead of piling up: a player away for a week
//! with twenty games finds at most one "your turn" per game.

use rules::{Color, GameResult};
use serde_json::json;

pub mod kind;
mod preferences;

pub use kind::Kind;
pub use preferences::{
    DigestChange, KindChange, KindChoice, Preferences, change_preferences, preferences,
};

use crate::{
    Services,
    accounts::user::User,
    game::{ClockWarning, GameDetail, GameStatus},
};
use store::notifications::{self as rows, Channel, NewNotification, NotificationRow};
use vocab::{error::AppError, i18n::Tr};

/// At most this many notices per page.
pub const PAGE_SIZE: i64 = 30;

/// How long a sent outbox row is kept (it is only a record of the delivery): a day.
pub const SENT_KEPT_SECS: i64 = 86_400;

/// Where one notice goes: the centre (with its live channel), e-mail, push.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Channels {
    /// Written to the centre, and delivered to the player's open pages (`live`).
    pub in_site: bool,
    /// Mailed at once (channel `email`).
    pub email: bool,
    /// Pushed to the player's devices (channel `push`, queued only for a player with a
    /// device: [`store::notifications::push_wanted`]). Only with `in_site`: the push
    /// delivers the centre's notice.
    pub push: bool,
}

/// Whether e-mail may be queued for a notice: the server's configuration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mail {
    /// `SMTP_URL` and `MAIL_FROM` are set.
    On,
    /// E-mail is off: no `email` row is queued.
    Off,
}

/// THE channel decision: where a notice of `kind` with `payload` goes, for a player
/// whose preferences of the kind and address are `row` (`None`: no such player), with
/// the server's e-mail `mail`. Each channel is the player's choice for the kind, or the
/// kind's default ([`Kind::email_default`], [`Kind::push_default`]); e-mail further
/// needs a configured server, a verified address, and a notice worth mailing at once:
/// only the "a day left" (while more than an hour is left: otherwise the hour's mail
/// says it) and "an hour left" clock warnings.
#[must_use]
pub fn channels_for(
    kind: Kind,
    payload: &serde_json::Value,
    row: Option<&rows::ChannelRow>,
    mail: Mail,
) -> Channels {
    let Some(row) = row else {
        return Channels::default();
    };
    let chosen = |value: Option<i64>, default: bool| value.map_or(default, |on| on == 1);
    let warning = payload.get("warning").and_then(serde_json::Value::as_str);
    let seconds_left = payload
        .get("seconds_left")
        .and_then(serde_json::Value::as_i64)
        .unwrap_or(0);
    let mailed_at_once = kind == Kind::ClockWarning
        && match warning {
            Some("hour_left") => true,
            Some("day_left") => seconds_left > 3_600,
            _ => false,
        };
    Channels {
        in_site: chosen(row.in_site, true),
        email: mail == Mail::On
            && row.verified == 1
            && kind.email_offered()
            && chosen(row.email, kind.email_default())
            && mailed_at_once,
        push: chosen(row.in_site, true) && chosen(row.push, kind.push_default()),
    }
}

/// Writes a notice of `kind` to `user_id` in `conn`'s transaction (with its outbox rows),
/// unless the player turned the kind off. Nothing is mailed (see [`record_with`]).
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
    record_with(conn, user_id, kind, link, payload, None, now).await
}

/// Writes a notice of `kind` to `user_id` in `conn`'s transaction, with its outbox rows,
/// on the channels [`channels_for`] chooses: the centre and `live` when the player keeps
/// the kind in the site; `email` (with `mail`: the server's e-mail and the delivery's
/// key, queued at most once) with a snapshot of the notice, so a later notice
/// superseding this one does not change what the mail says. Returns the notice's id
/// (`None` when it is not written to the centre).
///
/// # Errors
///
/// Database errors.
pub async fn record_with(
    conn: &mut sqlx::AnyConnection,
    user_id: &str,
    kind: Kind,
    link: Link<'_>,
    payload: serde_json::Value,
    mail: Option<(Mail, String)>,
    now: i64,
) -> Result<Option<String>, AppError> {
    let mut payload = payload;
    let (game_id, challenge_id) = match link {
        Link::Game(id) => (Some(id), None),
        Link::Challenge(id) => (None, Some(id)),
        Link::Tournament(id) => {
            if let Some(fields) = payload.as_object_mut() {
                fields.insert("tournament_id".to_owned(), id.into());
            }
            (None, None)
        }
    };
    let row = rows::channel_row(conn, user_id, kind.as_str()).await?;
    let server_mail = mail.as_ref().map_or(Mail::Off, |(mail, _)| *mail);
    let channels = channels_for(kind, &payload, row.as_ref(), server_mail);
    let id = if channels.in_site {
        rows::record(
            conn,
            &NewNotification {
                user_id,
                kind: kind.as_str(),
                game_id,
                challenge_id,
                payload: payload.to_string(),
            },
            if channels.push {
                &[Channel::Live, Channel::Push]
            } else {
                &[Channel::Live]
            },
            now,
        )
        .await?
    } else {
        None
    };
    if let (true, Some((_, dedupe))) = (channels.email, mail) {
        let mut snapshot = payload;
        if let Some(fields) = snapshot.as_object_mut() {
            fields.insert("kind".to_owned(), kind.as_str().into());
            fields.insert("game_id".to_owned(), game_id.into());
            fields.insert("challenge_id".to_owned(), challenge_id.into());
        }
        rows::queue(
            conn,
            &rows::NewDelivery {
                user_id,
                channel: Channel::Email,
                notification_id: id.as_deref(),
                payload: Some(snapshot.to_string()),
                dedupe: Some(dedupe),
            },
            now,
        )
        .await?;
    }
    Ok(id)
}

/// What a notice links to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Link<'a> {
    /// A game.
    Game(&'a str),
    /// A challenge.
    Challenge(&'a str),
    /// A tournament (its id goes in the payload, as `tournament_id`).
    Tournament(&'a str),
}

fn player(detail: &GameDetail, color: Color) -> (&str, &str) {
    match color {
        Color::White => (&detail.white_id, &detail.white),
        Color::Black => (&detail.black_id, &detail.black),
    }
}

/// "Your turn" to the player now to move in `detail`, after `mover` moved (none when
/// the mover is to move again, after the opponent's forced pass); saying so when a
/// conditional line of theirs could not answer (`unanswered`: its step, and the code
/// of the refusal, `illegal_move`, `no_draw_offer`…).
///
/// # Errors
///
/// Database errors.
pub async fn your_turn(
    conn: &mut sqlx::AnyConnection,
    detail: &GameDetail,
    mover: Color,
    unanswered: Option<(&str, &str)>,
    now: i64,
) -> Result<(), AppError> {
    let Some(to_move) = detail.to_move().filter(|color| *color != mover) else {
        return Ok(());
    };
    let (user_id, _) = player(detail, to_move);
    let (_, opponent) = player(detail, mover);
    let played = detail
        .game
        .record()
        .last()
        .map(|played| played.display.as_str());
    let mut payload = json!({
        "opponent": opponent,
        "variant": detail.variant().as_str(),
        "ply": detail.stored_ply(),
        "move": played,
    });
    if let (Some((step, why)), Some(fields)) = (unanswered, payload.as_object_mut()) {
        fields.insert("unanswered".to_owned(), step.into());
        fields.insert("why".to_owned(), why.into());
    }
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

/// A challenge was accepted, declined or cancelled: the notice that asked its player to
/// answer it is settled, so it is marked read.
///
/// # Errors
///
/// Database errors.
pub async fn challenge_settled(
    conn: &mut sqlx::AnyConnection,
    challenge_id: &str,
    now: i64,
) -> Result<(), AppError> {
    rows::end_challenge_notices(conn, challenge_id, now).await?;
    Ok(())
}

/// "Your challenge was declined" to its challenger: by `decliner`, for `reason` (a
/// decline reason's key).
///
/// # Errors
///
/// Database errors.
pub async fn challenge_declined(
    conn: &mut sqlx::AnyConnection,
    challenger_id: &str,
    challenge_id: &str,
    decliner: &str,
    variant: &str,
    reason: &str,
    now: i64,
) -> Result<(), AppError> {
    let payload = json!({
        "opponent": decliner,
        "variant": variant,
        "event": "declined",
        "reason": reason,
    });
    record(
        conn,
        challenger_id,
        Kind::Challenge,
        Link::Challenge(challenge_id),
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

/// A clock warning to the player it warns; mailed too when `mail_enabled` and the
/// player's channels say so ([`channels_for`]).
///
/// # Errors
///
/// Database errors.
pub async fn clock_warning(
    conn: &mut sqlx::AnyConnection,
    warning: &ClockWarning,
    mail_enabled: bool,
    now: i64,
) -> Result<(), AppError> {
    let payload = json!({
        "warning": warning.kind.as_str(),
        "opponent": warning.opponent,
        "variant": warning.variant.as_str(),
        "seconds_left": warning.seconds_left,
        "deadline": warning.deadline,
        "ply": warning.ply,
    });
    // One mail per game, move and warning, whatever retries or instances do.
    let dedupe = format!(
        "clock_warning:{}:{}:{}",
        warning.game_id,
        warning.ply,
        warning.kind.as_str()
    );
    let mail = if mail_enabled { Mail::On } else { Mail::Off };
    record_with(
        conn,
        &warning.user_id,
        Kind::ClockWarning,
        Link::Game(&warning.game_id),
        payload,
        Some((mail, dedupe)),
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
        let tournament = self.field("tournament_id");
        match (&self.game_id, &self.challenge_id) {
            (Some(game), _) => format!("/games/{game}"),
            (None, Some(_)) => "/lobby".to_owned(),
            (None, None) if !tournament.is_empty() => format!("/tournaments/{tournament}"),
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
pub async fn page(state: &Services, user: &User, before: Option<&str>) -> Result<Page, AppError> {
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
pub async fn unread_count(state: &Services, user: &User) -> Result<i64, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    Ok(rows::unread_count(&mut conn, &user.id).await?)
}

/// Marks `user`'s notice `id` read. Returns the unread count after it.
///
/// # Errors
///
/// 404 when `user` has no such notice; database errors.
pub async fn mark_read(state: &Services, user: &User, id: &str) -> Result<i64, AppError> {
    if store::names_nothing(id) {
        return Err(AppError::NotFound("notification"));
    }
    let mut tx = state.db.begin_write().await?;
    if !rows::mark_read(&mut tx, &user.id, id, state.now()).await? {
        tx.rollback().await?;
        return Err(AppError::NotFound("notification"));
    }
    let unread = rows::unread_count(&mut tx, &user.id).await?;
    let told = state
        .events
        .stage_users_changed(&mut tx, &[&user.id])
        .await?;
    tx.commit().await?;
    told.committed(&state.events);
    Ok(unread)
}

/// Marks `user`'s unread notices of game `game_id` read, on the page's own connection
/// `conn`: they opened the game. Every instance drops what it keeps of them (their
/// header counts). Returns how many there were.
///
/// # Errors
///
/// Database errors.
pub async fn read_game(
    state: &Services,
    conn: &mut sqlx::AnyConnection,
    user: &User,
    game_id: &str,
) -> Result<u64, AppError> {
    let read = rows::mark_game_read(conn, &user.id, game_id, state.now()).await?;
    if read > 0 {
        told_of_reading(state, conn, user).await?;
    }
    Ok(read)
}

/// Tells every instance that `user` read notices, on `conn` after the change: their
/// kept header counts go.
async fn told_of_reading(
    state: &Services,
    conn: &mut sqlx::AnyConnection,
    user: &User,
) -> Result<(), AppError> {
    state
        .events
        .stage_users_changed(conn, &[&user.id])
        .await?
        .committed(&state.events);
    Ok(())
}

/// Marks all of `user`'s notices read. Returns how many were unread.
///
/// # Errors
///
/// Database errors.
pub async fn mark_all_read(state: &Services, user: &User) -> Result<u64, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let read = rows::mark_all_read(&mut conn, &user.id, state.now()).await?;
    if read > 0 {
        told_of_reading(state, &mut conn, user).await?;
    }
    Ok(read)
}

/// Deletes the notices older than `NOTIFICATION_RETENTION_DAYS`, with their outbox rows,
/// and the outbox rows sent more than [`SENT_KEPT_SECS`] ago. Returns (notices, rows).
///
/// # Errors
///
/// Database errors.
pub async fn prune(state: &Services) -> Result<(u64, u64), AppError> {
    let now = state.now();
    let cutoff = now - state.config.notification_retention_days * vocab::ids::DAY;
    let mut conn = state.db.pool.acquire().await?;
    Ok(rows::prune(&mut conn, cutoff, now - SENT_KEPT_SECS).await?)
}

/// The text of a notice in the reader's language.
pub fn text_of(t: &Tr, notice: &Notification) -> String {
    let opponent = notice.field("opponent");
    let variant = notice.field("variant");
    let variant_name = if variant.is_empty() {
        String::new()
    } else {
        let key = format!("variant.{variant}");
        if t.has(&key) {
            t.get(&key).to_owned()
        } else {
            variant
        }
    };
    let played = notice.field("move");
    let reason = notice.field("reason");
    let reason_key = format!("decline.{reason}");
    let reason_text = if t.has(&reason_key) {
        t.get(&reason_key).to_owned()
    } else {
        reason
    };
    let unanswered = notice.field("unanswered");
    let answer_key = crate::game::conditional::step::step_key(&unanswered);
    let answer = if t.has(&answer_key) {
        t.get(&answer_key).to_owned()
    } else {
        unanswered.clone()
    };
    let why_key = format!("error.{}", notice.field("why"));
    let why = if t.has(&why_key) {
        t.get(&why_key).to_owned()
    } else {
        t.get("error.illegal_move").to_owned()
    };
    let key = match notice.kind.as_str() {
        "your_turn" if !unanswered.is_empty() => "notifications.your_turn.unanswered".to_owned(),
        "your_turn" if !played.is_empty() => "notifications.your_turn.move".to_owned(),
        "challenge" if !notice.field("event").is_empty() => {
            format!("notifications.challenge.{}", notice.field("event"))
        }
        "game_finished" => format!("notifications.game_finished.{}", notice.field("outcome")),
        // Warnings written before they named their game keep their plain text.
        "clock_warning" if opponent.is_empty() => {
            format!("notifications.clock_warning.{}", notice.field("warning"))
        }
        "clock_warning" => format!(
            "notifications.clock_warning.{}.game",
            notice.field("warning")
        ),
        "tournament_round" => format!("notifications.tournament_round.{}", notice.field("event")),
        kind => format!("notifications.{kind}"),
    };
    if t.has(&key) {
        t.fmt(
            &key,
            &[
                ("opponent", &opponent),
                ("variant", &variant_name),
                ("move", &played),
                ("reason", &reason_text),
                ("tournament", &notice.field("tournament")),
                ("round", &notice.field("round")),
                ("stage", &notice.field("stage")),
                ("winner", &notice.field("winner")),
                ("answer", &answer),
                ("why", &why),
            ],
        )
    } else {
        t.get("notifications.other").to_owned()
    }
}

#[cfg(test)]
mod tests;
