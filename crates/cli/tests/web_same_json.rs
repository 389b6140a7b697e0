//! The web API answers with the record the command line prints: the same puzzles go through the
//! `sudokit` binary (`--format json`) and through the router (tower's `oneshot`, no port), and
//! the JSON values must match once the CLI's position fields (`record`, `line`, `file`,
//! `label`) and the timing fields (`micros`) are taken out. Errors must carry the CLI's words.

use std::process::{Command, Stdio};

use axum::body::{Body, to_bytes};
use axum::http::{Request, StatusCode};
use serde_json::{Value, json};
use sudokit_testkit::process;
use sudokit_web::{App, Limits, router};
use tower::ServiceExt;

mod common;
use common::run;

/// worksheet-1, worksheet-2 and worksheet-4 from data/examples/puzzles.txt (unique).
const PUZZLES: &[&str] = &[
    "000000090190470608052819407200048000009000500000750009907364180506081074080000000",
    "840000160000080002920100000003010085000403000750090400000008049500020010089000076",
    "900002006080007050007008100000600712000050000123004000004800300030700020500400001",
];

/// A 6×6 with 3×2 boxes and several solutions, to carry a layout flag through both paths.
const SIX: &str = "1.....2.....3.....4.....5.....6.....";

/// Runs the binary on `stdin` and parses its one JSON line.
fn cli(args: &[&str], stdin: &str) -> Value {
    let out = run(args, stdin);
    let text = process::stdout_text(&out);
    let mut lines = text.lines();
    let v: Value = serde_json::from_str(lines.next().unwrap_or_else(|| {
        panic!(
            "sudokit {args:?} printed nothing; stderr: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    }))
    .expect("one JSON record");
    assert!(lines.next().is_none(), "one record per puzzle: {text}");
    v
}

/// Posts `body` to `path` on a fresh router.
fn api(path: &str, body: &Value) -> (StatusCode, Value) {
    let rt = tokio::runtime::Runtime::new().expect("runtime");
    rt.block_on(async {
        let req = Request::post(path)
            .header("content-type", "application/json")
            .body(Body::from(body.to_string()))
            .expect("request");
        let res = router(App::new(Limits::default()))
            .oneshot(req)
            .await
            .expect("infallible");
        let status = res.status();
        let bytes = to_bytes(res.into_body(), usize::MAX).await.expect("body");
        (status, serde_json::from_slice(&bytes).expect("JSON body"))
    })
}

/// Takes out the CLI's position fields and every `micros` (at any depth).
fn strip(mut v: Value) -> Value {
    fn drop_timing(v: &mut Value) {
        match v {
            Value::Object(m) => {
                m.remove("micros");
                m.values_mut().for_each(drop_timing);
            }
            Value::Array(a) => a.iter_mut().for_each(drop_timing),
            _ => {}
        }
    }
    if let Value::Object(m) = &mut v {
        for k in ["record", "line", "file", "label"] {
            m.remove(k);
        }
    }
    drop_timing(&mut v);
    v
}

fn same(what: &str, cli_record: Value, (status, body): (StatusCode, Value)) {
    assert_eq!(status, StatusCode::OK, "{what}: {body}");
    assert_eq!(strip(cli_record), strip(body), "{what}");
}

#[test]
fn solve_and_count_records_match_the_cli() {
    for p in PUZZLES {
        same(
            "solve",
            cli(&["solve", "--format", "json"], p),
            api("/api/solve", &json!({"puzzle": p})),
        );
        same(
            "solve dlx",
            cli(&["solve", "--format", "json", "--engine", "dlx"], p),
            api("/api/solve", &json!({"puzzle": p, "engine": "dlx"})),
        );
        same(
            "count",
            cli(&["count", "--format", "json", "--limit", "2"], p),
            api("/api/count", &json!({"puzzle": p, "count": 2})),
        );
    }
    // A layout flag, several solutions listed.
    same(
        "solve --limit with --box",
        cli(
            &["solve", "--format", "json", "--box", "3x2", "--limit", "3"],
            SIX,
        ),
        api(
            "/api/solve",
            &json!({"puzzle": SIX, "box": "3x2", "limit": 3}),
        ),
    );
}

#[test]
fn explain_and_hint_records_match_the_cli() {
    for p in PUZZLES {
        same(
            "explain",
            cli(&["explain", "--format", "json"], p),
            api("/api/explain", &json!({"puzzle": p})),
        );
        for level in 1..=3u8 {
            let l = level.to_string();
            same(
                "hint",
                cli(&["hint", "--format", "json", "--level", &l], p),
                api("/api/hint", &json!({"puzzle": p, "level": level})),
            );
        }
    }
}

#[test]
fn rate_records_match_the_cli_plus_the_rater_fields() {
    for p in PUZZLES {
        let c = strip(cli(&["rate", "--format", "json", "--explain"], p));
        let (status, w) = api("/api/rate", &json!({"puzzle": p}));
        assert_eq!(status, StatusCode::OK, "{w}");
        let mut w = strip(w);
        // The API names its rater and whether the rating finished; the CLI has the HoDoKu
        // level fields (null unless `--hodoku`). Every other field is the same.
        assert_eq!(w["rater"], "se121");
        assert_eq!(w["complete"], true);
        let m = w.as_object_mut().expect("object");
        m.remove("rater");
        m.remove("complete");
        let mut c = c;
        let cm = c.as_object_mut().expect("object");
        assert_eq!(cm.remove("hodoku_level"), Some(Value::Null));
        assert_eq!(cm.remove("hodoku_score"), Some(Value::Null));
        assert_eq!(c, w);
    }
}

#[test]
fn api_errors_carry_the_cli_messages() {
    // The CLI prints the parse error in the record; the API answers 422 with the same words.
    let bad = "12345678";
    let c = cli(&["solve", "--format", "json"], bad);
    let (status, w) = api("/api/solve", &json!({"puzzle": bad}));
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(c["error"], w["error"], "{c} / {w}");
    // Layout flags: clap wraps the message, which the API returns as is.
    for (flag, field, value) in [
        ("--box", "box", "3y3"),
        ("--box", "box", "9x9"),
        ("--extra", "extra", "knights"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_sudokit"))
            .args(["solve", flag, value])
            .stdin(Stdio::null())
            .output()
            .expect("run sudokit");
        assert_eq!(out.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&out.stderr);
        let body = if field == "extra" {
            json!({"puzzle": PUZZLES[0], field: [value]})
        } else {
            json!({"puzzle": PUZZLES[0], field: value})
        };
        let (status, w) = api("/api/solve", &body);
        assert_eq!(status, StatusCode::BAD_REQUEST);
        let msg = w["error"].as_str().expect("message");
        let words = msg.strip_prefix("box: ").unwrap_or(msg);
        assert!(stderr.contains(words), "{stderr} / {msg}");
    }
}
