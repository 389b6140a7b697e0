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
//!
//! A forcing *verity* (every candidate of a cell, or every place of a digit in a house, forces
//! the same conclusion) is retold the same way, branch by branch: each branch is propagated to
//! its fixpoint and traced back from the step's conclusions only, so a branch names just the
//! facts that lead to them. A branch that ends in a contradiction here, or that does not reach
//! every conclusion by these rules, leaves the step as the solver told it.

use std::collections::VecDeque;

use sudokit_core::{Cell, Digit, House};
use sudokit_logic::render::{candidate_name, cell_name, house_name};
use sudokit_logic::{Candidate, CandidateGrid, Chain, ChainNode, LinkKind, Role, Step};

/// How many facts of the contradiction the text names before it says how many there are.
const SHOW: usize = 16;

/// One fact: the digit is (`on`) or is not in the cell, and why.
#[derive(Clone, Debug)]
struct Fact {
    cell: Cell,
    digit: Digit,
    on: bool,
    /// The facts (indices into the log) that force this one; empty for the assumption.
    parents: Parents,
    why: Why,
}

/// The facts that force a fact. Most have one (what a placement clears), and a fact is
/// offered again from every reason that reaches it, so that case is kept without an
/// allocation; singles name several.
#[derive(Clone, Debug)]
enum Parents {
    One(usize),
    Many(Vec<usize>),
}

impl std::ops::Deref for Parents {
    type Target = [usize];
    fn deref(&self) -> &[usize] {
        match self {
            Parents::One(i) => std::slice::from_ref(i),
            Parents::Many(v) => v,
        }
    }
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
    /// Per cell: how many of its candidates are open (see [`Net::open`]).
    cell_open: Vec<u8>,
    /// Per house and digit (`house * n + digit`): how many of the digit's places in the house
    /// are open. With `cell_open`, a fact that leaves two or more of either is passed over
    /// without reading the cells, as most are.
    house_open: Vec<u8>,
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
    fn push(&mut self, cell: Cell, digit: Digit, on: bool, parents: Parents, why: Why) -> usize {
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
        parents: Parents,
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
        if !on {
            // An open candidate (an empty cell's, nothing known about it) is closed.
            self.cell_open[cell.index()] -= 1;
            for &h in self.g.houses_of(cell) {
                self.house_open[h.index() * self.n + digit.index()] -= 1;
            }
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
            let (cell, digit, on) = {
                let f = &self.log[i];
                (f.cell, f.digit, f.on)
            };
            if on {
                for e in self.g.candidates(cell).iter().filter(|&e| e != digit) {
                    if let Some(x) = self.add(cell, e, false, Parents::One(i), Why::Placed) {
                        return Some(x);
                    }
                }
                for &p in self.g.peers(cell) {
                    if let Some(x) = self.add(p, digit, false, Parents::One(i), Why::Placed) {
                        return Some(x);
                    }
                }
                continue;
            }
            // The cell's last candidate (the facts that removed the others are collected only
            // when at most one is left).
            if self.cell_open[cell.index()] < 2 {
                let mut left = self
                    .g
                    .candidates(cell)
                    .iter()
                    .filter(|&e| self.open(cell, e));
                let first = left.next();
                let gone: Vec<usize> = self
                    .g
                    .candidates(cell)
                    .iter()
                    .filter_map(|e| self.known[self.slot(cell, e)])
                    .filter(|&j| !self.log[j].on)
                    .collect();
                match first {
                    None => {
                        return Some(Clash::NoCandidate(cell, gone));
                    }
                    Some(e) => {
                        if let Some(x) =
                            self.add(cell, e, true, Parents::Many(gone), Why::OnlyCandidate)
                        {
                            return Some(x);
                        }
                    }
                }
            }
            // The digit's last place in each house of the cell.
            for &h in self.g.houses_of(cell) {
                if self.house_open[h.index() * self.n + digit.index()] >= 2
                    || self.g.placed_in(h, digit)
                {
                    continue;
                }
                let cells = self.g.house_cells(h);
                let mut places = cells.iter().copied().filter(|&c| self.open(c, digit));
                let (first, second) = (places.next(), places.next());
                if second.is_some() {
                    continue;
                }
                let why = self.offs(cells, digit);
                match first {
                    None => {
                        return Some(Clash::NoPlace(digit, h, why));
                    }
                    Some(q) => {
                        if let Some(x) =
                            self.add(q, digit, true, Parents::Many(why), Why::OnlyPlace(h))
                        {
                            return Some(x);
                        }
                    }
                }
            }
        }
        None
    }

