//! Forcing chains and forcing nets: assume a candidate and follow what it forces.
//!
//! * **Contradiction**: assuming a candidate true forces a contradiction (a candidate both
//!   true and false, a cell with no candidate, a digit with no place in a house): it is false.
//! * **Verity** (cell or region): every candidate of a cell (every place of a digit in a house)
//!   forces the same fact: the fact holds.
//!
//! Chains follow only strong and weak links (each forced fact has one reason); nets also use
//! naked and hidden singles on the grid as they arise (a fact may rest on several earlier
//! ones), which is what finishes the hardest puzzles. Every layout.
//!
//! Design decision: both are one propagation routine with two rule sets, run from each
//! assumption on a copy of the candidate grid; the log of forced facts is kept so the step can
//! be told as a numbered chain of implications, as Sudoku Explainer does.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use sudokit_core::{Cell, Digit, DigitSet, House};

use crate::grid::CandidateGrid;
use crate::render::{cell_name, eliminations_text, house_name};
use crate::step::{Role, Step};
use crate::technique::{Finder, Level, Technique, TechniqueInfo};
use crate::techniques::chains::se_chain_increment;

macro_rules! info {
    ($name:ident, $id:literal, $title:literal, $code:literal, $se:literal, $score:literal, $ho:literal, $so:literal, $sum:literal) => {
        #[doc = concat!($title, ".")]
        pub static $name: TechniqueInfo = TechniqueInfo {
            id: $id,
            name: $title,
            hodoku: Some($code),
            se: $se,
            level: Level::Extreme,
            score: $score,
            hodoku_order: $ho,
            se_order: $so,
            uniqueness: false,
            default_on: true,
            family: "forcing",
            summary: $sum,
        };
    };
}

info!(
    FC_CONTRADICTION,
    "forcing-chain-contradiction",
    "Forcing Chain Contradiction",
    "1301",
    7.5,
    500,
    8500,
    2300,
    "assuming a candidate forces a contradiction along strong and weak links: it is false"
);
info!(
    FC_VERITY,
    "forcing-chain-verity",
    "Forcing Chain Verity",
    "1302",
    8.0,
    500,
    8510,
    2400,
    "every candidate of a cell (or place of a digit in a house) forces the same fact along links"
);
info!(
    FN_CONTRADICTION,
    "forcing-net-contradiction",
    "Forcing Net Contradiction",
    "1303",
    8.5,
    700,
    8600,
    2500,
    "assuming a candidate forces, with singles along the way, a contradiction: it is false"
);
info!(
    FN_VERITY,
    "forcing-net-verity",
    "Forcing Net Verity",
    "1304",
    8.5,
    700,
    8610,
    2600,
    "every branch of a cell or house forces, with singles along the way, the same fact"
);

/// One forced fact: a candidate is true (placed) or false (removed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Fact {
    cell: Cell,
    digit: Digit,
    on: bool,
}

/// The outcome of following an assumption.
struct Outcome {
    /// Facts in the order they were forced.
    log: Vec<Fact>,
    /// The contradiction reached, if any (as text).
    contradiction: Option<String>,
    /// The grid after propagation.
    grid: CandidateGrid,
}

/// Outcomes of assumptions already followed on one grid, by (cell, digit), for one rule set.
type Followed = HashMap<(Cell, Digit), Rc<Outcome>>;

/// The grid state, rule set and length limit the cached outcomes belong to.
type FollowKey = ((u64, Vec<u8>, Vec<u64>), bool, usize);

thread_local! {
    /// Outcomes of "candidate is true" assumptions on the last grid seen, per rule set: the
    /// contradiction and verity finders (and cell and region verity) follow the same
    /// assumptions on the same grid, so each is followed once.
    static FOLLOWED: RefCell<Vec<(FollowKey, Rc<RefCell<Followed>>)>> =
        const { RefCell::new(Vec::new()) };
}

