//! Challenges: create, list, cancel, accept and the accept race.

use reqwest::StatusCode;
use serde_json::json;

use crate::{
    helpers::{Player, TestApp, post_form},
    scenarios,
};

scenarios!(
    open_challenge_is_listed_and_accepted_into_a_game,
    addressed_challenge_is_seen_and_accepted_only_by_its_opponent,
    challenge_validation_errors_are_422,
    only_the_creator_cancels_and_a_cancelled_challenge_cannot_be_accepted,
    own_unknown_and_taken_challenges_are_refused,
    random_colour_gives_both_players_a_colour,
    accept_race_gives_exactly_one_game,
    a_player_has_at_most_fifty_open_challenges,
);

async fn open_challenge_is_listed_and_accepted_into_a_game(app: TestApp) {
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let (status, challenge) = app
        .post(
            "/api/v1/challenges",
            Some(&alice.token),
            json!({"variant": "reversi-8x8", "color": "black", "days_per_move": 7}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{challenge}");
    assert_eq!(challenge["variant"], "reversi-8x8");
    assert_eq!(challenge["challenger"], "alice");
    assert_eq!(challenge["color"], "black");
    assert_eq!(challenge["days_per_move"], 7);
    assert_eq!(challenge["opponent"], serde_json::Value::Null);
    let id = challenge["id"].as_str().unwrap();
    // Visible to anyone, signed in or not.
    for token in [None, Some(bob.token.as_str())] {
        let (status, list) = app.get("/api/v1/challenges", token).await;
        assert_eq!(status, StatusCode::OK);
        let ids: Vec<_> = list
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["id"].clone())
            .collect();
        assert_eq!(ids, [json!(id)]);
    }
    let (status, accepted) = app
        .post(
            &format!("/api/v1/challenges/{id}/accept"),
            Some(&bob.token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{accepted}");
    let game_id = accepted["game_id"].as_str().unwrap();
    // The game exists with the right players; the challenge is gone from the list.
    let (_, list) = app.get("/api/v1/challenges", None).await;
    assert_eq!(list, json!([]));
    let (_, challenge) = app.get(&format!("/api/v1/challenges/{id}"), None).await;
    assert_eq!(challenge["status"], "accepted");
    assert_eq!(challenge["game_id"], game_id);
    let (status, games) = app.get("/api/v1/games", Some(&bob.token)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(games[0]["id"], game_id);
    assert_eq!(games[0]["white"], "bob");
    assert_eq!(games[0]["black"], "alice");
    assert_eq!(games[0]["your_turn"], true);
    assert_eq!(games[0]["deadline"], "2026-12-08T10:00:00Z");
    let (_, me) = app.get("/api/v1/me", Some(&bob.token)).await;
    assert_eq!(me["your_turn"], 1);
    let (_, me) = app.get("/api/v1/me", Some(&alice.token)).await;
    assert_eq!(me["your_turn"], 0);
}

async fn addressed_challenge_is_seen_and_accepted_only_by_its_opponent(app: TestApp) {
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let (status, challenge) = app
        .post(
            "/api/v1/challenges",
            Some(&alice.token),
            json!({"variant": "chess", "color": "white", "days_per_move": 1, "opponent": "BOB"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{challenge}");
    assert_eq!(challenge["opponent"], "bob");
    let id = challenge["id"].as_str().unwrap();
    let count = |list: serde_json::Value| list.as_array().unwrap().len();
    assert_eq!(
        count(app.get("/api/v1/challenges", Some(&bob.token)).await.1),
        1
    );
    assert_eq!(
        count(app.get("/api/v1/challenges", Some(&alice.token)).await.1),
        1
    );
    assert_eq!(
        count(app.get("/api/v1/challenges", Some(&carol.token)).await.1),
        0
    );
    assert_eq!(count(app.get("/api/v1/challenges", None).await.1), 0);
    let (status, err) = app
        .post(
            &format!("/api/v1/challenges/{id}/accept"),
            Some(&carol.token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(err["error"], "not_addressed_to_you");
    let (status, _) = app
        .post(
            &format!("/api/v1/challenges/{id}/accept"),
            Some(&bob.token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
}

async fn challenge_validation_errors_are_422(app: TestApp) {
    let alice = app.player("alice").await;
    for (body, code) in [
        (
            json!({"variant": "checkers", "color": "white", "days_per_move": 3}),
            "unknown_variant",
        ),
        (
            json!({"variant": "chess", "color": "green", "days_per_move": 3}),
            "invalid_color",
        ),
        (
            json!({"variant": "chess", "color": "white", "days_per_move": 4}),
            "invalid_days_per_move",
        ),
        (
            json!({"variant": "chess", "color": "white", "days_per_move": 0}),
            "invalid_days_per_move",
        ),
        (
            json!({"variant": "chess", "color": "white", "days_per_move": 3, "opponent": "alice"}),
            "challenge_to_yourself",
        ),
        (
            json!({"variant": "chess", "color": "white", "days_per_move": 3, "opponent": "nobody"}),
            "not_found",
        ),
        (
            json!({"variant": "chess", "color": "white", "days_per_move": null, "time_control": 3}),
            "invalid_body",
        ),
        (
            json!({"variant": "chess", "color": "white", "days_per_move": "three"}),
            "invalid_body",
        ),
        (
            json!({"variant": "chess", "color": "white", "days_per_move": null}),
            "invalid_body",
        ),
        (
            json!([{"variant": "chess", "color": "white", "days_per_move": 3}]),
            "invalid_body",
        ),
    ] {
        let (status, err) = app
            .post("/api/v1/challenges", Some(&alice.token), body.clone())
            .await;
        let expected = if code == "not_found" {
            StatusCode::NOT_FOUND
        } else {
            StatusCode::UNPROCESSABLE_ENTITY
        };
        assert_eq!(status, expected, "{body}");
        assert_eq!(err["error"], code, "{body}");
    }
    for days in [1, 2, 3, 5, 7, 10, 14] {
        let body = json!({"variant": "knight-fight", "color": "random", "days_per_move": days});
        assert_eq!(
            app.post("/api/v1/challenges", Some(&alice.token), body)
                .await
                .0,
            StatusCode::CREATED
        );
    }
}

async fn only_the_creator_cancels_and_a_cancelled_challenge_cannot_be_accepted(app: TestApp) {
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let (_, challenge) = app
        .post(
            "/api/v1/challenges",
            Some(&alice.token),
            json!({"variant": "chess", "color": "white", "days_per_move": 3}),
        )
        .await;
    let id = challenge["id"].as_str().unwrap();
    let (status, err) = app
        .post(
            &format!("/api/v1/challenges/{id}/cancel"),
            Some(&bob.token),
            json!({}),
        )
        .await;
    assert_eq!(
        (status, err["error"].as_str()),
        (StatusCode::FORBIDDEN, Some("not_your_challenge"))
    );
    let (status, body) = app
        .post(
            &format!("/api/v1/challenges/{id}/cancel"),
            Some(&alice.token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["status"], "cancelled");
    let (status, err) = app
        .post(
            &format!("/api/v1/challenges/{id}/accept"),
            Some(&bob.token),
            json!({}),
        )
        .await;
    assert_eq!(
        (status, err["error"].as_str()),
        (StatusCode::CONFLICT, Some("challenge_taken"))
    );
    let (status, _) = app
        .post(
            &format!("/api/v1/challenges/{id}/cancel"),
            Some(&alice.token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, _) = app
        .post(
            "/api/v1/challenges/nope/cancel",
            Some(&alice.token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

async fn own_unknown_and_taken_challenges_are_refused(app: TestApp) {
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let (_, challenge) = app
        .post(
            "/api/v1/challenges",
            Some(&alice.token),
            json!({"variant": "chess", "color": "white", "days_per_move": 3}),
        )
        .await;
    let id = challenge["id"].as_str().unwrap();
    let path = format!("/api/v1/challenges/{id}/accept");
    let accept = |token: String| {
        let (app, path) = (&app, &path);
        async move { app.post(path, Some(&token), json!({})).await }
    };
    let (status, err) = accept(alice.token.clone()).await;
    assert_eq!(
        (status, err["error"].as_str()),
        (StatusCode::FORBIDDEN, Some("own_challenge"))
    );
    let (status, _) = app
        .post(
            "/api/v1/challenges/0000000000000000/accept",
            Some(&bob.token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app
        .post(&format!("/api/v1/challenges/{id}/accept"), None, json!({}))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(accept(bob.token.clone()).await.0, StatusCode::CREATED);
    let (status, err) = accept(carol.token.clone()).await;
    assert_eq!(
        (status, err["error"].as_str()),
        (StatusCode::CONFLICT, Some("challenge_taken"))
    );
}

async fn random_colour_gives_both_players_a_colour(app: TestApp) {
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let mut seen = std::collections::HashSet::new();
    // Up to 40 fair coin flips: both sides turn up unless something is wrong (or with a
    // chance of 1 in 2^39).
    for _ in 0..40 {
        let (_, challenge) = app
            .post(
                "/api/v1/challenges",
                Some(&alice.token),
                json!({"variant": "reversi-6x6", "color": "random", "days_per_move": 2}),
            )
            .await;
        let id = challenge["id"].as_str().unwrap();
        let (_, accepted) = app
            .post(
                &format!("/api/v1/challenges/{id}/accept"),
                Some(&bob.token),
                json!({}),
            )
            .await;
        let game = app.game(accepted["game_id"].as_str().unwrap()).await;
        let players = (
            game["white"].as_str().unwrap(),
            game["black"].as_str().unwrap(),
        );
        assert!(
            players == ("alice", "bob") || players == ("bob", "alice"),
            "{players:?}"
        );
        seen.insert(players.0.to_owned());
        if seen.len() == 2 {
            return;
        }
    }
    panic!("alice had the same colour in 40 random games: {seen:?}");
}

async fn accept_race_gives_exactly_one_game(app: TestApp) {
    let alice = app.player("alice").await;
    let mut takers = Vec::new();
    for name in ["bob", "carol", "dave", "erin", "frank", "gina"] {
        takers.push(app.player(name).await);
    }
    for round in 0..3 {
        let (_, challenge) = app
            .post(
                "/api/v1/challenges",
                Some(&alice.token),
                json!({"variant": "chess", "color": "white", "days_per_move": 3}),
            )
            .await;
        let id = challenge["id"].as_str().unwrap().to_owned();
        let path = format!("/api/v1/challenges/{id}/accept");
        let results = futures_util::future::join_all(
            takers
                .iter()
                .map(|taker| app.post(&path, Some(&taker.token), json!({}))),
        )
        .await;
        let created: Vec<_> = results
            .iter()
            .filter(|(s, _)| *s == StatusCode::CREATED)
            .collect();
        let conflicts = results
            .iter()
            .filter(|(s, _)| *s == StatusCode::CONFLICT)
            .count();
        assert_eq!(created.len(), 1, "round {round}: {results:?}");
        assert_eq!(conflicts, takers.len() - 1, "round {round}: {results:?}");
        let (_, challenge) = app.get(&format!("/api/v1/challenges/{id}"), None).await;
        assert_eq!(challenge["game_id"], created[0].1["game_id"]);
    }
    // Exactly three games exist for alice.
    let (_, games) = app.get("/api/v1/games", Some(&alice.token)).await;
    assert_eq!(games.as_array().unwrap().len(), 3);
}

/// The ids of `player`'s open challenges, as the list shows them to them.
async fn open_challenges_of(app: &TestApp, player: &Player) -> Vec<String> {
    let (status, list) = app.get("/api/v1/challenges", Some(&player.token)).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    list.as_array()
        .expect("a list")
        .iter()
        .filter(|challenge| challenge["challenger"] == player.name.as_str())
        .map(|challenge| challenge["id"].as_str().unwrap().to_owned())
        .collect()
}

async fn a_player_has_at_most_fifty_open_challenges(app: TestApp) {
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let open = json!({"variant": "chess", "color": "white", "days_per_move": 3});
    let create = || app.post("/api/v1/challenges", Some(&alice.token), open.clone());
    for n in 0..50 {
        let (status, body) = create().await;
        assert_eq!(status, StatusCode::CREATED, "challenge {n}: {body}");
    }
    let (status, body) = create().await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::CONFLICT, Some("too_many_challenges")),
        "{body}"
    );
    // A challenge addressed to one player counts the same, through the Lichess-shaped
    // route (400, as Lichess answers) and the lobby's form (the message on the form).
    let (status, _, body) = post_form(&app, &alice, "/api/challenge/bob", &[("days", "3")]).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body.contains("\"too_many_challenges\""), "{body}");
    let fields = [
        ("variant", "reversi-8x8"),
        ("color", "black"),
        ("days_per_move", "3"),
        ("opponent", ""),
    ];
    let (status, _, page) = post_form(&app, &alice, "/challenges", &fields).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(
        page.contains("You have 50 open challenges, the most a player may have"),
        "{page}"
    );
    let mine = open_challenges_of(&app, &alice).await;
    assert_eq!(mine.len(), 50, "nothing refused was stored");
    // Another player is not held back by alice's challenges.
    let (status, body) = app
        .post("/api/v1/challenges", Some(&bob.token), open.clone())
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    // An accepted and a cancelled challenge each free a place.
    let (status, body) = app
        .post(
            &format!("/api/v1/challenges/{}/accept", mine[0]),
            Some(&bob.token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(create().await.0, StatusCode::CREATED);
    assert_eq!(create().await.0, StatusCode::CONFLICT);
    let cancel = |id: String| {
        let app = &app;
        let token = alice.token.clone();
        async move {
            let path = format!("/api/v1/challenges/{id}/cancel");
            let (status, body) = app.post(&path, Some(&token), json!({})).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
    };
    cancel(mine[1].clone()).await;
    assert_eq!(create().await.0, StatusCode::CREATED);
    // Creations at once never pass the limit together: at 45 open, ten at once give
    // exactly five challenges, round after round.
    for round in 0..3 {
        let mine = open_challenges_of(&app, &alice).await;
        assert_eq!(mine.len(), 50, "round {round}");
        for id in &mine[..5] {
            cancel(id.clone()).await;
        }
        let results = futures_util::future::join_all((0..10).map(|_| create())).await;
        let statuses: Vec<_> = results.iter().map(|(status, _)| *status).collect();
        let created = statuses
            .iter()
            .filter(|status| **status == StatusCode::CREATED)
            .count();
        let refused = results
            .iter()
            .filter(|(status, body)| {
                *status == StatusCode::CONFLICT && body["error"] == "too_many_challenges"
            })
            .count();
        assert_eq!((created, refused), (5, 5), "round {round}: {statuses:?}");
    }
    assert_eq!(open_challenges_of(&app, &alice).await.len(), 50);
}
