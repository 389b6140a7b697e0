//! The HTTP layer: routes, request parsing, limits and cancellation.
//!
//! Design decision: handlers read the body themselves (capped at the body limit) and parse it
//! with serde, so every failure — too large, not JSON, a bad field, a puzzle that does not
//! parse, a field the endpoint does not use — becomes the same `{"error": "..."}` body with a
//! 4xx status, worded as the command line words it. Work runs through `App::run`, which waits for a slot, runs the closure in
//! `spawn_blocking` and sets the budget's cancel flag when the request is dropped.
//!
//! Variant rules travel inside the puzzle text (an f-puzzles link or JSON, or sudokit JSON with
//! `rules`): solve, count, check and true-candidates hand them to an engine that honours them,
//! and hint, explain and rate — human techniques for classic rules only — refuse such a puzzle
//! by name rather than answer as if its rules were not there.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use axum::Router;
use axum::body::{Body, to_bytes};
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::Semaphore;

use sudokit_app::techniques::{sorted_by, technique_json};
use sudokit_core::format::{InputFormat, LayoutSpec, LayoutSpecError, parse_one_with};
use sudokit_core::{Budget, Digit, DigitSet, Grid};
use sudokit_engines::{ENGINES, EngineOptions, auto_engine, engine};
use sudokit_generate::{GenError, Generator};
use sudokit_logic::{CandidateGrid, LogicSolver, Order};

use crate::assets;
use crate::limits::Limits;
use sudokit_app::check::{Uniqueness, add_redundancy, checker_for};
use sudokit_app::generate::{LayoutRequest, config_for, generate_one, set_targets};
use sudokit_app::solve::SolveMode;

/// The shared state of the server.
#[derive(Debug)]
pub struct App {
    /// The limits.
    pub limits: Limits,
    slots: Arc<Semaphore>,
    /// Pieces of work running right now (for tests and monitoring).
    pub running: AtomicUsize,
    /// Requests waiting for a slot right now (at most `limits.max_queue`).
    pub waiting: AtomicUsize,
    /// Pieces of work that ended after their request was dropped.
    pub cancelled: AtomicU64,
}

impl App {
    /// A server state with these limits.
    pub fn new(limits: Limits) -> Arc<App> {
        Arc::new(App {
            slots: Arc::new(Semaphore::new(limits.max_concurrent.max(1))),
            limits,
            running: AtomicUsize::new(0),
            waiting: AtomicUsize::new(0),
            cancelled: AtomicU64::new(0),
        })
    }

    /// Runs `work` on the blocking pool once a slot is free, with a cancel flag that is set
    /// when this future is dropped or the request times out. A request waits in a bounded queue:
    /// a 503 comes at once when the queue is full, or when no slot frees up within the queue
    /// wait; the request timeout counts from here, so it bounds the wait and the work together.
    async fn run<T: Send + 'static>(
        self: &Arc<App>,
        work: impl FnOnce(Arc<AtomicBool>) -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let deadline = tokio::time::Instant::now() + self.limits.request_timeout;
        let permit = match self.slots.clone().try_acquire_owned() {
            Ok(p) => p,
            Err(_) => {
                let queued = Queued::enter(self).ok_or_else(|| {
                    ApiError::busy(format!(
                        "the server is busy: every solving slot is taken and {} requests are \
                         already waiting",
                        self.limits.max_queue
                    ))
                })?;
                let wait = self.limits.queue_wait.min(self.limits.request_timeout);
                let permit = tokio::time::timeout(wait, self.slots.clone().acquire_owned())
                    .await
                    .map_err(|_| {
                        ApiError::busy(format!(
                            "the server is busy: no solving slot came free within {} s",
                            wait.as_secs_f64()
                        ))
                    })?
                    .map_err(|_| ApiError::busy("the server is shutting down"))?;
                drop(queued);
                permit
            }
        };
        let cancel = Arc::new(AtomicBool::new(false));
        let guard = CancelOnDrop(cancel.clone());
        let app = self.clone();
        let flag = cancel.clone();
        app.running.fetch_add(1, Ordering::SeqCst);
        let task = tokio::task::spawn_blocking(move || {
            // Counted down and the slot freed even if the work panics.
            let _done = Done {
                app,
                flag: flag.clone(),
                _permit: permit,
            };
            work(flag)
        });
        let out = tokio::time::timeout_at(deadline, task).await;
        drop(guard);
        match out {
            Ok(Ok(v)) => Ok(v),
            Ok(Err(_)) => Err(ApiError {
                status: StatusCode::INTERNAL_SERVER_ERROR,
                message: "internal error: the work panicked (this is a bug)".into(),
            }),
            Err(_) => Err(ApiError::busy(format!(
                "the request took longer than the server's limit of {} s and was stopped",
                self.limits.request_timeout.as_secs_f64()
            ))),
        }
    }
}

