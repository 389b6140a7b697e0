//! Criterion benchmark of the `fast` engine on top95: first solution and uniqueness check,
//! through the inherent fast path and through the `Solver` interface.
//!
//! Run with `cargo bench -p sudokit-bench --bench fast`.

#![allow(
    missing_docs,
    reason = "criterion_group! generates an undocumented public function"
)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::Path;
use sudokit_core::{Request, Solver};
use sudokit_fast::Fast;

const TOP95: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/logic/top95.txt");

fn top95(c: &mut Criterion) {
    let Ok(grids) = sudokit_bench::load_file(Path::new(TOP95)) else {
        eprintln!("skipping: cannot read {TOP95}");
        return;
    };
    let cells: Vec<[u8; 81]> = grids.iter().filter_map(Fast::cells_of).collect();
    let mut g = c.benchmark_group("top95");
    g.throughput(Throughput::Elements(cells.len() as u64));
    g.bench_function("fast/first", |b| {
        b.iter(|| {
            cells
                .iter()
                .filter(|p| Fast::solve_first(black_box(p)).0.is_some())
                .count()
        })
    });
    g.bench_function("fast/unique", |b| {
        b.iter(|| {
            cells
                .iter()
                .map(|p| Fast::count_up_to(black_box(p), 2).0)
                .sum::<u64>()
        })
    });
    let request = Request::count(2, 0);
    g.bench_function("fast/unique via Solver", |b| {
        b.iter(|| {
            grids
                .iter()
                .filter_map(|p| Fast.solve(black_box(p), &request).ok())
                .map(|r| r.count)
                .sum::<u64>()
        })
    });
    g.finish();
}

criterion_group!(benches, top95);
criterion_main!(benches);
