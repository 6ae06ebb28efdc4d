//! The game page's forms: `POST /games/{id}/move` and `POST /games/{id}/action/{action}`.
//! A refused move or action shows the fresh page with the reason.

use axum::{
    extract::State,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use serde::Deserialize;

use super::{parts::GameQuery, view::build_page, viewer::game_and_extras};
use crate::{Ctx, Form, PendingCtx, render, see_other};
use domain::{
    Services,
    accounts::{AccountKind, User},
    game::{self, GameAction},
    settings::{self, AfterMove},
};
use edge::extract::Path;
use vocab::error::AppError;

/// A move or action form: what it carries besides the move.
#[derive(Debug, Deserialize)]
pub(crate) struct MoveForm {
    #[serde(rename = "move", default)]
    move_text: String,
    #[serde(default)]
    ply: String,
    /// The board was turned: so is the page after the move.
    #[serde(default)]
    flip: Option<String>,
    /// Attacked squares were shaded: so they are after the move.
    #[serde(default)]
    attacks: Option<String>,
}

impl MoveForm {
    /// The page's view settings the form carried, as a query (`?flip=1&attacks=1`, or
    /// empty).
    fn view_query(&self) -> String {
        let mut query = Vec::new();
        if self.flip.is_some() {
            query.push("flip=1");
        }
        if self.attacks.is_some() {
            query.push("attacks=1");
        }
        if query.is_empty() {
            String::new()
        } else {
            format!("?{}", query.join("&"))
        }
    }

    /// The game page's query with those view settings.
    fn view(&self) -> GameQuery {
        GameQuery {
            flip: self.flip.clone(),
            attacks: self.attacks.clone(),
            ..GameQuery::default()
        }
    }
}

/// Renders the fresh game with the error's message, for a refused move or action (a
/// stale page gets the new board, never a wrong move).
async fn refused(
    state: &Services,
    ctx: Ctx,
    id: &str,
    error: &AppError,
    view: &GameQuery,
) -> Result<Response, AppError> {
    let (ctx, detail, extras, _) = game_and_extras(state, PendingCtx::Ready(ctx), id, true).await?;
    let key = format!("error.{}", error.code());
    let message = if ctx.t.has(&key) {
        ctx.t.get(&key).to_owned()
    } else {
        error.message()
    };
    let page = build_page(state, ctx, &detail, view, message, extras)?;
    Ok((error.status(), render(&page)?).into_response())
}

/// A bot account plays through the bot API only: the forms refuse it.
fn bot_refused(user: &User) -> Option<AppError> {
    (user.kind == AccountKind::Bot).then(|| {
        AppError::forbidden(
            "bot_plays_through_api",
            "a bot account plays through the bot API (`/api/bot/…`), not the site's forms",
        )
    })
}

fn stale(seen: &str, current: u32) -> Option<AppError> {
    (seen.parse::<u32>().ok() != Some(current)).then(|| {
        AppError::conflict(
            "stale_ply",
            format!("the game is at ply {current}, not {seen}"),
        )
    })
}

/// `POST /games/{id}/move`: plays the move for the signed-in player at the ply the page
/// showed; back to the game, or on to the next game where it is their turn when their
/// `after_move` setting says so and there is one.
pub(crate) async fn play(
    State(state): State<Services>,
    ctx: Ctx,
    Path(id): Path<String>,
    Form(form): Form<MoveForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    if let Some(error) = bot_refused(&user) {
        return refused(&state, ctx, &id, &error, &form.view()).await;
    }
    let Ok(seen) = form.ply.parse::<u32>() else {
        let detail = game::get(&state, &id).await?;
        let error = stale(&form.ply, detail.game.ply())
            .unwrap_or_else(|| AppError::invalid("invalid_form", "ply"));
        return refused(&state, ctx, &id, &error, &form.view()).await;
    };
    match game::play_move(&state, &user, &id, form.move_text.trim(), seen).await {
        Ok(_) => {
            let next = match settings::play_settings(&state, &user).await?.after_move {
                AfterMove::NextGame => game::next_for_user(&state, &user, Some(&id)).await?,
                AfterMove::Stay => None,
            };
            // Straight on to another game, or back to this one as the player left it.
            Ok(see_other(&match next {
                Some(next) => format!("/games/{next}"),
                None => format!("/games/{id}{}", form.view_query()),
            }))
        }
        Err(error)
            if error.status() == StatusCode::NOT_FOUND || error.status().is_server_error() =>
        {
            Err(error)
        }
        Err(error) => refused(&state, ctx, &id, &error, &form.view()).await,
    }
}

/// `POST /games/{id}/action/{action}`: resign, abort, draw offer / accept / decline /
/// claim, at the ply the page showed (the domain checks it).
pub(crate) async fn action(
    State(state): State<Services>,
    ctx: Ctx,
    Path((id, action)): Path<(String, String)>,
    Form(form): Form<MoveForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    let action: GameAction = action.parse().map_err(|_| AppError::NotFound("action"))?;
    if let Some(error) = bot_refused(&user) {
        return refused(&state, ctx, &id, &error, &form.view()).await;
    }
    let result = match form.ply.parse::<u32>() {
        Ok(seen) => game::act(&state, &user, &id, action, Some(seen)).await,
        Err(_) => {
            let detail = game::get(&state, &id).await?;
            Err(stale(&form.ply, detail.game.ply())
                .unwrap_or_else(|| AppError::invalid("invalid_form", "ply")))
        }
    };
    match result {
        Ok(_) => Ok(see_other(&format!("/games/{id}"))),
        Err(error) if error.status().is_server_error() => Err(error),
        Err(error) => refused(&state, ctx, &id, &error, &form.view()).await,
    }
}