/// A place in the admission queue, given back when dropped (a slot came free, the wait ran
/// out, or the client went away while waiting).
struct Queued<'a>(&'a App);

impl<'a> Queued<'a> {
    /// Takes a place, or `None` when `max_queue` requests are already waiting.
    fn enter(app: &'a App) -> Option<Queued<'a>> {
        app.waiting
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |w| {
                (w < app.limits.max_queue).then_some(w + 1)
            })
            .ok()
            .map(|_| Queued(app))
    }
}

impl Drop for Queued<'_> {
    fn drop(&mut self) {
        self.0.waiting.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Ends a piece of work: frees its slot, counts it down, and counts it as cancelled when its
/// flag was set.
struct Done {
    app: Arc<App>,
    flag: Arc<AtomicBool>,
    _permit: tokio::sync::OwnedSemaphorePermit,
}

impl Drop for Done {
    fn drop(&mut self) {
        if self.flag.load(Ordering::SeqCst) {
            self.app.cancelled.fetch_add(1, Ordering::SeqCst);
        }
        self.app.running.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Sets the flag when dropped: the request went away, so its work should stop.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

/// An error response: `{"error": message}` with a status.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    fn bad(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }
    fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message: message.into(),
        }
    }
    fn busy(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: message.into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, axum::Json(json!({"error": self.message}))).into_response()
    }
}

type ApiResult = Result<axum::Json<Value>, ApiError>;

/// The fields a puzzle request may carry: the puzzle text and the layout, as the command line's
/// `--input-format`, `--box`, `--regions` and `--extra` flags, and the options of every puzzle
/// endpoint (each endpoint refuses those it does not use: [`read_puzzle`]).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct PuzzleRequest {
    /// The puzzle in any format sudokit reads.
    puzzle: String,
    /// `auto` (default), `line`, `numbers`, `block`, `csv`, `json` or `jigsaw`.
    #[serde(default)]
    format: Option<String>,
    /// Box shape `RxC`.
    #[serde(default, rename = "box")]
    box_shape: Option<String>,
    /// A region map: N² labels (whitespace ignored).
    #[serde(default)]
    regions: Option<String>,
    /// `diagonals`, `anti-knight`, `anti-king`.
    #[serde(default)]
    extra: Vec<String>,
    /// Engine name or `auto` (solve, count).
    #[serde(default)]
    engine: Option<String>,
    /// Up to this many solutions, listed (solve).
    #[serde(default)]
    limit: Option<u64>,
    /// Count up to this many (count; default 2).
    #[serde(default)]
    count: Option<u64>,
    /// Time budget in milliseconds.
    #[serde(default)]
    budget_ms: Option<u64>,
    /// Node budget.
    #[serde(default)]
    nodes: Option<u64>,
    /// Hint level 1–3.
    #[serde(default)]
    level: Option<u8>,
    /// The user's grid: N² values, 0 for empty (hint, check).
    #[serde(default)]
    entries: Option<Vec<u8>>,
    /// The user's pencil marks: N² lists of digits (hint).
    #[serde(default)]
    pencil: Option<Vec<Vec<u8>>>,
    /// Check every step against the solution (explain).
    #[serde(default)]
    check: bool,
    /// Technique order: `hodoku` (default) or `se` (explain, hint).
    #[serde(default)]
    order: Option<String>,
    /// Also rate the puzzle (check).
    #[serde(default)]
    rate: bool,
}

