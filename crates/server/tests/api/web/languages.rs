//! Every language, whole: each page of each family, read in every language but English,
//! shows no sentence that the same page in English shows too. This catches a message
//! left untranslated and a text written into a template or the code instead of a
//! message alike. The messages themselves (every one in every language, with the same
//! variables and plural forms) are checked in `vocab`'s unit tests.

use std::collections::BTreeSet;

use reqwest::header;
use rules::Variant;
use scraper::{Html, Node};
use serde_json::json;
use vocab::i18n::Lang;

use crate::{
    helpers::{Player, TestApp},
    scenarios,
};

scenarios!(no_page_in_another_language_shows_an_english_sentence);

/// Texts stored as data, shown as they were stored in every language: the name a token
/// gets when its maker gives none (the test players' tokens have it).
const STORED: [&str; 1] = ["API token"];

/// The page at `path` in `lang`, as `viewer` sees it (a guest without one), whatever its
/// status.
async fn page(app: &TestApp, viewer: Option<&Player>, path: &str, lang: Lang) -> String {
    let mut request = app
        .client
        .get(format!("{}{path}", app.address))
        .header(header::ACCEPT_LANGUAGE, lang.code());
    if let Some(viewer) = viewer {
        request = request.bearer_auth(&viewer.token);
    }
    let response = request.send().await.expect("the page");
    assert!(
        !response.status().is_server_error(),
        "{path}: {}",
        response.status()
    );
    response.text().await.expect("the page's body")
}

/// The texts a reader meets on a page: each text node of its body (not scripts) and the
/// titles, labels, placeholders and alternative texts, with the spaces made single.
/// Only texts of two words or more with three letters or more each count as sentences:
/// a lone word may be the same in two languages, a move or a number always is.
fn sentences(html: &str) -> BTreeSet<String> {
    let doc = Html::parse_document(html);
    let mut found = BTreeSet::new();
    let mut keep = |text: &str| {
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let words = text
            .split(' ')
            .filter(|word| word.chars().filter(|c| c.is_alphabetic()).count() >= 3)
            .count();
        if words >= 2 {
            found.insert(text);
        }
    };
    for node in doc.tree.nodes() {
        match node.value() {
            Node::Text(text) => {
                let hidden = node.ancestors().any(|parent| {
                    parent.value().as_element().is_some_and(|element| {
                        matches!(element.name(), "script" | "style" | "title" | "head")
                    })
                });
                if !hidden {
                    keep(text);
                }
            }
            Node::Element(element) => {
                for name in ["title", "aria-label", "placeholder", "alt"] {
                    if let Some(value) = element.attr(name) {
                        keep(value);
                    }
                }
            }
            _ => {}
        }
    }
    found
}

async fn no_page_in_another_language_shows_an_english_sentence(app: TestApp) {
    let ann = app.player("annika").await;
    let bob = app.player("bobby").await;
    let mut pages: Vec<(Option<&Player>, String)> = [
        "/",
        "/lobby",
        "/my-games",
        "/notifications",
        "/settings",
        "/repertoire",
        "/players/annika",
        "/players/bobby",
        "/tournaments",
        "/tournaments/rules",
        "/nowhere",
    ]
    .into_iter()
    .map(|path| (Some(&ann), path.to_owned()))
    .collect();
    for path in ["/", "/login", "/signup", "/password/forgot", "/lobby"] {
        pages.push((None, path.to_owned()));
    }
    for variant in Variant::ALL.map(Variant::as_str) {
        pages.push((Some(&ann), format!("/rules/{variant}")));
        pages.push((Some(&ann), format!("/leaderboards/{variant}")));
        let id = app.new_game(variant, &ann, &bob).await;
        pages.push((Some(&ann), format!("/games/{id}")));
        pages.push((Some(&bob), format!("/games/{id}")));
    }
    // A game under way with a draw offered and its analysis board; a finished one with
    // its record and its computer review.
    let going = app.new_game("chess", &ann, &bob).await;
    app.play_ok(&ann, &bob, &going, "e2e4").await;
    let (status, body) = app.act(&bob, &going, "draw/offer").await;
    assert!(status.is_success(), "{body}");
    pages.push((Some(&ann), format!("/games/{going}")));
    pages.push((Some(&ann), format!("/games/{going}/analysis")));
    let over = app
        .reviewed_game(&ann, &bob, &["f2f3", "e7e5", "g2g4", "d8h4"], None)
        .await;
    pages.push((Some(&ann), format!("/games/{over}")));
    pages.push((Some(&ann), format!("/games/{over}/review")));
    // A challenge to Ann and a tournament she runs.
    let (status, body) = app
        .post(
            "/api/v1/challenges",
            Some(&bob.token),
            json!({"variant": "reversi-8x8", "color": "black", "opponent": "annika"}),
        )
        .await;
    assert!(status.is_success(), "{body}");
    let (status, body) = app
        .post(
            "/api/v1/tournaments",
            Some(&ann.token),
            json!({"name": "Kolmapäevakarikas", "variant": "knight-fight",
                   "format": "swiss", "rounds": 3, "max_players": 8}),
        )
        .await;
    assert!(status.is_success(), "{body}");
    pages.push((
        Some(&ann),
        format!("/tournaments/{}", body["id"].as_str().unwrap()),
    ));

    let mut english = Vec::new();
    for (viewer, path) in &pages {
        english.push(sentences(&page(&app, *viewer, path, Lang::En).await));
    }
    let checked: usize = english.iter().map(BTreeSet::len).sum();
    assert!(
        checked > 1000,
        "only {checked} English sentences to look for"
    );
    let mut left = Vec::new();
    for lang in Lang::ALL.into_iter().filter(|lang| *lang != Lang::En) {
        for ((viewer, path), english) in pages.iter().zip(&english) {
            let html = page(&app, *viewer, path, lang).await;
            assert!(
                html.contains(&format!("<html lang=\"{}\"", lang.code())),
                "{path} in {}",
                lang.code()
            );
            for sentence in sentences(&html).intersection(english) {
                if !STORED.contains(&sentence.as_str()) {
                    left.push(format!("{} {path}: {sentence}", lang.code()));
                }
            }
        }
    }
    assert!(left.is_empty(), "English left:\n{}", left.join("\n"));
}
