//! What a player on the site meets around their games, by the pages without script:
//! declining a challenge (its challenger told why), notices that name their game and clear
//! themselves, times in the player's own zone, refusals shown with the signed-in header,
//! a conditional line's example in the game's own notation, the web app manifest,
//! leaderboards that can show provisional ratings, a new player's first steps, and
//! confirmations before a ban or a removal.

use reqwest::StatusCode;

use crate::{
    helpers::TestApp,
    page_client::{Browser, challenge, new_game},
    scenarios,
};

scenarios!(
    a_challenge_made_to_you_is_declined_with_a_reason_its_challenger_reads,
    opening_a_game_reads_its_notices_and_every_notice_names_its_game,
    times_show_in_the_players_zone_and_the_page_says_which,
    a_refused_form_post_keeps_the_signed_in_header,
    conditional_lines_are_explained_in_each_games_own_notation,
    a_young_sites_leaderboard_lists_provisional_players_on_request,
    a_new_player_is_shown_where_to_start_and_dangerous_buttons_ask_first,
    every_refused_form_is_shown_on_its_own_page_with_the_choice_kept,
    administrators_are_shown_the_open_reports_on_every_page,
);

async fn a_challenge_made_to_you_is_declined_with_a_reason_its_challenger_reads(app: TestApp) {
    let mut ann = Browser::sign_up(&app, "annika").await;
    let mut bob = Browser::sign_up(&app, "bobby").await;
    let made = challenge(&mut ann, "bobby", "reversi-8x8", &[("days_per_move", "3")]).await;
    assert_eq!(made.status, StatusCode::SEE_OTHER, "{}", made.body);
    let lobby = bob.get("/lobby").await;
    assert_eq!(bob.get("/notifications").await.count("li.unread"), 1);
    // The challenger's rating is listed (Ann has none yet: the provisional start).
    assert_eq!(lobby.text("#to-me .rating"), "(1500?)");
    // The challenge made to Bob offers Decline with the reasons; an open one would not.
    let action = lobby.attr("#to-me form.decline-form", "action");
    assert!(action.ends_with("/decline"), "{action}");
    let reasons = lobby.attrs("#to-me form.decline-form option", "value");
    assert!(reasons.contains(&"tooSlow".to_owned()), "{reasons:?}");
    // A reason that is not one is refused, and nothing changes.
    let refused = bob.post(&action, &[("reason", "rude")]).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(bob.get("/lobby").await.has("#to-me form.decline-form"));
    let declined = bob.post(&action, &[("reason", "tooSlow")]).await;
    assert_eq!(declined.status, StatusCode::SEE_OTHER, "{}", declined.body);
    let lobby = bob.get("/lobby").await;
    assert!(
        !lobby.has("#to-me form.decline-form"),
        "the challenge is gone"
    );
    // Bob's notice of it is settled; Ann is told who declined, what and why.
    assert_eq!(bob.get("/notifications").await.count("li.unread"), 0);
    let notices = ann.get("/notifications").await;
    assert_eq!(notices.count("li.unread"), 1);
    assert_eq!(
        notices.text("#notification-list li a"),
        "bobby declined your Reversi 8x8 challenge: Too slow for me."
    );
    // Declined once, it cannot be declined or accepted again.
    let again = bob.post(&action, &[("reason", "generic")]).await;
    assert_eq!(again.status, StatusCode::CONFLICT);
}