/// The body of `/api/generate`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct GenerateRequest {
    #[serde(default)]
    size: Option<usize>,
    #[serde(default, rename = "box")]
    box_shape: Option<String>,
    #[serde(default)]
    regions: Option<String>,
    #[serde(default)]
    jigsaw: bool,
    #[serde(default)]
    extra: Vec<String>,
    #[serde(default)]
    symmetry: Option<String>,
    #[serde(default)]
    count: Option<u64>,
    /// A decimal string (a JavaScript number cannot hold every 64-bit seed) or a number.
    #[serde(default)]
    seed: Option<SeedField>,
    #[serde(default)]
    minimal: bool,
    /// HoDoKu level: easy, medium, hard, unfair, extreme.
    #[serde(default)]
    level: Option<String>,
    /// SE rating range `[a, b]`.
    #[serde(default)]
    rating: Option<(f32, f32)>,
    #[serde(default)]
    budget_ms: Option<u64>,
}

/// A generator seed as a request gives it: a decimal string, or a number (exact only below
/// 2^53 when the client is JavaScript, hence the string the page sends).
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum SeedField {
    Number(u64),
    Text(String),
}

impl SeedField {
    fn value(&self) -> Result<u64, ApiError> {
        match self {
            SeedField::Number(n) => Ok(*n),
            SeedField::Text(t) => t.trim().parse().map_err(|_| {
                ApiError::bad(format!(
                    "seed: '{t}' is not a whole number from 0 to 18446744073709551615"
                ))
            }),
        }
    }
}

/// The fields of a puzzle request every puzzle endpoint uses: the puzzle and its layout.
const PUZZLE_FIELDS: &[&str] = &["puzzle", "format", "box", "regions", "extra"];

/// The fields each puzzle endpoint uses besides [`PUZZLE_FIELDS`] (as the OpenAPI document
/// lists them); any other field is refused, so a field meant for another endpoint never
/// passes silently.
const PARSE: &[&str] = &[];
const SOLVE: &[&str] = &["engine", "limit", "count", "budget_ms", "nodes"];
const COUNT: &[&str] = &["engine", "count", "budget_ms", "nodes"];
const EXPLAIN: &[&str] = &["check", "order", "entries", "pencil", "budget_ms", "nodes"];
const HINT: &[&str] = &["level", "order", "entries", "pencil", "budget_ms", "nodes"];
const RATE: &[&str] = &["budget_ms", "nodes"];
const CHECK: &[&str] = &["rate", "entries", "budget_ms", "nodes"];
const TRUE_CANDIDATES: &[&str] = &["engine", "budget_ms", "nodes"];

/// Reads the body (capped) and parses it as `T`.
async fn read_json<T: for<'de> Deserialize<'de>>(app: &App, body: Body) -> Result<T, ApiError> {
    let bytes = read_body(app, body).await?;
    parse_body(&bytes)
}

/// The body, capped at the body limit (413 past it).
async fn read_body(app: &App, body: Body) -> Result<axum::body::Bytes, ApiError> {
    to_bytes(body, app.limits.body_bytes)
        .await
        .map_err(|_| ApiError {
            status: StatusCode::PAYLOAD_TOO_LARGE,
            message: format!(
                "the request body is larger than the server's limit of {} bytes",
                app.limits.body_bytes
            ),
        })
}

fn parse_body<T: for<'de> Deserialize<'de>>(bytes: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(bytes).map_err(|e| ApiError::bad(format!("bad request body: {e}")))
}

