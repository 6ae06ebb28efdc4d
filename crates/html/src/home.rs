//! The home page.

use askama::Template;
use axum::response::Response;

use crate::{
    Ctx,
    format::{VariantLink, variant_links},
    render,
};
use vocab::error::AppError;

#[derive(Template)]
#[template(path = "home.html")]
struct HomePage {
    ctx: Ctx,
    variants: Vec<VariantLink>,
}

/// `GET /`.
pub(crate) async fn home(ctx: Ctx) -> Result<Response, AppError> {
    let variants = variant_links(&ctx.t, "");
    render(&HomePage { ctx, variants })
}
