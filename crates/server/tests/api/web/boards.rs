//! Each variant's board in the page: the squares it offers, moves by form with the ply they
//! were rendered at, selections and promotion without script, the SVG images and the chess
//! pieces' drawings, a forced pass in words, and the board kept turned and shaded.

use reqwest::{StatusCode, header};

use crate::{
    helpers::TestApp,
    page_client::{Browser, Page, new_game},
    scenarios,
};

scenarios!(
    every_variant_board_offers_exactly_the_playable_squares,
    moves_by_form_carry_the_ply_and_a_stale_page_gets_the_fresh_board,
    chess_selection_and_promotion_without_script,
    chess_reversi_and_knight_fight_selections_without_script,
    boards_are_available_as_svg_images,
    chess_pieces_are_the_sites_own_drawings_in_their_colours,
    a_forced_pass_is_said_in_words_and_the_script_has_words_to_announce,
    a_move_keeps_the_board_turned_and_shaded_as_the_player_left_it,
);

async fn every_variant_board_offers_exactly_the_playable_squares(app: TestApp) {
    let mut white = Browser::sign_up(&app, "white").await;
    let mut black = Browser::sign_up(&app, "black").await;
    for variant in [
        "chess",
        "reversi-6x6",
        "reversi-8x8",
        "reversi-10x10",
        "chess-reversi",
        "knight-fight",
    ] {
        let id = new_game(&mut white, &mut black, "black", variant).await;
        let page = white.get(&format!("/games/{id}")).await;
        assert_eq!(page.status, StatusCode::OK, "{variant}");
        let game = app.game(&id).await;
        let legal: Vec<String> = game["legal_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_owned())
            .collect();
        let size = match variant {
            "chess" | "reversi-8x8" | "chess-reversi" => 8,
            "reversi-6x6" => 6,
            _ => 10,
        };
        let names = page.attrs("#board .sq", "data-sq");
        let labels = page.attrs("#board .sq", "aria-label");
        assert_eq!(names.len(), size * size, "{variant}");
        for (name, label) in names.iter().zip(&labels) {
            assert!(
                label.starts_with(&format!("{name}, ")),
                "{variant}: {label}"
            );
        }
        assert_eq!(page.count("#board .coord.file"), size);
        match variant {
            "chess" => {
                // Pieces with moves are selection links; no move buttons yet.
                assert!(page.move_buttons().is_empty());
                let mut links = page.attrs("#board a.sq", "data-sq");
                links.sort();
                let mut from: Vec<String> = legal.iter().map(|m| m[..2].to_owned()).collect();
                from.sort();
                from.dedup();
                assert_eq!(links, from);
                assert_eq!(
                    page.attr("#board [data-sq=e1]", "aria-label"),
                    "e1, white king"
                );
            }
            "chess-reversi" => {
                let mut expected: Vec<String> = legal.clone();
                expected.sort();
                assert_eq!(
                    page.move_buttons(),
                    expected,
                    "the king is chosen by itself"
                );
                assert_eq!(page.count("#board .piece-pick"), 8);
            }
            "knight-fight" => {
                assert_eq!(page.count("#board .number"), 100);
                let direct: Vec<String> = {
                    let mut d: Vec<String> =
                        legal.iter().filter(|m| !m.contains(':')).cloned().collect();
                    d.sort();
                    d
                };
                assert_eq!(page.move_buttons(), direct);
                let label = page.attr("#board [data-sq=f6]", "aria-label");
                assert!(
                    label.len() == 6 && label[4..].chars().all(|c| c.is_ascii_digit()),
                    "{label}"
                );
            }
            _ => {
                let mut expected = legal.clone();
                expected.sort();
                assert_eq!(page.move_buttons(), expected, "{variant}");
                assert_eq!(expected.len(), 4, "the empty centre");
            }
        }
        // The player not to move and a guest see no buttons and no links on the board.
        for page in [
            black.get(&format!("/games/{id}")).await,
            Browser::new(&app).get(&format!("/games/{id}")).await,
        ] {
            assert!(page.move_buttons().is_empty(), "{variant}");
            assert!(!page.has("#board a.sq"));
            assert_eq!(page.attr("#board", "data-legal"), "");
        }
    }
}

async fn moves_by_form_carry_the_ply_and_a_stale_page_gets_the_fresh_board(app: TestApp) {
    let mut white = Browser::sign_up(&app, "wendy").await;
    let mut black = Browser::sign_up(&app, "bert").await;
    let id = new_game(&mut white, &mut black, "bert", "reversi-6x6").await;
    let page = white.get(&format!("/games/{id}")).await;
    assert_eq!(page.attr("#board input[name=ply]", "value"), "0");
    let game = white.play(&id, "c3").await;
    assert_eq!(game.board_ply(), 1);
    assert!(game.attr("#board [data-sq=c3]", "class").contains("last"));
    // Black's page was rendered at ply 1; White's old page (ply 0) is stale.
    let stale = white
        .post(
            &format!("/games/{id}/move"),
            &[("move", "d4"), ("ply", "0")],
        )
        .await;
    assert!(stale.status.is_client_error(), "{}", stale.status);
    assert!(stale.location.is_empty());
    assert!(
        stale
            .text("#message")
            .starts_with("This game changed in another tab or by your opponent"),
        "{}",
        stale.text("#message")
    );
    assert_eq!(stale.board_ply(), 1, "the fresh board");
    assert_eq!(app.game(&id).await["ply"], 1, "nothing played");
    let illegal = black
        .post(
            &format!("/games/{id}/move"),
            &[("move", "a1"), ("ply", "1")],
        )
        .await;
    assert_eq!(illegal.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(illegal.text("#message"), "That move is not legal here.");
    let not_yours = white
        .post(
            &format!("/games/{id}/move"),
            &[("move", "d4"), ("ply", "1")],
        )
        .await;
    assert_eq!(not_yours.status, StatusCode::FORBIDDEN);
    assert_eq!(not_yours.text("#message"), "It is not your turn.");
    let game = black.play(&id, "d3").await;
    assert_eq!(game.board_ply(), 2);
    assert_eq!(game.text("#status"), "To move: White");
    let mine = white.get(&format!("/games/{id}")).await;
    assert_eq!(mine.text("#status"), "To move: White \u{2014} your move");
}

async fn chess_selection_and_promotion_without_script(app: TestApp) {
    let mut white = Browser::sign_up(&app, "walter").await;
    let mut black = Browser::sign_up(&app, "bella").await;
    let id = new_game(&mut white, &mut black, "bella", "chess").await;
    let page = white.get(&format!("/games/{id}")).await;
    assert_eq!(
        page.attr("#board a[data-sq=g1]", "href"),
        format!("/games/{id}?from=g1")
    );
    let selected = white.get(&format!("/games/{id}?from=g1")).await;
    assert_eq!(selected.move_buttons(), ["g1f3", "g1h3"]);
    assert!(
        selected
            .attr("#board [data-sq=g1]", "class")
            .contains("selected")
    );
    let fresh = white.play(&id, "g1f3").await;
    assert_eq!(
        fresh.attr("#board [data-sq=f3]", "aria-label"),
        "f3, white knight"
    );
    for mv in [
        "h7h6", "a2a4", "h6h5", "a4a5", "h5h4", "a5a6", "h4h3", "a6b7", "g7g6",
    ] {
        let to_move = if app.game(&id).await["to_move"] == "white" {
            &mut white
        } else {
            &mut black
        };
        to_move.play(&id, mv).await;
    }
    let page = white.get(&format!("/games/{id}?from=b7&to=a8")).await;
    let mut promotions = page.attrs("#board .piece-picks button", "value");
    promotions.sort();
    assert_eq!(promotions, ["b7a8b", "b7a8n", "b7a8q", "b7a8r"]);
    assert_eq!(
        page.attr("#board .piece-picks button[value=b7a8n]", "aria-label"),
        "white knight"
    );
    let page = white.get(&format!("/games/{id}?from=b7")).await;
    assert_eq!(
        page.attr("#board a[data-sq=a8]", "href"),
        format!("/games/{id}?from=b7&to=a8")
    );
    assert_eq!(
        page.attr("#board a[data-sq=c8]", "href"),
        format!("/games/{id}?from=b7&to=c8")
    );
    let page = white.play(&id, "b7a8n").await;
    assert_eq!(
        page.attr("#board [data-sq=a8]", "aria-label"),
        "a8, white knight"
    );
    assert!(
        page.text("#moves").contains("bxa8=N"),
        "{}",
        page.text("#moves")
    );
}

async fn chess_reversi_and_knight_fight_selections_without_script(app: TestApp) {
    let mut white = Browser::sign_up(&app, "wanda").await;
    let mut black = Browser::sign_up(&app, "boris").await;
    let id = new_game(&mut white, &mut black, "boris", "chess-reversi").await;
    white.play(&id, "Kd4").await;
    let page = black.get(&format!("/games/{id}")).await;
    assert!(page.move_buttons().is_empty(), "choose a piece first");
    assert_eq!(
        page.attr("#board .piece-pick[data-select=Q]", "href"),
        format!("/games/{id}?piece=Q")
    );
    assert!(
        !page.has("#board .piece-pick[data-select=K]"),
        "the king goes last"
    );
    let page = black.get(&format!("/games/{id}?piece=Q")).await;
    let buttons = page.move_buttons();
    assert_eq!(buttons.len(), 8, "{buttons:?}");
    assert!(buttons.iter().all(|b| b.starts_with('Q')));
    black.play(&id, "Qe5").await;
    let shaded = white.get(&format!("/games/{id}?attacks=1")).await;
    assert!(
        shaded
            .attr("#board [data-sq=e4]", "class")
            .contains("att-both")
    );
    assert!(
        shaded
            .attr("#board [data-sq=e4]", "aria-label")
            .contains("attacked")
    );
    // The counts are on the square (White's king and Black's queen), its hover title says
    // them in words, and a legend explains the shades.
    assert_eq!(shaded.text("#board [data-sq=e4] .att-count.white"), "1");
    assert_eq!(shaded.text("#board [data-sq=e4] .att-count.black"), "1");
    assert!(
        shaded
            .attr("#board [data-sq=e4]", "title")
            .contains("attacked by white 1, by black 1")
    );
    assert!(!shaded.has("#board [data-sq=a8] .att-count"));
    assert!(shaded.text("#board-legend").contains("attacked by both"));
    // Black never turned the shading on: no legend for them.
    assert!(
        !black
            .get(&format!("/games/{id}"))
            .await
            .has("#board-legend")
    );
    // A chosen piece's targets show the points they would give, and the legend says so.
    let chosen = white.get(&format!("/games/{id}?piece=R")).await;
    let buttons = chosen.move_buttons();
    let target = buttons.first().expect("a square for the rook");
    let mut after = rules::AnyGame::new(rules::Variant::ChessReversi, None).unwrap();
    for mv in ["Kd4", "Qe5", target.as_str()] {
        after.play(mv).unwrap();
    }
    let scores = after.scores().unwrap();
    let square = &target[1..];
    assert_eq!(
        chosen.text(&format!("#board [data-sq={square}] .preview")),
        format!("{}:{}", scores.white, scores.black)
    );
    assert!(chosen.text("#board-legend").contains("your points"));
    assert_eq!(
        shaded.text("#scores"),
        format!(
            "Points: White {}, Black {}",
            app.game(&id).await["scores"]["white"],
            app.game(&id).await["scores"]["black"]
        )
    );

    let id = new_game(&mut white, &mut black, "boris", "knight-fight").await;
    let game = app.game(&id).await;
    let legal: Vec<String> = game["legal_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_owned())
        .collect();
    let with_double = legal.iter().find(|m| m.contains(':'));
    let page = white.get(&format!("/games/{id}")).await;
    if let Some(double) = with_double {
        let landing = double.split(':').next().unwrap();
        assert_eq!(
            page.attr(&format!("#board a[data-sq={landing}]"), "href"),
            format!("/games/{id}?from={landing}")
        );
        let page = white.get(&format!("/games/{id}?from={landing}")).await;
        let mut expected: Vec<String> = legal
            .iter()
            .filter(|m| m.starts_with(&format!("{landing}:")))
            .cloned()
            .collect();
        expected.sort();
        assert_eq!(page.move_buttons(), expected);
        assert_eq!(expected.len(), 9, "every other double");
    }
    let direct = legal.iter().find(|m| !m.contains(':')).unwrap().clone();
    let page = white.play(&id, &direct).await;
    assert_eq!(
        page.attr(&format!("#board [data-sq={direct}]"), "aria-label"),
        format!("{direct}, white knight")
    );
    assert!(
        page.has("#board .sq .dead") || direct.ends_with('1'),
        "a mirror square may be erased"
    );
}

async fn boards_are_available_as_svg_images(app: TestApp) {
    let mut white = Browser::sign_up(&app, "wren").await;
    let mut black = Browser::sign_up(&app, "bea").await;
    let id = new_game(&mut white, &mut black, "bea", "reversi-8x8").await;
    for (n, mv) in ["d4", "e4", "e5"].iter().enumerate() {
        let player = if n % 2 == 0 { &mut white } else { &mut black };
        player.play(&id, mv).await;
    }
    let response = app
        .client
        .get(format!("{}/games/{id}.svg", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[header::CONTENT_TYPE], "image/svg+xml");
    let svg = Page {
        status: StatusCode::OK,
        location: String::new(),
        body: response.text().await.unwrap(),
    };
    assert_eq!(svg.count("circle"), 3);
    let earlier = app
        .client
        .get(format!("{}/games/{id}.svg?ply=1", app.address))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(
        Page {
            status: StatusCode::OK,
            location: String::new(),
            body: earlier
        }
        .count("circle"),
        1
    );
}

/// Whether `text` holds a chess symbol of Unicode (U+2654 to U+265F).
fn has_chess_glyph(text: &str) -> bool {
    text.chars().any(|c| ('\u{2654}'..='\u{265F}').contains(&c))
}

async fn chess_pieces_are_the_sites_own_drawings_in_their_colours(app: TestApp) {
    let mut white = Browser::sign_up(&app, "kira").await;
    let mut black = Browser::sign_up(&app, "lumi").await;
    let id = new_game(&mut white, &mut black, "lumi", "chess").await;
    let body = app
        .client
        .get(format!("{}/games/{id}.svg", app.address))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(!has_chess_glyph(&body), "no font glyphs in the image");
    let svg = Page {
        status: StatusCode::OK,
        location: String::new(),
        body,
    };
    assert_eq!(svg.count("g[data-piece]"), 32);
    for (piece, fill, count) in [
        ("white king", "#fafafa", 1),
        ("black king", "#262626", 1),
        ("white queen", "#fafafa", 1),
        ("black queen", "#262626", 1),
        ("black pawn", "#262626", 8),
    ] {
        let selector = format!("g[data-piece=\"{piece}\"]");
        assert_eq!(svg.attrs(&selector, "fill"), vec![fill; count], "{piece}");
    }
    // The page draws the same pieces: one symbol each, used by the squares.
    let page = white.get(&format!("/games/{id}")).await;
    assert!(!has_chess_glyph(&page.body), "no font glyphs on the page");
    assert_eq!(page.count("#board svg.piece-defs symbol"), 6);
    assert_eq!(
        page.attr("[data-sq=e1] svg.piece.white use", "href"),
        "#piece-king"
    );
    assert_eq!(
        page.attr("[data-sq=d8] svg.piece.black use", "href"),
        "#piece-queen"
    );
    assert_eq!(page.count("#board .sq svg.piece.black"), 16);
    // A Reversi board has no pieces to draw.
    let reversi = new_game(&mut white, &mut black, "lumi", "reversi-8x8").await;
    let page = white.get(&format!("/games/{reversi}")).await;
    assert!(!page.has("svg.piece-defs"));
}

async fn a_forced_pass_is_said_in_words_and_the_script_has_words_to_announce(app: TestApp) {
    let mut white = Browser::sign_up(&app, "paula").await;
    let mut black = Browser::sign_up(&app, "peeter").await;
    let id = new_game(&mut white, &mut black, "peeter", "reversi-6x6").await;
    // Black's f1 leaves White without a move: the server plays White's pass.
    let moves = [
        "c3", "d3", "c4", "d4", "e2", "d2", "e1", "d1", "e4", "f2", "c2",
    ];
    for (n, mv) in moves.iter().enumerate() {
        let player = if n % 2 == 0 { &mut white } else { &mut black };
        player.play(&id, mv).await;
    }
    let before = black.get(&format!("/games/{id}")).await;
    assert!(!before.has("#pass"));
    assert_eq!(
        before.attr("#game", "data-announce"),
        "Last move: c2. To move: Black \u{2014} your move"
    );
    assert!(before.has("#announcer[aria-live=polite]"));
    assert!(
        !before.has("#game #announcer"),
        "the live region outlives a swap"
    );
    let page = black.play(&id, "f1").await;
    assert_eq!(page.board_ply(), 13);
    assert_eq!(
        page.text("#pass"),
        "Pass: white had no legal move, so black moves again."
    );
    assert_eq!(
        page.attr("#game", "data-announce"),
        "Last move: f1. Pass: white had no legal move, so black moves again. \
         To move: Black \u{2014} your move"
    );
    let theirs = white.get(&format!("/games/{id}")).await;
    assert_eq!(
        theirs.text("#pass"),
        "Pass: white had no legal move, so black moves again."
    );
    // Looking back a move, the pass is not there yet.
    let earlier = white.get(&format!("/games/{id}?ply=12")).await;
    assert!(!earlier.has("#pass"));
    white.get(&format!("/lang/et?back=/games/{id}")).await;
    let theirs = white.get(&format!("/games/{id}")).await;
    assert_eq!(
        theirs.text("#pass"),
        "Käik jäi vahele: valge ei saanud käia, seega käib uuesti must."
    );
}

async fn a_move_keeps_the_board_turned_and_shaded_as_the_player_left_it(app: TestApp) {
    let mut white = Browser::sign_up(&app, "vera").await;
    let mut black = Browser::sign_up(&app, "vello").await;
    let id = new_game(&mut white, &mut black, "vello", "chess-reversi").await;
    let page = white.get(&format!("/games/{id}?flip=1&attacks=1")).await;
    assert_eq!(page.attr("#board form input[name=flip]", "value"), "1");
    assert_eq!(page.attr("#board form input[name=attacks]", "value"), "1");
    let plain = white.get(&format!("/games/{id}")).await;
    assert!(!plain.has("#board form input[name=flip]"));
    assert!(!plain.has("#board form input[name=attacks]"));
    // The move comes back to the page as it was: turned, with the shading on.
    let moved = white
        .post(
            &format!("/games/{id}/move"),
            &[
                ("move", "Kd4"),
                ("ply", "0"),
                ("flip", "1"),
                ("attacks", "1"),
            ],
        )
        .await;
    assert_eq!(moved.status, StatusCode::SEE_OTHER, "{}", moved.body);
    assert_eq!(moved.location, format!("/games/{id}?flip=1&attacks=1"));
    let after = white.get(&moved.location).await;
    assert_eq!(
        after
            .attrs("#board .sq", "data-sq")
            .first()
            .map(String::as_str),
        Some("h1"),
        "still turned"
    );
    assert!(after.count("#board .sq.att-white") > 0, "still shaded");
    // A refused move (a stale page) keeps the view too.
    let stale = white
        .post(
            &format!("/games/{id}/move"),
            &[("move", "Ke4"), ("ply", "0"), ("flip", "1")],
        )
        .await;
    assert_eq!(stale.status, StatusCode::CONFLICT);
    assert_eq!(
        stale
            .attrs("#board .sq", "data-sq")
            .first()
            .map(String::as_str),
        Some("h1")
    );
    assert_eq!(stale.attr("#board form input[name=flip]", "value"), "1");
}