/// Reads the body of the puzzle endpoint `path`, which uses `fields` besides the puzzle and
/// layout fields: a field it does not use is refused (400) by name, before the body is parsed.
async fn read_puzzle(
    app: &App,
    body: Body,
    path: &str,
    fields: &[&str],
) -> Result<PuzzleRequest, ApiError> {
    let bytes = read_body(app, body).await?;
    if let Ok(Value::Object(m)) = serde_json::from_slice::<Value>(&bytes) {
        let used = |k: &str| PUZZLE_FIELDS.contains(&k) || fields.contains(&k);
        if let Some(k) = m.keys().find(|k| !used(k)) {
            let all: Vec<&str> = PUZZLE_FIELDS.iter().chain(fields).copied().collect();
            return Err(ApiError::bad(format!(
                "unknown field `{k}`: {path} does not use it (its fields: {})",
                all.join(", ")
            )));
        }
    }
    parse_body(&bytes)
}

/// A layout part of a request refused: worded as the command line words the flag's error,
/// prefixed with the field (`box`, `regions`) where the message does not name it.
fn layout_error(e: LayoutSpecError) -> ApiError {
    ApiError::bad(match e {
        LayoutSpecError::BoxSyntax(_)
        | LayoutSpecError::BoxRows(_)
        | LayoutSpecError::BoxColumns(_) => format!("box: {e}"),
        LayoutSpecError::RegionCount(_) => format!("regions: {e}"),
        LayoutSpecError::Regions(ref source) => format!("regions: {e}: {source}"),
        _ => e.to_string(),
    })
}

impl PuzzleRequest {
    fn spec(&self) -> Result<LayoutSpec, ApiError> {
        LayoutSpec::parse(
            self.box_shape.as_deref(),
            self.regions.as_deref(),
            &self.extra,
        )
        .map_err(layout_error)
    }

    fn grid(&self) -> Result<Grid, ApiError> {
        let format: InputFormat = match &self.format {
            Some(f) => f
                .parse()
                .map_err(|e: String| ApiError::bad(format!("format: {e}")))?,
            None => InputFormat::Auto,
        };
        parse_one_with(&self.puzzle, format, &self.spec()?)
            .map_err(|e| ApiError::unprocessable(e.to_string()))
    }

    fn budget(&self, app: &App, cancel: Arc<AtomicBool>) -> Budget {
        app.limits.budget(self.budget_ms, self.nodes, cancel)
    }

    fn logic_solver(&self) -> Result<LogicSolver, ApiError> {
        let order = match self.order.as_deref() {
            None | Some("hodoku") => Order::Hodoku,
            Some("se") => Order::Se,
            Some(o) => return Err(ApiError::bad(format!("order: '{o}' is not hodoku or se"))),
        };
        Ok(LogicSolver::new(order))
    }

    /// The user's grid: the puzzle's givens with `entries` and `pencil` on top.
    fn candidate_grid(&self, puzzle: &Grid) -> Result<CandidateGrid, ApiError> {
        let n = puzzle.size();
        let cells = puzzle.values().len();
        let mut values = puzzle.values().to_vec();
        let givens: Vec<bool> = values.iter().map(|&v| v != 0).collect();
        if let Some(e) = &self.entries {
            if e.len() != cells {
                return Err(ApiError::bad(format!(
                    "entries: {} values for a grid of {cells} cells",
                    e.len()
                )));
            }
            for (i, (&v, &given)) in e.iter().zip(&givens).enumerate() {
                if usize::from(v) > n {
                    return Err(ApiError::bad(format!(
                        "entries: value {v} at cell {} is above {n}",
                        i + 1
                    )));
                }
                if !given {
                    values[i] = v;
                }
            }
        }
        let layout = puzzle.layout_arc().clone();
        let Some(pencil) = &self.pencil else {
            let mut g = CandidateGrid::with_candidates(
                layout,
                values,
                vec![DigitSet::full(n); cells],
                givens,
            );
            g.recompute_candidates();
            return Ok(g);
        };
        if pencil.len() != cells {
            return Err(ApiError::bad(format!(
                "pencil: {} cells for a grid of {cells} cells",
                pencil.len()
            )));
        }
        let mut cands = Vec::with_capacity(cells);
        for (i, list) in pencil.iter().enumerate() {
            let mut set = DigitSet::EMPTY;
            if list.is_empty() {
                set = DigitSet::full(n);
            }
            for &d in list {
                match Digit::new(d).filter(|_| usize::from(d) <= n) {
                    Some(d) => set.insert(d),
                    None => {
                        return Err(ApiError::bad(format!(
                            "pencil: digit {d} at cell {} is not 1..{n}",
                            i + 1
                        )));
                    }
                }
            }
            cands.push(set);
        }
        let mut g = CandidateGrid::with_candidates(layout, values, cands, givens);
        g.drop_seen_candidates();
        Ok(g)
    }
}

