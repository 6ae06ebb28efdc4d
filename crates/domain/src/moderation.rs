//! Moderation: administrators, reports, mutes and bans, and the administrators' log. See
//! docs/moderation.md.
//!
//! - **Administrators**: the first person to register (decided in the registration's
//!   transaction), and whoever `server admin grant NAME` names.
//! - **Reports**: a signed-in player reports a player, or a chat line they can read
//!   (not their own), with an optional reason; one open report per reporter and target
//!   (a second is 409 `already_reported`); [`REPORTS_PER_MINUTE`] a player.
//! - **Mute**: no chat lines (403 `muted`); play goes on.
//! - **Ban**, in one transaction: sessions and API tokens deleted, open challenges from
//!   and to the account cancelled, its active games ended as its resignation (through
//!   the one finish path); it cannot sign in (403 `banned`) until unbanned.
//! - Every administrator's action is logged in its own transaction.

use sqlx::AnyConnection;

pub use crate::{chat::check_may_chat, throttle::REPORTS_PER_MINUTE};

use crate::{
    Services,
    accounts::user::User,
    chat,
    events::{ChallengeChange, ChallengeSignal, EventHub, Staged},
    game::actions::{Resigned, after_resign_all, resign_all},
    throttle::PlayerAction,
};
use store::{
    Database,
    moderation::{self as rows, AccountRow, ActionRow, NewAction, NewReport, ReportRow},
};
use vocab::{error::AppError, ids::new_id};

/// The longest reason given with a report, in characters.
pub const MAX_REASON_CHARS: usize = 500;

/// Open reports the administrators' page shows at most.
pub const OPEN_REPORTS_SHOWN: i64 = 200;

/// Logged actions per page of the log.
pub const LOG_PAGE: i64 = 50;

fn not_admin() -> AppError {
    AppError::forbidden("not_admin", "only administrators may do this")
}

/// Whether `user` is an administrator now.
///
/// # Errors
///
/// Database errors.
pub async fn is_admin(state: &Services, user: &User) -> Result<bool, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    Ok(rows::account(&mut conn, &user.id)
        .await?
        .is_some_and(|row| row.is_admin == 1))
}

/// `user`, if an administrator.
///
/// # Errors
///
/// 403 `not_admin`; database errors.
pub async fn require_admin(state: &Services, user: &User) -> Result<(), AppError> {
    if is_admin(state, user).await? {
        Ok(())
    } else {
        Err(not_admin())
    }
}

/// Makes the person called `name` an administrator (`on`) or not, from the command line
/// (logged with no administrator). Returns what was done, in words.
///
/// # Errors
///
/// 404 no such account; 409 `no_change` when it already is (or is not); 422
/// `not_a_person` for a computer's or bot's account or a deleted one; database errors.
pub async fn set_admin_from_cli(
    db: &Database,
    name: &str,
    on: bool,
    now: i64,
) -> Result<String, AppError> {
    let account = {
        let mut conn = db.pool.acquire().await?;
        rows::account_by_name(&mut conn, name.trim())
            .await?
            .ok_or(AppError::NotFound("player"))?
    };
    if account.kind != "human" || account.deleted_at.is_some() {
        return Err(AppError::invalid(
            "not_a_person",
            "only a person's account can be an administrator",
        ));
    }
    let mut tx = db.begin_write().await?;
    // The first statement is the write.
    if !rows::set_admin(&mut tx, &account.id, on).await? {
        return Err(AppError::conflict(
            "no_change",
            if on {
                "that account is an administrator already"
            } else {
                "that account is not an administrator"
            },
        ));
    }
    let action = if on { "grant_admin" } else { "revoke_admin" };
    rows::log_action(
        &mut tx,
        &NewAction {
            admin_id: None,
            action,
            target_id: Some(&account.id),
            report_id: None,
            detail: "from the command line",
            created_at: now,
        },
    )
    .await?;
    // Running servers on Postgres drop what they keep of the account at once (its header
    // shows the administrator's link); on SQLite, which no running server hears from
    // here, it shows within `WARM_AGE`.
    let hub = EventHub::for_command(db.backend);
    let told = hub.stage_users_changed(&mut tx, &[&account.id]).await?;
    tx.commit().await?;
    told.committed(&hub);
    Ok(if on {
        format!("{} is an administrator now", account.username)
    } else {
        format!("{} is no longer an administrator", account.username)
    })
}

