//! The stylesheet, the script, the icons and the web app manifest (which lets a phone
//! add the site to its home screen as an app), compiled into the binary so that copying it is enough to
//! run the site. Pages link them with their content hash (`/static/style.css?v=…`), which
//! makes a changed file a new URL: versioned requests are cached for a year, others are
//! revalidated by their `ETag`.

use std::sync::LazyLock;

use axum::{
    extract::{Path, Query},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use serde::Deserialize;
use sha2::{Digest, Sha256};

use vocab::error::AppError;

/// One embedded file.
struct Asset {
    name: &'static str,
    content_type: &'static str,
    body: &'static [u8],
}

/// The asset `static/<name>` of `content_type`: the file's name said once.
macro_rules! asset {
    ($name:literal, $content_type:expr) => {
        Asset {
            name: $name,
            content_type: $content_type,
            body: include_bytes!(concat!("../../../static/", $name)),
        }
    };
}

const JAVASCRIPT: &str = "text/javascript; charset=utf-8";

static ASSETS: [Asset; 7] = [
    asset!("style.css", "text/css; charset=utf-8"),
    asset!("app.js", JAVASCRIPT),
    asset!("favicon.svg", "image/svg+xml"),
    asset!("push-sw.js", JAVASCRIPT),
    asset!("manifest.webmanifest", "application/manifest+json"),
    asset!("icon-192.png", "image/png"),
    asset!("icon-512.png", "image/png"),
];

/// `GET /push-sw.js`: the Web Push service worker, from the site's root so that its
/// scope is the whole site (a worker's scope is at most its own folder). Revalidated on
/// every check, so a new version takes over at once.
pub(crate) async fn service_worker() -> Response {
    let Some((asset, hash)) = find("push-sw.js") else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let mut response = ([(header::CONTENT_TYPE, asset.content_type)], asset.body).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(
        header::HeaderName::from_static("service-worker-allowed"),
        HeaderValue::from_static("/"),
    );
    if let Ok(etag) = HeaderValue::from_str(&format!("\"{hash}\"")) {
        headers.insert(header::ETAG, etag);
    }
    response
}

/// The first 16 hex digits of each asset's SHA-256, in the order of [`ASSETS`].
static HASHES: LazyLock<Vec<String>> = LazyLock::new(|| {
    ASSETS
        .iter()
        .map(|asset| vocab::ids::hex(&Sha256::digest(asset.body)[..8]))
        .collect()
});

fn find(name: &str) -> Option<(&'static Asset, &'static str)> {
    let index = ASSETS.iter().position(|asset| asset.name == name)?;
    Some((&ASSETS[index], HASHES[index].as_str()))
}

/// The versioned URL of an embedded file, for templates: `/static/app.js?v=…`.
///
/// # Panics
///
/// When `name` is not an embedded file: a template names a file that does not exist.
#[must_use]
pub fn url(name: &str) -> String {
    let (_, hash) = find(name).unwrap_or_else(|| panic!("no embedded static file {name}"));
    format!("/static/{name}?v={hash}")
}

/// `GET /favicon.ico`, which browsers ask for by themselves: a permanent redirect to the
/// site's icon (an SVG, which pages also link).
pub(crate) async fn favicon() -> Response {
    (
        StatusCode::MOVED_PERMANENTLY,
        [(header::LOCATION, url("favicon.svg"))],
    )
        .into_response()
}

/// The query of a static file request.
#[derive(Debug, Deserialize)]
pub(crate) struct Version {
    v: Option<String>,
}

/// `GET /static/{name}`: the embedded file, `304` when the client's copy is current.
pub(crate) async fn serve(
    Path(name): Path<String>,
    Query(version): Query<Version>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let (asset, hash) = find(&name).ok_or(AppError::NotFound("file"))?;
    let etag = format!("\"{hash}\"");
    let cache = if version.v.as_deref() == Some(hash) {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    let mut response = if headers
        .get(header::IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|tags| tags.split(',').any(|tag| tag.trim() == etag))
    {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        ([(header::CONTENT_TYPE, asset.content_type)], asset.body).into_response()
    };
    let response_headers = response.headers_mut();
    response_headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    if let Ok(etag) = HeaderValue::from_str(&etag) {
        response_headers.insert(header::ETAG, etag);
    }
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_carry_the_content_hash() {
        let (style, script) = (url("style.css"), url("app.js"));
        assert!(style.starts_with("/static/style.css?v="), "{style}");
        assert_eq!(style.len(), "/static/style.css?v=".len() + 16);
        assert_ne!(style.rsplit('=').next(), script.rsplit('=').next());
    }
}