/// Hint, explain and rate follow human techniques that know only houses and pair peers: a
/// puzzle with variant rules is refused by name (422) rather than explained, hinted or rated
/// as if its rules were not there.
fn classic_only(puzzle: &Grid, what: &str) -> Result<(), ApiError> {
    let rules = puzzle.layout().rules();
    if rules.is_empty() {
        return Ok(());
    }
    let mut names: Vec<&str> = rules.iter().map(|r| r.name()).collect();
    names.sort_unstable();
    names.dedup();
    Err(ApiError::unprocessable(format!(
        "{what} covers classic rules only (rows, columns, regions, diagonals, anti-knight, \
         anti-king), and this puzzle has variant rules ({}): solve, count, true candidates \
         and check honour them",
        names.join(", ")
    )))
}

/// The router with every route, over `app`.
pub fn router(app: Arc<App>) -> Router {
    let routes = Router::new()
        .route("/", get(|| async { assets::page(assets::INDEX) }))
        .route("/app.js", get(|| async { assets::page(assets::APP_JS) }))
        .route("/style.css", get(|| async { assets::page(assets::STYLE) }))
        .route("/api/engines", get(engines))
        .route("/api/techniques", get(techniques))
        .route("/api/openapi.json", get(openapi))
        .route("/api/parse", post(parse))
        .route("/api/solve", post(solve))
        .route("/api/count", post(count))
        .route("/api/explain", post(explain))
        .route("/api/hint", post(hint))
        .route("/api/rate", post(rate))
        .route("/api/check", post(check))
        .route("/api/true-candidates", post(true_candidates))
        .route("/api/generate", post(generate))
        .fallback(|| async {
            ApiError {
                status: StatusCode::NOT_FOUND,
                message: "no such endpoint (see /api/openapi.json)".into(),
            }
        })
        .with_state(app);
    // Around the whole router, so the 405 it sees already carries its `allow` header.
    Router::new()
        .fallback_service(routes)
        .layer(axum::middleware::from_fn(method_not_allowed))
}

/// Gives the router's 405 (a known path, another method) the JSON body of every other error,
/// naming the method and the ones the path takes; its `allow` header is kept.
async fn method_not_allowed(req: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let (method, path) = (req.method().clone(), req.uri().path().to_string());
    let res = next.run(req).await;
    if res.status() != StatusCode::METHOD_NOT_ALLOWED {
        return res;
    }
    let allow = res.headers().get(header::ALLOW).cloned();
    let allowed = match allow.as_ref().and_then(|v| v.to_str().ok()) {
        Some(list) => list
            .split(',')
            .map(str::trim)
            .collect::<Vec<_>>()
            .join(" or "),
        None => "another method".to_string(),
    };
    let mut out = ApiError {
        status: StatusCode::METHOD_NOT_ALLOWED,
        message: format!("{path} does not take {method}: use {allowed}"),
    }
    .into_response();
    if let Some(v) = allow {
        out.headers_mut().insert(header::ALLOW, v);
    }
    out
}

async fn engines() -> axum::Json<Value> {
    axum::Json(Value::Array(
        ENGINES
            .iter()
            .map(|e| {
                let rules =
                    engine(e.name, &EngineOptions::default()).is_ok_and(|s| s.supports_rules());
                json!({"name": e.name, "complete": e.complete, "about": e.about, "rules": rules})
            })
            .collect(),
    ))
}

