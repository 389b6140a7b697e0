//! Clause-building gadgets the rule encodings ([`crate::rules`]) are made of: literals that the
//! givens may have made constant, digit-pair relations, "at most one", and a layered automaton
//! over a line of cells.
//!
//! Design decision: every rule that reads a line in order (little killer, sandwich, X-sum,
//! skyscraper, arrow, zipper, region-sum line, long cages) is one deterministic automaton
//! unrolled over the line's cells — one variable per reachable, still-accepting state of each
//! layer, forward clauses `state ∧ digit → next state`, backward support clauses `state →
//! some predecessor` and `state → some digit leading into it`, and "exactly one state per
//! layer". States that cannot reach acceptance are pruned before any clause is written, and
//! a digit no live transition uses is excluded outright, so the encoding also narrows the
//! candidates. A rule then only states its automaton (start, step, accept), written from the
//! rule's wording, and never its clauses. Rules whose cells are known to differ (a clue on a
//! whole row) can instead list their few alternatives as per-cell digit sets
//! ([`Builder::alternatives`]): that view knows the digits are distinct, which the automaton
//! cannot, and propagates much further on sandwiches and X-sums.

use crate::encode::{Cnf, Lit};
use std::collections::HashMap;
use std::hash::Hash;
use std::ops::Not;
use sudokit_core::Pos;

/// A literal after the givens were applied: a variable, or a constant the givens decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    /// Always true.
    True,
    /// Always false.
    False,
    /// A literal of the CNF.
    Lit(Lit),
}

impl Not for Term {
    type Output = Term;
    /// The negation.
    fn not(self) -> Term {
        match self {
            Term::True => Term::False,
            Term::False => Term::True,
            Term::Lit(l) => Term::Lit(Lit {
                var: l.var,
                positive: !l.positive,
            }),
        }
    }
}

impl Term {
    fn var(v: u32) -> Term {
        Term::Lit(Lit {
            var: v,
            positive: true,
        })
    }
}

/// The CNF being built and the meaning of its (cell, digit) variables.
pub struct Builder<'a> {
    /// The CNF.
    pub cnf: &'a mut Cnf,
    /// Variable of (cell, digit − 1) at `cell * n + digit − 1`, `u32::MAX` where none.
    pub var_of: &'a [u32],
    /// Side N.
    pub n: usize,
    /// An activation literal: when set, every clause becomes "¬guard ∨ clause", so the rule
    /// holds only under the assumption `guard` (incremental solving, [`crate::session`]).
    pub guard: Option<Lit>,
}

