//! Checks on the source of the server's crates that the compiler does not make.
//!
//! The server crates (vocab, store, domain, edge, html, api, server) treat the games as a
//! closed set they iterate (`Variant::ALL`) and ask about (`variant.family()`,
//! `setup.knight_fight()`...): naming one game (`Variant::Chess`, `Family::Reversi`) in
//! their code is a rule that belongs in `crates/rules`. The one exception is the Lichess
//! wire map (`crates/api/src/lichess/`), whose keys name each game.

use std::{
    fs,
    path::{Path, PathBuf},
};

/// The crates checked, under `crates/`.
const SERVER_CRATES: [&str; 7] = ["vocab", "store", "domain", "edge", "html", "api", "server"];

/// The one folder whose code may name a game.
const WIRE_MAP: &str = "crates/api/src/lichess/";

/// The enums whose games must not be named.
const GAME_ENUMS: [&str; 2] = ["Variant", "Family"];

#[test]
fn no_server_crate_names_a_variant_or_family_outside_the_lichess_wire_map() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut offences = Vec::new();
    for name in SERVER_CRATES {
        let mut files = Vec::new();
        rust_files(&root.join("crates").join(name).join("src"), &mut files);
        for file in files {
            let shown = shown_path(&root, &file);
            // A `tests.rs` is a unit-test module of its own (`#[cfg(test)] mod tests;`).
            if shown.starts_with(WIRE_MAP)
                || file.file_name().is_some_and(|name| name == "tests.rs")
            {
                continue;
            }
            let text = fs::read_to_string(&file).expect("a readable source file");
            for (line, mention) in game_mentions(&text) {
                offences.push(format!("{shown}:{line}: {mention}"));
            }
        }
    }
    assert!(
        offences.is_empty(),
        "server crates name a specific variant or family outside {WIRE_MAP} (ask the \
         variant instead, or move the rule into crates/rules):\n{}",
        offences.join("\n")
    );
}

#[test]
fn the_scan_finds_mentions_in_code_and_skips_tests_and_comments() {
    let text = "\
use rules::Variant;
// Variant::Chess in a comment is fine.
fn pick() -> Variant {
    let all = Variant::ALL;
    let id = Variant::as_str(all[0]);
    if id == \"x { \" { Variant::DEFAULT } else { rules::Family::Reversi; Variant::Chess }
}

#[cfg(test)]
mod tests {
    fn inner() { let _ = Variant::KnightFight; let _ = '{'; }
}

fn after() { let _ = MyVariant::Chess; let _ = Variant::Reversi8x8; }
";
    let found: Vec<(usize, String)> = game_mentions(text);
    assert_eq!(
        found,
        [
            (6, "Family::Reversi".to_owned()),
            (6, "Variant::Chess".to_owned()),
            (14, "Variant::Reversi8x8".to_owned()),
        ]
    );
}

/// Every `.rs` file under `dir`, in a stable order.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|entry| Some(entry.ok()?.path()))
        .collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
}

/// The path from the workspace root, with `/` between its parts.
fn shown_path(root: &Path, file: &Path) -> String {
    let relative = file.strip_prefix(root).unwrap_or(file);
    relative
        .components()
        .map(|part| part.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// The code of `text` with its comments, and the bodies of items marked `#[cfg(test)]`,
/// blanked out (lines kept, so line numbers still hold). String and character literals are
/// blanked too, so that their braces do not count.
fn code_only(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut code = String::with_capacity(text.len());
    let mut index = 0;
    while index < chars.len() {
        let rest = &chars[index..];
        let starts = |prefix: &str| prefix.chars().zip(rest).all(|(a, b)| a == *b);
        if starts("//") {
            while index < chars.len() && chars[index] != '\n' {
                index += 1;
            }
        } else if starts("/*") {
            index += 2;
            while index < chars.len()
                && !(chars[index] == '*' && chars.get(index + 1) == Some(&'/'))
            {
                code.push(if chars[index] == '\n' { '\n' } else { ' ' });
                index += 1;
            }
            index += 2;
        } else if starts("r\"") || starts("r#") {
            let hashes = rest[1..].iter().take_while(|c| **c == '#').count();
            if rest.get(1 + hashes) != Some(&'"') {
                code.push(chars[index]);
                index += 1;
                continue;
            }
            index += 2 + hashes;
            let closing: String = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            while index < chars.len() {
                let here: String = chars[index..].iter().take(closing.len()).collect();
                if here == closing {
                    index += closing.len();
                    break;
                }
                code.push(if chars[index] == '\n' { '\n' } else { ' ' });
                index += 1;
            }
            code.push_str("\"\"");
        } else if chars[index] == '"' {
            index += 1;
            while index < chars.len() && chars[index] != '"' {
                if chars[index] == '\\' {
                    index += 1;
                }
                if chars.get(index) == Some(&'\n') {
                    code.push('\n');
                }
                index += 1;
            }
            index += 1;
            code.push_str("\"\"");
        } else if chars[index] == '\'' && char_literal_length(rest).is_some() {
            index += char_literal_length(rest).unwrap_or(1);
            code.push_str("' '");
        } else {
            code.push(chars[index]);
            index += 1;
        }
    }
    without_test_items(&code)
}

/// The length of the character literal `rest` starts with (`'a'`, `'\n'`, `'{'`), if it
/// is one rather than a lifetime.
fn char_literal_length(rest: &[char]) -> Option<usize> {
    match rest {
        ['\'', '\\', _, '\'', ..] => Some(4),
        ['\'', '\\', ..] => rest
            .iter()
            .skip(2)
            .position(|c| *c == '\'')
            .map(|end| end + 3),
        ['\'', _, '\'', ..] => Some(3),
        _ => None,
    }
}

/// The lines of `code` (already without comments and literals) with each item marked
/// `#[cfg(test)]` blanked, up to its closing brace or its `;`.
fn without_test_items(code: &str) -> Vec<String> {
    let mut lines: Vec<String> = code.lines().map(str::to_owned).collect();
    let mut skipping = false;
    let mut depth = 0_usize;
    let mut opened = false;
    for line in &mut lines {
        if !skipping && line.trim_start().starts_with("#[cfg(test)]") {
            skipping = true;
            depth = 0;
            opened = false;
        }
        if !skipping {
            continue;
        }
        for c in line.chars() {
            match c {
                '{' => {
                    depth += 1;
                    opened = true;
                }
                '}' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        let ends = (opened && depth == 0) || (!opened && line.trim_end().ends_with(';'));
        line.clear();
        if ends {
            skipping = false;
        }
    }
    lines
}

/// Each `Variant::<Name>` or `Family::<Name>` in the code of `text`, with its line number
/// (from 1). A name is a game when it is in camel case: constants (`ALL`, `DEFAULT`) and
/// methods (`as_str`) are not.
fn game_mentions(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (number, line) in code_only(text).iter().enumerate() {
        for enum_name in GAME_ENUMS {
            let needle = format!("{enum_name}::");
            let mut from = 0;
            while let Some(at) = line[from..].find(&needle) {
                let start = from + at;
                from = start + needle.len();
                let before = line[..start].chars().next_back();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    continue;
                }
                let name: String = line[from..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                let is_game = name.starts_with(|c: char| c.is_ascii_uppercase())
                    && name.chars().any(|c| c.is_ascii_lowercase());
                if is_game {
                    found.push((number + 1, format!("{needle}{name}")));
                }
            }
        }
    }
    found.sort();
    found
}
