//! Conditional moves: lines entered ahead, answered in the move's own transaction, moved
//! on or dropped as the game goes, refused with the reason, private until the end and in
//! the record after it; Reversi's forced passes; the time check; races with a move; the
//! form without JavaScript.

use futures_util::future::join;
use reqwest::{Method, StatusCode, header};
use rules::{AnyGame, Variant};
use scraper::{Html, Selector};
use serde_json::{Value, json};

use crate::{
    helpers::{Player, TestApp, assert_caches_match_replays, post_form},
    scenarios,
};

scenarios!(
    a_matching_line_is_answered_and_the_others_move_on_or_go,
    every_variant_answers_a_line,
    a_reply_that_ends_the_game_finishes_it_once,
    lines_are_private_until_the_end_then_in_the_record,
    bad_lines_are_refused_with_the_reason,
    a_line_goes_on_over_a_forced_pass,
    no_reply_after_a_loss_on_time,
    a_move_and_line_edits_at_once_lose_and_double_nothing,
    the_form_enters_and_deletes_lines_without_javascript,
);

/// `player` enters `moves` as a line in game `id` at `ply`.
pub(crate) async fn add(
    app: &TestApp,
    player: &Player,
    id: &str,
    moves: &str,
    ply: u64,
) -> (StatusCode, Value) {
    app.post(
        &format!("/api/v1/games/{id}/conditional"),
        Some(&player.token),
        json!({"moves": moves, "ply": ply}),
    )
    .await
}

/// `player` enters `moves` at the game's ply, asserting it is stored; the line.
pub(crate) async fn add_ok(app: &TestApp, player: &Player, id: &str, moves: &str) -> Value {
    let ply = app.game(id).await["ply"].as_u64().unwrap();
    let (status, body) = add(app, player, id, moves, ply).await;
    assert_eq!(status, StatusCode::CREATED, "{moves}: {body}");
    body
}

/// The lines of game `id` as `token` (or a guest) lists them.
pub(crate) async fn list(app: &TestApp, id: &str, token: Option<&str>) -> (StatusCode, Value) {
    app.get(&format!("/api/v1/games/{id}/conditional"), token)
        .await
}

