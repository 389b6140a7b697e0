//! Variant rules: killer cages, thermometers, arrows, kropki dots, XV, sandwiches, lines …, every
//! constraint of the f-puzzles format, as typed data that a [`Layout`](crate::Layout) carries
//! beside its houses and pair peers.
//!
//! Design decision: a rule is *data*, not code. [`Rule`] is one closed enum whose variants hold
//! only cell positions ([`Pos`], written `r1c1`) and numbers, serialised as sudokit's own JSON
//! (`{"type": "killer", "cells": ["r1c1", "r1c2"], "sum": 10}`). Each family file (`pairs`,
//! `sums`, `lines`, `cells`) holds the *definition* of its rules as a check on a complete grid,
//! written from the rule's wording with plain loops — that check is what the independent
//! verifier ([`crate::verify`]) runs, and it shares nothing with the engines, which compile the
//! same data into their own propagators or clauses. An engine that does not know a rule must
//! refuse the layout ([`crate::Layout::has_rules`]); a rule is never dropped silently, because a
//! dropped rule turns "no solution" or "unique" into a wrong answer.
//!
//! Adding a rule: one variant here (with its name in [`Rule::name`]), its check in the family
//! file, and its arity in [`Rule::validate`].

mod cells;
mod lines;
mod pairs;
mod sums;

pub use pairs::negative_values;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A cell position, 0-based internally, written `r1c1` (1-based) in JSON and messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    /// 0-based row.
    pub row: usize,
    /// 0-based column.
    pub col: usize,
}

