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
    write_chain_text(&mut s, layout, chain);
    s
}

/// Appends [`chain_text`] to `s` (the JSON writer puts it straight into its output).
fn write_chain_text(s: &mut String, layout: &Layout, chain: &Chain) {
    let n = layout.size();
    let cell = |s: &mut String, c: Cell| {
        let (r, c) = c.row_col(n);
        s.push('r');
        write_uint(s, r + 1);
        s.push('c');
        write_uint(s, c + 1);
    };
    for (i, node) in chain.nodes.iter().enumerate() {
        s.push('(');
        write_uint(s, usize::from(node.digit.get()));
        s.push(')');
        if node.cells.len() == 1 {
            cell(s, node.cells[0]);
        } else {
            s.push('[');
            for (k, &c) in node.cells.iter().enumerate() {
                if k > 0 {
                    s.push(',');
                }
                cell(s, c);
            }
            s.push(']');
        }
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
        s.push('(');
        write_uint(s, usize::from(first.digit.get()));
        s.push(')');
        cell(s, first.cells[0]);
    }
}

/// Appends `n` in decimal (what `{}` prints), the one- and two-digit numbers of rows,
/// columns, digits and houses without the formatting machinery.
fn write_uint(s: &mut String, n: usize) {
    if n < 10 {
        s.push(char::from(b'0' + n as u8));
    } else if n < 100 {
        s.push(char::from(b'0' + (n / 10) as u8));
        s.push(char::from(b'0' + (n % 10) as u8));
    } else {
        let _ = write!(s, "{n}");
    }
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

impl StepJson<'_> {
    /// Appends the step's JSON text to `out`: the very bytes `serde_json::to_string` prints
    /// for it (its [`Serialize`] impl), written directly.
    ///
    /// Design decision: `explain -f json` spent about 3% of its time in serde's generic
    /// machinery for the steps (a map entry per key, `fmt` for every number, a byte-at-a-time
    /// escape scan), so the command line writes steps with this writer: constant key text,
    /// small numbers by hand, strings escaped as serde_json escapes them ([`write_json_str`])
    /// and the `se` float formatted by serde_json itself. The [`Serialize`] impl stays for
    /// `Value`s and other serializers; a test holds the two to the same bytes on hard paths.
    pub fn write_to(&self, out: &mut String) {
        let (l, step) = (self.layout, self.step);
        let info = step.technique;
        out.push_str("{\"digits\":[");
        for (i, d) in step.digits.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            write_uint(out, usize::from(d.get()));
        }
        out.push_str("],\"eliminations\":");
        write_rcds(out, l, step.eliminations.iter().map(|&e| (e, None)));
        let h = &step.highlight;
        out.push_str(",\"highlight\":{\"candidates\":");
        write_rcds(out, l, h.candidates.iter().map(|&(c, r)| (c, Some(r))));
        out.push_str(",\"cells\":");
        write_rcs(out, l, &h.cells);
        out.push_str(",\"chains\":[");
        for (i, ch) in h.chains.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            write_chain(out, l, ch);
        }
        out.push_str("],\"houses\":[");
        for (i, &house) in h.houses.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str("{\"index\":");
            write_uint(out, house.index());
            out.push_str(",\"name\":");
            write_json_str_with(out, |s| {
                let _ = write!(s, "{}", l.house_kind(house));
            });
            out.push('}');
        }
        out.push_str("]},\"hodoku\":");
        match info.hodoku {
            Some(code) => write_json_str(out, code),
            None => out.push_str("null"),
        }
        out.push_str(",\"level\":\"");
        out.push_str(level_json(info.level));
        out.push_str("\",\"name\":");
        write_json_str(out, info.name);
        out.push_str(",\"placements\":");
        write_rcds(out, l, step.placements.iter().map(|&p| (p, None)));
        out.push_str(",\"se\":");
        // serde_json's own float text (`Number`'s `Display` formats as its serializer does);
        // a non-finite float is `null` there too.
        match serde_json::Number::from_f64((f64::from(step.se) * 10.0).round() / 10.0) {
            Some(se) => {
                let _ = write!(out, "{se}");
            }
            None => out.push_str("null"),
        }
        out.push_str(",\"technique\":");
        write_json_str(out, info.id);
        out.push_str(",\"text\":");
        write_json_str(out, &step.text);
        out.push_str(if info.uniqueness {
            ",\"uniqueness\":true}"
        } else {
            ",\"uniqueness\":false}"
        });
    }
}

