//! The CNF of every variant rule ([`sudokit_core::rules`]), on top of the grid's encoding.
//!
//! Design decision: each rule kind maps to the cheapest gadget ([`crate::gadgets`]) that
//! propagates well. Digit-pair rules (kropki, XV, greater-than, non-consecutive, whispers,
//! thermometers, minimum/maximum, entropic, the negative constraint) are binary clauses
//! forbidding each rejected pair of candidates; equality (palindrome, clone) is 2N
//! implications; a killer cage selects one of its digit combinations (one selector per
//! combination, the strongest and for 9×9 cages small encoding), falling back to a sum
//! automaton when a cage has too many combinations; renban selects one window of
//! consecutive digits; a between line fixes its direction with one auxiliary variable;
//! lines read in order (little killer, skyscraper, arrow, zipper, region-sum) are automata;
//! a sandwich or X-sum on a whole row or column (distinct digits) lists its alternatives
//! (where the 1 and N sit and which digits lie between them; X and the set of the first X
//! digits) and selects one — the automaton, which cannot know the digits differ, propagated
//! so little that Tiny Scar took 27 times more conflicts — and an automaton otherwise; extra regions and disjoint groups are "at most one" per
//! digit; indexers are implications. The encoding only ever states necessary conditions of
//! the rule's definition plus auxiliary variables that the cell digits determine, so the
//! models' cell digits are exactly the grids the rules allow: counting by blocking clauses on
//! cell variables stays exact. Every model is still checked by the independent verifier.

use crate::gadgets::{Builder, Term};
use std::ops::Not;
use sudokit_core::rules::{Marks, marked, negative_values, orthogonal_pairs, whispers_default};
use sudokit_core::{Cell, Layout, Pos, Rule};

/// Killer cages with more digit combinations than this use the sum automaton instead.
const MAX_COMBINATIONS: usize = 2000;

/// Adds the clauses of every rule of `layout`, then the house sums its killer cages imply.
pub fn encode_rules(layout: &Layout, b: &mut Builder<'_>) {
    for rule in layout.rules() {
        encode_rule(layout, rule, b);
    }
    for (cells, sum) in implied_sums(layout, layout.rules()) {
        sum_is(b, &cells, sum);
    }
}

/// The digits of `cells` (repeats allowed) sum to `sum`.
fn sum_is(b: &mut Builder<'_>, cells: &[Pos], sum: u32) {
    b.automaton(
        cells,
        0u32,
        |_, &v, d| (v + d <= sum).then_some(v + d),
        |&v| v == sum,
    )
}

/// Largest set of innie or outie cells whose implied sum is added as a clause gadget.
pub const MAX_HOUSE_SUM_CELLS: usize = 5;

