//! The checks behind sudokit's fuzz targets (`fuzz/`, a cargo-fuzz workspace of its own).
//!
//! Design decision: each target's whole body is a function here, taking the fuzzer's bytes,
//! so the fuzz targets are one-line wrappers and the normal (stable) test suite replays every
//! committed corpus file through exactly the same code (`tests/corpora.rs`). A crash found once
//! stays fixed on a machine without nightly Rust or cargo-fuzz. Every function returns quietly
//! on any input it can make sense of and panics (with the reason) when a property fails.

#![warn(missing_docs)]

use exact_cover::Builder;
use std::sync::Arc;
use sudokit_core::format::{
    Formats, InputFormat, LayoutSpec, OutputFormat, Reader, parse_one_with, write_grid,
};
use sudokit_core::verify::verify;
use sudokit_core::{End, Extra, Grid, Layout, Request, Status};

/// Takes the next byte, or 0 when the data ran out.
fn take(data: &mut &[u8]) -> u8 {
    match data.split_first() {
        Some((&b, rest)) => {
            *data = rest;
            b
        }
        None => 0,
    }
}

/// The extras a bit mask stands for.
fn extras(mask: u8) -> Vec<Extra> {
    [Extra::Diagonals, Extra::AntiKnight, Extra::AntiKing]
        .into_iter()
        .enumerate()
        .filter(|(i, _)| mask >> i & 1 == 1)
        .map(|(_, e)| e)
        .collect()
}

/// Target `reader`: the first three bytes choose the flags (input format, `--box` or
/// `--regions`, `--extra`), the rest is the input. Reading must never panic, give records in
/// order, and every puzzle it accepts must be free of conflicts and read back from its own
/// line output.
pub fn reader(mut data: &[u8]) {
    // `auto`, then every registered format, by name.
    let names = Formats::builtin().names();
    let format: InputFormat = names[take(&mut data) as usize % names.len()]
        .parse()
        .expect("a registered format's name parses");
    let shape = take(&mut data);
    let mut spec = LayoutSpec {
        extras: extras(take(&mut data)),
        ..LayoutSpec::default()
    };
    match shape % 8 {
        1 => spec.box_shape = Some((2, 2)),
        2 => spec.box_shape = Some((2, 3)),
        3 => spec.box_shape = Some((3, 2)),
        4 => spec.box_shape = Some((1, 4)),
        5 => spec.box_shape = Some((3, 3)),
        6 => {
            // A 4×4 jigsaw map, as `--regions` would give.
            let map = [0, 0, 0, 1, 2, 0, 1, 1, 2, 3, 3, 1, 2, 2, 3, 3];
            spec.regions = Some(Arc::new(
                Layout::jigsaw(4, map.to_vec()).expect("valid map"),
            ));
        }
        _ => {}
    }
    let mut last_index = 0;
    let mut last_line = 0;
    for rec in Reader::new(data, format, spec.clone()) {
        let Ok(rec) = rec else { break };
        assert_eq!(rec.index, last_index + 1, "records are numbered in order");
        assert!(rec.line >= last_line, "records come in line order");
        last_index = rec.index;
        last_line = rec.line;
        let Ok(grid) = rec.puzzle else { continue };
        assert!(
            grid.find_conflict().is_none(),
            "an accepted puzzle has no conflict"
        );
        // JSON records may carry their own layout; the others read back with the same flags.
        if rec.format != InputFormat::Json && rec.format != InputFormat::Jigsaw {
            let text = write_grid(&grid, OutputFormat::Line);
            let back = parse_one_with(&text, InputFormat::Auto, &spec);
            if grid.size() > 1 {
                assert_eq!(back.as_ref(), Ok(&grid), "line output reads back: {text}");
            }
        }
    }
}

/// The small layouts the engine target draws from: side 4 or 6 with boxes, 4×4 jigsaw, each
/// with or without extras.
fn small_layout(pick: u8, extra: u8) -> Layout {
    let base = match pick % 4 {
        0 => Layout::standard(4),
        1 => Layout::standard(6),
        2 => Layout::boxed(6, 3, 2),
        _ => Layout::jigsaw(4, vec![0, 0, 0, 1, 2, 0, 1, 1, 2, 3, 3, 1, 2, 2, 3, 3]),
    }
    .expect("valid layout");
    base.with_extras(&extras(extra & 3))
}

