"""Campaigns: rating or solving a whole file, or generating many puzzles, on a Dask cluster.

A campaign is split into deterministic **shards**: a shard is a job kind and a range — of input
records (``rate``, ``solve``) or of puzzle indices, each puzzle's seed derived from the run seed
and its index (``generate``). Each finished shard is written as one Parquet file in the output
directory (``<kind>-<first>-<end>.parquet``, written to a temporary name and renamed, so a file
that exists is whole). A rerun with the same inputs skips the shards whose file exists, so a
run stopped by Ctrl-C, or a worker killed mid-shard, loses nothing but the shards in flight.
``manifest.json`` records what the directory holds; a rerun with other inputs or parameters is
refused instead of mixing two campaigns. :func:`collect` reads the shards back in order.

Design decision: the runner knows nothing of what a shard does. A job kind is a :class:`Job` —
how to cut its work into ranges and how to work on one range — registered by name in
:data:`JOBS`; ``rate``, ``solve``, ``generate`` and ``few-givens`` (the targeted search for
symmetric puzzles with few givens, sharded by seed ranges) are such kinds. Workers get the shard's inputs from
the client and return a DataFrame; the client writes the files, so workers need no shared
disk. Without a scheduler the run goes on a ``LocalCluster``; ``scheduler="inline"`` works in
this process with no Dask at all (the reference a cluster run must equal, row for row).

Command line::

    python -m sudokit.campaign rate FILE --out DIR [--scheduler ADDR] [--shard-size K]
    python -m sudokit.campaign solve FILE --out DIR [--scheduler ADDR]
    python -m sudokit.campaign generate COUNT --seed S --out DIR [--rating LO..HI]
    python -m sudokit.campaign few-givens --symmetry C --givens K --shards N --out DIR
        [--seed S] [--method neighbour|pattern|hitting] [--tries T | --seconds X] [--shard-size M]
        [--automorphic MAP [--aligned-only]]   (hitting on automorphic grids)
    python -m sudokit.campaign few-givens --method closure|hitting --from FILE --symmetry C
        --givens K --out DIR [--shard-size M]
    python -m sudokit.campaign few-givens --method exhaustive --symmetry C --givens K --out DIR
        [--seed S] [--shard-size M] [--node-cap N] [--patterns A..B]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import sudokit

__all__ = [
    "Shard",
    "Job",
    "JOBS",
    "register",
    "plan",
    "run",
    "rate_file",
    "solve_file",
    "generate",
    "few_givens",
    "few_givens_seed",
    "few_givens_hits",
    "collect",
    "main",
]


@dataclass(frozen=True)
class Shard:
    """One unit of a campaign: a job kind and the range ``[start, end)`` it covers (input
    records, 0-based, or puzzle indices)."""

    kind: str
    start: int
    end: int

    @property
    def name(self) -> str:
        """The shard's file name in the output directory."""
        return f"{self.kind}-{self.start:012d}-{self.end:012d}.parquet"


@dataclass
class Job:
    """A kind of campaign work: ``size`` is how many items it covers, ``work(start, end,
    items, params)`` returns the DataFrame of one range (``items`` the inputs of that range,
    or ``None`` for a job without inputs)."""

    kind: str
    work: Callable[[int, int, Optional[list], dict], Any]
    needs_inputs: bool = True


#: The job kinds, by name (see :func:`register`).
JOBS: Dict[str, Job] = {}


def register(job: Job) -> Job:
    """Adds a job kind (a new search is one more kind)."""
    JOBS[job.kind] = job
    return job


def plan(kind: str, total: int, shard_size: int) -> List[Shard]:
    """The shards of a campaign of ``total`` items: ranges of ``shard_size``, in order. The
    same inputs always give the same shards, which is what lets a rerun skip the done ones."""
    if shard_size < 1:
        raise ValueError("shard_size must be at least 1")
    return [Shard(kind, s, min(s + shard_size, total)) for s in range(0, total, shard_size)]


# ---------------------------------------------------------------------------------------------
# The three job kinds


def _puzzle_frame(rows: list) -> Any:
    """A shard's records as the DataFrame ``sudokit.read`` made: each with its own layout
    (a jigsaw's regions, extra constraints, variant rules)."""
    import pandas as pd

    frame = pd.DataFrame(rows, columns=["puzzle", *sudokit._LAYOUT_COLUMNS])
    frame["puzzle"] = [p or "" for p in frame["puzzle"]]
    return frame


