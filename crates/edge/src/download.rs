//! Downloads both faces answer with.

use axum::{
    http::{HeaderValue, header},
    response::IntoResponse,
};
use vocab::error::AppError;

/// An account's export as a JSON download named after the account.
///
/// # Errors
///
/// 500 when the value cannot be written or the name cannot be a header.
pub fn attachment(
    username: &str,
    data: &serde_json::Value,
) -> Result<impl IntoResponse + use<>, AppError> {
    let body = serde_json::to_vec_pretty(data).map_err(AppError::internal)?;
    let disposition = format!("attachment; filename=\"boardgames-{username}.json\"");
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            ),
            (
                header::CONTENT_DISPOSITION,
                HeaderValue::from_str(&disposition).map_err(AppError::internal)?,
            ),
        ],
        body,
    ))
}
