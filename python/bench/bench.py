"""Throughput of `sudokit.solve_many` / `rate_many` against the `sudokit` command at the same
`--jobs`, the import time, and the wheel size (figures for docs/python.md).

    python python/bench/bench.py --cli target/ci/sudokit --set ../shared/data/9x9/17_clue.txt \
        --jobs 2 [--rate-count 2000] [--wheel DIR]

Each figure is the best of `--repeat` runs, the two sides interleaved, in wall time and in CPU
time (user + system of every thread; on a shared machine the CPU figure is the steadier). The CLI reads the file and writes its
output to /dev/null; the package gets the puzzles as a numpy array made before the clock
starts, as a numpy user has them already.
"""

import argparse
import glob
import os
import resource
import subprocess
import sys
import time

import numpy as np

import sudokit


def cpu(who):
    r = resource.getrusage(who)
    return r.ru_utime + r.ru_stime


def best(f, repeat):
    return min(timed(f) for _ in range(repeat))[0]


def timed(f, child=False):
    """(wall, cpu) seconds of one call; cpu of this process or of its children."""
    who = resource.RUSAGE_CHILDREN if child else resource.RUSAGE_SELF
    c, t = cpu(who), time.perf_counter()
    f()
    return time.perf_counter() - t, cpu(who) - c


def duel(cli_run, py_run, repeat):
    """Best (wall, cpu) of the CLI and of the package, runs interleaved."""
    a, b = [], []
    for _ in range(repeat):
        a.append(timed(cli_run, child=True))
        b.append(timed(py_run))
    return (min(x[0] for x in a), min(x[1] for x in a)), (min(x[0] for x in b), min(x[1] for x in b))


def report(what, n, c, p):
    print(f"{what}: CLI {n / c[0]:,.0f}/s wall, {n / c[1]:,.0f}/CPU-s; package {n / p[0]:,.0f}/s "
          f"wall, {n / p[1]:,.0f}/CPU-s = {100 * c[0] / p[0]:.0f}% of the CLI in wall time, "
          f"{100 * c[1] / p[1]:.0f}% in CPU time")


def cells(lines):
    return np.array([[0 if c in ".0" else int(c) for c in l[:81]] for l in lines], dtype=np.int8)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--set", required=True)
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--rate-count", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--wheel", help="a directory holding the built wheel")
    a = ap.parse_args()
    lines = [l.split()[0] for l in open(a.set) if l.strip() and not l.startswith("#")]
    arr = cells(lines)
    n = len(lines)

    def cli(cmd, path):
        with open(os.devnull, "w") as null:
            subprocess.run([a.cli, cmd, path, "--jobs", str(a.jobs)], stdout=null,
                           stderr=subprocess.DEVNULL, check=False)

    res = sudokit.solve_many(arr, jobs=a.jobs)
    assert (res.status == "solved").all()
    c, p = duel(lambda: cli("solve", a.set), lambda: sudokit.solve_many(arr, jobs=a.jobs), a.repeat)
    report(f"solve {n} puzzles, jobs {a.jobs} (numpy)", n, c, p)

    sub = lines[: a.rate_count]
    tmp = "/tmp/sudokit-bench-rate.txt"
    with open(tmp, "w") as f:
        f.write("\n".join(sub) + "\n")
    sub_arr = cells(sub)
    c, p = duel(lambda: cli("rate", tmp), lambda: sudokit.rate_many(sub_arr, jobs=a.jobs), a.repeat)
    os.remove(tmp)
    report(f"rate {len(sub)} puzzles, jobs {a.jobs}", len(sub), c, p)

    def startup(code):
        return best(lambda: subprocess.run([sys.executable, "-c", code], check=True), 7)

    base = startup("pass")
    imp = startup("import sudokit")
    print(f"import sudokit: {1000 * (imp - base):.0f} ms (interpreter start {1000 * base:.0f} ms "
          "excluded; numpy and pandas load on first use)")
    if a.wheel:
        for w in glob.glob(os.path.join(a.wheel, "sudokit-*.whl")):
            print(f"wheel {os.path.basename(w)}: {os.path.getsize(w) / 2**20:.1f} MiB")


if __name__ == "__main__":
    main()
