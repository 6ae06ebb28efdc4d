//! The lobby and my games by form: challenges created, listed, accepted and cancelled,
//! casual challenges and rating ranges, time controls, and the order of my games.

use reqwest::StatusCode;

use super::assert_single_script;
use crate::{
    helpers::TestApp,
    page_client::{Browser, Page, new_game, new_game_with},
    scenarios,
};

scenarios!(
    lobby_creates_lists_accepts_and_cancels_challenges,
    my_games_orders_my_turn_first_and_next_game_jumps_there,
    my_games_put_least_time_left_first_then_the_latest_activity,
    casual_challenges_and_rating_ranges_by_form,
    time_controls_by_form_on_the_game_page_and_in_my_games,
);

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
    // The challenger with their rating in the variant (none yet: the provisional start)
    // and their reliability card; the time control with the game's expected length.
    assert_eq!(
        (cells[0].as_str(), cells[2].as_str()),
        ("Reversi 8x8", "Black")
    );
    assert!(
        cells[1].starts_with("alice (1500?)No games ended in 90 days"),
        "{}",
        cells[1]
    );
    assert!(
        cells[3].starts_with("5 d per moveExpected length: "),
        "{}",
        cells[3]
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
        home.attr("#your-turn", "data-title-other"),
        "Your turn in {n} games"
    );
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
    assert_eq!(cells[4], "casual · no engines");
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
    assert_eq!(game.text("#game-kind"), "casual · no engines");
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
    assert!(
        cells[3].starts_with("Time bank: 3 d + 1 d per move, at most 7 dExpected length"),
        "{}",
        cells[3]
    );
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
