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

/// `5 from r2c3 and r4c3; 7 from r1c1` — eliminations grouped by digit.
pub fn eliminations_text(layout: &Layout, elims: &[Candidate]) -> String {
    let mut digits: Vec<Digit> = elims.iter().map(|e| e.digit).collect();
    digits.sort();
    digits.dedup();
    let parts: Vec<String> = digits
        .iter()
        .map(|&d| {
            let cells: Vec<Cell> = elims
                .iter()
                .filter(|e| e.digit == d)
                .map(|e| e.cell)
                .collect();
            format!("{d} from {}", cells_name(layout, &cells))
        })
        .collect();
    parts.join("; ")
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
