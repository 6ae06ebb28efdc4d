//! An entrant's status as `tournament_players.status` stores it.

/// Where an entrant stands (`tournament_players.status`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlayerStatus {
    /// Still playing.
    Active,
    /// Left the tournament.
    Withdrawn,
    /// Removed by its organiser.
    Removed,
    /// Knocked out, or not among those who go on to the next stage.
    Eliminated,
}

impl PlayerStatus {
    /// Every status.
    pub const ALL: [PlayerStatus; 4] = [
        PlayerStatus::Active,
        PlayerStatus::Withdrawn,
        PlayerStatus::Removed,
        PlayerStatus::Eliminated,
    ];

    /// The stored text: `active`, `withdrawn`, `removed` or `eliminated`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            PlayerStatus::Active => "active",
            PlayerStatus::Withdrawn => "withdrawn",
            PlayerStatus::Removed => "removed",
            PlayerStatus::Eliminated => "eliminated",
        }
    }
}

impl std::str::FromStr for PlayerStatus {
    type Err = String;

    fn from_str(text: &str) -> Result<PlayerStatus, String> {
        PlayerStatus::ALL
            .into_iter()
            .find(|status| status.as_str() == text)
            .ok_or_else(|| format!("unknown tournament player status `{text}`"))
    }
}

impl TryFrom<String> for PlayerStatus {
    type Error = String;

    fn try_from(text: String) -> Result<PlayerStatus, String> {
        text.parse()
    }
}