/// Candidates as [`Rcd`] writes them, in a JSON array.
fn write_rcds(
    out: &mut String,
    l: &Layout,
    cands: impl Iterator<Item = (Candidate, Option<Role>)>,
) {
    out.push('[');
    for (i, (cand, role)) in cands.enumerate() {
        if i > 0 {
            out.push(',');
        }
        let (r, c) = cand.cell.row_col(l.size());
        out.push_str("{\"col\":");
        write_uint(out, c + 1);
        out.push_str(",\"digit\":");
        write_uint(out, usize::from(cand.digit.get()));
        if let Some(role) = role {
            out.push_str(",\"role\":\"");
            out.push_str(role_json(role));
            out.push('"');
        }
        out.push_str(",\"row\":");
        write_uint(out, r + 1);
        out.push('}');
    }
    out.push(']');
}

/// Cells as [`Rc`] writes them, in a JSON array.
fn write_rcs(out: &mut String, l: &Layout, cells: &[Cell]) {
    out.push('[');
    for (i, cell) in cells.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let (r, c) = cell.row_col(l.size());
        out.push_str("{\"col\":");
        write_uint(out, c + 1);
        out.push_str(",\"row\":");
        write_uint(out, r + 1);
        out.push('}');
    }
    out.push(']');
}

/// A chain as [`ChainJson`] writes it.
fn write_chain(out: &mut String, l: &Layout, ch: &Chain) {
    out.push_str("{\"links\":[");
    for (i, &link) in ch.links.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(link_json(link));
    }
    out.push_str(if ch.is_loop() {
        "],\"loop\":true,\"nodes\":["
    } else {
        "],\"loop\":false,\"nodes\":["
    });
    for (i, n) in ch.nodes.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"als\":");
        write_rcs(out, l, &n.als);
        out.push_str(",\"cells\":");
        write_rcs(out, l, &n.cells);
        out.push_str(",\"digit\":");
        write_uint(out, usize::from(n.digit.get()));
        out.push_str(if n.on {
            ",\"on\":true}"
        } else {
            ",\"on\":false}"
        });
    }
    out.push_str("],\"text\":");
    write_json_str_with(out, |s| write_chain_text(s, l, ch));
    out.push('}');
}

/// A [`Level`](crate::Level) as its `Serialize` impl names it.
fn level_json(level: crate::Level) -> &'static str {
    use crate::Level::*;
    match level {
        Easy => "easy",
        Medium => "medium",
        Hard => "hard",
        Unfair => "unfair",
        Extreme => "extreme",
    }
}

/// A [`Role`] as its `Serialize` impl names it.
fn role_json(role: Role) -> &'static str {
    match role {
        Role::Pattern => "pattern",
        Role::Fin => "fin",
        Role::Eliminated => "eliminated",
        Role::Placed => "placed",
        Role::ColorA => "color-a",
        Role::ColorB => "color-b",
        Role::ColorC => "color-c",
        Role::ColorD => "color-d",
    }
}

/// A [`LinkKind`] as its `Serialize` impl writes it (quoted).
fn link_json(link: LinkKind) -> &'static str {
    match link {
        LinkKind::Strong => "\"strong\"",
        LinkKind::Weak => "\"weak\"",
    }
}

/// Whether serde_json escapes byte `b` in a string: `"`, `\` and the control bytes below
/// 0x20 (not 0x7f, not the bytes of non-ASCII characters).
fn needs_escape(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
}

/// Appends `s` as a JSON string, quoted and escaped exactly as serde_json escapes it:
/// `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, other control bytes as `\u00xx` (lower-case
/// hex), everything else as it is. Runs without such bytes (checked 32 bytes at a time,
/// a loop without early exit the compiler vectorizes) are copied whole.
pub fn write_json_str(out: &mut String, s: &str) {
    out.push('"');
    write_escaped(out, s);
    out.push('"');
}