/// The "45 rule" of killer solvers, as redundant constraints on the killer cages of `rules`
/// (on `layout`'s houses): every row, column and region,
/// and every run of consecutive rows or columns, sums to a known total; the killer cages
/// with sums inside such an area leave its other cells (the innies) a known sum, and when
/// cages with sums crossing its edge cover those, their cells outside (the outies) have a
/// known sum too. Each innie or outie set of at most [`MAX_HOUSE_SUM_CELLS`] cells is
/// returned with its sum (the encoding makes each a sum automaton). These sums follow from the houses and the cages, so no grid is lost; they
/// only let the solver see what a human sees at once (measured: killer uniqueness proofs
/// many times faster, docs/generate.md).
pub fn implied_sums(layout: &Layout, rules: &[Rule]) -> Vec<(Vec<Pos>, u32)> {
    let mut out = Vec::new();
    let n = layout.size();
    let cages: Vec<(Vec<usize>, u32)> = rules
        .iter()
        .filter_map(|r| match r {
            Rule::Killer {
                cells,
                sum: Some(s),
            } => Some((cells.iter().map(|p| p.index(n)).collect(), *s)),
            _ => None,
        })
        .collect();
    // Overlapping cages would count cells twice: then nothing is derived.
    let mut owner = vec![false; n * n];
    for (cells, _) in &cages {
        for &c in cells {
            if std::mem::replace(&mut owner[c], true) {
                return out;
            }
        }
    }
    if cages.is_empty() {
        return out;
    }
    let house = (n * (n + 1) / 2) as u32;
    let mut areas: Vec<(Vec<bool>, u32)> = Vec::new();
    for len in 1..n {
        for first in 0..=n - len {
            let rows = |i: usize| (first..first + len).contains(&(i / n));
            let cols = |i: usize| (first..first + len).contains(&(i % n));
            areas.push(((0..n * n).map(rows).collect(), house * len as u32));
            areas.push(((0..n * n).map(cols).collect(), house * len as u32));
        }
    }
    for g in 0..n {
        let inside = layout.region_map().iter().map(|&r| usize::from(r) == g);
        areas.push((inside.collect(), house));
    }
    let mut seen: Vec<Vec<usize>> = Vec::new();
    for (area, total) in areas {
        let mut covered = vec![false; n * n];
        let (mut sum_in, mut sum_cross) = (0u32, 0u32);
        let mut outside = Vec::new();
        for (cells, s) in &cages {
            let inn = cells.iter().filter(|&&c| area[c]).count();
            if inn == cells.len() {
                sum_in += s;
                cells.iter().for_each(|&c| covered[c] = true);
            } else if inn > 0 {
                sum_cross += s;
                outside.extend(cells.iter().copied().filter(|&c| !area[c]));
            }
        }
        let innies: Vec<usize> = (0..n * n).filter(|&c| area[c] && !covered[c]).collect();
        let mut implied = Vec::new();
        if (1..=MAX_HOUSE_SUM_CELLS).contains(&innies.len()) && sum_in < total {
            implied.push((innies.clone(), total - sum_in));
        }
        // Crossing cages covering every innie: their outside cells make up the difference.
        let crossing_cover = innies.iter().all(|&c| {
            cages
                .iter()
                .any(|(cells, _)| cells.contains(&c) && cells.iter().any(|&d| !area[d]))
        });
        if crossing_cover
            && (1..=MAX_HOUSE_SUM_CELLS).contains(&outside.len())
            && sum_in + sum_cross > total
        {
            implied.push((outside, sum_in + sum_cross - total));
        }
        for (mut cells, sum) in implied {
            cells.sort_unstable();
            if seen.contains(&cells) {
                continue;
            }
            let pos: Vec<Pos> = cells.iter().map(|&c| Pos::from_index(c, n)).collect();
            out.push((pos, sum));
            seen.push(cells);
        }
    }
    out
}

fn neighbours(p: Pos, n: usize) -> Vec<Pos> {
    let mut out = Vec::new();
    if p.row > 0 {
        out.push(Pos::new(p.row - 1, p.col));
    }
    if p.row + 1 < n {
        out.push(Pos::new(p.row + 1, p.col));
    }
    if p.col > 0 {
        out.push(Pos::new(p.row, p.col - 1));
    }
    if p.col + 1 < n {
        out.push(Pos::new(p.row, p.col + 1));
    }
    out
}

/// Every region's cells in reading order.
fn regions(layout: &Layout) -> Vec<Vec<Pos>> {
    let n = layout.size();
    let mut out = vec![Vec::new(); n];
    for (i, &g) in layout.region_map().iter().enumerate() {
        out[usize::from(g)].push(Pos::from_index(i, n));
    }
    out
}

