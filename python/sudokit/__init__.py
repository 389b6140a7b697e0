"""sudokit: solve, count, rate, explain and generate Sudoku puzzles on sudokit's Rust core.

One puzzle is a ``str`` in any format the ``sudokit`` command reads (a line of N² symbols,
``.`` or ``0`` for an empty cell, is the usual one; an f-puzzles link or JSON brings its own
layout and variant rules). Many puzzles are a list of ``str``, a pandas ``Series`` of ``str``,
a DataFrame as :func:`read` makes it (each row with its own layout), or a numpy integer array
of shape ``(N, n*n)`` or ``(N, n, n)`` with 0 for an empty cell; results come back in the same
kind (numpy in, numpy out; a Series or DataFrame keeps its index). Variant rules (``rules=``,
killer cages, thermometers, ...) are honoured by :func:`solve`, :func:`count`,
:func:`solve_many`, :func:`count_many`, :func:`verify`, :func:`check` and
:func:`true_candidates`; every other function raises :class:`Error` for them rather than
ignore them. Batch calls release the GIL, run on ``jobs`` threads (all cores by default),
keep input order and report each puzzle's status instead of raising, so a bad row loses
nothing. Errors are :class:`Error` and its subclasses :class:`ParseError`,
:class:`NoSolution` and :class:`BudgetExceeded`.

Design decision: this module only converts inputs and outputs; every puzzle is worked on by the
native module ``sudokit._sudokit``, which calls the same application layer as the ``sudokit``
command, so a record here is the command's ``--format json`` record. numpy and pandas are
imported on first use, so ``import sudokit`` stays fast.
"""

from __future__ import annotations

import json
import operator
import os
from typing import Any, NamedTuple, Optional, Sequence, Tuple, Union

from . import _sudokit as _native
from ._sudokit import BudgetExceeded, Error, NoSolution, ParseError

__all__ = [
    "Error",
    "ParseError",
    "NoSolution",
    "BudgetExceeded",
    "SOLVE_STATUSES",
    "RATE_STATUSES",
    "SolveResult",
    "CountResult",
    "RateResult",
    "HodokuResult",
    "solve",
    "count",
    "solve_many",
    "count_many",
    "verify",
    "true_candidates",
    "rate",
    "rate_many",
    "hodoku",
    "hodoku_many",
    "explain",
    "hint",
    "check",
    "canon",
    "generate",
    "few_givens",
    "few_givens_patterns",
    "read",
    "to_frame",
]

#: The status words of ``solve_many``/``count_many``, as the CLI prints them.
SOLVE_STATUSES = ("solved", "unsolvable", "stopped", "unknown", "invalid")
#: The status words of ``rate_many``: rated, beyond the techniques, stopped by the budget,
#: no solution, invalid (did not parse, or several solutions).
RATE_STATUSES = ("rated", "beyond", "stopped", "unsolvable", "invalid")


class SolveResult(NamedTuple):
    """What ``solve_many`` returns: the solutions in the input's kind (an all-zero row, or
    ``None``, where there is none; a Series of lines for a DataFrame), each puzzle's status
    and error message."""

    solutions: Any
    status: Any
    error: list


class CountResult(NamedTuple):
    """What ``count_many`` returns: the counts (int64, up to ``limit``), whether each count is
    exact, each status and error message."""

    counts: Any
    exact: Any
    status: Any
    error: list


class RateResult(NamedTuple):
    """What ``rate_many(..., details=True)`` returns: the ``(N, 3)`` ER/EP/ED array (NaN where
    not rated), each status, the hardest technique and the error message."""

    ratings: Any
    status: Any
    hardest: list
    error: list


class HodokuResult(NamedTuple):
    """What ``hodoku_many`` returns: HoDoKu's level names (``None`` where its solver did not
    finish) and scores (-1 there), and the error messages."""

    level: list
    score: Any
    error: list


# ---------------------------------------------------------------------------------------------
# Inputs


def _rules(rules: Any) -> Optional[str]:
    """Variant rules as the native module takes them: a JSON array in sudokit's form (a path
    goes to the native module as ``rules_file``, read there as the CLI reads ``--rules``)."""
    if rules is None or isinstance(rules, os.PathLike):
        return None
    if isinstance(rules, str):
        return rules
    if isinstance(rules, dict):
        rules = [rules]
    try:
        return json.dumps(list(rules))
    except TypeError as e:
        raise ParseError(f"rules: not a list of rules in sudokit's JSON form: {e}") from None


