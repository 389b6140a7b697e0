"""Variant rules (`rules=`, f-puzzles links and JSON) in every function where a layout applies,
on published puzzles from data/variants/ checked against their published solutions in
data/variants/puzzles.tsv; engines without rules and functions that do not honour rules
raising; `read()` keeping each record's layout (jigsaw, extra, rules) so the frame solves
again as the same puzzles, through Parquet too."""

import json

import pandas as pd
import pytest

import sudokit
from conftest import EXAMPLES, REPO

VARIANTS = REPO / "data" / "variants"

# A few quick ones of the published puzzles: (line in puzzles.txt, title).
QUICK = [(5, "Self-contained"), (6, "Killer Blister"), (11, "Boxes"), (23, "6x6 Extreme Killer")]


def _published():
    """line number in puzzles.txt -> (the line, title, published solution)."""
    lines = (VARIANTS / "puzzles.txt").read_text().splitlines()
    out = {}
    for row in (VARIANTS / "puzzles.tsv").read_text().splitlines()[1:]:
        line, title, _author, _rules, _source, solution = row.split("\t")
        out[int(line)] = (lines[int(line) - 1], title, solution)
    return out


PUBLISHED = _published()


@pytest.mark.parametrize("line,title", QUICK)
def test_an_fpuzzles_link_is_the_puzzle_with_its_rules(line, title):
    link, got_title, solution = PUBLISHED[line]
    assert got_title == title and link.startswith("https://f-puzzles.com/")
    assert sudokit.solve(link) == solution
    assert sudokit.count(link) == 1
    assert sudokit.verify(link, solution)
    assert not sudokit.verify(link, solution[:-1] + ".")
    res = sudokit.solve_many([link, link])
    assert res.solutions == [solution, solution] and list(res.status) == ["solved"] * 2
    assert sudokit.count_many([link]).counts.tolist() == [1]
    rec = sudokit.check(link)
    assert rec["unique"] == "yes"


def test_the_miracle_as_fpuzzles_json_and_as_a_line_with_a_rules_file():
    fjson, title, solution = PUBLISHED[36]
    assert title == "The Miracle"
    assert sudokit.solve(fjson) == solution
    line = (VARIANTS / "miracle.txt").read_text().splitlines()[0].split()[0]
    kw = {"extra": ["anti-knight", "anti-king"]}
    # Without the non-consecutive rule the two givens leave many solutions.
    assert sudokit.count(line, **kw) == 2
    for rules in (
        VARIANTS / "nonconsecutive.json",            # a file, as the CLI's --rules
        [{"type": "nonconsecutive"}],                # a list of dicts
        '[{"type": "nonconsecutive"}]',              # a JSON string
    ):
        assert sudokit.solve(line, rules=rules, **kw) == solution
        assert sudokit.count(line, rules=rules, **kw) == 1
        assert sudokit.verify(line, solution, rules=rules, **kw)
    # A cage the solution breaks (r1c1 + r1c2 is not 3): verify checks the rules given.
    cage = [{"type": "killer", "cells": ["r1c1", "r1c2"], "sum": 3}]
    assert not sudokit.verify(line, solution, rules=cage, **kw)
    many = sudokit.solve_many([line, line], rules=[{"type": "nonconsecutive"}], **kw)
    assert many.solutions == [solution] * 2
    assert sudokit.check(line, rules=[{"type": "nonconsecutive"}], **kw)["unique"] == "yes"


def test_rules_as_dicts_solve_a_published_killer_to_its_solution():
    frame = sudokit.read(VARIANTS / "puzzles.txt")
    row = frame[frame.line == 6].iloc[0]            # Killer Blister
    rules = json.loads(row.rules)
    assert {r["type"] for r in rules} >= {"killer"}
    _, _, solution = PUBLISHED[6]
    assert sudokit.solve(row.puzzle, rules=rules) == solution
    assert sudokit.solve(row.puzzle, rules=row.rules, engine="cp") == solution
    # A cage sum changed by one: no solution any more.
    cage = next(r for r in rules if r["type"] == "killer" and r.get("sum"))
    broken = [dict(r, sum=r["sum"] + 1) if r is cage else r for r in rules]
    with pytest.raises(sudokit.NoSolution):
        sudokit.solve(row.puzzle, rules=broken)
    assert sudokit.count(row.puzzle, rules=broken) == 0


