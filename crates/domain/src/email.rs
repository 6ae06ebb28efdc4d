//! E-mail to players (issue 14): an address with a verification link, the immediate
//! mails of the clock warnings and the daily digest (both delivered by the outbox's
//! `email` channel, [`deliver`]), one-click unsubscribe, and password reset by a mailed
//! link. Everything here is off while `SMTP_URL` and `MAIL_FROM` are unset.
//!
//! Tokens of verification and reset links are 256 random bits mailed once; only their
//! sha-256 is stored, with an expiry, and following a link spends it. The unsubscribe key
//! is random per player and kept as is (it is put in every mail and can only turn mail
//! off).

use jiff::{Timestamp, tz::TimeZone};
use serde_json::json;

use crate::{
    Services,
    accounts::{self, User},
    jobs::delivery::Outgoing,
    mail::{Content, Item},
    notifications::kind::Kind,
    throttle::AccountAction,
};
use store::{
    mail as rows,
    notifications::{self as notice_rows, NewDelivery},
};
use vocab::{
    error::AppError,
    i18n::{Lang, Tr},
    ids::{DAY, new_id, new_token},
};

/// How long a verification link works: two days.
pub const VERIFY_SECS: i64 = 2 * DAY;

/// How long a password-reset link works: an hour.
pub const RESET_SECS: i64 = 3_600;

/// The most mails one account is sent on request (password-reset links and address
/// checks together) in [`ACCOUNT_MAIL_WINDOW_SECS`], whoever asks and from wherever.
pub const ACCOUNT_MAILS_PER_WINDOW: i64 = 3;

/// The window of [`ACCOUNT_MAILS_PER_WINDOW`]: an hour.
pub const ACCOUNT_MAIL_WINDOW_SECS: i64 = 3_600;

/// The most games and challenges a digest lists.
const DIGEST_LINES: i64 = 50;

/// The digest's pseudo-kind in an outbox row's payload.
pub const DIGEST: &str = "digest";

fn tr(language: &str) -> Tr {
    Tr::new(Lang::parse(language).unwrap_or(Lang::En))
}

/// A player's address as the settings show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmailSettings {
    /// Whether the server sends e-mail at all.
    pub enabled: bool,
    /// The address, if any.
    pub address: Option<String>,
    /// Whether it is verified.
    pub verified: bool,
    /// The daily digest is on.
    pub digest: bool,
    /// Its local hour (0 to 23, in the player's time zone).
    pub digest_hour: i64,
}

/// `user`'s e-mail settings.
///
/// # Errors
///
/// Database errors.
pub async fn settings(state: &Services, user: &User) -> Result<EmailSettings, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let row = rows::get(&mut conn, &user.id)
        .await?
        .ok_or(AppError::NotFound("user"))?;
    Ok(EmailSettings {
        enabled: state.mail_enabled(),
        verified: row.email.is_some() && row.email_verified_at.is_some(),
        address: row.email,
        digest: row.email_digest == 1,
        digest_hour: row.digest_hour,
    })
}

fn mail_off() -> AppError {
    AppError::conflict(
        "email_disabled",
        "this server does not send e-mail (SMTP_URL and MAIL_FROM are not set)",
    )
}

