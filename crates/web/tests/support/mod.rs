//! What the API test files share: one request through the router, without a port (tower's
//! `oneshot`).

use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::Value;
use sudokit_web::{App, router};
use tower::ServiceExt;

/// Sends `body` to `path` with `method` and returns the status and the JSON body (null when the
/// body is not JSON).
pub async fn call(app: &Arc<App>, method: &str, path: &str, body: &str) -> (StatusCode, Value) {
    let req = Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .expect("request");
    let res = router(app.clone()).oneshot(req).await.expect("infallible");
    let status = res.status();
    let bytes = res.into_body().collect().await.expect("body").to_bytes();
    let v = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    (status, v)
}

/// Posts the JSON `body` to `path`.
pub async fn post(app: &Arc<App>, path: &str, body: Value) -> (StatusCode, Value) {
    call(app, "POST", path, &body.to_string()).await
}

/// `(puzzle line, published solution)` of line `n` of data/variants/puzzles.txt (the
/// solution from its sidecar puzzles.tsv).
#[allow(dead_code)] // not every test file reads the published puzzles
pub fn published(n: usize) -> (String, String) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/variants/");
    let text = std::fs::read_to_string(format!("{dir}puzzles.txt")).expect("puzzles.txt");
    let tsv = std::fs::read_to_string(format!("{dir}puzzles.tsv")).expect("puzzles.tsv");
    let line = text.lines().nth(n - 1).expect("the line").to_string();
    let row = tsv
        .lines()
        .find(|l| l.starts_with(&format!("{n}\t")))
        .expect("the sidecar row");
    (line, row.rsplit('\t').next().unwrap_or("").to_string())
}
