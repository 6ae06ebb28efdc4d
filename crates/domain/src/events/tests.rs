//! The hub's unit tests: delivery to subscribers, the wire, and what each change tells
//! the caches.

use std::sync::Arc;

use super::{
    wire::{ChallengeWire, Change, FlushWire, PlayerTurns, SignedOutWire, Wire},
    *,
};
use crate::game::snapshots::ReadSnapshots;
use store::Backend;

fn hub(backend: Backend) -> EventHub {
    EventHub::new(backend, ReadSnapshots::default())
}

fn deliver(hub: &EventHub, change: Change) {
    hub.deliver_wire(&Wire::Change(change));
}

fn change(game_id: &str, ply: u32, to_move: &str) -> Change {
    Change {
        game: GameEvent {
            game_id: game_id.to_owned(),
            ply,
            status: "active".to_owned(),
            to_move: Some(to_move.to_owned()),
            draw_offer: None,
        },
        players: vec![
            PlayerTurns {
                user_id: "w".to_owned(),
                your_turn: to_move == "white",
                your_turn_games: 1,
            },
            PlayerTurns {
                user_id: "b".to_owned(),
                your_turn: to_move == "black",
                your_turn_games: 2,
            },
        ],
    }
}

fn ply_of(delivery: Option<Delivery>) -> u32 {
    match delivery {
        Some(Delivery::Game(game)) => game.event.ply,
        other => panic!("expected a game event, got {other:?}"),
    }
}

#[test]
fn an_ended_game_drops_the_results_and_a_flush_drops_every_snapshot() {
    use crate::{game::snapshots::VariantResults, profiles::GamesPage};
    let caches = ReadSnapshots::default();
    let hub = EventHub::new(Backend::Postgres, caches.clone());
    let results = &caches.results;
    let keep = || {
        let ticket = results.get(&rules::Variant::Chess).unwrap_err();
        let empty = VariantResults {
            stats: Vec::new(),
            recent: GamesPage {
                games: Vec::new(),
                next: None,
            },
        };
        results.keep(ticket, rules::Variant::Chess, Arc::new(empty));
    };
    let wire = |wire: Wire| serde_json::to_string(&wire).unwrap();
    keep();
    hub.deliver_payload(&wire(Wire::Change(change("g1", 3, "black"))));
    assert!(
        results.get(&rules::Variant::Chess).is_ok(),
        "a move ends nothing"
    );
    let mut ended = change("g1", 4, "white");
    ended.game.status = "finished".to_owned();
    hub.deliver_payload(&wire(Wire::Change(ended)));
    assert!(results.is_empty(), "a game's end changes the results");
    keep();
    let flush = wire(Wire::Flush(FlushWire {
        flush_snapshots: true,
    }));
    assert!(matches!(serde_json::from_str(&flush), Ok(Wire::Flush(_))));
    hub.deliver_payload(&flush);
    assert!(results.is_empty(), "a flush drops everything");
}

#[test]
fn a_change_a_notice_or_a_chat_line_drops_the_pages_of_its_players_only() {
    use crate::{
        accounts::{AccountKind, User},
        game::snapshots::ViewerPage,
    };
    let caches = ReadSnapshots::default();
    let hub = EventHub::new(Backend::Postgres, caches.clone());
    let viewers = &caches.viewers;
    let keep = |user: &str| {
        let key = format!("session-of-{user}/g1");
        let Err(ticket) = viewers.get(key.as_str()) else {
            return;
        };
        let page = ViewerPage {
            user: User {
                id: user.to_owned(),
                username: user.to_owned(),
                kind: AccountKind::Human,
            },
            counts: crate::accounts::HeaderCounts::default(),
            viewer: crate::settings::GamePageViewer::default(),
            own_chat: None,
            expires_at: i64::MAX,
        };
        viewers.keep(ticket, key, Arc::new(page));
    };
    let kept = || {
        let mut users: Vec<String> = ["w", "b", "x"]
            .into_iter()
            .filter(|user| {
                viewers
                    .get(format!("session-of-{user}/g1").as_str())
                    .is_ok()
            })
            .map(str::to_owned)
            .collect();
        users.sort();
        users
    };
    let wire = |wire: Wire| serde_json::to_string(&wire).unwrap();
    let keep_all = || ["w", "b", "x"].into_iter().for_each(keep);
    keep_all();
    hub.deliver_payload(&wire(Wire::Change(change("g1", 1, "black"))));
    assert_eq!(kept(), ["x"], "a move drops both players' pages");
    keep_all();
    let notice = UserNotice {
        user_id: "b".to_owned(),
        notice: NotificationNotice {
            notification_id: "n1".to_owned(),
            kind: "your_turn".to_owned(),
            unread: 1,
        },
    };
    hub.deliver_payload(&wire(Wire::Notice(notice)));
    assert_eq!(kept(), ["w", "x"], "a notice drops its player's");
    keep("b");
    let chat = ChatWire {
        chat: ChatNotice {
            game_id: "g1".to_owned(),
            seq: 1,
        },
        players: vec!["w".to_owned(), "x".to_owned()],
        spectators: false,
    };
    hub.deliver_payload(&wire(Wire::Chat(chat)));
    assert_eq!(kept(), ["b"], "a chat line drops its players'");
    keep_all();
    let signed_out = wire(Wire::SignedOut(SignedOutWire {
        signed_out: "w".to_owned(),
    }));
    assert!(matches!(
        serde_json::from_str(&signed_out),
        Ok(Wire::SignedOut(_))
    ));
    hub.deliver_payload(&signed_out);
    assert_eq!(kept(), ["b", "x"], "signing out drops the player's");
    keep_all();
    hub.deliver_payload(&wire(Wire::Flush(FlushWire {
        flush_snapshots: true,
    })));
    assert!(viewers.is_empty(), "a flush drops every page");
}

