//! Step-for-step parity with HoDoKu 2.2.4 (issue 42): sudokit's path in HoDoKu's order against
//! HoDoKu's own solution path, level and score, stored in `data/logic/hodoku-paths/*.tsv` (HoDoKu
//! 2.2.4's `/bs FILE /vp` output with default settings on the four shipped sets, turned into the
//! compact form of `scripts/hodoku_parity.py` by `scripts/hodoku-parity.sh`; see
//! data/logic/README.md), so the comparison needs no Java.
//!
//! A step is written as its HoDoKu library code (`~` and sudokit's id when it has none, `~guess`
//! for a guess or HoDoKu's brute force), then its placements `+RCD` and eliminations `-RCD`,
//! each sorted; a path is identical when every step is. The test prints, per set, how many
//! puzzles have the same level, the same score and the identical path, and holds each figure at
//! least at the measured one, so parity cannot silently get worse; raise the floors as it
//! improves.

use std::path::PathBuf;

use sudokit_core::{
    Budget,
    format::{InputFormat, parse_one},
};
use sudokit_logic::{LogicSolver, Order, Path, Step, levels::hodoku_level};

/// One step in the stored compact form.
fn compact(step: &Step) -> String {
    let mut out = match step.technique.hodoku {
        Some(code) => code.to_string(),
        None => format!("~{}", step.technique.id),
    };
    let rcd = |list: &[sudokit_logic::Candidate]| {
        let mut v: Vec<String> = list
            .iter()
            .map(|c| {
                let (r, col) = c.cell.row_col(9);
                format!("{}{}{}", r + 1, col + 1, c.digit.get())
            })
            .collect();
        v.sort();
        v
    };
    for p in rcd(&step.placements) {
        out.push('+');
        out.push_str(&p);
    }
    for e in rcd(&step.eliminations) {
        out.push('-');
        out.push_str(&e);
    }
    out
}

fn compact_path(path: &Path) -> Vec<String> {
    path.steps.iter().map(compact).collect()
}

/// The compact path of `puzzle` in HoDoKu's order, which solves it with every step sound.
fn sound_hodoku_path(puzzle: &str) -> Vec<String> {
    let p = parse_one(puzzle, InputFormat::Line).expect("a puzzle");
    let path = LogicSolver::new(Order::Hodoku).solve(&p, &Budget::unlimited());
    assert!(path.grid.is_solved(), "{puzzle}: solved");
    let solution = path.grid.to_grid();
    for s in &path.steps {
        sudokit_logic::check_step(s, &solution).expect("sound");
    }
    compact_path(&path)
}

/// `puzzle`'s path in HoDoKu's order is `want` (HoDoKu's stored path, steps separated by
/// spaces), which has a step starting with `code`.
fn assert_whole_path(puzzle: &str, want: &str, code: &str) {
    let want: Vec<&str> = want.split(' ').collect();
    assert!(
        want.iter().any(|s| s.starts_with(code)),
        "HoDoKu's path has a {code} step"
    );
    assert_eq!(sound_hodoku_path(puzzle), want);
}

/// HoDoKu's stored outputs on `set` (`data/logic/hodoku-paths/SET.tsv`).
fn stored(set: &str) -> String {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/logic/hodoku-paths")
        .join(format!("{set}.tsv"));
    std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()))
}

/// Per set: puzzles, levels equal, scores equal, paths identical.
fn measure(set: &str) -> (usize, usize, usize, usize) {
    let text = stored(set);
    let solver = LogicSolver::new(Order::Hodoku);
    let (mut rows, mut levels, mut scores, mut paths) = (0, 0, 0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 4, "{set}: {line}");
        let p = parse_one(f[0], InputFormat::Line).unwrap_or_else(|e| panic!("{line}: {e}"));
        let path = solver.solve(&p, &Budget::unlimited());
        let (level, score) = hodoku_level(&path).unwrap_or_else(|| panic!("{}: not solved", f[0]));
        // Every step HoDoKu's order takes (its Sue de Coq and wing models included) is sound.
        let solution = path.grid.to_grid();
        for s in &path.steps {
            sudokit_logic::check_step(s, &solution)
                .unwrap_or_else(|e| panic!("{set}: {}: {}: {e}", f[0], s.technique.id));
        }
        rows += 1;
        levels += usize::from(level.name().eq_ignore_ascii_case(f[1]));
        scores += usize::from(score.to_string() == f[2]);
        let want: Vec<&str> = f[3].split(' ').collect();
        paths += usize::from(compact_path(&path) == want);
    }
    eprintln!(
        "HoDoKu 2.2.4 parity on {set}: {rows} puzzles, level equal {levels}, score equal {scores}, path identical {paths}"
    );
    (rows, levels, scores, paths)
}

