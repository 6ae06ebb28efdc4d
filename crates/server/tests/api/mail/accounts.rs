//! Mail about the account: an address verified by its link, one-click unsubscribe, a
//! password reset through a mailed link, the limit of mails on request, and email off
//! without SMTP.

use domain::{email, game::sweep_warnings, jobs::outbox};
use reqwest::{Method, StatusCode};
use serde_json::json;

use super::{DAY, FROM, HOUR, Sink, link, post_form, verified};
use crate::{helpers::TestApp, scenarios};

mail_scenarios!(
    an_address_is_verified_by_its_link_and_bad_links_are_refused,
    one_click_unsubscribe_turns_mail_off,
    a_password_is_reset_through_a_mailed_link,
    an_account_is_sent_three_mails_on_request_an_hour_whoever_asks,
);

scenarios!(without_smtp_email_is_off_and_bad_choices_are_refused,);

async fn get_page(app: &TestApp, path: &str) -> (StatusCode, String) {
    let response = app
        .client
        .get(format!("{}{path}", app.address))
        .send()
        .await
        .unwrap();
    (response.status(), response.text().await.unwrap())
}

async fn an_address_is_verified_by_its_link_and_bad_links_are_refused(app: TestApp, sink: Sink) {
    let ann = app.player("ann").await;
    for bad in [
        "ann",
        "ann@",
        "a b@example.org",
        &format!("{}@x.org", "a".repeat(260)),
    ] {
        let (status, body) = app
            .send(
                Method::PUT,
                "/api/v1/me/email",
                Some(&ann.token),
                Some(json!({"address": bad})),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}: {body}");
        assert_eq!(body["error"], "invalid_email");
    }
    let (status, body) = app
        .send(
            Method::PUT,
            "/api/v1/me/email",
            Some(&ann.token),
            Some(json!({"address": "ann@example.org"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body,
        json!({"enabled": true, "address": "ann@example.org", "verified": false})
    );
    let mail = sink.wait_for(1).await.remove(0);
    assert_eq!(mail["subject"], "Verify your e-mail address");
    assert_eq!(mail["from"], FROM);
    assert_eq!(mail["content_type"], "multipart/alternative");
    assert_eq!(
        mail["list_unsubscribe"], "",
        "not a notification: no unsubscribe"
    );
    let path = link(&app, mail["text"].as_str().unwrap(), "/email/verify/");
    assert!(
        mail["html"]
            .as_str()
            .unwrap()
            .contains(&format!("href=\"{}{path}\"", app.address))
    );
    // The link's page asks first (a scanner following links changes nothing).
    let (status, page) = get_page(&app, &path).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("id=\"verify-form\""), "{page}");
    let (_, body) = app.get("/api/v1/me/email", Some(&ann.token)).await;
    assert_eq!(body["verified"], false);
    let (status, page) = post_form(&app, &path, &[]).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(page.contains("Your address is verified"), "{page}");
    let (_, body) = app.get("/api/v1/me/email", Some(&ann.token)).await;
    assert_eq!(body["verified"], true);
    // Used, unknown and malformed links: a clear 422 page.
    for bad in [
        path.clone(),
        format!("/email/verify/{}", "ab".repeat(32)),
        "/email/verify/x'y".to_owned(),
    ] {
        let (status, page) = post_form(&app, &bad, &[]).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
        assert!(page.contains("already used or expired"), "{page}");
    }
    // A new address is unverified again, and its link runs out after two days.
    let (status, _) = app
        .send(
            Method::PUT,
            "/api/v1/me/email",
            Some(&ann.token),
            Some(json!({"address": "ann@example.net"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let mail = sink.wait_for(2).await.pop().unwrap();
    assert_eq!(mail["rcpt_to"], json!(["ann@example.net"]));
    let (_, body) = app.get("/api/v1/me/email", Some(&ann.token)).await;
    assert_eq!(body["verified"], false);
    app.clock.advance(2 * DAY);
    let path = link(&app, mail["text"].as_str().unwrap(), "/email/verify/");
    let (status, _) = post_form(&app, &path, &[]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "expired");
    // The settings page shows the address and its state.
    let page = app.page_html_as(&ann, "/settings").await;
    assert!(page.contains("value=\"ann@example.net\""), "{page}");
    assert!(page.contains("not verified yet"), "{page}");
}

async fn one_click_unsubscribe_turns_mail_off(app: TestApp, sink: Sink) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    verified(&app, &sink, &white, "white@example.org", 0).await;
    let id = app.new_game("chess", &white, &black).await;
    app.clock.advance(2 * DAY);
    sweep_warnings(&app.state).await.unwrap();
    outbox::run_once(&app.state).await.unwrap();
    let mail = sink.wait_for(2).await.pop().unwrap();
    let header = mail["list_unsubscribe"].as_str().unwrap();
    let url = header.trim_start_matches('<').trim_end_matches('>');
    assert!(
        mail["text"].as_str().unwrap().contains(url),
        "the link is in the text too"
    );
    // The page asks; an unknown key is a 404 page.
    let (status, page) = app
        .client
        .get(url)
        .send()
        .await
        .map(|r| (r.status(), r))
        .unwrap();
    assert_eq!(status, StatusCode::OK);
    assert!(
        page.text()
            .await
            .unwrap()
            .contains("id=\"unsubscribe-form\"")
    );
    let (status, _) = get_page(&app, &format!("/email/unsubscribe/{}", "0".repeat(64))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = get_page(&app, "/email/unsubscribe/short").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // The mail client's one-click POST: no session, from another site.
    let response = app
        .client
        .post(url)
        .header("origin", "https://mail.example.com")
        .form(&[("List-Unsubscribe", "One-Click")])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let (status, _) = post_form(&app, &format!("/email/unsubscribe/{}", "0".repeat(64)), &[]).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, body) = app
        .get("/api/v1/me/notifications", Some(&white.token))
        .await;
    assert_eq!(body["clock_warning"]["email"], false, "{body}");
    assert_eq!(body["digest"]["email"], false, "{body}");
    assert_eq!(body["clock_warning"]["in_site"], true, "the centre stays");
    // The hour-left warning comes, in the centre only.
    app.clock.advance(DAY - 30 * 60);
    assert!(!sweep_warnings(&app.state).await.unwrap().is_empty());
    outbox::run_once(&app.state).await.unwrap();
    sink.wait_for(2).await;
    assert_eq!(email::queue_digests(&app.state).await.unwrap(), 0);
    let _ = id;
}

async fn a_password_is_reset_through_a_mailed_link(app: TestApp, sink: Sink) {
    let ann = app.player("ann").await;
    verified(&app, &sink, &ann, "Ann@Example.org", 0).await;
    // The form, and the same answer for a name, an address and nobody.
    let (status, page) = get_page(&app, "/password/forgot").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("id=\"forgot-form\""));
    let (status, page) = get_page(&app, "/login").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("href=\"/password/forgot\""));
    let (status, nobody) =
        post_form(&app, "/password/forgot", &[("who", "nobody@example.org")]).await;
    assert_eq!(status, StatusCode::OK);
    let (status, empty) = post_form(&app, "/password/forgot", &[("who", "  ")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{empty}");
    let (status, by_address) =
        post_form(&app, "/password/forgot", &[("who", "ann@example.ORG")]).await;
    assert_eq!(status, StatusCode::OK);
    let message = |page: &str| {
        page.split("id=\"message\">")
            .nth(1)
            .unwrap()
            .split("</p>")
            .next()
            .unwrap()
            .to_owned()
    };
    assert_eq!(message(&nobody), message(&by_address));
    let first = sink.wait_for(2).await.pop().unwrap();
    assert_eq!(first["subject"], "Set a new password");
    assert_eq!(first["rcpt_to"], json!(["Ann@Example.org"]));
    let old_link = link(&app, first["text"].as_str().unwrap(), "/password/reset/");
    // A second request replaces the first link.
    post_form(&app, "/password/forgot", &[("who", "ANN")]).await;
    let second = sink.wait_for(3).await.pop().unwrap();
    let path = link(&app, second["text"].as_str().unwrap(), "/password/reset/");
    let (status, _) = get_page(&app, &old_link).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "replaced");
    let (status, page) = get_page(&app, &path).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("id=\"reset-form\""));
    // A signed-in browser session of Ann's.
    let no_redirects = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let login = no_redirects
        .post(format!("{}/login", app.address))
        .form(&[("username", "ann"), ("password", "password-ann")])
        .send()
        .await
        .unwrap();
    let cookie = login
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .find(|value| value.starts_with("bg_session="))
        .expect("a session cookie")
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    let settings = |cookie: String| {
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap();
        let url = format!("{}/settings", app.address);
        async move {
            client
                .get(url)
                .header("cookie", cookie)
                .send()
                .await
                .unwrap()
                .status()
        }
    };
    assert_eq!(settings(cookie.clone()).await, StatusCode::OK);
    // A weak password is refused and the link still works.
    let (status, page) = post_form(&app, &path, &[("password", "password")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{page}");
    let (status, page) = post_form(&app, &path, &[("password", "a new long secret")]).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    let (status, _) = post_form(&app, &path, &[("password", "another long secret")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "used");
    // The new password signs in, the old one does not; the old session ended.
    let (status, _) = app
        .post(
            "/api/v1/tokens",
            None,
            json!({"username": "ann", "password": "a new long secret"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, _) = app
        .post(
            "/api/v1/tokens",
            None,
            json!({"username": "ann", "password": "password-ann"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(settings(cookie).await, StatusCode::SEE_OTHER, "signed out");
    // A link runs out after an hour. (An hour on, as the account was sent its three
    // mails on request of this hour.)
    app.clock.advance(HOUR);
    post_form(&app, "/password/forgot", &[("who", "ann")]).await;
    let third = sink.wait_for(4).await.pop().unwrap();
    let path = link(&app, third["text"].as_str().unwrap(), "/password/reset/");
    app.clock.advance(HOUR);
    let (status, page) = post_form(&app, &path, &[("password", "yet another secret")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{page}");
    let (status, _) = get_page(&app, "/password/reset/nonsense").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}

/// Reset requests naming one account, from one client, cannot flood its mailbox: three
/// mails on request an hour (the address check among them), the same answer to every
/// request, and the link mailed last still valid.
async fn an_account_is_sent_three_mails_on_request_an_hour_whoever_asks(app: TestApp, sink: Sink) {
    let bea = app.player("bea").await;
    verified(&app, &sink, &bea, "bea@example.org", 0).await;
    let mut answers = Vec::new();
    for _ in 0..20 {
        let (status, page) = post_form(&app, "/password/forgot", &[("who", "bea")]).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        answers.push(page.split("id=\"message\">").nth(1).map(str::to_owned));
    }
    assert!(
        answers.windows(2).all(|pair| pair[0] == pair[1]),
        "one answer"
    );
    // The address check and two reset links; the link of the last reset mailed stays
    // valid (the mails may arrive in either order).
    let mails = sink.wait_for(3).await;
    let mut valid = 0;
    for mail in &mails[1..] {
        let path = link(&app, mail["text"].as_str().unwrap(), "/password/reset/");
        if get_page(&app, &path).await.0 == StatusCode::OK {
            valid += 1;
        }
    }
    assert_eq!(valid, 1, "the pending link is one of those mailed");
    // A fourth mail of the hour is not sent for a new address either, and the address
    // stays as it was.
    let (status, body) = app
        .send(
            Method::PUT,
            "/api/v1/me/email",
            Some(&bea.token),
            Some(json!({ "address": "victim@example.org" })),
        )
        .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    let (_, settings) = app.get("/api/v1/me/email", Some(&bea.token)).await;
    assert_eq!(settings["address"], "bea@example.org", "{settings}");
    // An hour on, the budget is whole again.
    app.clock.advance(HOUR);
    post_form(&app, "/password/forgot", &[("who", "bea")]).await;
    assert_eq!(
        sink.wait_for(4).await[3]["rcpt_to"],
        json!(["bea@example.org"])
    );
}

async fn without_smtp_email_is_off_and_bad_choices_are_refused(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let (status, body) = app
        .send(
            Method::PUT,
            "/api/v1/me/email",
            Some(&white.token),
            Some(json!({"address": "white@example.org"})),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["error"], "email_disabled");
    let (status, body) = app
        .get("/api/v1/me/notifications", Some(&white.token))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["email_enabled"], false);
    assert_eq!(
        body["clock_warning"],
        json!({"in_site": true, "email": true, "push": true})
    );
    assert_eq!(
        body["game_finished"],
        json!({"in_site": true, "email": null, "push": true})
    );
    assert_eq!(
        body["draw_offer"],
        json!({"in_site": true, "email": null, "push": false})
    );
    let page = app.page_html_as(&white, "/settings").await;
    assert!(page.contains("id=\"email-off\""), "the settings say so");
    let page = app.page_html("/password/forgot").await;
    assert!(!page.contains("id=\"forgot-form\""), "no form to ask");
    let (status, _) = post_form(&app, "/password/forgot", &[("who", "white_p")]).await;
    assert_eq!(status, StatusCode::CONFLICT);
    // Bad choices.
    for (body, code) in [
        (json!({"your_turn": {"email": true}}), "email_not_offered"),
        (json!({"digest": {"hour": 24}}), "invalid_digest_hour"),
        (json!({"digest": {"hour": -1}}), "invalid_digest_hour"),
        (json!({"digest": {"hour": "8"}}), "invalid_body"),
        (json!({"clock_warning": {"push": "yes"}}), "invalid_body"),
        // serde would read a struct from an array; the document says object.
        (json!({"your_turn": [null, null]}), "invalid_body"),
        (json!({"digest": [true, 8]}), "invalid_body"),
    ] {
        let (status, answer) = app
            .send(
                Method::PATCH,
                "/api/v1/me/notifications",
                Some(&white.token),
                Some(body.clone()),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {answer}");
        assert_eq!(answer["error"], code, "{answer}");
    }
    // Push and e-mail choices are kept per kind.
    let (status, body) = app
        .send(
            Method::PATCH,
            "/api/v1/me/notifications",
            Some(&white.token),
            Some(
                json!({"your_turn": {"push": false}, "clock_warning": {"email": false},
                        "digest": {"email": false, "hour": 21}}),
            ),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["your_turn"],
        json!({"in_site": true, "email": null, "push": false})
    );
    assert_eq!(body["clock_warning"]["email"], false);
    assert_eq!(body["digest"], json!({"email": false, "hour": 21}));
    // No e-mail row is queued without SMTP.
    let (status, body) = app
        .send(
            Method::PATCH,
            "/api/v1/me/notifications",
            Some(&white.token),
            Some(json!({"clock_warning": {"email": true}})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    app.new_game("chess", &white, &black).await;
    app.clock.advance(3 * DAY - 30 * 60);
    assert!(!sweep_warnings(&app.state).await.unwrap().is_empty());
    let (email_rows,): (i64,) =
        sqlx::query_as("select count(*) from outbox where channel = 'email'")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!(email_rows, 0);
    // The settings form: the matrix without script, and a bad hour is a 422 page.
    let form = |fields: &'static [(&'static str, &'static str)]| {
        app.client
            .post(format!("{}/settings/notifications", app.address))
            .bearer_auth(&white.token)
            .form(fields)
            .send()
    };
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let response = client
        .post(format!("{}/settings/notifications", app.address))
        .bearer_auth(&white.token)
        .form(&[
            ("your_turn", "1"),
            ("push.challenge", "1"),
            ("digest", "1"),
            ("digest_hour", "7"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    let (_, body) = app
        .get("/api/v1/me/notifications", Some(&white.token))
        .await;
    assert_eq!(
        body["your_turn"],
        json!({"in_site": true, "email": null, "push": false})
    );
    assert_eq!(body["draw_offer"]["in_site"], false);
    assert_eq!(
        body["challenge"],
        json!({"in_site": false, "email": null, "push": true})
    );
    assert_eq!(body["clock_warning"]["email"], false);
    assert_eq!(body["digest"], json!({"email": true, "hour": 7}));
    let page = app.page_html_as(&white, "/settings").await;
    assert!(page.contains("id=\"notify-matrix\""), "{page}");
    assert!(
        page.contains("<option value=\"7\" selected>07:00</option>"),
        "{page}"
    );
    let response = form(&[("digest", "1"), ("digest_hour", "25")])
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        response
            .text()
            .await
            .unwrap()
            .contains("id=\"notify-error\"")
    );
    let response = form(&[("digest_hour", "soon")]).await.unwrap();
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
}
