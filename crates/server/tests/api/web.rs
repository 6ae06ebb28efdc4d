//! The browser pages against a real server: every page parsed with an HTML parser, each
//! variant's board, forms with the ply they were rendered at, escaping, languages.

use reqwest::{StatusCode, header};

use crate::{
    helpers::TestApp,
    page_client::{Browser, Page, new_game, new_game_with, sel},
    scenarios,
};

scenarios!(
    guest_pages_render_in_the_site_style,
    sign_up_errors_sit_next_to_their_fields_and_keep_escaped_values,
    lobby_creates_lists_accepts_and_cancels_challenges,
    every_variant_board_offers_exactly_the_playable_squares,
    moves_by_form_carry_the_ply_and_a_stale_page_gets_the_fresh_board,
    chess_selection_and_promotion_without_script,
    chess_reversi_and_knight_fight_selections_without_script,
    game_page_shows_record_scores_replay_and_actions,
    resign_needs_confirmation_and_updates_the_rules_statistics,
    draw_offer_accept_and_abort_by_form,
    threefold_repetition_is_claimed_by_form,
    records_download_as_pgn_and_text_with_setup,
    boards_are_available_as_svg_images,
    chess_pieces_are_the_sites_own_drawings_in_their_colours,
    the_site_has_an_icon_and_the_title_says_whose_turn,
    a_forced_pass_is_said_in_words_and_the_script_has_words_to_announce,
    a_move_keeps_the_board_turned_and_shaded_as_the_player_left_it,
    cross_site_form_posts_are_refused,
    the_bell_counts_unread_notices_and_the_centre_marks_them_read,
    language_follows_cookie_then_accept_language,
    my_games_orders_my_turn_first_and_next_game_jumps_there,
    the_game_page_reads_its_viewer_with_the_session,
    my_games_put_least_time_left_first_then_the_latest_activity,
    playing_settings_by_form_and_straight_on_to_the_next_game,
    player_pages_list_games_with_results,
    a_late_move_by_form_says_the_game_is_lost_on_time,
    redirects_stay_on_the_site_and_strange_queries_never_fail,
    settings_page_lists_makes_and_revokes_tokens,
    casual_challenges_and_rating_ranges_by_form,
    a_rated_games_page_shows_the_rating_change,
    time_controls_by_form_on_the_game_page_and_in_my_games,
    rules_pages_explain_time_in_both_languages,
    the_game_pages_buttons_are_the_actions_the_api_lists,
);

scenarios!(with [("VACATION_DAYS_PER_YEAR", "30")];
    settings_page_sets_the_time_zone_and_takes_a_vacation_by_form,
    weekends_off_by_form_and_a_day_given_on_the_game_page,
);

fn assert_single_script(page: &Page) {
    let scripts = page.attrs("script", "src");
    assert_eq!(scripts.len(), 1, "only the site's script: {scripts:?}");
    assert!(scripts[0].starts_with("/static/app.js?v="), "{scripts:?}");
}

