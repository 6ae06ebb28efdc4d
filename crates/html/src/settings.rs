//! The settings page: the signed-in user's time (time zone, vacation, automatic
//! vacation), playing settings (after a move, confirming moves), notifications (the
//! centre's kinds, the devices notified by Web Push), the chat (who reads it, the players
//! blocked) and API tokens, made, listed and revoked.

use askama::Template;
use axum::{
    extract::State,
    response::{IntoResponse, Response},
};
use serde::Deserialize;

use crate::{Ctx, Form, refusal_text, render, see_other};
use domain::{
    Services, accounts, chat, email,
    notifications::{self, DigestChange, Kind, KindChange},
    player_time::{self, TimeSettings},
    push,
    settings::{self, AfterMove, PlaySettings, PlaySettingsChange},
};
use edge::extract::{Path, Query};
use vocab::{error::AppError, i18n::Tr};
mod account;
mod chat_section;

pub(crate) use account::{change_password, delete_account, export, revoke_token};
pub(crate) use chat_section::{add_block, remove_block, save_chat};

#[derive(Template)]
#[template(path = "settings.html")]
struct SettingsPage {
    ctx: Ctx,
    /// Where to go after a move: one radio button each.
    after_move: Vec<Choice>,
    /// Confirming moves on or off.
    confirm_moves: Vec<Choice>,
    /// The repertoire in new games on or off.
    repertoire: Vec<Choice>,
    /// A row per notification kind: a check box per channel.
    notify: Vec<NotifyRow>,
    /// The address and the digest.
    email: EmailView,
    notes: Notes,
    tokens: Vec<TokenLine>,
    tokens_help: String,
    time: TimeView,
    /// The devices notified by Web Push.
    devices: Vec<DeviceLine>,
    /// Whether spectators may read the chat of the user's games.
    chat_spectators: bool,
    /// The players the user blocks.
    blocks: Vec<BlockLine>,
    /// Whether the user is an administrator (a link to `/admin`).
    is_admin: bool,
    /// "Type your username (bob) to confirm".
    delete_confirm_label: String,
}

/// A blocked player as the page lists them.
#[derive(Debug, Clone, PartialEq, Eq)]
struct BlockLine {
    name: String,
    /// "Blocked since …".
    since: String,
    /// The unblock button's name for screen readers ("Unblock bob").
    unblock_label: String,
}

/// A device notified by Web Push, as the page lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct DeviceLine {
    id: String,
    /// The push endpoint, so the script can tell which line is this browser.
    endpoint: String,
    label: String,
    created: String,
    last_success: String,
    /// "Stopped answering …: paused", empty while it is sent to.
    paused: String,
}

/// What the page says after a form: each empty when there is nothing to say.
#[derive(Debug, Clone, Default)]
struct Notes {
    /// A token just made, shown this once.
    new_token: String,
    name_error: String,
    /// The playing settings were saved.
    play_saved: bool,
    /// The notification settings were saved.
    notify_saved: bool,
    /// A refused change of the notification settings.
    notify_error: String,
    /// The address was saved (a verification link is on its way).
    email_saved: bool,
    /// A refused address, shown in the e-mail section.
    email_error: String,
    play_error: String,
    /// A refused change of the time settings, shown in that section.
    time_error: String,
    /// The chat settings were saved.
    chat_saved: bool,
    /// A refused block, shown in the chat section.
    chat_error: String,
    /// The password was changed.
    password_saved: bool,
    /// A refused change of password.
    password_error: String,
    /// A refused deletion of the account.
    delete_error: String,
    /// A refused removal or resumption of a push device.
    push_error: String,
    /// A refused revocation of a token.
    token_error: String,
}

/// The time section as the page shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct TimeView {
    time_zone: String,
    /// The zones to pick from.
    zones: &'static [String],
    auto_vacation: bool,
    /// The nightly pause's start and end (`HH:MM`), empty when none.
    night: (String, String),
    /// "You are on vacation until …", empty when not.
    vacation: String,
    /// Said of an automatic vacation, empty otherwise.
    automatic: String,
    /// What is left of the allowance.
    left: String,
    /// Whether a vacation can be started (allowance left, none running).
    may_start: bool,
}