#[test]
fn parity_with_hodoku_2_2_4_at_least_as_measured() {
    // set, puzzles, and the measured floors: levels, scores, paths.
    let floors = [
        ("top95", 95, 95, 95, 95),
        ("17clue-300", 300, 300, 300, 300),
        ("top1465-200", 200, 200, 200, 200),
        ("11plus-50", 50, 50, 50, 48),
        ("fresh-30", 30, 30, 30, 30),
    ];
    let mut short = Vec::new();
    for (set, n, levels, scores, paths) in floors {
        let got = measure(set);
        assert_eq!(got.0, n, "{set}: puzzles");
        if got.1 < levels || got.2 < scores || got.3 < paths {
            short.push(format!(
                "{set}: levels {}/{levels}, scores {}/{scores}, paths {}/{paths} (got/floor)",
                got.1, got.2, got.3
            ));
        }
    }
    assert!(short.is_empty(), "below the measured parity: {short:?}");
}

/// Where HoDoKu finds nothing before its Brute Force (11plus-50, line 1), HoDoKu's order places
/// the solution's digit in the middle empty cell, as HoDoKu does, and every step of the path
/// still agrees with the solution; sudokit's order keeps its explained trial instead.
#[test]
fn hodoku_order_takes_brute_force_where_hodoku_does() {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/logic/hodoku-paths/11plus-50.tsv");
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let line = text
        .lines()
        .find(|l| !l.starts_with('#'))
        .expect("a puzzle");
    let f: Vec<&str> = line.split('\t').collect();
    let hodoku_first = f[3].split(' ').next().expect("a step");
    assert_eq!(hodoku_first, "~guess+585", "HoDoKu's stored first step");
    let p = parse_one(f[0], InputFormat::Line).expect("a puzzle");
    let path = LogicSolver::new(Order::Hodoku).solve(&p, &Budget::unlimited());
    assert_eq!(compact(&path.steps[0]), hodoku_first);
    let solution = path.grid.to_grid();
    assert!(path.grid.is_solved());
    for s in &path.steps {
        sudokit_logic::check_step(s, &solution).expect("sound");
    }
    let ours = LogicSolver::new(Order::Sudokit).solve(&p, &Budget::unlimited());
    assert_ne!(compact(&ours.steps[0]), hodoku_first);
}

/// HoDoKu's forcing chains and nets (table-based, one effect per step, the lowest placement
/// first, contradiction or verity by the shorter chains): on top95 lines 11, 54 and 69 the whole
/// path, with its forcing chain contradictions and verities (line 11), forcing net
/// contradictions (line 54) and forcing net verities (line 69), is HoDoKu's stored one, and
/// every step agrees with the solution.
#[test]
fn hodoku_order_takes_forcing_chains_and_nets_as_hodoku_does() {
    let file =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/logic/hodoku-paths/top95.tsv");
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let rows: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    for (line, codes) in [
        (11, ["1301", "1302"]),
        (54, ["1301", "1303"]),
        (69, ["1303", "1304"]),
    ] {
        let f: Vec<&str> = rows[line - 1].split('\t').collect();
        let want: Vec<&str> = f[3].split(' ').collect();
        for code in codes {
            assert!(
                want.iter().any(|s| s.starts_with(code)),
                "line {line}: HoDoKu's path has a {code} step"
            );
        }
        let p = parse_one(f[0], InputFormat::Line).expect("a puzzle");
        let path = LogicSolver::new(Order::Hodoku).solve(&p, &Budget::unlimited());
        assert!(path.grid.is_solved(), "line {line}: solved");
        let solution = path.grid.to_grid();
        for s in &path.steps {
            sudokit_logic::check_step(s, &solution).expect("sound");
        }
        assert_eq!(compact_path(&path), want, "line {line}: HoDoKu's path");
    }
}

