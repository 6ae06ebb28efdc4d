//! Tournaments on both databases: every format with 2, 3, 7, 8, 9 and 33 players played
//! to the end with random results (wins, draws, losses on time, withdrawals), each
//! pairing rule checked and the kept scores held to a recount from the games; entry
//! rules refusing bad input without changing anything; two runners racing; the pages.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use domain::tournaments::{runner, standings};
use rand::{Rng, SeedableRng, rngs::StdRng};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    helpers::{Player, TestApp},
    scenarios,
};

scenarios!(
    every_format_plays_to_the_end_with_exact_standings,
    entry_rules_refuse_bad_input_and_change_nothing,
    two_instances_run_each_step_once,
    organisers_start_remove_and_cancel,
    the_pages_show_the_tournament_without_javascript,
    a_banned_player_leaves_their_tournaments,
    a_league_runs_season_after_season,
);

const DAY: i64 = 86_400;

async fn players(app: &TestApp, prefix: &str, count: usize) -> Vec<Player> {
    let mut players = Vec::with_capacity(count);
    for i in 0..count {
        players.push(app.player(&format!("{prefix}{i:02}")).await);
    }
    players
}

async fn create(app: &TestApp, organiser: &Player, body: Value) -> String {
    let (status, created) = app
        .post("/api/v1/tournaments", Some(&organiser.token), body)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    created["id"].as_str().unwrap().to_owned()
}

async fn join(app: &TestApp, player: &Player, id: &str) -> (StatusCode, Value) {
    app.post(
        &format!("/api/v1/tournaments/{id}/join"),
        Some(&player.token),
        json!({}),
    )
    .await
}

