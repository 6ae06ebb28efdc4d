//! Random ids and secret tokens, and the length of a day.

use rand::RngCore;

/// A new random id: 16 lower-case hex digits (64 bits).
#[must_use]
pub fn new_id() -> String {
    hex(&rand::rng().next_u64().to_be_bytes())
}

/// A new secret token: 256 random bits as 64 hex digits.
#[must_use]
pub fn new_token() -> String {
    let mut bytes = [0_u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    hex(&bytes)
}

/// Lower-case hex of `bytes`.
#[must_use]
pub fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes
        .iter()
        .fold(String::with_capacity(bytes.len() * 2), |mut out, byte| {
            let _ = write!(out, "{byte:02x}");
            out
        })
}

/// Seconds in a day.
pub const DAY: i64 = 86_400;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_tokens_are_hex_of_the_right_length_and_differ() {
        assert_eq!(new_id().len(), 16);
        let token = new_token();
        assert_eq!(token.len(), 64);
        assert!(token.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_ne!(new_token(), token);
        assert_eq!(hex(&[0, 171, 255]), "00abff");
    }
}