/// A placement HoDoKu derives both by a contradiction and by a verity with shorter chains is
/// a contradiction (its sort ignores the lengths of two placements of one cell of different
/// types and keeps the order found, contradictions first): on magictour_top1465 line 820
/// step 24 places r1c2=4 as a forcing chain contradiction (sudokit took the verity before),
/// while step 18 is a verity placement; the whole path is HoDoKu 2.2.4's (`/bs /vp`).
#[test]
fn hodoku_order_prefers_a_contradiction_for_a_placement() {
    assert_whole_path(
        "..75...311......4.9..4..68....7.8....9.14..53..4.5......58...2..8.2.51..7........",
        concat!(
            "0002+415 0002+577 0002+627 0002+887 0002+681 0100-618 0201-774-779-974-979-994-996-999 ",
            "0003+773 0002+474 0402-853 0100-923-933 0803-896-946-956-966 0710-422 0710-432 0902-436 ",
            "0341-299 0100-679 1302+813 0002+894 0100-453 0201-426 0902-159 0903-662-666 1301+124 ",
            "0002+714 0002+964 0402-616 0003+612 0003+678 0003+975 0003+998 0002+562 0002+492 ",
            "0200-156-256-259-756-759-959 0301-949 0003+943 0003+951 0003+757 0002+663 0002+361 ",
            "0002+721 0003+423 0003+431 0002+397 0003+295 0002+267 0002+325 0201-232-236-252 ",
            "0610-932-939 0003+936 0003+538 0000+516 0000+118 0003+839 0000+922 0000+989 0000+856 ",
            "0000+226 0000+486 0000+796 0000+459 0000+769 0000+699 0000+646 0000+249 0000+166 ",
            "0003+233 0000+332 0000+353 0003+152 0000+258 0000+272 0000+179",
        ),
        "1301+124",
    );
}

/// HoDoKu applies the first instance its search meets, not the first sudokit's own search
/// finds or the one with the most eliminations: the first finned fish of its walk (digit, rows
/// as base lines before columns, base and cover lines in combination order; magictour_top1465
/// line 318, whose finned swordfish removes 1 from r3c5) and the first XY-wing (three bivalue
/// cells in cell order, each tried as the pivot in turn; top2365 line 408). On both the whole
/// path in HoDoKu's order is HoDoKu 2.2.4's stored one (`/bs /vp`).
#[test]
fn hodoku_order_takes_the_fish_and_wings_hodoku_does() {
    let cases = [
        (
            ".1.....8....75.....39...6........8.6.9..2.4..6.1....9.......2....2149.381...3....",
            concat!(
                "0002+826 0002+271 0002+719 0002+299 0002+733 0002+979 0002+263 0002+236 0100-318 ",
                "0402-175 0402-177 0003+173 1101-134-415-417-515-517 0708-222-628 0100-412 0100-548-568 ",
                "1101-424-624-935-937 0100-444-464 0402-625 0402-627 0003+622 0002+482 0003+284 0003+228 ",
                "0000+212 0002+518 0002+938 0002+413 0002+434 0100-561 0707-467 0711-361-451 0002+351 ",
                "0002+461 0711-585-595 0100-645-665 0606-797 0311-315 0100-195 0708-587-597 0003+581 ",
                "0003+593 0002+791 0002+643 0002+724 0002+994 0002+664 0002+658 0703-197 0003+192 ",
                "0003+166 0003+159 0003+144 0003+457 0000+756 0003+425 0000+449 0000+537 0000+927 ",
                "0000+135 0000+815 0000+117 0000+877 0000+314 0000+675 0000+697 0000+395 0000+387 ",
                "0003+565 0000+546 0003+785 0000+986 0003+962 0000+945 0003+748 0000+342 0000+368 ",
                "0000+767",
            ),
            "0311-315",
        ),
        (
            "....8.....4..912.5..7........1..46...8....5...9.25..14..5...76.3..5..9..4.9.....3",
            concat!(
                "0002+985 0002+534 0002+884 0100-427 0100-492-592 0201-741-748-751-752-762-768 0401-978 ",
                "0003+971 0002+541 0002+851 0100-398-498 0110-197-199-399-487-489-587-589 0101-868 ",
                "0801-136 0708-497-557-567 0003+499 0003+597 0002+749 0003+763 0003+754 0002+569 ",
                "0800-112-312 0800-673 0003+678 0002+633 0003+132 0002+448 0002+968 ",
                "0110-116-126-246-288-316-318-326 0002+388 0002+319 0002+189 0002+287 0003+243 0100-216 ",
                "0003+218 0000+236 0000+838 0003+892 0000+798 0002+362 0003+356 0003+344 0003+391 ",
                "0000+196 0003+553 0003+147 0000+165 0000+946 0003+373 0000+174 0000+325 0003+457 ",
                "0000+666 0000+867 0000+952 0000+617 0000+826 0000+927 0003+582 0000+483 0000+516 ",
                "0003+111 0000+123 0003+422 0000+415 0000+712 0000+721",
            ),
            "0800",
        ),
    ];
    for (puzzle, want, code) in cases {
        assert_whole_path(puzzle, want, code);
    }
}

