//! Translations in Project Fluent: `locales/{code}/{area}.ftl`, compiled into the binary
//! and read once per language.
//!
//! The code names a text by a dotted key (`nav.lobby`); its Fluent message id is the same
//! key with each dot written as a hyphen (`nav-lobby`), as Fluent ids have no dots. The
//! language comes from the `lang` cookie (set by the header switch), else from
//! `Accept-Language`, else English. `GET /lang/{code}` is the switch. How to add a
//! language: `docs/translating.md`.

use std::{collections::HashMap, sync::OnceLock};

use axum::http::{HeaderMap, header};
use fluent_bundle::{FluentArgs, FluentResource, FluentValue, concurrent::FluentBundle};
use fluent_syntax::ast;
use intl_pluralrules::{PluralCategory, PluralRuleType, PluralRules};

/// A language the site speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    /// Czech.
    Cs,
    /// German.
    De,
    /// English (the default, and the language every other is checked against).
    En,
    /// Spanish.
    Es,
    /// Estonian.
    Et,
    /// French.
    Fr,
    /// Russian.
    Ru,
}

/// The name of the language cookie.
pub const LANG_COOKIE: &str = "lang";

/// The files of each language, one per area of the site, in this order.
const AREAS: [&str; 10] = [
    "site",
    "game",
    "lobby",
    "tournaments",
    "rules",
    "players",
    "settings",
    "notifications",
    "admin",
    "errors",
];

/// The sources of one language's files, in the order of [`AREAS`].
macro_rules! sources {
    ($code:literal) => {
        [
            include_str!(concat!("../../../locales/", $code, "/site.ftl")),
            include_str!(concat!("../../../locales/", $code, "/game.ftl")),
            include_str!(concat!("../../../locales/", $code, "/lobby.ftl")),
            include_str!(concat!("../../../locales/", $code, "/tournaments.ftl")),
            include_str!(concat!("../../../locales/", $code, "/rules.ftl")),
            include_str!(concat!("../../../locales/", $code, "/players.ftl")),
            include_str!(concat!("../../../locales/", $code, "/settings.ftl")),
            include_str!(concat!("../../../locales/", $code, "/notifications.ftl")),
            include_str!(concat!("../../../locales/", $code, "/admin.ftl")),
            include_str!(concat!("../../../locales/", $code, "/errors.ftl")),
        ]
    };
}

impl Lang {
    /// Every language, in the order the switch shows them (by code).
    pub const ALL: [Lang; 7] = [
        Lang::Cs,
        Lang::De,
        Lang::En,
        Lang::Es,
        Lang::Et,
        Lang::Fr,
        Lang::Ru,
    ];