def _layout(
    box: Optional[str], regions: Any, extra: Any, format: Optional[str], rules: Any = None
) -> dict:
    if regions is not None and isinstance(regions, os.PathLike):
        with open(regions, encoding="utf-8") as f:
            regions = f.read()
    if isinstance(extra, str):
        extra = [extra]
    return {
        "box": box,
        "regions": regions,
        "extra": list(extra or []),
        "format": format,
        "rules": _rules(rules),
        "rules_file": os.fspath(rules) if isinstance(rules, os.PathLike) else None,
    }


def _missing(v: Any) -> bool:
    """Whether a DataFrame cell is empty (None, NaN)."""
    return v is None or (isinstance(v, float) and v != v)


#: The layout columns of a DataFrame of puzzles (as :func:`read` makes them, or
#: :func:`to_frame` of :func:`generate`'s records).
_LAYOUT_COLUMNS = ("size", "box", "regions", "extra", "rules")


def _frame_record(puzzle: Any, row: dict) -> str:
    """One DataFrame row as a sudokit JSON record carrying its own layout."""
    if not isinstance(puzzle, str):
        raise TypeError(f"puzzle is a {type(puzzle).__name__}, not a str")
    rec: dict = {}
    if any(c.isspace() for c in puzzle.strip()):
        # A line above 35x35: numbers separated by spaces.
        rec["cells"] = [0 if x in (".", "0") else int(x) for x in puzzle.split()]
    else:
        rec["cells"] = puzzle.strip()
    for key in _LAYOUT_COLUMNS:
        v = row.get(key)
        if hasattr(v, "tolist"):
            v = v.tolist()  # numpy arrays and scalars (a column read back from Parquet)
        if _missing(v):
            continue
        if key == "size":
            rec["size"] = int(v)
        elif key == "box":
            if isinstance(v, str):
                r, _, c = v.lower().replace("*", "x").partition("x")
                v = [int(r), int(c)]
            rec["box"] = [int(x) for x in v]
        elif key == "rules" and isinstance(v, str):
            rec["rules"] = json.loads(v)
        elif key == "extra" and isinstance(v, str):
            rec["extra"] = [v]
        else:
            rec[key] = v
    return json.dumps(rec)


def _kind(x: Any) -> str:
    mod = type(x).__module__.split(".")[0]
    if mod == "numpy" and type(x).__name__ == "ndarray":
        return "numpy"
    if mod == "pandas" and type(x).__name__ == "Series":
        return "series"
    if mod == "pandas" and type(x).__name__ == "DataFrame":
        return "frame"
    if isinstance(x, str):
        return "str"
    if isinstance(x, (list, tuple)):
        return "list"
    raise TypeError(
        "puzzles must be a str, a list of str, a pandas Series or DataFrame or a numpy array, "
        f"not {type(x).__name__}"
    )