/// What a report is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportTarget<'a> {
    /// A player, by name.
    Player(&'a str),
    /// Line `seq` of game `game_id`'s chat.
    ChatLine {
        /// The game.
        game_id: &'a str,
        /// The line's number.
        seq: i64,
    },
}

/// A report just filed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Filed {
    /// Its id.
    pub id: String,
    /// The reported account's name.
    pub target: String,
}

/// Checks a report's reason: at most [`MAX_REASON_CHARS`] characters, no control
/// characters but line breaks and tabs (as a chat line); trimmed.
///
/// # Errors
///
/// 422 `reason_too_long`, `control_character`.
pub fn clean_reason(reason: &str) -> Result<String, AppError> {
    let chars = reason.chars().count();
    if chars > MAX_REASON_CHARS {
        return Err(AppError::invalid(
            "reason_too_long",
            format!("a reason has at most {MAX_REASON_CHARS} characters (this one has {chars})"),
        ));
    }
    let reason = reason.replace("\r\n", "\n").replace('\r', "\n");
    crate::text::check(&reason, crate::text::Typed::FreeText)?;
    Ok(reason.trim().to_owned())
}

/// Files `user`'s report of `target` with `reason`.
///
/// # Errors
///
/// 422 `reason_too_long`, `control_character`, `report_yourself` (oneself or one's own
/// line), `invalid_report` (a line number below 1); 429 when the player has filed
/// [`REPORTS_PER_MINUTE`] this minute; 404 no such player, game or line; 403
/// `chat_private` (a chat the reporter cannot read); 409 `already_reported` (an open
/// report of the same reporter and target); database errors.
pub async fn report(
    state: &Services,
    user: &User,
    target: ReportTarget<'_>,
    reason: &str,
) -> Result<Filed, AppError> {
    let reason = clean_reason(reason)?;
    let (target_id, target_name, key, game_id, seq, quoted) = match target {
        ReportTarget::Player(name) => {
            let mut conn = state.db.pool.acquire().await?;
            let account = rows::account_by_name(&mut conn, name.trim())
                .await?
                .ok_or(AppError::NotFound("player"))?;
            if account.id == user.id {
                return Err(report_yourself());
            }
            let key = format!("player:{}", account.id);
            (account.id, account.username, key, None, None, String::new())
        }
        ReportTarget::ChatLine { game_id, seq } => {
            if seq < 1 {
                return Err(AppError::invalid(
                    "invalid_report",
                    "a chat line's number is 1 or more",
                ));
            }
            let view = chat::read(state, Some(user), game_id, seq - 1).await?;
            let line = view
                .lines
                .into_iter()
                .find(|line| line.seq == seq)
                .ok_or(AppError::NotFound("chat line"))?;
            if line.author == user.username {
                return Err(report_yourself());
            }
            let mut conn = state.db.pool.acquire().await?;
            let account = rows::account_by_name(&mut conn, &line.author)
                .await?
                .ok_or(AppError::NotFound("player"))?;
            let key = format!("chat:{game_id}:{seq}");
            (
                account.id,
                account.username,
                key,
                Some(game_id),
                Some(seq),
                line.text,
            )
        }
    };
    state.player_limits.check(PlayerAction::Report, &user.id)?;
    let id = new_id();
    let new = NewReport {
        id: &id,
        reporter_id: &user.id,
        target_id: &target_id,
        target_key: &key,
        game_id,
        chat_seq: seq,
        quoted: &quoted,
        reason: &reason,
        created_at: state.now(),
    };
    let mut conn = state.db.pool.acquire().await?;
    match rows::insert_report(&mut conn, &new).await {
        Ok(()) => {
            metrics::counter!("reports_total").increment(1);
            state
                .events
                .stage_reports_changed(&mut conn)
                .await?
                .committed(&state.events);
            Ok(Filed {
                id,
                target: target_name,
            })
        }
        Err(error) if store::is_unique_violation(&error) => Err(AppError::conflict(
            "already_reported",
            "you have reported this already; an administrator will read it",
        )),
        Err(error) => Err(error.into()),
    }
}