#[tokio::test]
async fn watchers_hear_of_their_game_only() {
    let hub = hub(Backend::Sqlite);
    let mut one = hub.subscribe(Some("g1"), None);
    let mut two = hub.subscribe(Some("g2"), None);
    deliver(&hub, change("g1", 3, "black"));
    assert_eq!(ply_of(one.next().await), 3);
    assert!(two.receiver.try_recv().is_err());
}

#[tokio::test]
async fn players_get_their_own_turn_notice() {
    let hub = hub(Backend::Sqlite);
    let mut black = hub.subscribe(Some("g1"), Some("b"));
    deliver(&hub, change("g1", 1, "black"));
    assert_eq!(ply_of(black.next().await), 1);
    match black.next().await {
        Some(Delivery::Turns(notice)) => assert_eq!(
            notice,
            TurnNotice {
                game_id: Some("g1".to_owned()),
                your_turn: true,
                your_turn_games: 2
            }
        ),
        other => panic!("expected a turn notice, got {other:?}"),
    }
}

#[tokio::test]
async fn a_subscriber_that_falls_behind_is_dropped_and_the_others_are_not() {
    let hub = hub(Backend::Sqlite);
    let mut reader = hub.subscribe(Some("g1"), None);
    let mut stalled = hub.subscribe(Some("g1"), None);
    for ply in 0..=SUBSCRIBER_BUFFER as u32 {
        deliver(&hub, change("g1", ply, "white"));
        assert_eq!(ply_of(reader.next().await), ply);
    }
    assert_eq!(hub.subscriber_count(), 1, "the stalled one was dropped");
    // It still gets what was buffered, then its stream ends.
    for ply in 0..SUBSCRIBER_BUFFER as u32 {
        assert_eq!(ply_of(stalled.next().await), ply);
    }
    assert!(stalled.next().await.is_none());
    deliver(&hub, change("g1", 99, "white"));
    assert_eq!(ply_of(reader.next().await), 99);
}

#[tokio::test]
async fn dropping_a_subscription_unsubscribes() {
    let hub = hub(Backend::Sqlite);
    let one = hub.subscribe(Some("g1"), Some("u"));
    assert_eq!(hub.subscriber_count(), 1);
    drop(one);
    assert_eq!(hub.subscriber_count(), 0);
    assert!(hub.lock().by_game.is_empty() && hub.lock().by_user.is_empty());
}

#[tokio::test]
async fn refetch_reaches_everyone() {
    let hub = hub(Backend::Sqlite);
    let mut game = hub.subscribe(Some("g1"), None);
    let mut user = hub.subscribe(None, Some("u"));
    hub.refetch_all();
    assert!(matches!(game.next().await, Some(Delivery::Refetch)));
    assert!(matches!(user.next().await, Some(Delivery::Refetch)));
}

#[tokio::test]
async fn closing_ends_the_streams() {
    let hub = hub(Backend::Sqlite);
    let mut open = hub.subscribe(Some("g1"), None);
    hub.close();
    assert!(open.next().await.is_none());
    let mut late = hub.subscribe(Some("g1"), None);
    assert!(late.next().await.is_none());
    hub.closed().await;
}