async fn techniques() -> axum::Json<Value> {
    axum::Json(Value::Array(
        sorted_by(|i| i.hodoku_order)
            .iter()
            .map(|t| technique_json(t.info()))
            .collect(),
    ))
}

async fn openapi() -> Response {
    (
        [(header::CONTENT_TYPE, "application/json")],
        assets::OPENAPI,
    )
        .into_response()
}

/// Reads a puzzle in any format and returns its layout and givens, for the page: `size`,
/// `box` (`[rows, cols]` or null), `jigsaw`, `regions` (N² region numbers from 0), `extra`,
/// `values` (N² digits, 0 for empty), `rules` (the variant rules in sudokit's JSON, which the
/// page sends back as the puzzle's `rules`) and `descriptions` (one line per rule, for its
/// legend).
async fn parse(State(app): State<Arc<App>>, body: Body) -> ApiResult {
    let req = read_puzzle(&app, body, "/api/parse", PARSE).await?;
    let g = req.grid()?;
    let l = g.layout();
    let extras: Vec<&str> = l.extras().iter().map(|e| e.name()).collect();
    Ok(axum::Json(json!({
        "size": l.size(),
        "box": l.box_shape().map(|(r, c)| [r, c]),
        "jigsaw": l.is_jigsaw(),
        "regions": l.region_map(),
        "extra": extras,
        "values": g.values(),
        "rules": l.rules(),
        "descriptions": l.rules().iter().map(|r| r.describe()).collect::<Vec<_>>(),
    })))
}

/// Solve or count: the engine, the mode, then the record.
async fn solve_like(app: Arc<App>, req: PuzzleRequest, counting: bool) -> ApiResult {
    let puzzle = req.grid()?;
    let max = app.limits.max_solutions;
    let mode = match (counting, req.limit, req.count) {
        (true, _, k) => SolveMode::Count(k.unwrap_or(2)),
        (false, Some(k), _) => SolveMode::Limit(k),
        (false, None, Some(k)) => SolveMode::Count(k),
        (false, None, None) => SolveMode::First,
    };
    if let SolveMode::Limit(k) | SolveMode::Count(k) = mode
        && !(1..=max).contains(&k)
    {
        return Err(ApiError::bad(format!(
            "limit and count must be between 1 and {max} on this server"
        )));
    }
    let requested = req.engine.clone().unwrap_or_else(|| "auto".into());
    let name: String = if requested == "auto" {
        auto_engine(puzzle.layout()).to_string()
    } else {
        requested
    };
    let solver =
        engine(&name, &EngineOptions::default()).map_err(|e| ApiError::bad(e.to_string()))?;
    let app2 = app.clone();
    let v = app
        .run(move |cancel| {
            let budget = req.budget(&app2, cancel);
            sudokit_app::solve::solve_json(solver.as_ref(), &name, &puzzle, mode, budget)
        })
        .await?;
    Ok(axum::Json(v))
}

async fn solve(State(app): State<Arc<App>>, body: Body) -> ApiResult {
    let req = read_puzzle(&app, body, "/api/solve", SOLVE).await?;
    solve_like(app, req, false).await
}

async fn count(State(app): State<Arc<App>>, body: Body) -> ApiResult {
    let req = read_puzzle(&app, body, "/api/count", COUNT).await?;
    solve_like(app, req, true).await
}

async fn explain(State(app): State<Arc<App>>, body: Body) -> ApiResult {
    let req = read_puzzle(&app, body, "/api/explain", EXPLAIN).await?;
    let puzzle = req.grid()?;
    classic_only(&puzzle, "explain")?;
    let g = req.candidate_grid(&puzzle)?;
    let solver = req.logic_solver()?;
    let app2 = app.clone();
    let v = app
        .run(move |cancel| {
            let budget = req.budget(&app2, cancel);
            match sudokit_app::explain::explain(&g, &solver, &budget, req.check) {
                Ok(e) => e.json(),
                Err(r) => r.json(),
            }
        })
        .await?;
    Ok(axum::Json(v))
}