impl Builder<'_> {
    /// "Cell `p` holds digit `d`" (a constant when the givens or their peers decided it).
    pub fn is(&self, p: Pos, d: u32) -> Term {
        if d == 0 || d as usize > self.n {
            return Term::False;
        }
        let c = p.index(self.n);
        match self.cnf.fixed[c] {
            0 => match self.var_of[c * self.n + d as usize - 1] {
                u32::MAX => Term::False,
                v => Term::var(v),
            },
            f => {
                if u32::from(f) == d {
                    Term::True
                } else {
                    Term::False
                }
            }
        }
    }

    /// The digits cell `p` may still hold.
    pub fn cand(&self, p: Pos) -> Vec<u32> {
        (1..=self.n as u32)
            .filter(|&d| self.is(p, d) != Term::False)
            .collect()
    }

    /// A fresh auxiliary variable, as a positive term.
    pub fn fresh(&mut self) -> Term {
        self.cnf.vars += 1;
        Term::var(self.cnf.vars - 1)
    }

    /// The clause "one of `terms`": dropped when a term is true, false terms left out, and an
    /// empty clause marks the CNF unsatisfiable.
    pub fn clause(&mut self, terms: &[Term]) {
        let mut lits = Vec::with_capacity(terms.len() + 1);
        if let Some(g) = self.guard {
            lits.push(Lit {
                var: g.var,
                positive: !g.positive,
            });
        }
        for &t in terms {
            match t {
                Term::True => return,
                Term::False => {}
                Term::Lit(l) => lits.push(l),
            }
        }
        if lits.is_empty() {
            self.cnf.trivially_unsat = true;
            return;
        }
        self.cnf.push(&lits);
    }

    /// No assignment satisfies the rule being encoded (under its guard, if any).
    pub fn fail(&mut self) {
        self.clause(&[]);
    }

    /// At most one of `terms` holds.
    pub fn at_most_one(&mut self, terms: &[Term]) {
        let trues = terms.iter().filter(|&&t| t == Term::True).count();
        if trues > 1 {
            self.fail();
            return;
        }
        if trues == 1 {
            for &t in terms {
                if t != Term::True {
                    self.clause(&[t.not()]);
                }
            }
            return;
        }
        // Open terms: positive ones go to the CNF's "at most one" (pairwise or a counter);
        // negative ones (rare) pairwise.
        let lits: Vec<Lit> = terms
            .iter()
            .filter_map(|t| match t {
                Term::Lit(l) => Some(*l),
                _ => None,
            })
            .collect();
        if self.guard.is_none() && lits.iter().all(|l| l.positive) {
            let vars: Vec<u32> = lits.iter().map(|l| l.var).collect();
            self.cnf.at_most_one(&vars);
        } else {
            for (i, &a) in lits.iter().enumerate() {
                for &b in &lits[i + 1..] {
                    self.clause(&[Term::Lit(a).not(), Term::Lit(b).not()]);
                }
            }
        }
    }

    /// The digits of `cells` do not repeat.
    pub fn distinct(&mut self, cells: &[Pos]) {
        for d in 1..=self.n as u32 {
            let terms: Vec<Term> = cells.iter().map(|&p| self.is(p, d)).collect();
            self.at_most_one(&terms);
        }
    }

    /// Cell `p` holds only digits `ok` accepts.
    pub fn only(&mut self, p: Pos, ok: impl Fn(u32) -> bool) {
        for d in self.cand(p) {
            if !ok(d) {
                let t = self.is(p, d).not();
                self.clause(&[t]);
            }
        }
    }

    /// Cells `p` and `q` hold digits `a`, `b` with `ok(a, b)`: one binary clause per pair
    /// of candidates it rejects.
    pub fn relate(&mut self, p: Pos, q: Pos, ok: impl Fn(u32, u32) -> bool) {
        let (cp, cq) = (self.cand(p), self.cand(q));
        for &a in &cp {
            for &b in &cq {
                if !ok(a, b) {
                    let (x, y) = (self.is(p, a).not(), self.is(q, b).not());
                    self.clause(&[x, y]);
                }
            }
        }
    }

    /// Cells `p` and `q` hold the same digit: 2N implications instead of N² pair clauses.
    pub fn equal(&mut self, p: Pos, q: Pos) {
        for d in 1..=self.n as u32 {
            let (x, y) = (self.is(p, d), self.is(q, d));
            self.clause(&[x.not(), y]);
            self.clause(&[y.not(), x]);
        }
    }

    /// Exactly one of `alternatives` holds on `cells`: each alternative gives, per cell, the
    /// digits it allows (bit `d − 1`). One selector per alternative; a selected alternative
    /// excludes the digits it does not allow, and a digit in a cell needs a selected
    /// alternative allowing it there (a support encoding: unit propagation narrows every cell
    /// to the union of the alternatives still open). Alternatives a cell's candidates already
    /// rule out are dropped before any clause is written.
    pub fn alternatives(&mut self, cells: &[Pos], alternatives: &[Vec<u64>]) {
        let cand: Vec<Vec<u32>> = cells.iter().map(|&p| self.cand(p)).collect();
        let open: Vec<&Vec<u64>> = alternatives
            .iter()
            .filter(|alt| {
                cand.iter()
                    .zip(alt.iter())
                    .all(|(c, &m)| c.iter().any(|&d| m >> (d - 1) & 1 == 1))
            })
            .collect();
        if open.is_empty() {
            self.fail();
            return;
        }
        let selectors: Vec<Term> = if open.len() == 1 {
            vec![Term::True]
        } else {
            open.iter().map(|_| self.fresh()).collect()
        };
        self.clause(&selectors);
        self.at_most_one(&selectors);
        for (i, &p) in cells.iter().enumerate() {
            for &d in &cand[i] {
                let x = self.is(p, d);
                let mut why = vec![x.not()];
                for (alt, &sel) in open.iter().zip(&selectors) {
                    if alt[i] >> (d - 1) & 1 == 1 {
                        why.push(sel);
                    } else {
                        self.clause(&[sel.not(), x.not()]);
                    }
                }
                self.clause(&why);
            }
        }
    }

    /// The deterministic automaton (`start`, `step`, `accept`) reads the digits of `cells` in
    /// order and accepts. `step(t, state, digit)` is the state after cell `t` holds `digit`,
    /// `None` when the digit kills the run. See the module docs for the clauses.
    pub fn automaton<S: Clone + Eq + Hash>(
        &mut self,
        cells: &[Pos],
        start: S,
        step: impl Fn(usize, &S, u32) -> Option<S>,
        accept: impl Fn(&S) -> bool,
    ) {
        let k = cells.len();
        // Forward: reachable states per layer and the transitions between them.
        let mut layers: Vec<Vec<S>> = vec![vec![start]];
        let mut edges: Vec<Vec<(usize, u32, usize)>> = Vec::with_capacity(k);
        for (t, &p) in cells.iter().enumerate() {
            let cand = self.cand(p);
            let mut next: Vec<S> = Vec::new();
            let mut index: HashMap<S, usize> = HashMap::new();
            let mut layer_edges = Vec::new();
            for (i, s) in layers[t].iter().enumerate() {
                for &d in &cand {
                    if let Some(s2) = step(t, s, d) {
                        let j = *index.entry(s2.clone()).or_insert_with(|| {
                            next.push(s2);
                            next.len() - 1
                        });
                        layer_edges.push((i, d, j));
                    }
                }
            }
            layers.push(next);
            edges.push(layer_edges);
        }
        // Backward: the states from which acceptance is still reachable.
        let mut alive: Vec<Vec<bool>> = layers.iter().map(|l| vec![false; l.len()]).collect();
        for (j, s) in layers[k].iter().enumerate() {
            alive[k][j] = accept(s);
        }
        for t in (0..k).rev() {
            for &(i, _, j) in &edges[t] {
                if alive[t + 1][j] {
                    alive[t][i] = true;
                }
            }
        }
        if !alive[0][0] {
            self.fail();
            return;
        }
        // One variable per live state (the start is true).
        let mut var: Vec<Vec<Term>> = Vec::with_capacity(k + 1);
        var.push(vec![Term::True]);
        for live in &alive[1..] {
            let layer: Vec<Term> = live
                .iter()
                .map(|&a| if a { self.fresh() } else { Term::False })
                .collect();
            var.push(layer);
        }
        for (t, &p) in cells.iter().enumerate() {
            let live: Vec<&(usize, u32, usize)> = edges[t]
                .iter()
                .filter(|&&(i, _, j)| alive[t][i] && alive[t + 1][j])
                .collect();
            let goes: HashMap<(usize, u32), usize> =
                live.iter().map(|&&(i, d, j)| ((i, d), j)).collect();
            // A digit no live transition uses is out.
            for d in self.cand(p) {
                if !live.iter().any(|e| e.1 == d) {
                    let x = self.is(p, d).not();
                    self.clause(&[x]);
                }
            }
            for (i, &a) in alive[t].iter().enumerate() {
                if !a {
                    continue;
                }
                let q = var[t][i];
                for d in self.cand(p) {
                    let x = self.is(p, d);
                    match goes.get(&(i, d)) {
                        Some(&j) => self.clause(&[q.not(), x.not(), var[t + 1][j]]),
                        None => self.clause(&[q.not(), x.not()]),
                    }
                }
            }
            // Backward support of every live state of the next layer.
            let mut into_of: Vec<Vec<(usize, u32)>> = vec![Vec::new(); alive[t + 1].len()];
            for &&(i, d, j) in &live {
                into_of[j].push((i, d));
            }
            for (j, &a) in alive[t + 1].iter().enumerate() {
                if !a {
                    continue;
                }
                let q2 = var[t + 1][j];
                let into = &into_of[j];
                let mut from: Vec<usize> = into.iter().map(|e| e.0).collect();
                from.sort_unstable();
                from.dedup();
                let mut preds: Vec<Term> = vec![q2.not()];
                preds.extend(from.iter().map(|&i| var[t][i]));
                self.clause(&preds);
                let mut by: Vec<u32> = into.iter().map(|e| e.1).collect();
                by.sort_unstable();
                by.dedup();
                let mut digits: Vec<Term> = vec![q2.not()];
                digits.extend(by.iter().map(|&d| self.is(p, d)));
                self.clause(&digits);
            }
            let layer: Vec<Term> = var[t + 1]
                .iter()
                .copied()
                .filter(|&v| v != Term::False)
                .collect();
            self.clause(&layer);
            self.at_most_one(&layer);
        }
    }
}
