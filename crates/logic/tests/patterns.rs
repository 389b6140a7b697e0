//! Single-digit patterns, wings, remote pair and colouring beyond 9×9: hand-built candidate
//! grids on a 6×6 layout (2×3 boxes), where 3×3 arithmetic would give other answers, with
//! the expected eliminations worked out by hand; and every instance these techniques find
//! along the solving paths of the repo's variant examples (other sizes, jigsaw, X) checked
//! against the solution an engine found.

use std::collections::BTreeSet;
use std::sync::Arc;

use sudokit_core::{Cell, Digit, DigitSet, Grid, Layout, Request, Solver, format::InputFormat};
use sudokit_logic::{
    CandidateGrid, Deadline, LogicSolver, Memory, Options, Order, Step, check_step, find_all,
    find_all_in, techniques::lookup,
};

/// The techniques of this family.
const FAMILY: &[&str] = &[
    "skyscraper",
    "2-string-kite",
    "turbot-fish",
    "empty-rectangle",
    "dual-2-string-kite",
    "dual-empty-rectangle",
    "w-wing",
    "xy-wing",
    "xyz-wing",
    "wxyz-wing",
    "remote-pair",
    "simple-colors-trap",
    "simple-colors-wrap",
    "multi-colors-1",
    "multi-colors-2",
];

fn cell(r: usize, c: usize) -> Cell {
    Cell::at(r - 1, c - 1, 6)
}

fn d(v: u8) -> Digit {
    Digit::new(v).unwrap()
}

fn set(ds: &[u8]) -> DigitSet {
    let mut s = DigitSet::EMPTY;
    for &v in ds {
        s.insert(d(v));
    }
    s
}

/// A 6×6 grid (2×3 boxes), every cell empty with all candidates except as `edit` says.
fn grid6(edit: impl Fn(usize, usize, &mut DigitSet)) -> CandidateGrid {
    let layout = Arc::new(Layout::boxed(6, 2, 3).unwrap());
    let mut cands = Vec::new();
    for r in 1..=6 {
        for c in 1..=6 {
            let mut s = DigitSet::full(6);
            edit(r, c, &mut s);
            cands.push(s);
        }
    }
    CandidateGrid::with_candidates(layout, vec![0; 36], cands, vec![false; 36])
}

fn elims(s: &Step) -> BTreeSet<(usize, u8)> {
    s.eliminations
        .iter()
        .map(|e| (e.cell.index(), e.digit.get()))
        .collect()
}

fn expect(cells: &[(usize, usize)], digits: &[u8]) -> BTreeSet<(usize, u8)> {
    let mut out = BTreeSet::new();
    for &(r, c) in cells {
        for &v in digits {
            out.insert((cell(r, c).index(), v));
        }
    }
    out
}

fn run(id: &str, g: &CandidateGrid) -> Vec<Step> {
    find_all(lookup(id).unwrap(), g, &Options::default())
}

/// Digit 1 in row 1 only at c1/c5, in column 5 only at r1/r5, in row 5 only at c2/c5: the
/// cluster {r1c1, r5c5} against {r1c5, r5c2}.
fn colour_grid(column2_pair: bool) -> CandidateGrid {
    grid6(|r, c, s| {
        let keep = match (r, c) {
            (1, _) => c == 1 || c == 5,
            (5, _) => c == 2 || c == 5,
            (_, 5) => false,
            (_, 2) if column2_pair => r == 2,
            _ => true,
        };
        if !keep {
            s.remove(d(1));
        }
    })
}

#[test]
fn simple_colors_trap_on_6x6() {
    let g = colour_grid(false);
    let steps = run("simple-colors-trap", &g);
    // r2c2 sees r1c1 (box) and r5c2 (column); r6c1 sees r1c1 (column) and r5c2 (box).
    let want = expect(&[(2, 2), (6, 1)], &[1]);
    assert!(
        steps.iter().any(|s| elims(s) == want),
        "{:?}",
        steps.iter().map(elims).collect::<Vec<_>>()
    );
    assert!(run("simple-colors-wrap", &g).is_empty());
}

#[test]
fn simple_colors_wrap_on_6x6() {
    // Column 2 now holds 1 only in r2c2 and r5c2: r2c2 joins r1c1's colour and sees it.
    let g = colour_grid(true);
    let steps = run("simple-colors-wrap", &g);
    assert_eq!(steps.len(), 1);
    assert_eq!(elims(&steps[0]), expect(&[(1, 1), (2, 2), (5, 5)], &[1]));
}

