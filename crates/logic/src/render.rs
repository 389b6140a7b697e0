//! Rendering: the sentences techniques write (eliminations, chains, candidate lists), the
//! JSON form of a [`Step`], and the names of cells (`r3c5`) and houses (`row 3`, `box 2`),
//! which come from the kernel's `naming` module.
//!
//! Design decision: rows, columns and digits are 1-based everywhere a person or a script reads
//! them (text and JSON alike); indices stay 0-based inside the library.

use std::fmt::Write as _;

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::Value;
use sudokit_core::{Cell, Digit, DigitSet, House, Layout};

use crate::step::{Candidate, Chain, ChainNode, LinkKind, Role, Step};

pub use crate::kernel::naming::{cell_name, cells_name, digits_name, house_name, join_and};

/// `r2c3 and r4c3 lose 5; r1c1 loses 5 and 7` — what each cell loses, as a clause for a
/// sentence: cells losing the same digits are named together, groups in the order their first
/// cell is eliminated, each with the verb its number takes.
pub fn eliminations_text(layout: &Layout, elims: &[Candidate]) -> String {
    // Each cell's removed digits, cells in order of first elimination.
    let mut per_cell: Vec<(Cell, DigitSet)> = Vec::with_capacity(elims.len());
    for e in elims {
        match per_cell.iter_mut().find(|(c, _)| *c == e.cell) {
            Some((_, ds)) => ds.insert(e.digit),
            None => per_cell.push((e.cell, DigitSet::single(e.digit))),
        }
    }
    // Cells losing the same digits, in order of their first cell.
    let mut groups: Vec<(DigitSet, Vec<Cell>)> = Vec::with_capacity(per_cell.len());
    for &(c, ds) in &per_cell {
        match groups.iter_mut().find(|(gd, _)| *gd == ds) {
            Some((_, cells)) => cells.push(c),
            None => groups.push((ds, vec![c])),
        }
    }
    // Written in place: what `cells_subject` and `digits_name` would give, joined by "; ".
    let n = layout.size();
    let mut s = String::with_capacity(16 * per_cell.len());
    for (i, (ds, cells)) in groups.iter().enumerate() {
        if i > 0 {
            s.push_str("; ");
        }
        write_and(&mut s, cells.len(), |s, k| {
            let c = cells[k].index();
            let _ = write!(s, "r{}c{}", c / n + 1, c % n + 1);
        });
        s.push_str(if cells.len() == 1 {
            " loses "
        } else {
            " lose "
        });
        let digits: Vec<Digit> = ds.iter().collect();
        write_and(&mut s, digits.len(), |s, k| {
            let _ = write!(s, "{}", digits[k]);
        });
    }
    s
}

/// Writes `count` items as [`join_and`] joins them: commas, and a final "and".
fn write_and(s: &mut String, count: usize, mut item: impl FnMut(&mut String, usize)) {
    for k in 0..count {
        if k > 0 {
            s.push_str(if k + 1 == count { " and " } else { ", " });
        }
        item(s, k);
    }
}

/// `r1c5 loses` or `r1c5 and r2c5 lose`: cells as the subject of a verb in the right number.
pub fn cells_subject(layout: &Layout, cells: &[Cell], singular: &str, plural: &str) -> String {
    let verb = if cells.len() == 1 { singular } else { plural };
    format!("{} {verb}", cells_name(layout, cells))
}

/// `r1c1=5`.
pub fn candidate_name(layout: &Layout, c: Candidate) -> String {
    format!("{}={}", cell_name(layout, c.cell), c.digit)
}

/// A chain in Eureka-like notation: `(5)r1c1=r1c5-(5)r3c5=...`; `=` strong, `-` weak.
pub fn chain_text(layout: &Layout, chain: &Chain) -> String {
    let mut s = String::new();
    for (i, node) in chain.nodes.iter().enumerate() {
        let cells = if node.cells.len() == 1 {
            cell_name(layout, node.cells[0])
        } else {
            format!(
                "[{}]",
                node.cells
                    .iter()
                    .map(|&c| cell_name(layout, c))
                    .collect::<Vec<_>>()
                    .join(",")
            )
        };
        let _ = write!(s, "({}){}", node.digit, cells);
        if let Some(link) = chain.links.get(i) {
            s.push(match link {
                LinkKind::Strong => '=',
                LinkKind::Weak => '-',
            });
        }
    }
    if chain.is_loop()
        && let Some(first) = chain.nodes.first()
    {
        let _ = write!(
            s,
            "({}){}",
            first.digit,
            cells_name(layout, &first.cells[..1])
        );
    }
    s
}

