//! One incremental solver for a run of questions "has this rule set a solution other than
//! the known one?" on one grid without givens — what a killer generator asks dozens of times
//! about cage sets that differ by one merge or one dropped sum.
//!
//! Design decision: the grid's clauses and the clause "some cell differs from the known
//! solution" are loaded once; each rule (a cage, or a sum the 45 rule implies) is encoded the
//! first time it is asked about, its clauses guarded by a fresh activation literal, and a
//! question assumes the literals of its rules (and the negation of every other rule's, so the
//! solver never branches on a rule nobody asked about). Everything the solver learns is implied by
//! guarded clauses, so it stays valid for every later question and is kept: a question about
//! a cage set close to an earlier one starts from what the earlier proof learnt. Every model
//! is checked with the independent verifier before it is returned.

use crate::encode::{self, Cnf, EncodeOptions};
use crate::gadgets::{Builder, Term};
use crate::{Backend, Stop, lit};
use batsat::{Lit as BLit, SolverInterface, lbool};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Instant;
use sudokit_core::verify::check_grid;
use sudokit_core::{Budget, Grid, Layout, Pos, Rule, SolveError};

/// See the module docs.
pub struct Session {
    layout: Arc<Layout>,
    cnf: Cnf,
    var_of: Vec<u32>,
    solver: Backend,
    vars: Vec<batsat::Var>,
    loaded: usize,
    guards: HashMap<Rule, u32>,
    /// Activation variables of "these cells' digits do not sum to this" hints.
    off_guards: HashMap<(Vec<usize>, u32), u32>,
    unsat: bool,
}

impl Session {
    /// A session on `layout` (its own rules always hold) whose known solution is `solution`
    /// (N² digits), which also gives the solver its first guesses.
    pub fn new(layout: Arc<Layout>, solution: &[u8]) -> Session {
        let empty = Grid::from_values(layout.clone(), vec![0; layout.cell_count()]);
        let options = EncodeOptions {
            reduce: true,
            house_at_most_one: true,
        };
        let mut cnf = encode::encode(&empty, options);
        let n = layout.size();
        let mut var_of = vec![u32::MAX; n * n * n];
        for (i, &(c, d)) in cnf.primary.iter().enumerate() {
            var_of[c * n + usize::from(d) - 1] = i as u32;
        }
        // Some cell differs from the known solution.
        let differs: Vec<encode::Lit> = (0..n * n)
            .filter_map(|c| match var_of[c * n + usize::from(solution[c]) - 1] {
                u32::MAX => None,
                v => Some(encode::Lit {
                    var: v,
                    positive: false,
                }),
            })
            .collect();
        let unsat = cnf.trivially_unsat || differs.is_empty();
        cnf.push(&differs);
        let stop = Stop {
            deadline: None,
            cancel: None,
            conflicts_left: u64::MAX,
        };
        let mut solver = batsat::Solver::new(batsat::SolverOpts::default(), stop);
        let vars = (0..cnf.vars as usize)
            .map(|i| match cnf.primary.get(i) {
                Some(&(c, d)) => solver.new_var(lbool::from(solution[c] == d), true),
                None => solver.new_var_default(),
            })
            .collect();
        let mut session = Session {
            layout,
            cnf,
            var_of,
            solver,
            vars,
            loaded: 0,
            guards: HashMap::new(),
            off_guards: HashMap::new(),
            unsat,
        };
        session.load();
        session
    }

    /// Hands the clauses encoded since the last call to the solver.
    fn load(&mut self) {
        while self.vars.len() < self.cnf.vars as usize {
            let v = self.solver.new_var_default();
            self.vars.push(v);
        }
        let mut start = match self.loaded {
            0 => 0,
            k => self.cnf.ends[k - 1] as usize,
        };
        let mut buf = Vec::new();
        for &end in &self.cnf.ends[self.loaded..] {
            buf.clear();
            buf.extend(
                self.cnf.lits[start..end as usize]
                    .iter()
                    .map(|&l| lit(&self.vars, l)),
            );
            if !self.solver.add_clause_reuse(&mut buf) {
                self.unsat = true;
            }
            start = end as usize;
        }
        self.loaded = self.cnf.ends.len();
    }

    /// The activation literal of `rule`, encoding it on first use.
    fn guard(&mut self, rule: &Rule) -> BLit {
        if let Some(&g) = self.guards.get(rule) {
            return BLit::new(self.vars[g as usize], true);
        }
        let layout = self.layout.clone();
        let g = self.guarded(|b| crate::rules::encode_rule(&layout, rule, b));
        self.guards.insert(rule.clone(), g);
        BLit::new(self.vars[g as usize], true)
    }

