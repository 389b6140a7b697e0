//! `sudokit serve`: a local web app and a JSON API over the sudokit libraries.
//!
//! Design decision: the server is one [`router`] function that tests drive directly with
//! tower's `oneshot` (no port), and every response body is built by the same application
//! layer (`sudokit-app`) the command line prints with, so `curl` and `sudokit … --format json`
//! agree: this crate is HTTP only (routing, limits, assets).
//! Solving work never runs on the async threads: each request runs in `spawn_blocking` under a
//! [`Budget`](sudokit_core::Budget) whose cancel flag is set when the request's future is
//! dropped (the client went away, or the request timed out), and a semaphore bounds how many
//! run at once. The page is plain HTML, CSS and JavaScript embedded in the binary. Every error
//! answer is `{"error": …}` JSON: the router's own (404, 405) through [`api`], and those hyper
//! makes before any routing (414 and the like) through [`conn`].

pub mod api;
pub mod assets;
pub mod conn;
pub mod limits;

use std::net::SocketAddr;

pub use api::{App, router};
pub use limits::Limits;

/// Why the server could not run.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ServeError {
    /// The address could not be bound (the cause is the error's source, printed once by
    /// whoever prints the chain).
    #[error("cannot listen on {addr}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// The cause.
        source: std::io::Error,
    },
    /// The server failed while running (the cause is the error's source).
    #[error("server error")]
    Io(#[from] std::io::Error),
}

/// Whether `addr` is a loopback address (only this machine can connect).
pub fn is_loopback(addr: &SocketAddr) -> bool {
    addr.ip().is_loopback()
}

/// Binds `addr` and serves the app until `shutdown` completes. `on_bound` receives the bound
/// address (port 0 is resolved) before the first request is accepted.
pub async fn serve(
    addr: SocketAddr,
    limits: Limits,
    on_bound: impl FnOnce(SocketAddr),
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    serve_app(addr, App::new(limits), on_bound, shutdown).await
}

/// [`serve`] over a server state the caller keeps (to read its counters, as the browser
/// tests do to see that a cancelled request stopped its work).
pub async fn serve_app(
    addr: SocketAddr,
    app: std::sync::Arc<App>,
    on_bound: impl FnOnce(SocketAddr),
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|source| ServeError::Bind { addr, source })?;
    on_bound(listener.local_addr()?);
    let app = router(app);
    // hyper's own error responses (a URI over 64 KiB, …) get JSON bodies too.
    axum::serve(conn::JsonErrors(listener), app)
        .with_graceful_shutdown(shutdown)
        .await?;
    Ok(())
}
