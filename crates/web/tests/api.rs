//! The JSON API against the router, without a port (tower's `oneshot`): every endpoint, every
//! error path, the limits and cancellation.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use sudokit_core::Grid;
use sudokit_core::format::{InputFormat, parse_one};
use sudokit_core::verify::verify;
use sudokit_generate::Checker;
use sudokit_web::{App, Limits, router};
use tower::ServiceExt;

mod support;
use support::{call, post};

/// worksheet-1 from data/examples/puzzles.txt (unique solution).
const P: &str = "000000090190470608052819407200048000009000500000750009907364180506081074080000000";
const SOLUTION: &str =
    "748635291193472658652819437265948713879123546314756829927364185536281974481597362";
/// A puzzle whose bottom-right cell has no candidate: the plain `backtrack` engine only finds
/// out after searching every way to fill the cells before it, so it runs until its budget.
const DEEP: &str =
    "........5........6........7........8........................9...........1234.....";

fn app() -> Arc<App> {
    App::new(Limits::default())
}

fn error_of(v: &Value) -> &str {
    v["error"].as_str().expect("an error message")
}

#[tokio::test]
async fn solve_returns_the_cli_record_with_a_verified_solution() {
    let app = app();
    let (s, v) = post(&app, "/api/solve", json!({"puzzle": P})).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["status"], "solved");
    assert_eq!(v["engine"], "fast");
    assert_eq!(v["solutions"][0], SOLUTION);
    let puzzle = parse_one(P, InputFormat::Auto).unwrap();
    let sol = parse_one(SOLUTION, InputFormat::Auto).unwrap();
    verify(&puzzle, &sol).expect("a valid solution");
    for key in ["count", "exact", "error", "stats"] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    assert!(v["stats"]["nodes"].as_u64().is_some());
}

#[tokio::test]
async fn solve_with_another_engine_and_a_limit_lists_solutions() {
    let app = app();
    let empty4 = "................";
    let (s, v) = post(
        &app,
        "/api/solve",
        json!({"puzzle": empty4, "engine": "dlx", "limit": 5}),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["engine"], "dlx");
    assert_eq!(v["count"], 5);
    assert_eq!(v["solutions"].as_array().unwrap().len(), 5);
    assert_eq!(v["exact"], false);
}

#[tokio::test]
async fn count_is_exact_for_a_unique_puzzle_and_capped_for_an_empty_one() {
    let app = app();
    let (_, v) = post(&app, "/api/count", json!({"puzzle": P})).await;
    assert_eq!(
        (v["count"].as_u64(), v["exact"].as_bool()),
        (Some(1), Some(true))
    );
    assert_eq!(v["solutions"], json!([]));
    let (_, v) = post(
        &app,
        "/api/count",
        json!({"puzzle": ".".repeat(81), "count": 7}),
    )
    .await;
    assert_eq!(
        (v["count"].as_u64(), v["exact"].as_bool()),
        (Some(7), Some(false))
    );
}

