use std::collections::{BTreeMap, BTreeSet};

use axum::http::HeaderValue;
use fluent_syntax::{ast, parser};

use super::*;

/// A message as its file has it: the area, its variables, and the plural categories of
/// each selector on a variable.
struct Shape {
    area: &'static str,
    variables: BTreeSet<&'static str>,
    selectors: Vec<BTreeSet<&'static str>>,
}

fn shapes(lang: Lang) -> BTreeMap<&'static str, Shape> {
    let mut shapes = BTreeMap::new();
    for (area, source) in AREAS.iter().zip(lang.sources()) {
        let resource = parser::parse(source)
            .unwrap_or_else(|(_, errors)| panic!("locales/{}/{area}.ftl: {errors:?}", lang.code()));
        for entry in resource.body {
            let ast::Entry::Message(message) = entry else {
                continue;
            };
            let value = message
                .value
                .unwrap_or_else(|| panic!("{} has no value", message.id.name));
            let mut variables = Vec::new();
            variables_of(&value, &mut variables);
            let mut selectors = Vec::new();
            selectors_of(&value, &mut selectors);
            let shape = Shape {
                area,
                variables: variables.into_iter().collect(),
                selectors,
            };
            let id = message.id.name;
            assert!(
                shapes.insert(id, shape).is_none(),
                "{id} twice in {}",
                lang.code()
            );
        }
    }
    shapes
}

fn selectors_of(pattern: &ast::Pattern<&'static str>, found: &mut Vec<BTreeSet<&'static str>>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable {
            expression: ast::Expression::Select { variants, .. },
        } = element
        {
            found.push(
                variants
                    .iter()
                    .filter_map(|variant| match variant.key {
                        ast::VariantKey::Identifier { name } => Some(name),
                        ast::VariantKey::NumberLiteral { .. } => None,
                    })
                    .collect(),
            );
            for variant in variants {
                selectors_of(&variant.value, found);
            }
        }
    }
}

/// The CLDR plural categories of whole numbers each language's selectors must have
/// (besides the default variant): English, German, Spanish and Estonian tell one from
/// the rest; French too (with 0 as one); Russian one, few and many; Czech one and few.
fn required_forms(lang: Lang) -> &'static [&'static str] {
    match lang {
        Lang::En | Lang::De | Lang::Es | Lang::Et | Lang::Fr => &["one", "other"],
        Lang::Ru => &["one", "few", "many", "other"],
        Lang::Cs => &["one", "few", "other"],
    }
}

#[test]
fn every_language_has_every_message_with_the_same_variables_in_the_same_file() {
    let english = shapes(Lang::En);
    assert!(english.len() > 900, "only {} messages", english.len());
    for lang in Lang::ALL {
        let shapes = shapes(lang);
        let code = lang.code();
        for (id, shape) in &english {
            let Some(translated) = shapes.get(id) else {
                panic!("{id} is missing in locales/{code}/{}.ftl", shape.area);
            };
            assert_eq!(translated.area, shape.area, "{code}: {id}");
            assert_eq!(translated.variables, shape.variables, "{code}: {id}");
        }
        let extra: Vec<_> = shapes
            .keys()
            .filter(|id| !english.contains_key(*id))
            .collect();
        assert!(
            extra.is_empty(),
            "{code} has messages English lacks: {extra:?}"
        );
    }
}

#[test]
fn every_plural_selector_has_its_languages_forms() {
    let english = shapes(Lang::En);
    for lang in Lang::ALL {
        let wanted = required_forms(lang);
        for (id, shape) in shapes(lang) {
            for keys in &shape.selectors {
                if !keys
                    .iter()
                    .any(|key| ["one", "few", "many", "other"].contains(key))
                {
                    continue;
                }
                for form in wanted {
                    assert!(keys.contains(form), "{}: {id} lacks [{form}]", lang.code());
                }
            }
        }
        // English's counted messages are counted in every language.
        let translated = shapes(lang);
        for (id, shape) in english
            .iter()
            .filter(|(_, shape)| !shape.selectors.is_empty())
        {
            assert!(
                !translated[id].selectors.is_empty() || shape.variables.is_empty(),
                "{}: {id} does not choose its plural form",
                lang.code()
            );
        }
    }
}

