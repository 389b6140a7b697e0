//! Names for people: cells (`r3c5`), houses (`row 3`, `box 2`), digit lists and the
//! "a, b and c" joins the sentences of both solvers use.
//!
//! Design decision: rows, columns and digits are 1-based everywhere a person or a script reads
//! them; indices stay 0-based inside the library. The names live here, below both solvers, so
//! the finders' sentences and the rater's hints cannot drift apart; [`crate::render`]
//! re-exports them for the crate's users.

use sudokit_core::{Cell, Digit, House, Layout};

/// `r3c5` (1-based).
pub fn cell_name(layout: &Layout, cell: Cell) -> String {
    cell_at(layout.size(), cell.index())
}

/// `r3c5` (1-based) for the cell of index `cell` on a grid of side `n`: what
/// [`cell_name`] prints, for code that holds plain indices (the SE rater).
pub(crate) fn cell_at(n: usize, cell: usize) -> String {
    format!("r{}c{}", cell / n + 1, cell % n + 1)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_named_alike_from_a_layout_or_an_index() {
        let l = Layout::standard(9).unwrap();
        assert_eq!(cell_name(&l, Cell(0)), "r1c1");
        assert_eq!(cell_name(&l, Cell(80)), "r9c9");
        for i in 0..81u16 {
            assert_eq!(cell_name(&l, Cell(i)), cell_at(9, i as usize));
        }
        assert_eq!(
            join_and(&["a".into(), "b".into(), "c".into()]),
            "a, b and c"
        );
    }
}