def _rate_work(start: int, end: int, items: Optional[list], params: dict) -> Any:
    import pandas as pd

    rows = items or []
    res = sudokit.rate_many(
        _puzzle_frame(rows),
        scale=params.get("scale", "se121"),
        max_level=params.get("max_level", 5),
        jobs=params.get("jobs"),
        details=True,
        box=params.get("box"),
        extra=params.get("extra"),
    )
    errors = [r["error"] or e for r, e in zip(rows, res.error)]
    return pd.DataFrame(
        {
            "record": [r["record"] for r in rows],
            "line": [r["line"] for r in rows],
            "puzzle": [r["puzzle"] for r in rows],
            "status": list(res.status),
            "er": res.ratings["er"].to_numpy(),
            "ep": res.ratings["ep"].to_numpy(),
            "ed": res.ratings["ed"].to_numpy(),
            "hardest": res.hardest,
            "error": errors,
        }
    )


def _solve_work(start: int, end: int, items: Optional[list], params: dict) -> Any:
    import pandas as pd

    rows = items or []
    res = sudokit.solve_many(
        _puzzle_frame(rows),
        engine=params.get("engine", "auto"),
        jobs=params.get("jobs"),
        box=params.get("box"),
        extra=params.get("extra"),
    )
    return pd.DataFrame(
        {
            "record": [r["record"] for r in rows],
            "line": [r["line"] for r in rows],
            "puzzle": [r["puzzle"] for r in rows],
            "status": list(res.status),
            "solution": res.solutions.tolist(),
            "error": [r["error"] or e for r, e in zip(rows, res.error)],
        }
    )


def _generate_work(start: int, end: int, items: Optional[list], params: dict) -> Any:
    import pandas as pd

    opts = dict(params)
    opts.pop("kind", None)
    recs = sudokit.generate(end - start, start=start, **opts)
    frame = sudokit.to_frame(recs)
    for col in ("puzzle", "solution", "status"):
        if col not in frame:
            frame[col] = None
    return frame.astype({"puzzle": "object", "solution": "object"})


def few_givens_seed(seed: int, index: int) -> int:
    """The search seed of item ``index`` of a few-givens campaign with run seed ``seed``."""
    return (seed + index * 0x9E3779B97F4A7C15) % (1 << 64)


def _few_givens_row(index: int, params: dict, method: str, cpu: float,
                    counters: Sequence[tuple] = (), **search: Any) -> dict:
    """One search of a few-givens campaign and its row (counters, CPU seconds, hits), with the
    result's ``counters`` as (column, key) pairs too."""
    import time

    r = sudokit.few_givens(params["symmetry"], params["givens"], method=method,
                           tries=params.get("tries"), seconds=params.get("seconds"), **search)
    return {
        "index": index,
        "symmetry": params["symmetry"],
        "givens": params["givens"],
        "method": method,
        "tries": r["tries"],
        "checks": r["checks"],
        "restarts": r["restarts"],
        "fewest": r["fewest"],
        "cpu_seconds": time.process_time() - cpu,
        "hits": " ".join(r["hits"]),
        "origins": " | ".join(o or "" for o in r.get("origins", [])),
        **{column: r[key] for column, key in counters},
    }


def _few_givens_work(start: int, end: int, items: Optional[list], params: dict) -> Any:
    import time

    import pandas as pd

    rows = []
    for i in range(start, end):
        seed = few_givens_seed(params["seed"], i)
        auto = params.get("automorphic")
        search: Dict[str, Any] = {} if auto is None else dict(
            automorphic=auto, aligned_only=bool(params.get("aligned_only")))
        row = _few_givens_row(i, params, params.get("method", "neighbour"), time.process_time(),
                              seed=seed, **search)
        if auto is None:
            row.pop("origins")
        rows.append(dict(row, seed=str(seed)))
    return pd.DataFrame(rows)


def _few_givens_closure_work(start: int, end: int, items: Optional[list], params: dict) -> Any:
    import time

    import pandas as pd

    row = _few_givens_row(start, params, params.get("method", "closure"), time.process_time(),
                          seed=few_givens_seed(params["seed"], start), seeds=items or [],
                          first_line=start + 1)
    return pd.DataFrame([dict(row, lines=f"{start + 1}-{end}")])


