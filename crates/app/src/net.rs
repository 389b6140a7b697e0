//! A forcing chain or net contradiction retold as its shortest contradiction: the few facts
//! the contradiction rests on, in order, each with what forces it, and the branches as links
//! on the grid — instead of every fact the solver happened to follow ("… (136 facts in all)").
//!
//! Design decision: the logic crate finds the step and rates it (its rating depends on the
//! length it followed, so that is left alone); this module only tells it. From the step's
//! assumption it propagates breadth first with the net rules (a placed digit leaves its cell's
//! other digits and its peers; a cell with one candidate left, or a digit with one place left
//! in a house, is forced), recording for each fact the facts that forced it. The first
//! contradiction reached is then traced back through those reasons, so the facts told are
//! exactly the ones it needs, and breadth-first order keeps each of them as near the assumption
//! as the rules allow. When no contradiction is found (it always is for a sound step), the step
//! is left as the solver told it.

use std::collections::VecDeque;

use sudokit_core::{Cell, Digit, House};
use sudokit_logic::render::{candidate_name, cell_name, house_name};
use sudokit_logic::{Candidate, CandidateGrid, Chain, ChainNode, LinkKind, Step};

/// How many facts of the contradiction the text names before it says how many there are.
const SHOW: usize = 16;

/// One fact: the digit is (`on`) or is not in the cell, and why.
#[derive(Clone, Debug)]
struct Fact {
    cell: Cell,
    digit: Digit,
    on: bool,
    /// The facts (indices into the log) that force this one; empty for the assumption.
    parents: Vec<usize>,
    why: Why,
}

#[derive(Clone, Copy, Debug)]
enum Why {
    Assumed,
    /// The cell holds another digit, or a peer holds this one.
    Placed,
    /// The cell's only candidate left.
    OnlyCandidate,
    /// The digit's only place left in the house.
    OnlyPlace(House),
}

/// The end of a branch.
#[derive(Clone, Debug)]
enum Clash {
    /// A fact and its opposite (the log indices of both).
    Both(usize, usize),
    /// A cell with no candidate left, and the facts that removed them.
    NoCandidate(Cell, Vec<usize>),
    /// A digit with no place left in a house, and the facts that removed them.
    NoPlace(Digit, House, Vec<usize>),
}

/// The propagation from one assumption.
struct Net<'g> {
    g: &'g CandidateGrid,
    n: usize,
    log: Vec<Fact>,
    /// Per cell and digit: the log index of the fact about it, if any.
    known: Vec<Option<usize>>,
    queue: VecDeque<usize>,
}

impl<'g> Net<'g> {
    fn slot(&self, c: Cell, d: Digit) -> usize {
        c.index() * self.n + d.index()
    }

    /// Whether `d` may still be in `c` (a candidate not ruled out here).
    fn open(&self, c: Cell, d: Digit) -> bool {
        self.g.value(c).is_none()
            && self.g.has(c, d)
            && self.known[self.slot(c, d)].is_none_or(|i| self.log[i].on)
    }

    /// Logs a fact; its index.
    fn push(&mut self, cell: Cell, digit: Digit, on: bool, parents: Vec<usize>, why: Why) -> usize {
        self.log.push(Fact {
            cell,
            digit,
            on,
            parents,
            why,
        });
        self.log.len() - 1
    }

    /// Records a fact unless it is known; a fact whose opposite is known is the clash.
    fn add(
        &mut self,
        cell: Cell,
        digit: Digit,
        on: bool,
        parents: Vec<usize>,
        why: Why,
    ) -> Option<Clash> {
        let s = self.slot(cell, digit);
        if let Some(i) = self.known[s] {
            if self.log[i].on == on {
                return None;
            }
            let j = self.push(cell, digit, on, parents, why);
            return Some(Clash::Both(i, j));
        }
        // A given or a placed digit is a fact of the grid, not of this branch.
        if let Some(v) = self.g.value(cell) {
            if (v == digit) == on {
                return None;
            }
        } else if !on && !self.g.has(cell, digit) {
            return None;
        }
        let i = self.push(cell, digit, on, parents, why);
        if self.g.value(cell).is_some() || (on && !self.g.has(cell, digit)) {
            // The grid already says otherwise: the fact is its own contradiction.
            return Some(Clash::Both(i, i));
        }
        self.known[s] = Some(i);
        self.queue.push_back(i);
        None
    }

    /// The facts that ruled out `d` in `cells` (the reasons of a single).
    fn offs(&self, cells: &[Cell], d: Digit) -> Vec<usize> {
        cells
            .iter()
            .filter_map(|&c| self.known[self.slot(c, d)])
            .filter(|&i| !self.log[i].on)
            .collect()
    }