/// The outcome cache for `g` under these rules (emptied when the grid changed).
fn followed(g: &CandidateGrid, net: bool, limit: usize) -> Rc<RefCell<Followed>> {
    let key = (g.state_key(), net, limit);
    FOLLOWED.with(|c| {
        let mut c = c.borrow_mut();
        if let Some((_, m)) = c.iter().find(|(k, _)| *k == key) {
            return m.clone();
        }
        // Keep one grid's outcomes per rule set.
        c.retain(|(k, _)| k.1 != net || k.2 != limit);
        let m = Rc::new(RefCell::new(Followed::new()));
        c.push((key, m.clone()));
        m
    })
}

/// Follows "`cell` is `digit`" on `g`, through the cache.
fn follow_on(
    cache: &RefCell<Followed>,
    g: &CandidateGrid,
    cell: Cell,
    digit: Digit,
    net: bool,
    limit: usize,
) -> Rc<Outcome> {
    if let Some(o) = cache.borrow().get(&(cell, digit)) {
        return o.clone();
    }
    let o = Rc::new(follow(
        g,
        Fact {
            cell,
            digit,
            on: true,
        },
        net,
        limit,
    ));
    // Beyond 16×16 the grids are too big to keep one per assumption.
    if g.cell_count() <= 256 {
        cache.borrow_mut().insert((cell, digit), o.clone());
    }
    o
}

/// Follows `assume` (a candidate set true, or false) on a copy of `g`; `net` adds singles.
fn follow(g: &CandidateGrid, assume: Fact, net: bool, limit: usize) -> Outcome {
    let mut grid = g.clone();
    let mut log = Vec::new();
    let l = g.layout();
    // The layout apart from the grid, so its tables are read while the grid changes.
    let layout = g.layout_arc().clone();
    let mut queue: Vec<Fact> = vec![assume];
    let mut contradiction = None;
    'outer: while let Some(f) = queue.pop() {
        if log.len() >= limit {
            break;
        }
        if f.on {
            if grid.value(f.cell) == Some(f.digit) {
                continue;
            }
            if grid.value(f.cell).is_some() || !grid.has(f.cell, f.digit) {
                contradiction = Some(format!(
                    "{} would have to be {} but cannot",
                    cell_name(l, f.cell),
                    f.digit
                ));
                log.push(f);
                break;
            }
            log.push(f);
            // Weak links: the other digits of the cell and the digit in peers become false
            // (queued before the placement, which removes them; it is recorded and followed).
            for e in grid.candidates(f.cell).iter().filter(|&e| e != f.digit) {
                queue.push(Fact {
                    cell: f.cell,
                    digit: e,
                    on: false,
                });
            }
            for &p in layout.peers(f.cell) {
                if grid.has(p, f.digit) {
                    queue.push(Fact {
                        cell: p,
                        digit: f.digit,
                        on: false,
                    });
                }
            }
            grid.place(f.cell, f.digit);
        } else {
            if grid.value(f.cell) == Some(f.digit) {
                contradiction = Some(format!(
                    "{} would have to be both {} and not {}",
                    cell_name(l, f.cell),
                    f.digit,
                    f.digit
                ));
                log.push(f);
                break;
            }
            log.push(f);
            grid.eliminate(f.cell, f.digit);
            // Strong links: a bivalue cell's other digit, a house's other place.
            let rest = grid.candidates(f.cell);
            if grid.value(f.cell).is_none() {
                match rest.len() {
                    0 => {
                        contradiction =
                            Some(format!("{} has no candidate left", cell_name(l, f.cell)));
                        break 'outer;
                    }
                    1 if net || g.candidates(f.cell).len() == 2 => {
                        queue.push(Fact {
                            cell: f.cell,
                            digit: rest.first().expect("one"),
                            on: true,
                        });
                    }
                    _ => {}
                }
            }
            for &h in layout.houses_of(f.cell) {
                if grid.placed_in(h, f.digit) {
                    continue;
                }
                let pos = grid.positions(h, f.digit);
                match pos.count_ones() {
                    0 => {
                        contradiction = Some(format!(
                            "{} has no place left in {}",
                            f.digit,
                            house_name(l, h)
                        ));
                        break 'outer;
                    }
                    1 if net || g.positions(h, f.digit).count_ones() == 2 => {
                        let c = grid.house_cells(h)[pos.trailing_zeros() as usize];
                        queue.push(Fact {
                            cell: c,
                            digit: f.digit,
                            on: true,
                        });
                    }
                    _ => {}
                }
            }
        }
    }
    Outcome {
        log,
        contradiction,
        grid,
    }
}