/// Adds the clauses of one rule (`layout` gives the regions and the other rules).
pub fn encode_rule(layout: &Layout, rule: &Rule, b: &mut Builder<'_>) {
    let n = b.n;
    let n32 = n as u32;
    match rule {
        Rule::Difference { cells, value } => {
            let v = value.unwrap_or(1);
            b.relate(cells[0], cells[1], |x, y| x.abs_diff(y) == v);
        }
        Rule::Ratio { cells, value } => {
            let v = value.unwrap_or(2);
            b.relate(cells[0], cells[1], |x, y| x == y * v || y == x * v);
        }
        Rule::Xv { cells, sum } => b.relate(cells[0], cells[1], |x, y| x + y == *sum),
        Rule::GreaterThan { cells } => b.relate(cells[0], cells[1], |x, y| x > y),
        Rule::Nonconsecutive => {
            for (p, q) in orthogonal_pairs(n) {
                b.relate(p, q, |x, y| x.abs_diff(y) != 1);
            }
        }
        Rule::Negative { marks } => {
            let values = negative_values(layout.rules(), *marks);
            for (p, q) in orthogonal_pairs(n) {
                if marked(layout.rules(), *marks, p, q) {
                    continue;
                }
                b.relate(p, q, |x, y| {
                    !values.iter().any(|&v| match marks {
                        Marks::Difference => x.abs_diff(y) == v,
                        Marks::Ratio => x == y * v || y == x * v,
                        Marks::Xv => x + y == v,
                    })
                });
            }
        }
        Rule::Killer { cells, sum } => {
            b.distinct(cells);
            if let Some(s) = *sum {
                killer_sum(b, cells, s);
            }
        }
        Rule::LittleKiller { cells, sum } => {
            let s = *sum;
            b.automaton(
                cells,
                0u32,
                |_, &v, d| (v + d <= s).then_some(v + d),
                |&v| v == s,
            );
        }
        Rule::Sandwich { cells, sum } => sandwich(layout, b, cells, *sum),
        Rule::XSum { cells, sum } => x_sum(layout, b, cells, *sum),
        Rule::Skyscraper { cells, count } => {
            let want = *count;
            // State: (highest digit so far, digits seen).
            b.automaton(
                cells,
                (0u32, 0u32),
                |_, &(high, seen), d| {
                    if d > high {
                        (seen < want).then_some((d, seen + 1))
                    } else {
                        Some((high, seen))
                    }
                },
                |&(_, seen)| seen == want,
            );
        }
        Rule::RegionSum { cells } => region_sum(layout, b, cells),
        Rule::Thermo { cells, slow } => {
            let k = cells.len();
            for i in 0..k {
                for j in i + 1..k {
                    // Strict: the digit rises by at least 1 per step along the line.
                    let gap = if *slow { 0 } else { (j - i) as u32 };
                    b.relate(cells[i], cells[j], |x, y| y >= x + gap);
                }
                if !*slow {
                    // Room for the cells below and above it on the line.
                    let (below, above) = (i as u32, (k - 1 - i) as u32);
                    b.only(cells[i], |d| d > below && d + above <= n32);
                }
            }
        }
        Rule::Arrow { circle, cells } => arrow(b, circle, cells),
        Rule::Renban { cells } => renban(b, cells),
        Rule::Whispers { cells, difference } => {
            let least = difference.unwrap_or(whispers_default(n));
            for w in cells.windows(2) {
                b.relate(w[0], w[1], |x, y| x.abs_diff(y) >= least);
            }
        }
        Rule::Palindrome { cells } => {
            let k = cells.len();
            for i in 0..k / 2 {
                b.equal(cells[i], cells[k - 1 - i]);
            }
        }
        Rule::Between { cells } => between(b, cells),
        Rule::Entropic { cells } => {
            let third = n32 / 3;
            let class = |x: u32| (x - 1) / third;
            for i in 0..cells.len() {
                for j in i + 1..cells.len().min(i + 3) {
                    b.relate(cells[i], cells[j], |x, y| class(x) != class(y));
                }
            }
        }
        Rule::Zipper { cells } => zipper(b, cells),
        Rule::Odd { cells } => cells.iter().for_each(|&p| b.only(p, |d| d % 2 == 1)),
        Rule::Even { cells } => cells.iter().for_each(|&p| b.only(p, |d| d % 2 == 0)),
        Rule::Minimum { cells } | Rule::Maximum { cells } => {
            let max = matches!(rule, Rule::Maximum { .. });
            for &p in cells {
                // Neighbours in the same set are not compared (see `Rule::Maximum`).
                for q in neighbours(p, n).into_iter().filter(|q| !cells.contains(q)) {
                    b.relate(p, q, |x, y| if max { x > y } else { x < y });
                }
            }
        }
        Rule::Quadruple { cells, digits } => quadruple(b, cells, digits),
        Rule::Clone { cells, clone } => {
            for (&p, &q) in cells.iter().zip(clone) {
                b.equal(p, q);
            }
        }
        Rule::ExtraRegion { cells } => b.distinct(cells),
        Rule::DisjointGroups => {
            let regions = regions(layout);
            for k in 0..n {
                let group: Vec<Pos> = regions.iter().filter_map(|r| r.get(k).copied()).collect();
                b.distinct(&group);
            }
        }
        Rule::RowIndexer { cells } | Rule::ColumnIndexer { cells } | Rule::BoxIndexer { cells } => {
            let regions = regions(layout);
            for &p in cells {
                for d in b.cand(p) {
                    let (target, want) = match rule {
                        Rule::RowIndexer { .. } => (Pos::new(d as usize - 1, p.col), p.row + 1),
                        Rule::ColumnIndexer { .. } => (Pos::new(p.row, d as usize - 1), p.col + 1),
                        _ => {
                            let region = &regions[layout.region_map()[p.index(n)] as usize];
                            let k = region.iter().position(|&q| q == p).unwrap_or(0);
                            (region[d as usize - 1], k + 1)
                        }
                    };
                    let (x, y) = (b.is(p, d), b.is(target, want as u32));
                    b.clause(&[x.not(), y]);
                }
            }
        }
    }
}