fn time_view(ctx: &Ctx, settings: &TimeSettings) -> TimeView {
    let t = &ctx.t;
    TimeView {
        time_zone: settings.time_zone.clone(),
        zones: vocab::local_time::zone_names(),
        auto_vacation: settings.auto_vacation,
        night: settings.night.map_or_else(Default::default, |night| {
            (night.from_text(), night.until_text())
        }),
        vacation: settings.vacation.map_or_else(String::new, |vacation| {
            t.fmt(
                "settings.vacation_now",
                &[("when", &ctx.time(vacation.until))],
            )
        }),
        automatic: settings
            .vacation
            .filter(|vacation| vacation.automatic)
            .map_or_else(String::new, |vacation| {
                t.fmt(
                    "settings.vacation_automatic",
                    &[("when", &ctx.time(vacation.from))],
                )
            }),
        left: t.count(
            "settings.vacation_left",
            settings.hours_left,
            &[("allowance", &settings.allowance_hours.to_string())],
        ),
        may_start: settings.vacation.is_none() && settings.hours_left > 0,
    }
}

/// One kind's row of the notification settings.
#[derive(Debug, Clone, PartialEq, Eq)]
struct NotifyRow {
    /// The kind's name (the in-site field's name; `email.` and `push.` prefix the others).
    kind: &'static str,
    /// Its label, translated.
    label: String,
    in_site: bool,
    /// Whether e-mail is offered for the kind (else a dash).
    email_offered: bool,
    email: bool,
    push: bool,
}

/// The e-mail section as the page shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct EmailView {
    /// Whether the server sends e-mail.
    enabled: bool,
    address: String,
    verified: bool,
    digest: bool,
    /// The hours 0 to 23, each with whether it is the digest's.
    hours: Vec<(i64, bool)>,
}

/// One radio button of the playing settings.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Choice {
    /// The element id (`after-move-stay`).
    id: String,
    /// The value sent.
    value: &'static str,
    /// Its label, translated.
    label: String,
    /// Whether it is the setting now.
    checked: bool,
}

/// The radio buttons of a setting that is on or off, `setting` naming its ids and texts.
fn on_off(t: &Tr, setting: &str, on_now: bool) -> Vec<Choice> {
    [(true, "1", "on"), (false, "0", "off")]
        .into_iter()
        .map(|(on, value, key)| Choice {
            id: format!("{}-{key}", setting.replace('_', "-")),
            value,
            label: t.get(&format!("settings.{setting}.{key}")).to_owned(),
            checked: on == on_now,
        })
        .collect()
}

/// The radio buttons of the playing settings: after a move, confirming moves, the
/// repertoire in new games.
fn choices(t: &Tr, play: PlaySettings) -> (Vec<Choice>, Vec<Choice>, Vec<Choice>) {
    let after_move = AfterMove::ALL
        .into_iter()
        .map(|choice| Choice {
            id: format!("after-move-{}", choice.as_str().replace('_', "-")),
            value: choice.as_str(),
            label: t.get(&format!("settings.after_move.{choice}")).to_owned(),
            checked: choice == play.after_move,
        })
        .collect();
    (
        after_move,
        on_off(t, "confirm_moves", play.confirm_moves),
        on_off(t, "repertoire", play.repertoire),
    )
}

/// One token as the page lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct TokenLine {
    id: String,
    name: String,
    created: String,
    last_used: String,
}

/// The settings page's query: `saved=play` after the playing settings were saved.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct SettingsQuery {
    saved: Option<String>,
}

/// The playing-settings form: a field left out stays as it is.
#[derive(Debug, Deserialize)]
pub(crate) struct PlayForm {
    after_move: Option<String>,
    confirm_moves: Option<String>,
    repertoire: Option<String>,
}

/// The new-token form.
#[derive(Debug, Deserialize)]
pub(crate) struct NewTokenForm {
    #[serde(default)]
    name: String,
}

/// The settings page again at `error`'s status, with its text in the section `note`
/// puts it in.
async fn refused(
    state: &Services,
    ctx: Ctx,
    error: &AppError,
    note: impl FnOnce(String) -> Notes,
) -> Result<Response, AppError> {
    let notes = note(refusal_text(&ctx.t, error));
    let page = page(state, ctx, notes).await?;
    crate::render_refused(&page, error)
}