fn fact_text(g: &CandidateGrid, f: &Fact) -> String {
    format!(
        "{}{}{}",
        cell_name(g.layout(), f.cell),
        if f.on { "=" } else { "≠" },
        f.digit
    )
}

fn log_text(g: &CandidateGrid, log: &[Fact]) -> String {
    const SHOW: usize = 12;
    let mut parts: Vec<String> = log.iter().take(SHOW).map(|f| fact_text(g, f)).collect();
    if log.len() > SHOW {
        parts.push(format!("… ({} facts in all)", log.len()));
    }
    parts.join(" → ")
}

/// Contradiction finder (chains or nets).
pub struct Contradiction {
    /// The technique row.
    pub info: &'static TechniqueInfo,
    /// Use singles along the way.
    pub net: bool,
}

impl Technique for Contradiction {
    fn info(&self) -> &'static TechniqueInfo {
        self.info
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        let limit = if self.net {
            usize::MAX
        } else {
            4 * f.options.max_chain.max(8)
        };
        let cache = followed(g, self.net, limit);
        let cells: Vec<Cell> = g.empty_cells().collect();
        for c in cells {
            for d in g.candidates(c).iter() {
                let out = follow_on(&cache, g, c, d, self.net, limit);
                let Some(why) = &out.contradiction else {
                    continue;
                };
                let l = g.layout();
                let se = self.info.se + se_chain_increment(out.log.len());
                let step = Step::new(self.info)
                    .rated(se)
                    .digits([d])
                    .cells([c])
                    .eliminate(c, d)
                    .mark(c, d, Role::Eliminated)
                    .text(format!(
                        "Assume {}={d}: {}; then {}. So {} is not {d}.",
                        cell_name(l, c),
                        log_text(g, &out.log),
                        why,
                        cell_name(l, c)
                    ));
                if !f.emit(step) {
                    return;
                }
            }
        }
    }
}

/// Verity finder (cell and region forcing; chains or nets).
pub struct Verity {
    /// The technique row.
    pub info: &'static TechniqueInfo,
    /// Use singles along the way.
    pub net: bool,
}

impl Verity {
    /// What every branch forces: placements and eliminations common to all (branches that end
    /// in a contradiction are impossible and left out; if all do, nothing is concluded here —
    /// the contradiction finder reports that).
    fn common(
        &self,
        cache: &RefCell<Followed>,
        g: &CandidateGrid,
        branches: &[Fact],
        limit: usize,
    ) -> Option<(Vec<Rc<Outcome>>, Vec<Fact>)> {
        let outs: Vec<Rc<Outcome>> = branches
            .iter()
            .map(|b| follow_on(cache, g, b.cell, b.digit, self.net, limit))
            .collect();
        let live: Vec<&Outcome> = outs
            .iter()
            .map(|o| &**o)
            .filter(|o| o.contradiction.is_none())
            .collect();
        if live.len() < 2 || live.len() != outs.len() {
            return None;
        }
        let mut facts = Vec::new();
        for c in g.empty_cells() {
            // Placed in every branch.
            if let Some(d) = live[0].grid.value(c)
                && live.iter().all(|o| o.grid.value(c) == Some(d))
            {
                facts.push(Fact {
                    cell: c,
                    digit: d,
                    on: true,
                });
                continue;
            }
            // Removed in every branch.
            for d in g.candidates(c).iter() {
                if live
                    .iter()
                    .all(|o| !o.grid.has(c, d) && o.grid.value(c) != Some(d))
                {
                    facts.push(Fact {
                        cell: c,
                        digit: d,
                        on: false,
                    });
                }
            }
        }
        if facts.is_empty() {
            None
        } else {
            Some((outs, facts))
        }
    }