/// The moves of each line `player` lists, canonical texts joined by spaces.
pub(crate) async fn lines_of(app: &TestApp, player: &Player, id: &str) -> Vec<String> {
    let (status, body) = list(app, id, Some(&player.token)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    texts(&body["lines"])
}

pub(crate) fn texts(lines: &Value) -> Vec<String> {
    lines
        .as_array()
        .unwrap_or_else(|| panic!("no lines in {lines}"))
        .iter()
        .map(|line| {
            line["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|mv| mv.as_str().unwrap())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

pub(crate) fn moves(game: &Value) -> Vec<String> {
    game["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|mv| mv.as_str().unwrap().to_owned())
        .collect()
}

async fn delete(app: &TestApp, player: &Player, id: &str, line: &str) -> (StatusCode, Value) {
    app.send(
        Method::DELETE,
        &format!("/api/v1/games/{id}/conditional/{line}"),
        Some(&player.token),
        None,
    )
    .await
}

/// The game as the rules replay it from its API form.
fn replay(game: &Value) -> AnyGame {
    let variant: Variant = game["variant"].as_str().unwrap().parse().unwrap();
    let setup: rules::Setup = serde_json::from_value(game["setup"].clone()).unwrap();
    AnyGame::replay(variant, setup, moves(game)).unwrap()
}

/// The unread "your turn" notices of `player`: the ply each names.
async fn turn_notices(app: &TestApp, player: &Player) -> Vec<i64> {
    let (status, body) = app.get("/api/v1/notifications", Some(&player.token)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|item| item["kind"] == "your_turn" && item["read_at"].is_null())
        .map(|item| item["payload"]["ply"].as_i64().unwrap())
        .collect()
}

async fn a_matching_line_is_answered_and_the_others_move_on_or_go(app: TestApp) {
    let white = app.player("cond_w").await;
    let black = app.player("cond_b").await;
    let id = app.new_game("chess", &white, &black).await;
    app.play_ok(&white, &black, &id, "e2e4").await;
    // On Black's turn White enters three lines (SAN or canonical alike).
    add_ok(&app, &white, &id, "e5 Nf3 Nc6 Bb5").await;
    add_ok(&app, &white, &id, "e7e5 g1f3 d7d6 d2d4").await;
    add_ok(&app, &white, &id, "c5 Nf3").await;
    assert_eq!(
        lines_of(&app, &white, &id).await,
        ["e7e5 g1f3 b8c6 f1b5", "e7e5 g1f3 d7d6 d2d4", "c7c5 g1f3"]
    );
    app.clock.advance(3600);
    // Black plays e5: White's Nf3 comes at once, in the same answer.
    let (status, game) = app.play(&black, &id, "e7e5", 1).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(moves(&game), ["e2e4", "e7e5", "g1f3"]);
    assert_eq!(
        (game["ply"].as_u64(), game["to_move"].as_str()),
        (Some(3), Some("black"))
    );
    // Black's clock runs from the answer, White's stands.
    assert_eq!(game["clocks"]["black"]["seconds_left"], 3 * 86_400);
    assert_eq!(game["clocks"]["black"]["running"], true);
    assert_eq!(game["clocks"]["white"]["running"], false);
    // Black sees the answer in the reply to their move: no notice for ply 3; White,
    // whose answer it was, none either.
    assert!(!turn_notices(&app, &black).await.contains(&3));
    assert!(!turn_notices(&app, &white).await.contains(&2));
    // The two lines that expected e5 go on from ply 3; the c5 line is gone.
    let (_, listed) = list(&app, &id, Some(&white.token)).await;
    assert_eq!(texts(&listed["lines"]), ["b8c6 f1b5", "d7d6 d2d4"]);
    assert!(
        listed["lines"]
            .as_array()
            .unwrap()
            .iter()
            .all(|line| line["ply"] == 3)
    );
    assert_eq!(listed["lines"][0]["display"], json!(["Nc6", "Bb5"]));
    // Black plays Nc6: Bb5 comes; the lines are used up or no longer match.
    let (status, game) = app.play(&black, &id, "b8c6", 3).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(moves(&game)[3..], ["b8c6", "f1b5"]);
    assert_eq!(game["ply"], 5);
    assert!(lines_of(&app, &white, &id).await.is_empty());
    // A move the lines did not expect is just a move.
    add_ok(&app, &white, &id, "a6 Ba4").await;
    let (status, game) = app.play(&black, &id, "g8f6", 5).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(
        (game["ply"].as_u64(), game["to_move"].as_str()),
        (Some(6), Some("white"))
    );
    assert!(lines_of(&app, &white, &id).await.is_empty());
    assert_caches_match_replays(&app).await;
}

async fn every_variant_answers_a_line(app: TestApp) {
    let white = app.player("all_w").await;
    let black = app.player("all_b").await;
    for variant in Variant::ALL {
        let variant = variant.as_str();
        let id = app.new_game(variant, &white, &black).await;
        let first = app.game(&id).await["legal_moves"][0]
            .as_str()
            .unwrap()
            .to_owned();
        app.play_ok(&white, &black, &id, &first).await;
        let game = app.game(&id).await;
        let position = replay(&game);
        let theirs = position.legal_moves();
        let mut after = position.clone();
        after.play(&theirs[0]).unwrap();
        let answer = after.legal_moves()[0].clone();
        let expected = format!("{} {answer}", theirs[0]);
        add_ok(&app, &white, &id, &expected).await;
        // A second line where the opponent's other move leaves an answer (in Knight
        // Fight it may end the game).
        if let Some(other) = theirs.get(1) {
            let mut after = position.clone();
            after.play(other).unwrap();
            if let Some(reply) = after.legal_moves().first() {
                add_ok(&app, &white, &id, &format!("{other} {reply}")).await;
            }
        }
        let (status, game) = app.play(&black, &id, &theirs[0], 1).await;
        assert_eq!(status, StatusCode::OK, "{variant}: {game}");
        assert_eq!(
            moves(&game),
            [first.as_str(), theirs[0].as_str(), answer.as_str()],
            "{variant}"
        );
        assert_eq!(game["ply"], 3, "{variant}");
        assert_eq!(game["to_move"], "black", "{variant}");
        assert!(lines_of(&app, &white, &id).await.is_empty(), "{variant}");
    }
    assert_caches_match_replays(&app).await;
}

async fn a_reply_that_ends_the_game_finishes_it_once(app: TestApp) {
    let white = app.player("mate_w").await;
    let black = app.player("mate_b").await;
    let id = app.new_game("chess", &white, &black).await;
    let before = app.stats().await;
    // On White's turn Black enters the fool's mate; White a line past it is refused.
    add_ok(&app, &black, &id, "f3 e5 g4 Qh4").await;
    app.play_ok(&white, &black, &id, "f2f3").await;
    let game = app.game(&id).await;
    assert_eq!(moves(&game), ["f2f3", "e7e5"]);
    let (status, body) = add(&app, &white, &id, "g4 Qh4 Kf2", 2).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["error"], "line_past_end");
    add_ok(&app, &white, &id, "g4 d6 h3").await;
    let (status, game) = app.play(&white, &id, "g2g4", 2).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(moves(&game), ["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(game["status"], "finished");
    assert_eq!(game["result"], "0-1");
    assert_eq!(game["end_reason"], "checkmate");
    assert!(game["to_move"].is_null());
    assert!(game["deadline"].is_null());
    // Counted once: one more game, one more win for Black.
    let after = app.stats().await;
    let chess = |stats: &[(String, i64, i64, i64, i64)]| {
        stats.iter().find(|row| row.0 == "chess").cloned().unwrap()
    };
    let (b, a) = (chess(&before), chess(&after));
    assert_eq!((a.1, a.2, a.3, a.4), (b.1, b.2 + 1, b.3, b.4 + 1));
    // White's line (it expected d6) is gone; Black's was used up: nothing pending.
    let (status, body) = list(&app, &id, None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["ended"], true);
    assert!(texts(&body["lines"]).is_empty());
    // Both players heard of the end.
    for player in [&white, &black] {
        let (_, notices) = app.get("/api/v1/notifications", Some(&player.token)).await;
        let ended = notices["items"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|item| item["kind"] == "game_finished")
            .count();
        assert_eq!(ended, 1, "{notices}");
    }
    assert_caches_match_replays(&app).await;
}

async fn lines_are_private_until_the_end_then_in_the_record(app: TestApp) {
    let white = app.player("priv_w").await;
    let black = app.player("priv_b").await;
    let watcher = app.player("priv_x").await;
    let id = app.new_game("chess", &white, &black).await;
    app.play_ok(&white, &black, &id, "d2d4").await;
    add_ok(&app, &white, &id, "d5 c4 e6 Nc3").await;
    // Nobody else reads them: not the opponent, a spectator or a guest, not the page.
    assert!(lines_of(&app, &black, &id).await.is_empty());
    for token in [Some(watcher.token.as_str()), None] {
        let (status, body) = list(&app, &id, token).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        assert_eq!(body["error"], "conditional_private");
    }
    assert!(app.game(&id).await["conditional_lines"].is_null());
    for page in [
        app.page_html_as(&black, &format!("/games/{id}")).await,
        app.page_html_as(&watcher, &format!("/games/{id}")).await,
        app.page_html(&format!("/games/{id}")).await,
    ] {
        assert!(!page.contains("Nc3"), "the line leaks");
        assert_eq!(select(&page, ".conditional-line").len(), 0);
    }
    let mine = app.page_html_as(&white, &format!("/games/{id}")).await;
    assert_eq!(
        select(&mine, "#conditional-lines .conditional-moves"),
        ["1… d5 2. c4 e6 3. Nc3"]
    );
    // Not in the record either, not even the owner's download.
    let record = app
        .page_html_as(&white, &format!("/games/{id}/record"))
        .await;
    assert!(!record.contains("Conditional"), "{record}");
    // White resigns: the pending line is now part of the record, for everyone.
    let (status, _) = app.act(&white, &id, "resign").await;
    assert_eq!(status, StatusCode::OK);
    let record = app.page_html(&format!("/games/{id}/record")).await;
    assert!(
        record.ends_with(
            "1. d4 {Conditional line pending at the end, priv_w (White): 1… d5 2. c4 e6 \
             3. Nc3} 0-1\n"
        ),
        "{record}"
    );
    for token in [
        Some(black.token.as_str()),
        Some(watcher.token.as_str()),
        None,
    ] {
        let (status, body) = list(&app, &id, token).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["ended"], true);
        assert_eq!(texts(&body["lines"]), ["d7d5 c2c4 e7e6 b1c3"]);
        assert_eq!(body["lines"][0]["player"], "priv_w");
        assert_eq!(body["lines"][0]["color"], "white");
    }
    let game = app.game(&id).await;
    assert_eq!(texts(&game["conditional_lines"]), ["d7d5 c2c4 e7e6 b1c3"]);
    let page = app.page_html(&format!("/games/{id}")).await;
    assert_eq!(
        select(&page, "#conditional-lines .conditional-player"),
        ["priv_w"]
    );
    assert_eq!(
        select(&page, "#conditional-lines .conditional-moves"),
        ["1… d5 2. c4 e6 3. Nc3"]
    );
    assert!(select(&page, "#conditional-form").is_empty());
    // The record is closed: no new line, no deletion.
    let line = game["conditional_lines"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let (status, body) = delete(&app, &white, &id, &line).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::CONFLICT, Some("game_over"))
    );
    let (status, body) = add(&app, &black, &id, "c4 e6", 1).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::CONFLICT, Some("game_over"))
    );
}

async fn bad_lines_are_refused_with_the_reason(app: TestApp) {
    let white = app.player("bad_w").await;
    let black = app.player("bad_b").await;
    let other = app.player("bad_x").await;
    let id = app.new_game("chess", &white, &black).await;
    app.play_ok(&white, &black, &id, "e2e4").await;
    for (line, code, names) in [
        ("e5 Nf3 Nc6 Ke5", "illegal_move", "move 4"),
        ("e5 Nf3 Nc6 Zz9", "malformed_move", "move 4"),
        ("   ", "empty_line", ""),
        ("e5", "no_reply", ""),
        ("e5 Nf3 Nc6", "no_reply", ""),
    ] {
        let (status, body) = add(&app, &white, &id, line, 1).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{line}: {body}");
        assert_eq!(body["error"], code, "{line}");
        assert!(body["message"].as_str().unwrap().contains(names), "{body}");
    }
    let long = "Nf6 Nf3 Ng8 Ng1 ".repeat(11);
    let (status, body) = add(&app, &white, &id, &long, 1).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("line_too_long"))
    );
    let (status, body) = add(&app, &white, &id, &"a".repeat(5000), 1).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("line_too_long"))
    );
    let (status, body) = app
        .post(
            &format!("/api/v1/games/{id}/conditional"),
            Some(&white.token),
            json!({"moves": 5}),
        )
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("invalid_body"))
    );
    let (status, body) = add(&app, &white, &id, "e5 Nf3", 0).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::CONFLICT, Some("stale_ply"))
    );
    let (status, body) = add(&app, &other, &id, "e5 Nf3", 1).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::FORBIDDEN, Some("not_a_player"))
    );
    let (status, _) = add(&app, &white, "0000000000000000", "e5 Nf3", 1).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app
        .post(
            &format!("/api/v1/games/{id}/conditional"),
            None,
            json!({"moves": "e5 Nf3", "ply": 1}),
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // Nothing was stored by any of these.
    assert!(lines_of(&app, &white, &id).await.is_empty());
    // Twenty lines, one per Black reply to e4; a longer one replaces its start.
    let replies: Vec<String> = replay(&app.game(&id).await).legal_moves();
    assert_eq!(replies.len(), 20);
    for reply in &replies {
        add_ok(&app, &white, &id, &format!("{reply} g1f3")).await;
    }
    add_ok(&app, &white, &id, "e7e5 g1f3 b8c6 f1c4").await;
    assert_eq!(lines_of(&app, &white, &id).await.len(), 20);
    for (line, code) in [
        ("e7e5 g1f3 d7d6 d2d4", "too_many_lines"),
        ("e7e5 b1c3", "conflicting_line"),
        ("e7e5 g1f3", "duplicate_line"),
        ("e5 Nf3 Nc6 Bc4", "duplicate_line"),
    ] {
        let (status, body) = add(&app, &white, &id, line, 1).await;
        assert_eq!(status, StatusCode::CONFLICT, "{line}: {body}");
        assert_eq!(body["error"], code, "{line}");
    }
    // Deleting: one's own line once; not another player's.
    let (_, listed) = list(&app, &id, Some(&white.token)).await;
    let first = listed["lines"][0]["id"].as_str().unwrap().to_owned();
    let (status, _) = delete(&app, &black, &id, &first).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = delete(&app, &other, &id, &first).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = delete(&app, &white, &id, &first).await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    let (status, _) = delete(&app, &white, &id, &first).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(lines_of(&app, &white, &id).await.len(), 19);
    add_ok(&app, &white, &id, "e7e5 g1f3 d7d6 d2d4").await;
}