async fn guest_pages_render_in_the_site_style(app: TestApp) {
    let mut guest = Browser::new(&app);
    let home = guest.get("/").await;
    assert_eq!(home.status, StatusCode::OK);
    assert_eq!(home.attr("html", "lang"), "en");
    let rules_links = home.attrs(".variants a", "href");
    assert_eq!(rules_links.len(), 6);
    for link in &rules_links {
        let rules = guest.get(link).await;
        assert_eq!(rules.status, StatusCode::OK, "{link}");
        assert_eq!(
            rules.text("#statistics"),
            "Statistics of won games: white 0 (0.00 %), black 0 (0.00 %), draws 0 (0.00 %)"
        );
        let variant = link.trim_start_matches("/rules/");
        assert_eq!(
            rules.attr("a.button", "href"),
            format!("/lobby?variant={variant}#create")
        );
        assert!(rules.count(".rules-text p") >= 3);
    }
    for path in ["/login", "/signup"] {
        let page = guest.get(path).await;
        assert_eq!(page.status, StatusCode::OK);
        assert!(page.has("input#username") && page.has("input#password[type=password]"));
    }
    let missing = guest.get("/no/such/page").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(missing.text("h1 .status"), "404");
    assert_eq!(missing.attr(".error-page a", "href"), "/");
    assert!(
        missing.has("header.site"),
        "error pages keep the site's header"
    );
    let missing_game = guest.get("/games/nope").await;
    assert_eq!(missing_game.status, StatusCode::NOT_FOUND);
    assert!(missing_game.has(".error-page"));
    let lobby = guest.get("/lobby").await;
    assert_eq!(lobby.status, StatusCode::SEE_OTHER);
    assert_eq!(lobby.location, "/login?next=/lobby");
    // The stylesheet is embedded and linked by its content hash: cached for good,
    // compressed, and revalidated by its ETag.
    let stylesheet = home.attr("link[rel=stylesheet]", "href");
    assert!(
        stylesheet.starts_with("/static/style.css?v="),
        "{stylesheet}"
    );
    let css = app
        .client
        .get(format!("{}{stylesheet}", app.address))
        .header(header::ACCEPT_ENCODING, "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(css.status(), StatusCode::OK);
    assert_eq!(
        css.headers()[header::CACHE_CONTROL],
        "public, max-age=31536000, immutable"
    );
    assert_eq!(css.headers()[header::CONTENT_ENCODING], "gzip");
    let etag = css.headers()[header::ETAG].clone();
    let again = app
        .client
        .get(format!("{}/static/style.css", app.address))
        .header(header::IF_NONE_MATCH, etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(again.headers()[header::CACHE_CONTROL], "no-cache");
    let (status, _) = app.get("/static/missing.css", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, body) = app.get("/api/v1/nothing", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["error"], "not_found", "the API keeps its JSON errors");
}

async fn sign_up_errors_sit_next_to_their_fields_and_keep_escaped_values(app: TestApp) {
    let evil = "<script>alert(1)</script>";
    let mut guest = Browser::new(&app);
    let page = guest
        .post("/signup", &[("username", evil), ("password", "longenough")])
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.attr("input#username", "value"),
        evil,
        "typed value kept, as text"
    );
    assert_eq!(
        page.attr("input#username", "aria-describedby"),
        "username-error"
    );
    assert!(page.text("#username-error").contains("3 to 20"));
    assert_single_script(&page);
    let page = guest
        .post("/signup", &[("username", "carol"), ("password", "short")])
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(page.attr("input#username", "value"), "carol");
    assert!(page.text("#password-error").contains('8'));
    assert!(!page.has("#username-error"));
    Browser::sign_up(&app, "carol").await;
    let page = guest
        .post(
            "/signup",
            &[("username", "Carol"), ("password", "password-x")],
        )
        .await;
    assert_eq!(page.status, StatusCode::CONFLICT);
    assert_eq!(page.text("#username-error"), "That username is taken.");
    let page = guest
        .post(
            "/login",
            &[("username", "carol"), ("password", "wrong-password")],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNAUTHORIZED);
    assert_eq!(page.text("#form-error"), "Wrong username or password.");
    assert_eq!(page.attr("input#username", "value"), "carol");
    let page = guest
        .post(
            "/login",
            &[
                ("username", "carol"),
                ("password", "password-carol"),
                ("next", "/lobby"),
            ],
        )
        .await;
    assert_eq!(
        (page.status, page.location.as_str()),
        (StatusCode::SEE_OTHER, "/lobby")
    );
    let home = guest.get("/").await;
    assert_eq!(home.text(".account a"), "carol");
    let page = guest.post("/logout", &[]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert!(!guest.cookie.contains("bg_session"));
    assert!(guest.get("/").await.has(".account a[href='/login']"));
}

async fn lobby_creates_lists_accepts_and_cancels_challenges(app: TestApp) {
    let mut alice = Browser::sign_up(&app, "alice").await;
    let mut bob = Browser::sign_up(&app, "bob").await;
    let prefilled = alice.get("/lobby?variant=knight-fight").await;
    assert_eq!(
        prefilled.attr("#variant option[selected]", "value"),
        "knight-fight"
    );
    let evil = "<script>alert(1)</script>";
    let page = alice
        .post(
            "/challenges",
            &[
                ("variant", "chess"),
                ("color", "white"),
                ("days_per_move", "3"),
                ("opponent", evil),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::NOT_FOUND);
    assert_eq!(page.attr("#opponent", "value"), evil);
    assert_eq!(page.text(".form-error"), "There is no player of that name.");
    assert_single_script(&page);
    for (variant, opponent) in [("reversi-8x8", ""), ("chess", "bob")] {
        let page = alice
            .post(
                "/challenges",
                &[
                    ("variant", variant),
                    ("color", "black"),
                    ("days_per_move", "5"),
                    ("opponent", opponent),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
    }
    let mine = alice.get("/lobby").await;
    assert_eq!(mine.count("#my-challenges tbody tr"), 2);
    assert_eq!(mine.count("#my-challenges form[action$='/cancel']"), 2);
    assert!(
        !mine.has("#open-challenges"),
        "own challenges are not offered to accept"
    );
    let lobby = bob.get("/lobby").await;
    let cells = lobby.cells("#open-challenges tbody tr");
    // The challenger with their rating in the variant (none yet: the provisional start).
    assert_eq!(
        &cells[..4],
        ["Reversi 8x8", "alice (1500?)", "Black", "5 d per move"]
    );
    assert_eq!(lobby.text("#to-me tbody tr td"), "Chess");
    let accept = lobby.attr("#open-challenges form", "action");
    let page = bob.post(&accept, &[]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let game = bob.get(&page.location).await;
    assert_eq!(game.status, StatusCode::OK);
    assert_eq!(game.text(".players dd:nth-of-type(1)"), "bob");
    let again = bob.post(&accept, &[]).await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    // Refused on the lobby itself, above its lists.
    assert_eq!(
        again.text("#challenges-error"),
        "That challenge is no longer open."
    );
    let cancel = alice
        .get("/lobby")
        .await
        .attr("#my-challenges form", "action");
    let page = alice.post(&cancel, &[]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert!(!alice.get("/lobby").await.has("#my-challenges"));
    assert!(!bob.get("/lobby").await.has("#to-me"));
}

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

async fn the_site_has_an_icon_and_the_title_says_whose_turn(app: TestApp) {
    let mut guest = Browser::new(&app);
    let home = guest.get("/").await;
    let icon = home.attr("link[rel=icon]", "href");
    assert!(icon.starts_with("/static/favicon.svg?v="), "{icon}");
    assert_eq!(home.attr("link[rel=icon]", "type"), "image/svg+xml");
    let response = app
        .client
        .get(format!("{}{icon}", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[header::CONTENT_TYPE], "image/svg+xml");
    assert!(response.text().await.unwrap().starts_with("<svg"));
    // Browsers ask for /favicon.ico by themselves: it leads to the same icon.
    let ico = guest.get("/favicon.ico").await;
    assert_eq!(ico.status, StatusCode::MOVED_PERMANENTLY);
    assert_eq!(ico.location, icon);

    let mut white = Browser::sign_up(&app, "tilda").await;
    let mut black = Browser::sign_up(&app, "tomas").await;
    let id = new_game(&mut white, &mut black, "tomas", "chess").await;
    let title = |page: &Page| page.text("title");
    let mine = white.get(&format!("/games/{id}")).await;
    assert!(
        title(&mine).starts_with("(your turn) Chess: "),
        "{}",
        title(&mine)
    );
    let theirs = black.get(&format!("/games/{id}")).await;
    assert!(title(&theirs).starts_with("Chess: "), "{}", title(&theirs));
    let guest_view = guest.get(&format!("/games/{id}")).await;
    assert!(!title(&guest_view).contains("your turn"));
    white.play(&id, "e2e4").await;
    let mine = white.get(&format!("/games/{id}")).await;
    assert!(!title(&mine).contains("your turn"), "{}", title(&mine));
    // Black's turn, also while looking back at the start.
    let theirs = black.get(&format!("/games/{id}?ply=0")).await;
    assert!(
        title(&theirs).starts_with("(your turn) "),
        "{}",
        title(&theirs)
    );
    black.get(&format!("/lang/et?back=/games/{id}")).await;
    let theirs = black.get(&format!("/games/{id}")).await;
    assert!(
        title(&theirs).starts_with("(sinu käik) "),
        "{}",
        title(&theirs)
    );
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

async fn cross_site_form_posts_are_refused(app: TestApp) {
    let alice = Browser::sign_up(&app, "alicia").await;
    let response = alice
        .request(reqwest::Method::POST, "/challenges")
        .header("sec-fetch-site", "cross-site")
        .form(&[
            ("variant", "chess"),
            ("color", "white"),
            ("days_per_move", "3"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    let page = Page {
        status: StatusCode::FORBIDDEN,
        location: String::new(),
        body: response.text().await.unwrap(),
    };
    assert!(page.has(".error-page"));
    let response = alice
        .request(reqwest::Method::POST, "/login")
        .header(header::ORIGIN, "https://evil.example")
        .form(&[("username", "alicia"), ("password", "password-alicia")])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN, "login forms too");
    let mut alice = alice;
    assert!(
        !alice.get("/lobby").await.has("#my-challenges"),
        "nothing was created"
    );
}

async fn language_follows_cookie_then_accept_language(app: TestApp) {
    let estonian = app
        .client
        .get(format!("{}/rules/knight-fight", app.address))
        .header(header::ACCEPT_LANGUAGE, "et-EE,et;q=0.9,en;q=0.5")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let page = Page {
        status: StatusCode::OK,
        location: String::new(),
        body: estonian,
    };
    assert_eq!(page.attr("html", "lang"), "et");
    assert_eq!(page.text("h1"), "Ratsuvõitlus");
    assert!(
        page.text("#statistics")
            .starts_with("Võidetud mängude statistika: valge 0 (0.00 %)")
    );
    let mut guest = Browser::new(&app);
    let home = guest.get("/").await;
    let switch = home.attr(".langs a[lang=et]", "href");
    assert_eq!(switch, "/lang/et?back=/");
    let page = guest.get(&switch).await;
    assert_eq!(
        (page.status, page.location.as_str()),
        (StatusCode::SEE_OTHER, "/")
    );
    assert!(guest.cookie.contains("lang=et"));
    let home = guest.get("/").await;
    assert_eq!(home.attr("html", "lang"), "et");
    assert_eq!(home.text("nav a[href='/lobby']"), "Mängusaal");
    let missing = guest.get("/nowhere").await;
    assert_eq!(missing.text(".error-page h1"), "404 Ei leitud");
    let unsafe_back = guest.get("/lang/en?back=//evil.example").await;
    assert_eq!(unsafe_back.location, "/");
}

async fn my_games_orders_my_turn_first_and_next_game_jumps_there(app: TestApp) {
    let mut white = Browser::sign_up(&app, "wyatt").await;
    let mut black = Browser::sign_up(&app, "blake").await;
    let first = new_game(&mut white, &mut black, "blake", "reversi-6x6").await;
    let second = new_game(&mut white, &mut black, "blake", "chess").await;
    let third = new_game(&mut white, &mut black, "blake", "reversi-8x8").await;
    white.play(&second, "e2e4").await;
    let resign = white
        .post(&format!("/games/{third}/action/resign"), &[("ply", "0")])
        .await;
    assert_eq!(resign.status, StatusCode::SEE_OTHER);
    let page = white.get("/my-games").await;
    let ids = |section: &str| -> Vec<String> {
        page.attrs(&format!("#{section} tbody tr a[href^='/games/']"), "href")
            .iter()
            .map(|href| href.trim_start_matches("/games/").to_owned())
            .collect()
    };
    assert_eq!(ids("my-turn"), std::slice::from_ref(&first));
    assert_eq!(ids("waiting"), std::slice::from_ref(&second));
    assert_eq!(ids("finished"), std::slice::from_ref(&third));
    assert_eq!(page.text("header .badge"), "1");
    let next = white.get("/next-game").await;
    assert_eq!(next.location, format!("/games/{first}"));
    let next = white.get(&format!("/next-game?after={first}")).await;
    assert_eq!(next.location, "/my-games", "no other game waits for me");
    let next = black.get("/next-game").await;
    assert_eq!(next.location, format!("/games/{second}"));
    let home = black.get("/").await;
    assert_eq!(home.text(".your-turn"), "Your turn in 1 game");
    assert_eq!(home.attr("#your-turn", "title"), "Your turn in 1 game");
    assert_eq!(
        home.attr("#your-turn", "data-title-one"),
        "Your turn in {n} game"
    );
    assert_eq!(
        home.attr("#your-turn", "data-title"),
        "Your turn in {n} games"
    );
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

/// The ids of the games listed in one section of My games, in order.
fn listed(page: &Page, section: &str) -> Vec<String> {
    page.attrs(&format!("#{section} tbody tr a[href^='/games/']"), "href")
        .iter()
        .map(|href| href.trim_start_matches("/games/").to_owned())
        .collect()
}

async fn my_games_put_least_time_left_first_then_the_latest_activity(app: TestApp) {
    let mut me = Browser::sign_up(&app, "mona").await;
    let mut them = Browser::sign_up(&app, "theo").await;
    let per_move = |days: &'static str| {
        [
            ("time_kind", "per_move"),
            ("days_per_move", days),
            ("extra_hours", "0"),
        ]
    };
    // Mine to move (White, before the first move), started now: three and five days.
    let three = new_game_with(&mut me, &mut them, "theo", "chess", &per_move("3")).await;
    let five = new_game_with(&mut me, &mut them, "theo", "chess", &per_move("5")).await;
    let untimed = new_game_with(
        &mut me,
        &mut them,
        "theo",
        "chess",
        &[("time_kind", "untimed")],
    )
    .await;
    // Two that will wait for Theo, started in the order early, late.
    let early = new_game(&mut me, &mut them, "theo", "chess").await;
    let late = new_game(&mut me, &mut them, "theo", "chess").await;
    // Two days later, a game of two days per move: less time left than the five days,
    // more than the three started two days ago.
    app.clock.advance(2 * 86_400);
    let two = new_game_with(&mut me, &mut them, "theo", "chess", &per_move("2")).await;
    // I move in the late one first, then in the early one: the early one is the latest
    // activity although it started first and Theo has more time left in the late one.
    app.clock.advance(3600);
    me.play(&late, "e2e4").await;
    app.clock.advance(3600);
    me.play(&early, "d2d4").await;
    let resigned = new_game(&mut me, &mut them, "theo", "reversi-6x6").await;
    me.act(&resigned, "resign", "0").await;

    let page = me.get("/my-games").await;
    assert_eq!(
        listed(&page, "my-turn"),
        [three.as_str(), &two, &five, &untimed]
    );
    assert_eq!(listed(&page, "waiting"), [early.as_str(), &late]);
    assert_eq!(listed(&page, "finished"), [resigned.as_str()]);
    // Theo's side of the same games: his turn in the two I moved in, the one whose
    // deadline comes first (the late one: I moved there an hour earlier) first.
    let theirs = them.get("/my-games").await;
    assert_eq!(listed(&theirs, "my-turn"), [late.as_str(), &early]);
    // The others by latest activity: the game started two days later first, then the
    // three started at the same moment, by id.
    let mut same_moment = vec![three.clone(), five.clone(), untimed.clone()];
    same_moment.sort();
    let mut expected = vec![two.clone()];
    expected.extend(same_moment);
    assert_eq!(listed(&theirs, "waiting"), expected);
    // The next game follows the same order, and so does the game page's link.
    assert_eq!(
        me.get("/next-game").await.location,
        format!("/games/{three}")
    );
    let after = me.get(&format!("/next-game?after={three}")).await;
    assert_eq!(after.location, format!("/games/{two}"));
    let page = me.get(&format!("/games/{three}")).await;
    assert_eq!(page.attr("#next-game", "href"), format!("/games/{two}"));
    let page = me.get(&format!("/games/{untimed}")).await;
    assert_eq!(page.attr("#next-game", "href"), format!("/games/{three}"));
}

async fn playing_settings_by_form_and_straight_on_to_the_next_game(app: TestApp) {
    let mut white = Browser::sign_up(&app, "paula").await;
    let mut black = Browser::sign_up(&app, "piet").await;
    // The defaults: stay on the game, confirm moves.
    let page = white.get("/settings").await;
    assert_eq!(page.text("#playing h2"), "Playing");
    assert_eq!(page.attr("#play-form", "action"), "/settings/play");
    assert_eq!(
        page.attrs("#play-form input[name=after_move]", "value"),
        ["stay", "next_game"]
    );
    assert_eq!(
        page.attr("input[name=after_move][checked]", "value"),
        "stay"
    );
    assert_eq!(
        page.attr("input[name=confirm_moves][checked]", "value"),
        "1"
    );
    assert!(page.text("#playing .help").contains("Without JavaScript"));
    assert!(!page.has("#play-saved"));
    let first = new_game(&mut white, &mut black, "piet", "reversi-6x6").await;
    let second = new_game(&mut white, &mut black, "piet", "chess").await;
    // The game page offers the next game where it is my turn, and tells the script to
    // ask before it sends a move (its Confirm and Cancel wait, hidden).
    let page = white.get(&format!("/games/{first}")).await;
    assert_eq!(page.attr("#next-game", "href"), format!("/games/{second}"));
    assert_eq!(page.attr("#game", "data-confirm-moves"), "1");
    assert!(page.has("#move-confirm[hidden] button#confirm-move[type=button]"));
    assert!(page.has("#move-confirm[hidden] button#cancel-move[type=button]"));
    // Staying (the default): back to the game after the move.
    let ply = page.board_ply().to_string();
    let reversi_move = page.move_buttons()[0].clone();
    let moved = white
        .post(
            &format!("/games/{first}/move"),
            &[("move", reversi_move.as_str()), ("ply", &ply)],
        )
        .await;
    assert_eq!(moved.status, StatusCode::SEE_OTHER, "{}", moved.body);
    assert_eq!(moved.location, format!("/games/{first}"));

    // Values that are not offered: the page again with the error, nothing changed.
    for form in [
        [("after_move", "home"), ("confirm_moves", "1")],
        [("after_move", "next_game"), ("confirm_moves", "maybe")],
    ] {
        let page = white.post("/settings/play", &form).await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY, "{form:?}");
        assert!(page.text("#play-error").starts_with("Choose"), "{form:?}");
        assert_eq!(
            page.attr("input[name=after_move][checked]", "value"),
            "stay"
        );
    }
    // Straight on to the next game, and no confirming.
    let saved = white
        .post(
            "/settings/play",
            &[("after_move", "next_game"), ("confirm_moves", "0")],
        )
        .await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    assert_eq!(saved.location, "/settings?saved=play#playing");
    let page = white.get("/settings?saved=play").await;
    assert_eq!(page.text("#play-saved"), "Your playing settings are saved.");
    assert_eq!(
        page.attr("input[name=after_move][checked]", "value"),
        "next_game"
    );
    assert_eq!(
        page.attr("input[name=confirm_moves][checked]", "value"),
        "0"
    );
    // The API reads the same settings (here with the session cookie).
    let api = white.get("/api/v1/me/settings").await;
    let api: serde_json::Value = serde_json::from_str(&api.body).unwrap();
    assert_eq!(
        api,
        serde_json::json!({"after_move": "next_game", "confirm_moves": false})
    );
    let page = white.get(&format!("/games/{second}")).await;
    assert!(!page.has("#game[data-confirm-moves]"));
    assert!(!page.has("#move-confirm"));
    // No other game waits for Paula (Piet is to move in the first): she stays.
    let ply = page.board_ply().to_string();
    let moved = white
        .post(
            &format!("/games/{second}/move"),
            &[("move", "e2e4"), ("ply", &ply)],
        )
        .await;
    assert_eq!(moved.location, format!("/games/{second}"));
    // Piet keeps the default: back to his game.
    let page = black.get(&format!("/games/{first}")).await;
    let reply = page.move_buttons()[0].clone();
    let moved = black
        .post(
            &format!("/games/{first}/move"),
            &[
                ("move", reply.as_str()),
                ("ply", &page.board_ply().to_string()),
            ],
        )
        .await;
    assert_eq!(moved.location, format!("/games/{first}"));
    // Now a third game waits for Paula: her move in the first takes her there.
    let third = new_game(&mut white, &mut black, "piet", "knight-fight").await;
    let page = white.get(&format!("/games/{first}")).await;
    assert_eq!(page.attr("#next-game", "href"), format!("/games/{third}"));
    let ply = page.board_ply().to_string();
    let next_move = page.move_buttons()[0].clone();
    let moved = white
        .post(
            &format!("/games/{first}/move"),
            &[("move", next_move.as_str()), ("ply", &ply)],
        )
        .await;
    assert_eq!(moved.status, StatusCode::SEE_OTHER, "{}", moved.body);
    assert_eq!(moved.location, format!("/games/{third}"));
    let page = white.get(&moved.location).await;
    assert_eq!(
        page.text("#no-next-game"),
        "No other game waits for your move."
    );
    // A refused move is no move: the game again with the error, not the next game.
    let stale = white
        .post(
            &format!("/games/{first}/move"),
            &[("move", next_move.as_str()), ("ply", &ply)],
        )
        .await;
    assert!(stale.status.is_client_error(), "{}", stale.status);
    assert!(stale.location.is_empty());
    // In Estonian.
    white.get("/lang/et?back=/settings").await;
    let page = white.get("/settings").await;
    assert_eq!(page.text("#playing h2"), "Mängimine");
    assert_eq!(
        page.text("label[for=after-move-next-game]"),
        "Mine kohe järgmisse mängu, kus on minu käik"
    );
}

async fn player_pages_list_games_with_results(app: TestApp) {
    let mut white = Browser::sign_up(&app, "wilbur").await;
    let mut black = Browser::sign_up(&app, "bonnie").await;
    let active = new_game(&mut white, &mut black, "bonnie", "knight-fight").await;
    let done = new_game(&mut white, &mut black, "bonnie", "chess").await;
    white
        .post(&format!("/games/{done}/action/resign"), &[("ply", "0")])
        .await;
    let mut guest = Browser::new(&app);
    let page = guest.get("/players/Bonnie").await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(page.text("h1"), "bonnie");
    assert!(page.has(&format!("#active a[href='/games/{active}']")));
    let cells = page.cells("#finished tbody tr");
    assert_eq!(&cells[..4], ["wilbur", "Chess", "1", "0-1"]);
    assert_eq!(
        guest.get("/players/nobody").await.status,
        StatusCode::NOT_FOUND
    );
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

async fn redirects_stay_on_the_site_and_strange_queries_never_fail(app: TestApp) {
    let mut guest = Browser::new(&app);
    // Browsers drop tabs and newlines from a Location: each of these would lead away.
    for evil in [
        "/%09/evil.example",
        "/%0A/evil.example",
        "/%0D%0A/evil.example",
        "//evil.example",
        "/%5Cevil.example",
        "%5C%5Cevil.example",
        "https://evil.example",
        "/%20/evil.example",
        "/%00",
    ] {
        let page = guest.get(&format!("/lang/en?back={evil}")).await;
        assert_eq!(
            (page.status, page.location.as_str()),
            (StatusCode::SEE_OTHER, "/"),
            "back={evil}"
        );
        let form = guest.get(&format!("/login?next={evil}")).await;
        assert_eq!(form.status, StatusCode::OK, "next={evil}");
        assert_eq!(form.attr("input[name=next]", "value"), "/", "next={evil}");
    }
    // A local path with characters outside ASCII is kept, encoded.
    let page = guest.get("/lang/en?back=/players/J%C3%BCri").await;
    assert_eq!(page.location, "/players/J%C3%BCri");
    // A strange query string is a 400 page at worst, never a 500.
    for query in ["back=%FF%FE", "back=%", "back", "back=/a&back=/b", "x=%0A"] {
        let page = guest.get(&format!("/lang/en?{query}")).await;
        assert!(
            page.status.is_redirection() || page.status == StatusCode::BAD_REQUEST,
            "{query}: {}",
            page.status
        );
    }
    // Signing in with a poisoned `next` lands on the home page.
    let mut browser = Browser::sign_up(&app, "sven").await;
    browser.post("/logout", &[]).await;
    let page = browser
        .post(
            "/login",
            &[
                ("username", "sven"),
                ("password", "password-sven"),
                ("next", "/\n/evil.example"),
            ],
        )
        .await;
    assert_eq!(
        (page.status, page.location.as_str()),
        (StatusCode::SEE_OTHER, "/")
    );
    let page = Browser::new(&app)
        .post(
            "/signup",
            &[
                ("username", "tiia"),
                ("password", "password-tiia"),
                ("next", "/\t/evil.example"),
            ],
        )
        .await;
    assert_eq!(
        (page.status, page.location.as_str()),
        (StatusCode::SEE_OTHER, "/")
    );
}

async fn settings_page_lists_makes_and_revokes_tokens(app: TestApp) {
    let mut guest = Browser::new(&app);
    let page = guest.get("/settings").await;
    assert_eq!(
        (page.status, page.location.as_str()),
        (StatusCode::SEE_OTHER, "/login?next=/settings")
    );
    let mut browser = Browser::sign_up(&app, "ulla").await;
    let home = browser.get("/").await;
    assert_eq!(
        home.attr(".account a[href='/settings']", "href"),
        "/settings"
    );
    let page = browser.get("/settings").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.has("#no-tokens"));
    // Making a token shows it once, and lists it by name.
    let made = browser
        .post("/settings/tokens", &[("name", "my <bot>")])
        .await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.body);
    let token = made.text("#new-token");
    assert_eq!(token.len(), 64);
    assert_eq!(made.texts("#token-list tbody td:first-child"), ["my <bot>"]);
    let (status, me) = app.get("/api/v1/me", Some(&token)).await;
    assert_eq!(
        (status, me["username"].as_str()),
        (StatusCode::OK, Some("ulla"))
    );
    let page = browser.get("/settings").await;
    assert!(!page.has("#new-token"));
    assert!(!page.body.contains(&token));
    let id = page.attr("#token-list tbody tr", "data-token-id");
    assert!(!token.contains(&id));
    let last_used = page.texts("#token-list tbody td:nth-child(3)");
    assert_eq!(last_used.len(), 1);
    assert_ne!(last_used[0], "never", "the token was just used");
    // A name too long is refused next to its field.
    let refused = browser
        .post("/settings/tokens", &[("name", &"n".repeat(61))])
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused.has("#token-name-error"));
    // Revoking ends the token.
    let revoked = browser
        .post(&format!("/settings/tokens/{id}/revoke"), &[])
        .await;
    assert_eq!(
        (revoked.status, revoked.location.as_str()),
        (StatusCode::SEE_OTHER, "/settings#tokens")
    );
    let (status, _) = app.get("/api/v1/me", Some(&token)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(browser.get("/settings").await.has("#no-tokens"));
    // Someone else's token id is not found.
    let other = app.player("vera").await;
    let (_, list) = app.get("/api/v1/tokens", Some(&other.token)).await;
    let other_id = list[0]["id"].as_str().unwrap().to_owned();
    let page = browser
        .post(&format!("/settings/tokens/{other_id}/revoke"), &[])
        .await;
    assert_eq!(page.status, StatusCode::NOT_FOUND);
    assert_eq!(
        app.get("/api/v1/me", Some(&other.token)).await.0,
        StatusCode::OK
    );
}

async fn casual_challenges_and_rating_ranges_by_form(app: TestApp) {
    let mut ann = Browser::sign_up(&app, "annika").await;
    let mut bob = Browser::sign_up(&app, "bobby").await;
    // A bad range is shown on the form, with what was typed kept.
    let page = ann
        .post(
            "/challenges",
            &[
                ("variant", "chess"),
                ("color", "white"),
                ("days_per_move", "3"),
                ("opponent", ""),
                ("kind", "casual"),
                ("min_rating", "1800"),
                ("max_rating", "14x0"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.text(".form-error").contains("0 to 4000"),
        "{}",
        page.body
    );
    assert_eq!(page.attr("#min-rating", "value"), "1800");
    assert!(page.has("#kind option[value='casual'][selected]"));
    // An open challenge for 1600 and up: Bobby (1500) sees it marked, without a button.
    let page = ann
        .post(
            "/challenges",
            &[
                ("variant", "chess"),
                ("color", "white"),
                ("days_per_move", "3"),
                ("opponent", ""),
                ("kind", "casual"),
                ("min_rating", "1600"),
                ("max_rating", ""),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
    let lobby = bob.get("/lobby").await;
    let cells = lobby.cells("#open-challenges tbody tr");
    assert_eq!(cells[4], "casual");
    assert_eq!(cells[5], "1600+");
    assert!(lobby.has("#open-challenges tr.out-of-range"));
    assert!(!lobby.has("#open-challenges form"));
    // Casual and open to all: accepted, and the game says casual.
    let page = ann
        .post(
            "/challenges",
            &[
                ("variant", "chess"),
                ("color", "white"),
                ("days_per_move", "3"),
                ("opponent", ""),
                ("kind", "casual"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let lobby = bob.get("/lobby").await;
    let form = lobby.attr("#open-challenges form", "action");
    let page = bob.post(&form, &[]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
    let game = bob.get(&page.location).await;
    assert_eq!(game.text("#game-kind"), "casual");
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
    assert_eq!(page.text("#game-kind"), "rated");
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

async fn time_controls_by_form_on_the_game_page_and_in_my_games(app: TestApp) {
    let mut alice = Browser::sign_up(&app, "alice").await;
    let mut bob = Browser::sign_up(&app, "bob").await;
    let bank = |initial: &'static str, cap: &'static str| {
        [
            ("variant", "chess"),
            ("color", "white"),
            ("time_kind", "bank"),
            ("days_per_move", "3"),
            ("extra_hours", "0"),
            ("bank_initial_days", initial),
            ("bank_increment_days", "1"),
            ("bank_cap_days", cap),
            ("opponent", "bob"),
        ]
    };
    // A cap below the initial time: refused on the form, the values kept.
    let page = alice.post("/challenges", &bank("3", "2")).await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.text(".form-error")
            .contains("never less than it starts with"),
        "{}",
        page.text(".form-error")
    );
    assert_eq!(
        page.attr("#challenge-form input[name=time_kind][checked]", "value"),
        "bank"
    );
    assert_eq!(page.attr("#bank-cap", "value"), "2");
    // Days per move that are not offered, and hours that do not read.
    for (days, hours) in [("-3", "0"), ("3", "many")] {
        let page = alice
            .post(
                "/challenges",
                &[
                    ("variant", "chess"),
                    ("color", "white"),
                    ("time_kind", "per_move"),
                    ("days_per_move", days),
                    ("extra_hours", hours),
                ],
            )
            .await;
        assert_eq!(
            page.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{days} {hours}"
        );
        assert!(page.has(".form-error"));
    }
    assert!(!alice.get("/lobby").await.has("#my-challenges"));
    let page = alice.post("/challenges", &bank("3", "7")).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
    let lobby = bob.get("/lobby").await;
    let cells = lobby.cells("#to-me tbody tr");
    assert_eq!(cells[3], "Time bank: 3 d + 1 d per move, at most 7 d");
    let accept = lobby.attr("#to-me form", "action");
    let page = bob.post(&accept, &[]).await;
    let game = page.location.strip_prefix("/games/").unwrap().to_owned();
    let page = alice.get(&format!("/games/{game}")).await;
    assert_eq!(
        page.text("#time-control"),
        "Time bank: 3 d + 1 d per move, at most 7 d"
    );
    assert_eq!(page.texts("#clocks dt"), ["White", "Black"]);
    assert_eq!(page.texts("#clocks dd"), ["3 d 0 h", "3 d 0 h"]);
    assert_eq!(
        page.attr("#clocks dd.running time.countdown", "data-left"),
        "259200"
    );
    assert_eq!(
        page.attr("#clocks dd.running time.countdown", "data-days"),
        "{d} d {h} h"
    );
    // A day and two hours later, without script: the page is right by itself.
    app.clock.advance(26 * 3600);
    let page = alice.get(&format!("/games/{game}")).await;
    assert_eq!(page.texts("#clocks dd"), ["1 d 22 h", "3 d 0 h"]);
    assert_eq!(
        page.attr("#clocks dd.running time.countdown", "data-left"),
        (3 * 86_400 - 26 * 3600).to_string()
    );
    assert!(
        page.text(".deadline").contains("2026-12-04 10:00 UTC"),
        "{}",
        page.text(".deadline")
    );
    // White moves: their bank keeps 1 d 22 h + 1 d; Black's clock runs.
    let page = alice.play(&game, "e2e4").await;
    assert_eq!(page.texts("#clocks dd"), ["2 d 22 h", "3 d 0 h"]);
    assert_eq!(page.count("#clocks dd.running"), 1);
    assert_eq!(page.attr("#clocks dd.running time", "data-left"), "259200");
    // My games: the time left counts down, beside the absolute deadline.
    let mine = bob.get("/my-games").await;
    assert_eq!(mine.attr("time.countdown", "data-left"), "259200");
    assert_eq!(mine.text(".deadline-at"), "2026-12-05 12:00 UTC");
    let theirs = alice.get("/my-games").await;
    assert_eq!(theirs.text("time.countdown"), "3 d 0 h");
}

async fn rules_pages_explain_time_in_both_languages(app: TestApp) {
    let mut guest = Browser::new(&app);
    let page = guest.get("/rules/reversi-8x8").await;
    assert_eq!(page.text("#time h2"), "Time");
    let text = page.text("#time");
    for words in ["Per move", "Time bank", "Untimed", "downtime", "UTC"] {
        assert!(text.contains(words), "{words}: {text}");
    }
    let response = app
        .client
        .get(format!("{}/rules/chess", app.address))
        .header(header::ACCEPT_LANGUAGE, "et")
        .send()
        .await
        .unwrap();
    let body = response.text().await.unwrap();
    let page = Page {
        status: StatusCode::OK,
        location: String::new(),
        body,
    };
    assert_eq!(page.text("#time h2"), "Aeg");
    let text = page.text("#time");
    for words in ["Käigu kohta", "Ajapank", "Ajapiiranguta", "seisak"] {
        assert!(text.contains(words), "{words}: {text}");
    }
}

async fn settings_page_sets_the_time_zone_and_takes_a_vacation_by_form(app: TestApp) {
    let mut ann = Browser::sign_up(&app, "annika").await;
    let page = ann.get("/settings").await;
    assert_eq!(page.attr("#time-zone", "value"), "UTC");
    assert!(page.has("#auto-vacation[checked]"));
    assert!(
        page.text("#vacation-left").contains("720 of 720"),
        "{}",
        page.body
    );
    // A zone that does not exist: shown in the section, nothing changed.
    let refused = ann
        .post(
            "/settings/time",
            &[("time_zone", "Mars/Olympus"), ("auto_vacation", "on")],
        )
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        refused
            .text("#time .form-error")
            .contains("not a time zone")
    );
    let saved = ann
        .post("/settings/time", &[("time_zone", "Europe/Tallinn")])
        .await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    let page = ann.get("/settings").await;
    assert_eq!(page.attr("#time-zone", "value"), "Europe/Tallinn");
    assert!(!page.has("#auto-vacation[checked]"));
    // Two days and three hours of vacation, then back early.
    for (days, hours, status) in [
        ("x", "0", StatusCode::UNPROCESSABLE_ENTITY),
        ("40", "0", StatusCode::UNPROCESSABLE_ENTITY),
        ("2", "3", StatusCode::SEE_OTHER),
    ] {
        let posted = ann
            .post("/settings/vacation", &[("days", days), ("hours", hours)])
            .await;
        assert_eq!(posted.status, status, "{days} {hours}: {}", posted.body);
    }
    // Times are shown in the zone chosen (the saved zone's cookie): 13:00 UTC is 15:00
    // in Tallinn, and the page says so.
    let page = ann.get("/settings").await;
    assert!(
        page.text("#vacation-now").contains("2026-12-03 15:00 EET"),
        "{}",
        page.body
    );
    assert!(page.text("#zone-shown").contains("Europe/Tallinn"));
    assert!(page.text("#vacation-left").contains("669 of 720"));
    assert!(!page.has("#vacation-form"));
    app.clock.advance(5 * 3600);
    let ended = ann.post("/settings/vacation/end", &[]).await;
    assert_eq!(ended.status, StatusCode::SEE_OTHER);
    let page = ann.get("/settings").await;
    assert!(!page.has("#vacation-now"));
    assert!(
        page.text("#vacation-left").contains("715 of 720"),
        "{}",
        page.body
    );
    // The rules page states the allowance the server gives.
    let rules = ann.get("/rules/chess").await;
    assert!(rules.text("#time").contains("30 days of vacation a year"));
}

async fn weekends_off_by_form_and_a_day_given_on_the_game_page(app: TestApp) {
    let mut ann = Browser::sign_up(&app, "annika").await;
    let mut bob = Browser::sign_up(&app, "bobby").await;
    let page = ann
        .post(
            "/challenges",
            &[
                ("variant", "chess"),
                ("color", "white"),
                ("time_kind", "per_move"),
                ("days_per_move", "3"),
                ("extra_hours", "0"),
                ("opponent", "bobby"),
                ("weekends_off", "on"),
                ("no_vacation", "on"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
    let lobby = bob.get("/lobby").await;
    let cells = lobby.cells("#to-me tbody tr");
    assert_eq!(
        cells[3],
        "3 d per move \u{b7} weekends off \u{b7} no vacation"
    );
    let accept = lobby.attr("#to-me form", "action");
    let page = bob.post(&accept, &[]).await;
    let game = page.location.strip_prefix("/games/").unwrap().to_owned();
    // Black gives White, who is to move, a day: the button is Black's alone.
    let page = bob.get(&format!("/games/{game}")).await;
    assert!(page.has("button[value='give-time']"), "{}", page.body);
    assert!(
        !ann.get(&format!("/games/{game}"))
            .await
            .has("button[value='give-time']")
    );
    let page = bob.act(&game, "give-time", "0").await;
    assert_eq!(page.texts("#clocks dd")[0], "4 d 0 h");
    // On Saturday White's clock says why it stands still.
    app.clock.advance(4 * 86_400);
    let page = ann.get(&format!("/games/{game}")).await;
    assert!(
        page.text("#clocks dd.stopped").contains("Weekend"),
        "{}",
        page.body
    );
    assert!(!page.has("#clocks dd.running"));
}

async fn the_bell_counts_unread_notices_and_the_centre_marks_them_read(app: TestApp) {
    let mut black = Browser::sign_up(&app, "black_p").await;
    let white = app.player("white_p").await;
    for _ in 0..2 {
        let (status, body) = app
            .post(
                "/api/v1/challenges",
                Some(&white.token),
                serde_json::json!({"variant": "chess", "color": "white", "opponent": "black_p"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
    // Without script the count is right on every page load.
    let page = black.get("/lobby").await;
    let bell = scraper::Html::parse_document(&page.body)
        .select(&sel("#unread"))
        .next()
        .map(|badge| {
            (
                badge.text().collect::<String>(),
                badge.attr("hidden").is_some(),
            )
        });
    assert_eq!(bell, Some(("2".to_owned(), false)));
    // The bell is the site's own drawing, not a font's emoji (absent on many systems).
    let drawn = scraper::Html::parse_document(&page.body)
        .select(&sel("#bell svg.bell-icon path"))
        .count();
    assert_eq!(drawn, 1);
    assert!(!page.body.contains('\u{1F514}') && !page.body.contains("&#x1F514;"));
    let page = black.get("/notifications").await;
    assert_eq!(page.status, StatusCode::OK);
    let (lines, links) = {
        let html = scraper::Html::parse_document(&page.body);
        let lines = html.select(&sel("#notification-list li.unread")).count();
        let links: Vec<String> = html
            .select(&sel("#notification-list li a"))
            .filter_map(|a| a.attr("href").map(str::to_owned))
            .collect();
        (lines, links)
    };
    assert_eq!(lines, 2);
    assert_eq!(links, ["/lobby", "/lobby"]);
    assert!(
        page.body.contains("white_p challenges you to Chess."),
        "{}",
        page.body
    );
    let page = black.post("/notifications/read-all", &[]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let page = black.get("/notifications").await;
    let html = scraper::Html::parse_document(&page.body);
    assert_eq!(html.select(&sel("#notification-list li.unread")).count(), 0);
    assert!(html.select(&sel("#unread[hidden]")).next().is_some());
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