impl Pos {
    /// The cell at 0-based `row`, `col`.
    pub fn new(row: usize, col: usize) -> Pos {
        Pos { row, col }
    }
    /// Reading-order index in an `n`×`n` grid.
    pub fn index(self, n: usize) -> usize {
        self.row * n + self.col
    }
    /// The position of reading-order index `i` in an `n`×`n` grid.
    pub fn from_index(i: usize, n: usize) -> Pos {
        Pos::new(i / n, i % n)
    }
    /// Parses `r1c1` / `R12C3` (1-based).
    pub fn parse(s: &str) -> Option<Pos> {
        let t = s.trim().to_ascii_lowercase();
        let rest = t.strip_prefix('r')?;
        let (r, c) = rest.split_once('c')?;
        let (r, c) = (r.parse::<usize>().ok()?, c.parse::<usize>().ok()?);
        (r >= 1 && c >= 1).then(|| Pos::new(r - 1, c - 1))
    }
    /// Whether the two cells share an edge.
    pub fn is_orthogonal_to(self, other: Pos) -> bool {
        self.row.abs_diff(other.row) + self.col.abs_diff(other.col) == 1
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

impl Serialize for Pos {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Pos {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Pos, D::Error> {
        let s = String::deserialize(d)?;
        Pos::parse(&s)
            .ok_or_else(|| serde::de::Error::custom(format!("'{s}' is not a cell name like r1c1")))
    }
}

/// Which standard marks a [`Rule::Negative`] constraint refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Marks {
    /// White kropki dots: no unmarked orthogonal pair differs by 1 (or by any marked difference).
    Difference,
    /// Black kropki dots: no unmarked orthogonal pair has ratio 2 (or any marked ratio).
    Ratio,
    /// X and V: no unmarked orthogonal pair sums to 5 or 10.
    Xv,
}

/// One variant rule. See the module docs; each variant's doc is its definition, which the
/// check in its family file implements.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Rule {
    // ---- digit pairs (pairs.rs) ----
    /// White kropki dot: the two cells differ by `value` (1 when absent).
    Difference {
        /// The two cells.
        cells: Vec<Pos>,
        /// The difference, 1 when absent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        value: Option<u32>,
    },
    /// Black kropki dot: one cell is `value` times the other (2 when absent).
    Ratio {
        /// The two cells.
        cells: Vec<Pos>,
        /// The ratio, 2 when absent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        value: Option<u32>,
    },
    /// X or V: the two cells sum to `sum` (X = 10, V = 5).
    Xv {
        /// The two cells.
        cells: Vec<Pos>,
        /// The sum.
        sum: u32,
    },
    /// The first cell holds a greater digit than the second.
    GreaterThan {
        /// The greater cell, then the smaller.
        cells: Vec<Pos>,
    },
    /// Orthogonally adjacent cells never hold consecutive digits (the whole grid).
    Nonconsecutive,
    /// The negative constraint: every qualifying orthogonal pair is marked by a rule of this
    /// layout; no unmarked orthogonal pair qualifies.
    Negative {
        /// Which marks are all given.
        marks: Marks,
    },

    // ---- cages and sums (sums.rs) ----
    /// Killer cage: digits do not repeat; they sum to `sum` when it is given.
    Killer {
        /// The cage.
        cells: Vec<Pos>,
        /// The total, or none.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        sum: Option<u32>,
    },
    /// Little killer: the digits on the diagonal sum to `sum`; digits may repeat.
    LittleKiller {
        /// The diagonal's cells.
        cells: Vec<Pos>,
        /// The total.
        sum: u32,
    },
    /// Sandwich: in this row or column (all N cells), the digits strictly between 1 and N sum
    /// to `sum`.
    Sandwich {
        /// The whole row or column, in order.
        cells: Vec<Pos>,
        /// The total.
        sum: u32,
    },
    /// X-sum: reading from the clue, the first digit X says how many cells to add; they sum to
    /// `sum`.
    XSum {
        /// The whole row or column, starting at the clue's side.
        cells: Vec<Pos>,
        /// The total.
        sum: u32,
    },
    /// Skyscraper: seen from the clue, `count` digits are visible (a higher digit hides every
    /// lower one behind it).
    Skyscraper {
        /// The whole row or column, starting at the clue's side.
        cells: Vec<Pos>,
        /// Visible digits.
        count: u32,
    },
    /// Region-sum line: the line's runs of cells in one region all have the same sum.
    RegionSum {
        /// The line, in order.
        cells: Vec<Pos>,
    },

    // ---- lines (lines.rs) ----
    /// Thermometer: digits strictly increase from the bulb (first cell); a slow thermo only
    /// never decreases.
    Thermo {
        /// The bulb, then the line.
        cells: Vec<Pos>,
        /// Slow thermometer: equal neighbours allowed.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        slow: bool,
    },
    /// Arrow: the circle's digits, read as one number (two cells: tens and units), equal the
    /// sum of the line's digits (repeats allowed unless a house forbids them).
    Arrow {
        /// The circle's cells, most significant first.
        circle: Vec<Pos>,
        /// The arrow's line, without the circle.
        cells: Vec<Pos>,
    },
    /// Renban: the line holds a set of consecutive digits in any order, without repeats.
    Renban {
        /// The line.
        cells: Vec<Pos>,
    },
    /// German whispers: neighbours on the line differ by at least `difference` (⌈N/2⌉, 5 on
    /// 9×9, when absent).
    Whispers {
        /// The line, in order.
        cells: Vec<Pos>,
        /// The least difference.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        difference: Option<u32>,
    },
    /// Palindrome: the line reads the same both ways.
    Palindrome {
        /// The line, in order.
        cells: Vec<Pos>,
    },
    /// Between line: every digit inside the line lies strictly between the digits of its two
    /// ends (the circles).
    Between {
        /// The line, ends included.
        cells: Vec<Pos>,
    },
    /// Entropic line: every three consecutive cells hold one low, one middle and one high
    /// digit (thirds of 1..=N; N a multiple of 3).
    Entropic {
        /// The line, in order.
        cells: Vec<Pos>,
    },
    /// Zipper line: cells the same distance from the line's centre sum to the same total —
    /// the centre's digit when the line has an odd length.
    Zipper {
        /// The line, in order.
        cells: Vec<Pos>,
    },

    // ---- cells, groups and indexers (cells.rs) ----
    /// The cells hold odd digits.
    Odd {
        /// The cells.
        cells: Vec<Pos>,
    },
    /// The cells hold even digits.
    Even {
        /// The cells.
        cells: Vec<Pos>,
    },
    /// Each cell is smaller than every orthogonal neighbour outside these cells (f-puzzles'
    /// and SudokuPad's meaning: neighbouring minimum cells are not compared).
    Minimum {
        /// The cells.
        cells: Vec<Pos>,
    },
    /// Each cell is greater than every orthogonal neighbour outside these cells (the fortress
    /// rule: neighbouring maximum cells are not compared).
    Maximum {
        /// The cells.
        cells: Vec<Pos>,
    },
    /// Quadruple: every listed digit (with its multiplicity) appears in the cells.
    Quadruple {
        /// The (usually four) cells around a corner.
        cells: Vec<Pos>,
        /// The digits.
        digits: Vec<u32>,
    },
    /// Clone: each cell holds the same digit as the cell in the same place of `clone`.
    Clone {
        /// The first shape.
        cells: Vec<Pos>,
        /// Its copy, cell for cell.
        clone: Vec<Pos>,
    },
    /// An extra region (or a single diagonal): its digits do not repeat.
    ExtraRegion {
        /// The region.
        cells: Vec<Pos>,
    },
    /// Disjoint groups: cells in the same place of each region (the k-th cell in reading
    /// order) hold different digits.
    DisjointGroups,
    /// Row indexer: a digit d in r·c of these cells puts the digit r in row d of column c.
    RowIndexer {
        /// The indexing cells.
        cells: Vec<Pos>,
    },
    /// Column indexer: a digit d in r·c of these cells puts the digit c in column d of row r.
    ColumnIndexer {
        /// The indexing cells.
        cells: Vec<Pos>,
    },
    /// Box indexer: a digit d in the k-th cell of a region puts the digit k in the region's
    /// d-th cell (reading order).
    BoxIndexer {
        /// The indexing cells.
        cells: Vec<Pos>,
    },
}

/// A rule that does not fit its grid.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RuleError {
    /// A cell outside the grid.
    #[error("{rule}: cell {cell} is outside a {n}x{n} grid")]
    CellOutOfRange {
        /// The rule's name.
        rule: &'static str,
        /// The cell.
        cell: Pos,
        /// Side.
        n: usize,
    },
    /// The rule has the wrong number of cells or an impossible parameter.
    #[error("{rule}: {reason}")]
    Invalid {
        /// The rule's name.
        rule: &'static str,
        /// What is wrong.
        reason: String,
    },
}