class _Batch:
    """A batch of puzzles as the native module takes it."""

    def __init__(self, puzzles: Any):
        self.kind = _kind(puzzles)
        self.texts = None
        self.cells = None
        self.n = 0
        self.index = None
        self.shape = None
        self.dtype = None
        self.format = None
        if self.kind == "str":
            self.texts = [puzzles]
        elif self.kind == "list":
            for i, p in enumerate(puzzles):
                if not isinstance(p, str):
                    raise TypeError(f"puzzle {i} is a {type(p).__name__}, not a str")
            self.texts = list(puzzles)
        elif self.kind == "series":
            self.index = puzzles.index
            self.texts = [str(p) for p in puzzles.tolist()]
        elif self.kind == "frame":
            self._frame(puzzles)
        else:
            self._numpy(puzzles)

    def _frame(self, frame: Any) -> None:
        if "puzzle" not in frame.columns:
            raise ParseError("a DataFrame of puzzles needs a 'puzzle' column (as sudokit.read makes)")
        self.index = frame.index
        cols = [c for c in _LAYOUT_COLUMNS if c in frame.columns and frame[c].notna().any()]
        if cols == [] or cols == ["size"]:
            self.texts = [str(p) for p in frame["puzzle"].tolist()]
            return
        # Rows with a layout of their own go to the native module as sudokit JSON records.
        self.format = "json"
        records = frame[["puzzle", *cols]].to_dict("records")
        self.texts = [_frame_record(r["puzzle"], r) for r in records]

    def layout(self, box: Any, regions: Any, extra: Any, format: Any, rules: Any = None) -> dict:
        """The layout options of the call (a DataFrame whose rows carry layouts is read as
        JSON records)."""
        return _layout(box, regions, extra, self.format or format, rules)

    def _numpy(self, a: Any) -> None:
        import numpy as np

        if not (np.issubdtype(a.dtype, np.integer) or a.dtype == np.bool_):
            raise ParseError(
                f"puzzles must be an integer array (0 for an empty cell), not dtype {a.dtype}"
            )
        self.shape, self.dtype = a.shape, a.dtype
        if a.ndim == 3 and a.shape[1] == a.shape[2]:
            n = a.shape[1]
        elif a.ndim == 2:
            n = int(round(a.shape[1] ** 0.5))
            if n * n != a.shape[1]:
                raise ParseError(
                    f"rows of {a.shape[1]} cells: a puzzle has n*n cells (81 for 9x9)"
                )
        else:
            raise ParseError(
                f"wrong shape {a.shape}: expected (N, n*n) or (N, n, n), 0 for an empty cell"
            )
        if n == 0 or n > 64:
            raise ParseError(f"wrong shape {a.shape}: the side must be 1 to 64")
        self.n = n
        # The array's own integers, little-endian and contiguous (no copy when they are
        # already): the native module reads each cell in its dtype and checks its range, and
        # writes solutions in the same dtype.
        a = np.ascontiguousarray(a, dtype=a.dtype.newbyteorder("<"))
        self.le_dtype = a.dtype
        self.cells = (a.tobytes(), a.dtype.itemsize, a.dtype.kind == "i")

    def __len__(self) -> int:
        if self.texts is not None:
            return len(self.texts)
        data, width, _ = self.cells
        return len(data) // (width * self.n * self.n)

    def grids_out(self, cells: bytearray, lines: list) -> Any:
        """Solution grids in the input's kind (for numpy, a view of the buffer the native
        module filled, in the input's dtype: no copy)."""
        if self.kind == "numpy":
            import numpy as np

            out = np.frombuffer(cells, dtype=self.le_dtype).reshape(self.shape)
            return out.astype(self.dtype, copy=False)
        return self.wrap(lines)

    def errors(self, sparse: list) -> list:
        """The error of each puzzle (``None`` for most) from the (row, message) pairs."""
        out: list = [None] * len(self)
        for i, e in sparse:
            out[i] = e
        return out

    def wrap(self, values: Any, name: Optional[str] = None) -> Any:
        """A per-puzzle result: a Series for a Series or DataFrame input, a list or array
        otherwise."""
        if self.kind in ("series", "frame"):
            import pandas as pd

            return pd.Series(values, index=self.index, name=name)
        return values

    def statuses(self, codes: bytes, words: Sequence[str]) -> Any:
        import numpy as np

        status = np.array(words)[np.frombuffer(codes, dtype=np.uint8)]
        return self.wrap(status, "status")


def _one(puzzle: Any) -> str:
    if not isinstance(puzzle, str):
        raise TypeError(f"a puzzle is a str, not {type(puzzle).__name__}")
    return puzzle


def _record(text: str) -> dict:
    return json.loads(text)


def _raise_refusal(rec: dict) -> dict:
    """Raises the exception of a refusal record (``status`` invalid/unsolvable/stopped with an
    ``error``); returns any other record."""
    status = rec.get("status")
    if status == "unsolvable":
        raise NoSolution(rec.get("error") or "the puzzle has no solution")
    if status == "invalid":
        raise Error(rec.get("error") or "invalid puzzle")
    if status == "stopped":
        raise BudgetExceeded(rec.get("error") or "the budget ran out")
    return rec


def _refused_or(rec: dict) -> dict:
    """Raises for a refusal record (only ``status`` and ``error``); returns any other."""
    if set(rec) == {"status", "error"}:
        _raise_refusal(rec)
    return rec


# ---------------------------------------------------------------------------------------------
# Solving


def solve(
    puzzle: str,
    *,
    engine: str = "auto",
    budget: Optional[float] = None,
    nodes: Optional[int] = None,
    box: Optional[str] = None,
    regions: Any = None,
    extra: Any = None,
    format: Optional[str] = None,
    rules: Any = None,
) -> str:
    """The first solution of ``puzzle`` as a line (``sudokit solve``).

    ``engine`` is any of ``sudokit engines`` (``auto`` picks one for the layout: ``sat`` for
    variant rules); ``budget`` is in seconds, ``nodes`` a search-node limit. ``rules`` are
    variant rules for the puzzle: a list of dicts in sudokit's JSON form
    (``[{"type": "killer", "cells": ["r1c1", "r1c2"], "sum": 10}]``), that list as a JSON
    string, or an ``os.PathLike`` of a file holding it (the CLI's ``--rules``); an f-puzzles
    link or JSON as ``puzzle`` brings its own. Raises :class:`ParseError`,
    :class:`NoSolution`, :class:`BudgetExceeded`, or :class:`Error` (an engine that does not
    implement the rules, or an incomplete engine that gave up).
    """
    rec = _record(
        _native.solve_record_json(
            _one(puzzle), _layout(box, regions, extra, format, rules), engine, None, budget,
            nodes
        )
    )
    status = rec["status"]
    if status == "solved":
        sol = rec["solutions"][0]
        return sol if isinstance(sol, str) else " ".join(str(v) for row in sol for v in row)
    if status == "invalid":
        raise ParseError(rec.get("error") or "invalid puzzle")
    if status == "unsolvable":
        raise NoSolution("the puzzle has no solution")
    if status == "stopped":
        raise BudgetExceeded("the budget ran out before a solution was found")
    raise Error(f"engine {rec.get('engine')} gave up ({status})")


