//! Web Push: the server's VAPID key pair, and the devices players subscribe.
//!
//! A device is a browser's push subscription: the push service's endpoint and the
//! browser's keys. Endpoints are checked before they are stored, and again when a message
//! is sent ([`crate::jobs::push`]), so that a subscriber cannot make the server post into
//! its own network: an endpoint is an `https` URL on a host name (no IP literal, no
//! `localhost`), and every address the name resolves to must be public.
//! `PUSH_ALLOW_HTTP_ENDPOINTS` lifts both rules, for tests and development only.
//!
//! A device that keeps failing is paused by the sender; subscribing it again, or
//! [`resume`], sends to it again.

use std::net::IpAddr;

use reqwest::Url;
use web_push_native::p256;

pub mod client;

pub use client::{VAPID_VALID_SECS, VapidKeys, is_public};

use client::decode;

use crate::{Services, accounts::user::User};
use store::push::{self as rows, SubscriptionRow};
use vocab::error::AppError;

/// Devices one player may subscribe.
pub const MAX_DEVICES: i64 = 10;

/// The longest endpoint accepted.
pub const MAX_ENDPOINT_LEN: usize = 1024;

/// The VAPID key pair of this server: `VAPID_PRIVATE_KEY` when configured, else the
/// pair stored in the database, generated and stored on first use (an insert if absent,
/// then a read, so instances starting at once end with one pair). Read once per process.
///
/// # Errors
///
/// Database errors; a stored key that is no longer readable.
pub async fn vapid_keys(state: &Services) -> Result<&VapidKeys, AppError> {
    state
        .push
        .keys
        .get_or_try_init(|| async {
            if let Some(key) = &state.config.push.vapid_private_key {
                return VapidKeys::from_private(key.expose()).map_err(AppError::internal);
            }
            let fresh = VapidKeys::generate();
            let mut conn = state.db.pool.acquire().await?;
            let (private, _) = rows::vapid_keys(
                &mut conn,
                &fresh.private_text(),
                fresh.public_key(),
                state.now(),
            )
            .await?;
            VapidKeys::from_private(&private)
                .map_err(|error| AppError::internal(format!("the stored VAPID key: {error}")))
        })
        .await
}

/// Checks a subscription's endpoint; see the module's text for the rules.
///
/// # Errors
///
/// 422 `invalid_push_endpoint`, saying what is wrong.
pub fn check_endpoint(text: &str, allow_http: bool) -> Result<Url, AppError> {
    let bad = |message: &str| AppError::invalid("invalid_push_endpoint", message.to_owned());
    if text.len() > MAX_ENDPOINT_LEN {
        return Err(bad("the endpoint is longer than 1024 characters"));
    }
    let url = Url::parse(text).map_err(|_| bad("the endpoint is not a URL"))?;
    match url.scheme() {
        "https" => {}
        "http" if allow_http => {}
        _ => return Err(bad("the endpoint must be an https URL")),
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(bad("the endpoint must not carry a user name or password"));
    }
    if url.fragment().is_some() {
        return Err(bad("the endpoint must not have a fragment"));
    }
    let Some(host) = url.host_str() else {
        return Err(bad("the endpoint has no host"));
    };
    if !allow_http {
        let bare = host.trim_start_matches('[').trim_end_matches(']');
        if bare.parse::<IpAddr>().is_ok() {
            return Err(bad("the endpoint must name its host, not an address"));
        }
        let name = host.trim_end_matches('.').to_ascii_lowercase();
        if !name.contains('.')
            || name == "localhost"
            || name.ends_with(".localhost")
            || name.ends_with(".local")
            || name.ends_with(".internal")
        {
            return Err(bad("the endpoint must be on a push service's public host"));
        }
    }
    Ok(url)
}

/// Checks a subscription's keys: `p256dh` a P-256 public key (65 bytes, uncompressed),
/// `auth` a 16-byte secret, both base64url. Returns them decoded.
///
/// # Errors
///
/// 422 `invalid_push_keys`, saying which key is wrong.
pub fn check_keys(p256dh: &str, auth: &str) -> Result<(p256::PublicKey, [u8; 16]), AppError> {
    let key = decode(p256dh)
        .filter(|bytes| bytes.len() == 65)
        .and_then(|bytes| p256::PublicKey::from_sec1_bytes(&bytes).ok())
        .ok_or_else(|| {
            AppError::invalid(
                "invalid_push_keys",
                "keys.p256dh must be a P-256 public key in base64url (65 bytes)",
            )
        })?;
    let secret = decode(auth)
        .and_then(|bytes| <[u8; 16]>::try_from(bytes).ok())
        .ok_or_else(|| {
            AppError::invalid(
                "invalid_push_keys",
                "keys.auth must be 16 bytes in base64url",
            )
        })?;
    Ok((key, secret))
}

