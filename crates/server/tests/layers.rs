//! Checks on the source of the server's crates that the compiler does not make.
//!
//! Inside each crate, no two files import each other, directly or round a loop: Cargo
//! keeps the crates pointing down, this keeps the files of each one so. An import is a
//! `use` of `crate::`, `super::` or `self::` paths, or of a module the file declares, a
//! path of those written out in the code, and a `pub use` that hands a child's item on
//! (the re-exporting file depends on the child); it points to the file that defines the
//! module it names.
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

/// Every crate of the workspace with a `src`, for the check of circles.
const ALL_CRATES: [&str; 11] = [
    "rules",
    "engine",
    "tournament",
    "vocab",
    "store",
    "domain",
    "edge",
    "html",
    "api",
    "server",
    "bench",
];

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
fn no_crate_has_files_that_import_each_other_round_a_loop() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut circles = Vec::new();
    for name in ALL_CRATES {
        let src = root.join("crates").join(name).join("src");
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        let graph = import_graph(&src, &files);
        for circle in circles_of(&graph) {
            let shown: Vec<String> = circle
                .iter()
                .map(|file| format!("crates/{name}/src/{file}"))
                .collect();
            circles.push(shown.join(" -> "));
        }
    }
    assert!(
        circles.is_empty(),
        "files that import each other (move what both need into a file under them, and \
         import an item from the file that defines it):\n{}",
        circles.join("\n")
    );
}

