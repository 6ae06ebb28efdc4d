//! The engine policy: challenges and tournaments that allow engines or not (the
//! default), the policy kept by their games and shown in the API and on the pages, and
//! rated games of each policy rated in pools of their own.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    helpers::{Player, TestApp},
    page_client::Browser,
    scenarios,
    tournaments::{detail, games_of, join, run_runner},
};

scenarios!(
    rated_games_that_allow_engines_are_rated_in_a_pool_of_their_own,
    the_lobby_and_tournament_forms_set_the_policy_and_the_pages_show_it,
);

/// A rated chess game from a challenge of `white`'s with `engines_allowed`, accepted by
/// `black`, played two moves each and resigned by Black: the game as the API shows it.
async fn rated_game(app: &TestApp, white: &Player, black: &Player, engines_allowed: bool) -> Value {
    let (status, challenge) = app
        .post(
            "/api/v1/challenges",
            Some(&white.token),
            json!({"variant": "chess", "color": "white", "rated": true,
                   "engines_allowed": engines_allowed}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{challenge}");
    assert_eq!(challenge["engines_allowed"], engines_allowed);
    let id = challenge["id"].as_str().unwrap();
    let (status, accepted) = app
        .post(
            &format!("/api/v1/challenges/{id}/accept"),
            Some(&black.token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{accepted}");
    let game = accepted["game_id"].as_str().unwrap().to_owned();
    assert_eq!(app.game(&game).await["engines_allowed"], engines_allowed);
    for mv in ["e2e4", "e7e5", "g1f3", "b8c6"] {
        app.play_ok(white, black, &game, mv).await;
    }
    let (status, body) = app.act(black, &game, "resign").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    app.game(&game).await
}

/// `name`'s ratings as their profile lists them: (variant, engines allowed, rated games).
async fn ratings_of(app: &TestApp, name: &str) -> Vec<(String, bool, i64)> {
    let (status, profile) = app.get(&format!("/api/v1/players/{name}"), None).await;
    assert_eq!(status, StatusCode::OK, "{profile}");
    profile["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|rating| {
            (
                rating["variant"].as_str().unwrap().to_owned(),
                rating["engines_allowed"].as_bool().unwrap(),
                rating["rated_games"].as_i64().unwrap(),
            )
        })
        .collect()
}

async fn rated_games_that_allow_engines_are_rated_in_a_pool_of_their_own(app: TestApp) {
    let white = app.player("pool_w").await;
    let black = app.player("pool_b").await;
    // Two wins in games allowing engines, then a loss in a game without.
    for _ in 0..2 {
        let game = rated_game(&app, &white, &black, true).await;
        let change = game["rating_change"]["white"]["change"].as_i64().unwrap();
        assert!(change > 0, "{game}");
    }
    let plain = rated_game(&app, &black, &white, false).await;
    // The plain pool starts from 1500 for both, untouched by the other pool's games.
    for side in ["white", "black"] {
        assert_eq!(plain["rating_change"][side]["before"], 1500, "{plain}");
    }
    assert_eq!(
        ratings_of(&app, "pool_w").await,
        vec![
            ("chess".to_owned(), false, 1),
            ("chess".to_owned(), true, 2)
        ]
    );
    // Each pool has its own leaderboard; a key no pool has is not found.
    for (key, engines) in [("chess", false), ("chess+engines", true)] {
        let (status, board) = app.get(&format!("/api/v1/leaderboards/{key}"), None).await;
        assert_eq!(status, StatusCode::OK, "{board}");
        assert_eq!(board["variant"], "chess");
        assert_eq!(board["engines_allowed"], engines);
    }
    for key in ["chess+engine", "go+engines"] {
        let (status, body) = app.get(&format!("/api/v1/leaderboards/{key}"), None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    }
    let page = app.page_html("/leaderboards/chess+engines?all=1").await;
    assert!(page.contains("Chess, engines allowed"), "{page}");
    assert!(page.contains("pool_w"), "{page}");
    assert!(page.contains("href=\"/leaderboards/chess\""), "{page}");
    let profile = app.page_html("/players/pool_w").await;
    assert!(profile.contains("Chess, engines allowed"), "{profile}");

    // A rating range looks at the pool of the challenge's games: 1550 and up admits
    // White's engines rating (two wins), not their plain one (a loss).
    for (engines_allowed, admitted) in [(false, false), (true, true)] {
        let (status, challenge) = app
            .post(
                "/api/v1/challenges",
                Some(&black.token),
                json!({"variant": "chess", "color": "white", "rated": true,
                       "engines_allowed": engines_allowed, "min_rating": 1550}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{challenge}");
        let id = challenge["id"].as_str().unwrap();
        let (status, answer) = app
            .post(
                &format!("/api/v1/challenges/{id}/accept"),
                Some(&white.token),
                json!({}),
            )
            .await;
        if admitted {
            assert_eq!(status, StatusCode::CREATED, "{answer}");
        } else {
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
            assert_eq!(answer["error"], "rating_out_of_range");
        }
    }
}

async fn the_lobby_and_tournament_forms_set_the_policy_and_the_pages_show_it(app: TestApp) {
    let mut ann = Browser::sign_up(&app, "annika").await;
    let mut bob = Browser::sign_up(&app, "bobby").await;
    let page = ann
        .post(
            "/challenges",
            &[
                ("variant", "reversi-8x8"),
                ("color", "white"),
                ("days_per_move", "3"),
                ("opponent", ""),
                ("kind", "casual"),
                ("engines", "allowed"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
    let lobby = bob.get("/lobby").await;
    let cells = lobby.cells("#open-challenges tbody tr");
    assert_eq!(cells[4], "casual · engines allowed");
    assert!(lobby.has("#engines option[value='not_allowed'][selected]"));
    let form = lobby.attr("#open-challenges form", "action");
    let page = bob.post(&form, &[]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
    let game = bob.get(&page.location).await;
    assert_eq!(game.text("#game-kind"), "casual · engines allowed");

    // A tournament made by form keeps the policy, and so do its games.
    let page = ann
        .post(
            "/tournaments",
            &[
                ("name", "Engines Open"),
                ("variant", "chess"),
                ("format", "swiss"),
                ("days_per_move", "3"),
                ("kind", "rated"),
                ("engines", "allowed"),
                ("min_players", "2"),
                ("max_players", "2"),
                ("rounds", "1"),
                ("start", "full"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
    let id = page.location.rsplit('/').next().unwrap().to_owned();
    let shown = detail(&app, &id).await;
    assert_eq!(shown["tournament"]["engines_allowed"], true, "{shown}");
    let tournament = ann.get(&page.location).await;
    assert!(
        tournament.body.contains("rated · engines allowed"),
        "{}",
        tournament.body
    );
    for name in ["carla", "dylan"] {
        let player = app.player(name).await;
        let (status, body) = join(&app, &player, &id).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    run_runner(&app).await;
    let games = games_of(&detail(&app, &id).await);
    assert_eq!(games.len(), 1);
    let game = app.game(games[0].2["game_id"].as_str().unwrap()).await;
    assert_eq!(game["engines_allowed"], true, "{game}");
    // Without a choice, a tournament allows none.
    let (status, plain) = app
        .post(
            "/api/v1/tournaments",
            Some(&app.player("erin").await.token),
            json!({"name": "Plain Cup", "variant": "chess", "format": "swiss"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{plain}");
    assert_eq!(plain["engines_allowed"], false, "{plain}");
}