/// A short name for the device of a `User-Agent`: "Firefox on Linux".
#[must_use]
pub fn device_label(user_agent: &str) -> String {
    let browser = [
        ("Edg/", "Edge"),
        ("OPR/", "Opera"),
        ("Firefox/", "Firefox"),
        ("Chrome/", "Chrome"),
        ("Safari/", "Safari"),
    ]
    .into_iter()
    .find(|(mark, _)| user_agent.contains(mark))
    .map(|(_, name)| name);
    let system = [
        ("Android", "Android"),
        ("iPhone", "iOS"),
        ("iPad", "iPadOS"),
        ("Windows", "Windows"),
        ("Mac OS X", "macOS"),
        ("CrOS", "ChromeOS"),
        ("Linux", "Linux"),
    ]
    .into_iter()
    .find(|(mark, _)| user_agent.contains(mark))
    .map(|(_, name)| name);
    match (browser, system) {
        (Some(browser), Some(system)) => format!("{browser} on {system}"),
        (Some(name), None) | (None, Some(name)) => name.to_owned(),
        (None, None) => "a browser".to_owned(),
    }
}

/// A browser's subscription as it arrives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subscribe<'a> {
    /// `PushSubscription.endpoint`.
    pub endpoint: &'a str,
    /// `keys.p256dh`.
    pub p256dh: &'a str,
    /// `keys.auth`.
    pub auth: &'a str,
    /// The request's `User-Agent`.
    pub user_agent: &'a str,
    /// The page's language code.
    pub lang: &'a str,
}

/// Subscribes a device of `user` (or renews its keys when its endpoint is stored).
///
/// # Errors
///
/// 422 `invalid_push_endpoint` or `invalid_push_keys`; 409 `too_many_devices` when the
/// player has [`MAX_DEVICES`] others; database errors.
pub async fn subscribe(
    state: &Services,
    user: &User,
    new: &Subscribe<'_>,
) -> Result<SubscriptionRow, AppError> {
    let endpoint = check_endpoint(new.endpoint, state.config.push.allow_http_endpoints)?;
    check_keys(new.p256dh, new.auth)?;
    let label = device_label(new.user_agent);
    let mut tx = state.db.begin_write().await?;
    rows::lock_player(&mut tx, &user.id).await?;
    if rows::count_others(&mut tx, &user.id, endpoint.as_str()).await? >= MAX_DEVICES {
        tx.rollback().await?;
        return Err(AppError::conflict(
            "too_many_devices",
            format!("at most {MAX_DEVICES} devices may be notified; remove one first"),
        ));
    }
    let row = rows::save(
        &mut tx,
        &SubscriptionRow {
            id: vocab::ids::new_id(),
            user_id: user.id.clone(),
            endpoint: endpoint.into(),
            p256dh: new.p256dh.trim().trim_end_matches('=').to_owned(),
            auth: new.auth.trim().trim_end_matches('=').to_owned(),
            label,
            lang: new.lang.to_owned(),
            created_at: state.now(),
            last_success_at: None,
            failures: 0,
            paused_at: None,
        },
    )
    .await?;
    tx.commit().await?;
    Ok(row)
}

/// `user`'s devices, oldest first.
///
/// # Errors
///
/// Database errors.
pub async fn devices(state: &Services, user: &User) -> Result<Vec<SubscriptionRow>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    Ok(rows::of_user(&mut conn, &user.id).await?)
}

/// Sends to device `id` of `user` again after it was paused ([`crate::jobs::push`]): its
/// failures are forgotten.
///
/// # Errors
///
/// 404 when `user` has no such device; database errors.
pub async fn resume(state: &Services, user: &User, id: &str) -> Result<(), AppError> {
    if store::names_nothing(id) {
        return Err(AppError::NotFound("push subscription"));
    }
    let mut conn = state.db.pool.acquire().await?;
    if rows::resume(&mut conn, &user.id, id).await? {
        Ok(())
    } else {
        Err(AppError::NotFound("push subscription"))
    }
}

/// Removes device `id` of `user`.
///
/// # Errors
///
/// 404 when `user` has no such device; database errors.
pub async fn unsubscribe(state: &Services, user: &User, id: &str) -> Result<(), AppError> {
    if store::names_nothing(id) {
        return Err(AppError::NotFound("push subscription"));
    }
    let mut conn = state.db.pool.acquire().await?;
    if rows::delete(&mut conn, &user.id, id).await? {
        Ok(())
    } else {
        Err(AppError::NotFound("push subscription"))
    }
}

