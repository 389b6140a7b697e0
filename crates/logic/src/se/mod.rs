//! A Sudoku Explainer–compatible rater: ER, EP and ED on SE 1.2.1's scale, for every layout.
//!
//! Design decision: this is a separate solver from [`crate::LogicSolver`], not a setting of it.
//! SE's number is defined by SE's *process* — its producers asked in a fixed order, the first
//! hint of the first producer applied, chains rated by the size of the implication tree its own
//! breadth-first search builds — so the rater reproduces that process (see the `board` module for the
//! walk order, `chaining` for the chains) instead of mapping the logic crate's techniques to
//! SE ratings. The logic crate's explainer stays free to pick the clearest step; the rater's job
//! is to agree with SE to the tenth.
//!
//! ```
//! use sudokit_core::format::{parse_one, InputFormat};
//! use sudokit_logic::se::{rate, RateOptions, RateStatus};
//! let p = parse_one(
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
//!     InputFormat::Auto,
//! ).unwrap();
//! let r = rate(&p, &RateOptions::default());
//! assert_eq!(r.status, RateStatus::Rated);
//! assert!(r.er.unwrap() < 2.0);
//! ```

mod advanced;
mod basic;
mod board;
mod chaining;
mod filter;
mod hint;
mod memo;
mod strong_links;
mod unique;
mod wings;

use std::sync::Arc;
use std::time::Instant;

use sudokit_core::{Budget, Cell, Digit, Grid, Termination};

use crate::kernel::bits::digits;
use board::{Board, Shape};
use chaining::{Chaining, Ctx, FORCING_CHAINS, MULTIPLE, NISHIO, Stopped, dynamic};
use hint::Hint;
pub use hint::tenths;

/// Which technique set and order to rate with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Scale {
    /// Sudoku Explainer 1.2.1, the scale the forum lists quote.
    #[default]
    Se121,
    /// SukakuExplainer's default set: SE 1.2.1 plus strong-link patterns (skyscraper, kite,
    /// turbot, their grouped forms) and the WXYZ-/VWXYZ-/UVWXYZ-wings, at their places.
    Sukaku,
}

impl Scale {
    /// The scale's name as the CLI spells it.
    pub fn name(self) -> &'static str {
        match self {
            Scale::Se121 => "se121",
            Scale::Sukaku => "sukaku",
        }
    }
    /// Parses `se121` or `sukaku`.
    pub fn parse(s: &str) -> Option<Scale> {
        match s.to_ascii_lowercase().as_str() {
            "se121" | "se" | "se1.2.1" => Some(Scale::Se121),
            "sukaku" | "sukakuexplainer" => Some(Scale::Sukaku),
            _ => None,
        }
    }
}

/// How to rate.
#[derive(Clone, Debug)]
pub struct RateOptions {
    /// Technique set.
    pub scale: Scale,
    /// Highest nesting level of dynamic forcing chains tried (SE goes to 5; 0 stops at plain
    /// dynamic forcing chains, 8.5 + length).
    pub max_level: u32,
    /// Time, node and cancel limits for the whole puzzle.
    pub budget: Budget,
    /// Keep every step (effects, and text when `texts`), not only the hardest.
    pub keep_steps: bool,
    /// Stop as soon as a step rates above this (a generator's "out of range"); the status is
    /// then [`RateStatus::Above`]. Producers whose every hint rates above the limit are not
    /// run at all, so a puzzle they alone could go on with (or none could) is `Above` too.
    pub stop_above: Option<f64>,
    /// Write each step's sentence. Chain sentences cost more than rating the chain, so a
    /// plain rating leaves them out (the hardest step then has its technique name only).
    pub texts: bool,
}

impl Default for RateOptions {
    fn default() -> Self {
        RateOptions {
            scale: Scale::Se121,
            max_level: 5,
            budget: Budget::unlimited(),
            keep_steps: false,
            stop_above: None,
            texts: false,
        }
    }
}

/// How the rating ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RateStatus {
    /// Solved by the rater's techniques; `er`, `ep` and `ed` are SE's numbers.
    Rated,
    /// The techniques (up to `max_level`) ran out before the end: SE would print 20.0. `ep`
    /// and `ed` are set when the first placement or step was reached.
    Beyond,
    /// The budget ran out first.
    Budget,
    /// The next step rates above `stop_above` (or only techniques rated above it could
    /// still apply): `er` is left unset.
    Above,
}