/// Sets `user`'s address (an empty one removes it) and mails a verification link to it,
/// in `lang`. The address is unverified until the link is followed: nothing else is
/// mailed to it before.
///
/// # Errors
///
/// 409 `email_disabled` when the server sends no mail; 422 `invalid_email`; 429 when the
/// account was sent [`ACCOUNT_MAILS_PER_WINDOW`] mails on request this hour (the address
/// is left as it was); database errors.
pub async fn set_address(
    state: &Services,
    user: &User,
    address: &str,
    lang: Lang,
) -> Result<EmailSettings, AppError> {
    let Some(mailer) = state.mailer.clone() else {
        return Err(mail_off());
    };
    let address = address.trim();
    let mut conn = state.db.pool.acquire().await?;
    if address.is_empty() {
        rows::set_address(&mut conn, &user.id, None, None, &new_token(), lang.code()).await?;
        drop(conn);
        return settings(state, user).await;
    }
    let address = crate::mail::valid_address(address).ok_or_else(|| {
        AppError::invalid(
            "invalid_email",
            "that is not an e-mail address (name@example.org, at most 254 characters)",
        )
    })?;
    drop(conn);
    let token = new_token();
    let now = state.now();
    let mut tx = state.db.begin_write().await?;
    let spent = rows::spend_account_mail(
        &mut tx,
        &user.id,
        now,
        ACCOUNT_MAIL_WINDOW_SECS,
        ACCOUNT_MAILS_PER_WINDOW,
    )
    .await?;
    if !spent {
        let since = rows::account_mail_window(&mut tx, &user.id).await?;
        tx.rollback().await?;
        let wait = (since + ACCOUNT_MAIL_WINDOW_SECS - now).max(1);
        return Err(AppError::rate_limited(std::time::Duration::from_secs(
            u64::try_from(wait).unwrap_or(1),
        )));
    }
    rows::set_address(
        &mut tx,
        &user.id,
        Some(&address),
        Some((&accounts::token_hash(&token), now + VERIFY_SECS)),
        &new_token(),
        lang.code(),
    )
    .await?;
    tx.commit().await?;
    let t = Tr::new(lang);
    let url = format!("{}/email/verify/{token}", state.config.public_url.base);
    let content = Content {
        lang: lang.code(),
        subject: t.get("mail.verify.subject").to_owned(),
        paragraphs: vec![t.fmt("mail.verify.body", &[("name", &user.username)])],
        action: Some(Item {
            text: t.get("mail.verify.action").to_owned(),
            url,
        }),
        footer: vec![t.get("mail.verify.footer").to_owned()],
        ..Content::default()
    };
    // Sent after the answer: a slow mail server does not hold the request, and a lost
    // mail is asked for again by saving the address again.
    tokio::spawn(async move {
        if let Err(error) = mailer.send(&address, &new_id(), &content).await {
            tracing::warn!(%error, "a verification mail was not sent");
        }
    });
    settings(state, user).await
}

/// The code of a link that is unknown, used or expired.
const INVALID_LINK: &str = "invalid_link";

fn bad_link() -> AppError {
    AppError::invalid(
        INVALID_LINK,
        "this link is unknown, already used or expired: ask for a new one",
    )
}

/// Whether `error` refused a link as unknown, used or expired (a page then asks for a
/// new one rather than showing the form again).
#[must_use]
pub fn is_bad_link(error: &AppError) -> bool {
    error.code() == INVALID_LINK
}

