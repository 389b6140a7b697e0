//! One [`Memory`] lent to puzzles of every size and layout at once: the memos kept across
//! grids (the ALS house memo and link table, the kept plain link graph, the forcing tables,
//! the finders' misses) must never answer for another puzzle's grid. The paths of puzzles of
//! different sides, box shapes, jigsaw regions and X diagonals are walked in lockstep (one
//! step of each in turn, in HoDoKu's and SE's orders), every step asked of one shared memory
//! and of the path's own memory (what the CLI lends), with searches cut short by a set cancel
//! flag in between; the steps and the ALS finders' instances must agree.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use sudokit_core::format::InputFormat;
use sudokit_core::{Grid, Layout};
use sudokit_logic::{CandidateGrid, Deadline, LogicSolver, Memory, Options, Order, find_all_in};

/// Finders compared on their own too: they share the ALS list and link table, kept across
/// grids by the house memo.
const MEMOISED: &[&str] = &["als-xz", "als-xy-wing", "als-xy-chain"];

fn puzzles() -> Vec<(String, Grid)> {
    let mut out = Vec::new();
    for g in sudokit_testkit::read_puzzles("data/examples/sizes.txt", InputFormat::Auto) {
        // The 6×6 also with tall boxes: the same values on another layout.
        if g.size() == 6 {
            let tall = Arc::new(Layout::boxed(6, 3, 2).unwrap());
            out.push((
                "6x6 3x2".to_string(),
                Grid::from_values(tall, g.values().to_vec()),
            ));
        }
        if g.size() <= 9 {
            out.push((format!("sizes {}", g.size()), g));
        }
    }
    for g in sudokit_testkit::read_puzzles("data/examples/jigsaw.txt", InputFormat::Jigsaw) {
        out.push((format!("jigsaw {}", g.size()), g));
    }
    for g in sudokit_testkit::read_puzzles("data/examples/x-sudoku.ndjson", InputFormat::Json) {
        out.push(("x".to_string(), g));
    }
    // A hard 9×9 (ALS, grouped chains and HoDoKu's forcing chains and nets on its path).
    let top = sudokit_testkit::read_puzzles("data/logic/top1465-200.txt", InputFormat::Auto);
    out.push(("top1465".to_string(), top[0].clone()));
    out
}

struct Walk {
    name: String,
    solver: LogicSolver,
    grid: CandidateGrid,
    own: Memory,
    steps: usize,
    done: bool,
    /// Whether the ALS finders are compared on this path's grids too.
    search: bool,
}

#[test]
fn a_memory_shared_by_puzzles_of_every_layout_answers_as_their_own() {
    let mut walks: Vec<Walk> = Vec::new();
    for (name, p) in puzzles() {
        for order in [Order::Hodoku, Order::Se] {
            walks.push(Walk {
                name: format!("{name} ({order:?})"),
                solver: LogicSolver::new(order),
                grid: CandidateGrid::new(&p),
                own: Memory::new(),
                steps: 0,
                done: false,
                search: order == Order::Hodoku && p.size() <= 9,
            });
        }
    }
    // Both orders of the batch: the later walks start on a memory warm from the others.
    let half = walks.len() / 2;
    walks[half..].reverse();
    let shared = Memory::new();
    let none = Deadline::none();
    let passed = Deadline {
        at: None,
        cancel: Some(Arc::new(AtomicBool::new(true))),
    };
    let options = Options {
        chain_als: true,
        ..Options::default()
    };
    let memoised: Vec<_> = MEMOISED
        .iter()
        .map(|id| sudokit_logic::techniques::lookup(id).unwrap())
        .collect();
    let (mut round, mut compared, mut found) = (0usize, 0usize, 0usize);
    while walks.iter().any(|w| !w.done) {
        round += 1;
        for w in walks.iter_mut().filter(|w| !w.done) {
            if round % 3 == 0 {
                // A search cut short on the shared memory before the real one.
                let _ = w.solver.next_step_in(&w.grid, &passed, &shared);
                for t in &memoised {
                    let _ = find_all_in(*t, &w.grid, &options, &passed, &shared);
                }
            }
            let step = w.solver.next_step_in(&w.grid, &none, &shared);
            let own = w.solver.next_step_in(&w.grid, &none, &w.own);
            assert_eq!(
                format!("{step:?}"),
                format!("{own:?}"),
                "{} step {}",
                w.name,
                w.steps
            );
            if w.search && w.steps % 5 == 0 {
                for t in &memoised {
                    let a = find_all_in(*t, &w.grid, &options, &none, &shared).0;
                    let b = find_all_in(*t, &w.grid, &options, &none, &w.own).0;
                    assert_eq!(
                        format!("{a:?}"),
                        format!("{b:?}"),
                        "{} step {}: {}",
                        w.name,
                        w.steps,
                        t.info().id
                    );
                    compared += 1;
                    found += a.len();
                }
            }
            match step {
                Some(s) if !w.grid.is_solved() => {
                    w.grid.apply(&s);
                    w.steps += 1;
                }
                _ => w.done = true,
            }
        }
    }
    assert!(
        compared > 100 && found > 20,
        "{compared} searches, {found} found"
    );
}
