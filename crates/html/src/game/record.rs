//! `GET /games/{id}/record`: the game's record as a download, written by
//! [`domain::game::export`] in the format the rules name for its variant.

use axum::{
    extract::State,
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};

use crate::Ctx;
use domain::{Services, game};
use edge::extract::Path;
use vocab::error::AppError;

/// `GET /games/{id}/record`: a download; with the chat once the game has ended, for
/// those who may read it, and the conditional lines pending at the end.
pub(crate) async fn record(
    State(state): State<Services>,
    ctx: Ctx,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let detail = game::shown(&state, &id).await?;
    let text = domain::game::export::record_for(&state, ctx.user.as_ref(), &detail).await?;
    let format = detail.variant().record_format();
    let (kind, extension) = (format.content_type(), format.extension());
    let disposition = format!(
        "attachment; filename=\"{}-{id}.{extension}\"",
        detail.variant().as_str()
    );
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(kind)),
            (
                header::CONTENT_DISPOSITION,
                HeaderValue::from_str(&disposition).map_err(AppError::internal)?,
            ),
        ],
        text,
    )
        .into_response())
}