/// A Reversi 6x6 game found by the rules: `prefix` (no passes) leads to a position where
/// the side to move plays `theirs`, the other side `mine`, the first must pass, and the
/// other plays `next`.
pub(crate) struct PassFound {
    pub(crate) prefix: Vec<String>,
    pub(crate) theirs: String,
    pub(crate) mine: String,
    pub(crate) next: String,
}

pub(crate) fn find_pass() -> PassFound {
    for seed in 1..2000_usize {
        let mut game = AnyGame::new(Variant::Reversi6x6, None).unwrap();
        let mut prefix = Vec::new();
        while game.outcome().is_none() && game.forced_pass().is_none() {
            let legal = game.legal_moves();
            // Two plies ahead: their move, my move, their forced pass, my next move.
            for theirs in &legal {
                let mut a = game.clone();
                a.play(theirs).unwrap();
                if a.forced_pass().is_some() || a.outcome().is_some() {
                    continue;
                }
                for mine in a.legal_moves() {
                    let mut b = a.clone();
                    b.play(&mine).unwrap();
                    if b.forced_pass().is_some() && b.outcome().is_none() {
                        let mut c = b.clone();
                        c.play("pass").unwrap();
                        if c.outcome().is_none() && c.forced_pass().is_none() {
                            return PassFound {
                                prefix,
                                theirs: theirs.clone(),
                                mine,
                                next: c.legal_moves()[0].clone(),
                            };
                        }
                    }
                }
            }
            let pick = legal[(game.ply() as usize * seed + seed) % legal.len()].clone();
            game.play(&pick).unwrap();
            prefix.push(pick);
        }
    }
    panic!("no forced pass found");
}

