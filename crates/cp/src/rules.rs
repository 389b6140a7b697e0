//! Variant rules ([`Layout::rules`]) compiled into propagators.
//!
//! Design decision: every rule is reduced to a few constraint shapes that each have one
//! cheap, sound filter, so the propagation loop in [`crate::filter`] needs no rule-specific
//! code and every filter is exact once all its cells are fixed (so no solution is accepted
//! that breaks a rule, without a check at the leaves):
//!
//! * **unary masks** (odd, even) cut the initial domains;
//! * **distinctness** (killer cages, renban, extra regions, disjoint groups) becomes extra
//!   peers, or an extra house with GAC when the group has `n` cells;
//! * **binary relations** — a support mask per digit in each direction — carry every pair
//!   rule: kropki, XV, greater-than, non-consecutive, the negative constraint, thermometer
//!   steps (arc consistency on a chain gives the thermo's full bounds), whispers, palindrome
//!   and clone equality, minimum/maximum, entropic thirds (cells one and two apart lie in
//!   different thirds) and the three indexers (`x = i` implies the indexed cell's digit);
//! * **linear equalities** `Σ aᵢxᵢ = t` with bound reasoning, then every digit on a path of
//!   reachable partial sums (forward and backward over 128-bit sets of sums, when the sums
//!   span fewer than 128 values), and exact supports with peers apart once few assignments
//!   are left ([`LINEAR_EXACT`]): little killer, arrow (the circle read as a number),
//!   region-sum lines, and killer sums above 16×16;
//! * **zippers**: every total the pairs could share (the centre's digits on an odd line) is
//!   tried, and a digit stays when it makes a total that every pair can make;
//! * **digit sets**: a killer cage with a sum holds one of the combinations of distinct
//!   digits that make it, a renban one window of consecutive digits; a set stays while every
//!   cell can take one of its digits and the cells together can cover it, and a cell keeps
//!   the digits of the sets that stay;
//! * **between** lines try every pair of end digits (exact arc consistency);
//! * **covers**: a sandwich or X-sum on a whole row or column (all digits differ) is a list of
//!   alternatives made at compile time — where the 1 and N sit (or the value X of the first
//!   cell) and which set of digits lies between (or in the first X cells) — each a partition
//!   of the cells into groups that must hold exactly a digit set; an alternative stays while
//!   every group can still cover its set, and a cell keeps the digits of the alternatives that
//!   stay (so the cells outside a sandwich lose the digits inside it);
//! * **skyscrapers**: dynamic programming over the line with the highest digit so far and the
//!   count seen as state (forward and backward reachability, every digit with a path kept);
//! * a sandwich or X-sum on cells that may repeat digits, and quadruples, are checked by a
//!   **bounded search** over the clue's cells (peers among them differ): every digit that
//!   appears in some assignment satisfying the clue is kept; when the search would pass
//!   [`SEARCH_NODES`] nodes it gives up and removes nothing (sound), and with all cells fixed
//!   it is one leaf, so it stays exact.

use crate::model::Domain;
use std::collections::HashMap;
use sudokit_core::rules::{Marks, Pos, Rule, negative_values, whispers_default};
use sudokit_core::{Cell, Layout};

/// The most nodes a bounded clue search visits before it gives up filtering.
pub const SEARCH_NODES: u32 = 20_000;

/// A linear constraint whose cells have at most this many assignments left is filtered
/// exactly (every digit of some exact sum stays), not only by its bounds.
pub const LINEAR_EXACT: u64 = 4096;

/// A clue on a whole row or column checked by bounded search.
#[derive(Clone, Debug)]
enum Clue {
    Sandwich(u32),
    XSum(u32),
    /// Every listed digit, with its multiplicity, among the cells.
    Quadruple(Vec<u32>),
    /// `Σ coefs[i] · digitᵢ = target` (a linear constraint's exact check).
    Sum(Vec<i64>, i64),
}

/// One compiled constraint.
#[derive(Clone, Debug)]
enum Constraint {
    /// `rel` holds between the digits of `a` and `b`.
    Pair { a: u16, b: u16, rel: u32 },
    /// `Σ coefs[i] · digit(cells[i]) = target`.
    Linear {
        cells: Vec<u16>,
        coefs: Vec<i64>,
        target: i64,
        /// Per position, the earlier positions that are peers (must differ).
        earlier_peers: Vec<u64>,
    },
    /// The cells (distinct peers, as many as each set's digits) hold exactly one of `sets`:
    /// a killer cage's combinations, a renban's windows of consecutive digits.
    Sets { cells: Vec<u16>, sets: Vec<Domain> },
    /// The inner cells lie strictly between the ends.
    Between { ends: [u16; 2], inner: Vec<u16> },
    /// A zipper line: every pair sums to one total, the centre's digit when there is one.
    Zipper {
        pairs: Vec<[u16; 2]>,
        centre: Option<u16>,
    },
    /// A sandwich or X-sum on a whole row or column (all its digits differ): the cells hold
    /// one of `alts`, each a partition of the positions into groups (position bit set) that
    /// hold exactly the digits of the group's mask.
    Cover {
        cells: Vec<u16>,
        alts: Vec<Vec<(u64, Domain)>>,
    },
    /// A skyscraper clue: `count` digits seen from the first cell; `full` when the cells are
    /// a whole row or column (so the highest digit `n` is among them).
    Skyscraper {
        cells: Vec<u16>,
        count: u32,
        full: bool,
    },
    /// A sandwich or X-sum whose digits may repeat, or a quadruple, checked by bounded search.
    Clue {
        cells: Vec<u16>,
        clue: Clue,
        /// Per position, the earlier positions that are peers (must differ).
        earlier_peers: Vec<u64>,
    },
}