    fn emit(
        &self,
        g: &CandidateGrid,
        f: &mut Finder<'_>,
        source: String,
        branches: &[Fact],
        outs: &[Rc<Outcome>],
        facts: &[Fact],
    ) -> bool {
        let l = g.layout();
        let mut step = Step::new(self.info);
        let mut complexity = 0;
        for fa in facts {
            step = if fa.on {
                step.place(fa.cell, fa.digit)
                    .mark(fa.cell, fa.digit, Role::Placed)
            } else {
                step.eliminate(fa.cell, fa.digit)
                    .mark(fa.cell, fa.digit, Role::Eliminated)
            };
        }
        let mut lines = Vec::new();
        for (b, o) in branches.iter().zip(outs) {
            complexity += o.log.len();
            step = step.mark(b.cell, b.digit, Role::Pattern);
            lines.push(format!("if {}: {}", fact_text(g, b), log_text(g, &o.log)));
        }
        let placed: Vec<String> = facts
            .iter()
            .filter(|x| x.on)
            .map(|x| fact_text(g, x))
            .collect();
        let removed: Vec<_> = facts
            .iter()
            .filter(|x| !x.on)
            .map(|x| crate::step::Candidate::new(x.cell, x.digit))
            .collect();
        let mut concl = Vec::new();
        if !placed.is_empty() {
            concl.push(placed.join(", "));
        }
        if !removed.is_empty() {
            concl.push(format!("{} removed", eliminations_text(l, &removed)));
        }
        let text = format!(
            "{source}, and every branch forces the same: {}. {}.",
            concl.join("; "),
            lines.join("; ")
        );
        let se = self.info.se + se_chain_increment(complexity);
        f.emit(step.rated(se).text(text))
    }
}

impl Technique for Verity {
    fn info(&self) -> &'static TechniqueInfo {
        self.info
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        let limit = if self.net {
            usize::MAX
        } else {
            4 * f.options.max_chain.max(8)
        };
        let l = g.layout();
        let cache = followed(g, self.net, limit);
        // Cell forcing.
        let cells: Vec<Cell> = g.empty_cells().collect();
        for c in cells {
            let cs = g.candidates(c);
            if cs.len() < 2 || cs.len() > 4 {
                continue;
            }
            let branches: Vec<Fact> = cs
                .iter()
                .map(|d| Fact {
                    cell: c,
                    digit: d,
                    on: true,
                })
                .collect();
            if let Some((outs, facts)) = self.common(&cache, g, &branches, limit) {
                let src = format!("{} is one of {}", cell_name(l, c), cs);
                if !self.emit(g, f, src, &branches, &outs, &facts) {
                    return;
                }
            }
        }
        // Region (house) forcing.
        let houses: Vec<House> = g.houses().collect();
        for h in houses {
            for d in DigitSet::full(g.size()).iter() {
                let pos = g.positions(h, d);
                if pos.count_ones() < 2 || pos.count_ones() > 4 {
                    continue;
                }
                let branches: Vec<Fact> = g
                    .cells_with(h, d)
                    .map(|c| Fact {
                        cell: c,
                        digit: d,
                        on: true,
                    })
                    .collect();
                if let Some((outs, facts)) = self.common(&cache, g, &branches, limit) {
                    let src = format!(
                        "{d} goes in one of {} in {}",
                        crate::render::cells_name(
                            l,
                            &branches.iter().map(|b| b.cell).collect::<Vec<_>>()
                        ),
                        house_name(l, h)
                    );
                    if !self.emit(g, f, src, &branches, &outs, &facts) {
                        return;
                    }
                }
            }
        }
    }
}
