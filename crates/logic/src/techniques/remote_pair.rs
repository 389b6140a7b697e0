//! Remote pair: a chain of cells that all hold the same two candidates {a,b}, each seeing
//! the next, so the digits alternate along it; two cells an odd number of steps (3 or more)
//! apart hold one a and one b between them, and a cell seeing both can be neither. Every
//! layout ("sees" is the layout's peer relation).
//!
//! Design decision: chains are simple paths found by depth-first search among the bivalue
//! cells of one pair, as HoDoKu reports them (one step per chain of at least four cells,
//! eliminations from every odd stretch of it; in HoDoKu's order only chains of an even number
//! of cells, up to ten, as HoDoKu's search checks them); a chain whose eliminations an earlier
//! chain already gave is not reported again. A budget on the number of paths walked per pair keeps
//! the search bounded on pathological grids.

use std::collections::HashSet;

use sudokit_core::{Cell, Digit, DigitSet};

use crate::grid::{CandidateGrid, CellSet};
use crate::render::{cell_name, cells_name};
use crate::step::{Candidate, Chain, ChainNode, LinkKind, Role, Step};
use crate::technique::{Finder, Technique, TechniqueInfo};
use crate::techniques::table::REMOTE_PAIR;

/// Longest chain searched, in cells.
const MAX_CELLS: usize = 16;
/// Longest chain HoDoKu's search reports, in cells (20 links).
const HODOKU_MAX_CELLS: usize = 10;
/// Paths walked per digit pair before the search gives up on that pair.
const BUDGET: usize = 20_000;

/// Finder for [`REMOTE_PAIR`].
pub struct RemotePair;

struct Search<'g, 'f, 'o> {
    g: &'g CandidateGrid,
    f: &'f mut Finder<'o>,
    cells: Vec<Cell>,
    pair: (Digit, Digit),
    path: Vec<usize>,
    on_path: Vec<bool>,
    adj: Vec<Vec<usize>>,
    seen_elims: HashSet<Vec<Candidate>>,
    budget: usize,
}

impl Search<'_, '_, '_> {
    /// Walks every simple path extending the current one; returns `false` to stop.
    fn extend(&mut self) -> bool {
        if self.budget == 0 {
            return true;
        }
        self.budget -= 1;
        // HoDoKu checks a chain only where its last strong link is on the start's digit, so it
        // reports chains of an even number of cells (a longer odd one comes as two shorter
        // even ones), of at most ten cells (its chains stop at 20 links).
        let hodoku = self.f.options.hodoku;
        if self.path.len() >= 4 && (!hodoku || self.path.len().is_multiple_of(2)) && !self.report()
        {
            return false;
        }
        if self.path.len() >= if hodoku { HODOKU_MAX_CELLS } else { MAX_CELLS } {
            return true;
        }
        let last = *self.path.last().expect("non-empty path");
        for k in 0..self.adj[last].len() {
            let next = self.adj[last][k];
            if self.on_path[next] {
                continue;
            }
            self.on_path[next] = true;
            self.path.push(next);
            let go_on = self.extend();
            self.path.pop();
            self.on_path[next] = false;
            if !go_on {
                return false;
            }
        }
        true
    }

    /// Reports the current path's step if it eliminates something new.
    fn report(&mut self) -> bool {
        let g = self.g;
        let path: Vec<Cell> = self.path.iter().map(|&i| self.cells[i]).collect();
        let (a, b) = self.pair;
        let mut on_path = g.cell_set();
        for &c in &path {
            on_path.insert(c);
        }
        let mut targets = g.cell_set();
        let mut witness: Vec<(Cell, Cell, Cell)> = Vec::new();
        for i in 0..path.len() {
            for j in (i + 3..path.len()).step_by(2) {
                let mut both: CellSet = g.peer_set(path[i]).clone();
                both.intersect_with(g.peer_set(path[j]));
                for x in both.iter() {
                    if on_path.contains(x) || targets.contains(x) {
                        continue;
                    }
                    if g.has(x, a) || g.has(x, b) {
                        targets.insert(x);
                        witness.push((x, path[i], path[j]));
                    }
                }
            }
        }
        if targets.is_empty() {
            return true;
        }
        let mut elims = Vec::new();
        for x in targets.iter() {
            for d in [a, b] {
                if g.has(x, d) {
                    elims.push(Candidate::new(x, d));
                }
            }
        }
        elims.sort();
        if !self.seen_elims.insert(elims.clone()) {
            return true;
        }
        let l = g.layout();
        let mut step = Step::new(&REMOTE_PAIR)
            .digits([a, b])
            .cells(path.iter().copied());
        for &c in &path {
            step = step.mark(c, a, Role::Pattern).mark(c, b, Role::Pattern);
        }
        for e in &elims {
            step = step
                .eliminate(e.cell, e.digit)
                .mark(e.cell, e.digit, Role::Eliminated);
        }
        // The chain as inferences: in each cell "not u" forces "v", which the next cell cannot be.
        let mut nodes = Vec::new();
        let mut links = Vec::new();
        let (mut u, mut v) = (a, b);
        for (k, &c) in path.iter().enumerate() {
            if k > 0 {
                links.push(LinkKind::Weak);
            }
            nodes.push(ChainNode::new(c, u, false));
            links.push(LinkKind::Strong);
            nodes.push(ChainNode::new(c, v, true));
            std::mem::swap(&mut u, &mut v);
        }
        let reasons: Vec<String> = witness
            .iter()
            .map(|&(x, p, q)| {
                format!(
                    "{} sees {} and {}",
                    cell_name(l, x),
                    cell_name(l, p),
                    cell_name(l, q)
                )
            })
            .collect();
        let text = format!(
            "{} all hold only {a} and {b}, and each sees the next, so {a} and {b} alternate along the chain: two of its cells an odd number of steps apart hold one {a} and one {b}. {}, so {} can be neither {a} nor {b}.",
            cells_name(l, &path),
            crate::render::join_and(&reasons),
            if witness.len() == 1 { "it" } else { "they" },
        );
        self.f.emit(
            step.chain(Chain { nodes, links })
                .rated(REMOTE_PAIR.se)
                .text(text),
        )
    }
}

impl Technique for RemotePair {
    fn info(&self) -> &'static TechniqueInfo {
        &REMOTE_PAIR
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        // Bivalue cells grouped by their pair.
        let mut groups: Vec<(DigitSet, Vec<Cell>)> = Vec::new();
        for c in g.empty_cells() {
            let cands = g.candidates(c);
            if cands.len() != 2 {
                continue;
            }
            match groups.iter_mut().find(|(s, _)| *s == cands) {
                Some((_, v)) => v.push(c),
                None => groups.push((cands, vec![c])),
            }
        }
        for (set, cells) in groups {
            if cells.len() < 4 {
                continue;
            }
            let mut it = set.iter();
            let pair = (it.next().expect("two"), it.next().expect("two"));
            let adj: Vec<Vec<usize>> = (0..cells.len())
                .map(|i| {
                    (0..cells.len())
                        .filter(|&j| j != i && g.sees(cells[i], cells[j]))
                        .collect()
                })
                .collect();
            let n = cells.len();
            let mut s = Search {
                g,
                f: &mut *f,
                cells,
                pair,
                path: Vec::new(),
                on_path: vec![false; n],
                adj,
                seen_elims: HashSet::new(),
                budget: BUDGET,
            };
            for start in 0..n {
                s.on_path[start] = true;
                s.path.push(start);
                let go_on = s.extend();
                s.path.pop();
                s.on_path[start] = false;
                if !go_on {
                    return;
                }
            }
        }
    }
}