    fn run(&mut self) -> Option<Clash> {
        while let Some(i) = self.queue.pop_front() {
            let Fact {
                cell, digit, on, ..
            } = self.log[i].clone();
            if on {
                for e in self.g.candidates(cell).iter().filter(|&e| e != digit) {
                    if let Some(x) = self.add(cell, e, false, vec![i], Why::Placed) {
                        return Some(x);
                    }
                }
                for &p in self.g.peers(cell) {
                    if let Some(x) = self.add(p, digit, false, vec![i], Why::Placed) {
                        return Some(x);
                    }
                }
                continue;
            }
            // The cell's last candidate.
            let left: Vec<Digit> = self
                .g
                .candidates(cell)
                .iter()
                .filter(|&e| self.open(cell, e))
                .collect();
            let gone: Vec<usize> = self
                .g
                .candidates(cell)
                .iter()
                .filter_map(|e| self.known[self.slot(cell, e)])
                .filter(|&j| !self.log[j].on)
                .collect();
            match left[..] {
                [] => {
                    return Some(Clash::NoCandidate(cell, gone));
                }
                [e] => {
                    if let Some(x) = self.add(cell, e, true, gone, Why::OnlyCandidate) {
                        return Some(x);
                    }
                }
                _ => {}
            }
            // The digit's last place in each house of the cell.
            for &h in self.g.houses_of(cell) {
                if self.g.placed_in(h, digit) {
                    continue;
                }
                let cells = self.g.house_cells(h);
                let places: Vec<Cell> = cells
                    .iter()
                    .copied()
                    .filter(|&c| self.open(c, digit))
                    .collect();
                let why = self.offs(cells, digit);
                match places[..] {
                    [] => {
                        return Some(Clash::NoPlace(digit, h, why));
                    }
                    [q] => {
                        if let Some(x) = self.add(q, digit, true, why, Why::OnlyPlace(h)) {
                            return Some(x);
                        }
                    }
                    _ => {}
                }
            }
        }
        None
    }

    /// The log indices the contradiction rests on, in log order.
    fn needed(&self, clash: &Clash) -> Vec<usize> {
        let mut keep = vec![false; self.log.len()];
        let mut stack: Vec<usize> = match clash {
            Clash::Both(a, b) => vec![*a, *b],
            Clash::NoCandidate(_, why) | Clash::NoPlace(_, _, why) => why.clone(),
        };
        while let Some(i) = stack.pop() {
            if !std::mem::replace(&mut keep[i], true) {
                stack.extend(self.log[i].parents.iter().copied());
            }
        }
        (0..self.log.len()).filter(|&i| keep[i]).collect()
    }
}

/// `r1c1=5` or `r1c1≠5`.
fn fact_name(g: &CandidateGrid, f: &Fact) -> String {
    let l = g.layout();
    match f.on {
        true => candidate_name(
            l,
            Candidate {
                cell: f.cell,
                digit: f.digit,
            },
        ),
        false => format!("{}≠{}", cell_name(l, f.cell), f.digit),
    }
}

fn node(f: &Fact) -> ChainNode {
    ChainNode::new(f.cell, f.digit, f.on)
}

/// Whether `step` is a contradiction found by following one assumption (forcing chain or net).
pub fn is_forcing_contradiction(step: &Step) -> bool {
    matches!(
        step.technique.id,
        "forcing-chain-contradiction" | "forcing-net-contradiction"
    )
}

/// `step` (a forcing chain or net contradiction found on `g`) told as its shortest
/// contradiction: the text names only the facts the contradiction needs, each with its reason,
/// and the highlight draws one link from each reason to the fact it forces (strong: red, when
/// the fact is a placement; weak: dashed). Any other step, or one whose assumption leads to no
/// contradiction here, comes back unchanged.
pub fn retold(g: &CandidateGrid, step: Step) -> Step {
    if !is_forcing_contradiction(&step) {
        return step;
    }
    let (Some(&cell), Some(&digit)) = (step.highlight.cells.first(), step.digits.first()) else {
        return step;
    };
    if g.value(cell).is_some() || !g.has(cell, digit) {
        return step;
    }
    let n = g.size();
    let mut net = Net {
        g,
        n,
        log: Vec::new(),
        known: vec![None; g.cell_count() * n],
        queue: VecDeque::new(),
    };
    let clash = match net.add(cell, digit, true, Vec::new(), Why::Assumed) {
        Some(c) => Some(c),
        None => net.run(),
    };
    let Some(clash) = clash else {
        return step;
    };
    let l = g.layout();
    let needed = net.needed(&clash);
    let number: std::collections::HashMap<usize, usize> = needed
        .iter()
        .enumerate()
        .map(|(k, &i)| (i, k + 1))
        .collect();
    // The facts after the assumption; past SHOW of them, the first and the last halves (the
    // start of the branches and the facts the contradiction itself rests on).
    let derived = &needed[1..];
    let cut = derived.len() > SHOW;
    let mut parts = Vec::new();
    for (k, &i) in derived.iter().enumerate() {
        if cut && k >= SHOW / 2 && k < derived.len() - SHOW / 2 {
            if k == SHOW / 2 {
                parts.push(format!("… {} more …", derived.len() - SHOW));
            }
            continue;
        }
        let f = &net.log[i];
        let from: Vec<String> = f
            .parents
            .iter()
            .filter_map(|p| number.get(p).map(|k| format!("({k})")))
            .collect();
        let reason = match f.why {
            Why::Assumed | Why::Placed => String::new(),
            Why::OnlyCandidate => ", the cell's only candidate left".to_string(),
            Why::OnlyPlace(h) => format!(", the only place left in {}", house_name(l, h)),
        };
        parts.push(format!(
            "({}) {} by {}{reason}",
            number[&i],
            fact_name(g, f),
            from.join(" ")
        ));
    }
    let end = match clash {
        Clash::Both(a, b) if a == b => format!("{} cannot hold", fact_name(g, &net.log[a])),
        Clash::Both(a, b) => format!(
            "({}) and ({}) contradict each other",
            number.get(&a).copied().unwrap_or(0),
            number.get(&b).copied().unwrap_or(0)
        ),
        Clash::NoCandidate(c, _) => format!("{} has no candidate left", cell_name(l, c)),
        Clash::NoPlace(d, h, _) => format!("{d} has no place left in {}", house_name(l, h)),
    };
    let name = cell_name(l, cell);
    let text = format!(
        "Assume (1) {name}={digit}. {}. Then {end}. So {name} is not {digit} ({} facts needed).",
        parts.join("; "),
        needed.len()
    );
    let mut step = step.text(text);
    let log = &net.log;
    let mut chains = Vec::new();
    for &i in &needed {
        let f = &log[i];
        for p in f.parents.iter().filter(|p| number.contains_key(p)) {
            chains.push(Chain {
                nodes: vec![node(&log[*p]), node(f)],
                links: vec![if f.on {
                    LinkKind::Strong
                } else {
                    LinkKind::Weak
                }],
            });
        }
    }
    step.highlight.chains = chains;
    step
}