async fn a_line_goes_on_over_a_forced_pass(app: TestApp) {
    let found = find_pass();
    let white = app.player("pass_w").await;
    let black = app.player("pass_b").await;
    let id = app.new_game("reversi-6x6", &white, &black).await;
    for mv in &found.prefix {
        app.play_ok(&white, &black, &id, mv).await;
    }
    let game = app.game(&id).await;
    let ply = game["ply"].as_u64().unwrap();
    let (opponent, owner) = if game["to_move"] == "white" {
        (&white, &black)
    } else {
        (&black, &white)
    };
    // The pass left out: filled in, and stored written out.
    let line = format!("{} {} {}", found.theirs, found.mine, found.next);
    let stored = add_ok(&app, owner, &id, &line).await;
    assert_eq!(
        stored["moves"],
        json!([&found.theirs, &found.mine, "pass", &found.next])
    );
    // The same line with the pass written is the same line.
    let written = format!("{} {} pass {}", found.theirs, found.mine, found.next);
    let (status, body) = add(&app, owner, &id, &written, ply).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::CONFLICT, Some("duplicate_line")),
        "{body}"
    );
    // The opponent plays: the answer, their forced pass and the next move, all at once.
    let (status, game) = app.play(opponent, &id, &found.theirs, ply).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    let played = moves(&game);
    assert_eq!(
        played[played.len() - 4..],
        [
            found.theirs.as_str(),
            found.mine.as_str(),
            "pass",
            found.next.as_str()
        ]
    );
    assert_eq!(game["ply"].as_u64(), Some(ply + 4));
    assert!(lines_of(&app, owner, &id).await.is_empty());
    assert_caches_match_replays(&app).await;
}

