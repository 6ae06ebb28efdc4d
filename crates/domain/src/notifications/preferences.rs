//! A player's choice of channels for each kind of notice, and the daily digest.

use super::Kind;
use crate::{Services, accounts::user::User};
use store::notifications as rows;
use vocab::error::AppError;

/// One kind's choices: in the centre, by e-mail, by push.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KindChoice {
    /// The kind.
    pub kind: Kind,
    /// Written to the centre (and its live channel).
    pub in_site: bool,
    /// Mailed (`None`: e-mail is not offered for the kind, [`Kind::email_offered`]).
    pub email: Option<bool>,
    /// Pushed.
    pub push: bool,
}

/// A player's preferences: per kind and channel, and the daily digest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Preferences {
    /// Every written kind's choices, in [`Kind::WRITTEN`]'s order.
    pub kinds: Vec<KindChoice>,
    /// The address and the digest.
    pub email: crate::email::EmailSettings,
}

impl Preferences {
    fn choice(&self, kind: Kind) -> Option<&KindChoice> {
        self.kinds.iter().find(|choice| choice.kind == kind)
    }

    /// Whether notices of `kind` appear in the centre.
    #[must_use]
    pub fn in_site(&self, kind: Kind) -> bool {
        self.choice(kind).is_none_or(|choice| choice.in_site)
    }

    /// Whether notices of `kind` are mailed (`None`: not offered).
    #[must_use]
    pub fn email(&self, kind: Kind) -> Option<bool> {
        self.choice(kind).and_then(|choice| choice.email)
    }

    /// Whether notices of `kind` are pushed.
    #[must_use]
    pub fn push(&self, kind: Kind) -> bool {
        self.choice(kind).is_some_and(|choice| choice.push)
    }
}

/// `user`'s preferences.
///
/// # Errors
///
/// Database errors.
pub async fn preferences(state: &Services, user: &User) -> Result<Preferences, AppError> {
    let found = {
        let mut conn = state.db.pool.acquire().await?;
        rows::preference_rows(&mut conn, &user.id).await?
    };
    let kinds = Kind::WRITTEN
        .into_iter()
        .map(|kind| {
            let row = found.iter().find(|(name, ..)| name == kind.as_str());
            let chosen = |value: Option<i64>, default: bool| value.map_or(default, |on| on == 1);
            KindChoice {
                kind,
                in_site: row.is_none_or(|(_, in_site, ..)| *in_site == 1),
                email: kind.email_offered().then(|| {
                    chosen(
                        row.and_then(|(_, _, email, _)| *email),
                        kind.email_default(),
                    )
                }),
                push: chosen(row.and_then(|(.., push)| *push), kind.push_default()),
            }
        })
        .collect();
    Ok(Preferences {
        kinds,
        email: crate::email::settings(state, user).await?,
    })
}

/// A change of one kind's choices: each channel given is set, the others stay.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KindChange {
    /// The kind.
    pub kind: Kind,
    /// In the centre.
    pub in_site: Option<bool>,
    /// By e-mail.
    pub email: Option<bool>,
    /// By push.
    pub push: Option<bool>,
}

/// A change of the digest: each part given is set.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DigestChange {
    /// On or off.
    pub on: Option<bool>,
    /// The local hour, 0 to 23.
    pub hour: Option<i64>,
}

/// Changes `user`'s preferences: each kind's channels in `changes`, and the digest;
/// returns them all. Mails go out in `lang` from now on.
///
/// # Errors
///
/// 422 `email_not_offered` for e-mail on a kind that is never mailed at once,
/// `invalid_digest_hour`; database errors.
pub async fn change_preferences(
    state: &Services,
    user: &User,
    changes: &[KindChange],
    digest: DigestChange,
    lang: Option<vocab::i18n::Lang>,
) -> Result<Preferences, AppError> {
    // Everything is checked before anything changes.
    crate::email::check_digest_hour(digest.hour)?;
    if let Some(change) = changes
        .iter()
        .find(|change| change.email == Some(true) && !change.kind.email_offered())
    {
        return Err(AppError::invalid(
            "email_not_offered",
            format!(
                "{} notices are not mailed one by one (the daily digest lists your turns and \
                 challenges); e-mail is offered for clock_warning",
                change.kind
            ),
        ));
    }
    let mut tx = state.db.begin_write().await?;
    for change in changes {
        let kind = change.kind.as_str();
        if let Some(on) = change.in_site {
            rows::set_in_site(&mut tx, &user.id, kind, on).await?;
        }
        if let (Some(on), true) = (change.email, change.kind.email_offered()) {
            rows::set_channel(&mut tx, &user.id, kind, rows::ChannelColumn::Email, on).await?;
        }
        if let Some(on) = change.push {
            rows::set_channel(&mut tx, &user.id, kind, rows::ChannelColumn::Push, on).await?;
        }
    }
    tx.commit().await?;
    crate::email::change_digest(state, user, digest.on, digest.hour, lang).await?;
    preferences(state, user).await
}