register(Job("rate", _rate_work))
register(Job("solve", _solve_work))
register(Job("generate", _generate_work, needs_inputs=False))
register(Job("few-givens", _few_givens_work, needs_inputs=False))
register(Job("few-givens-closure", _few_givens_closure_work))


def _few_givens_exhaustive_work(start: int, end: int, items: Optional[list], params: dict) -> Any:
    import time

    import pandas as pd

    first = params.get("first", 0)
    lo, hi = first + start, first + end
    row = _few_givens_row(lo, params, "exhaustive", time.process_time(),
                          counters=(("finished", "exhausted"), ("cut", "incomplete"),
                                    ("nodes", "nodes")),
                          seed=params["seed"], patterns=(lo, hi), node_cap=params.get("node_cap"))
    return pd.DataFrame([dict(row, patterns=f"{lo}..{hi}", first=lo, end=hi,
                              seed=str(params["seed"]))])


register(Job("few-givens-exhaustive", _few_givens_exhaustive_work, needs_inputs=False))


# ---------------------------------------------------------------------------------------------
# The runner


def _file_digest(path: str) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _manifest(out: str, manifest: dict) -> None:
    os.makedirs(out, exist_ok=True)
    manifest = json.loads(json.dumps(manifest))
    path = os.path.join(out, "manifest.json")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            old = json.load(f)
        if old != manifest:
            raise sudokit.Error(
                f"{out} holds another campaign ({old.get('kind')} of {old.get('input')}); "
                "use another --out directory"
            )
        return
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(manifest, f, indent=1, sort_keys=True)
    os.replace(tmp, path)


def _write(frame: Any, out: str, shard: Shard) -> None:
    path = os.path.join(out, shard.name)
    tmp = path + ".part"
    frame.to_parquet(tmp, index=False)
    os.replace(tmp, path)


def _run_shard(kind: str, start: int, end: int, items: Optional[list], params: dict) -> Any:
    """What a worker runs: one shard (module-level, so Dask can ship it by name)."""
    return JOBS[kind].work(start, end, items, params)


class _Progress:
    """A text progress bar on stderr (shards done of the total)."""

    def __init__(self, total: int, done: int, enabled: bool):
        self.total, self.done, self.enabled = total, done, enabled
        self.show()

    def show(self) -> None:
        if not self.enabled:
            return
        width = 40
        filled = width * self.done // max(self.total, 1)
        sys.stderr.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} shards"
        )
        if self.done == self.total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    def step(self) -> None:
        self.done += 1
        self.show()


@dataclass
class Outcome:
    """What :func:`run` did: shards written now, shards skipped (already done), total."""

    written: int = 0
    skipped: int = 0
    total: int = 0
    out: str = ""
    shards: List[Shard] = field(default_factory=list)


