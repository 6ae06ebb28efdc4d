//! Ratings shown: the leaderboards (by keyset, without provisional and idle players),
//! profiles counting every finished game, and a variant's recent games.

use reqwest::StatusCode;
use serde_json::{Value, json};
use store::{
    ratings::{self, RatingRow},
    users,
};

use super::{DAY, End, ids, play_game, stored_ratings};
use crate::{helpers::TestApp, scenarios};

scenarios!(
    leaderboards_page_by_keyset_and_leave_out_provisional_and_idle_players,
    profiles_count_every_finished_game_and_page_through_them,
    a_variants_recent_games_are_listed_newest_first,
);

/// Writes a rating for `name` directly (a leaderboard needs established ratings, which
/// take many games to earn).
async fn set_rating(app: &TestApp, name: &str, rating: i64, deviation: i64, last: i64) {
    let mut conn = app.state.db.pool.acquire().await.unwrap();
    let user = users::by_name(&mut conn, name).await.unwrap().unwrap();
    ratings::put(
        &mut conn,
        &RatingRow {
            user_id: user.id,
            variant: "reversi-8x8".to_owned(),
            rating: rating * 1_000_000,
            deviation: deviation * 1_000_000,
            volatility: 60_000_000,
            rated_games: 20,
            last_rated_at: last,
        },
    )
    .await
    .unwrap();
}

async fn leaderboards_page_by_keyset_and_leave_out_provisional_and_idle_players(app: TestApp) {
    let now = app.state.now();
    let mut expected = Vec::new();
    for (name, rating) in [
        ("player1", 1900),
        ("player2", 1700),
        ("player3", 1700),
        ("player4", 1650),
        ("player5", 1600),
        ("player6", 1500),
        ("player7", 1420),
    ] {
        app.player(name).await;
        set_rating(&app, name, rating, 80, now - DAY).await;
        expected.push((name, rating));
    }
    // Provisional, and idle for longer than LEADERBOARD_ACTIVE_DAYS (180): left out.
    app.player("newbie").await;
    set_rating(&app, "newbie", 2000, 111, now).await;
    app.player("gone").await;
    set_rating(&app, "gone", 2100, 60, now - 181 * DAY).await;
    let mut seen = Vec::new();
    let mut path = "/api/v1/leaderboards/reversi-8x8?limit=3".to_owned();
    let mut pages = 0;
    loop {
        let (status, page) = app.get(&path, None).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        pages += 1;
        for line in page["players"].as_array().unwrap() {
            seen.push((
                line["rank"].as_i64().unwrap(),
                line["username"].as_str().unwrap().to_owned(),
                line["rating"].as_i64().unwrap(),
            ));
        }
        match page["next"].as_str() {
            Some(next) => path = format!("/api/v1/leaderboards/reversi-8x8?limit=3&after={next}"),
            None => break,
        }
    }
    assert_eq!(pages, 3);
    assert_eq!(
        seen.iter().map(|(rank, _, _)| *rank).collect::<Vec<_>>(),
        (1..=7).collect::<Vec<_>>()
    );
    let mut names: Vec<&str> = seen.iter().map(|(_, name, _)| name.as_str()).collect();
    assert_eq!(seen.iter().map(|(_, _, r)| *r).collect::<Vec<_>>(), {
        expected.iter().map(|(_, r)| *r).collect::<Vec<_>>()
    });
    names.sort_unstable();
    assert_eq!(
        names,
        vec![
            "player1", "player2", "player3", "player4", "player5", "player6", "player7"
        ]
    );
    // Other variants are empty; bad input is a clear 4xx.
    let (_, chess) = app.get("/api/v1/leaderboards/chess", None).await;
    assert_eq!(chess["players"], json!([]));
    for (path, status, code) in [
        (
            "/api/v1/leaderboards/go",
            StatusCode::NOT_FOUND,
            "not_found",
        ),
        (
            "/api/v1/leaderboards/chess?limit=0",
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_limit",
        ),
        (
            "/api/v1/leaderboards/chess?limit=101",
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_limit",
        ),
        (
            "/api/v1/leaderboards/chess?after=x",
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_cursor",
        ),
        (
            "/api/v1/leaderboards/chess?after=1_%27or_1",
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_cursor",
        ),
    ] {
        let (got, body) = app.get(path, None).await;
        assert_eq!(
            (got, body["error"].as_str()),
            (status, Some(code)),
            "{path}: {body}"
        );
    }
    // The page shows the same first lines and links to the next page.
    let html = app
        .client
        .get(format!("{}/leaderboards/reversi-8x8", app.address))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(html.contains("/players/player1") && html.contains("/players/player7"));
    assert!(!html.contains("/players/newbie") && !html.contains("/players/gone"));
}