/// HoDoKu deletes a subset's eliminations in the order it lists them (house by house, then
/// cell, then digit), not sorted by digit, so which naked single its queue holds first after a
/// locked triple follows that order: on the 17-clue set's line 1,909 HoDoKu 2.2.4 places
/// r8c6=7 before r7c8=2.
#[test]
fn hodoku_order_follows_hodokus_deletion_order_after_a_subset() {
    let puzzle =
        "................12....34..............1....35..5..67..........7.3.21....8.....46.";
    let want = [
        "0111-775-778-779-785-788-789-815-819-839-865-868-869-999",
        "0003+867",
        "0003+782",
    ];
    assert_eq!(sound_hodoku_path(puzzle)[..3], want);
}

/// Line `line` (from 1) of a stored set: the puzzle and HoDoKu 2.2.4's path.
fn stored_row(set: &str, line: usize) -> (String, String) {
    let text = stored(set);
    let row = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .nth(line - 1)
        .unwrap_or_else(|| panic!("{set}: no line {line}"));
    let f: Vec<&str> = row.split('\t').collect();
    (f[0].to_string(), f[3].to_string())
}

/// HoDoKu applies the first hidden rectangle its uniqueness search meets (from the rectangle's
/// first bivalue corner in cell order): on top95 line 55 the whole path in HoDoKu's order,
/// with its two hidden rectangles in HoDoKu's order, is HoDoKu 2.2.4's stored one.
#[test]
fn hodoku_order_takes_the_hidden_rectangles_hodoku_does() {
    let (puzzle, path) = stored_row("top95", 55);
    assert_whole_path(&puzzle, &path, "0606-749");
}

/// HoDoKu's uniqueness walk decides which rectangles exist and which instance comes first:
/// - top95 line 52: a type 3 whose naked subset takes five more cells of column 5 (HoDoKu
///   puts no limit on the subset; sudokit's own finder stops at three and took a type 4);
/// - top95 line 45: of two type 3 on one rectangle, the one its depth-first subset walk meets
///   first;
/// - top1465 line 52: the hidden rectangle from the first rectangle its walk meets (it tries
///   four cells once, whatever their digits);
/// - top95 line 7: no avoidable rectangle type 1 (HoDoKu wants the open corner bivalue), so
///   a discontinuous nice loop comes first.
///
/// Each whole path is HoDoKu 2.2.4's stored one.
#[test]
fn hodoku_order_takes_the_rectangles_hodoku_does() {
    for (set, line, code) in [
        ("top95", 52, "0602-357-358-359"),
        ("top95", 45, "0602-573-578-692-698-699"),
        ("top1465-200", 52, "0606-378"),
        ("top95", 7, "0707-436"),
    ] {
        let (puzzle, path) = stored_row(set, line);
        assert_whole_path(&puzzle, &path, code);
    }
}

