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

const USAGE: &str =
    "usage: se_compare FILE.tsv [--scale S] [--max-level N] [--limit K] [--diffs] [--times]";

/// The command line: the file and the options, in any order.
struct Args {
    file: String,
    opts: RateOptions,
    limit: usize,
    diffs: bool,
    times: bool,
}

/// Reads the arguments (after the program name); an unknown, missing or bad one is an error
/// message, never a panic. Options may come before the file name.
fn parse_args(args: &[String]) -> Result<Args, String> {
    let mut file = None;
    let mut opts = RateOptions::default();
    let (mut limit, mut diffs, mut times) = (usize::MAX, false, false);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .ok_or_else(|| format!("{name} needs a value\n{USAGE}"))
        };
        match a.as_str() {
            "--scale" => {
                let v = value("--scale")?;
                opts.scale = Scale::parse(v).ok_or_else(|| format!("unknown --scale {v}"))?;
            }
            "--max-level" => {
                let v = value("--max-level")?;
                opts.max_level = v.parse().map_err(|_| format!("bad --max-level {v}"))?;
            }
            "--limit" => {
                let v = value("--limit")?;
                limit = v.parse().map_err(|_| format!("bad --limit {v}"))?;
            }
            "--diffs" => diffs = true,
            "--times" => times = true,
            other if other.starts_with("--") => {
                return Err(format!("unknown argument {other}\n{USAGE}"));
            }
            other if file.is_none() => file = Some(other.to_string()),
            other => return Err(format!("a second file {other}\n{USAGE}")),
        }
    }
    Ok(Args {
        file: file.ok_or_else(|| USAGE.to_string())?,
        opts,
        limit,
        diffs,
        times,
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Args {
        file,
        opts,
        limit,
        diffs,
        times,
    } = match parse_args(&args) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("se_compare: {e}");
            std::process::exit(2);
        }
    };
    let text = match std::fs::read_to_string(&file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("se_compare: cannot read {file}: {e}");
            std::process::exit(2);
        }
    };
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

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Result<Args, String> {
        parse_args(&list.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    /// Issue 46: `--scale sukaku FILE` panicked (the file was taken to be `--scale`, then
    /// `FILE` was read as a scale). Options now come before or after the file.
    #[test]
    fn options_may_come_before_the_file() {
        let a = args(&["--scale", "sukaku", "ratings.tsv", "--limit", "5"]).unwrap();
        assert_eq!(a.file, "ratings.tsv");
        assert_eq!(a.opts.scale, Scale::parse("sukaku").unwrap());
        assert_eq!(a.limit, 5);
        let b = args(&["ratings.tsv", "--scale", "sukaku"]).unwrap();
        assert_eq!(
            (b.file.as_str(), b.opts.scale),
            ("ratings.tsv", a.opts.scale)
        );
        assert!(args(&["--scale"]).is_err());
        assert!(args(&["--scale", "sukaku"]).is_err(), "no file");
        assert!(args(&["a.tsv", "--bogus"]).is_err());
        assert!(args(&["a.tsv", "--limit", "x"]).is_err());
    }
}