/// A complete grid as the rule checks see it: side, region map, digits in reading order.
#[derive(Clone, Copy, Debug)]
pub struct Filled<'a> {
    /// Side N.
    pub n: usize,
    /// Region number of every cell (reading order).
    pub region_of: &'a [u8],
    /// Digits 1..=N in reading order.
    pub values: &'a [u8],
    /// Every rule of the layout (the negative constraints look at the others).
    pub rules: &'a [Rule],
}

impl Filled<'_> {
    /// The digit at `p`.
    pub fn at(&self, p: Pos) -> u32 {
        u32::from(self.values[p.index(self.n)])
    }
    /// The digits of `cells`, in order.
    pub fn digits(&self, cells: &[Pos]) -> Vec<u32> {
        cells.iter().map(|&p| self.at(p)).collect()
    }
    /// Every cell of region `g`, in reading order.
    pub fn region_cells(&self, g: usize) -> Vec<Pos> {
        (0..self.n * self.n)
            .filter(|&i| usize::from(self.region_of[i]) == g)
            .map(|i| Pos::from_index(i, self.n))
            .collect()
    }
    /// Orthogonally adjacent pairs of the grid, each once (right and down neighbours).
    pub fn orthogonal_pairs(&self) -> Vec<(Pos, Pos)> {
        let n = self.n;
        let mut out = Vec::new();
        for r in 0..n {
            for c in 0..n {
                if c + 1 < n {
                    out.push((Pos::new(r, c), Pos::new(r, c + 1)));
                }
                if r + 1 < n {
                    out.push((Pos::new(r, c), Pos::new(r + 1, c)));
                }
            }
        }
        out
    }
}

/// The result of a rule's check on a complete grid: `Err` says what is broken.
pub type Check = Result<(), String>;

