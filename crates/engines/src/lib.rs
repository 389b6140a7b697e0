//! `sudokit-engines`: every sudokit engine behind the one [`Solver`] interface, and the registry
//! that builds them by name.
//!
//! Design decision: callers (the CLI, benchmarks, tests, the future web server) never name an
//! engine type; they ask [`engine`] for a `Box<dyn Solver>` by the name a user typed, with
//! [`EngineOptions`] carrying the few engine-specific knobs. Adding an engine means one line in
//! [`ENGINES`] and one arm in [`engine`], and it joins the conformance tests automatically.

pub mod portfolio;
pub mod propagate;

pub use portfolio::Portfolio;
pub use propagate::Propagate;
pub use sudokit_classic::{Anneal, Backtrack, Colour, Tabu};
pub use sudokit_core::Solver;
pub use sudokit_cp::{Cp, Propagation};
pub use sudokit_dlx::Dlx;
pub use sudokit_fast::Fast;
pub use sudokit_lp::Lp;
pub use sudokit_sat::Sat;

use sudokit_core::Layout;

/// Engine-specific options, all with neutral defaults.
#[derive(Clone, Debug, Default)]
pub struct EngineOptions {
    /// `propagate`: also apply naked-subset narrowing before guessing.
    pub subsets: bool,
    /// `backtrack`: solve the rotation that promises the least work.
    pub orient: bool,
    /// Seed for randomised engines (`anneal`, `tabu`); `None` picks one (and reports it).
    pub seed: Option<u64>,
    /// `cp`: the strength of all-different propagation (default `gac`).
    pub propagation: Propagation,
}

/// Description of a registered engine.
#[derive(Clone, Copy, Debug)]
pub struct EngineInfo {
    /// Name used with `--engine`.
    pub name: &'static str,
    /// Whether it proves unsolvability and exact counts.
    pub complete: bool,
    /// One-line description.
    pub about: &'static str,
}

/// Every engine, in the order `--engine all` runs them.
pub const ENGINES: &[EngineInfo] = &[
    EngineInfo {
        name: "fast",
        complete: true,
        about: "bit-parallel engine for standard 9x9: band masks, bulk singles and locked candidates, triads, branching on a digit's band/stack configuration (BMI2/SSE2/AVX2, and AVX-512 with the Ice Lake extensions, chosen at run time; scalar fallback)",
    },
    EngineInfo {
        name: "propagate",
        complete: true,
        about: "constraint propagation with per-house digit counters (FIX-SQUARE), then guessing on the fewest-candidate square; any layout",
    },
    EngineInfo {
        name: "dlx",
        complete: true,
        about: "exact cover (cell, row-digit, column-digit, house-digit items) solved by Knuth's Algorithm X with dancing links; any layout",
    },
    EngineInfo {
        name: "backtrack",
        complete: true,
        about: "the worksheet's recursive backtracking: cells in reading order, digits ascending (--orient: best of four rotations); any layout",
    },
    EngineInfo {
        name: "colour",
        complete: true,
        about: "graph colouring with DSatur (most-saturated vertex first) and backtracking; any layout",
    },
    EngineInfo {
        name: "lp",
        complete: true,
        about: "linear programming (seed 004): the 0/1 relaxation, reweighted l1 towards integers, then branch-and-bound on the LP; any layout",
    },
    EngineInfo {
        name: "sat",
        complete: true,
        about: "CNF encoding (cells one digit, houses every digit, a clause gadget per variant rule) solved and counted with the batsat CDCL solver; any layout and every variant rule",
    },
    EngineInfo {
        name: "portfolio",
        complete: true,
        about: "propagate for 4,096 nodes, then sat from scratch if that did not finish (auto from 16x16: no heavy tails), then propagate again to list or count many solutions; any layout",
    },
    EngineInfo {
        name: "cp",
        complete: true,
        about: "constraint programming (Simonis 2005): all-different per house at --propagation fc|bounds|gac|shave (default gac: Regin's matching), first-fail search; any layout",
    },
    EngineInfo {
        name: "anneal",
        complete: false,
        about: "simulated annealing after Lewis (2007), seeded; returns a verified solution or gives up; any layout",
    },
    EngineInfo {
        name: "tabu",
        complete: false,
        about: "tabu search over region swaps (best move among conflicted cells, tabu tenure with aspiration, restarts), seeded; a verified solution or gives up; any layout",
    },
];