    /// The log indices the contradiction rests on, in log order.
    fn needed(&self, clash: &Clash) -> Vec<usize> {
        self.trace(match clash {
            Clash::Both(a, b) => vec![*a, *b],
            Clash::NoCandidate(_, why) | Clash::NoPlace(_, _, why) => why.clone(),
        })
    }

    /// The log indices `roots` rest on (themselves included), in log order.
    fn trace(&self, mut stack: Vec<usize>) -> Vec<usize> {
        let mut keep = vec![false; self.log.len()];
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

/// Whether `step` is a forcing verity (chain or net): every branch of a cell or a house forces
/// the same conclusion.
pub fn is_forcing_verity(step: &Step) -> bool {
    matches!(
        step.technique.id,
        "forcing-chain-verity" | "forcing-net-verity"
    )
}

/// Whether [`retold`] retells `step` (a forcing contradiction or verity).
pub fn is_forcing(step: &Step) -> bool {
    is_forcing_contradiction(step) || is_forcing_verity(step)
}

impl<'g> Net<'g> {
    /// The propagation from `cell = digit` (`on`) or `cell ≠ digit` on `g`, run to its first
    /// contradiction (returned) or to its fixpoint.
    fn from(g: &'g CandidateGrid, cell: Cell, digit: Digit, on: bool) -> (Net<'g>, Option<Clash>) {
        let n = g.size();
        let mut cell_open = vec![0u8; g.cell_count()];
        let mut house_open = vec![0u8; g.layout().house_count() * n];
        for c in g.empty_cells() {
            let cands = g.candidates(c);
            cell_open[c.index()] = cands.len() as u8;
            for &h in g.houses_of(c) {
                for d in cands.iter() {
                    house_open[h.index() * n + d.index()] += 1;
                }
            }
        }
        let mut net = Net {
            g,
            n,
            log: Vec::new(),
            known: vec![None; g.cell_count() * n],
            queue: VecDeque::new(),
            cell_open,
            house_open,
        };
        let clash = match net.add(cell, digit, on, Parents::Many(Vec::new()), Why::Assumed) {
            Some(c) => Some(c),
            None => net.run(),
        };
        (net, clash)
    }

    /// The facts `needed` (log indices, the assumption first) told one by one with their
    /// reasons, numbered from 1 in `number`; past [`SHOW`] of them, the first and last halves.
    fn tell(
        &self,
        needed: &[usize],
        number: &std::collections::HashMap<usize, usize>,
    ) -> Vec<String> {
        let l = self.g.layout();
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
            let f = &self.log[i];
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
                fact_name(self.g, f),
                from.join(" ")
            ));
        }
        parts
    }

    /// One link from each reason to the fact it forces, for the facts `needed` (strong, red,
    /// into a placement; weak, dashed, into an elimination).
    fn links(&self, needed: &[usize], chains: &mut Vec<Chain>) {
        for &i in needed {
            let f = &self.log[i];
            for p in f.parents.iter().filter(|p| needed.contains(p)) {
                chains.push(Chain {
                    nodes: vec![node(&self.log[*p]), node(f)],
                    links: vec![if f.on {
                        LinkKind::Strong
                    } else {
                        LinkKind::Weak
                    }],
                });
            }
        }
    }
}

/// The numbers (from 1) of the facts `needed`, by log index.
fn numbered(needed: &[usize]) -> std::collections::HashMap<usize, usize> {
    needed
        .iter()
        .enumerate()
        .map(|(k, &i)| (i, k + 1))
        .collect()
}

