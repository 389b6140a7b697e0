"""Every function of `sudokit` on 9x9, 6x6, 16x16, jigsaw and X puzzles, compared with the
`sudokit` command's `--format json` records on the shipped example files; inputs as str, list,
pandas Series and numpy; bad input; batches with bad rows; the GIL released."""

import threading

import numpy as np
import pandas as pd
import pytest

import sudokit
from conftest import EXAMPLES, symbol_values


def _jigsaw():
    lines = [
        l for l in (EXAMPLES / "jigsaw.txt").read_text().splitlines() if l and not l.startswith("#")
    ]
    return lines[0].split()[0], lines[1]


def _case(name, tmp_path_factory):
    """(python puzzles, python layout kwargs, cli layout args)."""
    if name == "9x9":
        frame = sudokit.read(EXAMPLES / "puzzles.txt")
        return list(frame.puzzle), {}, []
    if name == "6x6":
        frame = sudokit.read(EXAMPLES / "sizes.txt")
        return [p for p in frame.puzzle if len(p) == 36], {}, []
    if name == "16x16":
        return list(sudokit.read(EXAMPLES / "16x16.txt").puzzle), {}, []
    if name == "jigsaw":
        puzzle, regions = _jigsaw()
        path = tmp_path_factory.mktemp("regions") / "map.txt"
        path.write_text(regions + "\n")
        return [puzzle], {"regions": regions}, ["--regions", path]
    if name == "x":
        frame = sudokit.read(EXAMPLES / "x-sudoku.ndjson")
        return list(frame.puzzle), {"extra": "diagonals"}, ["--extra", "diagonals"]
    raise AssertionError(name)


LAYOUTS = ["9x9", "6x6", "16x16", "jigsaw", "x"]


@pytest.fixture(params=LAYOUTS)
def case(request, tmp_path_factory):
    return (request.param, *_case(request.param, tmp_path_factory))


def _as_numpy(puzzles):
    return np.array([symbol_values(p) for p in puzzles], dtype=np.int64)


def test_solve_many_answers_what_the_cli_answers_in_every_input_kind(case, run_cli):
    name, puzzles, kw, cli_args = case
    recs = run_cli("solve", *cli_args, stdin="\n".join(puzzles) + "\n")
    assert len(recs) == len(puzzles) > 0
    want = [r["solutions"][0] for r in recs]
    assert all(r["status"] == "solved" for r in recs)

    listed = sudokit.solve_many(puzzles, **kw)
    assert listed.solutions == want
    assert list(listed.status) == ["solved"] * len(puzzles)
    assert listed.error == [None] * len(puzzles)

    series = pd.Series(puzzles, index=[f"p{i}" for i in range(len(puzzles))])
    s = sudokit.solve_many(series, **kw)
    assert isinstance(s.solutions, pd.Series) and list(s.solutions.index) == list(series.index)
    assert list(s.solutions) == want

    arr = _as_numpy(puzzles)
    a = sudokit.solve_many(arr, **kw, jobs=2)
    assert a.solutions.dtype == arr.dtype and a.solutions.shape == arr.shape
    assert a.solutions.tolist() == [symbol_values(w) for w in want]
    n = int(round(arr.shape[1] ** 0.5))
    cube = sudokit.solve_many(arr.reshape(len(puzzles), n, n), **kw)
    assert cube.solutions.shape == (len(puzzles), n, n)
    assert cube.solutions.reshape(len(puzzles), -1).tolist() == a.solutions.tolist()

    assert sudokit.solve(puzzles[0], **kw) == want[0]
    assert sudokit.verify(puzzles[0], want[0], **{k: v for k, v in kw.items()})


def test_count_many_and_count_agree_with_the_cli(case, run_cli):
    _, puzzles, kw, cli_args = case
    recs = run_cli("count", *cli_args, "--limit", 2, stdin="\n".join(puzzles) + "\n")
    want = [r["count"] for r in recs]
    got = sudokit.count_many(puzzles, limit=2, **kw)
    assert got.counts.tolist() == want
    assert got.exact.tolist() == [r["exact"] for r in recs]
    assert sudokit.count_many(_as_numpy(puzzles), limit=2, **kw).counts.tolist() == want
    assert sudokit.count(puzzles[0], limit=2, **kw) == want[0]


