//! The board as an SVG image, for sharing: `GET /games/{id}/image.svg`, and at its first
//! address `GET /games/{id}.svg` (which the page route hands here).

use axum::{
    extract::State,
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};
use serde::Deserialize;

use super::parts::position_at;
use crate::svg;
use domain::{Services, game};
use edge::extract::{Path, Query};
use vocab::error::AppError;

/// The image's query: the position (after this many moves; the live one by default) and
/// whether the board is turned around.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct ImageQuery {
    pub(super) ply: Option<u32>,
    pub(super) flip: Option<String>,
}

/// `GET /games/{id}/image.svg` (and `GET /games/{id}.svg`): the board as an SVG image.
pub(crate) async fn image(
    State(state): State<Services>,
    Path(id): Path<String>,
    Query(query): Query<ImageQuery>,
) -> Result<Response, AppError> {
    let detail = game::shown(&state, &id).await?;
    let shown = position_at(&detail, query.ply.unwrap_or(u32::MAX))?;
    let image = svg::render(
        &shown.board(),
        shown.family().is_disc_game(),
        query.flip.is_some(),
        shown.checked_king(),
    );
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("image/svg+xml"),
            ),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
        ],
        image,
    )
        .into_response())
}