/// One applied step.
#[derive(Clone, Debug)]
pub struct RatedStep {
    /// SE's technique name.
    pub technique: String,
    /// Its rating, to the tenth.
    pub rating: f64,
    /// What it does, in one sentence.
    pub text: String,
    /// The value placed, if any.
    pub placement: Option<(Cell, Digit)>,
    /// Candidates removed.
    pub removals: Vec<(Cell, Digit)>,
}

/// The rating of one puzzle.
#[derive(Clone, Debug)]
pub struct Rating {
    /// How it ended.
    pub status: RateStatus,
    /// Hardest step of the whole path (SE's ER); `None` unless rated.
    pub er: Option<f64>,
    /// Hardest step up to and including the first placement (EP).
    pub ep: Option<f64>,
    /// Rating of the first step (ED).
    pub ed: Option<f64>,
    /// The step that set ER (the first one at that rating).
    pub hardest: Option<RatedStep>,
    /// With [`RateStatus::Above`]: a lower bound of the rating that ended it — the step's
    /// own rating when one was found, else the least floor of the techniques left out
    /// (see [`RateOptions::stop_above`]).
    pub above: Option<f64>,
    /// Steps applied.
    pub step_count: usize,
    /// Every step, when asked for.
    pub steps: Vec<RatedStep>,
    /// Scale used.
    pub scale: Scale,
    /// Wall time.
    pub micros: u128,
}

fn round1(r: f64) -> f64 {
    tenths(r) as f64 / 10.0
}

/// One producer in SE's list.
#[derive(Clone, Copy, Debug)]
enum Producer {
    HiddenSingle,
    DirectLocking,
    DirectHidden(usize),
    NakedSingle,
    Locking,
    Naked(usize),
    Hidden(usize),
    Fish(usize),
    XyWing,
    XyzWing,
    UniqueLoop,
    Bug,
    StrongLinks(usize),
    Wing(usize),
    Chain(Chaining),
}

impl Producer {
    /// The least rating any hint of this producer can have (a lower bound: lengths and
    /// extra cells only add to it). With a `stop_above` limit, producers whose floor is
    /// above it need not run: whatever they find ends the rating above the limit.
    fn floor(self) -> f64 {
        use Producer::*;
        match self {
            HiddenSingle => 1.0,
            DirectLocking => 1.7,
            DirectHidden(k) => [2.0, 2.0, 2.0, 2.5, 4.3][k.min(4)],
            NakedSingle => 2.3,
            Locking => 2.6,
            Naked(k) => [3.0, 3.0, 3.0, 3.6, 5.0][k.min(4)],
            Hidden(k) => [3.4, 3.4, 3.4, 4.0, 5.4][k.min(4)],
            Fish(k) => [3.2, 3.2, 3.2, 3.8, 5.2][k.min(4)],
            XyWing => 4.2,
            XyzWing => 4.4,
            UniqueLoop => 4.5,
            Bug => 5.6,
            StrongLinks(k) => strong_links::floor(k),
            Wing(k) => wings::floor(k),
            Chain(rule) => rule.floor(),
        }
    }
}

/// How many producers of `list`, from the start, can still give a hint rated at most
/// `limit`: past the last one whose floor is within the limit, every hint is above it.
fn within(list: &[Producer], limit: Option<f64>) -> usize {
    match limit {
        None => list.len(),
        Some(m) => list
            .iter()
            .rposition(|p| tenths(p.floor()) <= tenths(m))
            .map_or(0, |i| i + 1),
    }
}

fn producers(scale: Scale, max_level: u32) -> Vec<Producer> {
    use Producer::*;
    let mut v = vec![
        HiddenSingle,
        DirectLocking,
        DirectHidden(2),
        NakedSingle,
        DirectHidden(3),
        Locking,
        Naked(2),
        Fish(2),
        Hidden(2),
        Naked(3),
        Fish(3),
        Hidden(3),
        XyWing,
        XyzWing,
        UniqueLoop,
        Naked(4),
        Fish(4),
        Hidden(4),
        Bug,
        Chain(FORCING_CHAINS),
        Chain(NISHIO),
        Chain(MULTIPLE),
        Chain(dynamic(0)),
    ];
    if scale == Scale::Sukaku {
        v = sukaku_extras(v);
    }
    for level in 1..=max_level.min(5) {
        v.push(Chain(dynamic(level)));
    }
    v
}