#[test]
fn remote_pair_on_6x6() {
    // r1c1, r1c4, r4c4 and r4c1 hold {1,2} and form a loop of four.
    let pair = [(1, 1), (1, 4), (4, 4), (4, 1)];
    let g = grid6(|r, c, s| {
        if pair.contains(&(r, c)) {
            *s = set(&[1, 2]);
        }
    });
    let got: BTreeSet<_> = run("remote-pair", &g).iter().map(elims).collect();
    // Each chain of four runs between two neighbours of the loop: the rest of their line.
    let want: BTreeSet<_> = [
        expect(&[(2, 1), (3, 1), (5, 1), (6, 1)], &[1, 2]),
        expect(&[(4, 2), (4, 3), (4, 5), (4, 6)], &[1, 2]),
        expect(&[(1, 2), (1, 3), (1, 5), (1, 6)], &[1, 2]),
        expect(&[(2, 4), (3, 4), (5, 4), (6, 4)], &[1, 2]),
    ]
    .into_iter()
    .collect();
    assert_eq!(got, want);
}

#[test]
fn wxyz_wing_on_6x6() {
    // Pivot r1c1 {1,2,3,4}; r1c5 {1,4} (row), r2c2 {2,4} and r2c3 {3,4} (box rows 1–2, columns
    // 1–3). 1, 2 and 3 are restricted; 4 is not, so what sees all four 4s loses it: r1c2, r1c3.
    let cells = [
        ((1, 1), &[1, 2, 3, 4][..]),
        ((1, 5), &[1, 4][..]),
        ((2, 2), &[2, 4][..]),
        ((2, 3), &[3, 4][..]),
    ];
    let g = grid6(|r, c, s| {
        if let Some((_, ds)) = cells.iter().find(|(p, _)| *p == (r, c)) {
            *s = set(ds);
        }
    });
    let steps = run("wxyz-wing", &g);
    let want = expect(&[(1, 2), (1, 3)], &[4]);
    assert!(
        steps.iter().any(|s| elims(s) == want),
        "{:?}",
        steps.iter().map(elims).collect::<Vec<_>>()
    );
    // Nothing outside row 1 and the box can lose anything.
    for s in &steps {
        for e in &s.eliminations {
            let (r, c) = e.cell.row_col(6);
            assert!(r == 0 || (r < 2 && c < 3), "{}", s.text);
        }
    }
}

#[test]
fn wxyz_wing_needs_a_free_digit() {
    // The same digits with all four cells in one box: every digit restricted (a locked set),
    // nothing for a WXYZ-wing to say.
    let cells = [
        ((1, 1), &[1, 2, 3, 4][..]),
        ((1, 2), &[1, 4][..]),
        ((2, 2), &[2, 4][..]),
        ((2, 3), &[3, 4][..]),
    ];
    let g = grid6(|r, c, s| {
        if let Some((_, ds)) = cells.iter().find(|(p, _)| *p == (r, c)) {
            *s = set(ds);
        }
    });
    assert!(run("wxyz-wing", &g).is_empty());
}

fn read(path: &str, format: InputFormat) -> Vec<Grid> {
    sudokit_testkit::read_puzzles(path, format)
}

/// Along each solving path of the variant examples, every instance of every technique of
/// the family is sound.
#[test]
fn every_instance_is_sound_on_other_layouts() {
    let solver = LogicSolver::new(Order::Hodoku);
    let options = Options {
        er_two_candidates: true,
        ..Options::default()
    };
    let mut found = 0;
    for (path, format) in [
        ("data/examples/puzzles.txt", InputFormat::Auto),
        ("data/examples/sizes.txt", InputFormat::Auto),
        ("data/examples/16x16.txt", InputFormat::Auto),
        ("data/examples/x-sudoku.ndjson", InputFormat::Auto),
        ("data/examples/jigsaw.txt", InputFormat::Jigsaw),
    ] {
        for p in read(path, format) {
            let Ok(r) = sudokit_engines::Dlx::new().solve(&p, &Request::count(2, 1)) else {
                continue;
            };
            if r.count != 1 {
                continue;
            }
            let sol = &r.solutions[0];
            let mut g = CandidateGrid::new(&p);
            // One memory per path, as the solver lends its finders.
            let memory = Memory::new();
            while !g.is_solved() {
                for id in FAMILY {
                    for s in find_all_in(
                        lookup(id).unwrap(),
                        &g,
                        &options,
                        &Deadline::none(),
                        &memory,
                    )
                    .0
                    {
                        if let Err(e) = check_step(&s, sol) {
                            panic!("{path}: {id} unsound: {e}\n{}", s.text);
                        }
                        found += 1;
                    }
                }
                let Some(step) = solver.next_step_in(&g, &Deadline::none(), &memory) else {
                    break;
                };
                g.apply(&step);
            }
        }
    }
    assert!(found > 0);
}