def test_true_candidates_of_a_unique_variant_are_its_solution():
    link, _, solution = PUBLISHED[23]                 # 6x6 Extreme Killer
    rec = sudokit.true_candidates(link)
    assert rec["status"] == "solved" and rec["complete"] is True
    assert rec["candidates"] == list(solution)
    assert rec["engine"] and rec["searches"] >= 1 and rec["nodes"] >= 0
    # Without its rules the grid has many solutions: more candidates, still complete.
    plain = sudokit.true_candidates("." * 36)
    assert plain["complete"] and all(c == "123456" for c in plain["candidates"])
    # A node budget too small to finish: incomplete, honest about it.
    stopped = sudokit.true_candidates("." * 81, engine="cp", nodes=1)
    assert stopped["status"] == "stopped" and stopped["complete"] is False


def test_an_engine_without_rules_raises_a_clear_error():
    line = (VARIANTS / "miracle.txt").read_text().splitlines()[0].split()[0]
    rules = [{"type": "nonconsecutive"}]
    for call in (
        lambda: sudokit.solve(line, rules=rules, engine="fast"),
        lambda: sudokit.count(line, rules=rules, engine="dlx"),
        lambda: sudokit.solve_many([line], rules=rules, engine="fast"),
        lambda: sudokit.count_many([line], rules=rules, engine="propagate"),
        lambda: sudokit.true_candidates(line, rules=rules, engine="fast"),
    ):
        with pytest.raises(sudokit.Error, match="variant rules") as e:
            call()
        assert type(e.value) is sudokit.Error
    # A batch of f-puzzles rows on a rule-less engine: each row says why, none is lost.
    link = PUBLISHED[5][0]
    res = sudokit.solve_many([link, "." * 81], engine="fast")
    assert list(res.status) == ["invalid", "solved"]
    assert "variant rules" in res.error[0] and res.error[1] is None


def test_functions_that_do_not_honour_rules_raise_rather_than_ignore_them():
    line = "." * 81
    rules = [{"type": "nonconsecutive"}]
    link = PUBLISHED[5][0]
    calls = {
        "explain": lambda **k: sudokit.explain(k.pop("p", line), **k),
        "hint": lambda **k: sudokit.hint(k.pop("p", line), **k),
        "rate": lambda **k: sudokit.rate(k.pop("p", line), **k),
        "hodoku": lambda **k: sudokit.hodoku(k.pop("p", line), **k),
    }
    for name, call in calls.items():
        with pytest.raises(sudokit.Error, match="does not honour variant rules"):
            call(rules=rules)
        with pytest.raises(sudokit.Error, match="does not honour variant rules"):
            call(p=link)
    with pytest.raises(sudokit.Error, match="does not honour variant rules"):
        sudokit.rate_many([line], rules=rules)
    with pytest.raises(sudokit.Error, match="does not honour variant rules"):
        sudokit.generate(1, seed=1, rules=rules)
    # In a batch, a row with rules is refused and the others are answered.
    res = sudokit.rate_many([link, PUZZLE], details=True)
    assert list(res.status)[0] == "invalid" and "variant rules" in res.error[0]
    assert list(res.status)[1] == "rated"
    assert sudokit.canon([link, PUZZLE])[0] is None


PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def test_bad_rules_are_parse_errors():
    with pytest.raises(sudokit.ParseError, match="rules"):
        sudokit.solve(PUZZLE, rules="not json")
    with pytest.raises(sudokit.ParseError, match="rules"):
        sudokit.solve(PUZZLE, rules=[{"type": "killer", "cells": ["r1c1", "r10c1"], "sum": 3}])
    with pytest.raises(sudokit.ParseError, match="rules"):
        sudokit.solve(PUZZLE, rules=[{"type": "no-such-rule"}])


# ---------------------------------------------------------------------------------------------
# read() keeps each record's layout