/// A binary relation as support masks: `fwd[v]` are the digits of `b` compatible with digit
/// bit `v` in `a`, `bwd[w]` those of `a` compatible with `w` in `b`.
#[derive(Clone, Debug)]
struct Relation {
    fwd: Vec<Domain>,
    bwd: Vec<Domain>,
}

/// The rules of one layout, compiled. See the module docs.
#[derive(Clone, Debug, Default)]
pub struct Compiled {
    n: usize,
    constraints: Vec<Constraint>,
    relations: Vec<Relation>,
    relation_ids: HashMap<Vec<Domain>, u32>,
    /// The pair constraint of each pair of cells (smaller cell first).
    pair_index: HashMap<(u16, u16), usize>,
    watch: Vec<Vec<u32>>,
    /// Per cell, the digits the unary rules allow.
    pub unary: Vec<Domain>,
    /// Groups of `n` cells that must all differ (become houses).
    pub extra_houses: Vec<Vec<u16>>,
    /// Pairs of cells that must differ.
    pub extra_peers: Vec<(u16, u16)>,
}

fn cell(p: Pos, n: usize) -> u16 {
    p.index(n) as u16
}

fn mask_range(lo: i64, hi: i64, n: usize) -> Domain {
    // Digits lo..=hi (1-based) as a bit set.
    let lo = lo.max(1);
    let hi = hi.min(n as i64);
    if lo > hi {
        return 0;
    }
    let upto = |d: i64| {
        if d >= 64 { u64::MAX } else { (1u64 << d) - 1 }
    };
    upto(hi) & !upto(lo - 1)
}