#[test]
fn state_ids_name_ply_status_and_offer() {
    let mut event = change("g", 12, "white").game;
    assert_eq!(event.state_id(), "12-active");
    event.draw_offer = Some("black".to_owned());
    assert_eq!(event.state_id(), "12-active-black");
}

#[test]
fn changes_survive_the_notify_payload() {
    let change = change("g1", 7, "black");
    let payload = serde_json::to_string(&change).unwrap();
    assert!(
        payload.len() < 8000,
        "NOTIFY payloads are limited to 8000 bytes"
    );
    assert_eq!(serde_json::from_str::<Change>(&payload).unwrap(), change);
    assert_eq!(
        serde_json::from_str::<Wire>(&payload).unwrap(),
        Wire::Change(change)
    );
}

#[tokio::test]
async fn chat_lines_reach_the_players_and_spectators_only_when_allowed() {
    let hub = hub(Backend::Sqlite);
    let mut player = hub.subscribe(Some("g1"), Some("w"));
    let mut guest = hub.subscribe(Some("g1"), None);
    let mut stranger = hub.subscribe(Some("g1"), Some("x"));
    let mut elsewhere = hub.subscribe(Some("g2"), Some("w"));
    let mut chat = ChatWire {
        chat: ChatNotice {
            game_id: "g1".to_owned(),
            seq: 1,
        },
        players: vec!["w".to_owned(), "b".to_owned()],
        spectators: false,
    };
    let payload = serde_json::to_string(&Wire::Chat(chat.clone())).unwrap();
    hub.deliver_payload(&payload);
    assert!(matches!(player.next().await, Some(Delivery::Chat(notice)) if notice.seq == 1));
    assert!(guest.receiver.try_recv().is_err());
    assert!(stranger.receiver.try_recv().is_err());
    assert!(elsewhere.receiver.try_recv().is_err());
    chat.spectators = true;
    chat.chat.seq = 2;
    hub.deliver_wire(&Wire::Chat(chat.clone()));
    for watcher in [&mut player, &mut guest, &mut stranger] {
        assert!(matches!(watcher.next().await, Some(Delivery::Chat(notice)) if notice.seq == 2));
    }
    assert!(elsewhere.receiver.try_recv().is_err());
}

#[tokio::test]
async fn notices_reach_their_player_only() {
    let hub = hub(Backend::Sqlite);
    let mut mine = hub.subscribe(None, Some("u"));
    let mut theirs = hub.subscribe(None, Some("v"));
    let notice = UserNotice {
        user_id: "u".to_owned(),
        notice: NotificationNotice {
            notification_id: "n1".to_owned(),
            kind: "your_turn".to_owned(),
            unread: 3,
        },
    };
    let payload = serde_json::to_string(&Wire::Notice(notice.clone())).unwrap();
    hub.deliver_payload(&payload);
    match mine.next().await {
        Some(Delivery::Notice(got)) => assert_eq!(got, notice.notice),
        other => panic!("expected a notice, got {other:?}"),
    }
    assert!(theirs.receiver.try_recv().is_err());
}

#[tokio::test]
async fn challenge_signals_reach_both_players_and_survive_the_payload() {
    let hub = hub(Backend::Sqlite);
    let mut challenger = hub.subscribe_with_challenges("c");
    let mut opponent = hub.subscribe_with_challenges("o");
    let mut other = hub.subscribe_with_challenges("x");
    // The challenger's web page stream takes notices, not challenge signals.
    let mut page = hub.subscribe(None, Some("c"));
    let signal = ChallengeSignal {
        challenge_id: "ch1".to_owned(),
        change: ChallengeChange::Declined,
        users: vec!["c".to_owned(), "o".to_owned()],
        reason: Some("later".to_owned()),
    };
    let payload = serde_json::to_string(&Wire::Challenge(ChallengeWire {
        challenge: signal.clone(),
    }))
    .unwrap();
    hub.deliver_payload(&payload);
    for subscription in [&mut challenger, &mut opponent] {
        match subscription.next().await {
            Some(Delivery::Challenge(got)) => assert_eq!(*got, signal),
            other => panic!("expected a challenge signal, got {other:?}"),
        }
    }
    assert!(other.receiver.try_recv().is_err());
    assert!(page.receiver.try_recv().is_err());
    // A game change still reads as one.
    let change = change("g1", 1, "black");
    let payload = serde_json::to_string(&Wire::Change(change.clone())).unwrap();
    assert_eq!(
        serde_json::from_str::<Wire>(&payload).unwrap(),
        Wire::Change(change)
    );
}