def count(
    puzzle: str,
    *,
    limit: int = 2,
    engine: str = "auto",
    budget: Optional[float] = None,
    nodes: Optional[int] = None,
    box: Optional[str] = None,
    regions: Any = None,
    extra: Any = None,
    format: Optional[str] = None,
    rules: Any = None,
) -> int:
    """The number of solutions of ``puzzle``, counted up to ``limit`` (``sudokit count``).

    ``rules`` as for :func:`solve`. Raises :class:`ParseError`, :class:`Error` (an engine
    that does not implement the rules), or :class:`BudgetExceeded` when the count was cut
    short.
    """
    rec = _record(
        _native.solve_record_json(
            _one(puzzle), _layout(box, regions, extra, format, rules), engine, limit, budget,
            nodes
        )
    )
    if rec["status"] == "invalid":
        raise ParseError(rec.get("error") or "invalid puzzle")
    if rec["status"] == "stopped":
        raise BudgetExceeded(f"the budget ran out after {rec['count']} solutions")
    if rec["status"] == "unknown":
        raise Error(f"engine {rec.get('engine')} cannot count")
    return int(rec["count"])


def _solve_batch(puzzles, limit, engine, budget, nodes, jobs, box, regions, extra, format, rules):
    b = _Batch(puzzles)
    out = _native.solve_batch(
        b.texts,
        b.cells,
        b.n,
        b.layout(box, regions, extra, format, rules),
        engine,
        limit,
        budget,
        nodes,
        jobs,
        limit is None and b.kind != "numpy",
    )
    return b, out


def solve_many(
    puzzles: Any,
    *,
    engine: str = "auto",
    budget: Optional[float] = None,
    nodes: Optional[int] = None,
    jobs: Optional[int] = None,
    box: Optional[str] = None,
    regions: Any = None,
    extra: Any = None,
    format: Optional[str] = None,
    rules: Any = None,
) -> SolveResult:
    """Solves every puzzle in parallel (``sudokit solve``), keeping input order.

    Returns :class:`SolveResult`: ``solutions`` in the input's kind (numpy rows of zeros, or
    ``None``, where there is no solution), ``status`` (words of :data:`SOLVE_STATUSES`, a numpy
    array, or a Series for a Series or DataFrame) and ``error`` (a message or ``None`` per
    puzzle). ``budget`` (seconds) and ``nodes`` limit each puzzle. ``rules`` as for
    :func:`solve`, for every puzzle; a DataFrame's rows may carry their own layout and rules
    (columns ``size``, ``box``, ``regions``, ``extra``, ``rules``, as :func:`read` makes
    them). An engine that does not implement the rules given raises :class:`Error`.
    """
    b, (codes, _, _, cells, lines, errors) = _solve_batch(
        puzzles, None, engine, budget, nodes, jobs, box, regions, extra, format, rules
    )
    return SolveResult(
        b.grids_out(cells, lines), b.statuses(codes, SOLVE_STATUSES), b.errors(errors)
    )


def count_many(
    puzzles: Any,
    *,
    limit: int = 2,
    engine: str = "auto",
    budget: Optional[float] = None,
    nodes: Optional[int] = None,
    jobs: Optional[int] = None,
    box: Optional[str] = None,
    regions: Any = None,
    extra: Any = None,
    format: Optional[str] = None,
    rules: Any = None,
) -> CountResult:
    """Counts every puzzle's solutions up to ``limit`` in parallel (``sudokit count``).

    Returns :class:`CountResult` (``counts`` int64 and ``exact`` bool arrays, ``status``,
    ``error``). Layouts and ``rules`` as for :func:`solve_many`.
    """
    import numpy as np

    b, (codes, counts, exact, _, _, errors) = _solve_batch(
        puzzles, limit, engine, budget, nodes, jobs, box, regions, extra, format, rules
    )
    return CountResult(
        b.wrap(np.frombuffer(counts, dtype="<u8").astype(np.int64), "count"),
        b.wrap(np.frombuffer(exact, dtype=np.uint8).astype(bool), "exact"),
        b.statuses(codes, SOLVE_STATUSES),
        b.errors(errors),
    )