fn orthogonal_neighbours(p: Pos, n: usize) -> impl Iterator<Item = Pos> {
    let (r, c) = (p.row as isize, p.col as isize);
    [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
        .into_iter()
        .filter(move |&(r, c)| r >= 0 && c >= 0 && (r as usize) < n && (c as usize) < n)
        .map(|(r, c)| Pos::new(r as usize, c as usize))
}

impl Compiled {
    /// Compiles the rules of `layout`.
    pub fn new(layout: &Layout) -> Compiled {
        let n = layout.size();
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut out = Compiled {
            n,
            unary: vec![full; n * n],
            watch: vec![Vec::new(); n * n],
            ..Compiled::default()
        };
        let rules = layout.rules();
        for rule in rules {
            out.add(layout, rules, rule);
        }
        for (k, c) in out.constraints.iter().enumerate() {
            for x in c.scope() {
                let w = &mut out.watch[x as usize];
                if w.last() != Some(&(k as u32)) {
                    w.push(k as u32);
                }
            }
        }
        out
    }

    /// Number of constraints.
    pub fn len(&self) -> usize {
        self.constraints.len()
    }

    /// Whether there are no constraints.
    pub fn is_empty(&self) -> bool {
        self.constraints.is_empty()
    }

    /// The cells of constraint `k`.
    pub fn scope(&self, k: usize) -> Vec<u16> {
        self.constraints[k].scope()
    }

    /// The constraints that watch cell `c`.
    pub fn watching(&self, c: usize) -> &[u32] {
        &self.watch[c]
    }

    /// The id of the relation with these support masks (shared by every pair that uses it).
    fn relation_id(&mut self, fwd: Vec<Domain>, bwd: Vec<Domain>) -> u32 {
        if let Some(&id) = self.relation_ids.get(&fwd) {
            return id;
        }
        let id = self.relations.len() as u32;
        self.relation_ids.insert(fwd.clone(), id);
        self.relations.push(Relation { fwd, bwd });
        id
    }

    /// Adds `ok(digit of a, digit of b)`; rules on the same two cells (non-consecutive and a
    /// kropki dot, say) become one relation, their conjunction.
    fn pair(&mut self, a: Pos, b: Pos, ok: impl Fn(u32, u32) -> bool) {
        if a == b {
            return;
        }
        let n = self.n;
        let (a, b) = (cell(a, n), cell(b, n));
        // Stored with the smaller cell first.
        let (x, y, flip) = if a < b { (a, b, false) } else { (b, a, true) };
        let mut fwd = vec![0; n];
        let mut bwd = vec![0; n];
        for dx in 1..=n as u32 {
            for dy in 1..=n as u32 {
                let holds = if flip { ok(dy, dx) } else { ok(dx, dy) };
                if holds {
                    fwd[dx as usize - 1] |= 1u64 << (dy - 1);
                    bwd[dy as usize - 1] |= 1u64 << (dx - 1);
                }
            }
        }
        if let Some(&k) = self.pair_index.get(&(x, y))
            && let Constraint::Pair { rel: old, .. } = self.constraints[k]
        {
            let old = &self.relations[old as usize];
            let both = |p: &[Domain], q: &[Domain]| p.iter().zip(q).map(|(p, q)| p & q).collect();
            let (fwd, bwd) = (both(&fwd, &old.fwd), both(&bwd, &old.bwd));
            let id = self.relation_id(fwd, bwd);
            if let Constraint::Pair { rel, .. } = &mut self.constraints[k] {
                *rel = id;
            }
            return;
        }
        let rel = self.relation_id(fwd, bwd);
        self.pair_index.insert((x, y), self.constraints.len());
        self.constraints.push(Constraint::Pair { a: x, b: y, rel });
    }

    fn linear(&mut self, layout: &Layout, terms: &[(Pos, i64)], target: i64) {
        let n = self.n;
        let cells: Vec<u16> = terms.iter().map(|&(p, _)| cell(p, n)).collect();
        self.constraints.push(Constraint::Linear {
            earlier_peers: earlier_peers(layout, &cells),
            cells,
            coefs: terms.iter().map(|&(_, a)| a).collect(),
            target,
        });
    }

    fn distinct(&mut self, cells: &[Pos]) {
        let n = self.n;
        let cs: Vec<u16> = cells.iter().map(|&p| cell(p, n)).collect();
        if cs.len() == n {
            self.extra_houses.push(cs);
        } else {
            for (i, &a) in cs.iter().enumerate() {
                for &b in &cs[i + 1..] {
                    self.extra_peers.push((a, b));
                }
            }
        }
    }

    fn add(&mut self, layout: &Layout, rules: &[Rule], rule: &Rule) {
        let n = self.n;
        match rule {
            Rule::Difference { cells, value } => {
                let v = value.unwrap_or(1);
                self.pair(cells[0], cells[1], move |a, b| a.abs_diff(b) == v);
            }
            Rule::Ratio { cells, value } => {
                let v = value.unwrap_or(2);
                self.pair(cells[0], cells[1], move |a, b| a == b * v || b == a * v);
            }
            Rule::Xv { cells, sum } => {
                let s = *sum;
                self.pair(cells[0], cells[1], move |a, b| a + b == s);
            }
            Rule::GreaterThan { cells } => self.pair(cells[0], cells[1], |a, b| a > b),
            Rule::Nonconsecutive => {
                for (p, q) in grid_pairs(n) {
                    self.pair(p, q, |a, b| a.abs_diff(b) != 1);
                }
            }
            Rule::Negative { marks } => {
                let values = negative_values(rules, *marks);
                let marked = marked_pairs(rules, *marks);
                for (p, q) in grid_pairs(n) {
                    if marked.contains(&(p, q)) {
                        continue;
                    }
                    let values = values.clone();
                    let marks = *marks;
                    self.pair(p, q, move |a, b| {
                        !values.iter().any(|&v| match marks {
                            Marks::Difference => a.abs_diff(b) == v,
                            Marks::Ratio => a == b * v || b == a * v,
                            Marks::Xv => a + b == v,
                        })
                    });
                }
            }
            Rule::Killer { cells, sum } => {
                self.distinct(cells);
                if let Some(s) = *sum {
                    if n <= 16 {
                        let sets = combinations(n, cells.len(), s);
                        let cells = cells.iter().map(|&p| cell(p, n)).collect();
                        self.constraints.push(Constraint::Sets { cells, sets });
                    } else {
                        let terms: Vec<(Pos, i64)> = cells.iter().map(|&p| (p, 1)).collect();
                        self.linear(layout, &terms, i64::from(s));
                    }
                }
            }
            Rule::LittleKiller { cells, sum } => {
                let terms: Vec<(Pos, i64)> = cells.iter().map(|&p| (p, 1)).collect();
                self.linear(layout, &terms, i64::from(*sum));
            }
            Rule::Sandwich { cells, sum } => match self.whole_line(layout, cells) {
                Some(cs) => {
                    let alts = sandwich_alternatives(n, *sum);
                    self.constraints.push(Constraint::Cover { cells: cs, alts });
                }
                None => self.clue(layout, cells, Clue::Sandwich(*sum)),
            },
            Rule::XSum { cells, sum } => match self.whole_line(layout, cells) {
                Some(cs) => {
                    let alts = x_sum_alternatives(n, *sum);
                    self.constraints.push(Constraint::Cover { cells: cs, alts });
                }
                None => self.clue(layout, cells, Clue::XSum(*sum)),
            },
            Rule::Skyscraper { cells, count } => {
                let full = self.whole_line(layout, cells).is_some();
                let cells = cells.iter().map(|&p| cell(p, n)).collect();
                self.constraints.push(Constraint::Skyscraper {
                    cells,
                    count: *count,
                    full,
                });
            }
            Rule::RegionSum { cells } => {
                let region = |p: Pos| layout.region_map()[p.index(n)];
                let mut runs: Vec<Vec<Pos>> = Vec::new();
                for (i, &p) in cells.iter().enumerate() {
                    if i == 0 || region(cells[i - 1]) != region(p) {
                        runs.push(Vec::new());
                    }
                    runs.last_mut().expect("a run was opened").push(p);
                }
                for w in runs.windows(2) {
                    let mut terms: Vec<(Pos, i64)> = w[0].iter().map(|&p| (p, 1)).collect();
                    terms.extend(w[1].iter().map(|&p| (p, -1)));
                    self.linear(layout, &terms, 0);
                }
            }
            Rule::Thermo { cells, slow } => {
                for w in cells.windows(2) {
                    if *slow {
                        self.pair(w[0], w[1], |a, b| a <= b);
                    } else {
                        self.pair(w[0], w[1], |a, b| a < b);
                    }
                }
            }
            Rule::Arrow { circle, cells } => {
                let mut terms: Vec<(Pos, i64)> = cells.iter().map(|&p| (p, 1)).collect();
                let mut place = 1;
                for &p in circle.iter().rev() {
                    terms.push((p, -place));
                    place *= 10;
                }
                self.linear(layout, &terms, 0);
            }
            Rule::Renban { cells } => {
                self.distinct(cells);
                let k = cells.len();
                let sets = (1..=(n + 1).saturating_sub(k))
                    .map(|lo| mask_range(lo as i64, (lo + k - 1) as i64, n))
                    .collect();
                let cells = cells.iter().map(|&p| cell(p, n)).collect();
                self.constraints.push(Constraint::Sets { cells, sets });
            }
            Rule::Whispers { cells, difference } => {
                let d = difference.unwrap_or(whispers_default(n));
                for w in cells.windows(2) {
                    self.pair(w[0], w[1], move |a, b| a.abs_diff(b) >= d);
                }
            }
            Rule::Palindrome { cells } => {
                let k = cells.len();
                for i in 0..k / 2 {
                    self.pair(cells[i], cells[k - 1 - i], |a, b| a == b);
                }
            }
            Rule::Between { cells } => {
                let k = cells.len();
                self.constraints.push(Constraint::Between {
                    ends: [cell(cells[0], n), cell(cells[k - 1], n)],
                    inner: cells[1..k - 1].iter().map(|&p| cell(p, n)).collect(),
                });
            }
            Rule::Entropic { cells } => {
                let third = (n / 3).max(1) as u32;
                for gap in 1..=2 {
                    for i in gap..cells.len() {
                        self.pair(cells[i - gap], cells[i], move |a, b| {
                            (a - 1) / third != (b - 1) / third
                        });
                    }
                }
            }
            Rule::Zipper { cells } => {
                let k = cells.len();
                self.constraints.push(Constraint::Zipper {
                    pairs: (0..k / 2)
                        .map(|i| [cell(cells[i], n), cell(cells[k - 1 - i], n)])
                        .collect(),
                    centre: (k % 2 == 1).then(|| cell(cells[k / 2], n)),
                });
            }
            Rule::Odd { cells } | Rule::Even { cells } => {
                let want = u32::from(matches!(rule, Rule::Odd { .. }));
                let mask = (1..=n as u32)
                    .filter(|d| d % 2 == want)
                    .fold(0u64, |m, d| m | 1 << (d - 1));
                for &p in cells {
                    self.unary[p.index(n)] &= mask;
                }
            }
            Rule::Minimum { cells } | Rule::Maximum { cells } => {
                let max = matches!(rule, Rule::Maximum { .. });
                for &p in cells {
                    // Neighbours in the same set are not compared (see `Rule::Maximum`).
                    for q in orthogonal_neighbours(p, n).filter(|q| !cells.contains(q)) {
                        self.pair(p, q, move |a, b| if max { a > b } else { a < b });
                    }
                }
            }
            Rule::Quadruple { cells, digits } => {
                self.clue(layout, cells, Clue::Quadruple(digits.clone()))
            }
            Rule::Clone { cells, clone } => {
                for (&p, &q) in cells.iter().zip(clone) {
                    self.pair(p, q, |a, b| a == b);
                }
            }
            Rule::ExtraRegion { cells } => self.distinct(cells),
            Rule::DisjointGroups => {
                let regions: Vec<Vec<Pos>> = (0..n).map(|g| region_cells(layout, g)).collect();
                for k in 0..n {
                    let group: Vec<Pos> =
                        regions.iter().filter_map(|r| r.get(k).copied()).collect();
                    self.distinct(&group);
                }
            }
            Rule::RowIndexer { cells } => {
                for &p in cells {
                    let want = p.row as u32 + 1;
                    for i in 0..n {
                        let d = i as u32 + 1;
                        self.pair(p, Pos::new(i, p.col), move |a, b| a != d || b == want);
                    }
                }
            }
            Rule::ColumnIndexer { cells } => {
                for &p in cells {
                    let want = p.col as u32 + 1;
                    for i in 0..n {
                        let d = i as u32 + 1;
                        self.pair(p, Pos::new(p.row, i), move |a, b| a != d || b == want);
                    }
                }
            }
            Rule::BoxIndexer { cells } => {
                for &p in cells {
                    let region = region_cells(layout, layout.region_map()[p.index(n)].into());
                    let want = region.iter().position(|&q| q == p).unwrap_or(0) as u32 + 1;
                    for (i, &q) in region.iter().enumerate() {
                        let d = i as u32 + 1;
                        self.pair(p, q, move |a, b| a != d || b == want);
                    }
                }
            }
        }
    }

    /// The cells, when they are `n` cells that all differ (a whole row, column or house).
    fn whole_line(&self, layout: &Layout, cells: &[Pos]) -> Option<Vec<u16>> {
        let cs: Vec<u16> = cells.iter().map(|&p| cell(p, self.n)).collect();
        (cs.len() == self.n && all_differ(&earlier_peers(layout, &cs))).then_some(cs)
    }

    fn clue(&mut self, layout: &Layout, cells: &[Pos], clue: Clue) {
        let n = self.n;
        let cs: Vec<u16> = cells.iter().map(|&p| cell(p, n)).collect();
        let earlier_peers = earlier_peers(layout, &cs);
        self.constraints.push(Constraint::Clue {
            cells: cs,
            clue,
            earlier_peers,
        });
    }

    /// Filters constraint `k` on `dom`, pushing `(cell, digits to keep)` to `out`; `false`
    /// when the constraint cannot be met.
    pub fn filter(&self, k: usize, dom: &[Domain], out: &mut Vec<(u16, Domain)>) -> bool {
        match &self.constraints[k] {
            Constraint::Pair { a, b, rel } => {
                let rel = &self.relations[*rel as usize];
                let (da, db) = (dom[*a as usize], dom[*b as usize]);
                let sb = crate::filter::bits(da).fold(0, |m, v| m | rel.fwd[v]);
                let sa = crate::filter::bits(db).fold(0, |m, w| m | rel.bwd[w]);
                out.push((*b, sb));
                out.push((*a, sa));
                sa & da != 0 && sb & db != 0
            }
            Constraint::Linear {
                cells,
                coefs,
                target,
                earlier_peers,
            } => {
                let start = out.len();
                if !linear(self.n, cells, coefs, *target, dom, out) {
                    return false;
                }
                let mut d: Vec<Domain> = cells.iter().map(|&c| dom[c as usize]).collect();
                for (x, &(_, m)) in d.iter_mut().zip(&out[start..]) {
                    *x &= m;
                }
                out.truncate(start);
                // Every digit on a path of reachable partial sums (digits not kept apart).
                if let Some(kept) = reachable_sums(coefs, *target, &d) {
                    d = kept;
                }
                out.extend(cells.iter().copied().zip(d.iter().copied()));
                if d.contains(&0) {
                    return false;
                }
                // Few enough assignments left: keep only digits of exact sums of digits that
                // differ where the cells are peers.
                let assignments = d.iter().try_fold(1u64, |p, &m| {
                    p.checked_mul(u64::from(m.count_ones()))
                        .filter(|&p| p <= LINEAR_EXACT)
                });
                if assignments.is_none() {
                    return true;
                }
                let clue = Clue::Sum(coefs.clone(), *target);
                clue_search(self.n, cells, &clue, earlier_peers, &d, out)
            }
            Constraint::Sets { cells, sets } => {
                let mut allowed = [0u64; 64];
                let mut any = false;
                for &m in sets {
                    let mut union = 0;
                    let ok = cells.iter().all(|&c| {
                        let x = dom[c as usize] & m;
                        union |= x;
                        x != 0
                    });
                    if ok && union == m {
                        any = true;
                        for (i, &c) in cells.iter().enumerate() {
                            allowed[i] |= dom[c as usize] & m;
                        }
                    }
                }
                out.extend(cells.iter().zip(allowed).map(|(&c, a)| (c, a)));
                any
            }
            Constraint::Between { ends, inner } => {
                let (da, db) = (dom[ends[0] as usize], dom[ends[1] as usize]);
                let (mut sa, mut sb, mut si) = (0u64, 0u64, 0u64);
                for va in crate::filter::bits(da) {
                    for vb in crate::filter::bits(db) {
                        let (lo, hi) = (va.min(vb) as i64 + 1, va.max(vb) as i64 + 1);
                        let strictly = mask_range(lo + 1, hi - 1, self.n);
                        if inner.iter().all(|&c| dom[c as usize] & strictly != 0) {
                            sa |= 1 << va;
                            sb |= 1 << vb;
                            si |= strictly;
                        }
                    }
                }
                out.push((ends[0], sa));
                out.push((ends[1], sb));
                out.extend(inner.iter().map(|&c| (c, si)));
                sa != 0
            }
            Constraint::Cover { cells, alts } => cover(cells, alts, dom, out),
            Constraint::Zipper { pairs, centre } => zipper(self.n, pairs, *centre, dom, out),
            Constraint::Skyscraper { cells, count, full } => {
                skyscraper(self.n, cells, *count, *full, dom, out)
            }
            Constraint::Clue {
                cells,
                clue,
                earlier_peers,
            } => {
                let d: Vec<Domain> = cells.iter().map(|&c| dom[c as usize]).collect();
                clue_search(self.n, cells, clue, earlier_peers, &d, out)
            }
        }
    }
}

impl Constraint {
    fn scope(&self) -> Vec<u16> {
        match self {
            Constraint::Pair { a, b, .. } => vec![*a, *b],
            Constraint::Zipper { pairs, centre } => {
                pairs.iter().flatten().chain(centre).copied().collect()
            }
            Constraint::Between { ends, inner } => ends.iter().chain(inner).copied().collect(),
            Constraint::Linear { cells, .. }
            | Constraint::Sets { cells, .. }
            | Constraint::Cover { cells, .. }
            | Constraint::Skyscraper { cells, .. }
            | Constraint::Clue { cells, .. } => cells.clone(),
        }
    }
}

/// Per position of `cells`, the earlier positions that are its peers (as a bit set; cells
/// past the 64th get none, which only weakens the search's pruning).
fn earlier_peers(layout: &Layout, cells: &[u16]) -> Vec<u64> {
    cells
        .iter()
        .enumerate()
        .map(|(j, &b)| {
            (0..j.min(64))
                .filter(|&i| layout.peers(Cell(cells[i])).contains(&Cell(b)))
                .fold(0u64, |m, i| m | 1 << i)
        })
        .collect()
}

/// Every orthogonally adjacent pair of an `n`×`n` grid, once each.
fn grid_pairs(n: usize) -> Vec<(Pos, Pos)> {
    let mut out = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let p = Pos::new(r, c);
            out.extend(
                orthogonal_neighbours(p, n)
                    .filter(|&q| q > p)
                    .map(|q| (p, q)),
            );
        }
    }
    out
}