/// One branch of a retold verity: its propagation and the facts that lead to the conclusions.
struct Branch<'g> {
    net: Net<'g>,
    needed: Vec<usize>,
}

/// The branches of the verity `step` on `g`, each traced back from the step's conclusions;
/// `None` when a branch contradicts itself here or misses a conclusion by these rules.
fn verity_branches<'g>(g: &'g CandidateGrid, step: &Step) -> Option<Vec<Branch<'g>>> {
    let assumptions: Vec<Candidate> = step
        .highlight
        .candidates
        .iter()
        .filter(|(_, r)| *r == Role::Pattern)
        .map(|(c, _)| *c)
        .collect();
    let goals: Vec<(Candidate, bool)> = step
        .placements
        .iter()
        .map(|&c| (c, true))
        .chain(step.eliminations.iter().map(|&c| (c, false)))
        .collect();
    if assumptions.len() < 2 || goals.is_empty() {
        return None;
    }
    let mut branches = Vec::new();
    for a in assumptions {
        if g.value(a.cell).is_some() || !g.has(a.cell, a.digit) {
            return None;
        }
        let (net, clash) = Net::from(g, a.cell, a.digit, true);
        if clash.is_some() {
            return None;
        }
        let roots = goals
            .iter()
            .map(|&(c, on)| net.known[net.slot(c.cell, c.digit)].filter(|&i| net.log[i].on == on))
            .collect::<Option<Vec<usize>>>()?;
        let needed = net.trace(roots);
        branches.push(Branch { net, needed });
    }
    Some(branches)
}

/// `step` (a forcing verity found on `g`) told as each branch's shortest way to the common
/// conclusion (see the module docs); the solver's own telling when that cannot be done.
fn retold_verity(g: &CandidateGrid, step: Step) -> Step {
    const SAME: &str = ", and every branch forces the same: ";
    let Some((source, rest)) = step.text.split_once(SAME) else {
        return step;
    };
    let Some((conclusion, _)) = rest.split_once(". ") else {
        return step;
    };
    let Some(branches) = verity_branches(g, &step) else {
        return step;
    };
    let mut told = Vec::new();
    let mut chains = Vec::new();
    let mut total = 0;
    for b in &branches {
        let number = numbered(&b.needed);
        let first = &b.net.log[b.needed[0]];
        let parts = b.net.tell(&b.needed, &number);
        told.push(format!(
            "If (1) {}: {}",
            fact_name(g, first),
            if parts.is_empty() {
                "that is the conclusion itself".to_string()
            } else {
                parts.join("; ")
            }
        ));
        b.net.links(&b.needed, &mut chains);
        total += b.needed.len();
    }
    let text = format!(
        "{source}, and every branch forces {conclusion}. {}. So {conclusion} ({total} facts needed).",
        told.join(". ")
    );
    let mut step = step.text(text);
    step.highlight.chains = chains;
    step
}