/// The JSON form of a step: `technique` (id), `name`, `hodoku` (code or null), `se`,
/// `level`, `digits`, `placements` and `eliminations` as `{"row","col","digit"}` (1-based),
/// `highlight` and `text`. The same as serializing [`StepJson`].
pub fn step_json(layout: &Layout, step: &Step) -> Value {
    serde_json::to_value(StepJson { layout, step }).unwrap_or(Value::Null)
}

/// A step's JSON form ([`step_json`]), written straight from the step: a solving path's
/// records are serialized with no intermediate `Value` tree (building one cost as much as
/// finding the easy steps).
///
/// Design decision: every object writes its keys in sorted order, as a `serde_json::Value`
/// map does, so the typed and the `Value` forms print the same text.
#[derive(Clone, Copy)]
pub struct StepJson<'a> {
    /// The grid's layout (rows and columns of cells, house names).
    pub layout: &'a Layout,
    /// The step.
    pub step: &'a Step,
}

impl Serialize for StepJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (l, step) = (self.layout, self.step);
        let info = step.technique;
        let mut m = s.serialize_map(Some(11))?;
        m.serialize_entry("digits", &Seq(|| step.digits.iter().map(|d| d.get())))?;
        m.serialize_entry(
            "eliminations",
            &Seq(|| step.eliminations.iter().map(|&e| Rcd(l, e, None))),
        )?;
        m.serialize_entry("highlight", &HighlightJson(l, step))?;
        m.serialize_entry("hodoku", &info.hodoku)?;
        m.serialize_entry("level", &info.level)?;
        m.serialize_entry("name", info.name)?;
        m.serialize_entry(
            "placements",
            &Seq(|| step.placements.iter().map(|&p| Rcd(l, p, None))),
        )?;
        m.serialize_entry("se", &((f64::from(step.se) * 10.0).round() / 10.0))?;
        m.serialize_entry("technique", info.id)?;
        m.serialize_entry("text", &step.text)?;
        m.serialize_entry("uniqueness", &info.uniqueness)?;
        m.end()
    }
}

/// A sequence from a function making its iterator (serialized without collecting it).
struct Seq<F>(F);

impl<F, I> Serialize for Seq<F>
where
    F: Fn() -> I,
    I: Iterator,
    I::Item: Serialize,
{
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq((self.0)())
    }
}

/// A cell as `{"col","row"}`, 1-based.
struct Rc<'a>(&'a Layout, Cell);

impl Serialize for Rc<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (r, c) = self.1.row_col(self.0.size());
        let mut m = s.serialize_map(Some(2))?;
        m.serialize_entry("col", &(c + 1))?;
        m.serialize_entry("row", &(r + 1))?;
        m.end()
    }
}

/// A candidate as `{"col","digit","row"}` (with its `role` when given), 1-based.
struct Rcd<'a>(&'a Layout, Candidate, Option<Role>);

impl Serialize for Rcd<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (r, c) = self.1.cell.row_col(self.0.size());
        let mut m = s.serialize_map(Some(3 + usize::from(self.2.is_some())))?;
        m.serialize_entry("col", &(c + 1))?;
        m.serialize_entry("digit", &self.1.digit.get())?;
        if let Some(role) = &self.2 {
            m.serialize_entry("role", role)?;
        }
        m.serialize_entry("row", &(r + 1))?;
        m.end()
    }
}

/// A step's `highlight`: `candidates`, `cells`, `chains`, `houses`.
struct HighlightJson<'a>(&'a Layout, &'a Step);

impl Serialize for HighlightJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (l, h) = (self.0, &self.1.highlight);
        let mut m = s.serialize_map(Some(4))?;
        m.serialize_entry(
            "candidates",
            &Seq(|| {
                h.candidates
                    .iter()
                    .map(|&(cand, role)| Rcd(l, cand, Some(role)))
            }),
        )?;
        m.serialize_entry("cells", &Seq(|| h.cells.iter().map(|&c| Rc(l, c))))?;
        m.serialize_entry(
            "chains",
            &Seq(|| h.chains.iter().map(|ch| ChainJson(l, ch))),
        )?;
        m.serialize_entry(
            "houses",
            &Seq(|| h.houses.iter().map(|&house| HouseJson(l, house))),
        )?;
        m.end()
    }
}

/// A house as `{"index","name"}`.
struct HouseJson<'a>(&'a Layout, House);

impl Serialize for HouseJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(2))?;
        m.serialize_entry("index", &self.1.index())?;
        m.serialize_entry("name", &house_name(self.0, self.1))?;
        m.end()
    }
}