def verify(
    puzzle: str,
    solution: str,
    *,
    box: Optional[str] = None,
    regions: Any = None,
    extra: Any = None,
    rules: Any = None,
    format: Optional[str] = None,
) -> bool:
    """Whether ``solution`` is a complete grid that keeps every rule (variant ``rules``
    included, as for :func:`solve`) and every given of ``puzzle`` (sudokit's independent
    checker). A ``puzzle`` in f-puzzles form brings its own layout and rules, which the
    solution (a line) is read with. Raises :class:`ParseError` when either does not parse."""
    return _native.verify(
        _one(puzzle), _one(solution), _layout(box, regions, extra, format, rules)
    ) is None


def true_candidates(
    puzzle: str,
    *,
    engine: str = "auto",
    budget: Optional[float] = None,
    nodes: Optional[int] = None,
    box: Optional[str] = None,
    regions: Any = None,
    extra: Any = None,
    format: Optional[str] = None,
    rules: Any = None,
) -> dict:
    """Per cell, the digits that appear in some solution (``sudokit solve --true-candidates
    --format json``): ``status`` (``solved``, ``unsolvable``, ``stopped``), ``engine``,
    ``complete`` (False when the budget ran out: the digits listed are true candidates, the
    others untested), ``candidates`` (per cell in reading order its digits as symbols, ``-``
    for none), ``searches`` and ``nodes``.

    Found without enumerating the solutions: one search per candidate no solution has shown
    yet, all within one ``budget`` (seconds) and ``nodes`` limit. ``rules`` as for
    :func:`solve`; ``auto`` picks an engine that honours them. Raises :class:`ParseError`,
    or :class:`Error` for an engine that does not implement the rules."""
    return _record(
        _native.true_candidates_json(
            _one(puzzle), _layout(box, regions, extra, format, rules), engine, budget, nodes
        )
    )


# ---------------------------------------------------------------------------------------------
# Rating


def rate(
    puzzle: str,
    *,
    scale: str = "se121",
    max_level: int = 5,
    budget: Optional[float] = None,
    hodoku: bool = True,
    explain: bool = False,
    box: Optional[str] = None,
    regions: Any = None,
    extra: Any = None,
    format: Optional[str] = None,
    rules: Any = None,
) -> dict:
    """Sudoku Explainer's rating of ``puzzle``: the record of ``sudokit rate --format json``
    (``er``, ``ep``, ``ed``, ``hardest``, ``steps``, ``seed_level``, ``qqwing``, and with
    ``hodoku`` HoDoKu's ``hodoku_level``/``hodoku_score``; ``explain`` adds ``hardest_step``).

    ``scale`` is ``se121`` or ``sukaku``. A puzzle beyond the techniques comes back with status
    ``beyond``. Raises :class:`NoSolution`, :class:`Error` (several solutions: SE ratings need
    one), :class:`BudgetExceeded` or :class:`ParseError`.
    """
    rec = _record(
        _native.rate_json(
            _one(puzzle),
            _layout(box, regions, extra, format, rules),
            scale,
            max_level,
            budget,
            hodoku,
            explain,
        )
    )
    return _raise_refusal(rec)


def rate_many(
    puzzles: Any,
    *,
    scale: str = "se121",
    max_level: int = 5,
    budget: Optional[float] = None,
    jobs: Optional[int] = None,
    details: bool = False,
    box: Optional[str] = None,
    regions: Any = None,
    extra: Any = None,
    format: Optional[str] = None,
    rules: Any = None,
) -> Any:
    """SE ratings of every puzzle in parallel (``sudokit rate``): an ``(N, 3)`` float64 array
    of ER/EP/ED, NaN where a puzzle was not rated (a DataFrame ``er, ep, ed`` for a Series).

    With ``details`` it returns :class:`RateResult` (the ratings, the status of each puzzle in
    :data:`RATE_STATUSES`, its hardest technique and its error message).
    """
    import numpy as np

    b = _Batch(puzzles)
    raw, codes, hardest, errors = _native.rate_batch(
        b.texts, b.cells, b.n, b.layout(box, regions, extra, format, rules), scale, max_level,
        budget, jobs
    )
    ratings = np.frombuffer(raw, dtype="<f8").reshape(len(b), 3).copy()
    if b.kind in ("series", "frame"):
        import pandas as pd

        ratings = pd.DataFrame(ratings, index=b.index, columns=["er", "ep", "ed"])
    if not details:
        return ratings
    return RateResult(ratings, b.statuses(codes, RATE_STATUSES), hardest, errors)


