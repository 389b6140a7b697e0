//! A bounded load test of the JSON API over loopback: `C` clients (default 32) send a mix of
//! solve, hint (levels 1–3) and rate requests for `S` seconds (default 30), each waiting for its
//! answer before sending the next. Prints total/ok/failed requests (failed: any status but 200,
//! or no answer), requests per second, p50/p90/p99/max latency, the figures per endpoint and
//! the process's resident memory at the start, the middle and the end; exits with status 1 if
//! any request failed.
//!
//!     cargo run --release -p sudokit-web --example load -- [SECONDS] [CLIENTS]
//!
//! The server runs in this process with the default limits of `sudokit serve`, so the memory
//! figures include the clients (small: one connection and one buffer each). Rate requests ask
//! for Sudoku Explainer's rating of real puzzles under a 2 s budget, as the page does; the
//! hardest (Easter Monster, golden nugget) end at the budget with `"status": "budget"`, which is
//! an answer, not a failure.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use serde_json::json;
use sudokit_web::Limits;

/// Puzzles from data/examples/puzzles.txt (unique, easy to very hard): solved and hinted.
const PUZZLES: &[&str] = &[
    "000000090190470608052819407200048000009000500000750009907364180506081074080000000",
    "840000160000080002920100000003010085000403000750090400000008049500020010089000076",
    "900002006080007050007008100000600712000050000123004000004800300030700020500400001",
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
    "..1..4.......6.3.5...9.....8.....7.3.......285...7.6..3...8...6..92......4...1...",
];

/// Puzzles the rate requests cycle through (data/examples/puzzles.txt): worksheet-1,
/// worksheet-2, worksheet-4, tarek-052 and golden-nugget.
const RATED: &[&str] = &[
    "000000090190470608052819407200048000009000500000750009907364180506081074080000000",
    "840000160000080002920100000003010085000403000750090400000008049500020010089000076",
    "900002006080007050007008100000600712000050000123004000004800300030700020500400001",
    "..1..4.......6.3.5...9.....8.....7.3.......285...7.6..3...8...6..92......4...1...",
    ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....",
];

/// The time budget of a rate request, in milliseconds (the server's default budget).
const RATE_BUDGET_MS: u64 = 2000;

fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse().ok())
        })
        .unwrap_or(0)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let secs: u64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(30);
    let clients: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(32);
    let (tx, rx) = tokio::sync::oneshot::channel::<SocketAddr>();
    let limits = Limits::default();
    println!(
        "limits: {} slots, queue of {}, {} s queue wait, {} s request timeout, {} s default budget",
        limits.max_concurrent,
        limits.max_queue,
        limits.queue_wait.as_secs_f64(),
        limits.request_timeout.as_secs_f64(),
        limits.default_budget.as_secs_f64()
    );
    tokio::spawn(sudokit_web::serve(
        "127.0.0.1:0".parse().expect("address"),
        limits,
        move |a| {
            let _ = tx.send(a);
        },
        std::future::pending(),
    ));
    let addr = rx.await.expect("the server starts");
    let rss_start = rss_kib();
    let middle = tokio::spawn(async move {
        tokio::time::sleep(Duration::from_secs(secs) / 2).await;
        rss_kib()
    });
    let client: Client<_, Full<Bytes>> = Client::builder(TokioExecutor::new()).build_http();
    let deadline = Instant::now() + Duration::from_secs(secs);
    let started = Instant::now();
    let mut tasks = Vec::new();
    for k in 0..clients {
        let client = client.clone();
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mut failures = 0u64;
            let mut by_path: Vec<(&'static str, Duration, bool)> = Vec::new();
            let mut i = k;
            while Instant::now() < deadline {
                let puzzle = PUZZLES[i % PUZZLES.len()];
                let (path, body) = match i % 3 {
                    0 => ("solve", json!({"puzzle": puzzle})),
                    1 => ("hint", json!({"puzzle": puzzle, "level": 1 + (i / 3) % 3})),
                    _ => (
                        "rate",
                        json!({"puzzle": RATED[(i / 3) % RATED.len()], "budget_ms": RATE_BUDGET_MS}),
                    ),
                };
                i += 1;
                let req = axum::http::Request::post(format!("http://{addr}/api/{path}"))
                    .header("content-type", "application/json")
                    .body(Full::new(Bytes::from(body.to_string())))
                    .expect("request");
                let t = Instant::now();
                let ok = match client.request(req).await {
                    Ok(res) => {
                        let ok = res.status().is_success();
                        let _ = res.into_body().collect().await;
                        ok
                    }
                    Err(_) => false,
                };
                if !ok {
                    failures += 1;
                }
                latencies.push(t.elapsed());
                by_path.push((path, t.elapsed(), ok));
            }
            (latencies, failures, by_path)
        }));
    }
    let mut all = Vec::new();
    let mut failures = 0;
    let mut by_path = Vec::new();
    for t in tasks {
        let (l, f, p) = t.await.expect("client task");
        all.extend(l);
        failures += f;
        by_path.extend(p);
    }
    let elapsed = started.elapsed().as_secs_f64();
    let rss_middle = middle.await.unwrap_or(0);
    let rss_end = rss_kib();
    all.sort();
    let total = all.len();
    println!(
        "{clients} clients, {elapsed:.1} s: {total} requests ({:.1}/s), {} ok, {failures} failed",
        total as f64 / elapsed,
        total as u64 - failures
    );
    println!(
        "latency: p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        percentile(&all, 0.50).as_secs_f64() * 1e3,
        percentile(&all, 0.90).as_secs_f64() * 1e3,
        percentile(&all, 0.99).as_secs_f64() * 1e3,
        all.last().copied().unwrap_or_default().as_secs_f64() * 1e3
    );
    for path in ["solve", "hint", "rate"] {
        let mut ok: Vec<Duration> = by_path
            .iter()
            .filter(|(p, _, good)| *p == path && *good)
            .map(|(_, d, _)| *d)
            .collect();
        ok.sort();
        let failed = by_path
            .iter()
            .filter(|(p, _, good)| *p == path && !*good)
            .count();
        println!(
            "  {path:<5}: {} ok, {failed} failed; p50 {:.1} ms, p99 {:.1} ms",
            ok.len(),
            percentile(&ok, 0.50).as_secs_f64() * 1e3,
            percentile(&ok, 0.99).as_secs_f64() * 1e3
        );
    }
    println!(
        "RSS: {:.1} MiB at the start, {:.1} MiB in the middle, {:.1} MiB at the end",
        rss_start as f64 / 1024.0,
        rss_middle as f64 / 1024.0,
        rss_end as f64 / 1024.0
    );
    if failures > 0 {
        eprintln!("load: {failures} of {total} requests failed");
        std::process::exit(1);
    }
}