/// A chain as `{"links","loop","nodes","text"}`, each node `{"als","cells","digit","on"}`.
struct ChainJson<'a>(&'a Layout, &'a Chain);

impl Serialize for ChainJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (l, ch) = (self.0, self.1);
        let mut m = s.serialize_map(Some(4))?;
        m.serialize_entry("links", &ch.links)?;
        m.serialize_entry("loop", &ch.is_loop())?;
        m.serialize_entry("nodes", &Seq(|| ch.nodes.iter().map(|n| NodeJson(l, n))))?;
        m.serialize_entry("text", &chain_text(l, ch))?;
        m.end()
    }
}

/// One chain node (see [`ChainJson`]).
struct NodeJson<'a>(&'a Layout, &'a ChainNode);

impl Serialize for NodeJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (l, n) = (self.0, self.1);
        let mut m = s.serialize_map(Some(4))?;
        m.serialize_entry("als", &Seq(|| n.als.iter().map(|&c| Rc(l, c))))?;
        m.serialize_entry("cells", &Seq(|| n.cells.iter().map(|&c| Rc(l, c))))?;
        m.serialize_entry("digit", &n.digit.get())?;
        m.serialize_entry("on", &n.on)?;
        m.end()
    }
}

/// One line for people: `Naked Pair: <sentence>` followed by what changes.
pub fn step_line(layout: &Layout, step: &Step) -> String {
    let mut s = format!("{}: {}", step.technique.name, step.text);
    let named = step
        .placements
        .iter()
        .all(|p| step.text.contains(&cell_name(layout, p.cell)));
    if !step.placements.is_empty() && !named {
        let ps: Vec<String> = step
            .placements
            .iter()
            .map(|&p| candidate_name(layout, p))
            .collect();
        let _ = write!(s, " => {}", ps.join(", "));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn rc(layout: &Layout, cell: Cell) -> Value {
        let (r, c) = cell.row_col(layout.size());
        json!({"row": r + 1, "col": c + 1})
    }

    fn rcd(layout: &Layout, cand: Candidate) -> Value {
        let (r, c) = cand.cell.row_col(layout.size());
        json!({"row": r + 1, "col": c + 1, "digit": cand.digit.get()})
    }

    /// The `Value` form as it was built before [`StepJson`] (an independent reference).
    fn value_form(layout: &Layout, step: &Step) -> Value {
        let info = step.technique;
        let chains: Vec<Value> = step
            .highlight
            .chains
            .iter()
            .map(|ch| {
                json!({
                    "nodes": ch.nodes.iter().map(|n| json!({
                        "cells": n.cells.iter().map(|&c| rc(layout, c)).collect::<Vec<_>>(),
                        "digit": n.digit.get(),
                        "on": n.on,
                        "als": n.als.iter().map(|&c| rc(layout, c)).collect::<Vec<_>>(),
                    })).collect::<Vec<_>>(),
                    "links": ch.links,
                    "loop": ch.is_loop(),
                    "text": chain_text(layout, ch),
                })
            })
            .collect();
        json!({
            "technique": info.id,
            "name": info.name,
            "hodoku": info.hodoku,
            "se": (f64::from(step.se) * 10.0).round() / 10.0,
            "level": info.level,
            "uniqueness": info.uniqueness,
            "digits": step.digits.iter().map(|d| d.get()).collect::<Vec<_>>(),
            "placements": step.placements.iter().map(|&p| rcd(layout, p)).collect::<Vec<_>>(),
            "eliminations": step.eliminations.iter().map(|&e| rcd(layout, e)).collect::<Vec<_>>(),
            "highlight": {
                "cells": step.highlight.cells.iter().map(|&c| rc(layout, c)).collect::<Vec<_>>(),
                "candidates": step.highlight.candidates.iter().map(|&(cand, role)| {
                    let mut v = rcd(layout, cand);
                    v["role"] = serde_json::to_value(role).unwrap_or(Value::Null);
                    v
                }).collect::<Vec<_>>(),
                "houses": step.highlight.houses.iter().map(|&h| json!({
                    "index": h.index(),
                    "name": house_name(layout, h),
                })).collect::<Vec<_>>(),
                "chains": chains,
            },
            "text": step.text,
        })
    }

    /// The typed form writes every object's keys in sorted order, as a `Value` map does, so
    /// it prints exactly the text of the `Value` form: on every step of a path through
    /// singles, subsets, wings, chains (nodes, links), ALS and forcing chains, and a 16×16.
    #[test]
    fn typed_step_json_prints_what_the_value_form_does() {
        use sudokit_core::format::{InputFormat, parse_one};
        let solver = crate::solver::LogicSolver::default();
        let (mut steps, mut chains, mut roles) = (0, 0, 0);
        for puzzle in [
            // top95's first, Tarek-052 (data/examples/puzzles.txt), the first 16x16 of
            // data/examples/16x16.txt.
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "..1..4.......6.3.5...9.....8.....7.3.......285...7.6..3...8...6..92......4...1...",
            "1.3..58.D..BE...F..7D.2B.96.1C.A.G..E.6........7...4.C...58.....C.A.5....2BE..415......E.6.1C3A.G....64....F587....1C3AF5.7DG2.E3AF587D..B.9641C8..G.B..64...AF52..9.4.C...5.7.G..1.3A.5.7....E.A..8..G.B.9...C37D....9.41C3AF.8.E..4..3.....DG..1C...5..DG....6",
        ] {
            let p = parse_one(puzzle, InputFormat::Auto).unwrap();
            let path = solver.solve(&p, &sudokit_core::Budget::unlimited());
            for step in &path.steps {
                let typed = serde_json::to_string(&StepJson {
                    layout: p.layout(),
                    step,
                })
                .unwrap();
                let value = serde_json::to_string(&step_json(p.layout(), step)).unwrap();
                assert_eq!(typed, value);
                // And the same keys and values as the form built field by field.
                let reference = serde_json::to_string(&value_form(p.layout(), step)).unwrap();
                assert_eq!(typed, reference);
                steps += 1;
                chains += step.highlight.chains.len();
                roles += step.highlight.candidates.len();
            }
        }
        assert!(
            steps > 200 && chains >= 2 && roles > 300,
            "{steps} {chains} {roles}"
        );
    }

    /// Candidates from (row, column, digit), 1-based as the text names them.
    fn cands(layout: &Layout, list: &[(usize, usize, u8)]) -> Vec<Candidate> {
        list.iter()
            .map(|&(r, c, d)| {
                let cell = Cell(((r - 1) * layout.size() + c - 1) as u16);
                Candidate::new(cell, Digit::new(d).unwrap())
            })
            .collect()
    }

    /// Cells losing the same digits are named together with a plural verb; a cell alone takes
    /// the singular; groups follow the order in which their first cell is eliminated.
    #[test]
    fn eliminations_read_as_a_clause_in_the_right_number() {
        let l = Layout::standard(9).unwrap();
        let text = |list: &[(usize, usize, u8)]| eliminations_text(&l, &cands(&l, list));
        assert_eq!(text(&[(1, 3, 2)]), "r1c3 loses 2");
        assert_eq!(text(&[(5, 3, 1), (6, 3, 1)]), "r5c3 and r6c3 lose 1");
        // Grouped by digit in the input (as finders emit them): regrouped by cell.
        let mixed = [
            (6, 6, 4),
            (6, 6, 5),
            (5, 6, 5),
            (6, 6, 7),
            (5, 6, 7),
            (6, 6, 9),
            (5, 6, 9),
        ];
        assert_eq!(
            text(&mixed),
            "r6c6 loses 4, 5, 7 and 9; r5c6 loses 5, 7 and 9"
        );
        let split = [(4, 5, 4), (8, 5, 4), (4, 5, 5), (9, 5, 5)];
        assert_eq!(
            text(&split),
            "r4c5 loses 4 and 5; r8c5 loses 4; r9c5 loses 5"
        );
        assert_eq!(eliminations_text(&l, &[]), "");
        // Three cells and more are listed with commas; a candidate given twice counts once.
        let three = [(1, 1, 3), (1, 2, 3), (1, 1, 3), (1, 9, 3), (2, 2, 3)];
        assert_eq!(text(&three), "r1c1, r1c2, r1c9 and r2c2 lose 3");
        // Names and digits of a bigger grid.
        let l16 = Layout::standard(16).unwrap();
        let big = cands(&l16, &[(16, 12, 16), (16, 12, 10), (2, 1, 10)]);
        assert_eq!(
            eliminations_text(&l16, &big),
            "r16c12 loses 10 and 16; r2c1 loses 10"
        );
        let cells = [Cell(0), Cell(10)];
        assert_eq!(cells_subject(&l, &cells[..1], "sees", "see"), "r1c1 sees");
        assert_eq!(
            cells_subject(&l, &cells, "sees", "see"),
            "r1c1 and r2c2 see"
        );
    }
}