/// Retells every forcing contradiction of a path that starts at `start` ([`retold`]), replaying
/// the path to have the grid each step was found on.
pub fn retell_path(start: &CandidateGrid, steps: &mut [Step]) {
    if !steps.iter().any(is_forcing_contradiction) {
        return;
    }
    let mut g = start.clone();
    for step in steps.iter_mut() {
        if is_forcing_contradiction(step) {
            *step = retold(&g, std::mem::replace(step, Step::new(step.technique)));
        }
        g.apply(step);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit_core::format::{InputFormat, parse_one};
    use sudokit_logic::LogicSolver;

    /// Easter Monster: its path takes forcing nets.
    const EASTER_MONSTER: &str =
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

    /// Every forcing contradiction on a hard path is retold with a contradiction of its own:
    /// the same elimination, a text naming at most the facts it needs (no "facts in all" list
    /// of everything followed), links drawn, each fact's reasons earlier than the fact.
    #[test]
    fn forcing_contradictions_are_retold_as_their_shortest_contradiction() {
        let p = parse_one(EASTER_MONSTER, InputFormat::Auto).unwrap();
        let mut g = CandidateGrid::new(&p);
        let solver = LogicSolver::default();
        let mut retold_count = 0;
        for _ in 0..400 {
            let Some(step) = solver.next_step(&g) else {
                break;
            };
            if is_forcing_contradiction(&step) {
                let before = step.text.clone();
                let told = retold(&g, step.clone());
                assert_ne!(told.text, before, "not retold");
                assert!(told.text.starts_with("Assume (1) "), "{}", told.text);
                assert!(told.text.contains("facts needed"), "{}", told.text);
                assert!(!told.text.contains("facts in all"), "{}", told.text);
                assert!(!told.highlight.chains.is_empty());
                assert_eq!(told.eliminations, step.eliminations);
                // Fewer facts than the solver followed, when it said how many.
                let count = |t: &str, tail: &str| {
                    t.split(tail)
                        .next()
                        .and_then(|h| h.rsplit(['(', ' ']).next()?.parse::<usize>().ok())
                };
                if let (Some(all), Some(needed)) = (
                    count(&before, " facts in all)"),
                    count(&told.text, " facts needed)"),
                ) {
                    assert!(needed < all, "{needed} of {all}");
                }
                retold_count += 1;
            }
            g.apply(&step);
            if g.is_solved() {
                break;
            }
        }
        assert!(retold_count > 0, "the path took no forcing contradiction");
    }

    /// `explain` tells its forcing contradictions the same way, and its path still solves.
    #[test]
    fn explain_retells_its_forcing_contradictions() {
        let p = parse_one(EASTER_MONSTER, InputFormat::Auto).unwrap();
        let g = CandidateGrid::new(&p);
        let e = crate::explain::explain(&g, &LogicSolver::default(), &Default::default(), true)
            .expect("explained");
        assert!(e.unsound.is_none(), "{:?}", e.unsound);
        let forcing: Vec<&Step> = e
            .path
            .steps
            .iter()
            .filter(|s| is_forcing_contradiction(s))
            .collect();
        assert!(!forcing.is_empty());
        for s in forcing {
            assert!(s.text.contains("facts needed"), "{}", s.text);
        }
    }
}
