//! The Web Push channel of the outbox: one encrypted message (RFC 8291, aes128gcm) to
//! each device of the player, signed with the server's VAPID key (RFC 8292).
//!
//! The message is JSON `{title, body, url, tag}` in the device's language (the page's
//! language when it subscribed); `tag` is per game (or challenge), so a newer message
//! replaces an older one on the device, and the push service's `Topic` is the same id,
//! so a newer message replaces one still waiting there. A push service's 404 or 410
//! deletes that device (it unsubscribed); 429, 5xx and network errors fail the send,
//! and the outbox tries it again after its backoff. Which devices a row has reached is
//! recorded (`push_deliveries`), so a retry sends only to the devices not reached yet.
//!
//! Each device gets [`DEVICE_TIMEOUT`], connecting included. A device whose sends fail
//! [`PAUSE_AFTER_FAILURES`] times in a row (timeouts, refused connections, error answers)
//! is paused: no push row is queued for it or sent to it any more, and its owner's
//! settings page says so, with a way to resume it. A message it takes sets its count
//! back to 0.

use futures_util::future::join_all;
use reqwest::{StatusCode, Url};
use serde_json::json;

use crate::{
    Services,
    jobs::delivery::{Outgoing, SendFuture, Sender},
    notifications::Notification,
    push::{VapidKeys, check_endpoint, check_keys, vapid_keys},
};
use store::push::{self as rows, SubscriptionRow};
use vocab::i18n::{Lang, Tr};

use store::notifications::Channel;

use crate::push::client::DEVICE_TIMEOUT;

/// Push rows sent at once: a few devices that never answer hold up at most this many,
/// and for at most [`DEVICE_TIMEOUT`].
pub const SENDS_AT_ONCE: usize = 8;

/// The failed sends in a row after which a device is paused.
pub const PAUSE_AFTER_FAILURES: i64 = 3;

/// One push message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    /// The notification's title.
    pub title: String,
    /// Its text.
    pub body: String,
    /// The page it opens (absolute, on `PUBLIC_URL`).
    pub url: String,
    /// Replaces an older notification with the same tag on the device.
    pub tag: String,
    /// How long the push service keeps it for an offline device (seconds).
    pub ttl: i64,
    /// `very-low`, `low`, `normal` or `high`.
    pub urgency: &'static str,
    /// The push service's topic (replaces a waiting message with the same topic).
    pub topic: Option<String>,
}

impl Message {
    /// The JSON the service worker reads.
    #[must_use]
    pub fn payload(&self) -> String {
        json!({"title": self.title, "body": self.body, "url": self.url, "tag": self.tag})
            .to_string()
    }
}

/// The message of `notice` in `lang`, linking under `base` (`PUBLIC_URL`).
#[must_use]
pub fn message(notice: &Notification, lang: Lang, base: &str) -> Message {
    let t = Tr::new(lang);
    let title_key = format!("push.title.{}", notice.kind);
    let title = if t.has(&title_key) {
        t.get(&title_key).to_owned()
    } else {
        t.get("push.title.other").to_owned()
    };
    let (tag, topic) = match (&notice.game_id, &notice.challenge_id) {
        (Some(game), _) => (format!("game-{game}"), Some(game.clone())),
        (None, Some(challenge)) => (format!("challenge-{challenge}"), Some(challenge.clone())),
        (None, None) => (format!("notice-{}", notice.id), None),
    };
    // RFC 8030: a topic is at most 32 characters of the base64url alphabet.
    let topic = topic.filter(|topic| {
        topic.len() <= 32
            && topic
                .bytes()
                .all(|byte| byte.is_ascii_alphanumeric() || byte == b'-' || byte == b'_')
    });
    let hour_left = notice.kind == "clock_warning" && notice.field("warning") == "hour_left";
    let ttl = match notice.kind.as_str() {
        // Worth delivering while the time it warns of lasts.
        "clock_warning" => notice
            .payload
            .get("seconds_left")
            .and_then(serde_json::Value::as_i64)
            .unwrap_or(3_600),
        "your_turn" => 3 * vocab::ids::DAY,
        _ => 7 * vocab::ids::DAY,
    }
    .clamp(60, 28 * vocab::ids::DAY);
    Message {
        title,
        body: crate::notifications::text_of(&t, notice),
        url: format!("{base}{}", notice.href()),
        tag,
        ttl,
        urgency: if hour_left { "high" } else { "normal" },
        topic,
    }
}

/// What became of one device's message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reached {
    /// The push service took it.
    Yes,
    /// The push service says the device is gone (404, 410).
    Gone,
}

/// The push channel.
#[derive(Debug, Clone, Copy, Default)]
pub struct PushSender;

impl Sender for PushSender {
    fn channel(&self) -> Channel {
        Channel::Push
    }

    fn parallel(&self) -> usize {
        SENDS_AT_ONCE
    }

    fn send<'a>(&'a self, state: &'a Services, outgoing: &'a Outgoing) -> SendFuture<'a> {
        Box::pin(send(state, outgoing))
    }
}

/// Whether the player is watching the notice's game right now (on any instance), in
/// which case the push is left out: the page already shows it.
async fn watching(state: &Services, user_id: &str, game_id: &str) -> Result<bool, String> {
    crate::events::presence::is_watching(state, user_id, game_id)
        .await
        .map_err(|error| error.to_string())
}

