//! The published variant puzzles of `data/variants/` (f-puzzles links, with their setters'
//! solutions in `puzzles.tsv`): cp finds exactly one solution, the published one, and proves
//! it unique within a node budget — every one, the row clues (sandwich, X-sum, skyscraper)
//! included since they have their own filters.

use sudokit_core::{Budget, End, Request, Solver};
use sudokit_cp::Cp;
use sudokit_testkit::published_variants;

/// Heavy (tens of seconds): run by `scripts/test.sh`'s optimised pass of ignored tests.
#[test]
#[ignore]
fn published_puzzles_are_unique_with_their_published_solutions() {
    let mut stopped = Vec::new();
    for (title, puzzle, want) in &published_variants() {
        let request = Request::count(2, 1).with_budget(Budget::nodes(30_000));
        let r = Cp::default().solve(puzzle, &request).unwrap();
        assert!(r.count <= 1, "{title}: {} solutions", r.count);
        if let Some(s) = r.solutions.first() {
            let got: String = s
                .values()
                .iter()
                .map(|&v| char::from_digit(u32::from(v), 36).unwrap())
                .collect();
            assert_eq!(&got, want, "{title}");
        }
        // Every one proven within the budget (none left unproven since the row clues have
        // their own filters: Orbit, the largest search, takes about 4,600 nodes); one that
        // is not must at least end on the budget, not on a wrong answer.
        if !r.exact {
            assert_eq!(r.end, End::Budget, "{title}");
            stopped.push(title.clone());
        } else {
            assert_eq!(r.count, 1, "{title}");
        }
    }
    assert!(stopped.is_empty(), "not proven unique: {stopped:?}");
}
