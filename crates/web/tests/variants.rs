//! The JSON API on a variant puzzle pasted as an f-puzzles link or JSON: solved and counted by
//! an engine that honours its rules, refused (never solved wrongly) by one that does not.

use std::sync::Arc;

use axum::http::StatusCode;
use serde_json::json;
use sudokit_web::{App, Limits};

mod support;
use support::{post, published};

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

/// A 4×4 with one killer cage r1c1+r1c2 = 3 and no givens: many solutions, and by the rule's
/// own definition r1c1 and r1c2 hold {1, 2} (either way round), so the rest of row 1 and of
/// box 1 hold {3, 4}.
const CAGE_4X4: &str = r#"{"cells": "................", "rules": [{"type": "killer", "cells": ["r1c1", "r1c2"], "sum": 3}]}"#;

#[tokio::test]
async fn true_candidates_of_a_rule_puzzle_follow_its_rules() {
    let app: Arc<App> = App::new(Limits::default());
    let (s, v) = post(&app, "/api/true-candidates", json!({"puzzle": CAGE_4X4})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["status"], "solved", "{v}");
    assert_eq!(v["complete"], true, "{v}");
    let c: Vec<&str> = v["candidates"]
        .as_array()
        .expect("candidates")
        .iter()
        .map(|x| x.as_str().unwrap())
        .collect();
    assert_eq!(c.len(), 16);
    // Row 1: the cage {1,2}, then {3,4}; box 1's second row: {3,4}; elsewhere every digit.
    assert_eq!(&c[..4], ["12", "12", "34", "34"], "{v}");
    assert_eq!(&c[4..6], ["34", "34"], "{v}");
    assert_eq!(c[15], "1234", "{v}");
    // An engine that does not know the rules is refused, not run without them.
    let (s, v) = post(
        &app,
        "/api/true-candidates",
        json!({"puzzle": CAGE_4X4, "engine": "fast"}),
    )
    .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"].as_str().unwrap_or("").contains("killer"), "{v}");
}

#[tokio::test]
async fn true_candidates_honour_the_node_budget() {
    let app: Arc<App> = App::new(Limits::default());
    // An empty 9×9 with one cage: one search per open candidate, far more than 5 nodes.
    let puzzle = json!({"cells": ".".repeat(81),
                        "rules": [{"type": "killer", "cells": ["r1c1", "r1c2"], "sum": 4}]})
    .to_string();
    let (s, v) = post(
        &app,
        "/api/true-candidates",
        json!({"puzzle": puzzle, "engine": "cp", "nodes": 5}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(
        (v["status"].as_str(), v["complete"].as_bool()),
        (Some("stopped"), Some(false)),
        "{v}"
    );
    assert!(v["nodes"].as_u64().unwrap_or(u64::MAX) <= 5, "{v}");
    // Whatever was found is a true candidate: the cage's cells hold 1 or 3 only.
    for cell in [0, 1] {
        let t = v["candidates"][cell].as_str().unwrap_or("");
        assert!(
            t.chars().all(|ch| ch == '1' || ch == '3' || ch == '-'),
            "{v}"
        );
    }
}

#[tokio::test]
async fn rule_endpoints_refuse_bad_input_with_a_message() {
    let app: Arc<App> = App::new(Limits::default());
    let unknown = r#"{"cells": "................", "rules": [{"type": "sideways-thermo", "cells": ["r1c1"]}]}"#;
    let cases = [
        (
            json!({"puzzle": CAGE_4X4, "count": 2}),
            StatusCode::BAD_REQUEST,
            "unknown field `count`",
        ),
        (
            json!({"puzzle": unknown}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "sideways-thermo",
        ),
        (
            json!({"puzzle": CAGE_4X4, "engine": "nope"}),
            StatusCode::BAD_REQUEST,
            "nope",
        ),
    ];
    for (body, status, needle) in cases {
        let (s, v) = post(&app, "/api/true-candidates", body.clone()).await;
        assert_eq!(s, status, "{body}: {v}");
        assert!(
            v["error"].as_str().unwrap_or("").contains(needle),
            "{body}: {v}"
        );
    }
}

#[tokio::test]
async fn the_page_gets_rules_and_classic_only_tools_refuse_them() {
    let app: Arc<App> = App::new(Limits::default());
    let (s, v) = post(&app, "/api/parse", json!({"puzzle": CAGE_4X4})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(
        v["rules"],
        json!([{"type": "killer", "cells": ["r1c1", "r1c2"], "sum": 3}])
    );
    assert_eq!(v["descriptions"], json!(["killer r1c1 r1c2 = 3"]));
    // Hint, explain and rate know classic rules only: refused by name, never run without them.
    for path in ["/api/hint", "/api/explain", "/api/rate"] {
        let (s, v) = post(&app, path, json!({"puzzle": CAGE_4X4})).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{path}: {v}");
        let e = v["error"].as_str().unwrap_or("");
        assert!(
            e.contains("classic rules only") && e.contains("killer"),
            "{path}: {v}"
        );
    }
    // The engines say which honour rules (the page disables the others).
    let (_, v) = support::call(&app, "GET", "/api/engines", "").await;
    let honours = |name: &str| {
        v.as_array()
            .and_then(|a| a.iter().find(|e| e["name"] == name))
            .map(|e| e["rules"].clone())
    };
    assert_eq!(honours("sat"), Some(json!(true)), "{v}");
    assert_eq!(honours("cp"), Some(json!(true)), "{v}");
    assert_eq!(honours("fast"), Some(json!(false)), "{v}");
}

#[tokio::test]
async fn check_on_a_rule_puzzle_is_unique_and_names_what_could_go() {
    let app: Arc<App> = App::new(Limits::default());
    // The Miracle (line 36): unique, and its nonconsecutive rule cannot go.
    let (puzzle, _) = published(36);
    let (s, v) = post(&app, "/api/check", json!({"puzzle": puzzle})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["unique"], "yes", "{v}");
    assert!(v["redundant_givens"].is_array(), "{v}");
    assert_eq!(v["redundant_rules"], json!([]), "{v}");
    // The 4×4 with one cage and no givens has many solutions.
    let (_, v) = post(&app, "/api/check", json!({"puzzle": CAGE_4X4})).await;
    assert_eq!(v["unique"], "no", "{v}");
}