/// The unordered pairs the rules of kind `marks` mark, as `(smaller, larger)`.
fn marked_pairs(rules: &[Rule], marks: Marks) -> Vec<(Pos, Pos)> {
    rules
        .iter()
        .filter_map(|r| match (marks, r) {
            (Marks::Difference, Rule::Difference { cells, .. })
            | (Marks::Ratio, Rule::Ratio { cells, .. })
            | (Marks::Xv, Rule::Xv { cells, .. }) => {
                Some((cells[0].min(cells[1]), cells[0].max(cells[1])))
            }
            _ => None,
        })
        .collect()
}

fn region_cells(layout: &Layout, g: usize) -> Vec<Pos> {
    let n = layout.size();
    (0..n * n)
        .filter(|&i| usize::from(layout.region_map()[i]) == g)
        .map(|i| Pos::from_index(i, n))
        .collect()
}

/// The sets of `k` distinct digits of `1..=n` that sum to `sum`.
fn combinations(n: usize, k: usize, sum: u32) -> Vec<Domain> {
    let mut out = Vec::new();
    fn go(next: u32, n: u32, left: usize, sum: u32, mask: Domain, out: &mut Vec<Domain>) {
        if left == 0 {
            if sum == 0 {
                out.push(mask);
            }
            return;
        }
        for d in next..=n {
            if d > sum {
                break;
            }
            go(d + 1, n, left - 1, sum - d, mask | 1 << (d - 1), out);
        }
    }
    go(1, n as u32, k, sum, 0, &mut out);
    out
}

