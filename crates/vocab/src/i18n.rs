//! Translations: one flat TOML file per language under `locales/`, read once.
//!
//! The language comes from the `lang` cookie (set by the header switch), else from
//! `Accept-Language`, else English. `GET /lang/{code}` is the switch.

use std::{collections::HashMap, sync::OnceLock};

use axum::http::{HeaderMap, header};

/// A language the site speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    /// English (the default).
    En,
    /// Estonian.
    Et,
}

/// The name of the language cookie.
pub const LANG_COOKIE: &str = "lang";

impl Lang {
    /// Every language, in the order the switch shows them.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Et];

    /// The language tag: `en` or `et`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Et => "et",
        }
    }

    /// Reads `en` or `et` (ignoring region and case: `et-EE`).
    #[must_use]
    pub fn parse(text: &str) -> Option<Lang> {
        let primary = text.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Lang::En),
            "et" => Some(Lang::Et),
            _ => None,
        }
    }

    /// The language for a request: the cookie, else the best `Accept-Language` match,
    /// else English.
    #[must_use]
    pub fn from_headers(headers: &HeaderMap) -> Lang {
        crate::cookies::value(headers, LANG_COOKIE)
            .and_then(Lang::parse)
            .or_else(|| {
                headers
                    .get(header::ACCEPT_LANGUAGE)
                    .and_then(|value| value.to_str().ok())
                    .and_then(Lang::from_accept_language)
            })
            .unwrap_or(Lang::En)
    }

    /// The supported language the header prefers most (highest `q`, then first listed).
    #[must_use]
    pub fn from_accept_language(header: &str) -> Option<Lang> {
        let mut best: Option<(f32, Lang)> = None;
        for part in header.split(',') {
            let mut pieces = part.split(';');
            let Some(lang) = pieces.next().and_then(Lang::parse) else {
                continue;
            };
            let q = pieces
                .filter_map(|p| p.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            if q > 0.0 && best.is_none_or(|(best_q, _)| q > best_q) {
                best = Some((q, lang));
            }
        }
        best.map(|(_, lang)| lang)
    }
}

/// One language's texts by key. The keys come from the locale files alone (nothing a
/// visitor sends is ever stored), so a fast fixed hash serves: every page looks up
/// dozens.
type Strings = HashMap<String, String, foldhash::fast::FixedState>;

fn parse(text: &str, file: &str) -> Strings {
    match toml::from_str::<Strings>(text) {
        Ok(strings) => strings,
        Err(error) => panic!("locales/{file} is not a flat TOML table of strings: {error}"),
    }
}

fn strings(lang: Lang) -> &'static Strings {
    static EN: OnceLock<Strings> = OnceLock::new();
    static ET: OnceLock<Strings> = OnceLock::new();
    match lang {
        Lang::En => EN.get_or_init(|| parse(include_str!("../../../locales/en.toml"), "en.toml")),
        Lang::Et => ET.get_or_init(|| parse(include_str!("../../../locales/et.toml"), "et.toml")),
    }
}

/// The translator for one language, handed to every template.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tr {
    /// Its language.
    pub lang: Lang,
}

impl Tr {
    /// The translator for `lang`.
    #[must_use]
    pub const fn new(lang: Lang) -> Tr {
        Tr { lang }
    }

