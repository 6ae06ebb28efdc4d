//! Every tournament format played to the end with random results, each pairing rule checked
//! and the kept scores held to a recount from the games; leagues season after season; two
//! runners racing.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use domain::tournaments::runner;
use rand::{Rng, SeedableRng, rngs::StdRng};
use reqwest::StatusCode;
use serde_json::{Value, json};

use super::{
    DAY, assert_scores_recount, create, detail, end_randomly, games_of, join, players, run_runner,
};
use crate::{
    helpers::{Player, TestApp},
    scenarios,
};

// Games lost on time are part of the play here; the entries after them are not barred.
scenarios!(with [("TIMEOUT_COOLDOWN_DAYS", "0")];
    every_format_plays_to_the_end_with_exact_standings,
);
scenarios!(
    two_instances_run_each_step_once,
    a_league_runs_season_after_season,
);

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
