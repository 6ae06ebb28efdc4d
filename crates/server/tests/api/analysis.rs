//! The analysis board and replay: moves explored by the rules without reaching the game,
//! lines stepped through and kept, forced passes filled in, bad addresses refused with a
//! page; the line from the live position entered as conditional moves; the game page's
//! "you are viewing" banner and its keyboard links.

use reqwest::StatusCode;

use crate::{
    conditional::{attr, find_pass, select},
    helpers::{TestApp, get_page, post_form},
    scenarios,
};

scenarios!(
    moves_explored_never_reach_the_game,
    a_line_left_for_another_is_kept_beside_it,
    forced_passes_are_filled_in_and_stepped_over,
    bad_addresses_get_a_page_that_says_why,
    the_line_from_the_live_position_becomes_a_conditional_line,
    replay_says_which_position_it_shows,
);

/// Plays `mv` on the analysis board at `path`: the address it leads to.
async fn explore(app: &TestApp, path: &str, mv: &str) -> String {
    let join = if path.contains('?') { '&' } else { '?' };
    let (status, location, body) = get_page(app, None, &format!("{path}{join}move={mv}")).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{path} {mv}: {body}");
    location
}

async fn moves_explored_never_reach_the_game(app: TestApp) {
    let white = app.player("an_w").await;
    let black = app.player("an_b").await;
    let id = app.new_game("chess", &white, &black).await;
    app.play_ok(&white, &black, &id, "e2e4").await;
    // The game page links to the board from the position it shows.
    let page = app.page_html(&format!("/games/{id}")).await;
    assert_eq!(
        attr(&page, "#analysis-link", "href"),
        format!("/games/{id}/analysis")
    );
    let page = app.page_html(&format!("/games/{id}?ply=0")).await;
    assert_eq!(
        attr(&page, "#analysis-link", "href"),
        format!("/games/{id}/analysis?ply=0")
    );
    // Black's twenty moves, offered by a form that reads the page and posts nothing.
    let start = format!("/games/{id}/analysis");
    let page = app.page_html_as(&white, &start).await;
    assert_eq!(attr(&page, "form.board-form", "method"), "get");
    assert_eq!(attr(&page, "form.board-form", "action"), start);
    assert!(select(&page, "form[action$='/move']").is_empty());
    assert_eq!(select(&page, "#legal-moves button[name=move]").len(), 20);
    assert_eq!(select(&page, "#status"), ["To move: Black"]);
    assert_eq!(select(&page, "#line-empty").len(), 1);
    // e5, then Nf3: each a redirect to the longer line.
    let after_e5 = explore(&app, &start, "e7e5").await;
    assert_eq!(after_e5, format!("/games/{id}/analysis?ply=1&line=e7e5"));
    let after_nf3 = explore(&app, &after_e5, "Nf3").await;
    assert_eq!(
        after_nf3,
        format!("/games/{id}/analysis?ply=1&line=e7e5+g1f3")
    );
    let page = app.page_html(&after_nf3).await;
    assert_eq!(select(&page, "#line li"), ["1… e5", "2. Nf3"]);
    assert_eq!(select(&page, "#line a.current"), ["2. Nf3"]);
    assert_eq!(select(&page, "#status"), ["To move: Black"]);
    // Stepping: Back shows the position after e5; the line stays whole.
    let back = attr(&page, "a[data-nav=prev]", "href");
    assert_eq!(
        back,
        format!("/games/{id}/analysis?ply=1&line=e7e5+g1f3&at=1")
    );
    let page = app.page_html(&back).await;
    assert_eq!(select(&page, "#line a.current"), ["1… e5"]);
    assert_eq!(select(&page, "#status"), ["To move: White"]);
    assert_eq!(attr(&page, "a[data-nav=next]", "href"), after_nf3);
    // The board's selection links keep the line: a knight chosen, its squares are moves.
    let page = app.page_html(&format!("{back}&from=g1")).await;
    assert_eq!(
        select(&page, "form.board-form button[name=move][value=g1f3]").len(),
        1
    );
    assert_eq!(
        attr(&page, "form.board-form input[name=line]", "value"),
        "e7e5 g1f3"
    );
    assert_eq!(attr(&page, "form.board-form input[name=at]", "value"), "1");
    // Reversi shows the discs of the position explored.
    let reversi = app.new_game("reversi-8x8", &white, &black).await;
    let start = format!("/games/{reversi}/analysis");
    let page = app.page_html(&start).await;
    let before = select(&page, "#scores");
    assert_eq!(before.len(), 1);
    let first = attr(&page, "#legal-moves button[name=move]", "value");
    let page = app.page_html(&explore(&app, &start, &first).await).await;
    let after = select(&page, "#scores");
    assert!(after[0].starts_with("Discs: White "), "{after:?}");
    assert_ne!(after, before, "the move changed the discs");
    // None of it reached the games.
    let game = app.game(&id).await;
    assert_eq!(game["ply"], 1);
    assert_eq!(app.game(&reversi).await["ply"], 0);
}

