"""Typed interface of ``sudokit`` (the implementation is ``__init__.py`` over the native
``_sudokit`` module). ``Puzzles`` is a list of ``str``, a pandas ``Series`` of ``str``, a
DataFrame as :func:`read` makes it (each row with its own layout) or a numpy integer array
``(N, n*n)`` / ``(N, n, n)`` with 0 for an empty cell; results come back in the same kind.
``Rules`` are variant rules in sudokit's JSON form: a list of dicts
(``[{"type": "killer", "cells": ["r1c1", "r1c2"], "sum": 10}]``), that list as a JSON string,
or the path of a file holding it. Functions that do not honour rules raise Error for them."""

import os
from typing import Any, Dict, List, NamedTuple, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

Puzzles = Union[Sequence[str], "pandas.Series", "pandas.DataFrame", npt.NDArray[np.integer]]  # noqa: F821
Layout = Any
Rules = Union[Sequence[dict], str, "os.PathLike[str]", None]
PathLike = Union[str, "os.PathLike[str]"]

SOLVE_STATUSES: Tuple[str, ...]
RATE_STATUSES: Tuple[str, ...]

class Error(Exception):
    """Base class of every sudokit error."""

class ParseError(Error):
    """The input is not a puzzle: bad shape, dtype, symbol, digit, layout option, or
    conflicting givens."""

class NoSolution(Error):
    """The puzzle has no solution."""

class BudgetExceeded(Error):
    """The budget ran out before the answer."""

class SolveResult(NamedTuple):
    """Solutions in the input's kind, statuses (:data:`SOLVE_STATUSES`), error messages."""

    solutions: Any
    status: Any
    error: List[Optional[str]]

class CountResult(NamedTuple):
    """Counts (int64), whether each is exact, statuses, error messages."""

    counts: Any
    exact: Any
    status: Any
    error: List[Optional[str]]

class RateResult(NamedTuple):
    """``(N, 3)`` ER/EP/ED (NaN where not rated), statuses (:data:`RATE_STATUSES`), hardest
    technique, error messages."""

    ratings: Any
    status: Any
    hardest: List[Optional[str]]
    error: List[Optional[str]]

class HodokuResult(NamedTuple):
    """HoDoKu level names (``None`` where unsolved by its techniques), scores (-1 there),
    error messages."""

    level: Any
    score: Any
    error: List[Optional[str]]

def solve(
    puzzle: str,
    *,
    engine: str = "auto",
    budget: Optional[float] = None,
    nodes: Optional[int] = None,
    box: Optional[str] = None,
    regions: Layout = None,
    extra: Union[str, Sequence[str], None] = None,
    format: Optional[str] = None,
    rules: Rules = None,
) -> str:
    """The first solution as a line (variant ``rules`` honoured; an f-puzzles link or JSON
    brings its own). Raises ParseError, NoSolution, BudgetExceeded, Error (an engine that
    does not implement the rules)."""

def count(
    puzzle: str,
    *,
    limit: int = 2,
    engine: str = "auto",
    budget: Optional[float] = None,
    nodes: Optional[int] = None,
    box: Optional[str] = None,
    regions: Layout = None,
    extra: Union[str, Sequence[str], None] = None,
    format: Optional[str] = None,
    rules: Rules = None,
) -> int:
    """Solutions counted up to ``limit`` (variant ``rules`` honoured). Raises ParseError,
    BudgetExceeded, Error (an engine that does not implement the rules)."""

def solve_many(
    puzzles: Puzzles,
    *,
    engine: str = "auto",
    budget: Optional[float] = None,
    nodes: Optional[int] = None,
    jobs: Optional[int] = None,
    box: Optional[str] = None,
    regions: Layout = None,
    extra: Union[str, Sequence[str], None] = None,
    format: Optional[str] = None,
    rules: Rules = None,
) -> SolveResult:
    """Solves every puzzle on ``jobs`` threads (GIL released), in input order; ``rules`` for
    every puzzle, or a DataFrame's own layout columns per row."""

def count_many(
    puzzles: Puzzles,
    *,
    limit: int = 2,
    engine: str = "auto",
    budget: Optional[float] = None,
    nodes: Optional[int] = None,
    jobs: Optional[int] = None,
    box: Optional[str] = None,
    regions: Layout = None,
    extra: Union[str, Sequence[str], None] = None,
    format: Optional[str] = None,
    rules: Rules = None,
) -> CountResult:
    """Counts every puzzle's solutions up to ``limit`` on ``jobs`` threads."""

def verify(
    puzzle: str,
    solution: str,
    *,
    box: Optional[str] = None,
    regions: Layout = None,
    extra: Union[str, Sequence[str], None] = None,
    rules: Rules = None,
    format: Optional[str] = None,
) -> bool:
    """Whether ``solution`` solves ``puzzle`` (the independent checker, variant rules
    included)."""

def true_candidates(
    puzzle: str,
    *,
    engine: str = "auto",
    budget: Optional[float] = None,
    nodes: Optional[int] = None,
    box: Optional[str] = None,
    regions: Layout = None,
    extra: Union[str, Sequence[str], None] = None,
    format: Optional[str] = None,
    rules: Rules = None,
) -> dict:
    """The ``sudokit solve --true-candidates --format json`` record: per cell the digits in
    some solution (``candidates``), ``complete``, ``status``, ``engine``, ``searches``,
    ``nodes``."""