fn report_yourself() -> AppError {
    AppError::invalid("report_yourself", "you cannot report yourself")
}

/// The open reports, oldest first, for an administrator.
///
/// # Errors
///
/// 403 `not_admin`; database errors.
pub async fn open_reports(state: &Services, admin: &User) -> Result<Vec<ReportRow>, AppError> {
    require_admin(state, admin).await?;
    let mut conn = state.db.pool.acquire().await?;
    Ok(rows::open_reports(&mut conn, OPEN_REPORTS_SHOWN).await?)
}

/// Closes the open report `id` as resolved (`dismiss` false) or dismissed, logged.
///
/// # Errors
///
/// 403 `not_admin`; 404 no such report; 409 `report_closed`; database errors.
pub async fn close_report(
    state: &Services,
    admin: &User,
    id: &str,
    dismiss: bool,
) -> Result<(), AppError> {
    require_admin(state, admin).await?;
    if store::names_nothing(id) {
        return Err(AppError::NotFound("report"));
    }
    let now = state.now();
    let status = if dismiss { "dismissed" } else { "resolved" };
    let mut tx = state.db.begin_write().await?;
    if !rows::close_report(&mut tx, id, status, &admin.id, now).await? {
        tx.rollback().await?;
        let mut conn = state.db.pool.acquire().await?;
        return Err(match rows::report(&mut conn, id).await? {
            None => AppError::NotFound("report"),
            Some(_) => AppError::conflict("report_closed", "the report is closed already"),
        });
    }
    let target = rows::report(&mut tx, id).await?.map(|row| row.target_id);
    rows::log_action(
        &mut tx,
        &NewAction {
            admin_id: Some(&admin.id),
            action: if dismiss {
                "dismiss_report"
            } else {
                "resolve_report"
            },
            target_id: target.as_deref(),
            report_id: Some(id),
            detail: "",
            created_at: now,
        },
    )
    .await?;
    let told = state.events.stage_reports_changed(&mut tx).await?;
    tx.commit().await?;
    told.committed(&state.events);
    Ok(())
}

/// What an administrator does to an account.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sanction {
    /// No chat lines.
    Mute,
    /// Chat again.
    Unmute,
    /// No sign-in; sessions, tokens, challenges and active games end.
    Ban,
    /// Sign in again.
    Unban,
}

impl Sanction {
    /// Every sanction.
    pub const ALL: [Sanction; 4] = [
        Sanction::Mute,
        Sanction::Unmute,
        Sanction::Ban,
        Sanction::Unban,
    ];

    /// Its name in URLs and the log: `mute`, `unmute`, `ban`, `unban`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Sanction::Mute => "mute",
            Sanction::Unmute => "unmute",
            Sanction::Ban => "ban",
            Sanction::Unban => "unban",
        }
    }

    /// The sanction called `text`.
    #[must_use]
    pub fn parse(text: &str) -> Option<Sanction> {
        Sanction::ALL.into_iter().find(|s| s.as_str() == text)
    }
}

/// What a sanction did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sanctioned {
    /// The account's name.
    pub target: String,
    /// The games a ban ended (ids).
    pub games_ended: Vec<String>,
    /// How many open challenges a ban cancelled.
    pub challenges_cancelled: usize,
}

/// What ending an account's play (a ban, a deletion) did in its transaction, for after
/// the commit.
#[derive(Debug)]
pub(crate) struct PlayEnded {
    challenges: Vec<Staged>,
    cancelled: usize,
    games: Vec<Resigned>,
    /// A deleted account's name changes on every game it played.
    flush: Staged,
}

impl PlayEnded {
    /// The ids of the games ended.
    pub(crate) fn game_ids(&self) -> Vec<String> {
        self.games.iter().map(|game| game.id().to_owned()).collect()
    }

    /// The steps after the commit: the challenges' and the games' live events.
    pub(crate) fn committed(self, state: &Services) {
        self.flush.committed(&state.events);
        for staged in self.challenges {
            staged.committed(&state.events);
        }
        after_resign_all(state, self.games);
        state.wake_tournaments();
    }
}