def hodoku(
    puzzle: str,
    *,
    budget: Optional[float] = None,
    box: Optional[str] = None,
    regions: Any = None,
    extra: Any = None,
    format: Optional[str] = None,
    rules: Any = None,
) -> dict:
    """HoDoKu's level and score of ``puzzle``: ``{"level": "easy"…"extreme", "score": int}``
    (both ``None`` when HoDoKu's techniques do not solve it)."""
    res = hodoku_many([_one(puzzle)], budget=budget, box=box, regions=regions, extra=extra,
                      format=format, rules=rules, jobs=1)
    if res.error[0] is not None:
        raise ParseError(res.error[0])
    score = int(res.score[0])
    return {"level": res.level[0], "score": None if score < 0 else score}


def hodoku_many(
    puzzles: Any,
    *,
    budget: Optional[float] = None,
    jobs: Optional[int] = None,
    box: Optional[str] = None,
    regions: Any = None,
    extra: Any = None,
    format: Optional[str] = None,
    rules: Any = None,
) -> HodokuResult:
    """HoDoKu's level and score of every puzzle in parallel (``sudokit rate --hodoku``)."""
    import numpy as np

    b = _Batch(puzzles)
    rows = _native.hodoku_batch(
        b.texts, b.cells, b.n, b.layout(box, regions, extra, format, rules), budget, jobs
    )
    levels = [r[0] for r in rows]
    scores = np.array([-1 if r[1] is None else r[1] for r in rows], dtype=np.int64)
    return HodokuResult(b.wrap(levels, "level"), b.wrap(scores, "score"), [r[2] for r in rows])


# ---------------------------------------------------------------------------------------------
# Explaining and checking


def explain(
    puzzle: str,
    *,
    order: str = "hodoku",
    check: bool = False,
    budget: Optional[float] = None,
    box: Optional[str] = None,
    regions: Any = None,
    extra: Any = None,
    format: Optional[str] = None,
    rules: Any = None,
) -> dict:
    """A human-style solution path: the record of ``sudokit explain --format json`` (``status``,
    ``steps`` — each with ``technique`` and ``text`` —, the levels, ...).

    ``order`` is ``hodoku`` or ``se``; ``check`` checks every step against the solution.
    Raises :class:`NoSolution` for a puzzle with no solution, :class:`ParseError`.
    """
    rec = _record(
        _native.explain_json(
            _one(puzzle), _layout(box, regions, extra, format, rules), order, check, budget
        )
    )
    return _refused_or(rec)


def hint(
    puzzle: str,
    *,
    level: int = 1,
    order: str = "hodoku",
    budget: Optional[float] = None,
    box: Optional[str] = None,
    regions: Any = None,
    extra: Any = None,
    format: Optional[str] = None,
    rules: Any = None,
) -> dict:
    """The next step, at ``level`` 1 (where to look), 2 (which technique) or 3 (the whole step):
    the record of ``sudokit hint --format json``."""
    rec = _record(
        _native.hint_json(
            _one(puzzle), _layout(box, regions, extra, format, rules), order, level, budget
        )
    )
    return _refused_or(rec)


def check(
    puzzle: str,
    *,
    rate: bool = False,
    budget: Optional[float] = None,
    box: Optional[str] = None,
    regions: Any = None,
    extra: Any = None,
    format: Optional[str] = None,
    rules: Any = None,
) -> dict:
    """Givens, uniqueness, minimality and symmetry of ``puzzle`` (with ``rate``, its SE
    rating): the record of ``sudokit check --format json`` without ``line``. ``budget``
    defaults to 10 s, as the command's."""
    rec = _record(
        _native.check_json(
            _one(puzzle), _layout(box, regions, extra, format, rules), rate, budget
        )
    )
    rec.pop("line", None)
    return rec


def canon(
    puzzles: Any,
    *,
    jobs: Optional[int] = None,
    format: Optional[str] = None,
) -> Any:
    """The canonical (minlex) form of a 9×9 puzzle, or of each puzzle of a batch (``None``
    where there is none; a single ``str`` raises :class:`ParseError` instead)."""
    b = _Batch(puzzles)
    rows = _native.canon_batch(b.texts, b.cells, b.n, b.layout(None, None, None, format), jobs)
    if b.kind == "str":
        line, err = rows[0]
        if err is not None:
            raise ParseError(err)
        return line
    lines = [r[0] for r in rows]
    if b.kind == "numpy":
        import numpy as np

        out = np.zeros((len(b), 81), dtype=b.dtype)
        for i, line in enumerate(lines):
            if line is not None:
                out[i] = [0 if c == "." else int(c) for c in line]
        return out.reshape(b.shape)
    return b.wrap(lines, "canon")