/// Every set of `k` distinct digits of `pool` (ascending) summing to `sum`, as bit masks;
/// `None` once there are more than `cap`.
fn combinations(pool: &[u32], k: usize, sum: u32, cap: usize) -> Option<Vec<u64>> {
    fn go(pool: &[u32], k: usize, sum: u32, mask: u64, out: &mut Vec<u64>, cap: usize) -> bool {
        if k == 0 {
            if sum == 0 {
                out.push(mask);
            }
            return out.len() <= cap;
        }
        for (i, &d) in pool.iter().enumerate() {
            if d > sum {
                break;
            }
            if !go(
                &pool[i + 1..],
                k - 1,
                sum - d,
                mask | 1 << (d - 1),
                out,
                cap,
            ) {
                return false;
            }
        }
        true
    }
    let mut out = Vec::new();
    go(pool, k, sum, 0, &mut out, cap).then_some(out)
}

/// A killer cage's sum (its digits are already distinct): one selector per digit
/// combination — the selected one's digits all appear, no other digit does.
fn killer_sum(b: &mut Builder<'_>, cells: &[Pos], sum: u32) {
    let mut pool: Vec<u32> = cells.iter().flat_map(|&p| b.cand(p)).collect();
    pool.sort_unstable();
    pool.dedup();
    let Some(combos) = combinations(&pool, cells.len(), sum, MAX_COMBINATIONS) else {
        b.automaton(
            cells,
            0u32,
            |_, &v, d| (v + d <= sum).then_some(v + d),
            |&v| v == sum,
        );
        return;
    };
    let selectors: Vec<Term> = combos.iter().map(|_| b.fresh()).collect();
    b.clause(&selectors);
    b.at_most_one(&selectors);
    for (&mask, &sel) in combos.iter().zip(&selectors) {
        for &d in &pool {
            let inside = mask >> (d - 1) & 1 == 1;
            if inside {
                let mut some: Vec<Term> = vec![sel.not()];
                some.extend(cells.iter().map(|&p| b.is(p, d)));
                b.clause(&some);
            } else {
                for &p in cells {
                    let x = b.is(p, d);
                    b.clause(&[sel.not(), x.not()]);
                }
            }
        }
    }
    // A digit no combination holds is out; one that some hold needs one of them.
    for &p in cells {
        for d in b.cand(p) {
            let mut why: Vec<Term> = vec![b.is(p, d).not()];
            for (&mask, &sel) in combos.iter().zip(&selectors) {
                if mask >> (d - 1) & 1 == 1 {
                    why.push(sel);
                }
            }
            b.clause(&why);
        }
    }
}

/// Whether every two of `cells` are peers (their digits differ).
fn all_peers(layout: &Layout, cells: &[Pos]) -> bool {
    let n = layout.size();
    cells.iter().enumerate().all(|(i, &p)| {
        let peers = layout.peers(Cell(p.index(n) as u16));
        cells[..i]
            .iter()
            .all(|&q| peers.contains(&Cell(q.index(n) as u16)))
    })
}

/// The alternatives of a clue on distinct digits, as per-cell digit sets, when there are at
/// most [`MAX_COMBINATIONS`] of them.
type Alternatives = Option<Vec<Vec<u64>>>;

/// A sandwich. On distinct digits: one alternative per placement of the 1 and N and set of
/// digits between them (summing to `sum`); otherwise an automaton: before the first of 1
/// and N, inside (with the total so far), after the second.
fn sandwich(layout: &Layout, b: &mut Builder<'_>, cells: &[Pos], sum: u32) {
    if let Some(alts) = sandwich_alternatives(layout, cells, sum) {
        b.alternatives(cells, &alts);
        return;
    }
    #[derive(Clone, PartialEq, Eq, Hash)]
    enum S {
        Before,
        // After the first 1 or N: the other one (which ends it) and the total so far.
        Inside(u32, u32),
        After,
    }
    let n = b.n as u32;
    b.automaton(
        cells,
        S::Before,
        |_, s, d| match *s {
            S::Before if d == 1 => Some(S::Inside(n, 0)),
            S::Before if d == n => Some(S::Inside(1, 0)),
            S::Before => Some(S::Before),
            S::Inside(end, v) if d == end => (v == sum).then_some(S::After),
            // A repeat of the first crust digit counts as filling.
            S::Inside(end, v) => (v + d <= sum).then_some(S::Inside(end, v + d)),
            // The check reads the first 1 and the first N only.
            S::After => Some(S::After),
        },
        |s| *s == S::After,
    );
}