/// Bound reasoning on `Σ coefs[i] · xᵢ = target`.
fn linear(
    n: usize,
    cells: &[u16],
    coefs: &[i64],
    target: i64,
    dom: &[Domain],
    out: &mut Vec<(u16, Domain)>,
) -> bool {
    let term = |i: usize| {
        let d = dom[cells[i] as usize];
        let (lo, hi) = (
            i64::from(d.trailing_zeros()) + 1,
            64 - i64::from(d.leading_zeros()),
        );
        let a = coefs[i];
        if a >= 0 {
            (a * lo, a * hi)
        } else {
            (a * hi, a * lo)
        }
    };
    let (mut min, mut max) = (0, 0);
    for i in 0..cells.len() {
        let (lo, hi) = term(i);
        min += lo;
        max += hi;
    }
    if target < min || target > max {
        return false;
    }
    for i in 0..cells.len() {
        let (lo, hi) = term(i);
        // a·x must lie in [target - (max - hi), target - (min - lo)].
        let (l, h) = (target - (max - hi), target - (min - lo));
        let a = coefs[i];
        let (xl, xh) = if a > 0 {
            (ceil_div(l, a), h.div_euclid(a))
        } else {
            (ceil_div(h, a), l.div_euclid(a))
        };
        out.push((cells[i], mask_range(xl, xh, n)));
    }
    true
}