# ---------------------------------------------------------------------------------------------
# Generating


def _range(x: Any, what: str) -> Any:
    if x is None:
        return None
    if isinstance(x, (int, float)):
        return (x, x)
    lo, hi = x
    if lo > hi:
        raise ValueError(f"{what}: {lo} is above {hi}")
    return (lo, hi)


def generate(
    n: int = 1,
    *,
    size: int = 9,
    symmetry: Optional[str] = None,
    givens: Union[int, tuple, None] = None,
    rating: Union[float, tuple, None] = None,
    level: Optional[str] = None,
    seed: Optional[int] = None,
    minimal: bool = False,
    jigsaw: bool = False,
    box: Optional[str] = None,
    regions: Any = None,
    extra: Any = None,
    rules: Any = None,
    budget: Optional[float] = None,
    jobs: Optional[int] = None,
    start: int = 0,
) -> list:
    """``n`` new puzzles with a unique solution (``sudokit generate --format json`` records:
    ``puzzle``, ``solution``, ``givens``, ``symmetry``, ``seed``, ``rating``, ...).

    ``givens`` and ``rating`` (SE) take a number or a ``(low, high)`` range; ``level`` a HoDoKu
    level; ``symmetry`` one of ``sudokit generate --symmetry``. Puzzle ``i`` comes from
    ``seed`` and ``start + i`` alone, so a run replays exactly (and a campaign can make any
    range of it); a puzzle the ``budget`` (seconds each) stopped is ``{"index", "status":
    "stopped"}``.
    """
    if seed is None:
        import time

        seed = time.time_ns() & ((1 << 63) - 1)
    g = _range(givens, "givens")
    options = {
        "size": size,
        "jigsaw": jigsaw,
        "symmetry": symmetry,
        "givens": None if g is None else (int(g[0]), int(g[1])),
        "rating": _range(rating, "rating"),
        "level": level,
        "minimal": minimal,
        "budget": budget,
    }
    recs = _native.generate_json(
        n, start, seed, _layout(box, regions, extra, None, rules), options, jobs
    )
    return [json.loads(r) for r in recs]


def few_givens(
    symmetry: str,
    givens: int,
    *,
    method: str = "neighbour",
    seed: int = 0,
    tries: Optional[int] = None,
    seconds: Optional[float] = None,
    seeds: Optional[Sequence[str]] = None,
    first_line: int = 1,
    patterns: Optional[Tuple[int, int]] = None,
    node_cap: Optional[int] = None,
    automorphic: Optional[str] = None,
    aligned_only: bool = False,
) -> dict:
    """One targeted search for 9×9 puzzles with at most ``givens`` givens symmetric in
    ``symmetry`` (``sudokit generate --search targeted --method METHOD`` with one worker), from
    ``seed``, within ``tries`` tries and/or ``seconds``. Returns ``{"hits": [81-symbol lines],
    "origins", "tries", "checks", "restarts", "fewest"}``; every hit was checked unique (by
    ``dlx``), minimal and symmetric. The same seed and ``tries`` (without ``seconds``) give the
    same hits. ``method="closure"`` closes the puzzles ``seeds`` (81-symbol lines, numbered from
    ``first_line``) under the class's conjugates and may run without ``tries`` or ``seconds``
    (through every seed); ``method="hitting"`` searches the solution grids of ``seeds`` (or,
    without them, uniformly random grids, then ``tries`` counts (grid, conjugate) pairs) for
    orbit sets hitting every unavoidable set. ``origins[i]`` names hit i's seed line and
    conjugate (``None`` for the other methods).

    ``method="exhaustive"`` searches every symmetric pattern of exactly ``givens`` cells in a
    fixed order (fewest empty rows, columns and boxes first, ties in the order of ``seed``), or
    the patterns ``patterns=(A, B)``, indices A to B - 1 of that order (see
    :func:`few_givens_patterns`), each to the end or ``node_cap`` nodes (default 100,000); it
    may run without ``tries`` or ``seconds``. The result adds ``exhausted`` and ``incomplete``
    (patterns searched to the end, cut by the node cap) and ``nodes``; ``origins[i]`` is
    ``"pattern #P"``. A pattern's results depend only on ``seed``, its index and the node cap,
    so ranges shard one search exactly.

    ``method="hitting"`` without ``seeds`` and with ``automorphic`` (``"rot180"``, ``"rot90"``,
    ``"diagonal"``, ``"antidiagonal"`` or ``"any"``) searches grids mapped onto themselves by
    that map and a digit permutation instead of uniform ones; ``aligned_only=True`` searches
    only the conjugates of the class that map keeps (the puzzles whose clue digits are
    symmetric too). ``origins[i]`` then names the grid's map and permutation; ``grids_ran_out``
    is true when the map's grids ran out before the budget (rot90 has about 560).

    A negative count (``givens``, ``seed``, ``tries``, ``first_line``, ``patterns``,
    ``node_cap``) is a ``ValueError``."""
    if patterns is not None:
        patterns = (_natural(patterns[0], "patterns"), _natural(patterns[1], "patterns"))
    return json.loads(
        _native.few_givens_json(
            symmetry, _natural(givens, "givens"), method, _natural(seed, "seed"),
            None if tries is None else _natural(tries, "tries"), seconds,
            None if seeds is None else list(seeds), _natural(first_line, "first_line"),
            patterns,
            None if node_cap is None else _natural(node_cap, "node_cap"),
            automorphic, bool(aligned_only),
        )
    )


