//! Entering and organising tournaments: entry rules refusing bad input without changing
//! anything, organisers starting, removing and cancelling, a banned player leaving, and
//! the pages without JavaScript.

use std::collections::HashMap;

use rand::{SeedableRng, rngs::StdRng};
use reqwest::StatusCode;
use serde_json::json;

use super::{
    DAY, assert_scores_recount, create, detail, end_randomly, games_of, join, players, run_runner,
};
use crate::{
    helpers::{Player, TestApp},
    scenarios,
};

scenarios!(
    entry_rules_refuse_bad_input_and_change_nothing,
    organisers_start_remove_and_cancel,
    the_pages_show_the_tournament_without_javascript,
    a_banned_player_leaves_their_tournaments,
);

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
