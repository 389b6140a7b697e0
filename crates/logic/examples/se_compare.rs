//! Compares the SE rater with reference ratings made by SukakuExplainer's `serate`.
//!
//! `cargo run --release -p sudokit-logic --example se_compare -- FILE.tsv [--scale sukaku]
//! [--max-level N] [--limit K] [--diffs] [--times]`
//!
//! FILE is tab-separated with a header: puzzle, ER, EP, ED, hardest technique, seconds. Prints
//! the share of exact and ±0.2 agreement for ER, EP and ED, the distribution of ER differences,
//! and the time per puzzle (one thread).

use sudokit_core::format::{InputFormat, parse_one};
use sudokit_logic::se::{RateOptions, RateStatus, Scale, rate};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let file = args
        .first()
        .expect("usage: se_compare FILE.tsv [--scale S] [--diffs]");
    let mut opts = RateOptions::default();
    let mut limit = usize::MAX;
    let mut diffs = false;
    let mut times = false;
    let mut i = 1;
    while i < args.len() {
        match args[i].as_str() {
            "--scale" => {
                opts.scale = Scale::parse(&args[i + 1]).expect("scale");
                i += 1;
            }
            "--max-level" => {
                opts.max_level = args[i + 1].parse().expect("level");
                i += 1;
            }
            "--limit" => {
                limit = args[i + 1].parse().expect("limit");
                i += 1;
            }
            "--diffs" => diffs = true,
            "--times" => times = true,
            other => panic!("unknown argument {other}"),
        }
        i += 1;
    }
    let text = std::fs::read_to_string(file).expect("read file");
    let mut rows = 0;
    let (mut er_eq, mut ep_eq, mut ed_eq) = (0, 0, 0);
    let (mut er_near, mut ep_near, mut ed_near) = (0, 0, 0);
    let mut hist: std::collections::BTreeMap<i64, usize> = Default::default();
    let mut total = 0.0f64;
    let mut worst = 0.0f64;
    for line in text.lines().skip(1).take(limit) {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() < 5 {
            continue;
        }
        let want: Vec<f64> = f[1..4].iter().map(|x| x.parse().expect("number")).collect();
        let p = parse_one(f[0], InputFormat::Auto).expect("puzzle");
        let t = cpu_time::ThreadTime::now();
        let r = rate(&p, &opts);
        let secs = t.elapsed().as_secs_f64();
        total += secs;
        worst = worst.max(secs);
        rows += 1;
        let got = [
            r.er.unwrap_or(20.0),
            r.ep.unwrap_or(20.0),
            r.ed.unwrap_or(20.0),
        ];
        let d: Vec<i64> = (0..3)
            .map(|k| ((got[k] - want[k]) * 10.0).round() as i64)
            .collect();
        er_eq += (d[0] == 0) as usize;
        ep_eq += (d[1] == 0) as usize;
        ed_eq += (d[2] == 0) as usize;
        er_near += (d[0].abs() <= 2) as usize;
        ep_near += (d[1].abs() <= 2) as usize;
        ed_near += (d[2].abs() <= 2) as usize;
        *hist.entry(d[0]).or_default() += 1;
        if times {
            println!("{:.4}\t{}\t{}", secs, f[4], f[0]);
        }
        if diffs && (d[0] != 0 || d[1] != 0 || d[2] != 0) {
            println!(
                "{}\twant {}/{}/{} {}\tgot {:.1}/{:.1}/{:.1} {}{}\t{:.3}s",
                f[0],
                f[1],
                f[2],
                f[3],
                f[4],
                got[0],
                got[1],
                got[2],
                r.hardest
                    .as_ref()
                    .map(|h| h.technique.as_str())
                    .unwrap_or("-"),
                if r.status == RateStatus::Rated {
                    ""
                } else {
                    " (not rated)"
                },
                secs
            );
        }
    }
    let pc = |x: usize| 100.0 * x as f64 / rows.max(1) as f64;
    println!(
        "{rows} puzzles: ER exact {:.1}% (±0.2 {:.1}%), EP exact {:.1}% (±0.2 {:.1}%), ED exact {:.1}% (±0.2 {:.1}%)",
        pc(er_eq),
        pc(er_near),
        pc(ep_eq),
        pc(ep_near),
        pc(ed_eq),
        pc(ed_near)
    );
    let h: Vec<String> = hist
        .iter()
        .map(|(k, v)| format!("{:+.1}:{}", *k as f64 / 10.0, v))
        .collect();
    println!("ER difference (ours − SE) → count: {}", h.join(" "));
    println!(
        "CPU time (this thread): {:.3} s in all, {:.2} ms per puzzle, slowest {:.3} s",
        total,
        1000.0 * total / rows.max(1) as f64,
        worst
    );
}