async fn profiles_count_every_finished_game_and_page_through_them(app: TestApp) {
    let ann = app.player("ann").await;
    let bob = app.player("bob").await;
    let cid = app.player("cid").await;
    // Ann: won, won, drawn, lost (as White against Bob), won as Black against Cid,
    // then an aborted game that counts nowhere.
    let mut finished = Vec::new();
    for end in [
        End::BlackResigns,
        End::BlackResigns,
        End::Agreed,
        End::BlackMates,
    ] {
        finished.push(play_game(&app, &ann, &bob, end).await);
        app.clock.advance(60);
    }
    finished.push(play_game(&app, &cid, &ann, End::BlackMates).await);
    let aborted = app.new_game("chess", &ann, &bob).await;
    assert_eq!(app.act(&ann, &aborted, "abort").await.0, StatusCode::OK);
    let (status, profile) = app.get("/api/v1/players/ann", Some(&bob.token)).await;
    assert_eq!(status, StatusCode::OK, "{profile}");
    let chess = &profile["stats"][0];
    assert_eq!(chess["variant"], "chess");
    assert_eq!(chess["games"], 5);
    assert_eq!(
        chess["as_white"],
        json!({"wins": 2, "losses": 1, "draws": 1})
    );
    assert_eq!(
        chess["as_black"],
        json!({"wins": 1, "losses": 0, "draws": 0})
    );
    assert_eq!(
        (
            chess["current_streak"].as_i64(),
            chess["longest_streak"].as_i64()
        ),
        (Some(1), Some(2))
    );
    assert_eq!(
        profile["against_you"],
        json!({"wins": 2, "losses": 1, "draws": 1})
    );
    let rating = &profile["ratings"][0];
    assert_eq!(rating["rated_games"], 5);
    assert_eq!(rating["provisional"], true);
    assert_eq!(rating["history"].as_array().unwrap().len(), 5);
    let ann_id = ids(&app, &[&ann]).await.into_keys().next().unwrap();
    let last = stored_ratings(&app)
        .await
        .into_iter()
        .find(|row| row.user_id == ann_id)
        .map(|row| (row.rating + 500_000).div_euclid(1_000_000));
    assert_eq!(rating["history"][4]["rating"].as_i64(), last);
    // Anonymous and one's own: no head-to-head.
    assert_eq!(
        app.get("/api/v1/players/ann", None).await.1["against_you"],
        Value::Null
    );
    assert_eq!(
        app.get("/api/v1/players/ann", Some(&ann.token)).await.1["against_you"],
        Value::Null
    );
    // Finished games, newest first, two a page, no game twice, the aborted one absent.
    let mut listed = Vec::new();
    let mut path = "/api/v1/players/ann/games?limit=2".to_owned();
    loop {
        let (status, page) = app.get(&path, None).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        listed.extend(
            page["games"]
                .as_array()
                .unwrap()
                .iter()
                .map(|g| g["id"].as_str().unwrap().to_owned()),
        );
        match page["next"].as_str() {
            Some(next) => path = format!("/api/v1/players/ann/games?limit=2&after={next}"),
            None => break,
        }
    }
    let mut newest_first = finished.clone();
    newest_first.reverse();
    assert_eq!(listed, newest_first);
    // Filters: won (as either colour), lost, drawn, by variant.
    let listed_ids = |query: &str| {
        let app = &app;
        let query = query.to_owned();
        async move {
            let (status, page) = app
                .get(&format!("/api/v1/players/ann/games?{query}"), None)
                .await;
            assert_eq!(status, StatusCode::OK, "{page}");
            let mut ids: Vec<String> = page["games"]
                .as_array()
                .unwrap()
                .iter()
                .map(|g| g["id"].as_str().unwrap().to_owned())
                .collect();
            ids.sort_unstable();
            ids
        }
    };
    let mut won = vec![
        finished[0].clone(),
        finished[1].clone(),
        finished[4].clone(),
    ];
    won.sort_unstable();
    assert_eq!(listed_ids("result=won").await, won);
    assert_eq!(listed_ids("result=lost").await, vec![finished[3].clone()]);
    assert_eq!(
        listed_ids("result=drawn&variant=chess").await,
        vec![finished[2].clone()]
    );
    assert!(listed_ids("variant=reversi-8x8").await.is_empty());
    for query in ["result=best", "variant=go", "after=zz", "limit=1000"] {
        let (status, body) = app
            .get(&format!("/api/v1/players/ann/games?{query}"), None)
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{query}: {body}");
    }
    assert_eq!(
        app.get("/api/v1/players/nobody", None).await.0,
        StatusCode::NOT_FOUND
    );
    // The page: the chart and the counters, without script.
    let html = app
        .client
        .get(format!("{}/players/ann", app.address))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(html.contains("<svg class=\"rating-chart\""), "{html}");
    assert!(html.contains("id=\"counters\""));
    let filtered = app
        .client
        .get(format!("{}/players/ann?result=bogus", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(filtered.status(), StatusCode::UNPROCESSABLE_ENTITY);
}

async fn a_variants_recent_games_are_listed_newest_first(app: TestApp) {
    let ann = app.player("ann").await;
    let bob = app.player("bob").await;
    let mut finished = Vec::new();
    for end in [End::BlackResigns, End::Agreed, End::BlackMates] {
        finished.push(play_game(&app, &ann, &bob, end).await);
        app.clock.advance(10);
    }
    let (status, first) = app.get("/api/v1/variants/chess/games?limit=2", None).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    let next = first["next"].as_str().unwrap();
    let (_, second) = app
        .get(
            &format!("/api/v1/variants/chess/games?limit=2&after={next}"),
            None,
        )
        .await;
    let listed: Vec<&str> = first["games"]
        .as_array()
        .unwrap()
        .iter()
        .chain(second["games"].as_array().unwrap())
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        listed,
        vec![
            finished[2].as_str(),
            finished[1].as_str(),
            finished[0].as_str()
        ]
    );
    assert_eq!(second["next"], Value::Null);
    let html = app
        .client
        .get(format!("{}/rules/chess", app.address))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(html.contains("id=\"recent-games\""));
    assert!(html.contains(&format!("/games/{}", finished[2])));
    // The statistics line still counts every finished game.
    let chess = app
        .stats()
        .await
        .into_iter()
        .find(|row| row.0 == "chess")
        .unwrap();
    assert_eq!(chess.4, 3);
}