def _without_times(rec):
    drop = {"micros", "record", "line", "file", "label"}
    if isinstance(rec, dict):
        return {k: _without_times(v) for k, v in rec.items() if k not in drop}
    if isinstance(rec, list):
        return [_without_times(v) for v in rec]
    return rec


def test_explain_hint_and_check_give_the_cli_records(case, run_cli):
    _, puzzles, kw, cli_args = case
    p = puzzles[0]
    for command, fn, extra in [
        ("explain", sudokit.explain, {}),
        ("hint", sudokit.hint, {"level": 2}),
        ("check", sudokit.check, {}),
    ]:
        args = ["--level", 2] if command == "hint" else []
        (rec,) = run_cli(command, *cli_args, *args, stdin=p + "\n")
        got = fn(p, **kw, **extra)
        assert _without_times(got) == _without_times(rec), command
    steps = sudokit.explain(p, **kw)["steps"]
    assert steps and isinstance(steps[0]["text"], str) and steps[0]["text"]


def _rate_examples():
    """The examples that rate in well under a second (three easy, two hard), and the one with
    several solutions, which is refused."""
    puzzles = list(sudokit.read(EXAMPLES / "puzzles.txt").puzzle)
    return [puzzles[i] for i in (0, 1, 2, 5, 7, 3)]


def test_rate_and_rate_many_agree_with_the_cli(run_cli):
    puzzles = _rate_examples()
    recs = run_cli("rate", "--hodoku", stdin="\n".join(puzzles) + "\n")
    assert [r["status"] for r in recs] == ["rated"] * 5 + ["invalid"]
    want = np.array([[r.get("er", np.nan), r.get("ep", np.nan), r.get("ed", np.nan)] for r in recs], dtype=float)
    for kind in (puzzles, _as_numpy(puzzles)):
        got = sudokit.rate_many(kind, jobs=2)
        assert got.shape == (len(puzzles), 3)
        np.testing.assert_array_equal(got, want)
    frame = sudokit.rate_many(pd.Series(puzzles))
    assert list(frame.columns) == ["er", "ep", "ed"]
    np.testing.assert_array_equal(frame.to_numpy(), want)
    one = sudokit.rate(puzzles[0])
    assert _without_times(one) == _without_times(recs[0])
    h = sudokit.hodoku(puzzles[0])
    assert (h["level"], h["score"]) == (recs[0]["hodoku_level"], recs[0]["hodoku_score"])
    hm = sudokit.hodoku_many(puzzles)
    assert list(hm.level)[:5] == [r["hodoku_level"] for r in recs[:5]]
    assert hm.score.tolist()[:5] == [r["hodoku_score"] for r in recs[:5]]
    res = sudokit.rate_many(puzzles, details=True)
    assert list(res.status) == [r["status"] for r in recs]
    assert res.hardest[:5] == [r["hardest"] for r in recs[:5]]
    assert res.error[5] == recs[5]["error"]


def test_rate_takes_the_sukaku_scale_as_the_cli_does(run_cli):
    puzzles = _rate_examples()[:5]
    recs = run_cli("rate", "--scale", "sukaku", stdin="\n".join(puzzles) + "\n")
    got = sudokit.rate_many(puzzles, scale="sukaku")
    np.testing.assert_array_equal(got, [[r["er"], r["ep"], r["ed"]] for r in recs])


def test_rate_on_other_layouts_gives_the_cli_numbers(case, run_cli):
    name, puzzles, kw, cli_args = case
    if name == "9x9":
        puzzles = _rate_examples()
    recs = run_cli("rate", *cli_args, stdin="\n".join(puzzles) + "\n")
    res = sudokit.rate_many(puzzles, details=True, **kw)
    for r, row, status in zip(recs, res.ratings, res.status):
        assert status == r["status"]
        want = [np.nan if r.get(k) is None else r[k] for k in ("er", "ep", "ed")]
        np.testing.assert_array_equal(row, want)