async fn no_reply_after_a_loss_on_time(app: TestApp) {
    let white = app.player("late_w").await;
    let black = app.player("late_b").await;
    let id = app.new_game("chess", &white, &black).await;
    app.play_ok(&white, &black, &id, "e2e4").await;
    add_ok(&app, &white, &id, "e5 Nf3").await;
    // Black's three days run out; their move finds the game lost.
    app.clock.advance(3 * 86_400 + 60);
    let (status, body) = app.play(&black, &id, "e7e5", 1).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::CONFLICT, Some("time_out")),
        "{body}"
    );
    let game = app.game(&id).await;
    assert_eq!(moves(&game), ["e2e4"]);
    assert_eq!(game["termination"], "timeout");
    assert_eq!(game["result"], "1-0");
    // The line was never played: it stays, pending at the end, in the record.
    assert_eq!(texts(&game["conditional_lines"]), ["e7e5 g1f3"]);
}

async fn a_move_and_line_edits_at_once_lose_and_double_nothing(app: TestApp) {
    let white = app.player("race_w").await;
    let black = app.player("race_b").await;
    for round in 0..4 {
        let id = app.new_game("chess", &white, &black).await;
        app.play_ok(&white, &black, &id, "e2e4").await;
        let line = add_ok(&app, &white, &id, "e5 Nf3").await;
        let line_id = line["id"].as_str().unwrap().to_owned();
        // Black moves while White deletes the line and enters another.
        let ((moved, deleted), added) = join(
            join(
                app.play(&black, &id, "e7e5", 1),
                delete(&app, &white, &id, &line_id),
            ),
            add(&app, &white, &id, "e5 d4", 1),
        )
        .await;
        assert_eq!(moved.0, StatusCode::OK, "round {round}: {moved:?}");
        let game = app.game(&id).await;
        let played = moves(&game);
        match deleted.0 {
            // Deleted first: then either the new line answered, or nothing did.
            StatusCode::NO_CONTENT => {
                if added.0 == StatusCode::CREATED {
                    assert_eq!(played, ["e2e4", "e7e5", "d2d4"], "round {round}");
                } else {
                    // Too late (stale), or before the delete (it conflicted with the
                    // old line).
                    assert_eq!(added.0, StatusCode::CONFLICT, "round {round}: {added:?}");
                    assert_eq!(played, ["e2e4", "e7e5"], "round {round}");
                }
            }
            // The move came first: Nf3 was played, the line used up.
            StatusCode::NOT_FOUND => {
                assert_eq!(played, ["e2e4", "e7e5", "g1f3"], "round {round}");
                assert_eq!(added.0, StatusCode::CONFLICT, "round {round}: {added:?}");
            }
            other => panic!("round {round}: delete answered {other}: {deleted:?}"),
        }
        // Added before the delete, the new line conflicts with the old one.
        if added.0 == StatusCode::CONFLICT {
            assert!(
                added.1["error"] == "stale_ply" || added.1["error"] == "conflicting_line",
                "{added:?}"
            );
        }
        assert!(
            lines_of(&app, &white, &id).await.is_empty(),
            "round {round}"
        );
        assert_eq!(game["ply"].as_u64(), Some(played.len() as u64));
    }
    // Two conflicting lines at once: one is stored.
    let id = app.new_game("chess", &white, &black).await;
    app.play_ok(&white, &black, &id, "e2e4").await;
    let (a, b) = join(
        add(&app, &white, &id, "e5 Nf3", 1),
        add(&app, &white, &id, "e5 d4", 1),
    )
    .await;
    let created = [&a, &b]
        .iter()
        .filter(|r| r.0 == StatusCode::CREATED)
        .count();
    assert_eq!(created, 1, "{a:?} {b:?}");
    assert_eq!(lines_of(&app, &white, &id).await.len(), 1);
    assert_caches_match_replays(&app).await;
}