def _natural(x: Any, what: str) -> int:
    """``x`` as a non-negative int, else an error naming ``what``: ``TypeError`` for a value
    that is not an integer (``10.7`` is refused, not truncated; ints, numpy integers and
    integral floats such as ``1e6`` are accepted), ``ValueError`` for a negative one (the
    native layer's unsigned arguments would raise ``OverflowError``)."""
    if isinstance(x, float) and x.is_integer():
        n = int(x)
    else:
        try:
            n = operator.index(x)
        except TypeError:
            raise TypeError(f"{what} must be an integer, got {x!r}") from None
    if n < 0:
        raise ValueError(f"{what} must be non-negative, got {n}")
    return n


def few_givens_patterns(symmetry: str, givens: int) -> int:
    """How many patterns :func:`few_givens` with ``method="exhaustive"`` has for ``symmetry``
    and ``givens`` (pattern ranges go up to it); ``ValueError`` for a target it refuses (a
    count no pattern of the class has, or more than 100,000 patterns)."""
    return int(_native.few_givens_patterns(symmetry, int(givens)))


# ---------------------------------------------------------------------------------------------
# Files and frames


def read(
    path: Union[str, "os.PathLike[str]"],
    *,
    format: Optional[str] = None,
    box: Optional[str] = None,
    regions: Any = None,
    extra: Any = None,
    rules: Any = None,
) -> Any:
    """Every record of a puzzle file in any format the CLI reads, as a pandas DataFrame with
    columns ``record``, ``line``, ``label``, ``puzzle`` (a line), ``solution`` (an expected
    solution given in the file), ``error`` (why a record did not parse), and the record's
    layout: ``size`` (the side), ``box`` (``"RxC"`` when the boxes are not the side's default
    shape), ``regions`` (a jigsaw's region map, one label a cell), ``extra`` (a list of extra
    constraints) and ``rules`` (its variant rules as a JSON string), each ``None`` where the
    layout has none. A record keeps the layout it was read with — its own (JSON, jigsaw and
    f-puzzles records carry one) or the options given here, for every record — so the frame
    goes back into :func:`solve_many`/:func:`count_many` (or a row's columns into
    :func:`solve` as keyword arguments) as the same puzzles."""
    import pandas as pd

    rows = _native.read_file(os.fspath(path), _layout(box, regions, extra, format, rules))
    out = []
    for record, line, label, puzzle, solution, error, size, fields in rows:
        f = json.loads(fields) if fields else {}
        shape = f.get("box")
        out.append((
            record, line, label, puzzle, solution, error, size,
            None if shape is None else f"{shape[0]}x{shape[1]}",
            f.get("regions"),
            f.get("extra"),
            None if "rules" not in f else json.dumps(f["rules"]),
        ))
    frame = pd.DataFrame(
        out,
        columns=["record", "line", "label", "puzzle", "solution", "error", *_LAYOUT_COLUMNS],
    )
    frame["size"] = frame["size"].astype("Int64")
    return frame


def to_frame(records: Any) -> Any:
    """A pandas DataFrame of records (a dict or a list of dicts, as ``rate``, ``check``,
    ``generate`` return), one row each; nested fields become dotted columns."""
    import pandas as pd

    if isinstance(records, dict):
        records = [records]
    return pd.json_normalize(list(records), max_level=1)
