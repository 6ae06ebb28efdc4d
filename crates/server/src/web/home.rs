//! The home page.

use askama::Template;
use axum::response::Response;

use crate::{
    error::AppError,
    web::{
        Ctx,
        format::{VariantLink, variant_links},
        render,
    },
};

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
