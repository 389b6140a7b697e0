//! Issue 46's defects in the web API, each pinned by the request that showed it: ratings of
//! puzzles without one solution, hints from pencil marks that leave out the solution's digit,
//! fields meant for another endpoint, error responses without a JSON body, and a bind error
//! that named its cause twice.

use std::sync::Arc;

use axum::http::StatusCode;
use serde_json::{Value, json};
use sudokit_web::{App, Limits};

mod support;
use support::{call, post};

/// worksheet-1 (unique; r1c1 is 7 in its solution).
const P: &str = "000000090190470608052819407200048000009000500000750009907364180506081074080000000";
/// worksheet-1 without its r9c2 given: five solutions.
const M: &str = "000000090190470608052819407200048000009000500000750009907364180506081074000000000";
/// No solution (no clash among the givens).
const N: &str = "876900000010006000040305800400000210090500000050040306029000008004690173080001004";

fn app() -> Arc<App> {
    App::new(Limits::default())
}

/// Item 1: `/api/rate` refuses what `sudokit rate` refuses — several solutions (`M`, where a
/// Unique Rectangle step removed a digit two solutions need, and an empty 4×4) and none (`N`)
/// — with the same status and words, and no rating fields.
#[tokio::test]
async fn rate_refuses_puzzles_without_exactly_one_solution() {
    let app = app();
    let several = "the puzzle has more than one solution; SE ratings need a unique one";
    for (puzzle, status, error) in [
        (M, "invalid", several),
        ("................", "invalid", several),
        (N, "unsolvable", "the puzzle has no solution"),
    ] {
        let (s, v) = post(&app, "/api/rate", json!({"puzzle": puzzle})).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v, json!({"status": status, "error": error}), "{puzzle}");
    }
    let (_, v) = post(&app, "/api/rate", json!({"puzzle": P})).await;
    assert_eq!(v["status"], "rated", "{v}");
    assert_eq!(v["complete"], true);
}

/// Item 2: a hint from pencil marks that leave out the solution's digit of r1c1 (only 4 there;
/// the solution has 7) is refused as `explain` refuses it, and so are marks that leave a cell
/// no candidate (9 only in r1c1, where row 1 already holds 9), with the same words.
#[tokio::test]
async fn hint_refuses_the_pencil_marks_explain_refuses() {
    let app = app();
    for (digits, error) in [
        (
            vec![4u8],
            "the pencil marks of r1c1 leave out the digit that belongs there",
        ),
        (vec![9u8], "the pencil marks of r1c1 leave no candidate"),
    ] {
        let mut pencil: Vec<Vec<u8>> = vec![vec![]; 81];
        pencil[0] = digits;
        let body = json!({"puzzle": P, "pencil": pencil, "level": 3});
        let (s, hint) = post(&app, "/api/hint", body).await;
        assert_eq!(s, StatusCode::OK, "{hint}");
        assert_eq!(hint, json!({"status": "invalid", "error": error}));
        let (_, explain) = post(&app, "/api/explain", json!({"puzzle": P, "pencil": pencil})).await;
        assert_eq!(explain, hint);
    }
    // Marks that keep the solution's digit still get their hint.
    let mut pencil: Vec<Vec<u8>> = vec![vec![]; 81];
    pencil[0] = vec![4, 7];
    let (_, v) = post(&app, "/api/hint", json!({"puzzle": P, "pencil": pencil})).await;
    assert_eq!(v["status"], "hint", "{v}");
}

/// Item 14: every puzzle endpoint refuses a field it does not use with a 400 naming it, and
/// accepts each field the OpenAPI document lists for it.
#[tokio::test]
async fn endpoints_refuse_the_fields_of_other_endpoints() {
    let app = app();
    for (path, field, value) in [
        ("/api/solve", "level", json!(3)),
        ("/api/solve", "rate", json!(true)),
        ("/api/count", "limit", json!(2)),
        ("/api/rate", "level", json!(3)),
        ("/api/rate", "check", json!(true)),
        ("/api/explain", "level", json!(3)),
        ("/api/hint", "check", json!(true)),
        ("/api/check", "pencil", json!([])),
        ("/api/check", "order", json!("se")),
        ("/api/parse", "engine", json!("dlx")),
        ("/api/parse", "budget_ms", json!(10)),
    ] {
        let (s, v) = post(&app, path, json!({"puzzle": P, field: value})).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{path} {field}: {v}");
        let error = v["error"].as_str().expect("an error message");
        assert!(
            error.contains(&format!("unknown field `{field}`")) && error.contains(path),
            "{path} {field}: {error}"
        );
    }
    let doc: Value =
        serde_json::from_str(sudokit_web::assets::OPENAPI).expect("the OpenAPI document");
    for (path, item) in doc["paths"].as_object().expect("paths") {
        let Some(schema) = item["post"]["requestBody"]["content"]["application/json"]
            .get("schema")
            .filter(|s| s["required"] == json!(["puzzle"]))
        else {
            continue;
        };
        for field in schema["properties"].as_object().expect("properties").keys() {
            let (s, v) = post(&app, path, json!({"puzzle": P, field: null})).await;
            let error = v["error"].as_str().unwrap_or("");
            assert!(
                !error.contains("unknown field"),
                "{path} refuses {field}, which its document lists ({s}): {error}"
            );
        }
    }
}