def rate(
    puzzle: str,
    *,
    scale: str = "se121",
    max_level: int = 5,
    budget: Optional[float] = None,
    hodoku: bool = True,
    explain: bool = False,
    box: Optional[str] = None,
    regions: Layout = None,
    extra: Union[str, Sequence[str], None] = None,
    format: Optional[str] = None,
    rules: Rules = None,
) -> dict:
    """The ``sudokit rate --format json`` record (er, ep, ed, hardest, levels, HoDoKu level
    and score). Raises NoSolution, Error (several solutions), BudgetExceeded, ParseError."""

def rate_many(
    puzzles: Puzzles,
    *,
    scale: str = "se121",
    max_level: int = 5,
    budget: Optional[float] = None,
    jobs: Optional[int] = None,
    details: bool = False,
    box: Optional[str] = None,
    regions: Layout = None,
    extra: Union[str, Sequence[str], None] = None,
    format: Optional[str] = None,
    rules: Rules = None,
) -> Any:
    """``(N, 3)`` float64 ER/EP/ED (NaN where not rated; a DataFrame for a Series), or with
    ``details`` a :class:`RateResult`."""

def hodoku(
    puzzle: str,
    *,
    budget: Optional[float] = None,
    box: Optional[str] = None,
    regions: Layout = None,
    extra: Union[str, Sequence[str], None] = None,
    format: Optional[str] = None,
    rules: Rules = None,
) -> dict:
    """``{"level": ..., "score": ...}``: HoDoKu's level and score."""

def hodoku_many(
    puzzles: Puzzles,
    *,
    budget: Optional[float] = None,
    jobs: Optional[int] = None,
    box: Optional[str] = None,
    regions: Layout = None,
    extra: Union[str, Sequence[str], None] = None,
    format: Optional[str] = None,
    rules: Rules = None,
) -> HodokuResult:
    """HoDoKu's level and score of every puzzle."""

def explain(
    puzzle: str,
    *,
    order: str = "hodoku",
    check: bool = False,
    budget: Optional[float] = None,
    box: Optional[str] = None,
    regions: Layout = None,
    extra: Union[str, Sequence[str], None] = None,
    format: Optional[str] = None,
    rules: Rules = None,
) -> dict:
    """The ``sudokit explain --format json`` record: ``steps`` (``technique``, ``text``, ...),
    ``status``, ``levels``. Raises NoSolution, ParseError."""

def hint(
    puzzle: str,
    *,
    level: int = 1,
    order: str = "hodoku",
    budget: Optional[float] = None,
    box: Optional[str] = None,
    regions: Layout = None,
    extra: Union[str, Sequence[str], None] = None,
    format: Optional[str] = None,
    rules: Rules = None,
) -> dict:
    """The ``sudokit hint --format json`` record at ``level`` 1, 2 or 3."""

def check(
    puzzle: str,
    *,
    rate: bool = False,
    budget: Optional[float] = None,
    box: Optional[str] = None,
    regions: Layout = None,
    extra: Union[str, Sequence[str], None] = None,
    format: Optional[str] = None,
    rules: Rules = None,
) -> dict:
    """The ``sudokit check --format json`` record (givens, unique, minimal, symmetry)."""

def canon(puzzles: Union[str, Puzzles], *, jobs: Optional[int] = None, format: Optional[str] = None) -> Any:
    """The minlex form of a 9×9 puzzle, or of each puzzle of a batch."""

def few_givens(
    symmetry: str,
    givens: int,
    *,
    method: str = ...,
    seed: int = ...,
    tries: Optional[int] = ...,
    seconds: Optional[float] = ...,
    seeds: Optional[Sequence[str]] = ...,
    first_line: int = ...,
    patterns: Optional[Tuple[int, int]] = ...,
    node_cap: Optional[int] = ...,
    automorphic: Optional[str] = ...,
    aligned_only: bool = ...,
) -> Dict[str, Any]: ...
def few_givens_patterns(symmetry: str, givens: int) -> int: ...
def generate(
    n: int = 1,
    *,
    size: int = 9,
    symmetry: Optional[str] = None,
    givens: Union[int, Tuple[int, int], None] = None,
    rating: Union[float, Tuple[float, float], None] = None,
    level: Optional[str] = None,
    seed: Optional[int] = None,
    minimal: bool = False,
    jigsaw: bool = False,
    box: Optional[str] = None,
    regions: Layout = None,
    extra: Union[str, Sequence[str], None] = None,
    rules: Rules = None,
    budget: Optional[float] = None,
    jobs: Optional[int] = None,
    start: int = 0,
) -> List[dict]:
    """``n`` puzzles (``sudokit generate --format json`` records); puzzle ``i`` depends on
    ``seed`` and ``start + i`` alone."""

def read(
    path: PathLike,
    *,
    format: Optional[str] = None,
    box: Optional[str] = None,
    regions: Layout = None,
    extra: Union[str, Sequence[str], None] = None,
    rules: Rules = None,
) -> Any:
    """A DataFrame (record, line, label, puzzle, solution, error, size, box, regions, extra,
    rules) of a puzzle file: each record with its layout."""

def to_frame(records: Union[dict, Sequence[dict]]) -> Any:
    """A DataFrame of records, one row each."""
