//! The browser pages against a real server: every page parsed with an HTML parser, each
//! variant's board, forms with the ply they were rendered at, escaping, languages.

mod boards;
mod game_page;
mod languages;
mod lobby;
mod settings;
mod site;

use crate::page_client::Page;

fn assert_single_script(page: &Page) {
    let scripts = page.attrs("script", "src");
    assert_eq!(scripts.len(), 1, "only the site's script: {scripts:?}");
    assert!(scripts[0].starts_with("/static/app.js?v="), "{scripts:?}");
}
