//! Lines: thermometers, arrows, renban, German whispers, palindromes, between lines, entropic
//! lines and zippers. Each check walks the line in the order the rule is written.

use super::{Check, Filled, Pos};

pub(super) fn thermo(g: &Filled<'_>, cells: &[Pos], slow: bool) -> Check {
    for w in cells.windows(2) {
        let (a, b) = (g.at(w[0]), g.at(w[1]));
        if a > b || (a == b && !slow) {
            return Err(format!("{} = {a} then {} = {b} does not rise", w[0], w[1]));
        }
    }
    Ok(())
}

pub(super) fn arrow(g: &Filled<'_>, circle: &[Pos], cells: &[Pos]) -> Check {
    let number = circle
        .iter()
        .fold(0u64, |acc, &p| acc * 10 + u64::from(g.at(p)));
    let sum: u64 = cells.iter().map(|&p| u64::from(g.at(p))).sum();
    if number == sum {
        Ok(())
    } else {
        Err(format!(
            "the circle reads {number} but the line sums to {sum}"
        ))
    }
}

pub(super) fn renban(g: &Filled<'_>, cells: &[Pos]) -> Check {
    super::sums::distinct_digits(g, cells)?;
    let d = g.digits(cells);
    let (lo, hi) = (d.iter().min().copied(), d.iter().max().copied());
    match (lo, hi) {
        (Some(lo), Some(hi)) if (hi - lo) as usize + 1 == d.len() => Ok(()),
        _ => Err(format!("the digits {d:?} are not consecutive")),
    }
}

pub(super) fn whispers(g: &Filled<'_>, cells: &[Pos], least: u32) -> Check {
    for w in cells.windows(2) {
        let (a, b) = (g.at(w[0]), g.at(w[1]));
        if a.abs_diff(b) < least {
            return Err(format!(
                "{} = {a} and {} = {b} differ by less than {least}",
                w[0], w[1]
            ));
        }
    }
    Ok(())
}

pub(super) fn palindrome(g: &Filled<'_>, cells: &[Pos]) -> Check {
    let k = cells.len();
    for i in 0..k / 2 {
        let (p, q) = (cells[i], cells[k - 1 - i]);
        if g.at(p) != g.at(q) {
            return Err(format!("{p} = {} but {q} = {}", g.at(p), g.at(q)));
        }
    }
    Ok(())
}

pub(super) fn between(g: &Filled<'_>, cells: &[Pos]) -> Check {
    let (a, b) = (g.at(cells[0]), g.at(cells[cells.len() - 1]));
    let (lo, hi) = (a.min(b), a.max(b));
    for &p in &cells[1..cells.len() - 1] {
        let x = g.at(p);
        if x <= lo || x >= hi {
            return Err(format!("{p} = {x} is not strictly between {lo} and {hi}"));
        }
    }
    Ok(())
}

pub(super) fn entropic(g: &Filled<'_>, cells: &[Pos]) -> Check {
    let third = (g.n / 3) as u32;
    let class = |x: u32| (x - 1) / third;
    for w in cells.windows(3) {
        let (a, b, c) = (class(g.at(w[0])), class(g.at(w[1])), class(g.at(w[2])));
        if a == b || b == c || a == c {
            return Err(format!(
                "{} {} {} do not hold one low, one middle and one high digit",
                w[0], w[1], w[2]
            ));
        }
    }
    if cells.len() == 2 && class(g.at(cells[0])) == class(g.at(cells[1])) {
        return Err(format!(
            "{} and {} are in the same third",
            cells[0], cells[1]
        ));
    }
    Ok(())
}

pub(super) fn zipper(g: &Filled<'_>, cells: &[Pos]) -> Check {
    let k = cells.len();
    let target = if k % 2 == 1 {
        g.at(cells[k / 2])
    } else {
        g.at(cells[0]) + g.at(cells[k - 1])
    };
    for i in 0..k / 2 {
        let (p, q) = (cells[i], cells[k - 1 - i]);
        let s = g.at(p) + g.at(q);
        if s != target {
            return Err(format!("{p} + {q} = {s}, not {target}"));
        }
    }
    Ok(())
}
