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
    InputFormat, LayoutSpec, OutputFormat, Reader, parse_one_with, write_grid,
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
    let format = [
        InputFormat::Auto,
        InputFormat::Line,
        InputFormat::Numbers,
        InputFormat::Block,
        InputFormat::Csv,
        InputFormat::Json,
        InputFormat::Jigsaw,
    ][take(&mut data) as usize % 7];
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
        if solver.check_layout(grid.layout()).is_err() || (info.name == "lp" && n > 4) {
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
