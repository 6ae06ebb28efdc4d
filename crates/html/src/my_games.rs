//! My games (my turn, waiting, ended) and the "next game" button; the list lines that
//! the player pages share.

use askama::Template;
use axum::{extract::State, response::Response};
use serde::Deserialize;

use crate::{
    Ctx,
    format::{Countdown, computer_badge, result_text, stop_text, time_left, variant_key},
    render, see_other,
};
use domain::{
    Services, computer,
    game::{self, GameStatus, GameSummary},
};
use edge::extract::Query;
use vocab::local_time::LocalZone;
use vocab::{error::AppError, i18n::Tr};

/// A game as a list line.
#[derive(Debug, Clone)]
pub struct GameLine {
    /// Its id.
    pub id: String,
    /// The variant's name.
    pub variant: String,
    /// The opponent's name (or both players', on a player page).
    pub opponent: String,
    /// "computer, level 3" when the opponent is the computer; else empty.
    pub opponent_badge: String,
    /// Whether a bot plays the opponent's account (shown as BOT).
    pub opponent_bot: bool,
    /// The move number (full moves).
    pub move_no: i64,
    /// Time left for the player to move, or the result.
    pub status: String,
    /// The countdown of the player to move's clock, while it runs.
    pub countdown: Option<Countdown>,
    /// The absolute deadline (`2026-12-04 10:00 UTC`), empty when there is none.
    pub deadline: String,
}

pub(crate) fn game_lines<'a>(
    t: &Tr,
    zone: &LocalZone,
    now: i64,
    me: &str,
    games: impl Iterator<Item = &'a GameSummary>,
) -> Vec<GameLine> {
    games
        .map(|game| {
            let (opponent, opponent_id, opponent_kind) = if game.white.eq_ignore_ascii_case(me) {
                (game.black.clone(), &game.black_id, game.black_kind)
            } else {
                (game.white.clone(), &game.white_id, game.white_kind)
            };
            let clock = game.turn_clock(now);
            let status = match (game.status, clock) {
                (GameStatus::Active, None) => t.get("time.untimed").to_owned(),
                (GameStatus::Active, Some(clock)) => match clock.stopped {
                    Some(stop) => {
                        format!(
                            "{} \u{b7} {}",
                            time_left(t, clock.left),
                            stop_text(t, zone, stop)
                        )
                    }
                    None => time_left(t, clock.left),
                },
                (GameStatus::Finished, _) => result_text(game.result).to_owned(),
                (GameStatus::Aborted, _) => t.get("game.aborted").to_owned(),
            };
            GameLine {
                id: game.id.clone(),
                variant: t.get(&variant_key(game.variant)).to_owned(),
                opponent,
                opponent_badge: computer_badge(t, computer::level_of(opponent_id, opponent_kind)),
                opponent_bot: opponent_kind.is_bot(),
                move_no: game.ply / 2 + 1,
                status,
                countdown: clock
                    .filter(|clock| clock.stopped.is_none())
                    .map(|clock| Countdown::of(t, clock.left, clock.stops_in)),
                deadline: clock
                    .and(game.deadline)
                    .map_or_else(String::new, |deadline| zone.time(deadline)),
            }
        })
        .collect()
}

#[derive(Template)]
#[template(path = "my_games.html")]
struct MyGamesPage {
    ctx: Ctx,
    my_turn: Vec<GameLine>,
    waiting: Vec<GameLine>,
    finished: Vec<GameLine>,
    /// The link to older ended games, when there are more.
    older: Option<String>,
    /// Whether this is a later page (older ended games only).
    later_page: bool,
}

/// Which page of My games.
#[derive(Debug, Deserialize)]
pub(crate) struct MyGamesQuery {
    after: Option<String>,
}

/// `GET /my-games`: my turn first (least time left first, untimed last), then those
/// waiting for the opponent (most recent activity first), then ended.
pub(crate) async fn my_games(
    State(state): State<Services>,
    ctx: Ctx,
    Query(query): Query<MyGamesQuery>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    let later_page = query
        .after
        .as_deref()
        .is_some_and(|after| !after.is_empty());
    let page = game::list_for_user(&state, &user, query.after.as_deref()).await?;
    let list = page.games;
    let (t, now, me) = (ctx.t, state.now(), user.username.as_str());
    let active = |g: &&GameSummary| g.status == GameStatus::Active;
    let page = MyGamesPage {
        my_turn: game_lines(
            &t,
            &ctx.zone,
            now,
            me,
            list.iter().filter(active).filter(|g| g.your_turn),
        ),
        waiting: game_lines(
            &t,
            &ctx.zone,
            now,
            me,
            list.iter().filter(active).filter(|g| !g.your_turn),
        ),
        finished: game_lines(
            &t,
            &ctx.zone,
            now,
            me,
            list.iter().filter(|g| g.status != GameStatus::Active),
        ),
        older: page.next.map(|next| format!("/my-games?after={next}")),
        later_page,
        ctx,
    };
    render(&page)
}

/// From which game the "next game" button was pressed.
#[derive(Debug, Deserialize)]
pub(crate) struct NextGameQuery {
    after: Option<String>,
}

/// `GET /next-game`: the game where it is my turn with the least time left (other than
/// the one I come from), else my games.
pub(crate) async fn next_game(
    State(state): State<Services>,
    ctx: Ctx,
    Query(query): Query<NextGameQuery>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?;
    let next = game::next_for_user(&state, user, query.after.as_deref()).await?;
    Ok(match next {
        Some(id) => see_other(&format!("/games/{id}")),
        None => see_other("/my-games"),
    })
}