/// HoDoKu applies the first Franken fish of its walk (rows and boxes as base houses before
/// columns and boxes, then base and cover houses in combination order): on top95 line 22 its
/// finned Franken swordfish on r1, r4, b5 (not sudokit's own first, on r1, r5, b4) and the
/// whole path after it; on top1465 line 659 its path up to and with the finned Franken
/// swordfish (step 16).
#[test]
fn hodoku_order_takes_the_franken_fish_hodoku_does() {
    let (puzzle, path) = stored_row("top95", 22);
    assert_whole_path(&puzzle, &path, "0341-623");
    let puzzle =
        "....7.9....2..1.5.....6..8.5.......963.........9....16.5.9.76..3....4...4...8.1.2";
    let want = concat!(
        "0002+226 0002+186 0002+372 0100-329 0100-845-855 0101-545-565-645-665 ",
        "0210-131-134-138-331-334-337 0100-424-624 0605-829-989 0002+889 0002+929 0901-244 ",
        "0901-652-653 0901-838 0902-597 0341-483"
    );
    let want: Vec<&str> = want.split(' ').collect();
    assert_eq!(sound_hodoku_path(puzzle)[..want.len()], want);
}

/// HoDoKu's loops and AICs are the chains its tables record: a premise's table holds the
/// premise's opposite value like any other entry and goes on from it, and a chain is refused
/// only by HoDoKu's lasso rule (a node's first cell in an earlier node), which lets a group
/// hold an earlier candidate of the chain. magictour_top1465 line 432, step 8: the grouped
/// discontinuous nice loop r1c7 -1- r1c3 =1= r5c3 =4= r5c2 -4- r23c2 =4= r2c1 =1= r1c13 -1-
/// r1c7 (its group r1c13 holds r1c3) removes 1 from r1c7 (sudokit took r2c1<>1 before);
/// line 261, step 46: the AIC HoDoKu's table of "r6c8 is not 5" records passes r6c8=5 and is a
/// lasso, so HoDoKu takes the AIC removing 2 from r1c45 and r2c9 (sudokit took another chain to
/// the same end, removing four 5s). On both the whole path is HoDoKu 2.2.4's (`/bs /vp`).
#[test]
fn hodoku_order_takes_the_loops_and_aics_hodoku_does() {
    let cases = [
        (
            ".2.456..9..6......7.9..........1..9....938..2..5..2..4.6.2..8..5.2....3..1.......",
            concat!(
                "0002+464 0002+412 0002+445 0100-277-287-297 0100-616-676-686 0002+516 0100-627-677-687 ",
                "0710-171 0710-181 0101-211 1101-273-288-373-388-496-497 0002+476 0100-527-537 0003+524 ",
                "0003+531 0002+214 0002+111 0101-787-877-977-987 0403-433 0403-438 0003+437 0002+827 ",
                "0002+629 0100-948-958 0707-381-382-384-385 0003+386 0002+374 0002+854 0002+352 0002+848 ",
                "0002+258 0002+896 0002+269 0003+861 0000+879 0003+363 0003+341 0000+247 0003+646 ",
                "0000+657 0000+943 0003+759 0000+956 0003+713 0003+618 0000+423 0000+919 0000+498 ",
                "0003+734 0000+938 0000+133 0003+681 0000+673 0003+225 0000+328 0000+395 0003+177 ",
                "0000+188 0003+785 0003+282 0003+997 0003+575 0000+587 0000+984 0003+767 0000+791 ",
                "0000+972 0000+271 0000+965 0000+293",
            ),
            "0710-171",
        ),
        (
            "..6..3....97..513..2..91.8........7.6.........41.....9...5..8.....3.47....4.16..5",
            concat!(
                "0101-448-458-548-558-648-658 0606-172 0901-781 0901-258 0401-818 0710-418 0710-618 ",
                "0002+668 0403-717 0710-492 0901-584 0902-792 1301-432 1302-442 1302-449 0902-491 ",
                "0002+441 1302-452 1302-582 1302-592 1303+179 1301-652 1301-782 1304+218 0902-154 ",
                "0201-252-552-557-657 0902-789 0903-642 0801-246 0310-686 0101-796-896 0707-615 ",
                "0711-591-881 0002+581 0710-733 0201-712-719-727 0100-947 0401-539 0100-469 0003+462 ",
                "0803-912 0320-892 0003+891 0101-182 0201-144-194 0708-142-152-292 0002+192 0002+242 ",
                "0002+397 0101-882 0401-594 0702-374 0101-494 0702-547 0702-919 0708-185-475-575-675 ",
                "0003+184 0003+296 0000+254 0000+375 0003+786 0003+346 0003+333 0000+314 0003+889 ",
                "0003+647 0003+982 0000+685 0003+148 0000+157 0003+569 0000+767 0003+973 0000+794 ",
                "0003+949 0000+544 0003+752 0000+858 0003+917 0000+928 0003+572 0003+739 0003+676 ",
                "0000+474 0003+653 0000+612 0003+555 0000+456 0003+815 0003+538 0003+111 0000+125 ",
                "0003+826 0000+832 0000+435 0003+593 0000+498 0000+527 0003+713 0000+419 0000+423 ",
                "0000+721",
            ),
            "0708-142-152-292",
        ),
    ];
    for (puzzle, want, code) in cases {
        assert_whole_path(puzzle, want, code);
    }
}

