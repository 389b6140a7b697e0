//! Rendering: names of cells (`r3c5`), houses (`row 3`, `box 2`) and candidate lists for the
//! sentences techniques write, and the JSON form of a [`Step`].
//!
//! Design decision: rows, columns and digits are 1-based everywhere a person or a script reads
//! them (text and JSON alike); indices stay 0-based inside the library.

use std::fmt::Write as _;

use serde_json::{Value, json};
use sudokit_core::{Cell, Digit, House, Layout};

use crate::step::{Candidate, Chain, LinkKind, Step};

/// `r3c5` (1-based).
pub fn cell_name(layout: &Layout, cell: Cell) -> String {
    let (r, c) = cell.row_col(layout.size());
    format!("r{}c{}", r + 1, c + 1)
}

/// `r1c2, r1c5 and r3c4`.
pub fn cells_name(layout: &Layout, cells: &[Cell]) -> String {
    let names: Vec<String> = cells.iter().map(|&c| cell_name(layout, c)).collect();
    join_and(&names)
}

/// `row 3`, `column 2`, `box 5`, `region 4`, `the main diagonal`.
pub fn house_name(layout: &Layout, house: House) -> String {
    layout.house_kind(house).to_string()
}

/// `1`, `1 and 2`, `1, 2 and 3`.
pub fn digits_name(digits: &[Digit]) -> String {
    let names: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
    join_and(&names)
}

/// Joins with commas and a final "and".
pub fn join_and(items: &[String]) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        _ => format!(
            "{} and {}",
            items[..items.len() - 1].join(", "),
            items[items.len() - 1]
        ),
    }
}

/// `r2c3 and r4c3 lose 5; r1c1 loses 5 and 7` — what each cell loses, as a clause for a
/// sentence: cells losing the same digits are named together, groups in the order their first
/// cell is eliminated, each with the verb its number takes.
pub fn eliminations_text(layout: &Layout, elims: &[Candidate]) -> String {
    // Each cell's removed digits, cells in order of first elimination.
    let mut per_cell: Vec<(Cell, Vec<Digit>)> = Vec::new();
    for e in elims {
        match per_cell.iter_mut().find(|(c, _)| *c == e.cell) {
            Some((_, ds)) => ds.push(e.digit),
            None => per_cell.push((e.cell, vec![e.digit])),
        }
    }
    for (_, ds) in &mut per_cell {
        ds.sort();
        ds.dedup();
    }
    let mut groups: Vec<(Vec<Cell>, &[Digit])> = Vec::new();
    for (c, ds) in &per_cell {
        match groups.iter_mut().find(|(_, gd)| *gd == ds.as_slice()) {
            Some((cells, _)) => cells.push(*c),
            None => groups.push((vec![*c], ds)),
        }
    }
    let parts: Vec<String> = groups
        .iter()
        .map(|(cells, ds)| {
            format!(
                "{} {}",
                cells_subject(layout, cells, "loses", "lose"),
                digits_name(ds)
            )
        })
        .collect();
    parts.join("; ")
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

fn rc(layout: &Layout, cell: Cell) -> Value {
    let (r, c) = cell.row_col(layout.size());
    json!({"row": r + 1, "col": c + 1})
}

fn rcd(layout: &Layout, cand: Candidate) -> Value {
    let (r, c) = cand.cell.row_col(layout.size());
    json!({"row": r + 1, "col": c + 1, "digit": cand.digit.get()})
}

/// The JSON form of a step: `technique` (id), `name`, `hodoku` (code or null), `se`,
/// `level`, `digits`, `placements` and `eliminations` as `{"row","col","digit"}` (1-based),
/// `highlight` and `text`.
pub fn step_json(layout: &Layout, step: &Step) -> Value {
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
        let cells = [Cell(0), Cell(10)];
        assert_eq!(cells_subject(&l, &cells[..1], "sees", "see"), "r1c1 sees");
        assert_eq!(
            cells_subject(&l, &cells, "sees", "see"),
            "r1c1 and r2c2 see"
        );
    }
}