async fn page(state: &Services, ctx: Ctx, notes: Notes) -> Result<SettingsPage, AppError> {
    let user = ctx.require_user()?.clone();
    let never = ctx.t.get("settings.never_used").to_owned();
    let tokens = accounts::tokens(state, &user)
        .await?
        .into_iter()
        .map(|token| TokenLine {
            id: token.id,
            name: token.name,
            created: ctx.time(token.created_at),
            last_used: token
                .last_used_at
                .map_or_else(|| never.clone(), |at| ctx.time(at)),
        })
        .collect();
    let play = settings::play_settings(state, &user).await?;
    let (after_move, confirm_moves, repertoire) = choices(&ctx.t, play);
    let time = time_view(&ctx, &player_time::settings(state, &user).await?);
    let devices = push::devices(state, &user)
        .await?
        .into_iter()
        .map(|device| DeviceLine {
            id: device.id,
            endpoint: device.endpoint,
            label: device.label,
            created: ctx.time(device.created_at),
            last_success: device
                .last_success_at
                .map_or_else(|| never.clone(), |at| ctx.time(at)),
            paused: device.paused_at.map_or_else(String::new, |at| {
                ctx.t
                    .fmt("settings.push_paused", &[("when", &ctx.time(at))])
            }),
        })
        .collect();
    let preferences = notifications::preferences(state, &user).await?;
    let notify = Kind::WRITTEN
        .into_iter()
        .map(|kind| NotifyRow {
            kind: kind.as_str(),
            label: ctx.t.get(&format!("settings.notify.{kind}")).to_owned(),
            in_site: preferences.in_site(kind),
            email_offered: kind.email_offered(),
            email: preferences.email(kind).unwrap_or(false),
            push: preferences.push(kind),
        })
        .collect();
    let chat_spectators = chat::spectators_setting(state, &user).await?;
    let blocks = chat::blocks(state, &user)
        .await?
        .into_iter()
        .map(|block| BlockLine {
            since: ctx.t.fmt(
                "settings.blocked_since",
                &[("when", &ctx.time(block.created_at))],
            ),
            unblock_label: ctx
                .t
                .fmt("settings.unblock_name", &[("name", &block.username)]),
            name: block.username,
        })
        .collect();
    let mail = &preferences.email;
    let email = EmailView {
        enabled: mail.enabled,
        address: mail.address.clone().unwrap_or_default(),
        verified: mail.verified,
        digest: mail.digest,
        hours: (0..24)
            .map(|hour| (hour, hour == mail.digest_hour))
            .collect(),
    };
    let is_admin = domain::moderation::is_admin(state, &user).await?;
    Ok(SettingsPage {
        is_admin,
        delete_confirm_label: ctx
            .t
            .fmt("account.delete_confirm", &[("name", &user.username)]),
        chat_spectators,
        blocks,
        devices,
        notify,
        email,
        time,
        after_move,
        confirm_moves,
        repertoire,
        notes,
        tokens,
        tokens_help: ctx.t.fmt(
            "settings.tokens_help",
            &[(
                "n",
                &state.config.accounts.max_tokens_per_account.to_string(),
            )],
        ),
        ctx,
    })
}

/// `GET /settings`.
pub(crate) async fn settings(
    State(state): State<Services>,
    ctx: Ctx,
    Query(query): Query<SettingsQuery>,
) -> Result<Response, AppError> {
    let notes = Notes {
        play_saved: query.saved.as_deref() == Some("play"),
        notify_saved: query.saved.as_deref() == Some("notifications"),
        email_saved: query.saved.as_deref() == Some("email"),
        chat_saved: query.saved.as_deref() == Some("chat"),
        password_saved: query.saved.as_deref() == Some("password"),
        ..Notes::default()
    };
    render(&page(&state, ctx, notes).await?)
}

