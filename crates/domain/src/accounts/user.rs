//! Who an account is, as every layer above sees it: a [`User`], the [`AccountKind`] that
//! plays it, and the counts every page's header shows them.

/// A signed-in person (or program).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    /// The user's id.
    pub id: String,
    /// The name as registered.
    pub username: String,
    /// Who plays the account.
    pub kind: AccountKind,
}

/// Who plays an account (`users.kind`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AccountKind {
    /// A person, signing in with a password.
    Human,
    /// The server's engine at one level; it has no password and cannot sign in.
    Computer,
    /// A person's account upgraded for a program, which plays through the bot API.
    Bot,
}

impl AccountKind {
    /// The stored name.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Human => "human",
            Self::Computer => "computer",
            Self::Bot => "bot",
        }
    }

    /// Whether a bot plays the account (pages show BOT by its name).
    #[must_use]
    pub const fn is_bot(self) -> bool {
        matches!(self, Self::Bot)
    }

    /// The kind stored as `text`; an unknown text reads as a human (the default).
    #[must_use]
    pub fn from_stored(text: &str) -> Self {
        match text {
            "computer" => Self::Computer,
            "bot" => Self::Bot,
            _ => Self::Human,
        }
    }
}

/// What every page's header counts for the signed-in user.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HeaderCounts {
    /// Games waiting for the user's move.
    pub your_turn: i64,
    /// Unread notices (the bell).
    pub unread: i64,
    /// Reports waiting for an administrator, for an administrator (`None` for everyone
    /// else: the header then has no link to the administration page).
    pub open_reports: Option<i64>,
}