async fn hint(State(app): State<Arc<App>>, body: Body) -> ApiResult {
    let req = read_puzzle(&app, body, "/api/hint", HINT).await?;
    let level = req.level.unwrap_or(1);
    if !(1..=3).contains(&level) {
        return Err(ApiError::bad("level must be 1, 2 or 3"));
    }
    let puzzle = req.grid()?;
    classic_only(&puzzle, "hint")?;
    let g = req.candidate_grid(&puzzle)?;
    let solver = req.logic_solver()?;
    let has_entries = req.entries.as_ref().is_some_and(|e| {
        e.iter()
            .zip(puzzle.values())
            .any(|(&e, &p)| e != 0 && p == 0)
    });
    let app2 = app.clone();
    let v = app
        .run(move |cancel| {
            let budget = req.budget(&app2, cancel);
            // With entries, the puzzle is the original the entries are checked against (as
            // `sudokit hint --givens`); without, a puzzle with several solutions still gets
            // hints.
            let givens = has_entries.then_some(&puzzle);
            match sudokit_app::hint::hint(&g, &solver, level, givens, &budget) {
                Ok(h) => h.json(),
                Err(r) => r.json(),
            }
        })
        .await?;
    Ok(axum::Json(v))
}

async fn rate(State(app): State<Arc<App>>, body: Body) -> ApiResult {
    let req = read_puzzle(&app, body, "/api/rate", RATE).await?;
    let puzzle = req.grid()?;
    classic_only(&puzzle, "rate")?;
    let app2 = app.clone();
    let v = app
        .run(move |cancel| {
            let budget = req.budget(&app2, cancel);
            sudokit_app::rate::rate_json(&puzzle, &budget)
        })
        .await?;
    Ok(axum::Json(v))
}