#[test]
fn no_sentence_is_left_in_english() {
    let english = Tr::new(Lang::En);
    // Three words or more, not counting the variables (`{name}` in these texts).
    let sentence = |text: &str| {
        text.split_whitespace()
            .filter(|word| !word.contains('{'))
            .filter(|word| word.chars().filter(|c| c.is_alphabetic()).count() >= 2)
            .count()
            >= 3
    };
    for lang in Lang::ALL.into_iter().filter(|lang| *lang != Lang::En) {
        let t = Tr::new(lang);
        let same: Vec<_> = catalog(Lang::En)
            .plain
            .iter()
            .filter(|(id, text)| sentence(text) && t.get(id) == english.get(id))
            .map(|(id, _)| id.as_str())
            .collect();
        assert!(same.is_empty(), "{} left in English: {same:?}", lang.code());
    }
}

/// The counts 0, 1, 2, 5, 21 and 22, which tell every language's plural forms apart
/// (Russian 21 is singular and 22 "few"; Czech 21 and 22 the genitive plural; French 0
/// singular), said in each language.
#[test]
fn counts_choose_the_plural_form_of_each_language() {
    let said = |lang: Lang, n: i64| Tr::new(lang).count("card.active", n, &[]);
    let expected: [(Lang, [&str; 6]); 7] = [
        (
            Lang::En,
            [
                "0 games going",
                "1 game going",
                "2 games going",
                "5 games going",
                "21 games going",
                "22 games going",
            ],
        ),
        (
            Lang::Et,
            [
                "0 mängu käimas",
                "1 mäng käimas",
                "2 mängu käimas",
                "5 mängu käimas",
                "21 mängu käimas",
                "22 mängu käimas",
            ],
        ),
        (
            Lang::De,
            [
                "0 laufende Partien",
                "1 laufende Partie",
                "2 laufende Partien",
                "5 laufende Partien",
                "21 laufende Partien",
                "22 laufende Partien",
            ],
        ),
        (
            Lang::Es,
            [
                "0 partidas en curso",
                "1 partida en curso",
                "2 partidas en curso",
                "5 partidas en curso",
                "21 partidas en curso",
                "22 partidas en curso",
            ],
        ),
        (
            Lang::Fr,
            [
                "0 partie en cours",
                "1 partie en cours",
                "2 parties en cours",
                "5 parties en cours",
                "21 parties en cours",
                "22 parties en cours",
            ],
        ),
        (
            Lang::Ru,
            [
                "0 партий идёт",
                "1 партия идёт",
                "2 партии идут",
                "5 партий идёт",
                "21 партия идёт",
                "22 партии идут",
            ],
        ),
        (
            Lang::Cs,
            [
                "0 rozehraných partií",
                "1 rozehraná partie",
                "2 rozehrané partie",
                "5 rozehraných partií",
                "21 rozehraných partií",
                "22 rozehraných partií",
            ],
        ),
    ];
    for (lang, forms) in expected {
        let got: Vec<String> = [0, 1, 2, 5, 21, 22].map(|n| said(lang, n)).into();
        assert_eq!(got, forms, "{}", lang.code());
    }
    // Every counted message of every language takes each of these numbers without a
    // Fluent error, and says the number.
    for lang in Lang::ALL {
        let catalog = catalog(lang);
        for (id, shape) in shapes(lang) {
            if shape.selectors.is_empty() || !shape.variables.contains("n") {
                continue;
            }
            for n in [0, 1, 2, 5, 21, 22] {
                let mut args = FluentArgs::new();
                for name in &shape.variables {
                    args.set(*name, FluentValue::from(n));
                }
                let message = catalog.bundle.get_message(id).expect("the message");
                let mut errors = Vec::new();
                let text = catalog.bundle.format_pattern(
                    message.value().expect("a value"),
                    Some(&args),
                    &mut errors,
                );
                assert!(errors.is_empty(), "{}: {id} {n}: {errors:?}", lang.code());
                assert!(
                    text.contains(&n.to_string()),
                    "{}: {id} {n}: {text}",
                    lang.code()
                );
            }
        }
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
    headers.insert(header::COOKIE, HeaderValue::from_static("lang=xx"));
    assert_eq!(Lang::from_headers(&headers), Lang::En, "an unknown cookie");
}

#[test]
fn accept_language_picks_the_highest_supported_q() {
    assert_eq!(
        Lang::from_accept_language("pl, et;q=0.5, en;q=0.4"),
        Some(Lang::Et)
    );
    assert_eq!(
        Lang::from_accept_language("et-EE;q=0.3, en-US"),
        Some(Lang::En)
    );
    assert_eq!(
        Lang::from_accept_language("fr-CH, fr;q=0.9, de;q=0.8"),
        Some(Lang::Fr)
    );
    assert_eq!(Lang::from_accept_language("de-AT"), Some(Lang::De));
    assert_eq!(
        Lang::from_accept_language("uk, ru;q=0.8, cs;q=0.9"),
        Some(Lang::Cs)
    );
    assert_eq!(Lang::from_accept_language("es-419;q=0.7"), Some(Lang::Es));
    assert_eq!(Lang::from_accept_language("pl, ja;q=0.5"), None);
    assert_eq!(
        Lang::from_accept_language("ru;q=0"),
        None,
        "q=0 is a refusal"
    );
    assert_eq!(Lang::from_accept_language(";;;,,=q"), None);
    assert_eq!(Lang::from_headers(&HeaderMap::new()), Lang::En);
    for lang in Lang::ALL {
        assert_eq!(Lang::parse(lang.code()), Some(lang));
        assert_eq!(Lang::parse(&lang.code().to_uppercase()), Some(lang));
    }
}

#[test]
fn formatting_fills_variables() {
    let t = Tr::new(Lang::En);
    assert_eq!(
        t.fmt("notifications.bell", &[("n", "3")]),
        "Notifications: 3 unread"
    );
    // A value that looks like a placeholder is kept as it is.
    assert_eq!(
        t.fmt(
            "label.piece",
            &[("square", "{piece}"), ("color", "white"), ("piece", "king")]
        ),
        "{piece}, white king"
    );
    // Without a value a variable shows its name; `get` leaves every variable so, for the
    // page script to fill in.
    assert_eq!(
        t.fmt("notifications.bell", &[]),
        "Notifications: {$n} unread"
    );
    assert_eq!(t.get("notifications.bell"), "Notifications: {n} unread");
    // A key nobody wrote reads as itself, and long keys are looked up as well as short.
    assert_eq!(t.get("no.such.key"), "no.such.key");
    assert!(!t.has("no.such.key") && t.has("nav.lobby"));
    assert_eq!(t.get(&"x.".repeat(100)), "x.".repeat(100));
}

#[test]
fn numbers_choose_forms_wherever_a_message_selects_on_them() {
    // A wait of one second is said in the singular: the number reached Fluent as one.
    let t = Tr::new(Lang::En);
    assert_eq!(
        t.fmt("error.busy", &[("secs", "1")]),
        "The server is busy: try again in 1 second."
    );
    assert_eq!(
        t.fmt("error.busy", &[("secs", "30")]),
        "The server is busy: try again in 30 seconds."
    );
    // Text that only looks like a number stays text, written as it was.
    assert_eq!(value("007"), FluentValue::from("007"));
    assert_eq!(value("+1"), FluentValue::from("+1"));
    assert_eq!(value("-4"), FluentValue::from(-4));
}

#[test]
fn the_page_script_gets_a_count_template_for_each_plural_category() {
    let templates = |lang: Lang| Tr::new(lang).plural_templates("home.your_turn");
    assert_eq!(
        templates(Lang::En),
        [
            ("other", "Your turn in {n} games".to_owned()),
            ("one", "Your turn in {n} game".to_owned())
        ]
    );
    let russian: Vec<&str> = templates(Lang::Ru).iter().map(|(form, _)| *form).collect();
    assert_eq!(russian, ["many", "one", "few"]);
    let czech = templates(Lang::Cs);
    assert_eq!(
        czech.iter().map(|(form, _)| *form).collect::<Vec<_>>(),
        ["other", "one", "few"]
    );
    for (_, template) in czech {
        assert!(
            template.contains("{n}") && !template.contains('0'),
            "{template}"
        );
    }
}