async fn a_line_left_for_another_is_kept_beside_it(app: TestApp) {
    let white = app.player("alt_w").await;
    let black = app.player("alt_b").await;
    let id = app.new_game("chess", &white, &black).await;
    let main = format!("/games/{id}/analysis?ply=0&line=e2e4+e7e5+g1f3");
    // Back to the start and 1. d4 instead: the e4 line is kept.
    let start = format!("{main}&at=0");
    let branched = explore(&app, &start, "d2d4").await;
    assert_eq!(
        branched,
        format!("/games/{id}/analysis?ply=0&line=d2d4&alt=e2e4+e7e5+g1f3")
    );
    let page = app.page_html(&branched).await;
    assert_eq!(select(&page, "#other-lines a"), ["1. e4 e5 2. Nf3"]);
    // Following it brings the e4 line back, the d4 line now beside it.
    let back = attr(&page, "#other-lines a", "href");
    assert_eq!(
        back,
        format!("/games/{id}/analysis?ply=0&line=e2e4+e7e5+g1f3&alt=d2d4")
    );
    let page = app.page_html(&back).await;
    assert_eq!(select(&page, "#line li").len(), 3);
    assert_eq!(select(&page, "#other-lines a"), ["1. d4"]);
    // Playing the move the line goes on with only steps forward.
    let forward = explore(&app, &format!("{main}&at=1"), "e7e5").await;
    assert_eq!(forward, format!("{main}&at=2"));
    // Starting again clears both.
    let page = app.page_html(&back).await;
    assert_eq!(
        attr(&page, "#clear-line", "href"),
        format!("/games/{id}/analysis?ply=0")
    );
}

async fn forced_passes_are_filled_in_and_stepped_over(app: TestApp) {
    let found = find_pass();
    let white = app.player("apass_w").await;
    let black = app.player("apass_b").await;
    let id = app.new_game("reversi-6x6", &white, &black).await;
    for mv in &found.prefix {
        app.play_ok(&white, &black, &id, mv).await;
    }
    let ply = found.prefix.len();
    let path = explore(&app, &format!("/games/{id}/analysis"), &found.theirs).await;
    let path = explore(&app, &path, &found.mine).await;
    // The pass the other side must make is in the line, and the board is past it.
    assert_eq!(
        path,
        format!(
            "/games/{id}/analysis?ply={ply}&line={}+{}+pass",
            found.theirs, found.mine
        )
    );
    let page = app.page_html(&path).await;
    assert!(!select(&page, "#legal-moves button").is_empty());
    assert!(
        select(&page, "#legal-moves button")
            .iter()
            .all(|text| text != "pass")
    );
    // Back from there skips the pass: the position after `mine` would offer nothing.
    let back = attr(&page, "a[data-nav=prev]", "href");
    assert!(back.ends_with("&at=1"), "{back}");
    // A line written without the pass is read with it.
    let written = format!(
        "/games/{id}/analysis?ply={ply}&line={}+{}+{}",
        found.theirs, found.mine, found.next
    );
    let page = app.page_html(&written).await;
    assert_eq!(select(&page, "#line li").len(), 4);
    assert_eq!(app.game(&id).await["ply"].as_u64(), Some(ply as u64));
}

async fn bad_addresses_get_a_page_that_says_why(app: TestApp) {
    let white = app.player("abad_w").await;
    let black = app.player("abad_b").await;
    let id = app.new_game("chess", &white, &black).await;
    let base = format!("/games/{id}/analysis");
    let cases = [
        (
            "?line=e2e4+e2e4",
            StatusCode::UNPROCESSABLE_ENTITY,
            "move 2 of the line (e2e4)",
        ),
        (
            "?line=zz9",
            StatusCode::UNPROCESSABLE_ENTITY,
            "move 1 of the line (zz9)",
        ),
        (
            "?ply=x",
            StatusCode::BAD_REQUEST,
            "The request could not be read.",
        ),
        (
            "?ply=-3",
            StatusCode::BAD_REQUEST,
            "The request could not be read.",
        ),
        (
            "?at=99999999999999999999999",
            StatusCode::BAD_REQUEST,
            "The request could not be read.",
        ),
        (
            "?move=e2e5",
            StatusCode::UNPROCESSABLE_ENTITY,
            "That move is not legal here.",
        ),
        (
            "?alt=e2e4&alt=d2d4&alt=c2c4&alt=g1f3&alt=b2b3",
            StatusCode::UNPROCESSABLE_ENTITY,
            "at most 4 other lines",
        ),
    ];
    for (query, status, words) in cases {
        let (got, _, body) = get_page(&app, None, &format!("{base}{query}")).await;
        assert_eq!(got, status, "{query}: {body}");
        assert!(body.contains("<html"), "{query}: an HTML page");
        assert!(body.contains(words), "{query}: {body}");
    }
    // A line past the limit.
    let long: Vec<&str> = ["g1f3", "g8f6", "f3g1", "f6g8"]
        .iter()
        .copied()
        .cycle()
        .take(204)
        .collect();
    let (got, _, body) = get_page(&app, None, &format!("{base}?line={}", long.join("+"))).await;
    assert_eq!(got, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body.contains("at most 200 moves"));
    // A ply past the record is the live position; a game that does not exist, a 404.
    let (got, _, _) = get_page(&app, None, &format!("{base}?ply=4000000000")).await;
    assert_eq!(got, StatusCode::OK);
    let (got, _, _) = get_page(&app, None, "/games/nosuchgame/analysis").await;
    assert_eq!(got, StatusCode::NOT_FOUND);
    assert_eq!(app.game(&id).await["ply"], 0);
}

