//! A browser without script for the page tests: its own cookies, no automatic
//! redirects, and each page parsed with an HTML parser when asked.

use reqwest::{StatusCode, header};
use scraper::{ElementRef, Html, Selector};

use crate::helpers::TestApp;

/// A browser without script: its own cookie, no automatic redirects.
pub(crate) struct Browser {
    pub(crate) base: String,
    pub(crate) client: reqwest::Client,
    pub(crate) cookie: String,
}

/// A page as the server sent it; each query parses it (the parser's tree cannot cross
/// an `.await` of a `Send` future).
pub(crate) struct Page {
    pub(crate) status: StatusCode,
    pub(crate) location: String,
    pub(crate) body: String,
}

pub(crate) fn sel(selector: &str) -> Selector {
    Selector::parse(selector).unwrap_or_else(|_| panic!("selector {selector}"))
}

impl Page {
    pub(crate) fn doc(&self) -> Html {
        Html::parse_document(&self.body)
    }

    pub(crate) fn count(&self, selector: &str) -> usize {
        self.doc().select(&sel(selector)).count()
    }

    pub(crate) fn has(&self, selector: &str) -> bool {
        self.count(selector) > 0
    }

    pub(crate) fn first<T>(&self, selector: &str, f: impl Fn(ElementRef<'_>) -> T) -> T {
        let doc = self.doc();
        let element = doc
            .select(&sel(selector))
            .next()
            .unwrap_or_else(|| panic!("no `{selector}` in {}", self.body));
        f(element)
    }

    pub(crate) fn text(&self, selector: &str) -> String {
        self.first(selector, |e| e.text().collect::<String>().trim().to_owned())
    }

    pub(crate) fn attr(&self, selector: &str, name: &str) -> String {
        self.first(selector, |e| {
            e.value().attr(name).unwrap_or_default().to_owned()
        })
    }

    /// One attribute of every match.
    pub(crate) fn attrs(&self, selector: &str, name: &str) -> Vec<String> {
        self.doc()
            .select(&sel(selector))
            .map(|e| e.value().attr(name).unwrap_or_default().to_owned())
            .collect()
    }

    /// The text of every match, whitespace collapsed.
    pub(crate) fn texts(&self, selector: &str) -> Vec<String> {
        self.doc()
            .select(&sel(selector))
            .map(|e| {
                e.text()
                    .collect::<String>()
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    /// The cell texts of the first row matching `selector`.
    pub(crate) fn cells(&self, selector: &str) -> Vec<String> {
        self.first(selector, |row| {
            row.select(&sel("td"))
                .map(|td| td.text().collect::<String>())
                .collect()
        })
    }

    /// The moves of the board's buttons, sorted.
    pub(crate) fn move_buttons(&self) -> Vec<String> {
        let mut values = self.attrs("#board button.sq", "value");
        values.sort();
        values
    }

    pub(crate) fn board_ply(&self) -> u64 {
        self.attr("#board", "data-ply").parse().unwrap()
    }
}

impl Browser {
    pub(crate) fn new(app: &TestApp) -> Browser {
        Browser {
            base: app.address.clone(),
            client: reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .build()
                .unwrap(),
            cookie: String::new(),
        }
    }

    pub(crate) async fn read(&mut self, response: reqwest::Response) -> Page {
        let status = response.status();
        for value in response.headers().get_all(header::SET_COOKIE) {
            let pair = value
                .to_str()
                .unwrap()
                .split(';')
                .next()
                .unwrap()
                .to_owned();
            let name = pair.split('=').next().unwrap().to_owned();
            let mut kept: Vec<String> = self
                .cookie
                .split("; ")
                .filter(|c| !c.is_empty() && !c.starts_with(&format!("{name}=")))
                .map(str::to_owned)
                .collect();
            if !pair.ends_with('=') {
                kept.push(pair);
            }
            self.cookie = kept.join("; ");
        }
        let location = response
            .headers()
            .get(header::LOCATION)
            .map(|v| v.to_str().unwrap().to_owned())
            .unwrap_or_default();
        let body = response.text().await.unwrap();
        Page {
            status,
            location,
            body,
        }
    }

    pub(crate) fn request(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        let mut request = self.client.request(method, format!("{}{path}", self.base));
        if !self.cookie.is_empty() {
            request = request.header(header::COOKIE, &self.cookie);
        }
        request
    }

    pub(crate) async fn get(&mut self, path: &str) -> Page {
        let response = self
            .request(reqwest::Method::GET, path)
            .send()
            .await
            .unwrap();
        self.read(response).await
    }

    pub(crate) async fn post(&mut self, path: &str, form: &[(&str, &str)]) -> Page {
        let response = self
            .request(reqwest::Method::POST, path)
            .header("sec-fetch-site", "same-origin")
            .form(form)
            .send()
            .await
            .unwrap();
        self.read(response).await
    }

    /// Signs up `name` (password `password-<name>`).
    pub(crate) async fn sign_up(app: &TestApp, name: &str) -> Browser {
        let mut browser = Browser::new(app);
        let page = browser
            .post(
                "/signup",
                &[
                    ("username", name),
                    ("password", &format!("password-{name}")),
                    ("next", "/"),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        assert!(browser.cookie.contains("bg_session="));
        browser
    }

    /// The game page after a move or action form (following the 303).
    pub(crate) async fn follow(&mut self, page: Page) -> Page {
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        let location = page.location.clone();
        self.get(&location).await
    }

    /// Posts the game action `action` (`resign`, `draw-offer`, …) at `ply` and follows
    /// the redirect back to the game.
    pub(crate) async fn act(&mut self, game: &str, action: &str, ply: &str) -> Page {
        let posted = self
            .post(&format!("/games/{game}/action/{action}"), &[("ply", ply)])
            .await;
        self.follow(posted).await
    }

    pub(crate) async fn play(&mut self, game: &str, mv: &str) -> Page {
        let ply = self
            .get(&format!("/games/{game}"))
            .await
            .board_ply()
            .to_string();
        let page = self
            .post(
                &format!("/games/{game}/move"),
                &[("move", mv), ("ply", &ply)],
            )
            .await;
        assert_eq!(
            page.status,
            StatusCode::SEE_OTHER,
            "{mv} at ply {ply}: {}",
            page.body
        );
        self.follow(page).await
    }
}

/// White challenges Black by name in the lobby; Black accepts there. The game's id.
pub(crate) async fn new_game(
    white: &mut Browser,
    black: &mut Browser,
    black_name: &str,
    variant: &str,
) -> String {
    new_game_with(white, black, black_name, variant, &[("days_per_move", "3")]).await
}

/// White's challenge to `black_name` by the lobby's form, White to play, with the time
/// fields `time`: the answer as it comes (a redirect when made).
pub(crate) async fn challenge(
    white: &mut Browser,
    black_name: &str,
    variant: &str,
    time: &[(&str, &str)],
) -> Page {
    let mut form = vec![
        ("variant", variant),
        ("color", "white"),
        ("opponent", black_name),
    ];
    form.extend_from_slice(time);
    white.post("/challenges", &form).await
}

/// [`new_game`] with the challenge form's time fields `time`.
pub(crate) async fn new_game_with(
    white: &mut Browser,
    black: &mut Browser,
    black_name: &str,
    variant: &str,
    time: &[(&str, &str)],
) -> String {
    let page = challenge(white, black_name, variant, time).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
    let lobby = black.get("/lobby").await;
    let form = lobby.attr("#to-me form", "action");
    let page = black.post(&form, &[]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    page.location.strip_prefix("/games/").unwrap().to_owned()
}