/// Target `engines`: a small puzzle built from the bytes (givens that would conflict are
/// skipped); each engine runs under a node and time budget, and counts are compared only when
/// the budget did not cut the search. Every complete engine must agree with `dlx` on the solution count (capped at 2),
/// every solution any engine returns must pass `verify`, and an incomplete engine may only
/// return a verified solution or nothing.
pub fn engines(mut data: &[u8]) {
    let layout = Arc::new(small_layout(take(&mut data), take(&mut data)));
    let n = layout.size();
    let mut values = vec![0u8; n * n];
    let mut grid = Grid::from_values(layout.clone(), values.clone());
    while data.len() >= 2 {
        let cell = take(&mut data) as usize % (n * n);
        let digit = take(&mut data) % (n as u8 + 1);
        let before = values[cell];
        values[cell] = digit;
        let candidate = Grid::from_values(layout.clone(), values.clone());
        if candidate.find_conflict().is_some() {
            values[cell] = before;
        } else {
            grid = candidate;
        }
    }
    let options = sudokit_engines::EngineOptions {
        seed: Some(7),
        ..Default::default()
    };
    let dlx = sudokit_engines::engine("dlx", &options).expect("dlx exists");
    let request = Request::count(2, 2);
    let truth = dlx.solve(&grid, &request).expect("dlx takes every layout");
    assert_ne!(truth.end, End::Budget, "dlx has no budget here");
    for info in sudokit_engines::ENGINES {
        let solver = sudokit_engines::engine(info.name, &options).expect("registered");
        // The LP engine is exact but slow (seconds per 6×6 count): fuzzed on 4×4 only.
        if solver.admit(grid.layout()).is_err() || (info.name == "lp" && n > 4) {
            continue;
        }
        let mut req = Request::count(2, 2);
        req.limits.budget.nodes = Some(50_000);
        req.limits.budget.time = Some(std::time::Duration::from_secs(2));
        let report = solver
            .solve(&grid, &req)
            .unwrap_or_else(|e| panic!("{} failed on {:?}: {e}", info.name, grid.to_line()));
        for s in &report.solutions {
            assert!(
                verify(&grid, s).is_ok(),
                "{} returned a wrong solution",
                info.name
            );
        }
        if info.complete && report.end != End::Budget {
            assert_eq!(
                report.count,
                truth.count,
                "{} and dlx disagree on {:?}",
                info.name,
                grid.to_line()
            );
        }
        if !info.complete {
            assert!(
                report.status != Status::Unsolvable,
                "{} claimed no solution",
                info.name
            );
        }
    }
}

/// Target `exact_cover`: a random problem of up to 8 items (some secondary) and 12 options.
/// The solver's count must equal a brute-force count over every subset of options, and every
/// solution it yields must be an exact cover.
pub fn exact_cover(mut data: &[u8]) {
    let items = (take(&mut data) % 8 + 1) as usize;
    let secondary_mask = take(&mut data);
    let options_wanted = (take(&mut data) % 13) as usize;
    let mut b = Builder::new();
    let ids: Vec<_> = (0..items)
        .map(|i| {
            if secondary_mask >> i & 1 == 1 {
                b.secondary(format!("s{i}"))
            } else {
                b.primary(format!("p{i}"))
            }
            .expect("fresh name")
        })
        .collect();
    let mut options: Vec<u8> = Vec::new();
    for _ in 0..options_wanted {
        let mask = take(&mut data) & ((1u16 << items) - 1) as u8;
        let chosen: Vec<_> = (0..items)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| ids[i])
            .collect();
        if b.option(chosen).is_ok() {
            options.push(mask);
        }
    }
    let Ok(problem) = b.build() else { return };
    let primary: u8 = (0..items)
        .filter(|i| secondary_mask >> i & 1 == 0)
        .fold(0, |m, i| m | 1 << i);
    let covers = |set: u32| -> bool {
        let mut seen = 0u8;
        for (k, &m) in options.iter().enumerate() {
            if set >> k & 1 == 1 {
                if seen & m != 0 {
                    return false;
                }
                seen |= m;
            }
        }
        seen & primary == primary
    };
    // Options that cover nothing can be added to any solution freely; the solver never picks
    // them (they cover no primary item), so compare against subsets without them.
    let usable: u32 = options
        .iter()
        .enumerate()
        .filter(|(_, m)| **m & primary != 0)
        .fold(0, |s, (k, _)| s | 1 << k);
    let brute = (0u32..1 << options.len())
        .filter(|&set| set & !usable == 0 && covers(set))
        .count() as u64;
    assert_eq!(problem.count(), brute, "count differs from brute force");
    let mut solver = problem.solver();
    while let Some(sol) = solver.next_solution() {
        let set = sol.iter().fold(0u32, |s, &o| s | 1 << o);
        assert!(covers(set), "a yielded solution is not an exact cover");
    }
}

