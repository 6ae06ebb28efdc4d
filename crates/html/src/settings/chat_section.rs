//! The settings page's chat section: who reads the chat of the user's games, and the
//! players they block.

use axum::{extract::State, response::Response};
use serde::Deserialize;

use crate::{Ctx, Form, safe_back, see_other};
use domain::{Services, chat};
use edge::extract::Path;
use vocab::error::AppError;

use super::{Notes, refused};

/// The chat form: a checkbox.
#[derive(Debug, Deserialize)]
pub(crate) struct ChatForm {
    /// Present when spectators may read the chat.
    #[serde(default)]
    spectators: Option<String>,
}

/// `POST /settings/chat`: whether spectators may read the chat of the user's games.
pub(crate) async fn save_chat(
    State(state): State<Services>,
    ctx: Ctx,
    Form(form): Form<ChatForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    chat::set_spectators(&state, &user, form.spectators.is_some()).await?;
    Ok(see_other("/settings?saved=chat#chat"))
}

/// A block or unblock form: the player's name (blocking), and where to come back to.
#[derive(Debug, Deserialize)]
pub(crate) struct BlockForm {
    #[serde(default)]
    username: String,
    #[serde(default)]
    back: Option<String>,
}

/// Where a block form comes back to: the page it was sent from (on this site), else the
/// chat section of the settings.
fn block_back(back: Option<&str>) -> String {
    match back {
        Some(back) if !back.is_empty() => safe_back(Some(back)),
        _ => "/settings#chat".to_owned(),
    }
}

/// `POST /settings/blocks`: blocks a player (from this page, a player's page or a game
/// page); a refused one shows this page with the error in the chat section.
pub(crate) async fn add_block(
    State(state): State<Services>,
    ctx: Ctx,
    Form(form): Form<BlockForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    match chat::block(&state, &user, &form.username).await {
        Ok(_) => Ok(see_other(&block_back(form.back.as_deref()))),
        Err(
            error @ (AppError::Invalid { .. } | AppError::Conflict { .. } | AppError::NotFound(_)),
        ) => {
            refused(&state, ctx, &error, |text| Notes {
                chat_error: text,
                ..Notes::default()
            })
            .await
        }
        Err(error) => Err(error),
    }
}

/// `POST /settings/blocks/{name}/remove`: unblocks a player.
pub(crate) async fn remove_block(
    State(state): State<Services>,
    ctx: Ctx,
    Path(name): Path<String>,
    Form(form): Form<BlockForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    match chat::unblock(&state, &user, &name).await {
        // Not blocked (any more): as asked.
        Ok(()) | Err(AppError::NotFound("block")) => {
            Ok(see_other(&block_back(form.back.as_deref())))
        }
        Err(error) => Err(error),
    }
}
