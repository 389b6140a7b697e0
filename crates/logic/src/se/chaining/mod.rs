//! SE's chaining rules: bidirectional X-, Y- and XY-cycles, forcing X-, Y- and XY-chains,
//! Nishio, multiple (cell and region) forcing chains, dynamic forcing chains and their nested
//! levels, rated as SE rates them.
//!
//! Design decision: a chain's rating grows with its *complexity*, the number of distinct
//! candidates-with-a-state among the ancestors of its conclusion, so the rater must build the
//! same implication trees SE builds. Every search here keeps SE's walk: the same queue
//! discipline (one "on" consequence before any "off" one in the general search, whole layers
//! in the cycle search), the same rule order (a cell's other digits, then the digit's other
//! places by block, row, column), the first parent kept for each node, and in dynamic mode the
//! "hidden" parents — the earlier eliminations that turned a cell or a region into a pair. The
//! trees live in per-search arenas of plain integers (`Run`), so the searches allocate little
//! and a puzzle SE rates in minutes takes well under a second at the lower levels.
//!
//! One file per layer: `graph` (the static implication graph and reach sets), `arena` (one
//! search's nodes), `context` (what searches share), `rules` (SE's implication rules),
//! `expansion` (the general search), then one file per kind of chain: `cycles`, `forcing`,
//! `multiple` (cell, region and dynamic forcing chains) and `nishio`. This file keeps the
//! rules' table and the entry point, [`Chaining::hints`].

mod arena;
mod context;
mod cycles;
mod expansion;
mod forcing;
mod graph;
mod multiple;
mod nishio;
mod rules;
#[cfg(test)]
mod tests;

use super::advanced;
use super::board::Board;
use super::board::{Kind, NONE, Shape};
use super::filter::Filter;
use super::hint::Hint;
use super::memo::{Found, NishioMemo, Searched};
use crate::kernel::bits::{bit, bits, digits, two_bits};
use crate::kernel::cand::{cand_id, cand_split};
use crate::kernel::graph::Components;
use crate::kernel::naming::cell_at;
use crate::kernel::se_length::length_increment;
use sudokit_core::Limiter;
use sudokit_core::solver::Termination;

pub(crate) use arena::Run;
use arena::{Cause, RunCache};
pub(crate) use context::{Ctx, StaticBufs};
use forcing::StaticBound;
pub(crate) use graph::{Links, Places, StaticGraph};
use graph::{OnBuf, Reach, pot, unpot};

/// One chaining rule, as SE configures it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Chaining {
    pub multiple: bool,
    pub dynamic: bool,
    pub nishio: bool,
    pub level: u32,
}

pub(crate) const FORCING_CHAINS: Chaining = Chaining {
    multiple: false,
    dynamic: false,
    nishio: false,
    level: 0,
};
pub(crate) const NISHIO: Chaining = Chaining {
    multiple: false,
    dynamic: true,
    nishio: true,
    level: 0,
};
pub(crate) const MULTIPLE: Chaining = Chaining {
    multiple: true,
    dynamic: false,
    nishio: false,
    level: 0,
};
pub(crate) const fn dynamic(level: u32) -> Chaining {
    Chaining {
        multiple: true,
        dynamic: true,
        nishio: false,
        level,
    }
}

/// The search was stopped by its budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Stopped;

/// The hint of the chain from `chain.0` to its node `chain.1`: named `name`, rated `base` plus
/// SE's length increment for `complexity`, with the chain's rule parents, and sorted as SE
/// sorts chains by kind (`(x, y)`: an XY-chain first, then a Y-chain, then an X-chain).
fn chain_hint(
    ctx: &Ctx<'_>,
    cands: &[u64],
    name: &str,
    base: f64,
    complexity: u32,
    chain: (&Run, u32),
    (x, y): (bool, bool),
) -> Hint {
    let mut h = Hint::pattern(
        name,
        base + length_increment::<f64>(complexity as usize),
        String::new(),
    );
    h.complexity = complexity;
    h.rule_parents = ctx.rule_parents(cands, &[chain], None);
    h.sort_key = if x && y {
        4
    } else if y {
        3
    } else {
        2
    };
    h
}

/// A chain's conclusion on (`cell`, `d`): "on" removes the cell's other digits and places `d`
/// (when something is removed, as SE's hints are only worth applying then); "off" removes `d`.
fn conclude(h: &mut Hint, cands: &[u64], cell: usize, d: u8, on: bool) {
    if on {
        h.remove(cell as u16, cands[cell] & !bit(d));
        if !h.removals.is_empty() {
            h.place = Some((cell as u16, d));
        }
    } else {
        h.remove(cell as u16, bit(d));
    }
}