async fn the_line_from_the_live_position_becomes_a_conditional_line(app: TestApp) {
    let white = app.player("acond_w").await;
    let black = app.player("acond_b").await;
    let id = app.new_game("chess", &white, &black).await;
    app.play_ok(&white, &black, &id, "e2e4").await;
    let path = format!("/games/{id}/analysis?ply=1&line=e7e5+g1f3+b8c6");
    // Up to the position shown: e5 Nf3.
    let page = app.page_html_as(&white, &format!("{path}&at=2")).await;
    assert_eq!(
        attr(&page, "#use-as-conditional input[name=moves]", "value"),
        "e7e5 g1f3"
    );
    assert_eq!(
        attr(&page, "#use-as-conditional input[name=ply]", "value"),
        "1"
    );
    let (status, location, _) = post_form(
        &app,
        &white,
        &format!("/games/{id}/conditional"),
        &[("moves", "e7e5 g1f3"), ("ply", "1")],
    )
    .await;
    assert_eq!(
        (status, location),
        (StatusCode::SEE_OTHER, format!("/games/{id}#conditional"))
    );
    let (status, body) = app
        .get(
            &format!("/api/v1/games/{id}/conditional"),
            Some(&white.token),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["lines"][0]["moves"],
        serde_json::json!(["e7e5", "g1f3"])
    );
    // A guest, and a player analysing an earlier position, get no such form; the
    // player is offered the live position instead.
    let page = app.page_html(&path).await;
    assert!(select(&page, "#use-as-conditional").is_empty());
    let page = app
        .page_html_as(&white, &format!("/games/{id}/analysis?ply=0&line=d2d4"))
        .await;
    assert!(select(&page, "#use-as-conditional").is_empty());
    assert_eq!(
        attr(&page, "#from-live", "href"),
        format!("/games/{id}/analysis?ply=1")
    );
}

async fn replay_says_which_position_it_shows(app: TestApp) {
    let white = app.player("rep_w").await;
    let black = app.player("rep_b").await;
    let id = app.new_game("chess", &white, &black).await;
    for mv in ["e2e4", "e7e5", "g1f3"] {
        app.play_ok(&white, &black, &id, mv).await;
    }
    let live = app.page_html(&format!("/games/{id}")).await;
    assert!(select(&live, "#viewing").is_empty());
    assert_eq!(
        attr(&live, "a[data-nav=prev]", "href"),
        format!("/games/{id}?ply=2")
    );
    assert!(select(&live, "a[data-nav=next]").is_empty());
    let page = app.page_html(&format!("/games/{id}?ply=2")).await;
    assert_eq!(
        select(&page, "#viewing strong"),
        ["You are viewing move 1… e5 (2 of 3)."]
    );
    assert_eq!(attr(&page, "#back-to-live", "href"), format!("/games/{id}"));
    assert_eq!(
        attr(&page, "a[data-nav=first]", "href"),
        format!("/games/{id}?ply=0")
    );
    assert_eq!(
        attr(&page, "a[data-nav=next]", "href"),
        format!("/games/{id}")
    );
    assert_eq!(
        attr(&page, "a[data-nav=last]", "href"),
        format!("/games/{id}")
    );
    let page = app.page_html(&format!("/games/{id}?ply=0")).await;
    assert_eq!(
        select(&page, "#viewing strong"),
        ["You are viewing the starting position (0 of 3)."]
    );
    // In Estonian too.
    let response = reqwest::Client::new()
        .get(format!("{}/games/{id}?ply=1", app.address))
        .header(reqwest::header::ACCEPT_LANGUAGE, "et")
        .send()
        .await
        .unwrap();
    let page = response.text().await.unwrap();
    assert_eq!(
        select(&page, "#viewing strong"),
        ["Vaatad käiku 1. e4 (1/3)."]
    );
}