/// `POST /settings/notifications`: a check box per kind and channel (the kind's name for
/// the centre, `email.<kind>`, `push.<kind>`), `digest` and `digest_hour`; boxes left
/// unchecked are turned off. Back to the page saying so; a bad hour is refused with the
/// page and the error (422).
pub(crate) async fn save_notifications(
    State(state): State<Services>,
    ctx: Ctx,
    Form(form): Form<std::collections::HashMap<String, String>>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    let changes: Vec<KindChange> = Kind::WRITTEN
        .into_iter()
        .map(|kind| KindChange {
            kind,
            in_site: Some(form.contains_key(kind.as_str())),
            email: kind
                .email_offered()
                .then(|| form.contains_key(&format!("email.{kind}"))),
            push: Some(form.contains_key(&format!("push.{kind}"))),
        })
        .collect();
    let hour = match form
        .get("digest_hour")
        .map(|hour| hour.trim().parse::<i64>())
    {
        None => Ok(None),
        Some(Ok(hour)) => Ok(Some(hour)),
        Some(Err(_)) => Err(AppError::invalid(
            "invalid_digest_hour",
            "the digest's hour is a whole hour from 0 to 23",
        )),
    };
    let result = match hour {
        Ok(hour) => {
            let digest = DigestChange {
                on: Some(form.contains_key("digest")),
                hour,
            };
            notifications::change_preferences(&state, &user, &changes, digest, Some(ctx.t.lang))
                .await
                .map(|_| ())
        }
        Err(error) => Err(error),
    };
    match result {
        Ok(()) => Ok(see_other("/settings?saved=notifications#notifications")),
        Err(error @ AppError::Invalid { .. }) => {
            refused(&state, ctx, &error, |text| Notes {
                notify_error: text,
                ..Notes::default()
            })
            .await
        }
        Err(error) => Err(error),
    }
}

/// The address form.
#[derive(Debug, Deserialize)]
pub(crate) struct EmailForm {
    #[serde(default)]
    address: String,
}

/// `POST /settings/email`: sets the address (empty removes it) and mails its
/// verification link; back to the page saying so, or the page with the error (422, or
/// 409 when the server sends no mail).
pub(crate) async fn save_email(
    State(state): State<Services>,
    ctx: Ctx,
    Form(form): Form<EmailForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    match email::set_address(&state, &user, &form.address, ctx.t.lang).await {
        Ok(_) => Ok(see_other("/settings?saved=email#email")),
        Err(error @ (AppError::Invalid { .. } | AppError::Conflict { .. })) => {
            refused(&state, ctx, &error, |text| Notes {
                email_error: text,
                ..Notes::default()
            })
            .await
        }
        Err(error) => Err(error),
    }
}

/// `POST /settings/play`: saves the playing settings, back to the page saying so; a
/// value that is not offered is refused with the page and the error (422).
pub(crate) async fn save_play(
    State(state): State<Services>,
    ctx: Ctx,
    Form(form): Form<PlayForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    let change = form
        .after_move
        .as_deref()
        .map(settings::parse_after_move)
        .transpose()
        .and_then(|after_move| {
            let confirm_moves = form
                .confirm_moves
                .as_deref()
                .map(settings::parse_confirm_moves)
                .transpose()?;
            let repertoire = form
                .repertoire
                .as_deref()
                .map(settings::parse_repertoire)
                .transpose()?;
            Ok(PlaySettingsChange {
                after_move,
                confirm_moves,
                repertoire,
            })
        });
    match change {
        Ok(change) => {
            settings::change_play_settings(&state, &user, change).await?;
            Ok(see_other("/settings?saved=play#playing"))
        }
        Err(error @ AppError::Invalid { .. }) => {
            refused(&state, ctx, &error, |text| Notes {
                play_error: text,
                ..Notes::default()
            })
            .await
        }
        Err(error) => Err(error),
    }
}

/// `POST /settings/tokens`: makes a token and shows it once.
pub(crate) async fn create_token(
    State(state): State<Services>,
    ctx: Ctx,
    Form(form): Form<NewTokenForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    let made = match accounts::token_name(Some(&form.name)) {
        Ok(name) => accounts::issue_token(&state, &user, &name).await,
        Err(error) => Err(error),
    };
    match made {
        Ok(token) => {
            let notes = Notes {
                new_token: token.token,
                ..Notes::default()
            };
            render(&page(&state, ctx, notes).await?)
        }
        Err(error @ (AppError::Invalid { .. } | AppError::Conflict { .. })) => {
            refused(&state, ctx, &error, |text| Notes {
                name_error: text,
                ..Notes::default()
            })
            .await
        }
        Err(error) => Err(error),
    }
}