/// Ends `user_id`'s play in the transaction `conn`: their open challenges (from and to
/// them) cancelled, their tournament entries withdrawn, their active games ended as
/// their resignation ([`resign_all`]).
///
/// # Errors
///
/// Database errors (the caller rolls back).
pub(crate) async fn end_play(
    state: &Services,
    conn: &mut AnyConnection,
    user_id: &str,
    now: i64,
) -> Result<PlayEnded, AppError> {
    let cancelled = rows::cancel_challenges_of(&mut *conn, user_id).await?;
    let mut challenges = Vec::new();
    for (id, challenger, opponent) in &cancelled {
        if let Some(opponent) = opponent {
            let signal = ChallengeSignal {
                challenge_id: id.clone(),
                change: ChallengeChange::Canceled,
                users: vec![challenger.clone(), opponent.clone()],
                reason: None,
            };
            challenges.push(state.events.stage_challenge(&mut *conn, signal).await?);
        }
    }
    // Out of their tournaments first (so that the runner does not pair them again),
    // then every game resigned, tournament games among them.
    crate::tournaments::leave_all(&mut *conn, user_id).await?;
    let ids = rows::active_games_of(&mut *conn, user_id).await?;
    let games = resign_all(state, &mut *conn, user_id, &ids, now).await?;
    let flush = state.events.stage_flush(conn).await?;
    Ok(PlayEnded {
        challenges,
        cancelled: cancelled.len(),
        games,
        flush,
    })
}

/// Applies `sanction` to the account called `name`, as `admin`, with `note` in the log
/// (and the report it answers, when given). Logged in the same transaction.
///
/// # Errors
///
/// 403 `not_admin`, `target_is_admin` (administrators are not muted or banned: revoke
/// first); 404 no such player; 422 `own_account`, `not_a_person` (the computer's
/// accounts); 409 `no_change` (already muted, not banned, …); database errors.
pub async fn sanction(
    state: &Services,
    admin: &User,
    name: &str,
    sanction: Sanction,
    note: &str,
) -> Result<Sanctioned, AppError> {
    require_admin(state, admin).await?;
    let note = clean_reason(note)?;
    let account: AccountRow = {
        let mut conn = state.db.pool.acquire().await?;
        rows::account_by_name(&mut conn, name.trim())
            .await?
            .ok_or(AppError::NotFound("player"))?
    };
    if account.id == admin.id {
        return Err(AppError::invalid(
            "own_account",
            "administrators do not sanction their own account",
        ));
    }
    if account.kind == "computer" {
        return Err(AppError::invalid(
            "not_a_person",
            "the computer's accounts are not muted or banned",
        ));
    }
    if account.is_admin == 1 && matches!(sanction, Sanction::Mute | Sanction::Ban) {
        return Err(AppError::forbidden(
            "target_is_admin",
            "an administrator is not muted or banned: revoke their role first",
        ));
    }
    let now = state.now();
    let mut tx = state.db.begin_write().await?;
    let work = async {
        let changed = match sanction {
            Sanction::Mute => rows::mute(&mut tx, &account.id, now).await?,
            Sanction::Unmute => rows::unmute(&mut tx, &account.id).await?,
            Sanction::Ban => rows::ban(&mut tx, &account.id, now).await?,
            Sanction::Unban => rows::unban(&mut tx, &account.id).await?,
        };
        if !changed {
            return Err(AppError::conflict(
                "no_change",
                match sanction {
                    Sanction::Mute => "the account is muted already",
                    Sanction::Unmute => "the account is not muted",
                    Sanction::Ban => "the account is banned already",
                    Sanction::Unban => "the account is not banned",
                },
            ));
        }
        let ended = if sanction == Sanction::Ban {
            rows::end_sessions(&mut tx, &account.id, None).await?;
            rows::delete_tokens(&mut tx, &account.id).await?;
            Some(end_play(state, &mut tx, &account.id, now).await?)
        } else {
            None
        };
        // A mute closes the account's chats (a ban's flush drops everything).
        let told = state
            .events
            .stage_users_changed(&mut tx, &[&account.id])
            .await?;
        let detail = match &ended {
            Some(ended) => {
                let games = ended.game_ids();
                let mut detail = format!(
                    "{} games ended as resignations, {} challenges cancelled",
                    games.len(),
                    ended.cancelled
                );
                if !games.is_empty() {
                    detail.push_str(&format!(" ({})", games.join(", ")));
                }
                if !note.is_empty() {
                    detail.push_str(". ");
                    detail.push_str(&note);
                }
                detail
            }
            None => note.clone(),
        };
        rows::log_action(
            &mut tx,
            &NewAction {
                admin_id: Some(&admin.id),
                action: sanction.as_str(),
                target_id: Some(&account.id),
                report_id: None,
                detail: &detail,
                created_at: now,
            },
        )
        .await?;
        Ok((ended, told))
    }
    .await;
    match work {
        Ok((ended, told)) => {
            tx.commit().await?;
            told.committed(&state.events);
            let (games_ended, challenges_cancelled) = match ended {
                Some(ended) => {
                    let ids = ended.game_ids();
                    let cancelled = ended.cancelled;
                    ended.committed(state);
                    (ids, cancelled)
                }
                None => (Vec::new(), 0),
            };
            Ok(Sanctioned {
                target: account.username,
                games_ended,
                challenges_cancelled,
            })
        }
        Err(error) => {
            tx.rollback().await?;
            Err(error)
        }
    }
}

