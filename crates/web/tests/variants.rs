//! The JSON API on a variant puzzle pasted as an f-puzzles link or JSON: solved and counted by
//! an engine that honours its rules, refused (never solved wrongly) by one that does not.

use std::sync::Arc;

use axum::http::StatusCode;
use serde_json::json;
use sudokit_web::{App, Limits};

mod support;
use support::post;

/// `(puzzle line, published solution)` of line `n` of data/variants/puzzles.txt.
fn published(n: usize) -> (String, String) {
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

#[tokio::test]
async fn a_pasted_fpuzzles_link_or_json_is_solved_and_counted_with_its_rules() {
    let app: Arc<App> = App::new(Limits::default());
    // Line 2: an f-puzzles link (arrows, thermos, anti-king); line 36: The Miracle as JSON.
    for n in [2, 36] {
        let (puzzle, solution) = published(n);
        let (s, v) = post(
            &app,
            "/api/solve",
            json!({"puzzle": puzzle, "engine": "sat"}),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "line {n}: {v}");
        assert_eq!(v["solutions"][0], solution.as_str(), "line {n}");
        let (_, v) = post(
            &app,
            "/api/count",
            json!({"puzzle": puzzle, "engine": "sat"}),
        )
        .await;
        assert_eq!(
            (v["count"].as_u64(), v["exact"].as_bool()),
            (Some(1), Some(true)),
            "line {n}: {v}"
        );
        let (_, v) = post(
            &app,
            "/api/solve",
            json!({"puzzle": puzzle, "engine": "fast"}),
        )
        .await;
        let e = v["error"].as_str().unwrap_or("");
        assert!(e.contains("cp or sat"), "line {n}: {v}");
    }
}