async fn opening_a_game_reads_its_notices_and_every_notice_names_its_game(app: TestApp) {
    let mut ann = Browser::sign_up(&app, "annika").await;
    let mut bob = Browser::sign_up(&app, "bobby").await;
    let first = new_game(&mut ann, &mut bob, "bobby", "chess").await;
    let second = new_game(&mut ann, &mut bob, "bobby", "reversi-8x8").await;
    // Accepting settled the challenge notices.
    assert_eq!(bob.get("/notifications").await.count("li.unread"), 0);
    assert_eq!(ann.get("/notifications").await.count("li.unread"), 0);
    let moved = ann.play(&first, "e2e4").await;
    assert_eq!(moved.status, StatusCode::OK);
    // A second later, so that the newest-first order is plain.
    app.clock.advance(1);
    let reversi = ann.get(&format!("/games/{second}")).await;
    let first_move = reversi.move_buttons()[0].clone();
    let moved = ann.play(&second, &first_move).await;
    assert_eq!(moved.status, StatusCode::OK);
    // Two notices, each naming the opponent, the game and the move.
    let notices = bob.get("/notifications").await;
    let texts = notices.texts("#notification-list li.unread a");
    assert_eq!(
        texts,
        [
            format!("annika played {first_move} in your Reversi 8x8 game: your turn."),
            "annika played e4 in your Chess game: your turn.".to_owned(),
        ]
    );
    // Each says how long ago, with the exact time to hover.
    assert_eq!(notices.text("#notification-list li time"), "just now");
    app.clock.advance(2 * 3600);
    let later = bob.get("/notifications").await;
    assert_eq!(later.text("#notification-list li time"), "2 h ago");
    assert!(
        notices
            .attr("#notification-list li time", "title")
            .ends_with("UTC")
    );
    // Opening the chess game reads its notice, not the other game's.
    let page = bob.get(&format!("/games/{first}")).await;
    assert_eq!(page.text("#unread"), "1", "the bell counts what is left");
    let notices = bob.get("/notifications").await;
    assert_eq!(
        notices.texts("#notification-list li.unread a"),
        [format!(
            "annika played {first_move} in your Reversi 8x8 game: your turn."
        )]
    );
    // Looking again changes nothing; opening the other game reads the last one.
    bob.get(&format!("/games/{first}")).await;
    let page = bob.get(&format!("/games/{second}")).await;
    assert!(page.has("#unread[hidden]"), "{}", page.text("#unread"));
    assert_eq!(bob.get("/notifications").await.count("li.unread"), 0);
}

async fn times_show_in_the_players_zone_and_the_page_says_which(app: TestApp) {
    let mut ann = Browser::sign_up(&app, "annika").await;
    let mut bob = Browser::sign_up(&app, "bobby").await;
    let id = new_game(&mut ann, &mut bob, "bobby", "chess").await;
    let deadline = |page: &crate::page_client::Page| page.text(".deadline");
    let utc = ann.get(&format!("/games/{id}")).await;
    assert!(deadline(&utc).contains("UTC"), "{}", deadline(&utc));
    assert!(utc.text("#zone-shown").contains("UTC"));
    // The zone picked from the list (every IANA zone the server knows) …
    let settings = ann.get("/settings").await;
    let zones = settings.attrs("#time-zones option", "value");
    assert!(zones.contains(&"America/Sao_Paulo".to_owned()));
    assert!(zones.len() > 300, "{}", zones.len());
    let saved = ann
        .post("/settings/time", &[("time_zone", "Asia/Tokyo")])
        .await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    // … shows every time in it, nine hours after UTC.
    let tokyo = ann.get(&format!("/games/{id}")).await;
    assert!(deadline(&tokyo).contains("JST"), "{}", deadline(&tokyo));
    assert!(tokyo.text("#zone-shown").contains("Asia/Tokyo"));
    let hour = |text: &str| -> i64 {
        let time = text.split(' ').find(|word| word.contains(':')).unwrap();
        time[..2].parse().unwrap()
    };
    assert_eq!(
        (hour(&deadline(&utc)) + 9) % 24,
        hour(&deadline(&tokyo)),
        "{} / {}",
        deadline(&utc),
        deadline(&tokyo)
    );
    // Signing in on another device brings the account's zone along.
    let mut phone = Browser::new(&app);
    let login = phone
        .post(
            "/login",
            &[("username", "annika"), ("password", "password-annika")],
        )
        .await;
    assert_eq!(login.status, StatusCode::SEE_OTHER, "{}", login.body);
    assert!(phone.cookie.contains("tz=Asia/Tokyo"), "{}", phone.cookie);
    // A zone cookie that names no zone shows UTC.
    bob.cookie.push_str("; tz=Mars/Olympus");
    let page = bob.get(&format!("/games/{id}")).await;
    assert!(page.text("#zone-shown").contains("UTC"));
}