    /// A fresh activation variable, clauses written by `encode` under it, loaded.
    fn guarded(&mut self, encode: impl FnOnce(&mut Builder<'_>)) -> u32 {
        self.cnf.vars += 1;
        let g = self.cnf.vars - 1;
        let mut b = Builder {
            cnf: &mut self.cnf,
            var_of: &self.var_of,
            n: self.layout.size(),
            guard: Some(encode::Lit {
                var: g,
                positive: true,
            }),
        };
        encode(&mut b);
        self.load();
        g
    }

    /// The activation literal of "the digits of `cells` (distinct in every solution asked
    /// about) do not sum to `sum`", encoding it on first use: a variable per digit that some
    /// cell of `cells` holding the digit forces true, and for every digit set of that size
    /// and sum a clause that one of its digits is absent.
    fn off_guard(&mut self, cells: &[Pos], sum: u32) -> BLit {
        let n = self.layout.size();
        let mut key: Vec<usize> = cells.iter().map(|p| p.index(n)).collect();
        key.sort_unstable();
        if let Some(&g) = self.off_guards.get(&(key.clone(), sum)) {
            return BLit::new(self.vars[g as usize], true);
        }
        let g = self.guarded(|b| {
            let present: Vec<Term> = (1..=n as u32)
                .map(|d| {
                    let y = b.fresh();
                    for &p in cells {
                        let x = b.is(p, d);
                        b.clause(&[!x, y]);
                    }
                    y
                })
                .collect();
            for set in digit_sets(n as u32, cells.len(), sum) {
                let absent: Vec<Term> = set.iter().map(|&d| !present[d as usize - 1]).collect();
                b.clause(&absent);
            }
        });
        self.off_guards.insert((key, sum), g);
        BLit::new(self.vars[g as usize], true)
    }

    /// Conflicts the solver has met over every question so far (a deterministic measure of
    /// the work spent, for a caller that gives up on a hard run of questions).
    pub fn conflicts(&self) -> u64 {
        self.solver.num_conflicts()
    }

    /// A solution of the layout with `rules` added that differs from the known one:
    /// `Ok(Some(Some(values)))` (checked by the verifier), `Ok(Some(None))` when there is
    /// none (the known solution is unique), `Ok(None)` when `budget` (conflicts as nodes,
    /// time, cancel flag) ran out first.
    pub fn other_solution(
        &mut self,
        rules: &[Rule],
        budget: &Budget,
    ) -> Result<Option<Option<Vec<u8>>>, SolveError> {
        self.other_solution_off(rules, None, budget)
    }

    /// [`Session::other_solution`] told that every other solution has digits on the cells of
    /// `off` (distinct in every solution of `rules`, e.g. a cage's cells) that do not sum to
    /// its total — true when the rules with that sum added had no solution but the known one
    /// (a killer cage whose sum was dropped, or merged into a larger cage). The hint is an
    /// extra clause set under its own activation literal, so it narrows this question only.
    pub fn other_solution_off(
        &mut self,
        rules: &[Rule],
        off: Option<(&[Pos], u32)>,
        budget: &Budget,
    ) -> Result<Option<Option<Vec<u8>>>, SolveError> {
        if self.unsat {
            return Ok(Some(None));
        }
        let derived: Vec<Rule> = crate::rules::implied_sums(&self.layout, rules)
            .into_iter()
            .map(|(cells, sum)| Rule::LittleKiller { cells, sum })
            .collect();
        let mut assume: Vec<BLit> = rules
            .iter()
            .chain(&derived)
            .map(|r| self.guard(r))
            .collect();
        if let Some((cells, sum)) = off {
            assume.push(self.off_guard(cells, sum));
        }
        // Every other rule's guard is assumed false: left free, the solver would spend
        // decisions on it and search under rules nobody asked about.
        let active: HashSet<BLit> = assume.iter().copied().collect();
        let idle: Vec<BLit> = (self.guards.values().chain(self.off_guards.values()))
            .map(|&g| BLit::new(self.vars[g as usize], true))
            .filter(|g| !active.contains(g))
            .map(|g| !g)
            .collect();
        assume.extend(idle);
        if self.unsat {
            return Ok(Some(None));
        }
        let cb = self.solver.cb_mut();
        cb.conflicts_left = budget.nodes.unwrap_or(u64::MAX);
        cb.deadline = budget.time.map(|t| Instant::now() + t);
        cb.cancel = budget.cancel.clone();
        let result = self.solver.solve_limited(&assume);
        if result == lbool::FALSE {
            return Ok(Some(None));
        }
        if result != lbool::TRUE {
            return Ok(None);
        }
        let mut values = vec![0u8; self.layout.cell_count()];
        for (i, &(c, d)) in self.cnf.primary.iter().enumerate() {
            if self.solver.value_var(self.vars[i]) == lbool::TRUE {
                values[c] = d;
            }
        }
        let with =
            self.layout
                .with_rules(rules.iter().cloned())
                .map_err(|e| SolveError::Failed {
                    engine: "sat",
                    reason: e.to_string(),
                })?;
        check_grid(&Grid::from_values(Arc::new(with), values.clone())).map_err(|e| {
            SolveError::Failed {
                engine: "sat",
                reason: format!("model failed verification: {e}"),
            }
        })?;
        Ok(Some(Some(values)))
    }
}

/// The sets of `k` distinct digits from 1 to `n` that sum to `sum`, each in ascending order.
fn digit_sets(n: u32, k: usize, sum: u32) -> Vec<Vec<u32>> {
    fn extend(from: u32, n: u32, k: usize, left: u32, set: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        if set.len() == k {
            if left == 0 {
                out.push(set.clone());
            }
            return;
        }
        for d in from..=n.min(left) {
            set.push(d);
            extend(d + 1, n, k, left - d, set, out);
            set.pop();
        }
    }
    let mut out = Vec::new();
    extend(1, n, k, sum, &mut Vec::new(), &mut out);
    out
}