impl Rule {
    /// The rule's type name, as written in sudokit's JSON.
    pub fn name(&self) -> &'static str {
        match self {
            Rule::Difference { .. } => "difference",
            Rule::Ratio { .. } => "ratio",
            Rule::Xv { .. } => "xv",
            Rule::GreaterThan { .. } => "greater-than",
            Rule::Nonconsecutive => "nonconsecutive",
            Rule::Negative { .. } => "negative",
            Rule::Killer { .. } => "killer",
            Rule::LittleKiller { .. } => "little-killer",
            Rule::Sandwich { .. } => "sandwich",
            Rule::XSum { .. } => "x-sum",
            Rule::Skyscraper { .. } => "skyscraper",
            Rule::RegionSum { .. } => "region-sum",
            Rule::Thermo { .. } => "thermo",
            Rule::Arrow { .. } => "arrow",
            Rule::Renban { .. } => "renban",
            Rule::Whispers { .. } => "whispers",
            Rule::Palindrome { .. } => "palindrome",
            Rule::Between { .. } => "between",
            Rule::Entropic { .. } => "entropic",
            Rule::Zipper { .. } => "zipper",
            Rule::Odd { .. } => "odd",
            Rule::Even { .. } => "even",
            Rule::Minimum { .. } => "minimum",
            Rule::Maximum { .. } => "maximum",
            Rule::Quadruple { .. } => "quadruple",
            Rule::Clone { .. } => "clone",
            Rule::ExtraRegion { .. } => "extra-region",
            Rule::DisjointGroups => "disjoint-groups",
            Rule::RowIndexer { .. } => "row-indexer",
            Rule::ColumnIndexer { .. } => "column-indexer",
            Rule::BoxIndexer { .. } => "box-indexer",
        }
    }

    /// Every type name [`Rule::name`] can return (for help texts and "unknown type" errors).
    pub const NAMES: &'static [&'static str] = &[
        "difference",
        "ratio",
        "xv",
        "greater-than",
        "nonconsecutive",
        "negative",
        "killer",
        "little-killer",
        "sandwich",
        "x-sum",
        "skyscraper",
        "region-sum",
        "thermo",
        "arrow",
        "renban",
        "whispers",
        "palindrome",
        "between",
        "entropic",
        "zipper",
        "odd",
        "even",
        "minimum",
        "maximum",
        "quadruple",
        "clone",
        "extra-region",
        "disjoint-groups",
        "row-indexer",
        "column-indexer",
        "box-indexer",
    ];

    /// The rule's cells: for an arrow, the circle then the line; for a clone, both shapes;
    /// empty for the grid-wide rules (nonconsecutive, negative, disjoint groups).
    pub fn cells(&self) -> Vec<Pos> {
        match self {
            Rule::Nonconsecutive | Rule::Negative { .. } | Rule::DisjointGroups => Vec::new(),
            Rule::Arrow { circle, cells } => circle.iter().chain(cells).copied().collect(),
            Rule::Clone { cells, clone } => cells.iter().chain(clone).copied().collect(),
            Rule::Difference { cells, .. }
            | Rule::Ratio { cells, .. }
            | Rule::Xv { cells, .. }
            | Rule::GreaterThan { cells }
            | Rule::Killer { cells, .. }
            | Rule::LittleKiller { cells, .. }
            | Rule::Sandwich { cells, .. }
            | Rule::XSum { cells, .. }
            | Rule::Skyscraper { cells, .. }
            | Rule::RegionSum { cells }
            | Rule::Thermo { cells, .. }
            | Rule::Renban { cells }
            | Rule::Whispers { cells, .. }
            | Rule::Palindrome { cells }
            | Rule::Between { cells }
            | Rule::Entropic { cells }
            | Rule::Zipper { cells }
            | Rule::Odd { cells }
            | Rule::Even { cells }
            | Rule::Minimum { cells }
            | Rule::Maximum { cells }
            | Rule::Quadruple { cells, .. }
            | Rule::ExtraRegion { cells }
            | Rule::RowIndexer { cells }
            | Rule::ColumnIndexer { cells }
            | Rule::BoxIndexer { cells } => cells.clone(),
        }
    }

    /// A one-line description, e.g. `killer r1c1 r1c2 = 10`.
    pub fn describe(&self) -> String {
        let list = |cells: &[Pos]| {
            cells
                .iter()
                .map(Pos::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        let name = self.name();
        match self {
            Rule::Nonconsecutive | Rule::DisjointGroups => name.to_string(),
            Rule::Negative { marks } => format!("negative ({marks:?})").to_ascii_lowercase(),
            Rule::Arrow { circle, cells } => {
                format!("arrow ({}) <- {}", list(circle), list(cells))
            }
            Rule::Clone { cells, clone } => format!("clone {} = {}", list(cells), list(clone)),
            Rule::Killer {
                cells,
                sum: Some(s),
            } => format!("killer {} = {s}", list(cells)),
            Rule::LittleKiller { cells, sum }
            | Rule::Sandwich { cells, sum }
            | Rule::XSum { cells, sum }
            | Rule::Xv { cells, sum } => format!("{name} {} = {sum}", list(cells)),
            Rule::Skyscraper { cells, count } => format!("{name} {} sees {count}", list(cells)),
            Rule::Difference {
                cells,
                value: Some(v),
            }
            | Rule::Ratio {
                cells,
                value: Some(v),
            }
            | Rule::Whispers {
                cells,
                difference: Some(v),
            } => format!("{name} {} ({v})", list(cells)),
            Rule::Quadruple { cells, digits } => {
                let d: Vec<String> = digits.iter().map(u32::to_string).collect();
                format!("quadruple {} has {}", list(cells), d.join(""))
            }
            Rule::Thermo { cells, slow: true } => format!("slow thermo {}", list(cells)),
            other => format!("{name} {}", list(&other.cells())),
        }
    }

    /// Checks that the rule fits an `n`×`n` grid: cells on the grid and not repeated, the right
    /// number of cells, parameters that some digits can meet.
    pub fn validate(&self, n: usize) -> Result<(), RuleError> {
        let rule = self.name();
        let invalid = |reason: String| Err(RuleError::Invalid { rule, reason });
        for p in self.cells() {
            if p.row >= n || p.col >= n {
                return Err(RuleError::CellOutOfRange { rule, cell: p, n });
            }
        }
        let repeats = |cells: &[Pos]| {
            let mut seen = cells.to_vec();
            seen.sort();
            seen.windows(2).find(|w| w[0] == w[1]).map(|w| w[0])
        };
        if let Some(p) = repeats(&self.cells()) {
            return invalid(format!("cell {p} is listed twice"));
        }
        let need = |cells: &[Pos], least: usize| -> Result<(), RuleError> {
            if cells.len() < least {
                return Err(RuleError::Invalid {
                    rule,
                    reason: format!("needs at least {least} cells, has {}", cells.len()),
                });
            }
            Ok(())
        };
        let n32 = n as u32;
        match self {
            Rule::Difference { cells, .. }
            | Rule::Ratio { cells, .. }
            | Rule::Xv { cells, .. }
            | Rule::GreaterThan { cells } => {
                if cells.len() != 2 {
                    return invalid(format!("needs exactly 2 cells, has {}", cells.len()));
                }
            }
            Rule::Killer { cells, sum } => {
                need(cells, 1)?;
                let k = cells.len() as u32;
                if k > n32 {
                    return invalid(format!("{k} distinct digits do not fit digits 1..={n}"));
                }
                if let Some(s) = *sum {
                    let (lo, hi) = (k * (k + 1) / 2, k * (2 * n32 + 1 - k) / 2);
                    if s < lo || s > hi {
                        return invalid(format!(
                            "no {k} distinct digits of 1..={n} sum to {s} (possible: {lo}..={hi})"
                        ));
                    }
                }
            }
            Rule::Sandwich { cells, .. }
            | Rule::XSum { cells, .. }
            | Rule::Skyscraper { cells, .. } => {
                if cells.len() != n {
                    return invalid(format!(
                        "needs a whole row or column ({n} cells), has {}",
                        cells.len()
                    ));
                }
            }
            Rule::LittleKiller { cells, .. } | Rule::ExtraRegion { cells } => need(cells, 1)?,
            Rule::Thermo { cells, .. }
            | Rule::Renban { cells }
            | Rule::Whispers { cells, .. }
            | Rule::Palindrome { cells }
            | Rule::Zipper { cells }
            | Rule::RegionSum { cells } => need(cells, 2)?,
            Rule::Between { cells } => need(cells, 2)?,
            Rule::Entropic { cells } => {
                need(cells, 2)?;
                if !n.is_multiple_of(3) {
                    return invalid(format!("needs a size divisible by 3, not {n}"));
                }
            }
            Rule::Arrow { circle, cells } => {
                need(cells, 1)?;
                if circle.is_empty() || circle.len() > 3 {
                    return invalid(format!("the circle has {} cells (1 to 3)", circle.len()));
                }
            }
            Rule::Quadruple { cells, digits } => {
                need(cells, 1)?;
                if digits.is_empty() || digits.len() > cells.len() {
                    return invalid(format!("{} digits for {} cells", digits.len(), cells.len()));
                }
                if let Some(d) = digits.iter().find(|&&d| d == 0 || d > n32) {
                    return invalid(format!("digit {d} is outside 1..={n}"));
                }
            }
            Rule::Clone { cells, clone } => {
                need(cells, 1)?;
                if cells.len() != clone.len() {
                    return invalid(format!(
                        "the shapes have {} and {} cells",
                        cells.len(),
                        clone.len()
                    ));
                }
            }
            Rule::Odd { cells }
            | Rule::Even { cells }
            | Rule::Minimum { cells }
            | Rule::Maximum { cells }
            | Rule::RowIndexer { cells }
            | Rule::ColumnIndexer { cells }
            | Rule::BoxIndexer { cells } => need(cells, 1)?,
            Rule::Nonconsecutive | Rule::Negative { .. } | Rule::DisjointGroups => {}
        }
        Ok(())
    }

    /// Checks the rule on a complete grid, from the rule's definition alone (the verifier's
    /// check). `Err` names what is broken.
    pub fn check(&self, g: &Filled<'_>) -> Check {
        let complete = g.values.len() == g.n * g.n
            && g.region_of.len() == g.n * g.n
            && g.values.iter().all(|&v| v >= 1 && usize::from(v) <= g.n);
        if !complete {
            return Err("the grid is not complete".to_string());
        }
        if let Err(e) = self.validate(g.n) {
            return Err(e.to_string());
        }
        match self {
            Rule::Difference { cells, value } => pairs::difference(g, cells, value.unwrap_or(1)),
            Rule::Ratio { cells, value } => pairs::ratio(g, cells, value.unwrap_or(2)),
            Rule::Xv { cells, sum } => pairs::xv(g, cells, *sum),
            Rule::GreaterThan { cells } => pairs::greater_than(g, cells),
            Rule::Nonconsecutive => pairs::nonconsecutive(g),
            Rule::Negative { marks } => pairs::negative(g, *marks),
            Rule::Killer { cells, sum } => sums::killer(g, cells, *sum),
            Rule::LittleKiller { cells, sum } => sums::little_killer(g, cells, *sum),
            Rule::Sandwich { cells, sum } => sums::sandwich(g, cells, *sum),
            Rule::XSum { cells, sum } => sums::x_sum(g, cells, *sum),
            Rule::Skyscraper { cells, count } => sums::skyscraper(g, cells, *count),
            Rule::RegionSum { cells } => sums::region_sum(g, cells),
            Rule::Thermo { cells, slow } => lines::thermo(g, cells, *slow),
            Rule::Arrow { circle, cells } => lines::arrow(g, circle, cells),
            Rule::Renban { cells } => lines::renban(g, cells),
            Rule::Whispers { cells, difference } => {
                lines::whispers(g, cells, difference.unwrap_or(whispers_default(g.n)))
            }
            Rule::Palindrome { cells } => lines::palindrome(g, cells),
            Rule::Between { cells } => lines::between(g, cells),
            Rule::Entropic { cells } => lines::entropic(g, cells),
            Rule::Zipper { cells } => lines::zipper(g, cells),
            Rule::Odd { cells } => cells::parity(g, cells, 1),
            Rule::Even { cells } => cells::parity(g, cells, 0),
            Rule::Minimum { cells } => cells::extremum(g, cells, false),
            Rule::Maximum { cells } => cells::extremum(g, cells, true),
            Rule::Quadruple { cells, digits } => cells::quadruple(g, cells, digits),
            Rule::Clone { cells, clone } => cells::clone(g, cells, clone),
            Rule::ExtraRegion { cells } => cells::distinct(g, cells),
            Rule::DisjointGroups => cells::disjoint_groups(g),
            Rule::RowIndexer { cells } => cells::indexer(g, cells, Indexing::Row),
            Rule::ColumnIndexer { cells } => cells::indexer(g, cells, Indexing::Column),
            Rule::BoxIndexer { cells } => cells::indexer(g, cells, Indexing::Region),
        }
    }
}

/// The default least difference of German whispers on an `n`×`n` grid: ⌈n/2⌉ (5 on 9×9).
pub fn whispers_default(n: usize) -> u32 {
    n.div_ceil(2) as u32
}

/// What an indexer cell indexes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Indexing {
    Row,
    Column,
    Region,
}

/// Checks every rule of a list on a complete grid; the first broken rule and why.
pub fn check_all(g: &Filled<'_>) -> Result<(), (String, String)> {
    for rule in g.rules {
        rule.check(g).map_err(|why| (rule.describe(), why))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
