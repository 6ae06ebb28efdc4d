//! The game page: the record, scores, replay and actions; resigning, draws, aborts and a
//! threefold repetition claimed by form; a late move lost on time; the records downloaded;
//! the viewer read from the session; the rating change; and its buttons held to the
//! actions the API lists.

use reqwest::{StatusCode, header};

use crate::{
    helpers::TestApp,
    page_client::{Browser, Page, new_game},
    scenarios,
};

scenarios!(
    game_page_shows_record_scores_replay_and_actions,
    resign_needs_confirmation_and_updates_the_rules_statistics,
    draw_offer_accept_and_abort_by_form,
    threefold_repetition_is_claimed_by_form,
    records_download_as_pgn_and_text_with_setup,
    the_game_page_reads_its_viewer_with_the_session,
    a_late_move_by_form_says_the_game_is_lost_on_time,
    a_rated_games_page_shows_the_rating_change,
    the_game_pages_buttons_are_the_actions_the_api_lists,
);

async fn game_page_shows_record_scores_replay_and_actions(app: TestApp) {
    let mut white = Browser::sign_up(&app, "wes").await;
    let mut black = Browser::sign_up(&app, "bodhi").await;
    let id = new_game(&mut white, &mut black, "bodhi", "reversi-8x8").await;
    for (n, mv) in ["d4", "e4", "e5", "d5", "c5"].iter().enumerate() {
        let player = if n % 2 == 0 { &mut white } else { &mut black };
        player.play(&id, mv).await;
    }
    let page = black.get(&format!("/games/{id}")).await;
    let lines = page.texts("#moves li");
    assert_eq!(lines, ["d4 e4", "e5 d5", "c5"]);
    assert_eq!(page.attr("#moves li", "value"), "1");
    assert_eq!(page.text("#scores"), "Discs: White 4, Black 1");
    assert!(page.text("#status").starts_with("To move: Black"));
    assert_eq!(
        page.text(".deadline"),
        "Deadline 2026-12-04 10:00 UTC (3 d 0 h left)"
    );
    assert!(
        !page.has("#next-game"),
        "no other game waits for bodhi: {}",
        page.text("#no-next-game")
    );
    assert_eq!(
        page.text("#no-next-game"),
        "No other game waits for your move."
    );
    let actions = page.attrs(".actions form", "action");
    assert_eq!(
        actions,
        [
            format!("/games/{id}/action/draw-offer"),
            format!("/games/{id}/action/pause-offer")
        ],
        "abort only before both moved"
    );
    assert_eq!(page.attr(".actions form input[name=ply]", "value"), "5");
    // Replay: the position after two moves, with links around it.
    let replay = black.get(&format!("/games/{id}?ply=2")).await;
    assert_eq!(replay.count("#board .disc"), 2);
    assert!(
        replay.move_buttons().is_empty(),
        "a past position is not played on"
    );
    let hrefs = replay.attrs(".replay a", "href");
    assert_eq!(
        hrefs,
        [
            format!("/games/{id}?ply=0"),
            format!("/games/{id}?ply=1"),
            format!("/games/{id}?ply=3"),
            format!("/games/{id}")
        ]
    );
    assert_eq!(replay.text("#moves a.current"), "e4");
    let start = black.get(&format!("/games/{id}?ply=0")).await;
    assert_eq!(start.count("#board .disc"), 0);
    assert_eq!(start.count(".replay a"), 2, "only forward from the start");
    let flipped = black.get(&format!("/games/{id}?flip=1")).await;
    assert_eq!(
        flipped.attr("#board .sq", "data-sq"),
        "a8",
        "flipped to White's side"
    );
    let own = black.get(&format!("/games/{id}")).await;
    assert_eq!(
        own.attr("#board .sq", "data-sq"),
        "h1",
        "Black sees its own side"
    );
}

async fn resign_needs_confirmation_and_updates_the_rules_statistics(app: TestApp) {
    let mut white = Browser::sign_up(&app, "willa").await;
    let mut black = Browser::sign_up(&app, "bruno").await;
    let id = new_game(&mut white, &mut black, "bruno", "chess").await;
    let page = white.get(&format!("/games/{id}")).await;
    assert_eq!(
        page.attr(".actions a.danger", "href"),
        format!("/games/{id}?confirm=resign")
    );
    assert!(!page.has(".confirm"));
    let confirm = white.get(&format!("/games/{id}?confirm=resign")).await;
    assert_eq!(
        confirm.attr(".confirm form", "action"),
        format!("/games/{id}/action/resign")
    );
    let done = white.act(&id, "resign", "0").await;
    assert_eq!(done.text("#status"), "Black won by resignation (0-1)");
    white.get(&format!("/lang/et?back=/games/{id}")).await;
    let done_et = white.get(&format!("/games/{id}")).await;
    assert_eq!(
        done_et.text("#status"),
        "Must võitis: vastane alistus (0-1)"
    );
    white.get(&format!("/lang/en?back=/games/{id}")).await;
    assert!(!done.has(".actions form"));
    let rules = white.get("/rules/chess").await;
    assert_eq!(
        rules.text("#statistics"),
        "Statistics of won games: white 0 (0.00 %), black 1 (100.00 %), draws 0 (0.00 %)"
    );
    let again = white
        .post(&format!("/games/{id}/action/resign"), &[("ply", "0")])
        .await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert_eq!(again.text("#message"), "The game is over.");
}

