//! The weekday cover from the seed article: choose freelancers so that every day of the week
//! is covered by exactly one of them. Run with
//! `cargo run -p sudokit-exact-cover --example weekdays`.

use exact_cover::{BuildError, Builder, Problem};

const DAYS: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

const PEOPLE: [(&str, &[&str]); 6] = [
    ("Alice", &["Mon", "Thu", "Sun"]),
    ("Bob", &["Mon", "Fri"]),
    ("Chuck", &["Mon", "Wed", "Fri", "Sun"]),
    ("Dan", &["Tue", "Thu"]),
    ("Eve", &["Wed", "Sat"]),
    ("Frank", &["Tue", "Thu", "Sat"]),
];

/// Days are primary items; each person is one option.
fn problem() -> Result<Problem, BuildError> {
    let mut b = Builder::new();
    for day in DAYS {
        b.primary(day)?;
    }
    for (_, days) in PEOPLE {
        b.option_named(days)?;
    }
    b.build()
}

/// Every cover, each as a sorted list of names.
fn covers() -> Result<Vec<Vec<&'static str>>, BuildError> {
    let p = problem()?;
    Ok(p.solver()
        .map(|options| {
            let mut names: Vec<&str> = options.iter().map(|&o| PEOPLE[o].0).collect();
            names.sort_unstable();
            names
        })
        .collect())
}

fn main() -> Result<(), BuildError> {
    let all = covers()?;
    for team in &all {
        println!("cover: {}", team.join(", "));
    }
    println!("{} cover(s)", all.len());
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn only_chuck_and_frank_cover_the_week() {
        assert_eq!(super::covers().unwrap(), vec![vec!["Chuck", "Frank"]]);
    }
}