def test_read_keeps_a_jigsaw_layout_and_the_frame_solves_again(run_cli):
    jig = sudokit.read(EXAMPLES / "jigsaw.txt", format="jigsaw")
    assert jig.error.isna().all() and jig.regions.notna().all()
    assert jig["size"].tolist() == [9, 10]
    recs = run_cli("solve", "-i", "jigsaw", EXAMPLES / "jigsaw.txt")
    want = [r["solutions"][0] for r in recs]
    assert len(want) == len(jig) > 0
    res = sudokit.solve_many(jig)
    assert isinstance(res.solutions, pd.Series) and list(res.solutions.index) == list(jig.index)
    assert res.solutions.tolist() == want
    # A row's columns are keyword arguments of solve.
    row = jig.iloc[0]
    assert sudokit.solve(row.puzzle, regions=row.regions) == want[0]
    # Without its regions the same line is another puzzle.
    assert sudokit.solve_many(list(jig.puzzle)).solutions != want


def test_read_keeps_rules_and_the_frame_round_trips_through_parquet(tmp_path):
    frame = sudokit.read(VARIANTS / "puzzles.txt")
    assert len(frame) == 35 and frame.error.isna().all()
    assert frame.rules.notna().sum() >= 30
    quick = frame[frame.line.isin([line for line, _ in QUICK] + [36])]
    want = [PUBLISHED[line][2] for line in quick.line]
    assert sudokit.solve_many(quick).solutions.tolist() == want
    assert sudokit.count_many(quick).counts.tolist() == [1] * len(quick)
    path = tmp_path / "variants.parquet"
    quick.to_parquet(path)
    back = pd.read_parquet(path)
    assert sudokit.solve_many(back).solutions.tolist() == want
    # Jigsaw rows of another size (the 7x7) keep their regions too.
    seven = frame[frame.line == 22].iloc[0]
    assert seven["size"] == 7 and seven.regions is not None
    assert sudokit.solve_many(frame[frame.line == 22]).solutions.tolist() == [PUBLISHED[22][2]]


def test_generated_records_round_trip_through_to_frame():
    recs = sudokit.generate(3, seed=5, jigsaw=True, extra="diagonals")
    frame = sudokit.to_frame(recs)
    assert frame.regions.notna().all() and frame.extra.notna().all()
    assert sudokit.solve_many(frame).solutions.tolist() == [r["solution"] for r in recs]
    boxed = sudokit.to_frame(sudokit.generate(2, seed=5, box="3x2", size=6))
    assert sudokit.solve_many(boxed).solutions.tolist() == list(boxed.solution)


def test_a_rules_file_in_each_form_the_cli_reads(tmp_path):
    """`rules=` with a path goes through the CLI's rules-file reader: a list, an object with
    `rules`, or a whole puzzle record (whose own grid and rules are taken)."""
    _, _, solution = PUBLISHED[36]                    # The Miracle
    line = (VARIANTS / "miracle.txt").read_text().splitlines()[0].split()[0]
    kw = {"extra": ["anti-knight", "anti-king"]}
    listed = tmp_path / "list.json"
    listed.write_text('[{"type": "nonconsecutive"}]')
    wrapped = tmp_path / "object.json"
    wrapped.write_text('{"title": "The Miracle", "rules": [{"type": "nonconsecutive"}]}')
    for path in (listed, wrapped):
        assert sudokit.solve(line, rules=path, **kw) == solution
        assert sudokit.count(line, rules=path, **kw) == 1
        assert sudokit.solve_many([line], rules=path, **kw).solutions == [solution]
    # A puzzle record: Killer Blister's f-puzzles link; its cages apply to the bare grid.
    link, title, blister = PUBLISHED[6]
    assert title == "Killer Blister"
    record = tmp_path / "blister.txt"
    record.write_text(link + "\n")
    frame = sudokit.read(VARIANTS / "puzzles.txt")
    bare = frame[frame.line == 6].iloc[0].puzzle
    assert sudokit.solve(bare, rules=record) == blister
    assert sudokit.count(bare, rules=record) == 1
    # Errors name the file and the line, as on the command line.
    bad = tmp_path / "bad.json"
    bad.write_text('[\n{"type": "spiral", "cells": ["r1c1"]}\n]')
    with pytest.raises(sudokit.ParseError, match=r"bad\.json: line 2.*spiral"):
        sudokit.solve(line, rules=bad, **kw)
    # A function that does not honour rules refuses a rules file too.
    with pytest.raises(sudokit.Error, match="does not honour variant rules"):
        sudokit.rate(line, rules=listed, **kw)