/// [`write_json_str`] of the text `write` appends, written in place (escaped afterwards in
/// the rare case it holds a byte to escape).
fn write_json_str_with(out: &mut String, write: impl FnOnce(&mut String)) {
    out.push('"');
    let start = out.len();
    write(out);
    if out.as_bytes()[start..].iter().any(|&b| needs_escape(b)) {
        let raw = out.split_off(start);
        write_escaped(out, &raw);
    }
    out.push('"');
}

/// The body of [`write_json_str`].
fn write_escaped(out: &mut String, s: &str) {
    const CHUNK: usize = 32;
    let bytes = s.as_bytes();
    // `clean` bytes from `start` are still to copy.
    let mut start = 0;
    let mut at = 0;
    while at < bytes.len() {
        let end = (at + CHUNK).min(bytes.len());
        let chunk = &bytes[at..end];
        if !chunk.iter().fold(false, |any, &b| any | needs_escape(b)) {
            at = end;
            continue;
        }
        for (k, &b) in chunk.iter().enumerate() {
            if !needs_escape(b) {
                continue;
            }
            let i = at + k;
            // `i` is an ASCII byte, so a character boundary.
            out.push_str(&s[start..i]);
            match b {
                b'"' => out.push_str("\\\""),
                b'\\' => out.push_str("\\\\"),
                0x08 => out.push_str("\\b"),
                0x0c => out.push_str("\\f"),
                b'\n' => out.push_str("\\n"),
                b'\r' => out.push_str("\\r"),
                b'\t' => out.push_str("\\t"),
                _ => {
                    const HEX: &[u8; 16] = b"0123456789abcdef";
                    out.push_str("\\u00");
                    out.push(char::from(HEX[usize::from(b >> 4)]));
                    out.push(char::from(HEX[usize::from(b & 0xf)]));
                }
            }
            start = i + 1;
        }
        at = end;
    }
    out.push_str(&s[start..]);
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

    /// [`chain_text`] as it was written with `format!` before it wrote numbers by hand (an
    /// independent reference).
    fn chain_text_by_format(layout: &Layout, chain: &Chain) -> String {
        let mut s = String::new();
        for (i, node) in chain.nodes.iter().enumerate() {
            let cells = if node.cells.len() == 1 {
                cell_name(layout, node.cells[0])
            } else {
                let names: Vec<String> = node.cells.iter().map(|&c| cell_name(layout, c)).collect();
                format!("[{}]", names.join(","))
            };
            let _ = write!(s, "({}){}", node.digit, cells);
            if let Some(link) = chain.links.get(i) {
                s.push(if *link == LinkKind::Strong { '=' } else { '-' });
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

    /// [`StepJson::write_to`] appends exactly the bytes serde_json prints for the step: on
    /// every step of hard paths in HoDoKu's and SE's orders (chains, nets, ALS, uniqueness,
    /// guesses) and of a 16×16, each appended after text already in the buffer; and chains'
    /// texts are what they were when written with `format!`.
    #[test]
    fn written_step_json_is_what_serde_json_prints() {
        use std::collections::BTreeSet;
        use sudokit_core::format::{InputFormat, parse_one};
        let hard = include_str!("../../../data/logic/top1465-200.txt");
        let sixteen = "1.3..58.D..BE...F..7D.2B.96.1C.A.G..E.6........7...4.C...58.....C.A.5....2BE..415......E.6.1C3A.G....64....F587....1C3AF5.7DG2.E3AF587D..B.9641C8..G.B..64...AF52..9.4.C...5.7.G..1.3A.5.7....E.A..8..G.B.9...C37D....9.41C3AF.8.E..4..3.....DG..1C...5..DG....6";
        let mut seen = BTreeSet::new();
        let (mut steps, mut bytes) = (0, 0);
        let mut out = String::from("x");
        for order in [crate::Order::Hodoku, crate::Order::Se] {
            let solver = crate::LogicSolver::new(order);
            let puzzles = hard.lines().filter(|l| l.len() >= 81).take(12);
            for puzzle in puzzles.map(|l| &l[..81]).chain([sixteen]) {
                let p = parse_one(puzzle, InputFormat::Auto).unwrap();
                let path = solver.solve(&p, &sudokit_core::Budget::unlimited());
                for step in &path.steps {
                    let json = StepJson {
                        layout: p.layout(),
                        step,
                    };
                    let at = out.len();
                    json.write_to(&mut out);
                    assert_eq!(&out[at..], serde_json::to_string(&json).unwrap());
                    bytes += out.len() - at;
                    out.truncate(1);
                    for ch in &step.highlight.chains {
                        assert_eq!(
                            chain_text(p.layout(), ch),
                            chain_text_by_format(p.layout(), ch)
                        );
                    }
                    seen.insert(step.technique.id);
                    steps += 1;
                }
            }
        }
        for family in [
            "forcing-net",
            "forcing-chain",
            "als-",
            "unique",
            "guess",
            "loop",
        ] {
            assert!(
                seen.iter().any(|id| id.contains(family)),
                "{family}: {seen:?}"
            );
        }
        assert!(
            steps > 1_000 && bytes > 1_000_000,
            "{steps} steps, {bytes} bytes"
        );
    }

    /// Strings are escaped as serde_json escapes them (quotes, backslashes, every control
    /// byte, in and across the 32-byte runs checked at once; 0x7f and non-ASCII text as they
    /// are), and `se` is the float text serde_json prints (`null` when not finite).
    #[test]
    fn written_strings_and_floats_are_what_serde_json_prints() {
        let mut texts: Vec<String> = (0u8..0x80)
            .map(|b| format!("a{}b", char::from(b)))
            .collect();
        texts.push("r1c1≠5 — \"so\" \\ r2c2 ⇒ 3\n\tand\r\u{8}\u{c}\u{1f}\u{7f} é".into());
        for at in [0, 1, 30, 31, 32, 33, 63, 64, 65, 95] {
            let mut t = "≠".repeat(40);
            // Byte `at` of an ASCII run after the non-ASCII text.
            let mut ascii = "x".repeat(100).into_bytes();
            ascii[at] = b'"';
            ascii[(at + 7) % 100] = b'\n';
            t.push_str(std::str::from_utf8(&ascii).unwrap());
            texts.push(t.clone());
            texts.push(t[120..].to_string());
        }
        texts.push(String::new());
        let info = crate::techniques::lookup("guess").unwrap().info();
        let layout = Layout::standard(9).unwrap();
        let ses = [
            0.0,
            1.0,
            1.2,
            2.3,
            4.5,
            7.0,
            7.05,
            8.35,
            10.2,
            11.9,
            1e-7,
            1e17,
            f32::NAN,
        ];
        // A step with `text` and `se`, written both ways.
        let same = |text: &str, se: f32| {
            let mut step = Step::new(info);
            step.text = text.to_string();
            step.se = se;
            let json = StepJson {
                layout: &layout,
                step: &step,
            };
            let mut out = String::new();
            json.write_to(&mut out);
            assert_eq!(out, serde_json::to_string(&json).unwrap(), "{text:?} {se}");
        };
        for (i, text) in texts.iter().enumerate() {
            same(text, ses[i % ses.len()]);
            let mut s = String::new();
            write_json_str(&mut s, text);
            assert_eq!(s, serde_json::to_string(text).unwrap());
        }
        for se in ses {
            same("", se);
        }
        // Every role, level and link kind by the names their `Serialize` impls give.
        use Role::*;
        for role in [
            Pattern, Fin, Eliminated, Placed, ColorA, ColorB, ColorC, ColorD,
        ] {
            assert_eq!(
                format!("\"{}\"", role_json(role)),
                serde_json::to_string(&role).unwrap()
            );
        }
        use crate::Level::*;
        for level in [Easy, Medium, Hard, Unfair, Extreme] {
            assert_eq!(
                format!("\"{}\"", level_json(level)),
                serde_json::to_string(&level).unwrap()
            );
        }
        for link in [LinkKind::Strong, LinkKind::Weak] {
            assert_eq!(link_json(link), serde_json::to_string(&link).unwrap());
        }
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
