use super::*;

#[test]
fn kinds_read_back_from_their_names() {
    for kind in Kind::WRITTEN {
        assert_eq!(kind.as_str().parse::<Kind>().ok(), Some(kind));
    }
    assert_eq!("chat_message".parse::<Kind>().ok(), Some(Kind::ChatMessage));
    assert!("yourturn".parse::<Kind>().is_err());
}

#[test]
fn the_channel_decision_mails_only_the_day_and_hour_warnings_when_it_may() {
    let row = |in_site, email, verified| rows::ChannelRow {
        in_site,
        email,
        push: None,
        verified,
    };
    let hour = json!({"warning": "hour_left", "seconds_left": 3_000});
    let day = json!({"warning": "day_left", "seconds_left": 80_000});
    let late_day = json!({"warning": "day_left", "seconds_left": 3_000});
    let fifths = json!({"warning": "four_fifths_used", "seconds_left": 90_000});
    let on = row(None, None, 1);
    let mailed = |kind, payload: &serde_json::Value, row: &rows::ChannelRow, mail| {
        channels_for(kind, payload, Some(row), mail).email
    };
    assert!(mailed(Kind::ClockWarning, &hour, &on, Mail::On));
    assert!(mailed(Kind::ClockWarning, &day, &on, Mail::On));
    assert!(!mailed(Kind::ClockWarning, &late_day, &on, Mail::On));
    assert!(!mailed(Kind::ClockWarning, &fifths, &on, Mail::On));
    assert!(!mailed(Kind::ClockWarning, &hour, &on, Mail::Off));
    assert!(!mailed(
        Kind::ClockWarning,
        &hour,
        &row(None, None, 0),
        Mail::On
    ));
    assert!(!mailed(
        Kind::ClockWarning,
        &hour,
        &row(None, Some(0), 1),
        Mail::On
    ));
    assert!(mailed(
        Kind::ClockWarning,
        &hour,
        &row(Some(0), Some(1), 1),
        Mail::On
    ));
    assert!(!mailed(
        Kind::YourTurn,
        &hour,
        &row(None, Some(1), 1),
        Mail::On
    ));
    let channels = channels_for(Kind::YourTurn, &json!({}), Some(&on), Mail::On);
    assert_eq!(
        channels,
        Channels {
            in_site: true,
            email: false,
            push: true
        }
    );
    assert!(!channels_for(Kind::DrawOffer, &json!({}), Some(&on), Mail::On).push);
    assert_eq!(
        channels_for(Kind::YourTurn, &json!({}), None, Mail::On),
        Channels::default()
    );
}

#[test]
fn cursors_are_checked() {
    assert_eq!(parse_cursor("12.ab09").unwrap(), (12, "ab09"));
    for bad in ["12", "x.ab", "12.", "12.zz", "12.a'b"] {
        assert!(parse_cursor(bad).is_err(), "{bad}");
    }
}

#[test]
fn every_notice_names_its_game() {
    let t = Tr::new(vocab::i18n::Lang::En);
    let notice = |kind: &str, payload: serde_json::Value| Notification {
        id: "n".to_owned(),
        kind: kind.to_owned(),
        game_id: Some("g".to_owned()),
        challenge_id: None,
        payload,
        created_at: 0,
        read_at: None,
    };
    let cases = [
        (
            notice(
                "clock_warning",
                json!({"warning": "day_left", "opponent": "ben", "variant": "reversi-8x8"}),
            ),
            "A day is left for your move in your Reversi 8x8 game against ben.",
        ),
        // Written before warnings named their game: the plain text.
        (
            notice("clock_warning", json!({"warning": "hour_left"})),
            "An hour is left for your move.",
        ),
        (
            notice(
                "your_turn",
                json!({"opponent": "ben", "variant": "chess", "move": "Nf3"}),
            ),
            "ben played Nf3 in your Chess game: your turn.",
        ),
        (
            notice(
                "draw_offer",
                json!({"opponent": "ben", "variant": "knight-fight"}),
            ),
            "ben offers a draw in your Knight Fight game.",
        ),
        (
            notice(
                "challenge",
                json!({"opponent": "ben", "variant": "chess", "event": "declined",
                       "reason": "later"}),
            ),
            "ben declined your Chess challenge: Not now, maybe later.",
        ),
    ];
    for (notice, text) in cases {
        assert_eq!(text_of(&t, &notice), text);
    }
}