/// One page of the administrators' log, newest first.
#[derive(Debug, Clone)]
pub struct LogPage {
    /// The actions.
    pub actions: Vec<ActionRow>,
    /// The `before` key of the next (older) page, if there is one.
    pub next: Option<String>,
}

/// The log page older than `before` (`<seq>-<id>` from a previous page).
///
/// # Errors
///
/// 403 `not_admin`; 400 a `before` that is no key; database errors.
pub async fn log(
    state: &Services,
    admin: &User,
    before: Option<&str>,
) -> Result<LogPage, AppError> {
    require_admin(state, admin).await?;
    let before = match before.filter(|text| !text.is_empty()) {
        None => None,
        Some(text) => {
            let parsed = text
                .split_once('-')
                .and_then(|(at, id)| Some((at.parse::<i64>().ok()?, id)))
                .filter(|(_, id)| !store::names_nothing(id));
            Some(parsed.ok_or_else(|| {
                AppError::BadRequest("`before` is a key from the previous page".to_owned())
            })?)
        }
    };
    let mut conn = state.db.pool.acquire().await?;
    let mut actions = rows::actions(&mut conn, before, LOG_PAGE + 1).await?;
    let next = if actions.len() > usize::try_from(LOG_PAGE).unwrap_or(usize::MAX) {
        actions.truncate(usize::try_from(LOG_PAGE).unwrap_or(usize::MAX));
        actions
            .last()
            .map(|last| format!("{}-{}", last.seq, last.id))
    } else {
        None
    };
    Ok(LogPage { actions, next })
}

/// An account's moderation state, for the administrators.
///
/// # Errors
///
/// 403 `not_admin`; 404 no such player; database errors.
pub async fn account(state: &Services, admin: &User, name: &str) -> Result<AccountRow, AppError> {
    require_admin(state, admin).await?;
    let mut conn = state.db.pool.acquire().await?;
    rows::account_by_name(&mut conn, name.trim())
        .await?
        .ok_or(AppError::NotFound("player"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_are_bounded_and_plain_text() {
        assert_eq!(clean_reason("  rude\r\nagain ").unwrap(), "rude\nagain");
        assert_eq!(clean_reason("").unwrap(), "");
        assert_eq!(clean_reason(&"é".repeat(500)).unwrap().chars().count(), 500);
        assert_eq!(
            clean_reason(&"x".repeat(501)).unwrap_err().code(),
            "reason_too_long"
        );
        for bad in ["a\u{7}b", "\u{0}", "left\u{202E}right"] {
            assert_eq!(
                clean_reason(bad).unwrap_err().code(),
                "control_character",
                "{bad:?}"
            );
        }
        assert!(clean_reason("tab\tok").is_ok());
    }

    #[test]
    fn sanctions_read_back_from_their_names() {
        for sanction in Sanction::ALL {
            assert_eq!(Sanction::parse(sanction.as_str()), Some(sanction));
        }
        assert_eq!(Sanction::parse("Ban"), None);
        assert_eq!(Sanction::parse("kick"), None);
    }
}
