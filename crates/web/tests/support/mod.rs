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