#[tokio::test]
async fn layouts_come_from_box_regions_and_extras() {
    let app = app();
    // 6x6 with 3x2 boxes (three rows, two columns per box).
    let (s, v) = post(
        &app,
        "/api/parse",
        json!({"puzzle": ".".repeat(36), "box": "3x2", "extra": ["anti-king"]}),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["box"], json!([3, 2]));
    assert_eq!(v["extra"], json!(["anti-king"]));
    // A 4x4 jigsaw: regions are the four columns... not allowed to be columns (they would
    // repeat the column houses) but any connected four-cell shapes are.
    let regions = "1122\n1122\n3344\n3344";
    let (s, v) = post(
        &app,
        "/api/solve",
        json!({"puzzle": "1...............", "regions": regions}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["status"], "solved");
    let (s, v) = post(
        &app,
        "/api/parse",
        json!({"puzzle": "1...............", "regions": "1112\n1222\n3334\n3444"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["jigsaw"], true);
    assert_eq!(
        v["regions"],
        json!([0, 0, 0, 1, 0, 1, 1, 1, 2, 2, 2, 3, 2, 3, 3, 3])
    );
    // X-sudoku: the diagonal constraint changes the count of the empty 4x4.
    let (_, plain) = post(
        &app,
        "/api/count",
        json!({"puzzle": ".".repeat(16), "count": 1000}),
    )
    .await;
    let (_, x) = post(
        &app,
        "/api/count",
        json!({"puzzle": ".".repeat(16), "count": 1000, "extra": ["diagonals"]}),
    )
    .await;
    assert_eq!(plain["count"], 288);
    assert!(x["count"].as_u64().unwrap() < 288);
}

#[tokio::test]
async fn explain_walks_the_puzzle_to_the_end() {
    let app = app();
    let (s, v) = post(&app, "/api/explain", json!({"puzzle": P, "check": true})).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["status"], "solved");
    assert_eq!(v["checked"], true);
    assert_eq!(v["grid"], SOLUTION);
    assert!(!v["steps"].as_array().unwrap().is_empty());
    assert!(v["levels"]["se_hardest"].as_f64().is_some());
}

#[tokio::test]
async fn explain_of_an_unsolvable_puzzle_is_an_error_record() {
    let app = app();
    let bad = "876900000010006000040305800400000210090500000050040306029000008004690173080001004";
    let (s, v) = post(&app, "/api/explain", json!({"puzzle": bad})).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["status"], "unsolvable");
    assert_eq!(v["error"], "the puzzle has no solution");
}

#[tokio::test]
async fn hint_levels_grow_in_detail() {
    let app = app();
    let (_, v1) = post(&app, "/api/hint", json!({"puzzle": P, "level": 1})).await;
    assert_eq!(v1["status"], "hint");
    assert!(v1["text"].as_str().unwrap().starts_with("Look for "));
    assert!(v1.get("step").is_none() && v1.get("houses").is_none());
    let (_, v3) = post(&app, "/api/hint", json!({"puzzle": P, "level": 3})).await;
    assert_eq!(v3["level"], 3);
    let step = &v3["step"];
    assert!(!step["highlight"]["cells"].as_array().unwrap().is_empty());
    assert!(
        !step["placements"].as_array().unwrap().is_empty()
            || !step["eliminations"].as_array().unwrap().is_empty()
    );
}

#[tokio::test]
async fn hint_names_wrong_entries_and_reads_pencil_marks() {
    let app = app();
    // r1c1 is 7 in the solution; enter 5 there.
    let mut entries = vec![0u8; 81];
    entries[0] = 5;
    let (_, v) = post(
        &app,
        "/api/hint",
        json!({"puzzle": P, "entries": entries, "level": 2}),
    )
    .await;
    assert_eq!(v["status"], "wrong-entries");
    assert_eq!(v["wrong"], json!([{"row": 1, "col": 1}]));
    assert!(v["text"].as_str().unwrap().contains("r1c1"));
    // Pencil marks that leave out the right digit of r1c1 (7): the hint works from them and
    // reaches a dead end or names a step, but never panics; an out-of-range digit is an error.
    let mut pencil: Vec<Vec<u8>> = vec![vec![]; 81];
    pencil[0] = vec![10];
    let (s, v) = post(&app, "/api/hint", json!({"puzzle": P, "pencil": pencil})).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(error_of(&v).contains("pencil"));
    let mut pencil: Vec<Vec<u8>> = vec![vec![]; 81];
    pencil[0] = vec![7];
    let (_, v) = post(
        &app,
        "/api/hint",
        json!({"puzzle": P, "pencil": pencil, "level": 3}),
    )
    .await;
    assert_eq!(v["status"], "hint");
    // r1c1 holds only 7 now, so the first step is the naked single there.
    assert_eq!(v["technique"], "naked-single");
    assert_eq!(
        v["step"]["placements"],
        json!([{"row": 1, "col": 1, "digit": 7}])
    );
}

#[tokio::test]
async fn hint_on_a_puzzle_with_several_solutions_still_helps() {
    let app = app();
    let (_, v) = post(
        &app,
        "/api/hint",
        json!({"puzzle": "1...............", "level": 3}),
    )
    .await;
    assert_eq!(v["status"], "hint", "{v}");
    assert!(v["step"]["technique"].is_string());
}

#[tokio::test]
async fn rate_gives_se_fields() {
    let app = app();
    let (s, v) = post(&app, "/api/rate", json!({"puzzle": P})).await;
    assert_eq!(s, StatusCode::OK);
    let er = v["er"].as_f64().unwrap();
    let ep = v["ep"].as_f64().unwrap();
    let ed = v["ed"].as_f64().unwrap();
    assert!(ed <= ep && ep <= er, "{v}");
    assert!(v["hardest"].is_string());
    assert_eq!(v["rater"], "se121");
}

#[tokio::test]
async fn check_gives_properties_and_wrong_entries() {
    let app = app();
    let (_, v) = post(&app, "/api/check", json!({"puzzle": P, "rate": true})).await;
    assert_eq!(v["unique"], "yes");
    assert_eq!(v["givens"], 36);
    assert!(v["rating"].as_f64().is_some());
    assert!(v.get("wrong").is_none());
    let mut entries = vec![0u8; 81];
    entries[0] = 7; // right
    entries[1] = 1; // wrong: r1c2 is 4
    let (_, v) = post(&app, "/api/check", json!({"puzzle": P, "entries": entries})).await;
    assert_eq!(v["wrong"], json!([{"row": 1, "col": 2}]));
}

#[tokio::test]
async fn generate_is_seeded_and_capped() {
    let app = app();
    let body = json!({"size": 6, "count": 2, "seed": 42, "symmetry": "rot180"});
    let (s, a) = post(&app, "/api/generate", body.clone()).await;
    assert_eq!(s, StatusCode::OK, "{a}");
    let (_, b) = post(&app, "/api/generate", body).await;
    assert_eq!(a["puzzles"], b["puzzles"]);
    assert_eq!(a["puzzles"].as_array().unwrap().len(), 2);
    assert_eq!(a["puzzles"][0]["symmetry"], "rot180");
    let (s, v) = post(&app, "/api/generate", json!({"count": 21})).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(error_of(&v).contains("between 1 and 20"));
    let (s, v) = post(
        &app,
        "/api/generate",
        json!({"size": 6, "jigsaw": true, "seed": 1}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["puzzles"][0]["regions"].as_str().unwrap().len(), 36);
}

/// A solved grid with r1c1, r1c2, r2c1 and r2c2 blank: every first step is a naked single.
const NAKED: &str =
    "..3456789..6789123789123456214365897365897214897214365531642978642978531978531642";

/// Issue 43 item 9: a level-2 naked-single hint names its cell's box and lists it in `houses`,
/// so the page shades what the text says.
#[tokio::test]
async fn a_level_2_naked_single_hint_lists_its_box() {
    let app = app();
    let (s, v) = post(&app, "/api/hint", json!({"puzzle": NAKED, "level": 2})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["technique"], "naked-single", "{v}");
    assert_eq!(v["text"], "Look for a Naked Single in box 1.");
    assert_eq!(v["houses"], json!(["box 1"]));
}

/// Issue 43 item 7: a 64-bit seed survives the trip as a string (a JavaScript number rounds
/// anything past 2^53), the run's seed replays its puzzles, and each puzzle's own (derived)
/// seed is a string too.
#[tokio::test]
async fn generate_seeds_are_exact_strings_and_replay() {
    let app = app();
    // Drawn at random by the server: the seed it reports replays the puzzle.
    let (s, a) = post(&app, "/api/generate", json!({"size": 4})).await;
    assert_eq!(s, StatusCode::OK, "{a}");
    let seed = a["seed"].as_str().expect("a string seed");
    assert!(seed.parse::<u64>().is_ok(), "{seed}");
    let (_, b) = post(&app, "/api/generate", json!({"size": 4, "seed": seed})).await;
    assert_eq!(b["puzzles"][0]["puzzle"], a["puzzles"][0]["puzzle"]);
    assert!(
        a["puzzles"][0]["seed"]
            .as_str()
            .unwrap()
            .parse::<u64>()
            .is_ok()
    );
    let big = "18446744073709551557";
    let (_, c) = post(&app, "/api/generate", json!({"size": 4, "seed": big})).await;
    assert_eq!(c["seed"], big);
    let (s, v) = post(&app, "/api/generate", json!({"seed": "12x"})).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(error_of(&v).starts_with("seed: '12x'"), "{v}");
}

#[tokio::test]
async fn listings_and_openapi() {
    let app = app();
    let (s, v) = call(&app, "GET", "/api/engines", "").await;
    assert_eq!(s, StatusCode::OK);
    let names: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"fast") && names.contains(&"dlx"));
    let (_, v) = call(&app, "GET", "/api/techniques", "").await;
    assert_eq!(v[0]["id"], "full-house");
    let (s, v) = call(&app, "GET", "/api/openapi.json", "").await;
    assert_eq!(s, StatusCode::OK);
    for path in [
        "/api/solve",
        "/api/count",
        "/api/explain",
        "/api/hint",
        "/api/rate",
        "/api/check",
        "/api/true-candidates",
        "/api/generate",
        "/api/parse",
        "/api/engines",
        "/api/techniques",
    ] {
        assert!(v["paths"].get(path).is_some(), "openapi lacks {path}");
    }
}