def test_canon_matches_the_cli_and_is_the_same_for_equivalent_puzzles(run_cli, cli):
    import subprocess

    puzzles = _rate_examples()[:5]
    out = subprocess.run(
        [cli, "canon"], input="\n".join(puzzles) + "\n", capture_output=True, text=True, check=True
    ).stdout.split()
    assert sudokit.canon(puzzles) == out
    assert sudokit.canon(puzzles[0]) == out[0]
    # Relabelling the digits does not change the canonical form.
    relabelled = puzzles[0].translate(str.maketrans("123456789", "912345678"))
    assert sudokit.canon(relabelled) == out[0]
    arr = sudokit.canon(_as_numpy(puzzles))
    assert arr.tolist() == [symbol_values(o) for o in out]


@pytest.mark.parametrize(
    "kw,cli_args",
    [
        ({}, []),
        ({"size": 6}, ["--size", 6]),
        ({"symmetry": "rot180", "givens": (28, 32)}, ["--symmetry", "rot180", "--givens", "28..32"]),
        ({"extra": "diagonals"}, ["--extra", "diagonals"]),
        ({"jigsaw": True}, ["--jigsaw"]),
        ({"size": 16}, ["--size", 16]),
    ],
)
def test_generate_replays_the_cli_run_with_the_same_seed(kw, cli_args, run_cli):
    recs = run_cli("generate", "-n", 2, "--seed", 42, *cli_args)
    got = sudokit.generate(2, seed=42, **kw)
    assert [g["puzzle"] for g in got] == [r["puzzle"] for r in recs]
    assert [g["solution"] for g in got] == [r["solution"] for r in recs]
    # Any range of a run is that part of the whole run.
    assert sudokit.generate(1, seed=42, start=1, **kw)[0]["puzzle"] == got[1]["puzzle"]
    for g in got:
        assert sudokit.count(g["puzzle"], **{k: v for k, v in kw.items() if k == "extra"} ) == 1 or kw.get("jigsaw")


def test_read_and_to_frame(tmp_path):
    frame = sudokit.read(EXAMPLES / "puzzles.txt")
    assert list(frame.columns) == [
        "record", "line", "label", "puzzle", "solution", "error",
        "size", "box", "regions", "extra", "rules",
    ]
    assert frame["size"].tolist() == [9] * len(frame)
    assert frame[["box", "regions", "extra", "rules"]].isna().all().all()
    assert frame.label.tolist()[0] == "worksheet-1" and frame.error.isna().all()
    csv = tmp_path / "k.csv"
    csv.write_text("quizzes,solutions\n" + f"{frame.puzzle[0]},{sudokit.solve(frame.puzzle[0])}\n")
    k = sudokit.read(csv)
    assert k.puzzle[0] == frame.puzzle[0].replace("0", ".") or k.puzzle[0] == frame.puzzle[0]
    assert k.solution[0] == sudokit.solve(frame.puzzle[0])
    jig = sudokit.read(EXAMPLES / "jigsaw.txt")
    assert jig.puzzle[0] == _jigsaw()[0]
    recs = sudokit.generate(3, seed=1)
    f = sudokit.to_frame(recs)
    assert len(f) == 3 and "puzzle" in f and "rating" in f
    assert len(sudokit.to_frame(sudokit.rate(frame.puzzle[0]))) == 1


# ---------------------------------------------------------------------------------------------
# Bad input


GOOD = "000000090190470608052819407200048000009000500000750009907364180506081074080000000"
CONFLICT = "11" + GOOD[2:]