/// A puzzle for the logic targets, and what `dlx` says about it. The first bytes choose a
/// layout (the engine target's small layouts, or plain 9×9) and how the givens are made: either
/// (cell, digit) pairs as in [`engines`], or a few pairs completed to a full grid by `dlx` and
/// then cleared cell by cell, so unique puzzles with a known solution are easy to reach.
struct Posed {
    puzzle: Grid,
    /// Up to two solutions (both when the puzzle has several).
    solutions: Vec<Grid>,
}

fn posed(data: &mut &[u8]) -> Posed {
    let pick = take(data);
    let extra = take(data);
    let layout = Arc::new(if pick % 5 == 4 {
        Layout::standard(9).expect("valid layout")
    } else {
        small_layout(pick, extra)
    });
    let n = layout.size();
    let complete = take(data) & 1 == 1;
    let pairs = if complete {
        (take(data) % 16) as usize
    } else {
        usize::MAX
    };
    let mut values = vec![0u8; n * n];
    let mut used = 0;
    while data.len() >= 2 && used < pairs {
        used += 1;
        let cell = take(data) as usize % (n * n);
        let digit = take(data) % (n as u8 + 1);
        let before = values[cell];
        values[cell] = digit;
        if Grid::from_values(layout.clone(), values.clone())
            .find_conflict()
            .is_some()
        {
            values[cell] = before;
        }
    }
    let dlx = sudokit_engines::engine("dlx", &Default::default()).expect("dlx exists");
    if complete {
        let partial = Grid::from_values(layout.clone(), values.clone());
        let first = dlx.solve(&partial, &Request::first()).expect("dlx solves");
        if let Some(full) = first.solutions.first() {
            values = full.values().to_vec();
            for &b in data.iter() {
                let cell = (b as usize * 7 + values.len()) % (n * n);
                values[cell] = 0;
            }
            *data = &[];
        }
    }
    let puzzle = Grid::from_values(layout, values);
    let report = dlx
        .solve(&puzzle, &Request::count(2, 2))
        .expect("dlx takes every layout");
    assert_ne!(report.end, End::Budget, "dlx has no budget here");
    Posed {
        puzzle,
        solutions: report.solutions,
    }
}

/// Target `explain`: the logic solver (`sudokit explain`) on a `posed` puzzle, in HoDoKu or
/// SE order, with a small step budget. Every step must pass `check_step` against every
/// solution (uniqueness techniques only on unique puzzles, as the CLI does), the path may not
/// be longer than the budget, a solved path must end on the solution, and a puzzle with a
/// solution must never be called unsolvable.
pub fn explain(mut data: &[u8]) {
    use sudokit_logic::{LogicSolver, Order, PathStatus, check_step};
    let flags = take(&mut data);
    let steps_allowed = u64::from(take(&mut data) % 128) + 1;
    let p = posed(&mut data);
    let order = if flags & 1 == 0 {
        Order::Hodoku
    } else {
        Order::Se
    };
    let mut solver = LogicSolver::new(order);
    solver.options.uniqueness = p.solutions.len() == 1;
    let budget = sudokit_core::Budget {
        nodes: Some(steps_allowed),
        time: Some(std::time::Duration::from_secs(5)),
        cancel: None,
    };
    let path = solver.solve(&p.puzzle, &budget);
    assert!(
        path.steps.len() as u64 <= steps_allowed,
        "{} steps under a budget of {steps_allowed}",
        path.steps.len()
    );
    // On a puzzle with several solutions a guess places a digit that keeps *a* solution, so
    // from the first guess on, steps hold for the guessed branch only: check every step up to
    // it against both solutions, and that the placements made still leave a solution.
    let guessed = p.solutions.len() > 1;
    for step in &path.steps {
        if guessed && step.technique.id == "guess" {
            break;
        }
        for s in &p.solutions {
            if let Err(e) = check_step(step, s) {
                panic!("unsound step on {:?}: {e}", p.puzzle.to_line());
            }
        }
    }
    if guessed {
        let placed = Grid::from_values(p.puzzle.layout_arc().clone(), path.grid.values().to_vec());
        let dlx = sudokit_engines::engine("dlx", &Default::default()).expect("dlx exists");
        let r = dlx.solve(&placed, &Request::first()).expect("dlx solves");
        assert_eq!(
            r.count,
            1,
            "placements on {:?} left no solution",
            p.puzzle.to_line()
        );
    }
    if !p.solutions.is_empty() {
        assert_ne!(
            path.status,
            PathStatus::Unsolvable,
            "a puzzle with a solution called unsolvable: {:?}",
            p.puzzle.to_line()
        );
    }
    if path.status == PathStatus::Solved {
        let end = Grid::from_values(p.puzzle.layout_arc().clone(), path.grid.values().to_vec());
        assert!(
            verify(&p.puzzle, &end).is_ok(),
            "a solved path ends on a wrong grid for {:?}",
            p.puzzle.to_line()
        );
        if p.solutions.len() == 1 {
            assert_eq!(
                end.values(),
                p.solutions[0].values(),
                "solved to the solution"
            );
        }
    }
}

