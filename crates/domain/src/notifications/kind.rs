//! What a notice is about: the kinds every channel and every player's preferences name.

/// What a notice is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// The opponent moved: it is the player's turn.
    YourTurn,
    /// The opponent offers a draw.
    DrawOffer,
    /// A challenge addressed to the player.
    Challenge,
    /// A game of the player ended (with its result).
    GameFinished,
    /// The player's time in a game is running out.
    ClockWarning,
    /// News of a tournament the player entered or organises: an entry (to the
    /// organiser), the start, a new round or stage, the end, a cancellation (the payload's
    /// `event`).
    TournamentRound,
    /// A new line in a game's chat, for the opponent who is not watching the game.
    ChatMessage,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 7] = [
        Kind::YourTurn,
        Kind::DrawOffer,
        Kind::Challenge,
        Kind::GameFinished,
        Kind::ClockWarning,
        Kind::TournamentRound,
        Kind::ChatMessage,
    ];

    /// The kinds written today, in the order the settings show them.
    pub const WRITTEN: [Kind; 7] = [
        Kind::YourTurn,
        Kind::DrawOffer,
        Kind::Challenge,
        Kind::GameFinished,
        Kind::ClockWarning,
        Kind::ChatMessage,
        Kind::TournamentRound,
    ];

    /// Its stored name.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Kind::YourTurn => "your_turn",
            Kind::DrawOffer => "draw_offer",
            Kind::Challenge => "challenge",
            Kind::GameFinished => "game_finished",
            Kind::ClockWarning => "clock_warning",
            Kind::TournamentRound => "tournament_round",
            Kind::ChatMessage => "chat_message",
        }
    }

    /// Whether a player may choose e-mail for this kind: only the clock warnings are
    /// mailed at once (the day-left and hour-left ones); the rest waits for the digest.
    #[must_use]
    pub const fn email_offered(self) -> bool {
        matches!(self, Kind::ClockWarning)
    }

    /// E-mail's default for this kind (where it is offered).
    #[must_use]
    pub const fn email_default(self) -> bool {
        matches!(self, Kind::ClockWarning)
    }

    /// Push's default for this kind: what a player away from the site wants to hear of
    /// (a game may end on time or by the opponent's resignation while they are away); a
    /// draw offer waits for their next visit.
    #[must_use]
    pub const fn push_default(self) -> bool {
        matches!(
            self,
            Kind::YourTurn | Kind::ClockWarning | Kind::Challenge | Kind::GameFinished
        )
    }
}

rules::text_form!(Kind, "notification kind");