async fn check(State(app): State<Arc<App>>, body: Body) -> ApiResult {
    let req = read_puzzle(&app, body, "/api/check", CHECK).await?;
    let puzzle = req.grid()?;
    if req.rate {
        classic_only(&puzzle, "the rating (rate: true)")?;
    }
    let g = match &req.entries {
        Some(_) => Some(req.candidate_grid(&puzzle)?),
        None => None,
    };
    let app2 = app.clone();
    let v = app
        .run(move |cancel| {
            // Every count, the rating and the entries' check run under the request's budget
            // and stop with its cancel flag; a count cut short reads `unique: "unknown"`.
            let budget = req.budget(&app2, cancel);
            // On variant rules: an engine that honours them, and which givens and rules the
            // puzzle could do without.
            let checker = checker_for(puzzle.layout_arc().clone()).with_budget(budget.clone());
            let rate = |g: &Grid| sudokit_app::rate::rate_within(g, &budget);
            let rate = req.rate.then_some(&rate as sudokit_app::check::RateFn<'_>);
            let mut checked = sudokit_app::check::check_with(&puzzle, 1, &checker, rate);
            if puzzle.layout().has_rules() && checked.unique == Uniqueness::Yes {
                add_redundancy(&mut checked, &puzzle, &budget);
            }
            let mut v = checked.json;
            if let Some(g) = g {
                match sudokit_app::truth::wrong_entries(&g, Some(&puzzle), &budget) {
                    Ok(w) => {
                        let n = puzzle.size();
                        v["wrong"] = Value::Array(
                            w.iter()
                                .map(|c| {
                                    let (row, col) = c.row_col(n);
                                    json!({"row": row + 1, "col": col + 1})
                                })
                                .collect(),
                        );
                    }
                    Err(e) => v["error"] = json!(e),
                }
            }
            v
        })
        .await?;
    Ok(axum::Json(v))
}

/// The true candidates of a puzzle (per cell, the digits some solution has), by the engine
/// the setter's tools pick (one that honours the puzzle's rules) or the one asked for, within
/// the request's budget: `candidates` (N² strings of digits, `-` for none), `complete` (false
/// when the budget ran out: the digits listed are true candidates, the others untested),
/// `status` (`solved`, `unsolvable`, `stopped`), `engine`, `searches` and `nodes`.
async fn true_candidates(State(app): State<Arc<App>>, body: Body) -> ApiResult {
    let req = read_puzzle(&app, body, "/api/true-candidates", TRUE_CANDIDATES).await?;
    let puzzle = req.grid()?;
    let solver = match req.engine.as_deref() {
        None | Some("auto") => sudokit_app::variants::engine_for(puzzle.layout()),
        Some(name) => {
            engine(name, &EngineOptions::default()).map_err(|e| ApiError::bad(e.to_string()))?
        }
    };
    let app2 = app.clone();
    let v = app
        .run(move |cancel| -> Result<Value, ApiError> {
            let budget = req.budget(&app2, cancel);
            let found = sudokit_app::variants::true_candidates(&puzzle, solver.as_ref(), &budget)
                .map_err(|e| ApiError::unprocessable(e.to_string()))?;
            Ok(found.json(solver.name()))
        })
        .await??;
    Ok(axum::Json(v))
}

async fn generate(State(app): State<Arc<App>>, body: Body) -> ApiResult {
    let req: GenerateRequest = read_json(&app, body).await?;
    let max = app.limits.max_generate;
    let count = req.count.unwrap_or(1);
    if !(1..=max).contains(&count) {
        return Err(ApiError::bad(format!(
            "count must be between 1 and {max} on this server"
        )));
    }
    let spec = LayoutSpec::parse(req.box_shape.as_deref(), req.regions.as_deref(), &req.extra)
        .map_err(layout_error)?;
    let size = req.size.unwrap_or(9);
    let layout = if req.jigsaw {
        if spec.box_shape.is_some() || spec.regions.is_some() {
            return Err(ApiError::bad(
                "jigsaw makes its own regions: drop box and regions",
            ));
        }
        LayoutRequest::Jigsaw { n: size }
    } else {
        match (spec.regions, spec.box_shape) {
            (Some(r), _) => LayoutRequest::Regions(r),
            (None, Some((rows, cols))) => LayoutRequest::Boxed { rows, cols },
            (None, None) => LayoutRequest::Standard { n: size },
        }
    };
    let mut config = config_for(layout, &spec.extras).map_err(|e| ApiError::bad(e.to_string()))?;
    set_targets(
        &mut config,
        req.symmetry.as_deref(),
        req.minimal,
        req.rating,
        req.level.as_deref(),
    )
    .map_err(ApiError::bad)?;
    let seed = match &req.seed {
        Some(s) => s.value()?,
        None => sudokit_app::clock_seed(),
    };
    let limits = app.limits.clone();
    let budget_ms = req.budget_ms;
    let v = app
        .run(move |cancel| -> Result<Value, ApiError> {
            let budget = limits.budget(budget_ms, None, cancel);
            config.budget = Budget {
                nodes: None,
                ..budget
            };
            // A player asked for a puzzle: when the budget ends the removal pass (16×16 jigsaws
            // on a slow machine), the unique puzzle reached is better than none.
            config.keep_unfinished = true;
            let generator =
                Generator::new(config).map_err(|e| ApiError::unprocessable(e.to_string()))?;
            let mut puzzles = Vec::new();
            let mut missing = 0u64;
            for i in 0..count {
                match generate_one(&generator, seed, i) {
                    Ok(mut p) => {
                        // As a string: a JavaScript number would round a 64-bit seed.
                        p["seed"] = json!(p["seed"].as_u64().map(|s| s.to_string()));
                        puzzles.push(p);
                    }
                    Err(GenError::Budget { .. }) => missing += 1,
                    Err(e) => return Err(ApiError::unprocessable(e.to_string())),
                }
            }
            Ok(json!({"seed": seed.to_string(), "puzzles": puzzles, "missing": missing}))
        })
        .await??;
    Ok(axum::Json(v))
}