/// Target `rate`: the SE rater (`sudokit rate`) on a `posed` puzzle with random scale,
/// nesting level, texts and `stop_above`, under a small node budget. On a unique puzzle every
/// placement must be the solution's digit and no removal may take it; the numbers must agree
/// with the steps (ER is the hardest step, EP/ED are set when rated). The rater assumes a
/// unique solution (the CLI checks first), so on other puzzles only the numbers are checked.
pub fn rate(mut data: &[u8]) {
    use sudokit_logic::se::{RateOptions, RateStatus, Scale};
    let flags = take(&mut data);
    let p = posed(&mut data);
    let opts = RateOptions {
        scale: if flags & 1 == 0 {
            Scale::Se121
        } else {
            Scale::Sukaku
        },
        max_level: u32::from(flags >> 1 & 7) % 6,
        budget: sudokit_core::Budget {
            nodes: Some(200_000),
            time: Some(std::time::Duration::from_secs(5)),
            cancel: None,
        },
        keep_steps: true,
        stop_above: (flags & 16 != 0).then_some(f64::from(flags >> 5) + 1.0),
        texts: flags & 32 != 0,
    };
    let r = sudokit_logic::se::rate(&p.puzzle, &opts);
    assert_eq!(r.step_count, r.steps.len(), "every applied step is kept");
    if p.solutions.len() == 1 {
        let sol = p.solutions[0].values();
        for s in &r.steps {
            if let Some((cell, digit)) = s.placement {
                assert_eq!(
                    sol[cell.index()],
                    digit.get(),
                    "{} places a wrong digit on {:?}",
                    s.technique,
                    p.puzzle.to_line()
                );
            }
            for (cell, digit) in &s.removals {
                assert_ne!(
                    sol[cell.index()],
                    digit.get(),
                    "{} removes the solution's digit on {:?}",
                    s.technique,
                    p.puzzle.to_line()
                );
            }
        }
    }
    let hardest = r
        .steps
        .iter()
        .map(|s| s.rating)
        .fold(None, |m: Option<f64>, x| Some(m.map_or(x, |m| m.max(x))));
    match r.status {
        RateStatus::Rated => {
            // A puzzle given solved has no step and rates 0.0.
            assert_eq!(r.er, hardest.or(Some(0.0)), "ER is the hardest step");
            if r.step_count > 0 {
                assert!(r.ep.is_some() && r.ed.is_some(), "EP and ED are set");
            }
            if let Some(limit) = opts.stop_above {
                assert!(r.er.is_some_and(|er| er <= limit), "ER above stop_above");
            }
        }
        RateStatus::Above => {
            assert!(r.er.is_none(), "no ER when stopped above");
            assert!(opts.stop_above.is_some(), "Above without stop_above");
        }
        RateStatus::Beyond | RateStatus::Budget => {
            assert!(r.er.is_none(), "no ER unless rated");
        }
    }
}

/// Grids the `generate` target lets the generator draw for one puzzle (`Config::max_grids`):
/// on the committed corpus, 317 of the 500 inputs make a puzzle with it and 132 stop on the cap
/// (a 250 ms clock made 299), in about 20 s in a debug build.
pub const GENERATE_ATTEMPTS: u64 = 100;