    /// The text of `key`; the key itself when it is missing (a test keeps the files
    /// complete).
    #[must_use]
    pub fn get<'a>(&self, key: &'a str) -> &'a str {
        strings(self.lang).get(key).map_or(key, String::as_str)
    }

    /// Whether `key` exists.
    #[must_use]
    pub fn has(&self, key: &str) -> bool {
        strings(self.lang).contains_key(key)
    }

    /// The text of `key` with each `{name}` replaced by its value, in one pass (a value
    /// is never read for placeholders itself); a placeholder without a value stays as it
    /// is.
    #[must_use]
    pub fn fmt(&self, key: &str, args: &[(&str, &str)]) -> String {
        let template = self.get(key);
        let mut text = String::with_capacity(
            template.len() + args.iter().map(|(_, value)| value.len()).sum::<usize>(),
        );
        let mut rest = template;
        while let Some(open) = rest.find('{') {
            text.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            let value = after.find('}').and_then(|close| {
                let name = &after[..close];
                let (_, value) = args.iter().find(|(wanted, _)| *wanted == name)?;
                Some((*value, close))
            });
            match value {
                Some((value, close)) => {
                    text.push_str(value);
                    rest = &after[close + 1..];
                }
                None => {
                    text.push('{');
                    rest = after;
                }
            }
        }
        text.push_str(rest);
        text
    }

    /// The text of a count: `{key}.one` when `n` is 1, else `{key}.other` (English and
    /// Estonian both have these two forms), with `{n}` and each `{name}` of `args` filled.
    #[must_use]
    pub fn count(&self, key: &str, n: i64, args: &[(&str, &str)]) -> String {
        let form = if n == 1 { "one" } else { "other" };
        let n = n.to_string();
        let mut all = vec![("n", n.as_str())];
        all.extend_from_slice(args);
        self.fmt(&format!("{key}.{form}"), &all)
    }

    /// The language code, for `<html lang>`.
    #[must_use]
    pub const fn code(&self) -> &'static str {
        self.lang.code()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use axum::http::HeaderValue;

    use super::*;

    fn keys(lang: Lang) -> BTreeSet<&'static str> {
        strings(lang).keys().map(String::as_str).collect()
    }

    #[test]
    fn every_key_exists_in_every_language() {
        let en = keys(Lang::En);
        let et = keys(Lang::Et);
        let only_en: Vec<_> = en.difference(&et).collect();
        let only_et: Vec<_> = et.difference(&en).collect();
        assert!(only_en.is_empty(), "keys missing in et.toml: {only_en:?}");
        assert!(only_et.is_empty(), "keys missing in en.toml: {only_et:?}");
        assert!(en.len() > 100, "only {} keys", en.len());
    }

    #[test]
    fn no_translation_is_empty_and_placeholders_match() {
        for key in keys(Lang::En) {
            let en = Tr::new(Lang::En).get(key);
            let et = Tr::new(Lang::Et).get(key);
            assert!(!en.trim().is_empty() && !et.trim().is_empty(), "{key}");
            let names = |text: &str| -> BTreeSet<String> {
                text.split('{')
                    .skip(1)
                    .filter_map(|rest| rest.split_once('}').map(|(name, _)| name.to_owned()))
                    .collect()
            };
            assert_eq!(names(en), names(et), "placeholders of {key}");
        }
    }

    #[test]
    fn the_cookie_wins_over_accept_language() {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::ACCEPT_LANGUAGE,
            HeaderValue::from_static("en-GB,en;q=0.9"),
        );
        headers.insert(header::COOKIE, HeaderValue::from_static("a=b; lang=et"));
        assert_eq!(Lang::from_headers(&headers), Lang::Et);
    }

    #[test]
    fn accept_language_picks_the_highest_supported_q() {
        assert_eq!(
            Lang::from_accept_language("de, et;q=0.5, en;q=0.4"),
            Some(Lang::Et)
        );
        assert_eq!(
            Lang::from_accept_language("et-EE;q=0.3, en-US"),
            Some(Lang::En)
        );
        assert_eq!(Lang::from_accept_language("fr, de"), None);
        assert_eq!(Lang::from_headers(&HeaderMap::new()), Lang::En);
    }

    #[test]
    fn formatting_fills_placeholders() {
        let t = Tr::new(Lang::En);
        assert_eq!(
            t.fmt("notifications.bell", &[("n", "3")]),
            "Notifications: 3 unread"
        );
        // One pass: a value that looks like a placeholder is kept as it is, and a
        // placeholder without a value stays.
        assert_eq!(
            t.fmt("label.piece", &[("square", "{piece}"), ("color", "white")]),
            "{piece}, white {piece}"
        );
        assert_eq!(
            t.fmt("notifications.bell", &[]),
            "Notifications: {n} unread"
        );
    }

    #[test]
    fn counts_take_the_singular_for_one() {
        let (en, et) = (Tr::new(Lang::En), Tr::new(Lang::Et));
        assert_eq!(en.count("home.your_turn", 1, &[]), "Your turn in 1 game");
        assert_eq!(en.count("home.your_turn", 3, &[]), "Your turn in 3 games");
        assert_eq!(en.count("home.your_turn", 0, &[]), "Your turn in 0 games");
        assert_eq!(et.count("home.your_turn", 3, &[]), "Sinu käik 3 mängus");
        let detail = |t: &Tr, n| t.count("player.rating_detail", n, &[("deviation", "60")]);
        assert!(detail(&en, 1).starts_with("Deviation 60, 1 rated game."));
        assert!(detail(&en, 2).starts_with("Deviation 60, 2 rated games."));
        assert!(detail(&et, 1).starts_with("Hälve 60, 1 reitingumäng."));
        assert!(detail(&et, 2).starts_with("Hälve 60, 2 reitingumängu."));
        // Every counted text has both forms in both languages.
        for lang in Lang::ALL {
            let keys = keys(lang);
            for key in &keys {
                if let Some(base) = key.strip_suffix(".one") {
                    let other = format!("{base}.other");
                    assert!(
                        keys.contains(other.as_str()) || keys.contains(base),
                        "{key} without its other form"
                    );
                }
            }
        }
    }
}