def test_bad_input_raises_typed_errors():
    assert issubclass(sudokit.ParseError, sudokit.Error)
    assert issubclass(sudokit.NoSolution, sudokit.Error)
    assert issubclass(sudokit.BudgetExceeded, sudokit.Error)
    with pytest.raises(sudokit.ParseError, match="wrong shape"):
        sudokit.solve_many(np.zeros((2, 9, 8), dtype=np.int32))
    with pytest.raises(sudokit.ParseError, match="rows of 80 cells"):
        sudokit.solve_many(np.zeros((2, 80), dtype=np.int32))
    with pytest.raises(sudokit.ParseError, match="dtype"):
        sudokit.solve_many(np.zeros((2, 81), dtype=np.float64))
    with pytest.raises(sudokit.ParseError, match="twice"):
        sudokit.solve(CONFLICT)
    with pytest.raises(sudokit.ParseError, match="wrong length"):
        sudokit.solve(GOOD[:80])
    with pytest.raises(sudokit.ParseError):
        sudokit.solve(GOOD, box="2y3")
    with pytest.raises(sudokit.NoSolution):
        sudokit.solve(
            "876900000010006000040305800400000210090500000050040306029000008004690173080001004"
        )
    with pytest.raises(sudokit.NoSolution):
        sudokit.rate(
            "876900000010006000040305800400000210090500000050040306029000008004690173080001004"
        )
    with pytest.raises(sudokit.Error, match="more than one"):
        sudokit.rate("." * 81)
    with pytest.raises(sudokit.BudgetExceeded):
        sudokit.count("." * 81, limit=10**9, nodes=1000)
    with pytest.raises(TypeError):
        sudokit.solve_many([GOOD, 3])
    with pytest.raises(TypeError):
        sudokit.solve_many({"a": GOOD})


def test_a_batch_with_bad_rows_loses_nothing():
    arr = np.array([symbol_values(GOOD)] * 5, dtype=np.int16)
    arr[1, 0] = 10  # out of range
    arr[2, 0] = -1  # out of range
    arr[3, :2] = [1, 1]  # conflicting givens
    res = sudokit.solve_many(arr)
    assert list(res.status) == ["solved", "invalid", "invalid", "invalid", "solved"]
    assert "out of range" in res.error[1] and "out of range" in res.error[2]
    assert "twice" in res.error[3]
    assert res.error[0] is None and res.error[4] is None
    assert res.solutions[0].tolist() == res.solutions[4].tolist() != [0] * 81
    assert res.solutions[1].tolist() == [0] * 81
    big = np.array([symbol_values(GOOD)], dtype=np.int64)
    big[0, 5] = 2**40
    assert list(sudokit.solve_many(big).status) == ["invalid"]
    texts = [GOOD, "nonsense", CONFLICT, "." * 81]
    res = sudokit.solve_many(texts)
    assert list(res.status) == ["solved", "invalid", "invalid", "solved"]
    rated = sudokit.rate_many(texts + [GOOD], details=True)
    assert list(rated.status) == ["rated", "invalid", "invalid", "invalid", "rated"]
    assert np.isnan(rated.ratings[1:4]).all() and not np.isnan(rated.ratings[[0, 4]]).any()
    assert "more than one solution" in rated.error[3]
    counted = sudokit.count_many(texts, limit=3)
    assert counted.counts.tolist()[3] == 3 and list(counted.status)[1] == "invalid"


# ---------------------------------------------------------------------------------------------
# The GIL


def test_a_long_batch_releases_the_gil():
    import sys

    # Counting the solutions of empty grids, each cut off after a number of search nodes:
    # work of a fixed size, seconds long.
    empty = ["." * 81] * 8
    # With a short switch interval a thread gets at most 0.1 ms between two of the main
    # thread's bytecodes: a call holding the GIL would let the ticker tick a few hundred times.
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-4)
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(1)

    t = threading.Thread(target=tick)
    t.start()
    before = len(ticks)
    res = sudokit.count_many(empty, limit=10**15, nodes=1_000_000, jobs=1)
    during = len(ticks) - before
    done.set()
    t.join()
    sys.setswitchinterval(old)
    assert list(res.status) == ["stopped"] * 8 and (res.counts > 0).all()
    # With the GIL released the ticker keeps counting for the whole batch (seconds).
    assert during > 20_000, during