fn ceil_div(a: i64, b: i64) -> i64 {
    -((-a).div_euclid(b))
}

/// Per term of `Σ coefs[i] · xᵢ = target` over the digit sets `d`, the digits that lie on
/// some path of partial sums reaching `target` (forward and backward reachability over
/// 128-bit sets of partial sums, offset by their least value); `None` when the sums span
/// 128 or more values (the caller keeps its bounds).
fn reachable_sums(coefs: &[i64], target: i64, d: &[Domain]) -> Option<Vec<Domain>> {
    let term = |a: i64, v: usize| a * (v as i64 + 1);
    let (mut low, mut span) = (0i64, 0i64);
    let mut lows = Vec::with_capacity(d.len());
    for (&a, &m) in coefs.iter().zip(d) {
        if m == 0 {
            return None;
        }
        let (lo, hi) = crate::filter::bits(m)
            .map(|v| term(a, v))
            .fold((i64::MAX, i64::MIN), |(l, h), x| (l.min(x), h.max(x)));
        lows.push(lo);
        low += lo;
        span += hi - lo;
    }
    if span >= 128 {
        return None;
    }
    let goal = target - low;
    if !(0..=span).contains(&goal) {
        return Some(vec![0; d.len()]);
    }
    // fwd[i]: offsets reachable by the first i terms; bwd[i]: offsets after i terms from
    // which the rest can reach the goal.
    let k = d.len();
    let mut fwd = vec![0u128; k + 1];
    fwd[0] = 1;
    for i in 0..k {
        for v in crate::filter::bits(d[i]) {
            fwd[i + 1] |= fwd[i] << (term(coefs[i], v) - lows[i]);
        }
    }
    let mut bwd = vec![0u128; k + 1];
    bwd[k] = 1 << goal;
    let mut kept = vec![0; k];
    for i in (0..k).rev() {
        for v in crate::filter::bits(d[i]) {
            let step = bwd[i + 1] >> (term(coefs[i], v) - lows[i]);
            bwd[i] |= step;
            if step & fwd[i] != 0 {
                kept[i] |= 1 << v;
            }
        }
    }
    Some(kept)
}

/// Bounded search over a clue's cells (`doms`: their digit sets, by position): keeps the digits that appear in some assignment the
/// clue accepts (cells that are peers differ); gives up (keeps everything) after
/// [`SEARCH_NODES`] nodes.
fn clue_search(
    n: usize,
    cells: &[u16],
    clue: &Clue,
    earlier_peers: &[u64],
    doms: &[Domain],
    out: &mut Vec<(u16, Domain)>,
) -> bool {
    struct S<'a> {
        n: usize,
        doms: Vec<Domain>,
        clue: &'a Clue,
        earlier_peers: &'a [u64],
        digits: Vec<u32>,
        support: Vec<Domain>,
        nodes: u32,
        /// For a sum: the least and greatest sum of the terms from each position on.
        rest: Vec<(i64, i64)>,
    }
    /// `false` when the node budget ran out; `partial` is a sum's value so far.
    fn go(s: &mut S<'_>, i: usize, partial: i64) -> bool {
        if i == s.doms.len() {
            if accepts(s.clue, &s.digits, s.n) {
                for (j, &d) in s.digits.iter().enumerate() {
                    s.support[j] |= 1 << (d - 1);
                }
            }
            return true;
        }
        let taken =
            crate::filter::bits(s.earlier_peers[i]).fold(0u64, |m, j| m | 1 << (s.digits[j] - 1));
        for v in crate::filter::bits(s.doms[i] & !taken) {
            s.nodes += 1;
            if s.nodes > SEARCH_NODES {
                return false;
            }
            s.digits[i] = v as u32 + 1;
            let mut sum = partial;
            if let Clue::Sum(coefs, target) = s.clue {
                // Prune a sum that the remaining terms can no longer make.
                sum += coefs[i] * (v as i64 + 1);
                let (lo, hi) = s.rest[i + 1];
                if !(lo..=hi).contains(&(target - sum)) {
                    continue;
                }
            } else if !prefix_ok(s.clue, &s.digits[..=i], s.doms.len()) {
                continue;
            }
            if !go(s, i + 1, sum) {
                return false;
            }
        }
        true
    }
    let doms = doms.to_vec();
    // Too many assignments to look at: filter nothing rather than start a search that will
    // give up.
    let mut estimate = 1u64;
    for d in &doms {
        estimate = estimate.saturating_mul(u64::from(d.count_ones()));
    }
    if estimate > u64::from(SEARCH_NODES) * 8 {
        return true;
    }
    let mut rest = vec![(0, 0); doms.len() + 1];
    if let Clue::Sum(coefs, _) = clue {
        for i in (0..doms.len()).rev() {
            let (lo, hi) = crate::filter::bits(doms[i])
                .map(|v| coefs[i] * (v as i64 + 1))
                .fold((i64::MAX, i64::MIN), |(l, h), x| (l.min(x), h.max(x)));
            rest[i] = (rest[i + 1].0 + lo, rest[i + 1].1 + hi);
        }
    }
    let mut s = S {
        n,
        rest,
        support: vec![0; doms.len()],
        digits: vec![0; doms.len()],
        doms,
        clue,
        earlier_peers,
        nodes: 0,
    };
    if !go(&mut s, 0, 0) {
        return true;
    }
    out.extend(cells.iter().copied().zip(s.support.iter().copied()));
    s.support.iter().all(|&m| m != 0)
}