/// SukakuExplainer's default list (revisedRating 0): strong links and the W…Z-wings at their
/// places; its 5- and 6-link patterns are off by default.
fn sukaku_extras(v: Vec<Producer>) -> Vec<Producer> {
    use Producer::*;
    let mut out = Vec::with_capacity(v.len() + 7);
    for p in v {
        match p {
            Chain(c) if c == FORCING_CHAINS => out.extend([Chain(c), Wing(6)]),
            Bug => out.extend([Wing(3), Bug, StrongLinks(4), Wing(4), Wing(5)]),
            XyWing => out.extend([StrongLinks(2), XyWing]),
            Hidden(4) => out.extend([Hidden(4), StrongLinks(3)]),
            p => out.push(p),
        }
    }
    out
}

/// Buffers kept from one chaining search to the next.
#[derive(Default)]
struct Scratch {
    pool: Vec<chaining::Run>,
    queue: Vec<u32>,
    seen: Vec<u32>,
    stamp: u32,
    places: Vec<chaining::Places>,
    graph: Option<chaining::StaticGraph>,
    static_bufs: chaining::StaticBufs,
    nishio: memo::NishioMemo,
    nested_board: Option<Board>,
    strong: strong_links::Memo,
}

fn first_hint(
    p: Producer,
    shape: &Shape,
    board: &Board,
    limiter: &mut sudokit_core::Limiter,
    texts: bool,
    scratch: &mut Scratch,
) -> Result<Option<Hint>, Stopped> {
    use Producer::*;
    Ok(match p {
        HiddenSingle => basic::hidden_single(shape, board),
        DirectLocking => basic::locking(shape, board, true),
        DirectHidden(k) => basic::hidden_set(shape, board, k, true),
        NakedSingle => basic::naked_single(shape, board),
        Locking => basic::locking(shape, board, false),
        Naked(k) => basic::naked_set(shape, board, k),
        Hidden(k) => basic::hidden_set(shape, board, k, false),
        Fish(k) => basic::fish(shape, board, k),
        XyWing => basic::xy_wing(shape, board, false),
        XyzWing => basic::xy_wing(shape, board, true),
        UniqueLoop => unique::unique_loop(shape, board),
        Bug => unique::bug(shape, board),
        StrongLinks(k) => strong_links::strong_links(shape, board, k, &mut scratch.strong),
        Wing(k) => wings::wing(shape, board, k),
        Chain(rule) => {
            let mut ctx = Ctx {
                shape,
                values: &board.values,
                limiter,
                seen: std::mem::take(&mut scratch.seen),
                stamp: scratch.stamp,
                rule_source: None,
                want_text: texts,
                pool: std::mem::take(&mut scratch.pool),
                queue: std::mem::take(&mut scratch.queue),
                offs_buf: Vec::new(),
                ons_buf: Default::default(),
                places: std::mem::take(&mut scratch.places),
                graph: scratch.graph.take(),
                bound: u32::MAX,
                static_bufs: std::mem::take(&mut scratch.static_bufs),
                nishio: std::mem::take(&mut scratch.nishio),
                nested_board: scratch.nested_board.take(),
            };
            let mut cands = board.cands.clone();
            let result = rule.hints(&mut ctx, &mut cands);
            scratch.seen = std::mem::take(&mut ctx.seen);
            scratch.stamp = ctx.stamp;
            scratch.pool = std::mem::take(&mut ctx.pool);
            scratch.queue = std::mem::take(&mut ctx.queue);
            scratch.places = std::mem::take(&mut ctx.places);
            scratch.graph = ctx.graph.take();
            scratch.static_bufs = std::mem::take(&mut ctx.static_bufs);
            scratch.nishio = std::mem::take(&mut ctx.nishio);
            scratch.nested_board = ctx.nested_board.take();
            result?.into_iter().next()
        }
    })
}

fn to_step(shape: &Shape, h: &Hint) -> RatedStep {
    let n = shape.n;
    let _ = n;
    RatedStep {
        technique: h.name.clone(),
        rating: round1(h.rating),
        text: h.text.clone(),
        placement: h
            .place
            .map(|(c, d)| (Cell(c), Digit::new(d).expect("digit in range"))),
        removals: h
            .removals
            .iter()
            .flat_map(|&(c, m)| digits(m).map(move |d| (Cell(c), Digit::new(d).expect("digit"))))
            .collect(),
    }
}