/// Follows a verification link: the address is verified, the token spent, and the
/// digest scheduled when it is on.
///
/// # Errors
///
/// 422 `invalid_link` for an unknown, used or expired token; database errors.
pub async fn verify(state: &Services, token: &str) -> Result<(), AppError> {
    if token.len() != 64 || !token.bytes().all(|byte| byte.is_ascii_hexdigit()) {
        return Err(bad_link());
    }
    let now = state.now();
    let mut tx = state.db.begin_write().await?;
    let Some(user_id) = rows::verify(&mut tx, &accounts::token_hash(token), now).await? else {
        tx.rollback().await?;
        return Err(bad_link());
    };
    if let Some(row) = rows::get(&mut tx, &user_id).await? {
        let next =
            (row.email_digest == 1).then(|| next_digest_at(now, &row.time_zone, row.digest_hour));
        rows::set_digest(
            &mut tx,
            &user_id,
            row.email_digest == 1,
            row.digest_hour,
            next,
        )
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Checks a digest hour: 0 to 23.
///
/// # Errors
///
/// 422 `invalid_digest_hour`.
pub fn check_digest_hour(hour: Option<i64>) -> Result<(), AppError> {
    if hour.is_some_and(|hour| !(0..=23).contains(&hour)) {
        return Err(AppError::invalid(
            "invalid_digest_hour",
            "the digest's hour is a whole hour from 0 to 23",
        ));
    }
    Ok(())
}

/// Changes `user`'s digest: on or off, and its local hour; rescheduled at once. The
/// language of their mails becomes `lang`.
///
/// # Errors
///
/// 422 `invalid_digest_hour` outside 0 to 23; database errors.
pub async fn change_digest(
    state: &Services,
    user: &User,
    on: Option<bool>,
    hour: Option<i64>,
    lang: Option<Lang>,
) -> Result<(), AppError> {
    check_digest_hour(hour)?;
    let mut tx = state.db.begin_write().await?;
    let row = rows::get(&mut tx, &user.id)
        .await?
        .ok_or(AppError::NotFound("user"))?;
    let on = on.unwrap_or(row.email_digest == 1);
    let hour = hour.unwrap_or(row.digest_hour);
    let verified = row.email.is_some() && row.email_verified_at.is_some();
    let next = (on && verified).then(|| next_digest_at(state.now(), &row.time_zone, hour));
    rows::set_digest(&mut tx, &user.id, on, hour, next).await?;
    if let Some(lang) = lang {
        rows::set_language(&mut tx, &user.id, lang.code()).await?;
    }
    tx.commit().await?;
    Ok(())
}

fn valid_key(key: &str) -> bool {
    key.len() == 64 && key.bytes().all(|byte| byte.is_ascii_hexdigit())
}

/// Whether `key` is an unsubscribe key (for the confirm page).
///
/// # Errors
///
/// Database errors.
pub async fn unsubscribe_key_known(state: &Services, key: &str) -> Result<bool, AppError> {
    if !valid_key(key) {
        return Ok(false);
    }
    let mut conn = state.db.pool.acquire().await?;
    Ok(rows::key_exists(&mut conn, key).await?)
}

/// The one-click unsubscribe (RFC 8058): turns every mail of the player with `key` off
/// (the digest and each kind's e-mail), without a session. Doing it twice is fine.
///
/// # Errors
///
/// 404 for an unknown key; database errors.
pub async fn unsubscribe(state: &Services, key: &str) -> Result<(), AppError> {
    if !valid_key(key) {
        return Err(AppError::NotFound("unsubscribe link"));
    }
    let mut tx = state.db.begin_write().await?;
    let Some(user_id) = rows::unsubscribe(&mut tx, key).await? else {
        tx.rollback().await?;
        return Err(AppError::NotFound("unsubscribe link"));
    };
    for kind in Kind::WRITTEN
        .into_iter()
        .filter(|kind| kind.email_offered())
    {
        notice_rows::set_channel(
            &mut tx,
            &user_id,
            kind.as_str(),
            notice_rows::ChannelColumn::Email,
            false,
        )
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// The next moment after `now` when it is `hour`:00 in `time_zone` (UTC when unknown).
#[must_use]
pub fn next_digest_at(now: i64, time_zone: &str, hour: i64) -> i64 {
    let zone = TimeZone::get(time_zone).unwrap_or(TimeZone::UTC);
    let hour = i8::try_from(hour.clamp(0, 23)).unwrap_or(0);
    let Ok(stamp) = Timestamp::from_second(now) else {
        return now + DAY;
    };
    let today = stamp.to_zoned_datetime(zone.clone()).date();
    let at = |date: jiff::civil::Date| {
        date.at(hour, 0, 0, 0)
            .to_zoned_datetime(zone.clone())
            .map(|zoned| zoned.timestamp().as_second())
            .ok()
    };
    match at(today) {
        Some(moment) if moment > now => moment,
        _ => today.tomorrow().ok().and_then(at).unwrap_or(now + DAY),
    }
}

/// The local date and hour of `now` in `time_zone` (UTC when unknown).
fn local(now: i64, time_zone: &str) -> (String, i64) {
    let zone = TimeZone::get(time_zone).unwrap_or(TimeZone::UTC);
    Timestamp::from_second(now).map_or_else(
        |_| (String::new(), -1),
        |stamp| {
            let zoned = stamp.to_zoned_datetime(zone);
            (zoned.date().to_string(), i64::from(zoned.hour()))
        },
    )
}

/// Queues the digests due at `now` (run by every instance's sweeper round): each
/// player whose digest is on, whose address is verified and whose chosen hour it is in
/// their time zone, at most once per local day: the day is taken by a guarded update of
/// the schedule (one instance of several takes it), and the outbox row carries a key of
/// the player and day, queued once. Only when something waits (a game where it is their
/// turn, a challenge to them). Returns how many were queued.
///
/// # Errors
///
/// Database errors (digests queued before stay queued).
pub async fn queue_digests(state: &Services) -> Result<usize, AppError> {
    const BATCH: i64 = 100;
    let now = state.now();
    let due = {
        let mut conn = state.db.pool.acquire().await?;
        rows::digests_due(&mut conn, now, BATCH).await?
    };
    let mut queued = 0;
    for row in due {
        let Some(seen) = row.digest_next_at else {
            continue;
        };
        let (date, hour) = local(now, &row.time_zone);
        let verified = row.email.is_some() && row.email_verified_at.is_some();
        let on = row.email_digest == 1 && verified;
        let send = on
            && state.mail_enabled()
            && hour == row.digest_hour
            && row.digest_last_date.as_deref() != Some(date.as_str());
        let next = on.then(|| next_digest_at(now, &row.time_zone, row.digest_hour));
        let mut tx = state.db.begin_write().await?;
        if !rows::claim_digest(&mut tx, &row.id, seen, next, send.then_some(date.as_str())).await? {
            tx.rollback().await?;
            continue;
        }
        if send {
            let waiting = !rows::turns(&mut tx, &row.id, 1).await?.is_empty()
                || !rows::challenges(&mut tx, &row.id, 1).await?.is_empty();
            if waiting
                && notice_rows::queue(
                    &mut tx,
                    &NewDelivery {
                        user_id: &row.id,
                        channel: store::notifications::Channel::Email,
                        notification_id: None,
                        payload: Some(json!({"kind": DIGEST, "date": date}).to_string()),
                        dedupe: Some(format!("digest:{}:{date}", row.id)),
                    },
                    now,
                )
                .await?
            {
                queued += 1;
            }
        }
        tx.commit().await?;
    }
    if queued > 0 {
        state.wake_outbox();
    }
    Ok(queued)
}

/// Delivers one `email` outbox row: a clock warning's mail or a digest, to the player's
/// verified address, in their language, with the row's id as the Message-ID (a second
/// send of the row is the same message). Sends nothing, successfully, when there is
/// nothing to say any more: no verified address, e-mail turned off since, the move
/// already made, the game watched, nothing waiting for the digest.
///
/// # Errors
///
/// The text of what failed (kept in the row's `last_error`; the row is tried again).
pub async fn deliver(state: &Services, outgoing: &Outgoing) -> Result<(), String> {
    let fail = |error: AppError| error.to_string();
    let Some(mailer) = &state.mailer else {
        return Err("e-mail is off (SMTP_URL and MAIL_FROM are not set)".to_owned());
    };
    let delivery = &outgoing.delivery;
    let payload: serde_json::Value = delivery
        .payload
        .as_deref()
        .and_then(|text| serde_json::from_str(text).ok())
        .unwrap_or_else(|| {
            serde_json::from_str(&outgoing.notification.payload).unwrap_or_default()
        });
    let mut conn = state.db.pool.acquire().await.map_err(|e| e.to_string())?;
    let Some(row) = rows::get(&mut conn, &delivery.user_id)
        .await
        .map_err(|e| e.to_string())?
    else {
        return Ok(());
    };
    let (Some(address), Some(_)) = (&row.email, row.email_verified_at) else {
        return Ok(());
    };
    let t = tr(&row.language);
    let base = &state.config.public_url.base;
    let unsubscribe = row
        .unsubscribe_key
        .as_ref()
        .map(|key| format!("{base}/email/unsubscribe/{key}"));
    let kind = payload.get("kind").and_then(serde_json::Value::as_str);
    let content = if kind == Some(DIGEST) {
        if row.email_digest != 1 {
            return Ok(());
        }
        let turns = rows::turns(&mut conn, &row.id, DIGEST_LINES)
            .await
            .map_err(|e| e.to_string())?;
        let challenges = rows::challenges(&mut conn, &row.id, DIGEST_LINES)
            .await
            .map_err(|e| e.to_string())?;
        if turns.is_empty() && challenges.is_empty() {
            return Ok(());
        }
        // No connection is held while the mail is sent.
        drop(conn);
        digest_content(&t, base, state.now(), &turns, &challenges)
    } else {
        let game_id = payload
            .get("game_id")
            .and_then(serde_json::Value::as_str)
            .unwrap_or_default()
            .to_owned();
        let Some(choice) =
            notice_rows::channel_row(&mut conn, &row.id, Kind::ClockWarning.as_str())
                .await
                .map_err(|e| e.to_string())?
        else {
            return Ok(());
        };
        if !choice
            .email
            .map_or(Kind::ClockWarning.email_default(), |on| on == 1)
        {
            return Ok(());
        }
        let Some(detail) = crate::game::read::load(&mut conn, &game_id)
            .await
            .map_err(fail)?
        else {
            return Ok(());
        };
        let ply = payload.get("ply").and_then(serde_json::Value::as_i64);
        if detail.status != crate::game::GameStatus::Active || ply != Some(detail.stored_ply()) {
            // Moved since, or over: the warning has nothing to say any more.
            return Ok(());
        }
        drop(conn);
        if crate::events::presence::is_watching(state, &row.id, &game_id)
            .await
            .map_err(fail)?
        {
            return Ok(());
        }
        let opponent = if detail.white_id == row.id {
            &detail.black
        } else {
            &detail.white
        };
        let warning = payload
            .get("warning")
            .and_then(serde_json::Value::as_str)
            .unwrap_or("hour_left");
        let variant = t
            .get(&format!("variant.{}", detail.variant().as_str()))
            .to_owned();
        Content {
            lang: t.code(),
            subject: t.fmt(
                &format!("mail.warning.{warning}.subject"),
                &[("opponent", opponent), ("variant", &variant)],
            ),
            paragraphs: vec![t.fmt(
                &format!("mail.warning.{warning}.body"),
                &[("opponent", opponent), ("variant", &variant)],
            )],
            action: Some(Item {
                text: t.get("mail.open_game").to_owned(),
                url: format!("{base}/games/{game_id}"),
            }),
            ..Content::default()
        }
    };
    let content = Content {
        footer: vec![t.get("mail.footer").to_owned()],
        unsubscribe_label: t.get("mail.unsubscribe").to_owned(),
        unsubscribe,
        ..content
    };
    mailer.send(address, &delivery.id, &content).await
}

fn time_left(t: &Tr, seconds: i64) -> String {
    let hours = seconds.max(0) / 3_600;
    if hours >= 48 {
        t.fmt("mail.left_days", &[("n", &(hours / 24).to_string())])
    } else {
        t.fmt("mail.left_hours", &[("n", &hours.to_string())])
    }
}

fn digest_content(
    t: &Tr,
    base: &str,
    now: i64,
    turns: &[rows::TurnLine],
    challenges: &[rows::ChallengeLine],
) -> Content {
    let variant = |id: &str| t.get(&format!("variant.{id}")).to_owned();
    let mut items: Vec<Item> = turns
        .iter()
        .map(|turn| {
            let left = turn.deadline.map_or_else(
                || t.get("mail.untimed").to_owned(),
                |deadline| time_left(t, deadline - now),
            );
            Item {
                text: t.fmt(
                    "mail.digest.turn",
                    &[
                        ("variant", &variant(&turn.variant)),
                        ("opponent", &turn.opponent),
                        ("left", &left),
                    ],
                ),
                url: format!("{base}/games/{}", turn.id),
            }
        })
        .collect();
    items.extend(challenges.iter().map(|challenge| Item {
        text: t.fmt(
            "mail.digest.challenge",
            &[
                ("variant", &variant(&challenge.variant)),
                ("challenger", &challenge.challenger),
            ],
        ),
        url: format!("{base}/lobby"),
    }));
    Content {
        lang: t.code(),
        subject: t.fmt(
            "mail.digest.subject",
            &[
                ("turns", &turns.len().to_string()),
                ("challenges", &challenges.len().to_string()),
            ],
        ),
        paragraphs: vec![t.get("mail.digest.body").to_owned()],
        items,
        action: Some(Item {
            text: t.get("mail.digest.action").to_owned(),
            url: format!("{base}/my-games"),
        }),
        ..Content::default()
    }
}

/// Asks for a password reset by username or address from `client`: each account with
/// that name or verified address gets a mailed single-use link (valid [`RESET_SECS`]),
/// in the language of its mails.
/// The answer is the same whether any account matched, and the mail is sent after it,
/// so neither its text nor its time tells whether an address is known. Rate-limited per
/// client address like logins, and per account ([`ACCOUNT_MAILS_PER_WINDOW`] an hour,
/// beyond which nothing more is sent, with the same answer).
///
/// # Errors
///
/// 409 `email_disabled`; 422 `invalid_reset_request` for an empty or over-long entry; 429
/// when the address has used its budget; database errors.
pub async fn request_reset(state: &Services, who: &str, client: &str) -> Result<(), AppError> {
    let Some(mailer) = state.mailer.clone() else {
        return Err(mail_off());
    };
    let who = who.trim();
    if who.is_empty() || who.len() > crate::mail::MAX_ADDRESS_LEN {
        return Err(AppError::invalid(
            "invalid_reset_request",
            "give your username or your e-mail address",
        ));
    }
    state.address_limits.check(AccountAction::Login, client)?;
    let now = state.now();
    let mut tx = state.db.begin_write().await?;
    let targets = rows::reset_targets(&mut tx, &who.to_lowercase(), who).await?;
    let mut mails = Vec::new();
    for target in targets {
        // Past the account's budget nothing is sent and the pending link stays as it was,
        // and the answer is the same: a flood of requests cannot fill its mailbox.
        let spent = rows::spend_account_mail(
            &mut tx,
            &target.id,
            now,
            ACCOUNT_MAIL_WINDOW_SECS,
            ACCOUNT_MAILS_PER_WINDOW,
        )
        .await?;
        if !spent {
            continue;
        }
        let token = new_token();
        rows::set_reset(
            &mut tx,
            &target.id,
            &accounts::token_hash(&token),
            now + RESET_SECS,
        )
        .await?;
        let t = tr(&target.language);
        let Some(address) = target.email else {
            continue;
        };
        let content = Content {
            lang: t.code(),
            subject: t.get("mail.reset.subject").to_owned(),
            paragraphs: vec![t.fmt("mail.reset.body", &[("name", &target.username)])],
            action: Some(Item {
                text: t.get("mail.reset.action").to_owned(),
                url: format!("{}/password/reset/{token}", state.config.public_url.base),
            }),
            footer: vec![t.get("mail.reset.footer").to_owned()],
            ..Content::default()
        };
        mails.push((address, content));
    }
    tx.commit().await?;
    tokio::spawn(async move {
        for (address, content) in mails {
            if let Err(error) = mailer.send(&address, &new_id(), &content).await {
                tracing::warn!(%error, "a password-reset mail was not sent");
            }
        }
    });
    Ok(())
}

/// Whether a reset link's `token` is pending (for the form's page).
///
/// # Errors
///
/// 422 `invalid_link`; database errors.
pub async fn check_reset(state: &Services, token: &str) -> Result<(), AppError> {
    if !valid_key(token) {
        return Err(bad_link());
    }
    let mut conn = state.db.pool.acquire().await?;
    if rows::reset_pending(&mut conn, &accounts::token_hash(token), state.now()).await? {
        Ok(())
    } else {
        Err(bad_link())
    }
}

/// Sets a new password through a reset link's `token`, spending it. Every session of
/// the account ends (whoever knew the old password is signed out); API tokens stay.
///
/// # Errors
///
/// 422 `invalid_link` or as [`accounts::validate_password`]; 503 `busy`; database
/// errors.
pub async fn reset_password(state: &Services, token: &str, password: &str) -> Result<(), AppError> {
    check_reset(state, token).await?;
    accounts::validate_password(password)?;
    let hash = state.hashing.hash(password.to_owned()).await?;
    let mut tx = state.db.begin_write().await?;
    let Some(user_id) =
        rows::take_reset(&mut tx, &accounts::token_hash(token), &hash, state.now()).await?
    else {
        tx.rollback().await?;
        return Err(bad_link());
    };
    rows::end_sessions(&mut tx, &user_id).await?;
    let signed_out = state.events.stage_signed_out(&mut tx, &user_id).await?;
    tx.commit().await?;
    signed_out.committed(&state.events);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_next_digest_is_the_next_local_hour() {
        // 2026-12-01T10:00:00Z.
        let now = 1_796_119_200;
        assert_eq!(next_digest_at(now, "UTC", 11), now + 3_600);
        assert_eq!(next_digest_at(now, "UTC", 10), now + DAY);
        assert_eq!(next_digest_at(now, "UTC", 9), now + DAY - 3_600);
        // Tallinn is UTC+2 in December: 12:00 there now, 13:00 in an hour.
        assert_eq!(next_digest_at(now, "Europe/Tallinn", 13), now + 3_600);
        assert_eq!(next_digest_at(now, "Nowhere/Else", 11), now + 3_600);
        assert_eq!(local(now, "Europe/Tallinn"), ("2026-12-01".to_owned(), 12));
    }
}
