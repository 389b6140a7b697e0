//! Connections whose automatic error responses carry a JSON body.
//!
//! Design decision: hyper answers a request it cannot read — a URI over 65,534 bytes (414),
//! headers over its buffer (431), bytes that are not HTTP (400) — itself, before the router sees
//! it, with an empty body and no hook to change that. [`JsonErrors`] wraps each accepted
//! connection so that such a head, known by its status and `content-length: 0` with nothing
//! after it, goes out with `{"error": …}` as its body, as every other error of the API does; any
//! other byte passes through unchanged. The wrapper writes unvectored (hyper then hands it each
//! head whole).

use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::task::{Context, Poll, ready};

use axum::serve::Listener;
use serde_json::json;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

/// A TCP listener whose connections are [`JsonErrorsIo`].
#[derive(Debug)]
pub struct JsonErrors(pub TcpListener);

impl Listener for JsonErrors {
    type Io = JsonErrorsIo<TcpStream>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        let (io, addr) = Listener::accept(&mut self.0).await;
        (
            JsonErrorsIo {
                inner: io,
                pending: Vec::new(),
                at: 0,
            },
            addr,
        )
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.0.local_addr()
    }
}

/// A connection that rewrites hyper's automatic error heads ([`rewrite_auto_error`]).
#[derive(Debug)]
pub struct JsonErrorsIo<T> {
    inner: T,
    /// A rewritten response not yet all written, from `at` on.
    pending: Vec<u8>,
    at: usize,
}

impl<T: AsyncWrite + Unpin> JsonErrorsIo<T> {
    /// Writes what is left of a rewritten response.
    fn poll_pending(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.at < self.pending.len() {
            let n = ready!(Pin::new(&mut self.inner).poll_write(cx, &self.pending[self.at..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.at += n;
        }
        self.pending.clear();
        self.at = 0;
        Poll::Ready(Ok(()))
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for JsonErrorsIo<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for JsonErrorsIo<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        ready!(this.poll_pending(cx))?;
        if let Some(rewritten) = rewrite_auto_error(buf) {
            // Taken whole: what the socket does not take now goes out on the next write,
            // flush or shutdown.
            this.pending = rewritten;
            if let Poll::Ready(Err(e)) = this.poll_pending(cx) {
                return Poll::Ready(Err(e));
            }
            return Poll::Ready(Ok(buf.len()));
        }
        Pin::new(&mut this.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = &mut *self;
        ready!(this.poll_pending(cx))?;
        Pin::new(&mut this.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = &mut *self;
        ready!(this.poll_pending(cx))?;
        Pin::new(&mut this.inner).poll_shutdown(cx)
    }
}

/// The response to write instead of `buf` when `buf` is one of hyper's automatic error heads
/// (status 400, 414 or 431, `content-length: 0`, nothing after the head): the same head with a
/// JSON `{"error": …}` body and its length and type. `None` for anything else.
pub fn rewrite_auto_error(buf: &[u8]) -> Option<Vec<u8>> {
    let head = buf.strip_suffix(b"\r\n\r\n")?;
    let head = std::str::from_utf8(head).ok()?;
    let mut lines = head.split("\r\n");
    let status_line = lines.next()?;
    let code = status_line.strip_prefix("HTTP/1.")?.get(2..5)?;
    let message = match code {
        "400" => "the request is not valid HTTP/1.1".to_string(),
        "414" => "the request URI is longer than the server's limit of 65534 bytes".to_string(),
        "431" => "the request's headers are larger than the server's limit".to_string(),
        _ => return None,
    };
    let is_length = |l: &str| l.to_ascii_lowercase().starts_with("content-length:");
    let (lengths, others): (Vec<&str>, Vec<&str>) = lines.partition(|l| is_length(l));
    if lengths != ["content-length: 0"] {
        return None;
    }
    let body = json!({ "error": message }).to_string();
    let mut out = format!(
        "{status_line}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n",
        body.len()
    );
    for l in others {
        out.push_str(l);
        out.push_str("\r\n");
    }
    out.push_str("\r\n");
    out.push_str(&body);
    Some(out.into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// hyper's 414 head gets a JSON body; a head with a body of its own, or another status,
    /// passes unchanged.
    #[test]
    fn only_empty_automatic_error_heads_are_rewritten() {
        let head = b"HTTP/1.1 414 URI Too Long\r\nconnection: close\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        let out = String::from_utf8(rewrite_auto_error(head).expect("rewritten")).unwrap();
        let (h, body) = out.split_once("\r\n\r\n").unwrap();
        assert!(h.starts_with("HTTP/1.1 414 URI Too Long\r\n"), "{h}");
        assert!(
            h.contains("\r\nconnection: close") && h.contains("\r\ndate: x"),
            "{h}"
        );
        assert!(
            h.contains(&format!("content-length: {}", body.len())),
            "{h}"
        );
        let v: serde_json::Value = serde_json::from_str(body).unwrap();
        assert!(v["error"].as_str().unwrap().contains("URI"), "{v}");
        assert!(
            rewrite_auto_error(b"HTTP/1.1 400 Bad Request\r\ncontent-length: 2\r\n\r\n").is_none()
        );
        assert!(rewrite_auto_error(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n").is_none());
        assert!(
            rewrite_auto_error(b"HTTP/1.1 414 URI Too Long\r\ncontent-length: 0\r\n\r\n{}")
                .is_none()
        );
    }
}
