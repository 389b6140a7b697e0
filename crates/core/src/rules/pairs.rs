//! Digit-pair rules: kropki dots (difference, ratio), XV, greater-than, the grid-wide
//! non-consecutive rule and the negative constraint. Each check restates the rule on two digits.

use super::{Check, Filled, Marks, Pos, Rule};

fn two(g: &Filled<'_>, cells: &[Pos]) -> (u32, u32) {
    (g.at(cells[0]), g.at(cells[1]))
}

fn broken(cells: &[Pos], a: u32, b: u32, what: &str) -> Check {
    Err(format!("{} = {a} and {} = {b} {what}", cells[0], cells[1]))
}

pub(super) fn difference(g: &Filled<'_>, cells: &[Pos], value: u32) -> Check {
    let (a, b) = two(g, cells);
    if a.abs_diff(b) == value {
        Ok(())
    } else {
        broken(cells, a, b, &format!("do not differ by {value}"))
    }
}

pub(super) fn ratio(g: &Filled<'_>, cells: &[Pos], value: u32) -> Check {
    let (a, b) = two(g, cells);
    if a == b * value || b == a * value {
        Ok(())
    } else {
        broken(cells, a, b, &format!("are not in ratio {value}"))
    }
}

pub(super) fn xv(g: &Filled<'_>, cells: &[Pos], sum: u32) -> Check {
    let (a, b) = two(g, cells);
    if a + b == sum {
        Ok(())
    } else {
        broken(cells, a, b, &format!("do not sum to {sum}"))
    }
}

pub(super) fn greater_than(g: &Filled<'_>, cells: &[Pos]) -> Check {
    let (a, b) = two(g, cells);
    if a > b {
        Ok(())
    } else {
        broken(cells, a, b, "but the first must be greater")
    }
}

pub(super) fn nonconsecutive(g: &Filled<'_>) -> Check {
    for (p, q) in g.orthogonal_pairs() {
        let (a, b) = (g.at(p), g.at(q));
        if a.abs_diff(b) == 1 {
            return broken(&[p, q], a, b, "are adjacent and consecutive");
        }
    }
    Ok(())
}

/// Whether the unordered pair `{p, q}` is marked by a rule of the kind `marks` names.
pub fn marked(rules: &[Rule], marks: Marks, p: Pos, q: Pos) -> bool {
    rules.iter().any(|r| {
        let cells = match (marks, r) {
            (Marks::Difference, Rule::Difference { cells, .. })
            | (Marks::Ratio, Rule::Ratio { cells, .. })
            | (Marks::Xv, Rule::Xv { cells, .. }) => cells,
            _ => return false,
        };
        cells.len() == 2 && ((cells[0], cells[1]) == (p, q) || (cells[0], cells[1]) == (q, p))
    })
}

/// The values an unmarked pair must avoid: the standard mark's value and every value a marked
/// pair of the same kind uses.
pub fn negative_values(rules: &[Rule], marks: Marks) -> Vec<u32> {
    let mut values: Vec<u32> = match marks {
        Marks::Difference => vec![1],
        Marks::Ratio => vec![2],
        Marks::Xv => vec![5, 10],
    };
    for r in rules {
        match (marks, r) {
            (Marks::Difference, Rule::Difference { value, .. }) => values.push(value.unwrap_or(1)),
            (Marks::Ratio, Rule::Ratio { value, .. }) => values.push(value.unwrap_or(2)),
            (Marks::Xv, Rule::Xv { sum, .. }) => values.push(*sum),
            _ => {}
        }
    }
    values.sort_unstable();
    values.dedup();
    values
}

pub(super) fn negative(g: &Filled<'_>, marks: Marks) -> Check {
    let values = negative_values(g.rules, marks);
    for (p, q) in g.orthogonal_pairs() {
        if marked(g.rules, marks, p, q) {
            continue;
        }
        let (a, b) = (g.at(p), g.at(q));
        let hit = values.iter().find(|&&v| match marks {
            Marks::Difference => a.abs_diff(b) == v,
            Marks::Ratio => a == b * v || b == a * v,
            Marks::Xv => a + b == v,
        });
        if let Some(v) = hit {
            return broken(&[p, q], a, b, &format!("are unmarked but qualify ({v})"));
        }
    }
    Ok(())
}