/// The rater's shape of `layout`, built once per thread for the last few layouts (a
/// generator or a batch rates thousands of puzzles on one layout). The cache holds the
/// layout's `Arc`, so a pointer match is always the same layout.
fn shape_for(layout: &Arc<sudokit_core::Layout>) -> Arc<Shape> {
    thread_local! {
        static SHAPES: std::cell::RefCell<Vec<Arc<Shape>>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    SHAPES.with(|cell| {
        let mut shapes = cell.borrow_mut();
        if let Some(s) = shapes.iter().find(|s| Arc::ptr_eq(&s.layout, layout)) {
            return Arc::clone(s);
        }
        let s = Arc::new(Shape::new(Arc::clone(layout)));
        if shapes.len() >= 4 {
            shapes.remove(0);
        }
        shapes.push(Arc::clone(&s));
        s
    })
}

/// Rates a puzzle (any layout) the way Sudoku Explainer does. The puzzle should have exactly
/// one solution; on one with none or several the steps are still sound deductions from the
/// givens, but the number means nothing (SE refuses such puzzles; the CLI checks first).
pub fn rate(puzzle: &Grid, opts: &RateOptions) -> Rating {
    let start = Instant::now();
    let shape = shape_for(puzzle.layout_arc());
    let shape = &*shape;
    let mut board = Board::from_grid(shape, puzzle);
    let mut limiter = opts.budget.start();
    let list = producers(opts.scale, opts.max_level);
    let useful = within(&list, opts.stop_above);
    let mut er = f64::NEG_INFINITY;
    let mut ep: Option<f64> = None;
    let mut ed: Option<f64> = None;
    let mut hardest: Option<RatedStep> = None;
    let mut steps = Vec::new();
    let mut count = 0;
    let mut status = RateStatus::Rated;
    let mut above = None;
    let mut scratch = Scratch::default();
    'outer: while !board.is_solved() {
        if limiter.should_stop() {
            status = RateStatus::Budget;
            break;
        }
        let mut found = None;
        for &p in &list[..useful] {
            match first_hint(p, shape, &board, &mut limiter, opts.texts, &mut scratch) {
                Ok(Some(h)) => {
                    found = Some(h);
                    break;
                }
                Ok(None) => {}
                Err(Stopped) => {
                    status = RateStatus::Budget;
                    break 'outer;
                }
            }
        }
        let Some(h) = found else {
            // With a limit, the producers left out could only rate above it.
            if useful < list.len() {
                status = RateStatus::Above;
                above = list[useful..]
                    .iter()
                    .map(|p| p.floor())
                    .reduce(f64::min)
                    .map(round1);
            } else {
                status = RateStatus::Beyond;
            }
            break;
        };
        if h.rating > er {
            er = h.rating;
            hardest = Some(to_step(shape, &h));
            if opts.stop_above.is_some_and(|m| tenths(er) > tenths(m)) {
                status = RateStatus::Above;
                above = Some(round1(er));
                break;
            }
        }
        h.apply(shape, &mut board);
        board.refresh(shape);
        count += 1;
        if ed.is_none() {
            ed = Some(er);
        }
        if ep.is_none() && h.place.is_some() {
            ep = Some(er);
        }
        if opts.keep_steps {
            steps.push(to_step(shape, &h));
        }
    }
    let er_out = (status == RateStatus::Rated && er.is_finite()).then(|| round1(er));
    // A puzzle given solved has no step: SE leaves ER at its start value; report 0.
    let er_out = if status == RateStatus::Rated && count == 0 {
        Some(0.0)
    } else {
        er_out
    };
    Rating {
        status,
        er: er_out,
        ep: ep.map(round1),
        ed: ed.map(round1),
        hardest,
        above,
        step_count: count,
        steps,
        scale: opts.scale,
        micros: start.elapsed().as_micros(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::se_length::length_increment;

    #[test]
    fn length_increments_follow_se_table() {
        let cases = [
            (6, 0),
            (7, 1),
            (8, 1),
            (9, 2),
            (10, 2),
            (11, 3),
            (14, 3),
            (15, 4),
            (18, 4),
            (19, 5),
            (26, 5),
            (27, 6),
            (34, 6),
            (35, 7),
            (50, 7),
            (51, 8),
            (66, 8),
            (67, 9),
            (98, 9),
            (99, 10),
            (130, 10),
            (131, 11),
        ];
        for (c, want) in cases {
            assert_eq!(tenths(length_increment::<f64>(c)), want, "complexity {c}");
        }
    }
}