    /// The language tag: `en`, `et`, `de`...
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Lang::Cs => "cs",
            Lang::De => "de",
            Lang::En => "en",
            Lang::Es => "es",
            Lang::Et => "et",
            Lang::Fr => "fr",
            Lang::Ru => "ru",
        }
    }

    /// The language's name in itself, for the switch.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Lang::Cs => "Čeština",
            Lang::De => "Deutsch",
            Lang::En => "English",
            Lang::Es => "Español",
            Lang::Et => "Eesti",
            Lang::Fr => "Français",
            Lang::Ru => "Русский",
        }
    }

    /// Reads a language tag, ignoring region, script and case (`et-EE`, `de_AT`).
    #[must_use]
    pub fn parse(text: &str) -> Option<Lang> {
        let primary = text.trim().split(['-', '_']).next()?;
        Lang::ALL
            .into_iter()
            .find(|lang| primary.eq_ignore_ascii_case(lang.code()))
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
    /// A long header is read only so far: nobody lists more than a few dozen languages.
    #[must_use]
    pub fn from_accept_language(header: &str) -> Option<Lang> {
        let mut best: Option<(f32, Lang)> = None;
        for part in header.split(',').take(64) {
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

    const fn index(self) -> usize {
        self as usize
    }

    fn sources(self) -> [&'static str; 10] {
        match self {
            Lang::Cs => sources!("cs"),
            Lang::De => sources!("de"),
            Lang::En => sources!("en"),
            Lang::Es => sources!("es"),
            Lang::Et => sources!("et"),
            Lang::Fr => sources!("fr"),
            Lang::Ru => sources!("ru"),
        }
    }
}

/// A fast fixed hash by Fluent id: the ids come from the files alone (nothing a visitor
/// sends is ever stored), and every page looks up dozens.
type ById<T> = HashMap<String, T, foldhash::fast::FixedState>;

/// One language's messages: the Fluent bundle, and what can be rendered once when the
/// language loads rather than on every page.
struct Catalog {
    bundle: FluentBundle<FluentResource>,
    /// Every message with each variable left as `{name}` (what [`Tr::get`] gives: most
    /// lookups have no variables, and the page script fills some in itself).
    plain: ById<String>,
    /// Each message whose one variable is the count `$n`, said for each plural category
    /// of whole numbers with the count left as `{n}` (see [`Tr::plural_templates`]).
    counted: ById<Vec<(&'static str, String)>>,
}

impl Catalog {
    fn load(lang: Lang) -> Catalog {
        let locale = lang
            .code()
            .parse()
            .unwrap_or_else(|_| panic!("{} is a language tag", lang.code()));
        let mut bundle = FluentBundle::new_concurrent(vec![locale]);
        // The texts go into HTML and e-mail, not into text mixed with other scripts: no
        // bidirectional isolation marks around values.
        bundle.set_use_isolating(false);
        let mut ids = Vec::new();
        for (area, source) in AREAS.iter().zip(lang.sources()) {
            let file = format!("locales/{}/{area}.ftl", lang.code());
            let resource = FluentResource::try_new(source.to_owned())
                .unwrap_or_else(|(_, errors)| panic!("{file} does not parse: {errors:?}"));
            ids.extend(resource.entries().filter_map(|entry| match entry {
                ast::Entry::Message(message) => Some(message.id.name.to_owned()),
                _ => None,
            }));
            if let Err(errors) = bundle.add_resource(resource) {
                panic!("{file}: {errors:?}");
            }
        }
        let forms = plural_forms(lang);
        let mut plain = ById::with_capacity_and_hasher(ids.len(), Default::default());
        let mut counted = ById::default();
        for id in ids {
            let message = bundle.get_message(&id).expect("a message just added");
            let Some(pattern) = message.value() else {
                continue;
            };
            let mut names = Vec::new();
            variables_of(pattern, &mut names);
            let mut args = FluentArgs::with_capacity(names.len());
            for name in &names {
                args.set(*name, format!("{{{name}}}"));
            }
            let mut errors = Vec::new();
            let text = bundle
                .format_pattern(pattern, Some(&args), &mut errors)
                .into_owned();
            if names == ["n"] {
                let templates = forms
                    .iter()
                    .map(|(form, n)| {
                        let mut args = FluentArgs::new();
                        args.set("n", FluentValue::from(*n));
                        let said = bundle.format_pattern(pattern, Some(&args), &mut errors);
                        let number = n.to_string();
                        // The count is the only number these texts show; should a text
                        // carry another, the template is the plain text.
                        let template = if said.matches(number.as_str()).count() == 1 {
                            said.replacen(number.as_str(), "{n}", 1)
                        } else {
                            text.clone()
                        };
                        (*form, template)
                    })
                    .collect();
                counted.insert(id.clone(), templates);
            }
            plain.insert(id, text);
        }
        Catalog {
            bundle,
            plain,
            counted,
        }
    }
}

/// Each plural category whole numbers fall in, in `lang`, with the smallest such number.
fn plural_forms(lang: Lang) -> Vec<(&'static str, i64)> {
    let locale: unic_langid::LanguageIdentifier = lang.code().parse().unwrap_or_default();
    let Ok(rules) = PluralRules::create(locale, PluralRuleType::CARDINAL) else {
        return vec![("other", 0)];
    };
    let mut forms: Vec<(&'static str, i64)> = Vec::new();
    // Every language's whole-number categories show up below 200 (CLDR's rules look at
    // the last two digits, and at 0 and 1).
    for n in 0..200_i64 {
        let name = match rules.select(n) {
            Ok(PluralCategory::ZERO) => "zero",
            Ok(PluralCategory::ONE) => "one",
            Ok(PluralCategory::TWO) => "two",
            Ok(PluralCategory::FEW) => "few",
            Ok(PluralCategory::MANY) => "many",
            Ok(PluralCategory::OTHER) | Err(_) => "other",
        };
        if !forms.iter().any(|(form, _)| *form == name) {
            forms.push((name, n));
        }
    }
    forms
}

/// The names of the variables `pattern` reads, selectors included.
fn variables_of<'s>(pattern: &ast::Pattern<&'s str>, names: &mut Vec<&'s str>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            variables_in(expression, names);
        }
    }
}

fn variables_in<'s>(expression: &ast::Expression<&'s str>, names: &mut Vec<&'s str>) {
    match expression {
        ast::Expression::Inline(inline) => inline_variables(inline, names),
        ast::Expression::Select { selector, variants } => {
            inline_variables(selector, names);
            for variant in variants {
                variables_of(&variant.value, names);
            }
        }
    }
}

