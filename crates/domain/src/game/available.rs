//! What a viewer may do to a game right now besides moving: the one list the game page's
//! buttons and the API's game body (`actions`) are made from. It asks the same question
//! [`act`](super::act) asks before it changes anything, so an action listed here is one
//! `act` takes, and one left out is one it refuses (the game read again inside its
//! transaction may of course have changed meanwhile).

use rules::Color;

use super::{
    action_rules::{GameAction, allowed},
    detail::GameDetail,
    vocabulary::GameStatus,
};
use crate::accounts::user::User;

/// The actions `viewer` may take in `detail` at `now`, in [`GameAction::ALL`]'s order:
/// none for a guest, a spectator or a game that is over.
#[must_use]
pub fn available(detail: &GameDetail, viewer: Option<&User>, now: i64) -> Vec<GameAction> {
    let color = viewer.and_then(|user| detail.color_of(&user.id));
    available_to(detail, color, now)
}

/// [`available`] for the player of `color` (`None`: someone who does not play), for those
/// who know the viewer's colour already (the API keeps one body per colour).
#[must_use]
pub fn available_to(detail: &GameDetail, color: Option<Color>, now: i64) -> Vec<GameAction> {
    let Some(color) = color.filter(|_| detail.status == GameStatus::Active) else {
        return Vec::new();
    };
    GameAction::ALL
        .into_iter()
        .filter(|action| allowed(*action, detail, color, now))
        .collect()
}

#[cfg(test)]
mod tests {
    use rules::{AnyGame, Variant};

    use super::*;
    use crate::{
        accounts::user::AccountKind,
        game::{
            DrawOfferTally, GameSource, StopRules, TimeControl, TurnWarnings,
            actions::{MAX_DRAW_OFFERS, MAX_PAUSES},
        },
    };

    const NOW: i64 = 1_000_000;

    fn user(id: &str) -> User {
        User {
            id: id.to_owned(),
            username: id.to_owned(),
            kind: AccountKind::Human,
        }
    }

    /// A timed chess game between `w` and `b` after `moves`.
    fn game(moves: &[&str]) -> GameDetail {
        let mut game = AnyGame::new(Variant::Chess, None).unwrap();
        for played in moves {
            game.play(played).unwrap();
        }
        GameDetail {
            id: "g".to_owned(),
            white_id: "w".to_owned(),
            white: "w".to_owned(),
            black_id: "b".to_owned(),
            black: "b".to_owned(),
            white_kind: AccountKind::Human,
            black_kind: AccountKind::Human,
            status: GameStatus::Active,
            result: None,
            termination: None,
            end_reason: None,
            deadline: Some(NOW + 86_400),
            draw_offer: None,
            white_offers: DrawOfferTally::default(),
            black_offers: DrawOfferTally::default(),
            rated: false,
            engines_allowed: false,
            time_control: TimeControl::PerMove { days: 3, hours: 0 },
            banks: [None, None],
            stop_rules: StopRules::default(),
            player_times: Box::default(),
            serial_timeout: false,
            warnings: TurnWarnings::default(),
            time_gifts: [0, 0],
            pause_offer: None,
            pause: None,
            pauses_agreed: 0,
            repertoire: [false, false],
            game_deadline: None,
            adjudication: None,
            source: GameSource::Challenge,
            source_id: None,
            created_at: 0,
            updated_at: 0,
            finished_at: None,
            rating_change: None,
            game,
            conditional_lines: 0,
            repertoire_lines: 0,
        }
    }

    fn names(actions: &[GameAction]) -> Vec<&'static str> {
        actions.iter().map(|action| action.as_str()).collect()
    }

    #[test]
    fn players_get_what_the_domain_allows_and_others_nothing() {
        let detail = game(&[]);
        assert_eq!(
            names(&available(&detail, Some(&user("w")), NOW)),
            ["resign", "abort", "draw-offer", "pause-offer"]
        );
        // Black may give White, who is to move, a day.
        assert_eq!(
            names(&available(&detail, Some(&user("b")), NOW)),
            ["resign", "abort", "draw-offer", "give-time", "pause-offer"]
        );
        assert!(available(&detail, Some(&user("someone")), NOW).is_empty());
        assert!(available(&detail, None, NOW).is_empty());
        let mut over = detail.clone();
        over.status = GameStatus::Finished;
        assert!(available(&over, Some(&user("w")), NOW).is_empty());
    }

    #[test]
    fn offers_follow_their_limits() {
        let mut detail = game(&["e2e4", "e7e5"]);
        // Too late to abort; White offered a draw at this move already.
        detail.white_offers = DrawOfferTally {
            made: 1,
            last_ply: Some(detail.stored_ply()),
        };
        detail.draw_offer = Some(Color::White);
        detail.pause_offer = Some(Color::White);
        let white = names(&available(&detail, Some(&user("w")), NOW));
        assert_eq!(white, ["resign"]);
        // Black may accept either offer (offering accepts too, as `act` does).
        let black = names(&available(&detail, Some(&user("b")), NOW));
        assert_eq!(
            black,
            [
                "resign",
                "draw-offer",
                "draw-accept",
                "draw-decline",
                "give-time",
                "pause-offer",
                "pause-accept",
                "pause-decline"
            ]
        );
        detail.draw_offer = None;
        detail.pause_offer = None;
        detail.black_offers.made = MAX_DRAW_OFFERS;
        detail.pauses_agreed = MAX_PAUSES;
        assert_eq!(
            names(&available(&detail, Some(&user("b")), NOW)),
            ["resign", "give-time"]
        );
    }

    #[test]
    fn untimed_paused_and_computer_games_have_no_clock_actions() {
        let mut untimed = game(&[]);
        untimed.time_control = TimeControl::Untimed;
        untimed.deadline = None;
        assert_eq!(
            names(&available(&untimed, Some(&user("b")), NOW)),
            ["resign", "abort", "draw-offer"]
        );
        let mut paused = game(&[]);
        paused.pause = Some((NOW - 10, NOW + 10));
        assert_eq!(
            names(&available(&paused, Some(&user("b")), NOW)),
            ["resign", "abort", "draw-offer"]
        );
        let mut tournament = game(&[]);
        tournament.source = GameSource::Tournament;
        assert!(!available(&tournament, Some(&user("w")), NOW).contains(&GameAction::Abort));
    }
}