/// Whether every position is a peer of every earlier one.
fn all_differ(earlier_peers: &[u64]) -> bool {
    earlier_peers
        .iter()
        .enumerate()
        .all(|(j, &m)| m == (1u64 << j) - 1)
}

/// The alternatives of a sandwich clue on `n` different digits: for each placement of 1 and
/// `n` (positions `p < q`, either way round) and each set of `q - p - 1` digits of `2..n-1`
/// that makes `sum`, the groups `{p}`, `{q}`, the cells between (that set) and the cells
/// outside (the other middle digits).
fn sandwich_alternatives(n: usize, sum: u32) -> Vec<Vec<(u64, Domain)>> {
    let (one, top) = (1u64, 1u64 << (n - 1));
    let mid = mask_range(2, n as i64 - 1, n);
    let by_len: Vec<Vec<Domain>> = (0..n - 1)
        .map(|m| {
            combinations(n, m, sum)
                .into_iter()
                .filter(|&c| c & !mid == 0)
                .collect()
        })
        .collect();
    let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let mut alts = Vec::new();
    for p in 0..n {
        for q in p + 1..n {
            let inner = mask_range(p as i64 + 2, q as i64, n);
            for &combo in &by_len[q - p - 1] {
                for (a, b) in [(one, top), (top, one)] {
                    alts.push(vec![
                        (1 << p, a),
                        (1 << q, b),
                        (inner, combo),
                        (all & !inner & !(1 << p) & !(1 << q), mid & !combo),
                    ]);
                }
            }
        }
    }
    alts
}

/// The alternatives of an X-sum clue on `n` different digits: for each value `x` of the first
/// cell and each set of `x` digits holding `x` that makes `sum`, the groups: the first cell
/// (`x`), the next `x - 1` cells (the rest of the set) and the others (the other digits).
fn x_sum_alternatives(n: usize, sum: u32) -> Vec<Vec<(u64, Domain)>> {
    let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let mut alts = Vec::new();
    for x in 1..=n {
        let x_bit = 1u64 << (x - 1);
        let head = mask_range(2, x as i64, n);
        for combo in combinations(n, x, sum) {
            if combo & x_bit != 0 {
                alts.push(vec![
                    (1, x_bit),
                    (head, combo & !x_bit),
                    (all & !head & !1, all & !combo),
                ]);
            }
        }
    }
    alts
}

/// Filters a zipper line: a total stays when every pair has two digits that make it (and
/// the centre, if any, can be it); each cell keeps its digits that make a total that stays.
fn zipper(
    n: usize,
    pairs: &[[u16; 2]],
    centre: Option<u16>,
    dom: &[Domain],
    out: &mut Vec<(u16, Domain)>,
) -> bool {
    let mut support = vec![[0u64; 2]; pairs.len()];
    // The totals that stay, as digit bits (only read with a centre, where they are digits).
    let (mut any, mut totals) = (false, 0u64);
    let (lo, hi) = match centre {
        Some(_) => (1, n),
        None => (2, 2 * n),
    };
    'total: for t in lo..=hi {
        if let Some(c) = centre
            && dom[c as usize] >> (t - 1) & 1 == 0
        {
            continue;
        }
        let mut here = vec![[0u64; 2]; pairs.len()];
        for (h, &[p, q]) in here.iter_mut().zip(pairs) {
            for v in crate::filter::bits(dom[p as usize]) {
                let w = t as i64 - v as i64 - 2;
                if (0..n as i64).contains(&w) && dom[q as usize] >> w & 1 == 1 {
                    h[0] |= 1 << v;
                    h[1] |= 1 << w;
                }
            }
            if h[0] == 0 {
                continue 'total;
            }
        }
        any = true;
        if centre.is_some() {
            totals |= 1 << (t - 1);
        }
        for (s, h) in support.iter_mut().zip(&here) {
            s[0] |= h[0];
            s[1] |= h[1];
        }
    }
    for (&[p, q], s) in pairs.iter().zip(&support) {
        out.push((p, s[0]));
        out.push((q, s[1]));
    }
    if let Some(c) = centre {
        out.push((c, totals));
    }
    any
}