async fn draw_offer_accept_and_abort_by_form(app: TestApp) {
    let mut white = Browser::sign_up(&app, "wilma").await;
    let mut black = Browser::sign_up(&app, "barney").await;
    let id = new_game(&mut white, &mut black, "barney", "reversi-6x6").await;
    let page = white.get(&format!("/games/{id}")).await;
    assert!(page.has(&format!(".actions form[action='/games/{id}/action/abort']")));
    let aborted = white.act(&id, "abort", "0").await;
    assert_eq!(aborted.text("#status"), "Aborted");
    let id = new_game(&mut white, &mut black, "barney", "reversi-6x6").await;
    white.play(&id, "c3").await;
    black.play(&id, "d3").await;
    let stale = white
        .post(&format!("/games/{id}/action/draw-offer"), &[("ply", "1")])
        .await;
    assert_eq!(
        stale.status,
        StatusCode::CONFLICT,
        "actions carry the ply too"
    );
    let offered = white.act(&id, "draw-offer", "2").await;
    assert_eq!(
        offered.text(".draw-offer"),
        "The white player offers a draw."
    );
    let page = black.get(&format!("/games/{id}")).await;
    let actions = page.texts(".actions button");
    assert_eq!(
        actions,
        [
            "Accept the draw",
            "Decline the draw",
            "Give a day",
            "Ask for a week's pause"
        ]
    );
    let drawn = black.act(&id, "draw-accept", "2").await;
    assert_eq!(drawn.text("#status"), "Draw by agreement (\u{bd}-\u{bd})");
    let rules = black.get("/rules/reversi-6x6").await;
    assert_eq!(
        rules.text("#statistics"),
        "Statistics of won games: white 0 (0.00 %), black 0 (0.00 %), draws 1 (100.00 %)"
    );
}