pub(crate) fn select(html: &str, selector: &str) -> Vec<String> {
    let selector = Selector::parse(selector).unwrap();
    Html::parse_document(html)
        .select(&selector)
        .map(|el| el.text().collect::<String>().trim().to_owned())
        .collect()
}

/// The attribute `name` of the first element `selector` selects in `html`.
pub(crate) fn attr(html: &str, selector: &str, name: &str) -> String {
    let selector = Selector::parse(selector).unwrap();
    Html::parse_document(html)
        .select(&selector)
        .next()
        .and_then(|el| el.value().attr(name))
        .unwrap_or_else(|| panic!("no {name}"))
        .to_owned()
}

async fn the_form_enters_and_deletes_lines_without_javascript(app: TestApp) {
    let white = app.player("form_w").await;
    let black = app.player("form_b").await;
    let id = app.new_game("chess", &white, &black).await;
    app.play_ok(&white, &black, &id, "e2e4").await;
    let path = format!("/games/{id}");
    let page = app.page_html_as(&white, &path).await;
    assert_eq!(
        select(
            &page,
            "#conditional-form input#conditional-ply[name=ply][value='1']"
        )
        .len(),
        1
    );
    assert_eq!(select(&page, "label[for=conditional-moves]").len(), 1);
    assert_eq!(select(&page, "#conditional-empty").len(), 1);
    let (status, location, _) = post_form(
        &app,
        &white,
        &format!("/games/{id}/conditional"),
        &[("moves", "e5 Nf3 Nc6 Bb5"), ("ply", "1")],
    )
    .await;
    assert_eq!(
        (status, location.as_str()),
        (
            StatusCode::SEE_OTHER,
            format!("/games/{id}#conditional").as_str()
        )
    );
    let page = app.page_html_as(&white, &path).await;
    assert_eq!(
        select(&page, "#conditional-lines .conditional-moves"),
        ["1… e5 2. Nf3 Nc6 3. Bb5"]
    );
    // A refused line: the page again, with the reason naming the move, the line kept.
    let (status, _, page) = post_form(
        &app,
        &white,
        &format!("/games/{id}/conditional"),
        &[("moves", "c5 Ke3"), ("ply", "1")],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        select(&page, "#conditional-error[role=alert]"),
        ["Move 2 of the line (Ke3) is not legal where it comes."]
    );
    assert_eq!(attr(&page, "#conditional-moves", "value"), "c5 Ke3");
    // The opponent's move answers through the line; the page shows what is left.
    app.play(&black, &id, "e7e5", 1).await;
    let page = app.page_html_as(&white, &path).await;
    assert_eq!(
        select(&page, "#conditional-lines .conditional-moves"),
        ["2… Nc6 3. Bb5"]
    );
    assert_eq!(
        select(&page, "#conditional-form input#conditional-ply[value='3']").len(),
        1
    );
    // Deleting by the line's form.
    let action = attr(&page, "#conditional-lines form", "action");
    let (status, location, _) = post_form(&app, &white, &action, &[]).await;
    assert_eq!(
        (status, location.as_str()),
        (
            StatusCode::SEE_OTHER,
            format!("/games/{id}#conditional").as_str()
        )
    );
    let page = app.page_html_as(&white, &path).await;
    assert!(select(&page, "#conditional-lines .conditional-moves").is_empty());
    // In Estonian too.
    let client = reqwest::Client::new();
    let page = client
        .get(format!("{}{path}", app.address))
        .bearer_auth(&white.token)
        .header(header::ACCEPT_LANGUAGE, "et")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(
        select(&page, "#conditional-title"),
        ["Tingimuslikud käigud"]
    );
}