/// Seed used by randomised engines when none is given (library callers get reproducible runs).
pub const DEFAULT_SEED: u64 = 0x5eed_5eed;

/// An unknown engine name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown engine '{name}' (known: auto, {known})")]
pub struct UnknownEngine {
    /// The name asked for.
    pub name: String,
    /// The known names, comma-separated.
    pub known: String,
}

/// Side from which `auto` runs `portfolio` (propagate, then sat) instead of `propagate`.
pub const PORTFOLIO_FROM_SIDE: usize = 16;

/// Rule kinds ([`sudokit_core::Rule::name`]) for which `auto` takes `sat` rather than `cp`:
/// quadruples, whose `cp` filter is a search over the four cells' assignments (Boxes, killer
/// cages with quadruples: `sat` 3 ms, `cp` 6–18 ms). Sandwich, X-sum and skyscraper clues went
/// to `sat` until `cp` had its own filters for them (alternatives by digit sets, a
/// highest-digit/seen DP); now `cp` is faster there too (Sandwich Sudoku and MiniMax Sandwich
/// solved by propagation alone, 0.2 ms against 2–15 ms with `sat`; Tiny Scar 0.3 ms against
/// 2 ms; Renban Skyscrapers 29 ms against 74 ms).
pub const SAT_RULE_KINDS: [&str; 1] = ["quadruple"];

/// The engine `auto` picks for a layout with variant rules: `sat` when some rule is of a kind
/// in [`SAT_RULE_KINDS`] (a quadruple), else `cp` (several times faster than `sat` on most
/// published puzzles: docs/engines.md). Decided by the rule kinds alone, so deterministic.
pub fn rules_engine(layout: &Layout) -> &'static str {
    if layout
        .rules()
        .iter()
        .any(|r| SAT_RULE_KINDS.contains(&r.name()))
    {
        "sat"
    } else {
        "cp"
    }
}

/// The engine `auto` stands for on `layout`: [`rules_engine`] (`cp` or `sat`, by rule kinds)
/// when the layout carries variant rules; `fast` for standard 9×9, `portfolio` from 16×16
/// (where `propagate` alone has heavy tails on half-empty puzzles), `propagate` otherwise.
pub fn auto_engine(layout: &Layout) -> &'static str {
    if layout.has_rules() {
        rules_engine(layout)
    } else if layout.is_standard_9x9() {
        "fast"
    } else if layout.size() >= PORTFOLIO_FROM_SIDE {
        "portfolio"
    } else {
        "propagate"
    }
}

/// Builds the engine called `name` (`auto` is resolved by the caller with [`auto_engine`]).
pub fn engine(name: &str, options: &EngineOptions) -> Result<Box<dyn Solver>, UnknownEngine> {
    match name {
        "fast" => Ok(Box::new(Fast)),
        "propagate" => Ok(Box::new(Propagate::with_subsets(options.subsets))),
        "dlx" => Ok(Box::new(Dlx::new())),
        "backtrack" => Ok(Box::new(Backtrack::new(options.orient))),
        "colour" | "color" => Ok(Box::new(Colour::new())),
        "lp" => Ok(Box::new(Lp::new())),
        "sat" => Ok(Box::new(Sat::new())),
        "portfolio" => Ok(Box::new(Portfolio::new())),
        "cp" => Ok(Box::new(Cp::new(options.propagation))),
        "anneal" => Ok(Box::new(Anneal::new(options.seed.unwrap_or(DEFAULT_SEED)))),
        "tabu" => Ok(Box::new(Tabu::new(options.seed.unwrap_or(DEFAULT_SEED)))),
        _ => Err(UnknownEngine {
            name: name.to_string(),
            known: ENGINES
                .iter()
                .map(|e| e.name)
                .collect::<Vec<_>>()
                .join(", "),
        }),
    }
}