/// Filters a [`Constraint::Cover`]: an alternative stays when in each group every cell can
/// take a digit of the group's mask and the cells together can cover the mask (as many cells
/// as digits); a cell keeps the digits its group allows in the alternatives that stay. Exact
/// once the cells are fixed (they differ, so covering the mask is holding it).
fn cover(
    cells: &[u16],
    alts: &[Vec<(u64, Domain)>],
    dom: &[Domain],
    out: &mut Vec<(u16, Domain)>,
) -> bool {
    let d: Vec<Domain> = cells.iter().map(|&c| dom[c as usize]).collect();
    let mut support = vec![0u64; d.len()];
    for alt in alts {
        let fits = alt.iter().all(|&(at, mask)| {
            let mut union = 0;
            crate::filter::bits(at).all(|i| {
                let x = d[i] & mask;
                union |= x;
                x != 0
            }) && union == mask
        });
        if fits {
            for &(at, mask) in alt {
                for i in crate::filter::bits(at) {
                    support[i] |= d[i] & mask;
                }
            }
        }
    }
    out.extend(cells.iter().copied().zip(support.iter().copied()));
    support.iter().all(|&m| m != 0)
}

/// Filters a skyscraper clue by dynamic programming over the cells, the state being the
/// highest digit so far and how many were seen (digits are not kept apart: the houses do
/// that): a digit stays when some path through it reaches `count` seen at the end (with the
/// highest digit `n` when the cells are a whole line). Exact once the cells are fixed.
fn skyscraper(
    n: usize,
    cells: &[u16],
    count: u32,
    full: bool,
    dom: &[Domain],
    out: &mut Vec<(u16, Domain)>,
) -> bool {
    let k = cells.len();
    let c = count as usize;
    // fwd[i][s]: the highest digits (bit h for highest h, 0 = none yet) possible after i
    // cells with s seen; bwd[i][s]: those from which the rest can end well.
    let mut fwd = vec![vec![0u128; c + 1]; k + 1];
    let mut bwd = vec![vec![0u128; c + 1]; k + 1];
    fwd[0][0] = 1;
    for (i, &cell) in cells.iter().enumerate() {
        for s in 0..=c {
            for h in bits128(fwd[i][s]) {
                for v in crate::filter::bits(dom[cell as usize]) {
                    let v = v + 1;
                    if v > h {
                        if s < c {
                            fwd[i + 1][s + 1] |= 1 << v;
                        }
                    } else {
                        fwd[i + 1][s] |= 1 << h;
                    }
                }
            }
        }
    }
    bwd[k][c] = if full { 1 << n } else { !0 };
    let mut support = vec![0u64; k];
    for i in (0..k).rev() {
        let d = dom[cells[i] as usize];
        for s in 0..=c {
            for h in bits128(fwd[i][s]) {
                for v in crate::filter::bits(d) {
                    let w = v + 1;
                    let ok = if w > h {
                        s < c && bwd[i + 1][s + 1] >> w & 1 == 1
                    } else {
                        bwd[i + 1][s] >> h & 1 == 1
                    };
                    if ok {
                        bwd[i][s] |= 1 << h;
                        support[i] |= 1 << v;
                    }
                }
            }
        }
    }
    out.extend(cells.iter().copied().zip(support.iter().copied()));
    support.iter().all(|&m| m != 0)
}

/// The positions of the set bits of a 128-bit mask, lowest first.
fn bits128(mut m: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            i
        })
    })
}

/// The listed digits a prefix does not hold yet (each cell covers one listed copy).
fn missing(digits: &[u32], prefix: &[u32]) -> usize {
    let mut left = digits.to_vec();
    for x in prefix {
        if let Some(i) = left.iter().position(|d| d == x) {
            left.swap_remove(i);
        }
    }
    left.len()
}

/// Whether a prefix of a row can still meet the clue (a quick necessary test).
fn prefix_ok(clue: &Clue, prefix: &[u32], len: usize) -> bool {
    match clue {
        Clue::Quadruple(digits) => missing(digits, prefix) <= len - prefix.len(),
        Clue::Sum(..) => true,
        Clue::XSum(sum) => {
            let x = (prefix[0] as usize).min(len);
            let upto = prefix.len().min(x);
            let got: u32 = prefix[..upto].iter().sum();
            got <= *sum && (prefix.len() < x || got == *sum)
        }
        Clue::Sandwich(sum) => {
            // Once the first of 1 and N is placed, the digits after it up to the other
            // one may not pass the sum.
            let top = len as u32;
            match prefix.iter().position(|&x| x == 1 || x == top) {
                None => true,
                Some(a) => {
                    let other = if prefix[a] == 1 { top } else { 1 };
                    let rest = &prefix[a + 1..];
                    let end = rest.iter().position(|&x| x == other);
                    let inner: u32 = rest[..end.unwrap_or(rest.len())].iter().sum();
                    match end {
                        Some(_) => inner == *sum,
                        None => inner <= *sum,
                    }
                }
            }
        }
    }
}

/// Whether a complete row meets the clue.
fn accepts(clue: &Clue, d: &[u32], n: usize) -> bool {
    match clue {
        Clue::Quadruple(digits) => missing(digits, d) == 0,
        Clue::Sum(coefs, target) => {
            coefs
                .iter()
                .zip(d)
                .map(|(&a, &x)| a * i64::from(x))
                .sum::<i64>()
                == *target
        }
        Clue::XSum(_) => prefix_ok(clue, d, d.len()),
        Clue::Sandwich(sum) => {
            let one = d.iter().position(|&x| x == 1);
            let top = d.iter().position(|&x| x as usize == n);
            match (one, top) {
                (Some(a), Some(b)) => d[a.min(b) + 1..a.max(b)].iter().sum::<u32>() == *sum,
                _ => false,
            }
        }
    }
}