/// `step` (a forcing chain or net contradiction found on `g`; a verity is told branch by
/// branch, see the module docs) told as its shortest
/// contradiction: the text names only the facts the contradiction needs, each with its reason,
/// and the highlight draws one link from each reason to the fact it forces (strong: red, when
/// the fact is a placement; weak: dashed). Any other step, or one whose assumption leads to no
/// contradiction here, comes back unchanged.
pub fn retold(g: &CandidateGrid, step: Step) -> Step {
    if is_forcing_verity(&step) {
        return retold_verity(g, step);
    }
    if !is_forcing_contradiction(&step) {
        return step;
    }
    let (Some(&cell), Some(&digit)) = (step.highlight.cells.first(), step.digits.first()) else {
        return step;
    };
    if g.value(cell).is_some() || !g.has(cell, digit) {
        return step;
    }
    // A contradiction that places its digit assumed the digit away (HoDoKu's tables assume a
    // candidate false as well as true); one that removes it assumed it.
    let on = step.placements.is_empty();
    let (net, clash) = Net::from(g, cell, digit, on);
    let Some(clash) = clash else {
        return step;
    };
    let l = g.layout();
    let needed = net.needed(&clash);
    let number = numbered(&needed);
    // The facts after the assumption; past SHOW of them, the first and the last halves (the
    // start of the branches and the facts the contradiction itself rests on).
    let parts = net.tell(&needed, &number);
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
    let (assumed, so) = match on {
        true => (format!("{name}={digit}"), format!("{name} is not {digit}")),
        false => (format!("{name}≠{digit}"), format!("{name} is {digit}")),
    };
    let text = format!(
        "Assume (1) {assumed}. {}. Then {end}. So {so} ({} facts needed).",
        parts.join("; "),
        needed.len()
    );
    let mut step = step.text(text);
    let mut chains = Vec::new();
    net.links(&needed, &mut chains);
    step.highlight.chains = chains;
    step
}