fn inline_variables<'s>(inline: &ast::InlineExpression<&'s str>, names: &mut Vec<&'s str>) {
    match inline {
        ast::InlineExpression::VariableReference { id } if !names.contains(&id.name) => {
            names.push(id.name);
        }
        ast::InlineExpression::Placeable { expression } => variables_in(expression, names),
        _ => {}
    }
}

fn catalog(lang: Lang) -> &'static Catalog {
    static CATALOGS: [OnceLock<Catalog>; Lang::ALL.len()] = [const { OnceLock::new() }; 7];
    CATALOGS[lang.index()].get_or_init(|| Catalog::load(lang))
}

/// Calls `f` with the Fluent id of `key`: its dots as hyphens, without allocating for the
/// keys the code uses.
fn with_id<T>(key: &str, f: impl FnOnce(&str) -> T) -> T {
    let mut buffer = [0u8; 96];
    match buffer.get_mut(..key.len()) {
        Some(id) => {
            for (to, from) in id.iter_mut().zip(key.bytes()) {
                *to = if from == b'.' { b'-' } else { from };
            }
            // Only the ASCII dot was replaced, by an ASCII hyphen: still UTF-8.
            f(std::str::from_utf8(id).unwrap_or(key))
        }
        None => f(&key.replace('.', "-")),
    }
}

/// An argument as Fluent sees it: a whole number written as Rust writes it is a number
/// (so a translation can choose its plural form by it), anything else is text.
fn value(text: &str) -> FluentValue<'_> {
    match text.parse::<i64>() {
        Ok(number) if number.to_string() == text => FluentValue::from(number),
        _ => FluentValue::from(text),
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

    /// The text of `key`, each variable left as `{name}`; the key itself when it is
    /// missing (a test keeps the files complete).
    #[must_use]
    pub fn get<'a>(&self, key: &'a str) -> &'a str {
        let plain = &catalog(self.lang).plain;
        with_id(key, |id| plain.get(id).map(String::as_str)).unwrap_or(key)
    }

    /// Whether `key` exists.
    #[must_use]
    pub fn has(&self, key: &str) -> bool {
        with_id(key, |id| catalog(self.lang).plain.contains_key(id))
    }

    /// The text of `key` with its variables given by `args` (a value is never read for
    /// placeholders itself; a whole number is a number, so the text may choose a plural
    /// form by it). A variable without a value is shown as `{$name}`.
    #[must_use]
    pub fn fmt(&self, key: &str, args: &[(&str, &str)]) -> String {
        let mut fluent = FluentArgs::with_capacity(args.len());
        for (name, text) in args {
            fluent.set(*name, value(text));
        }
        self.format(key, &fluent)
    }

    /// The text of a count: `key` with `n` as the number `$n` its plural form is chosen
    /// by, and each `{name}` of `args` filled.
    #[must_use]
    pub fn count(&self, key: &str, n: i64, args: &[(&str, &str)]) -> String {
        let mut fluent = FluentArgs::with_capacity(args.len() + 1);
        fluent.set("n", FluentValue::from(n));
        for (name, text) in args {
            fluent.set(*name, value(text));
        }
        self.format(key, &fluent)
    }

    fn format(&self, key: &str, args: &FluentArgs<'_>) -> String {
        let bundle = &catalog(self.lang).bundle;
        let pattern = with_id(key, |id| bundle.get_message(id).and_then(|m| m.value()));
        let Some(pattern) = pattern else {
            return key.to_owned();
        };
        let mut errors = Vec::new();
        bundle
            .format_pattern(pattern, Some(args), &mut errors)
            .into_owned()
    }

    /// `key`'s text counted for each plural category of whole numbers in this language,
    /// with the count left as `{n}`: (category, text), rendered when the language loaded.
    /// The page script picks one with the browser's `Intl.PluralRules` when a count
    /// changes under it. Empty unless the count `$n` is the message's one variable.
    #[must_use]
    pub fn plural_templates(&self, key: &str) -> &'static [(&'static str, String)] {
        let counted = &catalog(self.lang).counted;
        with_id(key, |id| counted.get(id)).map_or(&[], Vec::as_slice)
    }

    /// The language code, for `<html lang>`.
    #[must_use]
    pub const fn code(&self) -> &'static str {
        self.lang.code()
    }
}

#[cfg(test)]
mod tests;
