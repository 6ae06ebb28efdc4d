//! The forms of a tournament's page: join, leave, start, cancel and remove a player. A
//! refused one shows the page again with the refusal above its forms and what was chosen
//! kept.

use axum::{extract::State, response::Response};
use serde::Deserialize;

use super::{Refusal, tournament_href, tournament_page};
use crate::{Ctx, Form, see_other};
use domain::{Services, tournaments};
use edge::extract::Path;
use vocab::error::AppError;

/// The join form: a private tournament's key.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct JoinForm {
    #[serde(default)]
    invite: String,
}

/// `POST /tournaments/{id}/join`.
pub(crate) async fn join(
    State(state): State<Services>,
    ctx: Ctx,
    Path(id): Path<String>,
    Form(form): Form<JoinForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?;
    let invite = Some(form.invite.as_str()).filter(|code| !code.is_empty());
    let result = tournaments::join(&state, user, &id, invite).await;
    let done = result.map(|_| format!("/tournaments/{id}"));
    answer(&state, ctx, &id, done, form.invite, String::new()).await
}

/// `POST /tournaments/{id}/leave`.
pub(crate) async fn leave(
    State(state): State<Services>,
    ctx: Ctx,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?;
    let result = tournaments::leave(&state, user, &id).await;
    let done = result.map(|_| format!("/tournaments/{id}"));
    answer(&state, ctx, &id, done, String::new(), String::new()).await
}

/// `POST /tournaments/{id}/start`.
pub(crate) async fn start(
    State(state): State<Services>,
    ctx: Ctx,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?;
    let result = tournaments::start_now(&state, user, &id).await;
    let done = result.map(|tournament| tournament_href(&tournament, Some(user)));
    answer(&state, ctx, &id, done, String::new(), String::new()).await
}

/// `POST /tournaments/{id}/cancel`.
pub(crate) async fn cancel(
    State(state): State<Services>,
    ctx: Ctx,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?;
    let result = tournaments::cancel(&state, user, &id).await;
    let done = result.map(|tournament| tournament_href(&tournament, Some(user)));
    answer(&state, ctx, &id, done, String::new(), String::new()).await
}

/// The organiser's remove form.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct RemoveForm {
    #[serde(default)]
    player: String,
}

/// `POST /tournaments/{id}/remove`.
pub(crate) async fn remove(
    State(state): State<Services>,
    ctx: Ctx,
    Path(id): Path<String>,
    Form(form): Form<RemoveForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?;
    let result = if store::names_nothing(&form.player) {
        Err(AppError::NotFound("player"))
    } else {
        tournaments::remove(&state, user, &id, form.player.trim()).await
    };
    let done = result.map(|tournament| tournament_href(&tournament, Some(user)));
    answer(&state, ctx, &id, done, String::new(), form.player).await
}

/// What became of a form of tournament `id`: on to the address `done` names, or the page
/// again with the refusal, the private tournament's key (`invite`) and the player chosen
/// for removal (`removing`) kept. A page the viewer may not see (a wrong key) answers
/// with the refusal itself.
async fn answer(
    state: &Services,
    ctx: Ctx,
    id: &str,
    done: Result<String, AppError>,
    invite: String,
    removing: String,
) -> Result<Response, AppError> {
    let error = match done {
        Ok(href) => return Ok(see_other(&href)),
        Err(error) if crate::shown_on_form(&error) => error,
        Err(error) => return Err(error),
    };
    let text = crate::refusal_text(&ctx.t, &error);
    let refusal = Refusal { text, removing };
    match tournament_page(state, ctx, id, invite, refusal).await {
        Ok(page) => crate::render_refused(&page, &error),
        Err(_) => Err(error),
    }
}
