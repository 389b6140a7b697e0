//! Cages and sums: killer cages, little killers, sandwiches, X-sums, skyscrapers and region-sum
//! lines. Each check adds up the digits the rule's wording names.

use super::{Check, Filled, Pos};

fn total(digits: &[u32]) -> u32 {
    digits.iter().sum()
}

pub(super) fn distinct_digits(g: &Filled<'_>, cells: &[Pos]) -> Check {
    for (i, &p) in cells.iter().enumerate() {
        for &q in &cells[i + 1..] {
            if g.at(p) == g.at(q) {
                return Err(format!("{p} and {q} both hold {}", g.at(p)));
            }
        }
    }
    Ok(())
}

pub(super) fn killer(g: &Filled<'_>, cells: &[Pos], sum: Option<u32>) -> Check {
    distinct_digits(g, cells)?;
    let got = total(&g.digits(cells));
    match sum {
        Some(s) if s != got => Err(format!("the cage sums to {got}, not {s}")),
        _ => Ok(()),
    }
}

pub(super) fn little_killer(g: &Filled<'_>, cells: &[Pos], sum: u32) -> Check {
    let got = total(&g.digits(cells));
    if got == sum {
        Ok(())
    } else {
        Err(format!("the diagonal sums to {got}, not {sum}"))
    }
}

pub(super) fn sandwich(g: &Filled<'_>, cells: &[Pos], sum: u32) -> Check {
    let d = g.digits(cells);
    let lo = d.iter().position(|&x| x == 1);
    let hi = d.iter().position(|&x| x as usize == g.n);
    let (Some(a), Some(b)) = (lo, hi) else {
        return Err(format!("the line does not hold both 1 and {}", g.n));
    };
    let (a, b) = (a.min(b), a.max(b));
    let got = total(&d[a + 1..b]);
    if got == sum {
        Ok(())
    } else {
        Err(format!(
            "the digits between 1 and {} sum to {got}, not {sum}",
            g.n
        ))
    }
}

pub(super) fn x_sum(g: &Filled<'_>, cells: &[Pos], sum: u32) -> Check {
    let d = g.digits(cells);
    let x = d[0] as usize;
    let got = total(&d[..x.min(d.len())]);
    if got == sum {
        Ok(())
    } else {
        Err(format!("the first {x} digits sum to {got}, not {sum}"))
    }
}

pub(super) fn skyscraper(g: &Filled<'_>, cells: &[Pos], count: u32) -> Check {
    let mut highest = 0;
    let mut seen = 0;
    for x in g.digits(cells) {
        if x > highest {
            highest = x;
            seen += 1;
        }
    }
    if seen == count {
        Ok(())
    } else {
        Err(format!("{seen} digits are visible, not {count}"))
    }
}

pub(super) fn region_sum(g: &Filled<'_>, cells: &[Pos]) -> Check {
    let mut sums = Vec::new();
    let mut run = 0;
    for (i, &p) in cells.iter().enumerate() {
        run += g.at(p);
        let region = g.region_of[p.index(g.n)];
        let ends = cells
            .get(i + 1)
            .is_none_or(|&q| g.region_of[q.index(g.n)] != region);
        if ends {
            sums.push(run);
            run = 0;
        }
    }
    if sums.windows(2).all(|w| w[0] == w[1]) {
        Ok(())
    } else {
        Err(format!(
            "the line's segments sum to {sums:?}, not all equal"
        ))
    }
}