/// The time form: a time zone, a nightly pause and the automatic-vacation checkbox.
#[derive(Debug, Deserialize)]
pub(crate) struct TimeForm {
    #[serde(default)]
    time_zone: String,
    /// The nightly pause's start (`HH:MM`; empty with `night_until`: none).
    #[serde(default)]
    night_from: String,
    /// Its end.
    #[serde(default)]
    night_until: String,
    /// A checkbox: present when automatic vacation is on.
    #[serde(default)]
    auto_vacation: Option<String>,
}

/// The new-vacation form: days and hours, added up.
#[derive(Debug, Deserialize)]
pub(crate) struct VacationForm {
    #[serde(default)]
    days: String,
    #[serde(default)]
    hours: String,
}

/// Shows a refused time change in the time section; passes on other errors.
async fn time_refused(
    state: &Services,
    ctx: Ctx,
    result: Result<TimeSettings, AppError>,
) -> Result<Response, AppError> {
    match result {
        Ok(_) => Ok(see_other("/settings#time")),
        Err(error @ (AppError::Invalid { .. } | AppError::Conflict { .. })) => {
            refused(state, ctx, &error, |text| Notes {
                time_error: text,
                ..Notes::default()
            })
            .await
        }
        Err(error) => Err(error),
    }
}

/// `POST /settings/time`: the time zone, the nightly pause and automatic vacation. A
/// night that is not one changes nothing.
pub(crate) async fn change_time(
    State(state): State<Services>,
    ctx: Ctx,
    Form(form): Form<TimeForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    let result = async {
        let night = player_time::night_of(&form.night_from, &form.night_until)?;
        player_time::set_time_zone(&state, &user, &form.time_zone).await?;
        player_time::set_night(&state, &user, night).await?;
        player_time::set_auto_vacation(&state, &user, form.auto_vacation.is_some()).await
    }
    .await;
    let zone = result
        .as_ref()
        .ok()
        .map(|time| crate::zone_cookie(&time.time_zone));
    let response = time_refused(&state, ctx, result).await?;
    // Every page shows times in the chosen zone from now on.
    Ok(match zone {
        Some(cookie) => (crate::cookie_header(&cookie)?, response).into_response(),
        None => response,
    })
}

/// `POST /settings/vacation`: starts a vacation of the days and hours given.
pub(crate) async fn start_vacation(
    State(state): State<Services>,
    ctx: Ctx,
    Form(form): Form<VacationForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    let number = |text: &str| {
        let text = text.trim();
        if text.is_empty() {
            Some(0)
        } else {
            text.parse::<i64>()
                .ok()
                .filter(|n| (0..=10_000).contains(n))
        }
    };
    let hours = match (number(&form.days), number(&form.hours)) {
        (Some(days), Some(hours)) => days * 24 + hours,
        _ => 0,
    };
    let result = player_time::start_vacation(&state, &user, hours).await;
    time_refused(&state, ctx, result).await
}

/// `POST /settings/vacation/end`.
pub(crate) async fn end_vacation(
    State(state): State<Services>,
    ctx: Ctx,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    let result = player_time::end_vacation(&state, &user).await;
    time_refused(&state, ctx, result).await
}

/// `POST /settings/push/{id}/remove`: stops notifying a device (a plain form, so it
/// works without script).
pub(crate) async fn remove_device(
    State(state): State<Services>,
    ctx: Ctx,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    let result = push::unsubscribe(&state, &user, &id).await;
    device_answer(&state, ctx, result.map(|_| ())).await
}

/// `POST /settings/push/{id}/resume`: sends to a device again after it was paused for
/// not answering.
pub(crate) async fn resume_device(
    State(state): State<Services>,
    ctx: Ctx,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    let result = push::resume(&state, &user, &id).await;
    device_answer(&state, ctx, result.map(|_| ())).await
}

/// Back to the push section, or the page with a refused change of a device shown there.
async fn device_answer(
    state: &Services,
    ctx: Ctx,
    result: Result<(), AppError>,
) -> Result<Response, AppError> {
    match result {
        Ok(()) => Ok(see_other("/settings#push")),
        Err(error) if crate::shown_on_form(&error) => {
            refused(state, ctx, &error, |text| Notes {
                push_error: text,
                ..Notes::default()
            })
            .await
        }
        Err(error) => Err(error),
    }
}

#[cfg(test)]
mod tests;