def run(
    kind: str,
    out: str,
    *,
    total: int,
    inputs: Optional[Sequence[dict]] = None,
    params: Optional[dict] = None,
    manifest: Optional[dict] = None,
    shard_size: int = 500,
    scheduler: Any = None,
    n_workers: Optional[int] = None,
    progress: bool = False,
    on_shard: Optional[Callable[[Shard], None]] = None,
) -> Outcome:
    """Runs campaign ``kind`` over ``total`` items into ``out``: the shards not yet written
    there are worked on and each written as soon as it is done.

    ``scheduler``: ``None`` for a new ``LocalCluster`` (``n_workers`` processes), ``"inline"``
    for this process without Dask, a scheduler address, or a ``distributed.Client``.
    ``on_shard`` is called after each shard is written (an exception from it stops the run,
    as Ctrl-C does, with the shards written so far kept).
    """
    job = JOBS[kind]
    params = dict(params or {})
    shards = plan(kind, total, shard_size)
    _manifest(
        out,
        dict(manifest or {}, kind=kind, total=total, shard_size=shard_size, params=params),
    )
    todo = [s for s in shards if not os.path.exists(os.path.join(out, s.name))]
    outcome = Outcome(skipped=len(shards) - len(todo), total=len(shards), out=out, shards=shards)
    bar = _Progress(len(shards), outcome.skipped, progress)

    def items(s: Shard) -> Optional[list]:
        return list(inputs[s.start : s.end]) if job.needs_inputs and inputs is not None else None

    def finished(s: Shard, frame: Any) -> None:
        _write(frame, out, s)
        outcome.written += 1
        bar.step()
        if on_shard is not None:
            on_shard(s)

    if not todo:
        return outcome
    if scheduler == "inline":
        for s in todo:
            finished(s, _run_shard(kind, s.start, s.end, items(s), params))
        return outcome

    from distributed import Client, LocalCluster, as_completed

    own_client = not isinstance(scheduler, Client)
    cluster = None
    if scheduler is None:
        cluster = LocalCluster(
            n_workers=n_workers or os.cpu_count() or 1,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
        )
        client = Client(cluster)
    elif isinstance(scheduler, Client):
        client = scheduler
    else:
        client = Client(scheduler)
    try:
        futures = {}
        for s in todo:
            # Each shard's puzzles on one thread of its worker: the cluster's parallelism is
            # its workers, and a worker's shard is all it loses when killed.
            p = dict(params, jobs=1)
            f = client.submit(
                _run_shard, kind, s.start, s.end, items(s), p, key=f"sudokit-{s.name}", pure=False
            )
            futures[f] = s
        for f in as_completed(list(futures)):
            finished(futures[f], f.result())
    finally:
        if own_client:
            client.close()
        if cluster is not None:
            cluster.close()
    return outcome


def _file_inputs(path: str, **layout: Any) -> list:
    frame = sudokit.read(path, **layout)
    frame = frame.astype(object).where(frame.notna(), None)
    # Each record keeps its layout (a jigsaw's regions, variant rules, ...).
    return frame[["record", "line", "puzzle", "error", *sudokit._LAYOUT_COLUMNS]].to_dict("records")


def _layout_params(box: Optional[str], extra: Any) -> dict:
    return {"box": box, "extra": [extra] if isinstance(extra, str) else list(extra or [])}


def _file_campaign(kind: str, path: str, out: str, params: dict, box: Optional[str], extra: Any,
                   run_opts: dict) -> Outcome:
    """A campaign over the records of a file: its inputs, and the file's digest in the manifest
    (so a rerun on a changed file is refused)."""
    inputs = _file_inputs(path, box=box, extra=extra)
    return run(
        kind,
        out,
        total=len(inputs),
        inputs=inputs,
        params=dict(_layout_params(box, extra), **params),
        manifest={"input": os.path.abspath(path), "sha256": _file_digest(path)},
        **run_opts,
    )


def rate_file(
    path: str,
    out: str,
    *,
    scale: str = "se121",
    max_level: int = 5,
    box: Optional[str] = None,
    extra: Any = None,
    shard_size: int = 500,
    **run_opts: Any,
) -> Outcome:
    """Rates every puzzle of ``path`` (any format the CLI reads) into Parquet shards under
    ``out`` (columns ``record, line, puzzle, status, er, ep, ed, hardest, error``); resumes.
    ``run_opts`` are :func:`run`'s (``scheduler``, ``n_workers``, ``progress``, ``on_shard``)."""
    params = {"scale": scale, "max_level": max_level}
    return _file_campaign("rate", path, out, params, box, extra, dict(run_opts, shard_size=shard_size))


def solve_file(
    path: str,
    out: str,
    *,
    engine: str = "auto",
    box: Optional[str] = None,
    extra: Any = None,
    shard_size: int = 5000,
    **run_opts: Any,
) -> Outcome:
    """Solves every puzzle of ``path`` into Parquet shards under ``out`` (columns ``record,
    line, puzzle, status, solution, error``); resumes. ``run_opts`` as :func:`rate_file`."""
    params = {"engine": engine}
    return _file_campaign("solve", path, out, params, box, extra, dict(run_opts, shard_size=shard_size))


def generate(
    count: int,
    out: str,
    *,
    seed: int,
    shard_size: int = 100,
    scheduler: Any = None,
    n_workers: Optional[int] = None,
    progress: bool = False,
    on_shard: Optional[Callable[[Shard], None]] = None,
    **options: Any,
) -> Outcome:
    """Generates puzzles ``0..count`` of the run with ``seed`` (``options`` as
    :func:`sudokit.generate`: ``size``, ``symmetry``, ``givens``, ``rating``, ``level``, ...)
    into Parquet shards of seed ranges under ``out``; resumes."""
    return run(
        "generate",
        out,
        total=count,
        params=dict(options, seed=seed),
        manifest={"input": None},
        shard_size=shard_size,
        scheduler=scheduler,
        n_workers=n_workers,
        progress=progress,
        on_shard=on_shard,
    )


