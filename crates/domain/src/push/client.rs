//! What Web Push needs before any subscription: the server's VAPID key pair, and the
//! HTTP client that reaches only public addresses, kept once per process.

use std::{
    fmt,
    net::{IpAddr, Ipv4Addr, SocketAddr},
    sync::OnceLock,
    time::Duration,
};

use base64ct::{Base64UrlUnpadded, Encoding};
use rand::RngCore;
use reqwest::Url;
use web_push_native::p256::ecdsa::{Signature, SigningKey, signature::Signer};

/// How long one device's request may take, connecting included: a push service answers
/// within a second or two, and an endpoint that does not is not waited for (the sender
/// cuts each device off at the same time).
pub const DEVICE_TIMEOUT: Duration = Duration::from_secs(5);

/// How long a VAPID signature is valid (RFC 8292 allows at most 24 hours).
pub const VAPID_VALID_SECS: u64 = 12 * 3_600;

/// The server's VAPID key pair: it signs every push request, and browsers subscribe with
/// its public key.
#[derive(Clone)]
pub struct VapidKeys {
    signing: SigningKey,
    public: String,
}

impl fmt::Debug for VapidKeys {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("VapidKeys")
            .field("public", &self.public)
            .finish_non_exhaustive()
    }
}

/// Base64url text (padding tolerated) to bytes.
pub(crate) fn decode(text: &str) -> Option<Vec<u8>> {
    Base64UrlUnpadded::decode_vec(text.trim().trim_end_matches('=')).ok()
}

impl VapidKeys {
    fn of_signing(signing: SigningKey) -> VapidKeys {
        let point = signing.verifying_key().to_encoded_point(false);
        VapidKeys {
            public: Base64UrlUnpadded::encode_string(point.as_bytes()),
            signing,
        }
    }

    /// The key pair of a private key: 32 bytes in base64url.
    ///
    /// # Errors
    ///
    /// A message saying why the text is no P-256 private key.
    pub fn from_private(text: &str) -> Result<VapidKeys, String> {
        let bytes = decode(text).ok_or("expected base64url text")?;
        if bytes.len() != 32 {
            return Err(format!(
                "expected 32 bytes (a P-256 private key), found {}",
                bytes.len()
            ));
        }
        SigningKey::from_slice(&bytes)
            .map(VapidKeys::of_signing)
            .map_err(|_| "not a valid P-256 private key".to_owned())
    }

    /// A new random key pair.
    #[must_use]
    pub fn generate() -> VapidKeys {
        loop {
            let mut bytes = [0_u8; 32];
            rand::rng().fill_bytes(&mut bytes);
            // All but a vanishing share of 32-byte strings are valid scalars.
            if let Ok(signing) = SigningKey::from_slice(&bytes) {
                return VapidKeys::of_signing(signing);
            }
        }
    }

    /// The private key as base64url (to store it).
    #[must_use]
    pub fn private_text(&self) -> String {
        Base64UrlUnpadded::encode_string(&self.signing.to_bytes())
    }

    /// The public key: the uncompressed P-256 point in base64url, what browsers take as
    /// `applicationServerKey`.
    #[must_use]
    pub fn public_key(&self) -> &str {
        &self.public
    }

    /// The `Authorization` header for a push to `endpoint` (RFC 8292): `vapid t=<JWT>,
    /// k=<public key>`, the JWT signed with ES256 and claiming the endpoint's origin as
    /// `aud`, `subject` as `sub`, and an `exp` [`VAPID_VALID_SECS`] after `now` (unix
    /// seconds of the real clock: push services compare it with theirs).
    #[must_use]
    pub fn authorization(&self, endpoint: &Url, subject: &str, now: u64) -> String {
        let header = Base64UrlUnpadded::encode_string(br#"{"typ":"JWT","alg":"ES256"}"#);
        let claims = serde_json::json!({
            "aud": endpoint.origin().ascii_serialization(),
            "exp": now + VAPID_VALID_SECS,
            "sub": subject,
        });
        let claims = Base64UrlUnpadded::encode_string(claims.to_string().as_bytes());
        let signed = format!("{header}.{claims}");
        let signature: Signature = self.signing.sign(signed.as_bytes());
        let signature = Base64UrlUnpadded::encode_string(&signature.to_bytes());
        format!("vapid t={signed}.{signature}, k={}", self.public)
    }
}

/// Whether `ip` is an address on the public internet (not loopback, private, link-local,
/// shared, documentation, multicast or otherwise reserved).
#[must_use]
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(ip) => is_public_v4(ip),
        IpAddr::V6(ip) => {
            if let Some(v4) = ip.to_ipv4_mapped() {
                return is_public_v4(v4);
            }
            let first = ip.segments()[0];
            !(ip.is_loopback()
                || ip.is_unspecified()
                || ip.is_multicast()
                // unique local fc00::/7, link-local fe80::/10
                || (first & 0xfe00) == 0xfc00
                || (first & 0xffc0) == 0xfe80
                // documentation 2001:db8::/32, NAT64 64:ff9b::/96 (may reach IPv4 inside)
                || (first == 0x2001 && ip.segments()[1] == 0x0db8)
                || (first == 0x0064 && ip.segments()[1] == 0xff9b))
        }
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_broadcast()
        || ip.is_documentation()
        || ip.is_unspecified()
        || ip.is_multicast()
        || a == 0
        || a >= 240
        // shared address space 100.64.0.0/10
        || (a == 100 && (b & 0xc0) == 64)
        // IETF protocol assignments 192.0.0.0/24, benchmarking 198.18.0.0/15
        || (a == 192 && b == 0 && c == 0)
        || (a == 198 && (b & 0xfe) == 18))
}

/// What the push channel keeps per process: the VAPID key pair once read, and the HTTP
/// client.
#[derive(Debug, Default)]
pub struct PushContext {
    /// The VAPID key pair ([`vapid_keys`](super::vapid_keys) fills it).
    pub keys: tokio::sync::OnceCell<VapidKeys>,
    client: OnceLock<Result<reqwest::Client, String>>,
}

impl PushContext {
    /// The HTTP client: HTTPS by rustls, no redirects followed, and (unless
    /// `allow_private`) a resolver that connects only to public addresses.
    pub(crate) fn client(&self, allow_private: bool) -> Result<&reqwest::Client, String> {
        self.client
            .get_or_init(|| {
                let mut builder = reqwest::Client::builder()
                    .timeout(DEVICE_TIMEOUT)
                    .connect_timeout(DEVICE_TIMEOUT)
                    .redirect(reqwest::redirect::Policy::none())
                    .user_agent("boardgames-push");
                if !allow_private {
                    builder = builder.dns_resolver(std::sync::Arc::new(PublicOnly));
                }
                builder.build().map_err(|error| error.to_string())
            })
            .as_ref()
            .map_err(Clone::clone)
    }
}

/// Resolves host names to their public addresses only, so a push endpoint cannot lead
/// the server into its own network.
struct PublicOnly;

impl reqwest::dns::Resolve for PublicOnly {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let found: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0))
                .await?
                .filter(|address| is_public(address.ip()))
                .collect();
            if found.is_empty() {
                return Err(format!("{host} has no public address").into());
            }
            let addresses: reqwest::dns::Addrs = Box::new(found.into_iter());
            Ok(addresses)
        })
    }
}