fn sandwich_alternatives(layout: &Layout, cells: &[Pos], sum: u32) -> Alternatives {
    let (n, k) = (layout.size(), cells.len());
    if k < 2 || !all_peers(layout, cells) {
        return None;
    }
    let all = (1u64 << n) - 1;
    let crust = 1u64 | 1 << (n - 1);
    let pool: Vec<u32> = (2..n as u32).collect();
    let mut out = Vec::new();
    for inner in 0..=k - 2 {
        for set in combinations(&pool, inner, sum, MAX_COMBINATIONS)? {
            for p in 0..k - inner - 1 {
                let q = p + inner + 1;
                let alt = (0..k)
                    .map(|i| match i {
                        _ if i == p || i == q => crust,
                        _ if i > p && i < q => set,
                        _ => all & !crust & !set,
                    })
                    .collect();
                out.push(alt);
            }
        }
        if out.len() > MAX_COMBINATIONS {
            return None;
        }
    }
    Some(out)
}

/// An X-sum: the first digit X says how many cells to add. On distinct digits: one
/// alternative per X and set of X digits (holding X) summing to `sum`; otherwise an
/// automaton whose state is (cells still to add, total so far), none before the first digit.
fn x_sum(layout: &Layout, b: &mut Builder<'_>, cells: &[Pos], sum: u32) {
    if let Some(alts) = x_sum_alternatives(layout, cells, sum) {
        b.alternatives(cells, &alts);
        return;
    }
    b.automaton(
        cells,
        None::<(u32, u32)>,
        |_, st, d| match *st {
            None => (d <= sum).then_some(Some((d - 1, d))),
            Some((0, v)) => Some(Some((0, v))),
            Some((left, v)) => (v + d <= sum).then_some(Some((left - 1, v + d))),
        },
        |st| *st == Some((0, sum)),
    );
}

fn x_sum_alternatives(layout: &Layout, cells: &[Pos], sum: u32) -> Alternatives {
    let (n, k) = (layout.size(), cells.len());
    if k == 0 || !all_peers(layout, cells) {
        return None;
    }
    let all = (1u64 << n) - 1;
    let mut out = Vec::new();
    for x in 1..=n as u32 {
        let read = (x as usize).min(k);
        if x > sum {
            break;
        }
        let pool: Vec<u32> = (1..=n as u32).filter(|&d| d != x).collect();
        for rest in combinations(&pool, read - 1, sum - x, MAX_COMBINATIONS)? {
            let set = rest | 1 << (x - 1);
            let alt = (0..k)
                .map(|i| match i {
                    0 => 1 << (x - 1),
                    _ if i < read => rest,
                    _ => all & !set,
                })
                .collect();
            out.push(alt);
        }
        if out.len() > MAX_COMBINATIONS {
            return None;
        }
    }
    Some(out)
}

/// A region-sum line: each run of cells in one region sums to the first run's total.
fn region_sum(layout: &Layout, b: &mut Builder<'_>, cells: &[Pos]) {
    let n = b.n;
    let map = layout.region_map();
    let ends: Vec<bool> = (0..cells.len())
        .map(|i| {
            cells
                .get(i + 1)
                .is_none_or(|q| map[q.index(n)] != map[cells[i].index(n)])
        })
        .collect();
    if ends.iter().filter(|&&e| e).count() < 2 {
        return;
    }
    // State: (the first run's total once known, this run's total so far).
    b.automaton(
        cells,
        (None::<u32>, 0u32),
        |t, &(first, run), d| {
            let run = run + d;
            match (ends[t], first) {
                (false, Some(f)) => (run < f).then_some((first, run)),
                (false, None) => Some((None, run)),
                (true, None) => Some((Some(run), 0)),
                (true, Some(f)) => (run == f).then_some((first, 0)),
            }
        },
        |_| true,
    );
}

/// An arrow: the circle's digits build the number, then the line's digits count it down to 0.
fn arrow(b: &mut Builder<'_>, circle: &[Pos], cells: &[Pos]) {
    let line_max = cells.len() as u64 * b.n as u64;
    let seq: Vec<Pos> = circle.iter().chain(cells).copied().collect();
    let c = circle.len();
    b.automaton(
        &seq,
        0u64,
        |t, &v, d| {
            let d = u64::from(d);
            if t < c {
                let number = v * 10 + d;
                // Even a number only partly read must not outgrow the line.
                let rest = 10u64.pow((c - 1 - t) as u32);
                (number * rest <= line_max).then_some(number)
            } else {
                (d <= v).then(|| v - d)
            }
        },
        |&v| v == 0,
    );
}