def few_givens(
    symmetry: str,
    givens: int,
    out: str,
    *,
    shards: Optional[int] = None,
    seed: int = 0,
    method: str = "neighbour",
    tries: Optional[int] = None,
    seconds: Optional[float] = None,
    shard_size: Optional[int] = None,
    from_file: Optional[str] = None,
    node_cap: Optional[int] = None,
    patterns: Optional[Tuple[int, int]] = None,
    automorphic: Optional[str] = None,
    aligned_only: bool = False,
    **run_options: Any,
) -> Outcome:
    """The few-givens search (:func:`sudokit.few_givens`) of ``shards × shard_size`` seeds:
    item ``i`` searches from :func:`few_givens_seed` ``(seed, i)`` within ``tries`` and/or
    ``seconds``; one Parquet row per item (``tries``, ``checks``, ``restarts``, ``fewest``,
    ``cpu_seconds``, ``hits`` as space-separated 81-symbol lines). Resumes like every campaign;
    with ``tries`` and no ``seconds`` a shard's row is the same whenever it is run.
    ``run_options``: ``scheduler``, ``n_workers``, ``progress``, ``on_shard`` as :func:`run`.

    ``method="closure"`` needs ``from_file`` (one 81-symbol puzzle a line, numbered by line; a
    line that is not a puzzle is an error): the shards are ranges of ``shard_size`` of its
    lines (default 1,000; ``shards`` is then ignored), each closed under every conjugate of the class and
    reduced (``tries`` and ``seconds`` bound a shard, neither needed); one row per shard with
    ``lines``, the counters, ``hits`` and their ``origins`` (seed line and conjugate, `` | ``
    between hits).

    ``method="hitting"`` with ``from_file`` shards the file's lines the same way: each shard's
    puzzles' solution grids are searched for orbit sets hitting every unavoidable set (the
    origins name the seed line whose grid it was, and mark a hit equal to a seed puzzle as
    from the public collection); without ``from_file`` it is a seed-range campaign on
    uniformly random grids, ``tries`` counting (grid, conjugate) pairs; with ``automorphic``
    (``"rot180"``, ``"rot90"``, ``"diagonal"``, ``"antidiagonal"``, ``"any"``) on grids that map
    sends onto themselves with a digit permutation, ``aligned_only`` keeping to the conjugates
    the map keeps (the rows then carry ``origins``: each hit's grid map and permutation).

    ``method="exhaustive"`` shards the exhaustive pattern search: every symmetric pattern of
    exactly ``givens`` cells, in the method's fixed order for ``seed``
    (:func:`sudokit.few_givens_patterns` of them), or the range ``patterns=(A, B)`` of that
    order, in shards of ``shard_size`` patterns (default 10), each pattern searched to the end
    or ``node_cap`` nodes (default 100,000; no ``tries``, ``seconds``, ``shards`` or
    ``from_file``). One row per shard: ``patterns`` (``"A..B"``, also ``first`` and ``end``),
    ``finished`` and ``cut`` (patterns searched to the end, cut by the node cap), ``tries``
    (complete assignments), ``checks``, ``nodes``, ``cpu_seconds``, ``hits`` and their
    ``origins`` (``pattern #P``). A shard's row is the same whenever and wherever it runs."""
    if aligned_only and automorphic is None:
        raise ValueError("aligned_only applies to automorphic grids")
    if automorphic is not None and (method != "hitting" or from_file is not None):
        raise ValueError("automorphic grids apply to the hitting method without from_file")
    if method == "exhaustive":
        if from_file is not None or shards is not None:
            raise ValueError("the exhaustive method takes no from_file or shards: its shards "
                             "are ranges of shard_size patterns")
        if tries is not None or seconds is not None:
            raise ValueError("the exhaustive method takes no tries or seconds: node_cap bounds "
                             "each pattern, so a finished shard is whole")
        total = sudokit.few_givens_patterns(symmetry, givens)
        lo, hi = patterns if patterns is not None else (0, total)
        if not 0 <= lo < hi <= total:
            raise ValueError(f"patterns {lo}..{hi}: need A < B within 0..{total} "
                             f"({total} {symmetry} patterns of {givens} givens)")
        if node_cap is not None and node_cap < 1:
            raise ValueError("node_cap must be at least 1")
        return run(
            "few-givens-exhaustive",
            out,
            total=hi - lo,
            params=dict(symmetry=symmetry, givens=givens, seed=seed, node_cap=node_cap,
                        first=lo, method=method),
            manifest={"input": None},
            shard_size=shard_size or 10,
            **run_options,
        )
    if node_cap is not None or patterns is not None:
        raise ValueError("node_cap and patterns apply to the exhaustive method")
    if method == "closure" or (method == "hitting" and from_file is not None):
        if from_file is None:
            raise ValueError("the closure method needs from_file (the seed puzzles)")
        with open(from_file, encoding="utf-8") as f:
            lines = [line.strip() for line in f]
        while lines and not lines[-1]:
            lines.pop()
        return run(
            "few-givens-closure",
            out,
            total=len(lines),
            inputs=lines,
            params=dict(symmetry=symmetry, givens=givens, seed=seed, tries=tries, seconds=seconds,
                        method=method),
            manifest={"input": os.path.abspath(from_file), "sha256": _file_digest(from_file)},
            shard_size=shard_size or 1000,
            **run_options,
        )
    if from_file is not None:
        raise ValueError("from_file applies to the closure and hitting methods")
    if tries is None and seconds is None:
        raise ValueError("few-givens needs tries or seconds per item")
    if shards is None:
        raise ValueError("few-givens needs shards (seed ranges)")
    shard_size = shard_size or 1
    return run(
        "few-givens",
        out,
        total=shards * shard_size,
        params=dict(
            symmetry=symmetry, givens=givens, method=method, seed=seed, tries=tries, seconds=seconds,
            **({} if automorphic is None else dict(automorphic=automorphic,
                                                   aligned_only=bool(aligned_only))),
        ),
        manifest={"input": None},
        shard_size=shard_size,
        **run_options,
    )