async fn a_refused_form_post_keeps_the_signed_in_header(app: TestApp) {
    let mut ann = Browser::sign_up(&app, "annika").await;
    let refused = ann.post("/challenges/no-such-challenge/accept", &[]).await;
    assert_eq!(refused.status, StatusCode::NOT_FOUND);
    assert_eq!(refused.text("header .account a"), "annika");
    assert!(refused.has("#challenges-error"), "{}", refused.body);
    assert!(!refused.has("header a[href='/login']"));
    // A challenge to a player who blocks Ann is refused on the lobby's form, with what
    // she typed kept.
    let mut bob = Browser::sign_up(&app, "bobby").await;
    let blocked = bob
        .post("/settings/blocks", &[("username", "annika")])
        .await;
    assert_eq!(blocked.status, StatusCode::SEE_OTHER, "{}", blocked.body);
    let refused = challenge(&mut ann, "bobby", "knight-fight", &[("days_per_move", "7")]).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(
        refused.text("#create ~ .form-error"),
        "This player does not accept messages or challenges from you."
    );
    assert_eq!(refused.attr("#opponent", "value"), "bobby");
    assert_eq!(
        refused.attr("#variant option[selected]", "value"),
        "knight-fight"
    );
    assert_eq!(refused.text("header .account a"), "annika");
    // A guest's error page has the guest's header.
    let mut guest = Browser::new(&app);
    let missing = guest.get("/players/nobody-at-all").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert!(missing.has("header a[href='/login']"));
    // The web app manifest names the site and its icons.
    let home = ann.get("/").await;
    let manifest = home.attr("link[rel=manifest]", "href");
    let body: serde_json::Value = reqwest::get(format!("{}{manifest}", app.address))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(body["display"], "standalone");
    let icons = body["icons"].as_array().unwrap();
    assert!(icons.iter().any(|icon| icon["sizes"] == "512x512"));
    for icon in icons {
        let path = icon["src"].as_str().unwrap();
        let fetched = reqwest::get(format!("{}{path}", app.address))
            .await
            .unwrap();
        assert_eq!(fetched.status(), StatusCode::OK, "{path}");
    }
}

async fn conditional_lines_are_explained_in_each_games_own_notation(app: TestApp) {
    let mut ann = Browser::sign_up(&app, "annika").await;
    let mut bob = Browser::sign_up(&app, "bobby").await;
    for variant in ["chess", "reversi-6x6", "knight-fight", "chess-reversi"] {
        let id = new_game(&mut ann, &mut bob, "bobby", variant).await;
        let page = bob.get(&format!("/games/{id}")).await;
        let help = page.text("#conditional-help");
        let example = help
            .split('“')
            .nth(1)
            .and_then(|rest| rest.split('”').next())
            .unwrap_or_else(|| panic!("{help}"));
        // Bob plays Black, not to move: White's move, then his answer.
        let moves: Vec<&str> = example.split(' ').collect();
        assert_eq!(moves.len(), 2, "{variant}: {help}");
        // The example is accepted as a line of this game.
        let ply = page.attr("#conditional-ply", "value");
        let added = bob
            .post(
                &format!("/games/{id}/conditional"),
                &[("ply", ply.as_str()), ("moves", example)],
            )
            .await;
        assert_eq!(added.status, StatusCode::SEE_OTHER, "{variant}: {example}");
        assert!(added.location.ends_with("#conditional"));
        let page = bob.get(&format!("/games/{id}")).await;
        assert_eq!(page.count("#conditional-lines li"), 1, "{variant}");
    }
}