/// Target `generate`: `sudokit-generate` with small random options (layout of side 4 to 9,
/// symmetry, givens range, minimality, root grid, a rating target, neighbourhood size, seed)
/// with at most [`GENERATE_ATTEMPTS`] grids drawn per puzzle. Options the generator refuses are fine; every puzzle
/// it makes must have exactly one solution (by `dlx`), equal to the one it reports, with its
/// givens in range, symmetric as asked, and minimal when asked.
pub fn generate(mut data: &[u8]) {
    use sudokit_generate::{Config, GenError, Generator, LayoutChoice, Symmetry};
    let pick = take(&mut data);
    let extra = take(&mut data);
    let flags = take(&mut data);
    let (lo, hi) = (take(&mut data), take(&mut data));
    let rating = take(&mut data);
    let mut seed = [0u8; 8];
    for b in &mut seed {
        *b = take(&mut data);
    }
    let layout = match pick % 6 {
        4 => LayoutChoice::RandomJigsaw {
            n: 4 + usize::from(pick / 6 % 3),
            extras: extras(extra & 1),
        },
        5 => LayoutChoice::Fixed(Arc::new(
            Layout::standard(9)
                .expect("valid layout")
                .with_extras(&extras(extra & 1)),
        )),
        _ => LayoutChoice::Fixed(Arc::new(small_layout(pick, extra))),
    };
    let mut config = Config::new(match &layout {
        LayoutChoice::Fixed(l) => l.clone(),
        LayoutChoice::RandomJigsaw { .. } => Arc::new(Layout::standard(4).expect("valid")),
    });
    config.layout = layout.clone();
    config.symmetry = Symmetry::ALL[usize::from(flags % 10)];
    config.minimal = flags & 16 != 0;
    config.root = flags & 32 != 0;
    if flags & 64 != 0 {
        config.givens = Some((usize::from(lo), usize::from(lo) + usize::from(hi % 32)));
    }
    if flags & 128 != 0 {
        let a = f32::from(rating % 40) / 10.0 + 1.0;
        config.target.rating = Some((a, a + f32::from(rating / 40) / 2.0));
    }
    config.neighbourhood = usize::from(extra >> 4);
    // A cap on grids drawn, not a clock: the replay checks the same puzzles on every machine.
    config.max_grids = Some(GENERATE_ATTEMPTS);
    let Ok(generator) = Generator::new(config.clone()) else {
        return;
    };
    let made = match generator.generate(u64::from_le_bytes(seed)) {
        Ok(made) => made,
        Err(GenError::Budget { .. }) => return,
        Err(GenError::NoGrid { .. }) => {
            // Only a layout without any solution grid may end this way.
            if let LayoutChoice::Fixed(l) = &layout {
                let empty = Grid::from_values(l.clone(), vec![0; l.cell_count()]);
                let dlx = sudokit_engines::engine("dlx", &Default::default()).expect("dlx");
                let r = dlx.solve(&empty, &Request::first()).expect("dlx solves");
                assert!(r.solutions.is_empty(), "NoGrid on a solvable layout");
            }
            return;
        }
        Err(e) => panic!("generate failed on a validated config: {e}"),
    };
    let n = made.puzzle.size();
    let dlx = sudokit_engines::engine("dlx", &Default::default()).expect("dlx exists");
    let report = dlx
        .solve(&made.puzzle, &Request::count(2, 1))
        .expect("dlx takes every layout");
    assert_eq!(report.count, 1, "generated puzzle is not unique");
    assert_eq!(
        report.solutions[0].values(),
        made.solution.values(),
        "reported solution is the solution"
    );
    let givens = made.puzzle.values().iter().filter(|&&v| v != 0).count();
    assert_eq!(givens, made.givens, "givens counted right");
    if let Some((a, b)) = config.givens {
        assert!(
            (a..=b).contains(&givens),
            "{givens} givens outside {a}..{b}"
        );
    }
    assert!(
        config.symmetry.holds(made.puzzle.values(), n),
        "givens not {}-symmetric",
        config.symmetry.name()
    );
    if config.minimal {
        for i in 0..n * n {
            if made.puzzle.values()[i] == 0 {
                continue;
            }
            let mut fewer = made.puzzle.values().to_vec();
            fewer[i] = 0;
            let g = Grid::from_values(made.puzzle.layout_arc().clone(), fewer);
            let r = dlx.solve(&g, &Request::count(2, 0)).expect("dlx solves");
            assert_eq!(r.count, 2, "a minimal puzzle has a removable given");
        }
    }
    if let (Some((a, b)), Some(se)) = (config.target.rating, made.measured.se) {
        assert!(
            se >= a - 1e-4 && se <= b + 1e-4,
            "rating {se} outside target {a}..{b}"
        );
    }
}
