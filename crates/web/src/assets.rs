//! The page and the API description, embedded in the binary with `include_str!`.
//!
//! Design decision: plain HTML, CSS and JavaScript with no build step and nothing fetched from
//! elsewhere, so the binary is the whole app and works offline.

use axum::http::header;
use axum::response::{IntoResponse, Response};

/// An embedded file: its content type and text.
#[derive(Clone, Copy, Debug)]
pub struct Asset {
    /// The `Content-Type` header.
    pub content_type: &'static str,
    /// The file.
    pub text: &'static str,
}

/// The page.
pub const INDEX: Asset = Asset {
    content_type: "text/html; charset=utf-8",
    text: include_str!("../assets/index.html"),
};

/// The page's script.
pub const APP_JS: Asset = Asset {
    content_type: "text/javascript; charset=utf-8",
    text: include_str!("../assets/app.js"),
};

/// The page's style sheet.
pub const STYLE: Asset = Asset {
    content_type: "text/css; charset=utf-8",
    text: include_str!("../assets/style.css"),
};

/// The OpenAPI 3 description of the API.
pub const OPENAPI: &str = include_str!("../assets/openapi.json");

/// The response serving `asset`.
pub fn page(asset: Asset) -> Response {
    (
        [
            (header::CONTENT_TYPE, asset.content_type),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        asset.text,
    )
        .into_response()
}