async fn a_young_sites_leaderboard_lists_provisional_players_on_request(app: TestApp) {
    let ann = app.player("annika").await;
    let bob = app.player("bobby").await;
    let id = app.new_game("chess", &ann, &bob).await;
    // Two moves each: a rated game counts from there.
    for mv in ["e2e4", "e7e5", "g1f3", "b8c6"] {
        app.play_ok(&ann, &bob, &id, mv).await;
    }
    let (status, body) = app.act(&bob, &id, "resign").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let mut guest = Browser::new(&app);
    let board = guest.get("/leaderboards/chess").await;
    assert!(board.has("p.empty"), "one game each: both are provisional");
    let switch = board.attr("#provisional-switch", "href");
    assert_eq!(switch, "/leaderboards/chess?all=1");
    let all = guest.get(&switch).await;
    let names = all.texts("#leaderboard tbody td:nth-child(2) a");
    assert_eq!(names, ["annika", "bobby"], "the winner first");
    assert!(
        all.text("#leaderboard tbody tr td:nth-child(3)")
            .ends_with('?')
    );
    assert_eq!(
        all.attr("#provisional-switch", "href"),
        "/leaderboards/chess"
    );
}

async fn a_new_player_is_shown_where_to_start_and_dangerous_buttons_ask_first(app: TestApp) {
    let mut ann = Browser::sign_up(&app, "annika").await;
    let home = ann.get("/").await;
    assert!(!home.has(".your-turn"), "no \"your turn in 0 games\"");
    let steps = home.attrs("#first-steps a", "href");
    assert_eq!(
        steps,
        ["/lobby#computer", "/lobby#to-me-title", "/rules/chess"]
    );
    // The first account administers: banning asks for a confirmation of its own.
    let admin = ann.get("/admin").await;
    assert!(admin.has("#ban-form input[name=sure][required]"));
    assert!(!admin.has("#sanction-form button[formaction='/admin/players/ban']"));
    // An organiser removes players after choosing one and confirming, never themselves.
    let bob = app.player("bobby").await;
    let path = swiss_cup(&mut ann, "Tuesday cup").await;
    let id = path.rsplit('/').next().unwrap().to_owned();
    ann.post(&format!("/tournaments/{id}/join"), &[]).await;
    let (status, body) = app
        .post(
            &format!("/api/v1/tournaments/{id}/join"),
            Some(&bob.token),
            serde_json::json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let page = ann.get(&path).await;
    let options = page.attrs("#remove-player option", "value");
    assert_eq!(
        options,
        ["", "bobby"],
        "a choice to make, and not the organiser"
    );
    assert!(page.has("#remove-form input[name=sure][required]"));
}

/// A chess Swiss of 2 to 8 players named `name`, made by `organiser` through the form;
/// its page's address.
async fn swiss_cup(organiser: &mut Browser, name: &str) -> String {
    let created = organiser
        .post(
            "/tournaments",
            &[
                ("name", name),
                ("variant", "chess"),
                ("format", "swiss"),
                ("days_per_move", "3"),
                ("min_players", "2"),
                ("max_players", "8"),
                ("rounds", "3"),
                ("start", "full"),
            ],
        )
        .await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.body);
    created.location
}