async fn detail(app: &TestApp, id: &str) -> Value {
    let (status, body) = app.get(&format!("/api/v1/tournaments/{id}"), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// Every game of the tournament: (stage, section, game).
fn games_of(detail: &Value) -> Vec<(i64, i64, Value)> {
    let mut games = Vec::new();
    for stage in detail["stages"].as_array().unwrap() {
        for section in stage["sections"].as_array().unwrap() {
            for game in section["games"].as_array().unwrap() {
                games.push((
                    stage["number"].as_i64().unwrap(),
                    section["number"].as_i64().unwrap(),
                    game.clone(),
                ));
            }
        }
    }
    games
}

/// Runs the runner until it has nothing left to do.
async fn run_runner(app: &TestApp) {
    for _ in 0..20 {
        if runner::round(&app.state).await.unwrap() == 0 {
            return;
        }
    }
    panic!("the runner kept finding work");
}

/// Ends `game_id` with a random result: a resignation by either side, an agreed draw.
async fn end_randomly(
    app: &TestApp,
    by_name: &HashMap<String, &Player>,
    game: &Value,
    rng: &mut StdRng,
) {
    let id = game["game_id"].as_str().unwrap();
    let white = by_name[game["white"].as_str().unwrap()];
    let black = by_name[game["black"].as_str().unwrap()];
    match rng.random_range(0..10) {
        0..=3 => {
            let (status, body) = app.act(white, id, "resign").await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        4..=7 => {
            let (status, body) = app.act(black, id, "resign").await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        _ => {
            let (status, body) = app.act(white, id, "draw/offer").await;
            assert_eq!(status, StatusCode::OK, "{body}");
            let (status, body) = app.act(black, id, "draw/accept").await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
    }
}

/// Plays `id` to its end with random results. Now and then every game still being
/// played is lost on time instead, and once (with three or more entrants) a player
/// withdraws. Returns who withdrew.
async fn play_to_the_end(
    app: &TestApp,
    id: &str,
    entrants: &[Player],
    rng: &mut StdRng,
) -> Option<String> {
    let by_name: HashMap<String, &Player> = entrants.iter().map(|p| (p.name.clone(), p)).collect();
    let mut withdrawn = None;
    for step in 0..400 {
        run_runner(app).await;
        let detail = detail(app, id).await;
        if detail["tournament"]["status"] != "running" {
            assert_eq!(detail["tournament"]["status"], "finished", "{detail}");
            return withdrawn;
        }
        let playing: Vec<Value> = games_of(&detail)
            .into_iter()
            .map(|(_, _, game)| game)
            .filter(|game| game["result"].is_null())
            .collect();
        assert!(
            !playing.is_empty(),
            "a running tournament with nothing to play: {detail}"
        );
        if withdrawn.is_none() && entrants.len() >= 3 && step == 1 {
            let active: Vec<&Value> = detail["entrants"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|entrant| entrant["status"] == "active")
                .collect();
            let leaver = active[rng.random_range(0..active.len())]["name"]
                .as_str()
                .unwrap()
                .to_owned();
            let (status, body) = app
                .post(
                    &format!("/api/v1/tournaments/{id}/leave"),
                    Some(&by_name[&leaver].token),
                    json!({}),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            withdrawn = Some(leaver);
            continue;
        }
        if rng.random_range(0..6) == 0 {
            // Every game still being played runs out of time.
            app.clock.advance(4 * DAY);
            domain::sweeper::round(&app.state).await.unwrap();
            continue;
        }
        for game in &playing {
            end_randomly(app, &by_name, game, rng).await;
        }
    }
    panic!("the tournament did not finish");
}

/// The kept scores equal a recount from the games.
async fn assert_scores_recount(app: &TestApp, id: &str) {
    let kept = standings::kept(&app.state, id).await.unwrap();
    let recounted = standings::recount(&app.state, id).await.unwrap();
    assert_eq!(kept, recounted, "kept scores differ from the recount");
}

/// The standings of every section are ranked 1, 2, 3… with points never rising.
fn assert_ranked(detail: &Value) {
    for stage in detail["stages"].as_array().unwrap() {
        for section in stage["sections"].as_array().unwrap() {
            let lines = section["standings"].as_array().unwrap();
            for (i, line) in lines.iter().enumerate() {
                assert_eq!(line["rank"], i + 1, "{section}");
            }
            for pair in lines.windows(2) {
                assert!(
                    pair[0]["points"].as_f64() >= pair[1]["points"].as_f64(),
                    "{section}"
                );
            }
        }
    }
}

fn pair_key(game: &Value) -> (String, String) {
    let (a, b) = (
        game["white"].as_str().unwrap().to_owned(),
        game["black"].as_str().unwrap().to_owned(),
    );
    if a < b { (a, b) } else { (b, a) }
}

/// Round robin: in every section of every stage, each pair of its players met exactly
/// once (twice, with the colours swapped, with both colours).
fn assert_round_robin(detail: &Value, both_colours: bool) {
    for stage in detail["stages"].as_array().unwrap() {
        for section in stage["sections"].as_array().unwrap() {
            let names: Vec<String> = section["standings"]
                .as_array()
                .unwrap()
                .iter()
                .map(|line| line["name"].as_str().unwrap().to_owned())
                .collect();
            let mut met: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
            for game in section["games"].as_array().unwrap() {
                met.entry(pair_key(game))
                    .or_default()
                    .push(game["white"].as_str().unwrap().to_owned());
            }
            let expected = names.len() * (names.len() - 1) / 2;
            assert_eq!(met.len(), expected, "every pair meets: {section}");
            for ((a, b), whites) in &met {
                assert!(names.contains(a) && names.contains(b));
                if both_colours {
                    assert_eq!(whites.len(), 2, "{a}–{b} meet twice");
                    assert_ne!(whites[0], whites[1], "{a}–{b} swap colours");
                } else {
                    assert_eq!(whites.len(), 1, "{a}–{b} meet once");
                }
            }
        }
    }
}

/// Swiss: nobody meets anyone twice, plays twice in a round, or has two byes; each
/// player's whites and blacks differ by at most two.
fn assert_swiss(detail: &Value) {
    let section = &detail["stages"][0]["sections"][0];
    let mut met = BTreeSet::new();
    let mut in_round: BTreeSet<(i64, String)> = BTreeSet::new();
    let mut colours: HashMap<String, i64> = HashMap::new();
    for game in section["games"].as_array().unwrap() {
        assert!(met.insert(pair_key(game)), "a repeat pairing: {game}");
        let round = game["round"].as_i64().unwrap();
        for (side, sign) in [("white", 1), ("black", -1)] {
            let name = game[side].as_str().unwrap().to_owned();
            assert!(
                in_round.insert((round, name.clone())),
                "twice in round {round}"
            );
            *colours.entry(name).or_default() += sign;
        }
    }
    let mut byes = BTreeSet::new();
    for bye in section["byes"].as_array().unwrap() {
        let name = bye["name"].as_str().unwrap().to_owned();
        let round = bye["round"].as_i64().unwrap();
        assert!(byes.insert(name.clone()), "{name} has two byes");
        assert!(in_round.insert((round, name)), "a bye beside a game");
    }
    for (name, balance) in colours {
        assert!(balance.abs() <= 2, "{name}'s colours: {balance}");
    }
}

/// Knock-out: the winner lost no match, everyone else is out (or left), and every
/// match's games alternate colours.
fn assert_knockout(detail: &Value, withdrawn: Option<&str>) {
    let winner = detail["tournament"]["winner"].as_str().expect("a winner");
    for entrant in detail["entrants"].as_array().unwrap() {
        let name = entrant["name"].as_str().unwrap();
        let status = entrant["status"].as_str().unwrap();
        if name == winner {
            assert_eq!(status, "active");
        } else if Some(name) == withdrawn {
            assert_eq!(status, "withdrawn");
        } else {
            assert_eq!(status, "eliminated", "{name}");
        }
    }
}

/// Each player's division in each season of a league: (season, name) → division.
fn league_divisions(detail: &Value) -> BTreeMap<(i64, String), i64> {
    let mut divisions = BTreeMap::new();
    for stage in detail["stages"].as_array().unwrap() {
        for section in stage["sections"].as_array().unwrap() {
            // Sections are numbered division * 100 + group, from 1.
            let division = (section["number"].as_i64().unwrap() - 1) / 100;
            for line in section["standings"].as_array().unwrap() {
                divisions.insert(
                    (
                        stage["number"].as_i64().unwrap(),
                        line["name"].as_str().unwrap().to_owned(),
                    ),
                    division,
                );
            }
        }
    }
    divisions
}

/// A league: `seasons` seasons were played (fewer only when too few players were left),
/// and between two seasons nobody moved more than one division.
fn assert_league(detail: &Value, seasons: i64) {
    let stages = detail["stages"].as_array().unwrap().len();
    let active = detail["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|entrant| entrant["status"] == "active")
        .count();
    assert!(
        i64::try_from(stages).unwrap() == seasons || active < 2,
        "{stages} seasons: {detail}"
    );
    let divisions = league_divisions(detail);
    for ((season, name), division) in &divisions {
        if let Some(before) = divisions.get(&(season - 1, name.clone())) {
            assert!((division - before).abs() <= 1, "{name} in season {season}");
        }
    }
}

async fn every_format_plays_to_the_end_with_exact_standings(app: TestApp) {
    let organiser = app.player("organiser").await;
    let field = players(&app, "p", 33).await;
    let mut rng = StdRng::seed_from_u64(20_261_202);
    let formats = [
        json!({"format": "round_robin", "section_size": 4, "advance": 2}),
        json!({"format": "round_robin", "section_size": 3, "advance": 1, "both_colours": true}),
        json!({"format": "swiss", "rounds": 4}),
        json!({"format": "knockout", "games_per_match": 2}),
        json!({"format": "league", "section_size": 3, "advance": 1, "rounds": 3}),
    ];
    for count in [2_usize, 3, 7, 8, 9, 33] {
        for settings in &formats {
            // The largest field plays the sections of three only once: it is the slowest.
            if count == 33 && settings["both_colours"] == true {
                continue;
            }
            let mut body = settings.clone();
            body["name"] = json!(format!("{} of {count}", settings["format"]));
            body["variant"] = json!("reversi-6x6");
            body["max_players"] = json!(count);
            let id = create(&app, &organiser, body).await;
            let entrants = &field[..count];
            for player in entrants {
                let (status, body) = join(&app, player, &id).await;
                assert_eq!(status, StatusCode::OK, "{body}");
            }
            // Full: the last entry started it.
            run_runner(&app).await;
            let started = detail(&app, &id).await;
            assert_eq!(started["tournament"]["status"], "running", "{started}");
            let withdrawn = play_to_the_end(&app, &id, entrants, &mut rng).await;
            let finished = detail(&app, &id).await;
            let context = format!("{count} players, {settings}: {finished}");
            assert!(finished["tournament"]["winner"].is_string(), "{context}");
            assert_ne!(
                finished["tournament"]["winner"].as_str(),
                withdrawn.as_deref(),
                "{context}"
            );
            assert_ranked(&finished);
            assert_scores_recount(&app, &id).await;
            match settings["format"].as_str().unwrap() {
                "round_robin" => {
                    assert_round_robin(&finished, settings["both_colours"] == true);
                }
                "swiss" => assert_swiss(&finished),
                "league" => {
                    assert_round_robin(&finished, false);
                    assert_league(&finished, 3);
                }
                _ => assert_knockout(&finished, withdrawn.as_deref()),
            }
            // Every game of the tournament has ended, with a result.
            for (_, _, game) in games_of(&finished) {
                assert!(game["result"].is_string(), "{context}");
            }
        }
    }
    // The players heard of the start and the end.
    let (status, notices) = app
        .get("/api/v1/notifications", Some(&field[0].token))
        .await;
    assert_eq!(status, StatusCode::OK);
    let events: BTreeSet<String> = notices["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|notice| notice["kind"] == "tournament_round")
        .map(|notice| notice["payload"]["event"].as_str().unwrap_or("").to_owned())
        .collect();
    assert!(events.contains("finished"), "{notices}");
}

async fn entry_rules_refuse_bad_input_and_change_nothing(app: TestApp) {
    let organiser = app.player("organiser").await;
    let field = players(&app, "e", 4).await;
    // Bad settings: each a 422 with its code, and no tournament is written.
    for (body, code) in [
        (
            json!({"name": "x", "variant": "chess", "format": "swiss"}),
            "invalid_name",
        ),
        (
            json!({"name": "Cup \u{202E}lanif", "variant": "chess", "format": "swiss"}),
            "control_character",
        ),
        (
            json!({"name": "Cup", "variant": "go", "format": "swiss"}),
            "unknown_variant",
        ),
        (
            json!({"name": "Cup", "variant": "chess", "format": "arena"}),
            "unknown_format",
        ),
        (
            json!({"name": "Cup", "variant": "chess", "format": "round_robin", "section_size": 2}),
            "invalid_section_size",
        ),
        (
            json!({"name": "Cup", "variant": "chess", "format": "round_robin", "section_size": 13}),
            "invalid_section_size",
        ),
        (
            json!({"name": "Cup", "variant": "chess", "format": "round_robin", "section_size": 4, "advance": 3}),
            "invalid_advance",
        ),
        (
            json!({"name": "Cup", "variant": "chess", "format": "swiss", "rounds": 0}),
            "invalid_rounds",
        ),
        // A setting the format does not use is still refused outside every format's range.
        (
            json!({"name": "Cup", "variant": "chess", "format": "swiss", "section_size": 13}),
            "invalid_section_size",
        ),
        (
            json!({"name": "Cup", "variant": "chess", "format": "knockout", "advance": 7}),
            "invalid_advance",
        ),
        (
            json!({"name": "Cup", "variant": "chess", "format": "round_robin", "rounds": 51}),
            "invalid_rounds",
        ),
        (
            json!({"name": "Cup", "variant": "chess", "format": "swiss", "games_per_match": 12}),
            "invalid_games_per_match",
        ),
        (
            json!({"name": "Cup", "variant": "chess", "format": "knockout", "games_per_match": 3}),
            "invalid_games_per_match",
        ),
        (
            json!({"name": "Cup", "variant": "chess", "format": "swiss", "min_players": 1}),
            "invalid_players",
        ),
        (
            json!({"name": "Cup", "variant": "chess", "format": "swiss", "min_players": 9, "max_players": 8}),
            "invalid_players",
        ),
        (
            json!({"name": "Cup", "variant": "chess", "format": "swiss", "min_rating": 1800, "max_rating": 1200}),
            "invalid_rating_range",
        ),
        (
            json!({"name": "Cup", "variant": "chess", "format": "swiss", "starts_at": "2020-01-01T00:00:00Z"}),
            "invalid_start",
        ),
        (
            json!({"name": "Cup", "variant": "chess", "format": "swiss", "starts_at": "tomorrow"}),
            "invalid_start",
        ),
    ] {
        let (status, answer) = app
            .post("/api/v1/tournaments", Some(&organiser.token), body.clone())
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {answer}");
        assert_eq!(answer["error"], code, "{body}");
    }
    let (_, open) = app.get("/api/v1/tournaments", None).await;
    assert_eq!(open.as_array().unwrap().len(), 0);
    // An unknown status.
    let (status, answer) = app.get("/api/v1/tournaments?status=paused", None).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");

    // A tournament of at most 3, for ratings 1400 to 1600 (a new player is 1500).
    let id = create(
        &app,
        &organiser,
        json!({"name": "Small", "variant": "chess", "format": "swiss", "max_players": 3,
               "min_rating": 1400, "max_rating": 1600}),
    )
    .await;
    let (status, _) = join(&app, &field[0], &id).await;
    assert_eq!(status, StatusCode::OK);
    let (status, answer) = join(&app, &field[0], &id).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::CONFLICT, Some("already_joined"))
    );
    let (status, _) = join(&app, &field[1], &id).await;
    assert_eq!(status, StatusCode::OK);
    // Leaving before the start deletes the entry; joining again is fine.
    let (status, _) = app
        .post(
            &format!("/api/v1/tournaments/{id}/leave"),
            Some(&field[1].token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, answer) = app
        .post(
            &format!("/api/v1/tournaments/{id}/leave"),
            Some(&field[1].token),
            json!({}),
        )
        .await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::CONFLICT, Some("not_joined"))
    );
    let (status, _) = join(&app, &field[1], &id).await;
    assert_eq!(status, StatusCode::OK);
    // Nobody else may start or cancel it.
    let (status, answer) = app
        .post(
            &format!("/api/v1/tournaments/{id}/start"),
            Some(&field[0].token),
            json!({}),
        )
        .await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::FORBIDDEN, Some("not_organiser"))
    );
    // The third entry fills it and starts it; a fourth finds it started.
    let (status, _) = join(&app, &field[2], &id).await;
    assert_eq!(status, StatusCode::OK);
    run_runner(&app).await;
    let (status, answer) = join(&app, &field[3], &id).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::CONFLICT, Some("tournament_started"))
    );
    let before = detail(&app, &id).await;
    assert_eq!(before["tournament"]["status"], "running");
    assert_eq!(before["entrants"].as_array().unwrap().len(), 3);
    // Cancelling a started tournament is refused, and changes nothing.
    let (status, answer) = app
        .post(
            &format!("/api/v1/tournaments/{id}/cancel"),
            Some(&organiser.token),
            json!({}),
        )
        .await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::CONFLICT, Some("tournament_started"))
    );
    assert_eq!(detail(&app, &id).await, before);
    // A tournament game cannot be aborted.
    let game = games_of(&before)[0].2.clone();
    let white = field
        .iter()
        .find(|p| p.name == game["white"].as_str().unwrap())
        .unwrap();
    let (status, answer) = app
        .act(white, game["game_id"].as_str().unwrap(), "abort")
        .await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::CONFLICT, Some("tournament_game"))
    );

    // Rating limits: a tournament for 1700 and above refuses a new player.
    let strong = create(
        &app,
        &organiser,
        json!({"name": "Strong", "variant": "chess", "format": "knockout", "min_rating": 1700}),
    )
    .await;
    let (status, answer) = join(&app, &field[3], &strong).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("rating_outside_limits")
        )
    );
    assert_eq!(
        detail(&app, &strong).await["entrants"]
            .as_array()
            .unwrap()
            .len(),
        0
    );

    // A private tournament: hidden from the list, found only with its key.
    let (status, private) = app
        .post(
            "/api/v1/tournaments",
            Some(&organiser.token),
            json!({"name": "Club night", "variant": "chess", "format": "swiss", "private": true}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let private_id = private["id"].as_str().unwrap();
    let key = private["invite_code"]
        .as_str()
        .expect("the organiser sees the key");
    let (_, open) = app.get("/api/v1/tournaments", None).await;
    assert!(
        open.as_array()
            .unwrap()
            .iter()
            .all(|t| t["id"] != private_id)
    );
    let (status, _) = app
        .get(&format!("/api/v1/tournaments/{private_id}"), None)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, answer) = join(&app, &field[3], private_id).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{answer}");
    let (status, answer) = app
        .post(
            &format!("/api/v1/tournaments/{private_id}/join"),
            Some(&field[3].token),
            json!({"invite": key}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert!(
        answer["invite_code"].is_null(),
        "only the organiser sees the key"
    );
    // An entrant sees it without the key.
    let (status, _) = app
        .get(
            &format!("/api/v1/tournaments/{private_id}"),
            Some(&field[3].token),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
}

async fn two_instances_run_each_step_once(app: TestApp) {
    let second = TestApp::spawn_on(app.backend, &app.database_url, &[]).await;
    let organiser = app.player("organiser").await;
    let field = players(&app, "r", 9).await;
    let id = create(
        &app,
        &organiser,
        json!({"name": "Race", "variant": "reversi-6x6", "format": "swiss", "rounds": 3,
               "max_players": 9}),
    )
    .await;
    for player in &field {
        let (status, _) = join(&app, player, &id).await;
        assert_eq!(status, StatusCode::OK);
    }
    let by_name: HashMap<String, &Player> = field.iter().map(|p| (p.name.clone(), p)).collect();
    let mut rng = StdRng::seed_from_u64(7);
    for round in 1..=3 {
        // Both instances' runners at once: one of them starts the round.
        let (one, other) = tokio::join!(runner::round(&app.state), runner::round(&second.state));
        assert_eq!(one.unwrap() + other.unwrap(), 1, "round {round}: one step");
        let now = detail(&app, &id).await;
        let games: Vec<Value> = games_of(&now)
            .into_iter()
            .map(|(_, _, game)| game)
            .filter(|game| game["round"] == round)
            .collect();
        assert_eq!(games.len(), 4, "round {round}: four games, once: {now}");
        for game in &games {
            end_randomly(&app, &by_name, game, &mut rng).await;
        }
    }
    let (one, other) = tokio::join!(runner::round(&app.state), runner::round(&second.state));
    assert_eq!(one.unwrap() + other.unwrap(), 1);
    let finished = detail(&app, &id).await;
    assert_eq!(finished["tournament"]["status"], "finished");
    assert_eq!(games_of(&finished).len(), 12);
    assert_swiss(&finished);
    assert_scores_recount(&app, &id).await;
}

async fn organisers_start_remove_and_cancel(app: TestApp) {
    let organiser = app.player("organiser").await;
    let field = players(&app, "o", 5).await;
    // Too few to start early.
    let id = create(
        &app,
        &organiser,
        json!({"name": "Early", "variant": "chess", "format": "round_robin", "section_size": 5,
               "min_players": 3}),
    )
    .await;
    join(&app, &field[0], &id).await;
    join(&app, &field[1], &id).await;
    let start = format!("/api/v1/tournaments/{id}/start");
    let (status, answer) = app.post(&start, Some(&organiser.token), json!({})).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::CONFLICT, Some("not_enough_players"))
    );
    // Removing before the start deletes the entry.
    join(&app, &field[2], &id).await;
    join(&app, &field[3], &id).await;
    let remove = format!("/api/v1/tournaments/{id}/remove");
    let (status, _) = app
        .post(
            &remove,
            Some(&organiser.token),
            json!({"player": field[3].name}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        detail(&app, &id).await["entrants"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    // Started early with three: every game of the section at once.
    let (status, started) = app.post(&start, Some(&organiser.token), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{started}");
    assert_eq!(started["status"], "running");
    let now = detail(&app, &id).await;
    assert_eq!(games_of(&now).len(), 3);
    // Removing after the start resigns the player's games.
    let (status, _) = app
        .post(
            &remove,
            Some(&organiser.token),
            json!({"player": field[2].name}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let now = detail(&app, &id).await;
    for (_, _, game) in games_of(&now) {
        if game["white"] == field[2].name.as_str() {
            assert_eq!(game["result"], "0-1");
        } else if game["black"] == field[2].name.as_str() {
            assert_eq!(game["result"], "1-0");
        }
    }
    assert_scores_recount(&app, &id).await;

    // Cancelled before the start: its entrants hear of it.
    let other = create(
        &app,
        &organiser,
        json!({"name": "Called off", "variant": "chess", "format": "knockout"}),
    )
    .await;
    join(&app, &field[4], &other).await;
    let (status, cancelled) = app
        .post(
            &format!("/api/v1/tournaments/{other}/cancel"),
            Some(&organiser.token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(cancelled["status"], "cancelled");
    let (_, notices) = app
        .get("/api/v1/notifications", Some(&field[4].token))
        .await;
    assert!(
        notices["items"]
            .as_array()
            .unwrap()
            .iter()
            .any(|notice| notice["payload"]["event"] == "cancelled"),
        "{notices}"
    );
    // A start time that passes with too few entrants calls the tournament off.
    let later = vocab::clock::rfc3339(app.state.now() + DAY);
    let timed = create(
        &app,
        &organiser,
        json!({"name": "Timed", "variant": "chess", "format": "swiss", "min_players": 4,
               "starts_at": later}),
    )
    .await;
    join(&app, &field[4], &timed).await;
    app.clock.advance(DAY + 1);
    run_runner(&app).await;
    assert_eq!(
        detail(&app, &timed).await["tournament"]["status"],
        "cancelled"
    );
}

async fn the_pages_show_the_tournament_without_javascript(app: TestApp) {
    let organiser = app.player("organiser").await;
    let field = players(&app, "w", 4).await;
    let id = create(
        &app,
        &organiser,
        json!({"name": "Page cup", "variant": "chess", "format": "round_robin",
               "section_size": 4, "max_players": 4}),
    )
    .await;
    let list = app.page_html("/tournaments").await;
    assert!(
        list.contains("Page cup") && list.contains("open-tournaments"),
        "{list}"
    );
    for player in &field {
        join(&app, player, &id).await;
    }
    run_runner(&app).await;
    let page = app.page_html(&format!("/tournaments/{id}")).await;
    assert!(page.contains("cross-table"), "{page}");
    assert!(page.contains("Round 3"), "{page}");
    // Each of the six games is in the cross-table twice (once per player), as a link.
    let links = {
        let html = scraper::Html::parse_document(&page);
        let selector = scraper::Selector::parse(".cross-table a[href^='/games/']").unwrap();
        html.select(&selector).count()
    };
    assert_eq!(links, 12, "{page}");
    for player in &field {
        assert!(page.contains(&player.name));
    }
    // A game's page links to its tournament and offers no abort.
    let game = games_of(&detail(&app, &id).await)[0].2.clone();
    let white = field
        .iter()
        .find(|p| p.name == game["white"].as_str().unwrap())
        .unwrap();
    let game_page = app
        .page_html_as(
            white,
            &format!("/games/{}", game["game_id"].as_str().unwrap()),
        )
        .await;
    assert!(
        game_page.contains(&format!("href=\"/tournaments/{id}\"")),
        "{game_page}"
    );
    assert!(!game_page.contains("value=\"abort\""), "{game_page}");
    let rules = app.page_html("/tournaments/rules").await;
    assert!(rules.contains("Sonneborn–Berger"), "{rules}");
    // An unknown tournament is a clear 404 page.
    let response = app
        .client
        .get(format!("{}/tournaments/nothing-here", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}

async fn a_banned_player_leaves_their_tournaments(app: TestApp) {
    // The first account is the administrator.
    let admin = app.player("admin").await;
    let field = players(&app, "b", 4).await;
    let swiss = create(
        &app,
        &admin,
        json!({"name": "Swiss", "variant": "reversi-6x6", "format": "swiss", "rounds": 3,
               "max_players": 4}),
    )
    .await;
    let open = create(
        &app,
        &admin,
        json!({"name": "Later", "variant": "chess", "format": "knockout"}),
    )
    .await;
    for player in &field {
        join(&app, player, &swiss).await;
    }
    join(&app, &field[0], &open).await;
    run_runner(&app).await;
    let (status, body) = app
        .post(
            &format!("/api/v1/admin/players/{}/ban", field[0].name),
            Some(&admin.token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // Their entry of the open tournament is gone; in the running one they are removed,
    // their game resigned, and the next round pairs the three others only.
    assert_eq!(
        detail(&app, &open).await["entrants"]
            .as_array()
            .unwrap()
            .len(),
        0
    );
    let now = detail(&app, &swiss).await;
    let banned = now["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|entrant| entrant["name"] == field[0].name.as_str())
        .unwrap()
        .clone();
    assert_eq!(banned["status"], "removed");
    let by_name: HashMap<String, &Player> = field.iter().map(|p| (p.name.clone(), p)).collect();
    let mut rng = StdRng::seed_from_u64(3);
    for (_, _, game) in games_of(&now) {
        if game["result"].is_null() {
            end_randomly(&app, &by_name, &game, &mut rng).await;
        }
    }
    run_runner(&app).await;
    let next = detail(&app, &swiss).await;
    for (_, _, game) in games_of(&next) {
        if game["round"] == 2 {
            assert_ne!(game["white"], field[0].name.as_str());
            assert_ne!(game["black"], field[0].name.as_str());
        }
    }
    assert_scores_recount(&app, &swiss).await;
}

async fn a_league_runs_season_after_season(app: TestApp) {
    let organiser = app.player("organiser").await;
    let field = players(&app, "l", 8).await;
    let id = create(
        &app,
        &organiser,
        json!({"name": "League", "variant": "reversi-6x6", "format": "league",
               "section_size": 3, "advance": 1, "rounds": 2, "max_players": 8}),
    )
    .await;
    for player in &field[..7] {
        join(&app, player, &id).await;
    }
    let (status, _) = app
        .post(
            &format!("/api/v1/tournaments/{id}/start"),
            Some(&organiser.token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    // Season 1: a top division of one group of three, a second of four in two groups.
    let season_one = detail(&app, &id).await;
    let sections: Vec<i64> = season_one["stages"][0]["sections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|section| section["number"].as_i64().unwrap())
        .collect();
    assert_eq!(sections, vec![1, 101, 102], "{season_one}");
    // A newcomer joins the running league: they play from the next season, at the bottom.
    let (status, body) = join(&app, &field[7], &id).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let by_name: HashMap<String, &Player> = field.iter().map(|p| (p.name.clone(), p)).collect();
    let mut rng = StdRng::seed_from_u64(11);
    for (_, _, game) in games_of(&season_one) {
        end_randomly(&app, &by_name, &game, &mut rng).await;
    }
    run_runner(&app).await;
    let season_two = detail(&app, &id).await;
    assert_eq!(season_two["tournament"]["stage"], 2, "{season_two}");
    let divisions = league_divisions(&season_two);
    // Season 1's final standings, as season 2 shows them.
    let top_one: Vec<String> = season_two["stages"][0]["sections"][0]["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| line["name"].as_str().unwrap().to_owned())
        .collect();
    // The last of the top group went down; the newcomer starts in the lowest division.
    assert_eq!(divisions[&(2, top_one[2].clone())], 1, "{season_two}");
    assert_eq!(divisions[&(2, field[7].name.clone())], 1, "{season_two}");
    for section in season_two["stages"][0]["sections"]
        .as_array()
        .unwrap()
        .iter()
        .skip(1)
    {
        let winner = section["standings"][0]["name"].as_str().unwrap().to_owned();
        assert_eq!(divisions[&(2, winner.clone())], 0, "{winner} moves up");
    }
    for (_, _, game) in games_of(&season_two) {
        if game["result"].is_null() {
            end_randomly(&app, &by_name, &game, &mut rng).await;
        }
    }
    run_runner(&app).await;
    let finished = detail(&app, &id).await;
    assert_eq!(finished["tournament"]["status"], "finished");
    let top = finished["stages"][1]["sections"][0]["standings"][0]["name"].clone();
    assert_eq!(finished["tournament"]["winner"], top);
    assert_scores_recount(&app, &id).await;
    // The page names the seasons and the divisions.
    let page = app.page_html(&format!("/tournaments/{id}")).await;
    assert!(
        page.contains("Season 2") && page.contains("Division 2, group 1"),
        "{page}"
    );
}