async fn send(state: &Services, outgoing: &Outgoing) -> Result<(), String> {
    let fail = |error: sqlx::Error| error.to_string();
    let notice = Notification::of_row(outgoing.notification.clone());
    if let Some(game) = &notice.game_id
        && watching(state, &outgoing.notification.user_id, game).await?
    {
        return Ok(());
    }
    let devices = {
        let mut conn = state.db.pool.acquire().await.map_err(fail)?;
        rows::unreached(
            &mut conn,
            &outgoing.delivery.id,
            &outgoing.notification.user_id,
        )
        .await
        .map_err(fail)?
    };
    if devices.is_empty() {
        return Ok(());
    }
    let keys = vapid_keys(state).await.map_err(|error| error.to_string())?;
    let allow_private = state.config.push.allow_http_endpoints;
    let client = state.push.client(allow_private)?;
    let results = join_all(devices.iter().map(|device| {
        let lang = Lang::parse(&device.lang).unwrap_or(Lang::En);
        let content = message(&notice, lang, &state.config.public_url.base);
        async move {
            let result = tokio::time::timeout(
                DEVICE_TIMEOUT,
                deliver(state, client, keys, device, &content),
            )
            .await
            .unwrap_or_else(|_| Err(format!("no answer within {DEVICE_TIMEOUT:?}")));
            (device, result)
        }
    }))
    .await;
    let mut errors = Vec::new();
    let mut conn = state.db.pool.acquire().await.map_err(fail)?;
    for (device, result) in results {
        match result {
            Ok(Reached::Yes) => {
                rows::mark_reached(&mut conn, &outgoing.delivery.id, &device.id, state.now())
                    .await
                    .map_err(fail)?;
            }
            Ok(Reached::Gone) => {
                rows::delete_gone(&mut conn, &device.id, &device.endpoint)
                    .await
                    .map_err(fail)?;
                tracing::info!(device = %device.id, "a push subscription is gone: deleted");
            }
            Err(error) => {
                let failures = rows::record_failure(
                    &mut conn,
                    &device.id,
                    &device.endpoint,
                    PAUSE_AFTER_FAILURES,
                    state.now(),
                )
                .await
                .map_err(fail)?;
                if failures == Some(PAUSE_AFTER_FAILURES) {
                    tracing::warn!(device = %device.id, %error,
                        "a push device failed {PAUSE_AFTER_FAILURES} times in a row: paused");
                }
                errors.push(format!("device {}: {error}", device.id));
            }
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join("; "))
    }
}

/// Sends `message` to one device.
async fn deliver(
    state: &Services,
    client: &reqwest::Client,
    keys: &VapidKeys,
    device: &SubscriptionRow,
    message: &Message,
) -> Result<Reached, String> {
    let endpoint: Url = check_endpoint(&device.endpoint, state.config.push.allow_http_endpoints)
        .map_err(|error| error.message())?;
    let (public, auth) = check_keys(&device.p256dh, &device.auth).map_err(|e| e.message())?;
    let body = web_push_native::encrypt(
        message.payload().into_bytes(),
        &public,
        &web_push_native::Auth::from(auth),
    )
    .map_err(|error| format!("encrypting: {error}"))?;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    let authorization = keys.authorization(&endpoint, &state.config.push.vapid_subject, now);
    let mut request = client
        .post(endpoint)
        .header("TTL", message.ttl.to_string())
        .header("Urgency", message.urgency)
        .header("Content-Encoding", "aes128gcm")
        .header("Content-Type", "application/octet-stream")
        .header("Authorization", authorization)
        .body(body);
    if let Some(topic) = &message.topic {
        request = request.header("Topic", topic);
    }
    let response = request
        .send()
        .await
        .map_err(|error| format!("sending: {error}"))?;
    match response.status() {
        status if status.is_success() => Ok(Reached::Yes),
        StatusCode::NOT_FOUND | StatusCode::GONE => Ok(Reached::Gone),
        status => Err(format!("the push service answered {status}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn notice(kind: &str, payload: serde_json::Value) -> Notification {
        Notification {
            id: "n1".to_owned(),
            kind: kind.to_owned(),
            game_id: Some("00ab12cd34ef5678".to_owned()),
            challenge_id: None,
            payload,
            created_at: 0,
            read_at: None,
        }
    }

    #[test]
    fn messages_say_what_happened_and_link_to_the_game() {
        let turn = notice(
            "your_turn",
            json!({"opponent": "anna", "variant": "chess", "ply": 3, "move": "Nf3"}),
        );
        let message = message(&turn, Lang::En, "https://games.example.org");
        assert_eq!(message.title, "Your turn");
        assert_eq!(
            message.body,
            "anna played Nf3 in your Chess game: your turn."
        );
        assert_eq!(
            message.url,
            "https://games.example.org/games/00ab12cd34ef5678"
        );
        assert_eq!(message.tag, "game-00ab12cd34ef5678");
        assert_eq!(message.topic.as_deref(), Some("00ab12cd34ef5678"));
        assert_eq!(message.urgency, "normal");
        let payload: serde_json::Value = serde_json::from_str(&message.payload()).unwrap();
        assert_eq!(payload["title"], "Your turn");
        let estonian = super::message(&turn, Lang::Et, "https://games.example.org");
        assert_ne!(estonian.title, message.title);
        assert!(!estonian.title.starts_with("push."));
    }

    #[test]
    fn the_last_hour_is_urgent_and_lives_as_long_as_the_time_left() {
        let warning = notice(
            "clock_warning",
            json!({"warning": "hour_left", "seconds_left": 3_500}),
        );
        let message = message(&warning, Lang::En, "https://x.example");
        assert_eq!(message.urgency, "high");
        assert_eq!(message.ttl, 3_500);
        let day = notice(
            "clock_warning",
            json!({"warning": "day_left", "seconds_left": 86_000}),
        );
        assert_eq!(super::message(&day, Lang::En, "").urgency, "normal");
    }
}