async fn records_download_as_pgn_and_text_with_setup(app: TestApp) {
    let mut white = Browser::sign_up(&app, "wade").await;
    let mut black = Browser::sign_up(&app, "blair").await;
    let id = new_game(&mut white, &mut black, "blair", "chess").await;
    for (n, mv) in ["f2f3", "e7e5", "g2g4", "d8h4"].iter().enumerate() {
        let player = if n % 2 == 0 { &mut white } else { &mut black };
        player.play(&id, mv).await;
    }
    // The mated king is marked on the page and in the image; the result is in words.
    let page = white.get(&format!("/games/{id}")).await;
    assert_eq!(page.attrs("#board .sq.check", "data-sq"), ["e1"]);
    assert_eq!(
        page.attr("#board .sq.check", "aria-label"),
        "e1, white king, in check"
    );
    assert_eq!(page.text("#status"), "Black won by checkmate (0-1)");
    let image = app
        .client
        .get(format!("{}/games/{id}.svg", app.address))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(image.matches("data-check=").count(), 1);
    assert!(image.contains(r#"data-check="e1""#), "{image}");
    let response = app
        .client
        .get(format!("{}/games/{id}/record", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(
        response.headers()[header::CONTENT_TYPE],
        "application/x-chess-pgn"
    );
    assert!(
        response.headers()[header::CONTENT_DISPOSITION]
            .to_str()
            .unwrap()
            .contains(".pgn")
    );
    let pgn = response.text().await.unwrap();
    for header in [
        "[White \"wade\"]",
        "[Black \"blair\"]",
        "[Result \"0-1\"]",
        "[Termination \"checkmate\"]",
        "[Date \"2026.12.01\"]",
    ] {
        assert!(pgn.contains(header), "{header} in {pgn}");
    }
    assert!(pgn.trim_end().ends_with("1. f3 e5 2. g4 Qh4# 0-1"), "{pgn}");
    let id = new_game(&mut white, &mut black, "blair", "knight-fight").await;
    let setup = app.game(&id).await["setup"]["numbers"].clone();
    let text = app
        .client
        .get(format!("{}/games/{id}/record", app.address))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(text.contains("Variant: knight-fight") && text.contains("White: wade"));
    let top_row = text.lines().find(|l| l.starts_with("10 ")).unwrap();
    let a10 = setup["a10"].as_u64().unwrap();
    assert!(top_row.starts_with(&format!("10 {a10:02} ")), "{top_row}");
}

/// The game page reads a session cookie in the same statement as what it shows the
/// viewer: the header's counts match every other page's, the next game and the board are
/// the viewer's, and a cookie whose session has ended shows the page as a guest sees it.
async fn the_game_page_reads_its_viewer_with_the_session(app: TestApp) {
    let mut white = Browser::sign_up(&app, "wanda").await;
    let mut black = Browser::sign_up(&app, "boris").await;
    let first = new_game(&mut white, &mut black, "boris", "chess").await;
    let second = new_game(&mut white, &mut black, "boris", "reversi-8x8").await;
    // The squares whose pieces the viewer may pick (chess picks the piece first).
    let pickable = |page: &Page| page.attrs("#board a.sq[data-select]", "data-sq");
    let page = white.get(&format!("/games/{first}")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(page.text("#your-turn"), "2");
    assert_eq!(page.attr("#next-game", "href"), format!("/games/{second}"));
    assert!(pickable(&page).contains(&"e2".to_owned()));
    white.play(&first, "e2e4").await;

    // Black's turn in the first game only, and a notice of it: as the home page says.
    let home = black.get("/").await;
    let page = black.get(&format!("/games/{second}")).await;
    assert_eq!(page.status, StatusCode::OK);
    for badge in ["#your-turn", "#unread"] {
        assert_eq!(page.text(badge), home.text(badge), "{badge}");
        assert_eq!(
            page.has(&format!("{badge}[hidden]")),
            home.has(&format!("{badge}[hidden]"))
        );
    }
    assert_eq!(page.text("#your-turn"), "1");
    assert_eq!(page.attr("#next-game", "href"), format!("/games/{first}"));
    assert!(pickable(&page).is_empty(), "not Black's move here");
    let page = black.get(&format!("/games/{first}")).await;
    assert!(page.has("#no-next-game"));
    assert!(pickable(&page).contains(&"e7".to_owned()));

    // Signed out: the old cookie's session has ended, so its page is a guest's.
    let mut stale = Browser::new(&app);
    stale.cookie = black.cookie.clone();
    black.post("/logout", &[]).await;
    let page = stale.get(&format!("/games/{first}")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(page.text("h1.game-title"), "Chess: wanda – boris");
    assert!(
        !page.has("#bell") && !page.has("#no-next-game"),
        "a guest's page"
    );
    assert!(pickable(&page).is_empty());
    let guest = Browser::new(&app).get(&format!("/games/{first}")).await;
    assert_eq!(page.texts("#board .sq"), guest.texts("#board .sq"));
}

async fn threefold_repetition_is_claimed_by_form(app: TestApp) {
    let mut white = Browser::sign_up(&app, "wally").await;
    let mut black = Browser::sign_up(&app, "betty").await;
    let id = new_game(&mut white, &mut black, "betty", "chess").await;
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    for (n, mv) in shuffle.iter().chain(&shuffle).enumerate() {
        let page = if n % 2 == 0 {
            white.play(&id, mv).await
        } else {
            black.play(&id, mv).await
        };
        assert!(
            !page.has(&format!(
                ".actions form[action='/games/{id}/action/draw-claim']"
            )),
            "nothing to claim before the third repetition"
        );
    }
    let page = white.get(&format!("/games/{id}")).await;
    assert!(
        page.texts(".actions button")
            .contains(&"Claim a draw".to_owned())
    );
    assert!(
        !black.get(&format!("/games/{id}")).await.has(&format!(
            ".actions form[action='/games/{id}/action/draw-claim']"
        )),
        "only the player to move claims"
    );
    let done = white.act(&id, "draw-claim", "8").await;
    assert_eq!(
        done.text("#status"),
        "Draw by threefold repetition, claimed (\u{bd}-\u{bd})"
    );
}

async fn a_late_move_by_form_says_the_game_is_lost_on_time(app: TestApp) {
    let mut white = Browser::sign_up(&app, "wilma").await;
    let mut black = Browser::sign_up(&app, "barney").await;
    let id = new_game(&mut white, &mut black, "barney", "reversi-6x6").await;
    app.clock.advance(3 * 86_400);
    let page = white
        .post(
            &format!("/games/{id}/move"),
            &[("move", "c3"), ("ply", "0")],
        )
        .await;
    assert_eq!(page.status, StatusCode::CONFLICT, "{}", page.body);
    assert_eq!(
        page.text("#message"),
        "The time for this move ran out: the game is lost on time. Nothing was played."
    );
    assert_eq!(page.text("#status"), "Black won on time (0-1)");
    // Another late action by form gets the plain "over" answer.
    let again = black
        .post(&format!("/games/{id}/action/draw-offer"), &[("ply", "0")])
        .await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert_eq!(again.text("#message"), "The game is over.");
}

async fn a_rated_games_page_shows_the_rating_change(app: TestApp) {
    let mut white = Browser::sign_up(&app, "wendy").await;
    let mut black = Browser::sign_up(&app, "barry").await;
    let id = new_game(&mut white, &mut black, "barry", "chess").await;
    for (n, mv) in ["f2f3", "e7e5", "g2g4", "d8h4"].iter().enumerate() {
        if n % 2 == 0 {
            white.play(&id, mv).await;
        } else {
            black.play(&id, mv).await;
        }
    }
    let page = white.get(&format!("/games/{id}")).await;
    assert_eq!(page.text("#game-kind"), "rated · no engines");
    let change = page.text("#black-rating");
    assert!(change.starts_with("1500? \u{2192} 1"), "{change}");
    assert!(change.contains("(+"), "{change}");
    assert!(page.text("#white-rating").contains("(\u{2212}"));
    let profile = white.get("/players/barry").await;
    assert!(profile.has("#ratings svg.rating-chart"));
    assert!(profile.text("#head-to-head").contains("1"));
    let detail = profile.text("#ratings .rating-card .hint");
    assert!(detail.contains(", 1 rated game."), "{detail}");
}

/// The actions a game page offers its viewer: its action forms, and resigning when it
/// links to the confirmation.
fn page_actions(page: &Page, id: &str) -> Vec<String> {
    let prefix = format!("/games/{id}/action/");
    let mut actions: Vec<String> = page
        .attrs(".actions form", "action")
        .iter()
        .map(|action| action.strip_prefix(&prefix).unwrap().to_owned())
        .collect();
    if page.has(".actions a.danger") {
        actions.push("resign".to_owned());
    }
    actions.sort();
    actions
}

/// The actions the API lists for the browser's viewer of game `id`, less an offer that
/// would accept the opponent's (the page shows only the accept button for it).
async fn api_actions(browser: &mut Browser, id: &str) -> Vec<String> {
    let page = browser.get(&format!("/api/v1/games/{id}")).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let game: serde_json::Value = serde_json::from_str(&page.body).unwrap();
    let listed: Vec<String> = game["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|action| action.as_str().unwrap().to_owned())
        .collect();
    let has = |name: &str| listed.iter().any(|action| action == name);
    let mut shown: Vec<String> = listed
        .iter()
        .filter(|action| match action.as_str() {
            "draw-offer" => !has("draw-accept"),
            "pause-offer" => !has("pause-accept"),
            _ => true,
        })
        .cloned()
        .collect();
    shown.sort();
    shown
}

async fn the_game_pages_buttons_are_the_actions_the_api_lists(app: TestApp) {
    let mut white = Browser::sign_up(&app, "wanda").await;
    let mut black = Browser::sign_up(&app, "boris").await;
    let mut watcher = Browser::sign_up(&app, "vera").await;
    let id = new_game(&mut white, &mut black, "boris", "reversi-6x6").await;
    white.play(&id, "c3").await;
    black.play(&id, "d3").await;
    white.act(&id, "draw-offer", "2").await;
    let mut seen = Vec::new();
    for browser in [&mut white, &mut black, &mut watcher] {
        let page = browser.get(&format!("/games/{id}")).await;
        let shown = page_actions(&page, &id);
        assert_eq!(shown, api_actions(browser, &id).await);
        seen.push(shown);
    }
    // White offered at this move: no second offer (the domain would refuse it).
    assert!(!seen[0].contains(&"draw-offer".to_owned()), "{:?}", seen[0]);
    assert!(seen[0].contains(&"resign".to_owned()));
    assert!(seen[1].contains(&"draw-accept".to_owned()), "{:?}", seen[1]);
    assert!(
        seen[2].is_empty(),
        "a spectator has no buttons: {:?}",
        seen[2]
    );
    // The image answers at its own address and at its first one alike.
    let first = white.get(&format!("/games/{id}.svg?ply=1")).await;
    let own = white.get(&format!("/games/{id}/image.svg?ply=1")).await;
    assert_eq!(own.status, StatusCode::OK);
    assert_eq!(first.body, own.body);
    assert_eq!(own.count("circle"), 1);
}