async fn every_refused_form_is_shown_on_its_own_page_with_the_choice_kept(app: TestApp) {
    let mut ann = Browser::sign_up(&app, "annika").await;
    let mut bob = Browser::sign_up(&app, "bobby").await;
    // A challenge Ann withdrew before Bob answered: his accept is refused on the lobby.
    let made = challenge(&mut ann, "bobby", "chess", &[("days_per_move", "3")]).await;
    assert_eq!(made.status, StatusCode::SEE_OTHER, "{}", made.body);
    let lobby = bob.get("/lobby").await;
    let accept = lobby.attr("#to-me form[action$='/accept']", "action");
    let cancel = ann
        .get("/lobby")
        .await
        .attr("#my-challenges form", "action");
    assert_eq!(ann.post(&cancel, &[]).await.status, StatusCode::SEE_OTHER);
    let refused = bob.post(&accept, &[]).await;
    assert!(refused.status.is_client_error(), "{}", refused.status);
    assert!(!refused.text("#challenges-error").is_empty());
    assert!(refused.has("#challenge-form"), "the lobby itself");
    assert_eq!(refused.text("header .account a"), "bobby");
    // A tournament's forms: joining twice, and removing someone who is not in it.
    let path = swiss_cup(&mut ann, "Friday cup").await;
    let joined = ann.post(&format!("{path}/join"), &[]).await;
    assert_eq!(joined.status, StatusCode::SEE_OTHER, "{}", joined.body);
    let twice = ann.post(&format!("{path}/join"), &[]).await;
    assert_eq!(twice.status, StatusCode::CONFLICT);
    assert!(!twice.text("#tournament-action-error").is_empty());
    assert_eq!(twice.text("#tournament-name"), "Friday cup");
    let joined = bob.post(&format!("{path}/join"), &[]).await;
    assert_eq!(joined.status, StatusCode::SEE_OTHER, "{}", joined.body);
    // Bob leaves while Ann chooses him for removal: her removal is refused, on the page.
    let left = bob.post(&format!("{path}/leave"), &[]).await;
    assert_eq!(left.status, StatusCode::SEE_OTHER, "{}", left.body);
    let removal = ann
        .post(
            &format!("{path}/remove"),
            &[("player", "bobby"), ("sure", "on")],
        )
        .await;
    assert!(removal.status.is_client_error(), "{}", removal.status);
    assert!(!removal.text("#tournament-action-error").is_empty());
    // Settings: a token or device that is gone is refused in its own section.
    let token = ann.post("/settings/tokens/no-such-token/revoke", &[]).await;
    assert_eq!(token.status, StatusCode::NOT_FOUND);
    assert!(!token.text("#token-error").is_empty());
    let device = ann.post("/settings/push/no-such-device/remove", &[]).await;
    assert_eq!(device.status, StatusCode::NOT_FOUND);
    assert!(!device.text("#push-error").is_empty());
    // Marking a notice read that is gone is as asked.
    let read = ann.post("/notifications/no-such-notice/read", &[]).await;
    assert_eq!(read.status, StatusCode::SEE_OTHER);
}

async fn administrators_are_shown_the_open_reports_on_every_page(app: TestApp) {
    let mut ann = Browser::sign_up(&app, "annika").await;
    let mut bob = Browser::sign_up(&app, "bobby").await;
    let _carol = Browser::sign_up(&app, "carol").await;
    // The first account administers: its header links to the administration page.
    let home = ann.get("/").await;
    assert_eq!(home.attr("#admin-link", "href"), "/admin#reports");
    assert!(home.has("#open-reports[hidden]"), "none open yet");
    assert!(
        !bob.get("/").await.has("#admin-link"),
        "only for administrators"
    );
    let filed = bob
        .post(
            "/reports",
            &[("player", "carol"), ("reason", "rude in chat")],
        )
        .await;
    assert!(filed.status.is_success(), "{} {}", filed.status, filed.body);
    let game = new_game(&mut ann, &mut bob, "bobby", "chess").await;
    for page in [
        "/".to_owned(),
        "/lobby".to_owned(),
        format!("/games/{game}"),
    ] {
        let shown = ann.get(&page).await;
        assert_eq!(shown.text("#open-reports"), "1", "{page}");
        assert!(!shown.has("#open-reports[hidden]"), "{page}");
        assert_eq!(shown.attr("#open-reports", "title"), "1 open report");
    }
    let admin = ann.get("/admin").await;
    let resolve = admin.attr("#reports form[action$='/resolve']", "action");
    assert_eq!(ann.post(&resolve, &[]).await.status, StatusCode::SEE_OTHER);
    assert!(ann.get("/").await.has("#open-reports[hidden]"));
}