/// Retells every forcing contradiction and verity of a path that starts at `start` ([`retold`]), replaying
/// the path to have the grid each step was found on.
pub fn retell_path(start: &CandidateGrid, steps: &mut [Step]) {
    if !steps.iter().any(is_forcing) {
        return;
    }
    let mut g = start.clone();
    for step in steps.iter_mut() {
        if is_forcing(step) {
            *step = retold(&g, std::mem::replace(step, Step::new(step.technique)));
        }
        g.apply(step);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit_core::format::{InputFormat, parse_one};
    use sudokit_logic::{LogicSolver, Order};

    /// Easter Monster: its path takes forcing nets.
    const EASTER_MONSTER: &str =
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

    /// `step` retold: a new text containing `marker` and "facts needed" (never the solver's
    /// "facts in all"), links drawn, the same placements and eliminations.
    fn retold_checked(g: &CandidateGrid, step: &Step, marker: &str) -> Step {
        let told = retold(g, step.clone());
        assert_ne!(told.text, step.text, "not retold");
        for (want, has) in [
            (marker, true),
            ("facts needed", true),
            ("facts in all", false),
        ] {
            assert_eq!(told.text.contains(want), has, "{want}: {}", told.text);
        }
        assert!(!told.highlight.chains.is_empty());
        assert_eq!(told.placements, step.placements);
        assert_eq!(told.eliminations, step.eliminations);
        told
    }

    /// Every forcing contradiction on a hard path is retold with a contradiction of its own:
    /// the same elimination, a text naming at most the facts it needs (no "facts in all" list
    /// of everything followed), links drawn, each fact's reasons earlier than the fact.
    #[test]
    fn forcing_contradictions_are_retold_as_their_shortest_contradiction() {
        let p = parse_one(EASTER_MONSTER, InputFormat::Auto).unwrap();
        let mut g = CandidateGrid::new(&p);
        // sudokit's order: HoDoKu's takes HoDoKu's table-based forcing steps (one effect
        // each, premises on or off), whose words the retelling keeps.
        let solver = LogicSolver::new(Order::Sudokit);
        let mut retold_count = 0;
        for _ in 0..400 {
            let Some(step) = solver.next_step(&g) else {
                break;
            };
            if is_forcing_contradiction(&step) {
                let before = step.text.clone();
                let told = retold_checked(&g, &step, "Assume (1) ");
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

    /// Whether fact `f` of a retold branch follows from its reasons alone by the rule it
    /// names, on `g`: checked here without the propagation that found it.
    fn follows(g: &CandidateGrid, log: &[Fact], f: &Fact) -> bool {
        let reasons: Vec<&Fact> = f.parents.iter().map(|&p| &log[p]).collect();
        let off = |c: Cell, d: Digit| reasons.iter().any(|r| !r.on && r.cell == c && r.digit == d);
        match f.why {
            Why::Assumed => false,
            Why::Placed => reasons.iter().any(|r| {
                r.on && !f.on
                    && ((r.cell == f.cell && r.digit != f.digit)
                        || (r.digit == f.digit && g.peers(f.cell).contains(&r.cell)))
            }),
            Why::OnlyCandidate => {
                f.on && g
                    .candidates(f.cell)
                    .iter()
                    .all(|e| e == f.digit || off(f.cell, e))
            }
            Why::OnlyPlace(h) => {
                f.on && g.houses_of(f.cell).contains(&h)
                    && g.house_cells(h)
                        .iter()
                        .all(|&c| c == f.cell || !g.has(c, f.digit) || off(c, f.digit))
            }
        }
    }

    /// The forcing verities on a path are retold branch by branch (one whose branch these net
    /// rules do not follow keeps the solver's words, as counted below): each fact of a branch
    /// follows from its reasons (the assumption first, every reason told before the fact it
    /// forces), every branch reaches every conclusion, the conclusions agree with the
    /// solution, and the text names the needed facts with links drawn for them. The Easter
    /// Monster's path takes verities once the contradictions are left out.
    #[test]
    fn forcing_verities_are_retold_branch_by_branch() {
        let p = parse_one(EASTER_MONSTER, InputFormat::Auto).unwrap();
        let solution = sudokit_engines::engine("dlx", &Default::default())
            .unwrap()
            .first_solution(&p)
            .unwrap()
            .expect("solvable");
        let sol = solution.values();
        let mut g = CandidateGrid::new(&p);
        let mut solver = LogicSolver::new(Order::Sudokit);
        solver.retain(|t| !t.info().id.ends_with("-contradiction"));
        let (mut verities, mut untold) = (0, 0);
        for _ in 0..400 {
            let Some(step) = solver.next_step(&g) else {
                break;
            };
            if is_forcing_verity(&step) {
                for c in &step.placements {
                    assert_eq!(sol[c.cell.index()], c.digit.get(), "a wrong placement");
                }
                for c in &step.eliminations {
                    assert_ne!(sol[c.cell.index()], c.digit.get(), "the solution removed");
                }
                let Some(branches) = verity_branches(&g, &step) else {
                    // A branch the net rules here do not reach: the solver's words stay.
                    assert_eq!(retold(&g, step.clone()).text, step.text);
                    untold += 1;
                    g.apply(&step);
                    continue;
                };
                assert!(branches.len() >= 2);
                for b in &branches {
                    let log = &b.net.log;
                    assert!(matches!(log[b.needed[0]].why, Why::Assumed));
                    for &i in &b.needed[1..] {
                        let f = &log[i];
                        assert!(f.parents.iter().all(|p| b.needed.contains(p) && *p < i));
                        assert!(follows(&g, log, f), "{f:?} does not follow");
                    }
                    for c in &step.placements {
                        assert!(b.needed.iter().any(|&i| log[i].on
                            && log[i].cell == c.cell
                            && log[i].digit == c.digit));
                    }
                    for c in &step.eliminations {
                        assert!(b.needed.iter().any(|&i| !log[i].on
                            && log[i].cell == c.cell
                            && log[i].digit == c.digit));
                    }
                }
                retold_checked(&g, &step, "If (1) ");
                verities += 1;
            }
            g.apply(&step);
            if g.is_solved() {
                break;
            }
        }
        // Measured on this path (sudokit's order without contradictions): 5 verities, 1 of
        // them with a branch the retelling's net rules do not follow to the conclusion.
        assert!(
            verities >= 4,
            "{verities} verities retold, {untold} left as found"
        );
        assert!(untold <= 1, "{untold} verities left in the solver's words");
    }

    /// In HoDoKu's order the forcing contradictions come from HoDoKu's tables, which assume a
    /// candidate false as well as true (such a step places the digit): both kinds are retold
    /// from their own assumption, each told fact following from its reasons.
    #[test]
    fn hodoku_contradictions_are_retold_from_either_assumption() {
        let solver = LogicSolver::new(Order::Hodoku);
        let (mut on, mut off, mut untold) = (0, 0, 0);
        for line in include_str!("../../../data/logic/top95.txt")
            .lines()
            .take(30)
        {
            let p = parse_one(line, InputFormat::Auto).unwrap();
            let mut g = CandidateGrid::new(&p);
            for _ in 0..400 {
                let Some(step) = solver.next_step(&g) else {
                    break;
                };
                if is_forcing_contradiction(&step) {
                    let placed = !step.placements.is_empty();
                    let told = retold(&g, step.clone());
                    if told.text == step.text {
                        untold += 1;
                    } else {
                        let (cell, digit) = (step.highlight.cells[0], step.digits[0]);
                        let (net, clash) = Net::from(&g, cell, digit, !placed);
                        let needed = net.needed(&clash.expect("a contradiction"));
                        for &i in &needed[1..] {
                            assert!(follows(&g, &net.log, &net.log[i]), "{:?}", net.log[i]);
                        }
                        let marker = if placed { "≠" } else { "=" };
                        let head = format!(
                            "Assume (1) {}{marker}{digit}. ",
                            cell_name(g.layout(), cell)
                        );
                        assert!(told.text.starts_with(&head), "{}", told.text);
                        retold_checked(&g, &step, "Assume (1) ");
                        if placed {
                            off += 1;
                        } else {
                            on += 1;
                        }
                    }
                }
                g.apply(&step);
                if g.is_solved() {
                    break;
                }
            }
        }
        eprintln!("retold: {on} assumed true, {off} assumed false; {untold} left as found");
        assert!(on > 0 && off > 0, "{on} {off} {untold}");
    }

    /// `explain` tells its forcing contradictions the same way, and its path still solves.
    #[test]
    fn explain_retells_its_forcing_contradictions() {
        let p = parse_one(EASTER_MONSTER, InputFormat::Auto).unwrap();
        let g = CandidateGrid::new(&p);
        let e = crate::explain::explain(
            &g,
            &LogicSolver::new(Order::Sudokit),
            &Default::default(),
            true,
        )
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

    /// The open counts a net keeps as it goes equal a count of the open candidates and places
    /// at its end (or at its clash), for every assumption on and off on the grids along a hard
    /// path; and the single-candidate and single-place tests they shortcut fire: a test
    /// that kept a stale count would skip a forced fact and fail here or in the retelling
    /// tests above.
    #[test]
    fn open_counts_match_a_recount() {
        let p = parse_one(EASTER_MONSTER, InputFormat::Auto).unwrap();
        let mut g = CandidateGrid::new(&p);
        let solver = LogicSolver::new(Order::Sudokit);
        let (mut nets, mut forced) = (0, 0);
        for k in 0..60 {
            if k % 6 == 0 {
                for c in g.empty_cells() {
                    for d in g.candidates(c).iter() {
                        for on in [true, false] {
                            let (net, _) = Net::from(&g, c, d, on);
                            nets += 1;
                            forced += net
                                .log
                                .iter()
                                .filter(|f| matches!(f.why, Why::OnlyCandidate | Why::OnlyPlace(_)))
                                .count();
                            for x in g.cells() {
                                let open = g.candidates(x).iter().filter(|&e| net.open(x, e));
                                assert_eq!(
                                    usize::from(net.cell_open[x.index()]),
                                    if g.value(x).is_some() {
                                        0
                                    } else {
                                        open.count()
                                    },
                                );
                            }
                            for h in g.houses() {
                                for e in (1..=g.size() as u8).filter_map(Digit::new) {
                                    let places = g.house_cells(h).iter();
                                    let open = places.filter(|&&x| net.open(x, e)).count();
                                    assert_eq!(
                                        usize::from(net.house_open[h.index() * net.n + e.index()]),
                                        open
                                    );
                                }
                            }
                        }
                    }
                }
            }
            let Some(step) = solver.next_step(&g) else {
                break;
            };
            g.apply(&step);
        }
        assert!(
            nets > 500 && forced > 1000,
            "{nets} nets, {forced} forced facts"
        );
    }
}