#[tokio::test]
async fn the_page_and_its_assets_are_served() {
    let app = app();
    for (path, needle) in [
        ("/", "<div id=\"board\""),
        ("/app.js", "function draw()"),
        ("/style.css", "#board"),
    ] {
        let req = Request::get(path).body(Body::empty()).unwrap();
        let res = router(app.clone()).oneshot(req).await.unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        let text = res.into_body().collect().await.unwrap().to_bytes();
        assert!(String::from_utf8_lossy(&text).contains(needle), "{path}");
    }
}

#[tokio::test]
async fn bad_requests_are_json_errors_with_4xx() {
    let app = app();
    let cases: Vec<(&str, String, StatusCode, &str)> = vec![
        (
            "/api/solve",
            "not json".into(),
            StatusCode::BAD_REQUEST,
            "bad request body",
        ),
        (
            "/api/solve",
            json!({"puzzle": P, "colour": 1}).to_string(),
            StatusCode::BAD_REQUEST,
            "unknown field",
        ),
        (
            "/api/solve",
            json!({}).to_string(),
            StatusCode::BAD_REQUEST,
            "missing field `puzzle`",
        ),
        (
            "/api/solve",
            json!({"puzzle": "12"}).to_string(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "wrong length",
        ),
        (
            "/api/solve",
            json!({"puzzle": P, "engine": "nope"}).to_string(),
            StatusCode::BAD_REQUEST,
            "unknown engine",
        ),
        (
            "/api/solve",
            json!({"puzzle": P, "limit": 0}).to_string(),
            StatusCode::BAD_REQUEST,
            "between 1 and",
        ),
        (
            "/api/count",
            json!({"puzzle": P, "count": 1_000_000}).to_string(),
            StatusCode::BAD_REQUEST,
            "between 1 and",
        ),
        (
            "/api/solve",
            json!({"puzzle": P, "box": "3y3"}).to_string(),
            StatusCode::BAD_REQUEST,
            "expected RxC",
        ),
        (
            "/api/solve",
            json!({"puzzle": P, "box": "9x9"}).to_string(),
            StatusCode::BAD_REQUEST,
            "unsupported size",
        ),
        (
            "/api/solve",
            json!({"puzzle": P, "extra": ["knights"]}).to_string(),
            StatusCode::BAD_REQUEST,
            "unknown extra",
        ),
        (
            "/api/solve",
            json!({"puzzle": P, "box": "3x3", "regions": "1"}).to_string(),
            StatusCode::BAD_REQUEST,
            "either box or regions",
        ),
        (
            "/api/solve",
            json!({"puzzle": P, "regions": "123"}).to_string(),
            StatusCode::BAD_REQUEST,
            "regions",
        ),
        (
            "/api/solve",
            json!({"puzzle": P, "format": "xml"}).to_string(),
            StatusCode::BAD_REQUEST,
            "format",
        ),
        (
            "/api/hint",
            json!({"puzzle": P, "level": 4}).to_string(),
            StatusCode::BAD_REQUEST,
            "level must be",
        ),
        (
            "/api/hint",
            json!({"puzzle": P, "entries": [1, 2]}).to_string(),
            StatusCode::BAD_REQUEST,
            "entries",
        ),
        (
            "/api/hint",
            json!({"puzzle": P, "order": "fast"}).to_string(),
            StatusCode::BAD_REQUEST,
            "order",
        ),
        (
            "/api/generate",
            json!({"symmetry": "spiral"}).to_string(),
            StatusCode::BAD_REQUEST,
            "symmetry",
        ),
        (
            "/api/generate",
            json!({"level": "trivial"}).to_string(),
            StatusCode::BAD_REQUEST,
            "HoDoKu level",
        ),
        (
            "/api/generate",
            json!({"symmetry": "rot90", "box": "2x3"}).to_string(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "does not fit",
        ),
        (
            "/api/nothing",
            String::new(),
            StatusCode::NOT_FOUND,
            "no such endpoint",
        ),
    ];
    for (path, body, status, needle) in cases {
        let (s, v) = call(&app, "POST", path, &body).await;
        assert_eq!(s, status, "{path} {body}: {v}");
        assert!(error_of(&v).contains(needle), "{path} {body}: {v}");
    }
    // Givens that break a rule are refused with the command line's message.
    let conflict = format!("11{}", &P[2..]);
    let (s, v) = post(&app, "/api/solve", json!({"puzzle": conflict})).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        error_of(&v).contains("digit 1 appears twice in row 1"),
        "{v}"
    );
}

#[tokio::test]
async fn bodies_over_the_limit_are_refused() {
    let app = App::new(Limits {
        body_bytes: 1024,
        ..Limits::default()
    });
    let big = json!({"puzzle": ".".repeat(2000)}).to_string();
    let (s, v) = call(&app, "POST", "/api/solve", &big).await;
    assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(error_of(&v).contains("1024 bytes"));
}

#[tokio::test]
async fn budgets_are_capped_by_the_server() {
    let app = App::new(Limits {
        max_budget: Duration::from_millis(200),
        ..Limits::default()
    });
    // The request asks for an hour; the server's ceiling stops it.
    let (s, v) = post(
        &app,
        "/api/solve",
        json!({"puzzle": DEEP, "engine": "backtrack", "budget_ms": 3_600_000}),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["status"], "stopped");
    // A node budget works the same way.
    let (_, v) = post(
        &app,
        "/api/solve",
        json!({"puzzle": DEEP, "engine": "backtrack", "nodes": 1000}),
    )
    .await;
    assert_eq!(v["status"], "stopped");
    // The limiter checks every 256 nodes, so the search stops within a few hundred more.
    assert!(v["stats"]["nodes"].as_u64().unwrap() < 2000, "{v}");
}

fn long_app(max_concurrent: usize, queue_wait: Duration, request_timeout: Duration) -> Arc<App> {
    queue_app(max_concurrent, 256, queue_wait, request_timeout)
}

fn queue_app(
    max_concurrent: usize,
    max_queue: usize,
    queue_wait: Duration,
    request_timeout: Duration,
) -> Arc<App> {
    App::new(Limits {
        max_queue,
        max_budget: Duration::from_secs(600),
        default_budget: Duration::from_secs(600),
        max_nodes: u64::MAX,
        max_concurrent,
        queue_wait,
        request_timeout,
        ..Limits::default()
    })
}

/// Waits until `app` has `n` pieces of work running (or fails after a generous minute).
async fn wait_running(app: &App, n: usize) {
    let start = Instant::now();
    while app.running.load(Ordering::SeqCst) != n {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "work count never reached {n}"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Posts `body` to `path` in a task of its own and waits until its work is running.
async fn start(
    app: &Arc<App>,
    path: &'static str,
    body: Value,
) -> tokio::task::JoinHandle<(StatusCode, Value)> {
    let a2 = app.clone();
    let task = tokio::spawn(async move { post(&a2, path, body).await });
    wait_running(app, 1).await;
    task
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_server_answers_503_and_a_dropped_request_stops_its_work() {
    let app = long_app(1, Duration::from_millis(100), Duration::from_secs(600));
    let long = start(
        &app,
        "/api/solve",
        json!({"puzzle": DEEP, "engine": "backtrack"}),
    )
    .await;
    // The only slot is taken: the next request waits 100 ms, then gets a 503.
    let (s, v) = post(&app, "/api/solve", json!({"puzzle": P})).await;
    assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE);
    assert!(error_of(&v).contains("busy"));
    // The client goes away: the handler future is dropped, the cancel flag set, and the
    // search (budget: ten minutes) stops.
    long.abort();
    wait_running(&app, 0).await;
    assert_eq!(app.cancelled.load(Ordering::SeqCst), 1);
    // The slot is free again.
    let (s, _) = post(&app, "/api/solve", json!({"puzzle": P})).await;
    assert_eq!(s, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_request_timeout_stops_the_work_with_503() {
    let app = long_app(4, Duration::from_secs(1), Duration::from_millis(300));
    let (s, v) = post(
        &app,
        "/api/solve",
        json!({"puzzle": DEEP, "engine": "backtrack"}),
    )
    .await;
    assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE);
    assert!(error_of(&v).contains("longer than the server's limit"));
    wait_running(&app, 0).await;
    assert_eq!(app.cancelled.load(Ordering::SeqCst), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_queued_request_runs_when_a_slot_frees_and_a_full_queue_answers_503_at_once() {
    let app = queue_app(1, 1, Duration::from_secs(600), Duration::from_secs(600));
    let long = start(
        &app,
        "/api/solve",
        json!({"puzzle": DEEP, "engine": "backtrack"}),
    )
    .await;
    // The slot is taken: this request waits in the queue (one place).
    let a3 = app.clone();
    let queued = tokio::spawn(async move { post(&a3, "/api/solve", json!({"puzzle": P})).await });
    let start = Instant::now();
    while app.waiting.load(Ordering::SeqCst) != 1 {
        assert!(start.elapsed() < Duration::from_secs(60), "never queued");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // The queue is full: the next one is refused without waiting.
    let (s, v) = post(&app, "/api/solve", json!({"puzzle": P})).await;
    assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE);
    assert!(error_of(&v).contains("already waiting"), "{v}");
    // The long request goes away; the queued one gets the slot and its answer.
    long.abort();
    let (s, v) = queued.await.expect("queued request");
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["status"], "solved");
    assert_eq!(app.waiting.load(Ordering::SeqCst), 0);
}

/// Easter Monster (data/examples/puzzles.txt): its SE rating needs nested dynamic chains, far
/// more work than a test waits for, so a rating that ends soon was stopped.
const EASTER_MONSTER: &str =
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_rate_request_stops_its_work() {
    let app = long_app(1, Duration::from_secs(600), Duration::from_secs(600));
    let long = start(&app, "/api/rate", json!({"puzzle": EASTER_MONSTER})).await;
    long.abort();
    wait_running(&app, 0).await;
    assert_eq!(app.cancelled.load(Ordering::SeqCst), 1);
}

#[test]
fn check_stops_when_its_cancel_flag_is_set() {
    // What /api/check runs, with the flag a dropped request sets: the counts (here by the plain
    // backtracker on DEEP, which would search for minutes) and the rating give up.
    let puzzle = parse_one(DEEP, InputFormat::Auto).unwrap();
    let flag = Arc::new(std::sync::atomic::AtomicBool::new(true));
    let budget = Limits {
        default_budget: Duration::from_secs(600),
        max_budget: Duration::from_secs(600),
        ..Limits::default()
    }
    .budget(None, None, flag);
    let checker = Checker::with_engine(puzzle.layout_arc().clone(), "backtrack")
        .unwrap()
        .with_budget(budget.clone());
    let rate = |g: &Grid| sudokit_app::rate::rate_within(g, &budget);
    let c = sudokit_app::check::check_with(&puzzle, 1, &checker, Some(&rate));
    assert_eq!(c.unique.as_str(), "unknown");
    assert_eq!(c.json["rating"], Value::Null);
    let nugget = parse_one(NUGGET, InputFormat::Auto).unwrap();
    assert_eq!(sudokit_app::rate::rate_within(&nugget, &budget), None);
}

/// Golden nugget (data/examples/puzzles.txt): unique, needs search, rated far above 9.
const NUGGET: &str =
    ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....";

#[tokio::test]
async fn check_honours_the_node_budget() {
    let app = app();
    // Golden nugget needs search; one node is not enough to prove it unique.
    let (s, v) = post(&app, "/api/check", json!({"puzzle": NUGGET, "nodes": 1})).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["unique"], "unknown", "{v}");
    let (_, v) = post(&app, "/api/check", json!({"puzzle": NUGGET})).await;
    assert_eq!(v["unique"], "yes", "{v}");
}