def few_givens_hits(out: str) -> List[str]:
    """Every hit of a few-givens campaign under ``out``, in shard order, without repeats."""
    seen: Dict[str, None] = {}
    frame = collect(out)
    for h in frame.get("hits", []):
        for line in str(h).split():
            seen.setdefault(line, None)
    return list(seen)


def collect(out: str) -> Any:
    """Every shard written under ``out``, in order, as one DataFrame."""
    import pandas as pd

    names = sorted(n for n in os.listdir(out) if n.endswith(".parquet"))
    if not names:
        return pd.DataFrame()
    return pd.concat(
        [pd.read_parquet(os.path.join(out, n)) for n in names], ignore_index=True
    )


def _index_range(text: str) -> tuple:
    lo, sep, hi = text.partition("..")
    if not sep or hi.startswith("="):
        raise argparse.ArgumentTypeError(f"{text!r} is not a half-open range A..B")
    return (int(lo), int(hi))


def _range_arg(text: str) -> tuple:
    lo, _, hi = text.partition("..")
    return (float(lo), float(hi or lo))


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``python -m sudokit.campaign``."""
    ap = argparse.ArgumentParser(prog="python -m sudokit.campaign", description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--out", required=True, help="output directory (one Parquet file a shard)")
    common.add_argument("--scheduler", help="Dask scheduler address (default: a LocalCluster); 'inline' for no Dask")
    common.add_argument("--workers", type=int, help="LocalCluster workers (default: one a core)")
    common.add_argument("--shard-size", type=int, help="items per shard")
    common.add_argument("--no-progress", action="store_true", help="no progress bar")
    r = sub.add_parser("rate", parents=[common], help="SE-rate every puzzle of a file")
    r.add_argument("file")
    r.add_argument("--scale", default="se121", choices=["se121", "sukaku"])
    r.add_argument("--max-level", type=int, default=5)
    r.add_argument("--box")
    r.add_argument("--extra", action="append")
    s = sub.add_parser("solve", parents=[common], help="solve every puzzle of a file")
    s.add_argument("file")
    s.add_argument("--engine", default="auto")
    s.add_argument("--box")
    s.add_argument("--extra", action="append")
    g = sub.add_parser("generate", parents=[common], help="generate puzzles 0..COUNT of a seed")
    g.add_argument("count", type=int)
    g.add_argument("--seed", type=int, required=True)
    g.add_argument("--size", type=int, default=9)
    g.add_argument("--symmetry")
    g.add_argument("--rating", type=_range_arg, help="SE rating LO..HI")
    g.add_argument("--level")
    f = sub.add_parser("few-givens", parents=[common],
                       help="targeted search for symmetric puzzles with few givens, by seed")
    f.add_argument("--symmetry", required=True)
    f.add_argument("--givens", type=int, required=True, help="at most this many givens")
    f.add_argument("--shards", type=int,
                   help="shards (each --shard-size seeds); not with --from")
    f.add_argument("--seed", type=int, default=0, help="run seed")
    f.add_argument("--method", default="neighbour", choices=["neighbour", "pattern", "closure",
                                                               "hitting", "exhaustive"])
    f.add_argument("--node-cap", type=int,
                   help="exhaustive: search nodes per pattern (default 100000)")
    f.add_argument("--patterns", type=_index_range,
                   help="exhaustive: only the patterns A..B (half-open) of the method's order")
    f.add_argument("--from", dest="from_file",
                   help="closure, hitting: the seed puzzles, one a line (shards of --shard-size "
                        "lines; hitting searches their solution grids)")
    f.add_argument("--automorphic", choices=["rot180", "rot90", "diagonal", "antidiagonal", "any"],
                   help="hitting without --from: grids automorphic under this map")
    f.add_argument("--aligned-only", action="store_true",
                   help="with --automorphic: only the conjugates the grid's map keeps")
    f.add_argument("--tries", type=int, help="tries per seed")
    f.add_argument("--seconds", type=float, help="seconds per seed")
    args = ap.parse_args(argv)
    run_opts: Dict[str, Any] = {
        "scheduler": args.scheduler,
        "n_workers": args.workers,
        "progress": not args.no_progress,
    }
    if args.shard_size:
        run_opts["shard_size"] = args.shard_size
    try:
        if args.command == "rate":
            o = rate_file(args.file, args.out, scale=args.scale, max_level=args.max_level,
                          box=args.box, extra=args.extra, **run_opts)
        elif args.command == "solve":
            o = solve_file(args.file, args.out, engine=args.engine, box=args.box,
                           extra=args.extra, **run_opts)
        elif args.command == "few-givens" and args.method == "exhaustive":
            o = few_givens(args.symmetry, args.givens, args.out, seed=args.seed,
                           method="exhaustive", tries=args.tries, seconds=args.seconds,
                           shards=args.shards, from_file=args.from_file,
                           node_cap=args.node_cap, patterns=args.patterns,
                           automorphic=args.automorphic, aligned_only=args.aligned_only,
                           **run_opts)
            for h in few_givens_hits(args.out):
                print(h, args.symmetry)
        elif args.command == "few-givens":
            if args.node_cap is not None or args.patterns is not None:
                ap.error("--node-cap and --patterns belong to --method exhaustive")
            lines = args.from_file is not None
            if not lines and args.shards is None:
                ap.error("few-givens needs --shards (or --method closure|hitting --from FILE)")
            if args.tries is None and args.seconds is None and not lines:
                args.tries = 20_000
            o = few_givens(args.symmetry, args.givens, args.out, shards=args.shards,
                           seed=args.seed, method=args.method, tries=args.tries,
                           seconds=args.seconds, from_file=args.from_file,
                           automorphic=args.automorphic, aligned_only=args.aligned_only,
                           **run_opts)
            hits = few_givens_hits(args.out)
            for h in hits:
                print(h, args.symmetry)
        else:
            o = generate(args.count, args.out, seed=args.seed, size=args.size,
                         symmetry=args.symmetry, rating=args.rating, level=args.level, **run_opts)
    except KeyboardInterrupt:
        print("\ninterrupted: finished shards are kept; rerun the same command to resume",
              file=sys.stderr)
        return 130
    except (sudokit.Error, OSError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    print(f"{o.written} shards written, {o.skipped} already done, {o.total} in all: {o.out}",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