/// HoDoKu's remote pairs have an even number of cells (its search checks a chain where the
/// last strong link is on the start's digit), so a five-cell pair comes as two four-cell
/// steps: magictour_top1465 line 1194, steps 13 and 14, remove 3 and 8 from r7c1, then from
/// r9c3 (sudokit took both at once before); the whole path is HoDoKu 2.2.4's (`/bs /vp`).
#[test]
fn hodoku_order_takes_the_remote_pairs_hodoku_does() {
    assert_whole_path(
        "42..7.....67......19..4.5.......3.65....9.1..7....8.......5.7.49..6.....5......12",
        concat!(
            "0002+447 0002+656 0002+135 0002+885 0002+976 0002+789 0100-823-833-853 0100-828-838-858 ",
            "0200-741-742-861-862 0200-943-948 0200-251-252 0200-243-248-273-278-283-288-293-298 ",
            "0703-713-718 0703-933-938 0003+934 0003+949 0003+967 0003+864 0002+827 0403-631 ",
            "0210-623-624-642-644 0002+544 0002+424 0101-262-362 0003+366 0002+196 0002+291 0002+699 ",
            "0002+439 0002+451 0003+645 0000+562 0003+852 0003+242 0003+621 0003+761 0003+831 ",
            "0003+284 0003+169 0000+265 0003+279 0002+141 0002+525 0002+382 0003+683 0003+188 ",
            "0000+173 0000+587 0000+397 0003+632 0000+674 0003+878 0000+472 0000+598 0000+418 ",
            "0000+893 0003+213 0000+258 0000+338 0000+343 0000+953 0000+748 0000+928 0000+723 ",
            "0003+516 0000+533 0000+736 0000+712",
        ),
        "0703-713-718",
    );
}

/// A forcing net's type is decided as HoDoKu decides it, by its own measure of the nets: on
/// magictour_top1465 line 125, step 2 removes 6 from r4c2 both by a contradiction (assuming
/// r4c2=6) and by a verity; HoDoKu counts every entry of each net it builds (main chain, side
/// branches, separators), finds the verity strictly shorter and applies it (1304), where a
/// count of look-aheads as single links took the contradiction (1303). The whole path is
/// HoDoKu 2.2.4's stored one (`data/logic/hodoku-paths/top1465-200.tsv`).
#[test]
fn hodoku_order_measures_forcing_nets_as_hodoku_does() {
    let (puzzle, path) = stored_row("top1465-200", 125);
    assert_eq!(
        puzzle,
        "4..6..3...1..2..6...8..7..19..8..5...4..5..1......2..75.....6...3..8..4......9..5"
    );
    assert!(path.starts_with("0311-861-951 1304-426 "), "{path}");
    assert_whole_path(&puzzle, &path, "1304-426");
}

/// HoDoKu's Multi Colors is one step: its walk goes by digit, then by ordered pair of clusters,
/// and on each pair looks for a type 2 before a type 1, taking the first instance of either.
/// fresh-30 line 19 (a puzzle sudokit generated, never tuned on), step 17: HoDoKu's type 2
/// removes 3 from r3c1, r5c5 and r6c2 where sudokit, trying every type 1 first, took a type 1
/// on the same digit; the whole path is HoDoKu 2.2.4's (`/bs /vp`).
#[test]
fn hodoku_order_takes_the_multi_colors_hodoku_does() {
    let (puzzle, path) = stored_row("fresh-30", 19);
    assert_whole_path(&puzzle, &path, "0503-313-553-623");
}