impl Chaining {
    /// The least rating a hint of this rule can have: cycles start at 6.5, forcing chains
    /// at 6.6 (plain) or 7.0 (both link kinds), the others at their base.
    pub(crate) fn floor(&self) -> f64 {
        if self.multiple || self.dynamic || self.level > 0 {
            self.base()
        } else {
            6.5
        }
    }

    fn base(&self) -> f64 {
        if self.level >= 2 {
            9.5 + 0.5 * (self.level - 2) as f64
        } else if self.level > 0 {
            8.5 + 0.5 * self.level as f64
        } else if self.nishio {
            7.5
        } else if self.dynamic {
            8.5
        } else {
            8.0
        }
    }

    fn nested_suffix(level: u32) -> String {
        match level {
            0 => String::new(),
            1 => " (+)".into(),
            2 => " (+ Forcing Chains)".into(),
            3 => " (+ Multiple Forcing Chains)".into(),
            4 => " (+ Dynamic Forcing Chains)".into(),
            l => format!(" (+ Dynamic Forcing Chains{})", Self::nested_suffix(l - 3)),
        }
    }

    fn prefix(&self) -> &'static str {
        if self.level > 0 || (self.dynamic && !self.nishio) {
            "Dynamic "
        } else if self.nishio {
            "Nishio "
        } else {
            ""
        }
    }

    fn suffix(&self) -> String {
        format!(" Chains{}", Self::nested_suffix(self.level))
    }

    /// Every hint of this rule on the board, sorted as SE sorts them (rating, complexity,
    /// kind), the first being the one SE applies.
    pub fn hints(&self, ctx: &mut Ctx<'_>, cands: &mut [u64]) -> Result<Vec<Hint>, Stopped> {
        let mut out = Vec::new();
        if self.multiple || self.dynamic {
            self.multiple_chains(ctx, cands, &mut out)?;
        } else {
            let graph = StaticGraph::take(ctx, cands);
            // At the top level only the first hint after the sort is used, so a search may
            // stop at the depth past which no hint can come before the best one found so far
            // (a hint's complexity is at least its node's depth in these single-parent
            // trees). A nested search reports every hint and is never bounded.
            let top = ctx.rule_source.is_none();
            for (y, x) in [(false, true), (true, false), (true, true)] {
                // Hints with both kinds of links rate 7.0 and more: when an X- or Y-only hint
                // below that is known, the third pass cannot change which hint comes first.
                // (A nested search reports every hint, so it makes all three passes.)
                if x && y && ctx.rule_source.is_none() && out.iter().any(|h| h.rating < 7.0) {
                    continue;
                }
                // The reachability filter tells which searches can find anything.
                let filter = Filter::new(ctx.shape, &graph.links, cands, y, x);
                let reach = filter.as_ref();
                // The bound changes only when a hint is found.
                let mut bound = (usize::MAX, StaticBound::NONE);
                for cell in 0..ctx.shape.ncells {
                    if ctx.values[cell] != 0 || cands[cell].count_ones() <= 1 {
                        continue;
                    }
                    for d in digits(cands[cell]) {
                        let i = cell * ctx.shape.n + d as usize - 1;
                        let searches = reach.map_or((true, true, true), |r| {
                            (r.cycles[i] && r.cycle_removes[i], r.removes[i], r.places[i])
                        });
                        // Most candidates have no search left to make.
                        if searches == (false, false, false) {
                            continue;
                        }
                        ctx.tick()?;
                        if top && bound.0 != out.len() {
                            bound = (out.len(), StaticBound::from_hints(&out, y, x));
                        }
                        let links = &graph.links;
                        self.unary(
                            ctx, links, cands, cell, d, y, x, bound.1, searches, &mut out,
                        );
                    }
                }
            }
            ctx.graph = Some(graph);
        }
        out.sort_by(|a, b| {
            a.rating
                .partial_cmp(&b.rating)
                .unwrap_or(std::cmp::Ordering::Equal)
                .then(a.complexity.cmp(&b.complexity))
                .then(a.sort_key.cmp(&b.sort_key))
        });
        Ok(out)
    }

    fn chain_text(sh: &Shape, run: &Run, id: u32) -> String {
        let mut path = Vec::new();
        let mut cur = Some(id);
        while let Some(c) = cur {
            path.push(run.nodes[c as usize].pot);
            cur = run.first_parent(c);
            if path.len() > 400 {
                break;
            }
        }
        path.reverse();
        path.iter()
            .map(|&p| {
                let (c, d, on) = unpot(sh.n, p);
                format!("{}{}{}", cell_at(sh.n, c), if on { "=" } else { "<>" }, d)
            })
            .collect::<Vec<_>>()
            .join(" -> ")
    }
}