#[test]
fn the_import_scan_sees_uses_paths_child_modules_and_re_exports() {
    let files = [
        ("lib.rs", "mod a;\nmod b;\nmod c;\npub use b::Thing;\n"),
        ("c.rs", "use crate::Thing;\n"),
        (
            "a.rs",
            "use crate::b::Thing;\nfn f() { let _ = super::lib_fn(); }\n",
        ),
        (
            "b.rs",
            "mod inner;\nuse inner::h;\n// crate::a::f in a comment\nfn g() { h(); crate::a::f(); }\n",
        ),
        (
            "b/inner.rs",
            "use super::super::a;\n#[cfg(test)]\nmod tests { use crate::b; }\n",
        ),
    ];
    let texts: Vec<(String, String)> = files
        .iter()
        .map(|(file, text)| ((*file).to_owned(), (*text).to_owned()))
        .collect();
    let graph = graph_of(&texts);
    let arrows = |from: &str| graph.get(from).cloned().unwrap_or_default();
    assert!(arrows("lib.rs").is_empty(), "a re-export is no import");
    assert_eq!(
        arrows("c.rs"),
        vec!["b.rs".to_owned()],
        "followed to where it is made"
    );
    assert_eq!(arrows("a.rs"), vec!["b.rs".to_owned(), "lib.rs".to_owned()]);
    assert_eq!(
        arrows("b.rs"),
        vec!["a.rs".to_owned(), "b/inner.rs".to_owned()]
    );
    assert_eq!(
        arrows("b/inner.rs"),
        vec!["a.rs".to_owned()],
        "tests are not imports"
    );
    let circles = circles_of(&graph);
    assert_eq!(circles.len(), 1, "{circles:?}");
    let mut members = circles[0].clone();
    members.sort();
    assert_eq!(members, ["a.rs", "b.rs", "b/inner.rs"]);
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

/// The file-level import graph of the crate whose sources are `files` under `src`.
fn import_graph(src: &Path, files: &[PathBuf]) -> std::collections::BTreeMap<String, Vec<String>> {
    let texts: Vec<(String, String)> = files
        .iter()
        .filter(|file| file.file_name().is_some_and(|name| name != "tests.rs"))
        .map(|file| {
            let shown = file
                .strip_prefix(src)
                .expect("a file under src")
                .components()
                .map(|part| part.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/");
            (
                shown,
                fs::read_to_string(file).expect("a readable source file"),
            )
        })
        .collect();
    graph_of(&texts)
}

/// The module path of a file under `src` (`game/mod.rs` and `game.rs` are `game`).
fn module_of(file: &str) -> Vec<String> {
    let mut parts: Vec<String> = file
        .trim_end_matches(".rs")
        .split('/')
        .map(str::to_owned)
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// Each file's imports (sorted, without itself), from the files' texts by their paths
/// under `src`. An item that a module hands on (`pub use child::Item`) is followed to the
/// file that defines it: the `pub use` is no import of its own.
fn graph_of(texts: &[(String, String)]) -> std::collections::BTreeMap<String, Vec<String>> {
    use std::collections::{BTreeMap, BTreeSet, HashMap};
    let modules: HashMap<Vec<String>, String> = texts
        .iter()
        .map(|(file, _)| (module_of(file), file.clone()))
        .collect();
    // The longest module of `path` that is a file, and the name after it.
    let split = |path: &[String]| {
        (0..=path.len()).rev().find_map(|len| {
            modules
                .get(&path[..len])
                .map(|file| (file.clone(), path.get(len).cloned()))
        })
    };
    // Each file's paths, made absolute (from the crate's root), with the `pub use` mark.
    let mut absolute_paths: Vec<(String, Vec<MarkedPath>)> = Vec::new();
    for (file, text) in texts {
        let me = module_of(file);
        let code = code_only(text).join("\n");
        let children: BTreeSet<String> = declared_modules(&code);
        let mut absolute = Vec::new();
        for (path, handed_on, from_use) in paths_in(&code) {
            let resolved: Option<Vec<String>> = match path.first().map(String::as_str) {
                Some("crate") => Some(path[1..].to_vec()),
                Some("self") => Some(me.iter().chain(&path[1..]).cloned().collect()),
                Some("super") => {
                    let ups = path.iter().take_while(|part| *part == "super").count();
                    (ups <= me.len()).then(|| {
                        me[..me.len() - ups]
                            .iter()
                            .chain(&path[ups..])
                            .cloned()
                            .collect()
                    })
                }
                Some(first) if children.contains(first) && from_use => {
                    Some(me.iter().chain(&path).cloned().collect())
                }
                _ => None,
            };
            if let Some(resolved) = resolved {
                absolute.push((resolved, handed_on));
            }
        }
        absolute_paths.push((file.clone(), absolute));
    }
    // What each file hands on: (file, name) -> the absolute path of the item.
    let mut handed: HashMap<(String, String), Vec<String>> = HashMap::new();
    for (file, paths) in &absolute_paths {
        for (path, handed_on) in paths {
            if *handed_on && let Some(name) = path.last() {
                handed.insert((file.clone(), name.clone()), path.clone());
            }
        }
    }
    let mut graph = BTreeMap::new();
    for (file, paths) in &absolute_paths {
        let mut arrows = BTreeSet::new();
        for (path, handed_on) in paths {
            if *handed_on {
                continue;
            }
            let mut target = split(path);
            // Follow hand-ons (a few steps at most; a loop of them ends the walk).
            for _ in 0..8 {
                let next = match &target {
                    Some((holder, Some(name))) => handed.get(&(holder.clone(), name.clone())),
                    _ => None,
                };
                match next.and_then(|path| split(path)) {
                    Some(found) if Some(&found) != target.as_ref() => target = Some(found),
                    _ => break,
                }
            }
            if let Some((target, _)) = target
                && target != *file
            {
                arrows.insert(target);
            }
        }
        graph.insert(file.clone(), arrows.into_iter().collect());
    }
    graph
}

/// A path from the crate's root, and whether a `pub use` hands it on.
type MarkedPath = (Vec<String>, bool);

/// The modules `code` declares (`mod name;`, `pub mod name;`).
fn declared_modules(code: &str) -> std::collections::BTreeSet<String> {
    code.split(';')
        .filter_map(|statement| {
            let words: Vec<&str> = statement.split_whitespace().collect();
            let at = words.iter().position(|word| *word == "mod")?;
            (words.len() == at + 2).then(|| words[at + 1].to_owned())
        })
        .collect()
}

/// The paths `code` names, as lists of names: each path of its `use` trees (marked as
/// from a `use`, and whether a `pub use`, which hands the item on), and each `a::b` path
/// written out elsewhere.
fn paths_in(code: &str) -> Vec<(Vec<String>, bool, bool)> {
    let mut paths = Vec::new();
    for statement in code.split(';') {
        let trimmed = statement.trim_start();
        for head in ["pub(crate) use ", "pub(super) use ", "pub use ", "use "] {
            if let Some((before, tree)) = trimmed.rsplit_once(head) {
                let handed_on = head.starts_with("pub") && !before.ends_with("pub");
                let mut found = Vec::new();
                expand_tree(&[], tree, &mut found);
                paths.extend(found.into_iter().map(|path| (path, handed_on, true)));
                break;
            }
        }
    }
    // The paths written out in the code, its `use` statements aside.
    let outside_uses: String = code
        .split_inclusive(';')
        .filter(|statement| {
            let statement = statement.trim_start();
            !(statement.starts_with("use ")
                || statement.contains(" use ") && statement.starts_with("pub"))
        })
        .collect();
    let chars: Vec<char> = outside_uses.chars().collect();
    let is_name = |c: char| c.is_alphanumeric() || c == '_';
    let mut at = 0;
    while at < chars.len() {
        if is_name(chars[at]) && (at == 0 || !is_name(chars[at - 1]) && chars[at - 1] != ':') {
            let mut path = Vec::new();
            let mut end = at;
            loop {
                let start = end;
                while end < chars.len() && is_name(chars[end]) {
                    end += 1;
                }
                path.push(chars[start..end].iter().collect::<String>());
                if chars.get(end) == Some(&':')
                    && chars.get(end + 1) == Some(&':')
                    && chars.get(end + 2).is_some_and(|c| is_name(*c))
                {
                    end += 2;
                } else {
                    break;
                }
            }
            if path.len() > 1 {
                paths.push((path, false, false));
            }
            at = end.max(at + 1);
        } else {
            at += 1;
        }
    }
    paths
}

/// Adds each path of the `use` tree `tree` (after `prefix`) to `out`.
fn expand_tree(prefix: &[String], tree: &str, out: &mut Vec<Vec<String>>) {
    let tree = tree.trim();
    if let Some(open) = tree.find('{') {
        let head: Vec<String> = tree[..open]
            .split("::")
            .map(str::trim)
            .filter(|part| !part.is_empty())
            .map(str::to_owned)
            .collect();
        let inner = tree[open + 1..].trim_end().trim_end_matches('}');
        let prefix: Vec<String> = prefix.iter().cloned().chain(head).collect();
        let mut depth = 0;
        let mut start = 0;
        for (index, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand_tree(&prefix, &inner[start..index], out);
                    start = index + 1;
                }
                _ => {}
            }
        }
        expand_tree(&prefix, &inner[start..], out);
    } else if !tree.is_empty() {
        let name = tree.split(" as ").next().unwrap_or(tree);
        let path: Vec<String> = prefix
            .iter()
            .cloned()
            .chain(
                name.split("::")
                    .map(str::trim)
                    .filter(|part| !part.is_empty() && *part != "self" || prefix.is_empty())
                    .map(str::to_owned),
            )
            .collect();
        out.push(path);
    }
}

/// The circles of `graph`: its strongly connected parts of more than one file, each in
/// a stable order.
fn circles_of(graph: &std::collections::BTreeMap<String, Vec<String>>) -> Vec<Vec<String>> {
    use std::collections::HashMap;
    // Tarjan's algorithm, iterative over the sorted files.
    struct Walk<'a> {
        graph: &'a std::collections::BTreeMap<String, Vec<String>>,
        index: HashMap<&'a str, usize>,
        low: HashMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: std::collections::HashSet<&'a str>,
        found: Vec<Vec<String>>,
    }
    fn visit<'a>(walk: &mut Walk<'a>, file: &'a str) {
        let number = walk.index.len();
        walk.index.insert(file, number);
        walk.low.insert(file, number);
        walk.stack.push(file);
        walk.on_stack.insert(file);
        for next in walk.graph.get(file).into_iter().flatten() {
            let next = next.as_str();
            if !walk.index.contains_key(next) {
                visit(walk, next);
                let low = walk.low[file].min(walk.low[next]);
                walk.low.insert(file, low);
            } else if walk.on_stack.contains(next) {
                let low = walk.low[file].min(walk.index[next]);
                walk.low.insert(file, low);
            }
        }
        if walk.low[file] == walk.index[file] {
            let mut part = Vec::new();
            while let Some(member) = walk.stack.pop() {
                walk.on_stack.remove(member);
                part.push(member.to_owned());
                if member == file {
                    break;
                }
            }
            if part.len() > 1 {
                part.reverse();
                walk.found.push(part);
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: HashMap::new(),
        low: HashMap::new(),
        stack: Vec::new(),
        on_stack: std::collections::HashSet::new(),
        found: Vec::new(),
    };
    for file in graph.keys() {
        if !walk.index.contains_key(file.as_str()) {
            visit(&mut walk, file);
        }
    }
    walk.found
}
