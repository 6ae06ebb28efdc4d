//! Security headers on every answer (pages, assets, errors, the API), and pages that need
//! no inline script or style, so the CSP can forbid them.

use reqwest::{StatusCode, header};

use crate::{helpers::TestApp, scenarios};

scenarios!(every_page_carries_the_security_headers);

async fn every_page_carries_the_security_headers(app: TestApp) {
    let white = app.player("white").await;
    let black = app.player("black").await;
    let id = app.new_game("reversi-6x6", &white, &black).await;
    app.new_game("reversi-10x10", &white, &black).await;
    // A browser session for the signed-in pages.
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let signed_up = client
        .post(format!("{}/signup", app.address))
        .header("sec-fetch-site", "same-origin")
        .form(&[
            ("username", "carol"),
            ("password", "password-carol"),
            ("next", "/"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(signed_up.status(), StatusCode::SEE_OTHER);
    let cookie = signed_up.headers()[header::SET_COOKIE]
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    let pages = [
        "/".to_owned(),
        "/signup".to_owned(),
        "/login".to_owned(),
        "/lobby".to_owned(),
        "/my-games".to_owned(),
        "/rules/chess".to_owned(),
        "/players/white".to_owned(),
        format!("/games/{id}"),
        format!("/games/{id}/record"),
        "/games/no-such-game".to_owned(),
        "/static/app.js".to_owned(),
        "/api/v1/variants".to_owned(),
        "/api/v1/nothing".to_owned(),
        "/livez".to_owned(),
    ];
    for path in pages {
        let response = client
            .get(format!("{}{path}", app.address))
            .header(header::COOKIE, &cookie)
            .send()
            .await
            .unwrap();
        let headers = response.headers().clone();
        let csp = headers
            .get(header::CONTENT_SECURITY_POLICY)
            .unwrap_or_else(|| panic!("{path}: no CSP"))
            .to_str()
            .unwrap();
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(csp.contains("script-src 'self'"), "{path}: {csp}");
        assert!(!csp.contains("unsafe-inline"), "{path}: {csp}");
        assert_eq!(headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff", "{path}");
        assert!(headers.contains_key(header::REFERRER_POLICY), "{path}");
        let is_html = headers
            .get(header::CONTENT_TYPE)
            .is_some_and(|value| value.to_str().unwrap().starts_with("text/html"));
        let body = response.text().await.unwrap();
        if is_html {
            // Nothing the policy would block: no style attributes, no inline scripts.
            assert!(!body.contains(" style="), "{path}: an inline style");
            for script in body.split("<script").skip(1) {
                let tag = script.split('>').next().unwrap_or_default();
                assert!(tag.contains("src="), "{path}: an inline script");
            }
        }
    }
}
