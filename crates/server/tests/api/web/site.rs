//! The site's own pages: the guest pages in the site style, sign-up errors beside their
//! fields, the icon and the title, cross-site form posts refused, the language, redirects
//! and strange queries, player and rules pages, and the bell with its notices.

use reqwest::{StatusCode, header};

use super::assert_single_script;
use crate::{
    helpers::TestApp,
    page_client::{Browser, Page, new_game, sel},
    scenarios,
};

scenarios!(
    guest_pages_render_in_the_site_style,
    sign_up_errors_sit_next_to_their_fields_and_keep_escaped_values,
    the_site_has_an_icon_and_the_title_says_whose_turn,
    cross_site_form_posts_are_refused,
    the_bell_counts_unread_notices_and_the_centre_marks_them_read,
    language_follows_cookie_then_accept_language,
    player_pages_list_games_with_results,
    redirects_stay_on_the_site_and_strange_queries_never_fail,
    rules_pages_explain_time_in_both_languages,
);

async fn guest_pages_render_in_the_site_style(app: TestApp) {
    let mut guest = Browser::new(&app);
    let home = guest.get("/").await;
    assert_eq!(home.status, StatusCode::OK);
    assert_eq!(home.attr("html", "lang"), "en");
    let rules_links = home.attrs(".variants a", "href");
    assert_eq!(rules_links.len(), rules::Variant::ALL.len());
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