#[cfg(test)]
mod tests {
    use base64ct::{Base64UrlUnpadded, Encoding};
    use web_push_native::p256::ecdsa::Signature;

    use super::*;

    #[test]
    fn keys_read_back_from_their_private_text() {
        let keys = VapidKeys::generate();
        let again = VapidKeys::from_private(&keys.private_text()).unwrap();
        assert_eq!(again.public_key(), keys.public_key());
        assert_eq!(decode(keys.public_key()).unwrap().len(), 65);
        assert!(VapidKeys::from_private("abc").is_err());
        assert!(VapidKeys::from_private(&"A".repeat(43)).is_err(), "zero");
        assert!(!format!("{keys:?}").contains(&keys.private_text()));
    }

    #[test]
    fn the_authorization_is_a_verifiable_es256_jwt_for_the_origin() {
        use p256::ecdsa::{VerifyingKey, signature::Verifier};
        let keys = VapidKeys::generate();
        let endpoint = Url::parse("https://push.example.net:8443/send/abc").unwrap();
        let header = keys.authorization(&endpoint, "mailto:a@example.org", 1_000);
        let rest = header.strip_prefix("vapid t=").unwrap();
        let (token, k) = rest.split_once(", k=").unwrap();
        assert_eq!(k, keys.public_key());
        let (signed, signature) = token.rsplit_once('.').unwrap();
        let claims = signed.split_once('.').unwrap().1;
        let claims: serde_json::Value = serde_json::from_slice(&decode(claims).unwrap()).unwrap();
        assert_eq!(claims["aud"], "https://push.example.net:8443");
        assert_eq!(claims["exp"], 1_000 + VAPID_VALID_SECS);
        assert_eq!(claims["sub"], "mailto:a@example.org");
        let key = VerifyingKey::from_sec1_bytes(&decode(k).unwrap()).unwrap();
        let signature = Signature::from_slice(&decode(signature).unwrap()).unwrap();
        assert!(key.verify(signed.as_bytes(), &signature).is_ok());
    }

    #[test]
    fn endpoints_must_be_https_on_a_public_host_name() {
        for good in [
            "https://fcm.googleapis.com/fcm/send/abc:def",
            "https://updates.push.services.mozilla.com/wpush/v2/gAAA",
        ] {
            assert!(check_endpoint(good, false).is_ok(), "{good}");
        }
        for bad in [
            "http://fcm.googleapis.com/x",
            "https://127.0.0.1/x",
            "https://[::1]/x",
            "https://10.0.0.5/x",
            "https://localhost/x",
            "https://db.internal/x",
            "https://metadata/x",
            "https://user:pw@push.example.org/x",
            "ftp://push.example.org/x",
            "not a url",
            "javascript:alert(1)",
        ] {
            let error = check_endpoint(bad, false).unwrap_err();
            assert_eq!(error.code(), "invalid_push_endpoint", "{bad}");
        }
        let long = format!("https://push.example.org/{}", "a".repeat(MAX_ENDPOINT_LEN));
        assert!(check_endpoint(&long, false).is_err());
        assert!(check_endpoint("http://127.0.0.1:9/x", true).is_ok());
        assert!(check_endpoint("ftp://127.0.0.1/x", true).is_err());
    }

    #[test]
    fn only_public_addresses_are_public() {
        for private in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "::1",
            "fd00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "64:ff9b::a00:1",
        ] {
            assert!(!is_public(private.parse().unwrap()), "{private}");
        }
        for public in ["8.8.8.8", "142.250.74.10", "2a00:1450:4001::200e"] {
            assert!(is_public(public.parse().unwrap()), "{public}");
        }
    }

    #[test]
    fn keys_are_checked() {
        let point = VapidKeys::generate().public_key().to_owned();
        let auth = Base64UrlUnpadded::encode_string(&[7; 16]);
        assert!(check_keys(&point, &auth).is_ok());
        assert!(check_keys(&point, &format!("{auth}==")).is_ok());
        assert!(check_keys(&point, "AAAA").is_err());
        assert!(check_keys(&point[..40], &auth).is_err());
        assert!(
            check_keys(&"A".repeat(87), &auth).is_err(),
            "not on the curve"
        );
    }

    #[test]
    fn devices_get_short_labels() {
        let firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
        assert_eq!(device_label(firefox), "Firefox on Linux");
        let chrome = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) \
            Chrome/126.0 Mobile Safari/537.36";
        assert_eq!(device_label(chrome), "Chrome on Android");
        assert_eq!(device_label(""), "a browser");
    }
}
