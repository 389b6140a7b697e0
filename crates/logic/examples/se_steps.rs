//! Prints the SE rater's path for one puzzle: `se_steps PUZZLE [--scale S]`.
use sudokit_core::format::{InputFormat, parse_one};
use sudokit_logic::se::{RateOptions, Scale, rate};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let p = parse_one(&args[0], InputFormat::Auto).expect("puzzle");
    let mut opts = RateOptions {
        keep_steps: true,
        texts: true,
        ..RateOptions::default()
    };
    if args.len() > 2 && args[1] == "--scale" {
        opts.scale = Scale::parse(&args[2]).expect("scale");
    }
    let r = rate(&p, &opts);
    for (i, s) in r.steps.iter().enumerate() {
        println!("{:3} {:.1} {}", i + 1, s.rating, s.text);
    }
    println!("{:?} ER {:?} EP {:?} ED {:?}", r.status, r.er, r.ep, r.ed);
}
