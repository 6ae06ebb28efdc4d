//! Reading a request's cookies: the session, the language and the time zone each live in
//! one.

use axum::http::{HeaderMap, header};

/// The value of the cookie `name` in `headers` (the first, across every `Cookie`
/// header), trimmed; `None` when there is none.
#[must_use]
pub fn value<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(key, _)| *key == name)
        .map(|(_, value)| value.trim())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cookie_is_found_by_name_in_any_cookie_header() {
        let mut headers = HeaderMap::new();
        headers.append(
            header::COOKIE,
            "lang=et; tz=Europe/Tallinn".parse().unwrap(),
        );
        headers.append(header::COOKIE, "bg_session= abc ".parse().unwrap());
        assert_eq!(value(&headers, "tz"), Some("Europe/Tallinn"));
        assert_eq!(value(&headers, "bg_session"), Some("abc"));
        assert_eq!(value(&headers, "lan"), None);
    }
}