/// Item 17: a known path asked with another method answers 405 with an `{"error": …}` body
/// naming the method and the ones the path takes (it had an empty body).
#[tokio::test]
async fn wrong_methods_get_a_json_error() {
    let app = app();
    for (method, path, allowed) in [
        ("GET", "/api/solve", "use POST"),
        ("DELETE", "/api/rate", "use POST"),
        ("POST", "/api/engines", "use GET or HEAD"),
    ] {
        let (s, v) = call(&app, method, path, "").await;
        assert_eq!(s, StatusCode::METHOD_NOT_ALLOWED, "{method} {path}");
        let error = v["error"]
            .as_str()
            .unwrap_or_else(|| panic!("no JSON body: {v}"));
        assert_eq!(error, format!("{path} does not take {method}: {allowed}"));
    }
}

/// Starts `sudokit_web::serve` on a free loopback port; the sender stops it.
async fn serve() -> (std::net::SocketAddr, tokio::sync::oneshot::Sender<()>) {
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let (bound_tx, bound_rx) = tokio::sync::oneshot::channel();
    tokio::spawn(sudokit_web::serve(
        "127.0.0.1:0".parse().expect("address"),
        Limits::default(),
        move |a| {
            let _ = bound_tx.send(a);
        },
        async move {
            let _ = stopped.await;
        },
    ));
    (bound_rx.await.expect("bound"), stop)
}

/// Item 17: a URI over hyper's limit (65,534 bytes) is answered 414 by hyper itself, before the
/// router; the answer now has the `{"error": …}` body of every other error (it had none), and a
/// request after it on a new connection is served as usual.
#[tokio::test]
async fn a_uri_too_long_gets_a_json_error() {
    use std::io::{Read, Write};
    let (addr, stop) = serve().await;
    // Plain blocking sockets, off the runtime's threads (the server runs on them).
    let ask = |target: String| {
        tokio::task::spawn_blocking(move || {
            let mut s = std::net::TcpStream::connect(addr).expect("connect");
            let req = format!("GET {target} HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n");
            s.write_all(req.as_bytes()).expect("write");
            let mut out = String::new();
            s.read_to_string(&mut out).expect("read");
            out
        })
    };
    let long = ask(format!("/api/engines?{}", "a".repeat(70_000)))
        .await
        .expect("asked");
    let (head, body) = long.split_once("\r\n\r\n").expect("a head");
    assert!(head.starts_with("HTTP/1.1 414 "), "{head}");
    let v: Value = serde_json::from_str(body).unwrap_or_else(|_| panic!("not JSON: {body:?}"));
    assert!(v["error"].as_str().expect("error").contains("URI"), "{v}");
    let fine = ask("/api/engines".into()).await.expect("asked");
    assert!(fine.starts_with("HTTP/1.1 200 "), "{fine:.200}");
    let _ = stop.send(());
}

/// Item 17: when the address is taken, the error names the address once and its cause once
/// (`sudokit serve` printed "Address already in use" twice: in the message and as its source).
#[tokio::test]
async fn a_taken_address_names_its_cause_once() {
    let taken = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = taken.local_addr().expect("address");
    let e = sudokit_web::serve(addr, Limits::default(), |_| {}, async {})
        .await
        .expect_err("the address is taken");
    let mut chain = e.to_string();
    let mut source = std::error::Error::source(&e);
    while let Some(s) = source {
        chain = format!("{chain}: {s}");
        source = s.source();
    }
    let cause = std::io::Error::from(std::io::ErrorKind::AddrInUse).to_string();
    let os = std::io::Error::from_raw_os_error(98).to_string();
    assert!(
        chain.starts_with(&format!("cannot listen on {addr}: ")),
        "{chain}"
    );
    let once = |needle: &str| chain.matches(needle).count() == 1;
    assert!(once(&os) || once(&cause), "{chain}");
    assert_eq!(chain.matches("in use").count(), 1, "{chain}");
}