/// A renban line: distinct digits, all inside one selected window of consecutive digits.
fn renban(b: &mut Builder<'_>, cells: &[Pos]) {
    b.distinct(cells);
    let (n, k) = (b.n as u32, cells.len() as u32);
    if k > n {
        b.fail();
        return;
    }
    let windows: Vec<(u32, Term)> = (1..=n + 1 - k).map(|lo| (lo, b.fresh())).collect();
    let selectors: Vec<Term> = windows.iter().map(|w| w.1).collect();
    b.clause(&selectors);
    b.at_most_one(&selectors);
    for &p in cells {
        for d in b.cand(p) {
            let x = b.is(p, d);
            let mut why = vec![x.not()];
            for &(lo, sel) in &windows {
                if (lo..lo + k).contains(&d) {
                    why.push(sel);
                } else {
                    b.clause(&[sel.not(), x.not()]);
                }
            }
            b.clause(&why);
        }
    }
}

/// A between line: one auxiliary variable says whether the first end is the lower one.
fn between(b: &mut Builder<'_>, cells: &[Pos]) {
    let k = cells.len();
    if k < 3 {
        return;
    }
    let (first, last) = (cells[0], cells[k - 1]);
    let up = b.fresh();
    // up ⇒ first < last; ¬up ⇒ first > last.
    let order = |b: &mut Builder<'_>, lo: Pos, hi: Pos, when: Term| {
        for x in b.cand(lo) {
            for y in b.cand(hi) {
                if y <= x {
                    let (a, c) = (b.is(lo, x), b.is(hi, y));
                    b.clause(&[when.not(), a.not(), c.not()]);
                }
            }
        }
    };
    order(b, first, last, up);
    order(b, last, first, up.not());
    for &m in &cells[1..k - 1] {
        order(b, first, m, up);
        order(b, m, last, up);
        order(b, last, m, up.not());
        order(b, m, first, up.not());
    }
}

/// A zipper line: the centre (odd length) or the first pair fixes the total, every pair of
/// cells the same distance from the centre meets it. Read centre first, then pair by pair.
fn zipper(b: &mut Builder<'_>, cells: &[Pos]) {
    let k = cells.len();
    let odd = k % 2 == 1;
    let mut seq = Vec::with_capacity(k);
    if odd {
        seq.push(cells[k / 2]);
    }
    for i in (0..k / 2).rev() {
        seq.push(cells[i]);
        seq.push(cells[k - 1 - i]);
    }
    // State: (the total once known, the pair's first digit while waiting for the second).
    b.automaton(
        &seq,
        (None::<u32>, None::<u32>),
        |t, &(total, pending), d| {
            if odd && t == 0 {
                return Some((Some(d), None));
            }
            match (pending, total) {
                (None, Some(s)) => (d < s).then_some((total, Some(d))),
                (None, None) => Some((None, Some(d))),
                (Some(a), None) => Some((Some(a + d), None)),
                (Some(a), Some(s)) => (a + d == s).then_some((total, None)),
            }
        },
        |&(_, pending)| pending.is_none(),
    );
}

/// A quadruple: each listed digit appears in the cells at least as often as it is listed.
fn quadruple(b: &mut Builder<'_>, cells: &[Pos], digits: &[u32]) {
    let mut wanted: Vec<(u32, usize)> = Vec::new();
    for &d in digits {
        match wanted.iter_mut().find(|w| w.0 == d) {
            Some(w) => w.1 += 1,
            None => wanted.push((d, 1)),
        }
    }
    let k = cells.len();
    for (d, m) in wanted {
        if m > k {
            b.fail();
            return;
        }
        // At least m of k: every k − m + 1 cells hold d somewhere (for small k), else count.
        if k <= 8 {
            let size = k - m + 1;
            for mask in 0u32..1 << k {
                if mask.count_ones() as usize == size {
                    let some: Vec<Term> = (0..k)
                        .filter(|i| mask >> i & 1 == 1)
                        .map(|i| b.is(cells[i], d))
                        .collect();
                    b.clause(&some);
                }
            }
        } else {
            let m = m as u32;
            b.automaton(
                cells,
                0u32,
                |_, &c, x| Some((c + u32::from(x == d)).min(m)),
                |&c| c == m,
            );
        }
    }
}
