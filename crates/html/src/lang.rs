//! `GET /lang/{code}`: the language switch in the header.

use axum::response::{IntoResponse, Response};
use edge::extract::{Path, Query};
use serde::Deserialize;
use vocab::{
    error::AppError,
    i18n::{LANG_COOKIE, Lang},
};

use crate::{cookie_header, safe_back, see_other};

/// Where the language switch comes back to.
#[derive(Debug, Deserialize)]
pub(crate) struct BackQuery {
    back: Option<String>,
}

/// `GET /lang/{code}`: remembers the language in a cookie and goes back.
pub(crate) async fn set_lang(
    Path(code): Path<String>,
    Query(query): Query<BackQuery>,
) -> Result<Response, AppError> {
    let lang = Lang::parse(&code).ok_or(AppError::NotFound("language"))?;
    let cookie = cookie_header(&format!(
        "{LANG_COOKIE}={}; Path=/; SameSite=Lax; Max-Age=31536000",
        lang.code()
    ))?;
    Ok((cookie, see_other(&safe_back(query.back.as_deref()))).into_response())
}
