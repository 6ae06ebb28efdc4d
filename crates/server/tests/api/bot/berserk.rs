//! A real bot written with the `berserk` Python client (`scripts/bots/example_bot.py`)
//! playing a whole chess game and a whole Reversi game against a person driven from here
//! (without berserk it says SKIPPED and passes; with `CI=true` it fails), and the "writing
//! a bot" page holding that example as it is.

use std::{
    process::{Command, Stdio},
    time::Duration,
};

use reqwest::StatusCode;
use rules::{AnyGame, Variant};
use serde_json::Value;

use super::{Ndjson, post_empty, post_form};
use crate::{
    helpers::{Player, TestApp},
    scenarios,
};

scenarios!(a_berserk_bot_plays_chess_and_reversi_to_the_end,);

/// The example bot.
const EXAMPLE_BOT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../scripts/bots/example_bot.py"
);

/// Whether python3 with berserk is here; in CI its absence fails the test.
fn berserk_available() -> bool {
    let available = Command::new("python3")
        .args(["-c", "import berserk"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if !available {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "the berserk bot test needs python3 with berserk (pip install berserk)"
        );
        eprintln!("berserk bot test SKIPPED: python3 with berserk not found (pip install berserk)");
    }
    available
}

/// Moves for White that mate a Black who always plays the first of its legal moves (as
/// the example bot does with `--pick first`), found by a search over White's moves with
/// Black's replies known: at most `depth` White moves, the line's moves in order.
fn mate_against_first_mover(game: &AnyGame, depth: u32, budget: &mut u32) -> Option<Vec<String>> {
    if depth == 0 || *budget == 0 {
        return None;
    }
    let mut moves = game.legal_moves();
    // Checks and queen and bishop moves first: the short mates use them.
    moves.sort_by_key(|mv| {
        let mut next = game.clone();
        next.play(mv).ok();
        (
            next.checked_king().is_none(),
            !mv.starts_with('d'),
            !mv.starts_with('f'),
        )
    });
    for mv in moves {
        *budget = budget.saturating_sub(1);
        if *budget == 0 {
            return None;
        }
        let mut next = game.clone();
        next.play(&mv).expect("a legal move");
        if let Some(outcome) = next.outcome() {
            if outcome.result == rules::GameResult::WhiteWins {
                return Some(vec![mv]);
            }
            continue;
        }
        let reply = next.legal_moves().into_iter().next().expect("a reply");
        next.play(&reply).expect("the reply");
        if next.outcome().is_some() {
            continue;
        }
        if let Some(mut line) = mate_against_first_mover(&next, depth - 1, budget) {
            line.insert(0, mv);
            return Some(line);
        }
    }
    None
}

/// White's moves that mate the example bot with `--pick first`: the line known to do it
/// (checked here against the rules), else one searched for (slow in a debug build).
fn mating_line() -> Vec<String> {
    let start = AnyGame::new(Variant::Chess, None).expect("chess");
    let known = ["e2e3", "d1f3", "f1c4", "f3f7"];
    let mut game = start.clone();
    for (index, mv) in known.iter().enumerate() {
        if game.play(mv).is_err() {
            break;
        }
        if index + 1 == known.len() {
            let mated = game.outcome().map(|outcome| outcome.result);
            if mated == Some(rules::GameResult::WhiteWins) {
                return known.iter().map(|mv| (*mv).to_owned()).collect();
            }
            break;
        }
        let Some(reply) = game.legal_moves().into_iter().next() else {
            break;
        };
        game.play(&reply).expect("the reply");
    }
    let mut budget = 400_000;
    mate_against_first_mover(&start, 4, &mut budget)
        .expect("a mate in at most four moves against a bot playing its first legal move")
}

/// The person's side of a game against the bot, over the board API's game stream:
/// `choose` picks their move from the state's moves and legal moves.
async fn play_as_person(
    app: &TestApp,
    person: &Player,
    game: &str,
    color: &str,
    mut choose: impl FnMut(&[&str], &[&str]) -> String,
) -> Value {
    let mut stream = Ndjson::open(app, &format!("/api/board/game/stream/{game}"), person).await;
    let full = stream.expect("gameFull").await;
    let mut state = full["state"].clone();
    loop {
        if state["status"] != "started" {
            stream.ends().await;
            return state;
        }
        let moves: Vec<&str> = state["moves"]
            .as_str()
            .unwrap()
            .split_whitespace()
            .collect();
        let white_to_move = moves.len().is_multiple_of(2);
        if white_to_move == (color == "white") {
            let legal: Vec<&str> = state["legalMoves"]
                .as_str()
                .unwrap()
                .split_whitespace()
                .collect();
            let mv = choose(&moves, &legal);
            let (status, body) =
                post_empty(app, &format!("/api/board/game/{game}/move/{mv}"), person).await;
            assert_eq!(status, StatusCode::OK, "{mv}: {body}");
        }
        state = stream.expect("gameState").await;
    }
}

async fn a_berserk_bot_plays_chess_and_reversi_to_the_end(app: TestApp) {
    if !berserk_available() {
        return;
    }
    let bot = app.player("berserk_bot").await;
    let person = app.player("a_person").await;
    // The bot upgrades itself (`--upgrade`), accepts challenges, plays the first of its
    // legal moves, and stops after two games.
    let mut bot_process = BotProcess::start(&app.address, &bot.token);
    // Wait for the upgrade: the bot's account says BOT.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let (_, account) = app.get("/api/account", Some(&bot.token)).await;
        if account["title"] == "BOT" {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the example bot did not upgrade its account"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // Chess: the person, White, mates the bot.
    let (status, made) = post_form(
        &app,
        "/api/challenge/berserk_bot",
        &person,
        &[("color", "white"), ("days", "3"), ("variant", "standard")],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let game = until_accepted(&app, made["id"].as_str().unwrap()).await;
    let line = mating_line();
    let mut line = line.into_iter();
    let end = play_as_person(&app, &person, &game, "white", |_, _| {
        line.next().expect("the line is long enough")
    })
    .await;
    assert_eq!(end["status"], "mate", "{end}");
    assert_eq!(end["winner"], "white");
    let stored = app.game(&game).await;
    assert_eq!(stored["result"], "1-0");
    assert_eq!(stored["end_reason"], "checkmate");

    // Reversi 6x6: the person plays Black, the first of their legal moves, to the end.
    let (status, made) = post_form(
        &app,
        "/api/challenge/berserk_bot",
        &person,
        &[
            ("color", "black"),
            ("days", "3"),
            ("variant", "reversi-6x6"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let game = until_accepted(&app, made["id"].as_str().unwrap()).await;
    let end = play_as_person(&app, &person, &game, "black", |_, legal| {
        legal[0].to_owned()
    })
    .await;
    assert_eq!(end["status"], "variantEnd", "{end}");
    let stored = app.game(&game).await;
    assert_eq!(stored["status"], "finished");
    assert!(stored["ply"].as_u64().unwrap() >= 9, "{stored}");
    assert!(
        stored["scores"]["white"].as_u64().unwrap() + stored["scores"]["black"].as_u64().unwrap()
            > 10
    );

    // The bot saw both games finish and stopped by itself.
    let (status, out, err) = bot_process.wait(Duration::from_secs(20)).await;
    assert!(status.success(), "the example bot failed: {out}\n{err}");
    assert!(out.contains("accepted challenge"), "{out}");
    assert_eq!(out.matches("game over").count(), 2, "{out}");
}

/// The example bot as a process of its own, its output in files; killed on drop.
struct BotProcess {
    child: std::process::Child,
    dir: std::path::PathBuf,
}

impl BotProcess {
    /// Starts the example bot against `server` with `token`: it upgrades the account,
    /// accepts challenges, plays the first of its legal moves and stops after two games.
    fn start(server: &str, token: &str) -> BotProcess {
        let dir = std::env::temp_dir().join(format!("boardgames-bot-{}", vocab::ids::new_id()));
        std::fs::create_dir_all(&dir).expect("a folder for the bot's output");
        let out = std::fs::File::create(dir.join("out")).expect("stdout file");
        let err = std::fs::File::create(dir.join("err")).expect("stderr file");
        let child = Command::new("python3")
            .arg(EXAMPLE_BOT)
            .args([
                "--server",
                server,
                "--pick",
                "first",
                "--games",
                "2",
                "--upgrade",
            ])
            .env("BOT_TOKEN", token)
            .env("PYTHONUNBUFFERED", "1")
            .stdout(out)
            .stderr(err)
            .spawn()
            .expect("start the example bot");
        BotProcess { child, dir }
    }

    /// Waits at most `patience` for the bot to exit: its status, output and errors.
    async fn wait(&mut self, patience: Duration) -> (std::process::ExitStatus, String, String) {
        let deadline = tokio::time::Instant::now() + patience;
        loop {
            if let Some(status) = self.child.try_wait().expect("the bot's status") {
                let read =
                    |name: &str| std::fs::read_to_string(self.dir.join(name)).unwrap_or_default();
                return (status, read("out"), read("err"));
            }
            if tokio::time::Instant::now() >= deadline {
                let read =
                    |name: &str| std::fs::read_to_string(self.dir.join(name)).unwrap_or_default();
                panic!(
                    "the example bot did not stop after its two games:\n{}\n{}",
                    read("out"),
                    read("err")
                );
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The game a challenge became, once accepted (by the bot, within 20 s).
async fn until_accepted(app: &TestApp, challenge: &str) -> String {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let (_, shown) = app
            .get(&format!("/api/v1/challenges/{challenge}"), None)
            .await;
        if let Some(game) = shown["game_id"].as_str() {
            return game.to_owned();
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the bot did not accept the challenge: {shown}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[test]
fn the_writing_a_bot_page_holds_the_example_bot_as_it_is() {
    let doc = include_str!("../../../../../docs/bots.md");
    let script = include_str!("../../../../../scripts/bots/example_bot.py");
    assert!(
        doc.contains(script),
        "docs/bots.md must hold scripts/bots/example_bot.py as it is"
    );
}
