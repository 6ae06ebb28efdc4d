//! A player's page: their games in progress and finished.

use askama::Template;
use axum::{extract::State, response::Response};

use crate::{
    AppState,
    domain::{
        game::{self, GameStatus},
        pages as lookups,
    },
    error::AppError,
    extract::Path,
    web::{
        Ctx,
        my_games::{GameLine, game_lines},
        render,
    },
};

#[derive(Template)]
#[template(path = "player.html")]
struct PlayerPage {
    ctx: Ctx,
    name: String,
    active: Vec<GameLine>,
    finished: Vec<GameLine>,
}

/// `GET /players/{name}`: games in progress and finished, with results.
pub(crate) async fn player(
    State(state): State<AppState>,
    ctx: Ctx,
    Path(name): Path<String>,
) -> Result<Response, AppError> {
    let user = lookups::user_by_name(&state, &name)
        .await?
        .ok_or(AppError::NotFound("player"))?;
    let list = game::list_for_user(&state, &user).await?;
    let (t, now) = (ctx.t, state.now());
    let me = user.username.as_str();
    let page = PlayerPage {
        active: game_lines(
            &t,
            now,
            me,
            list.iter().filter(|g| g.status == GameStatus::Active),
        ),
        finished: game_lines(
            &t,
            now,
            me,
            list.iter().filter(|g| g.status != GameStatus::Active),
        ),
        name: user.username.clone(),
        ctx,
    };
    render(&page)
}
