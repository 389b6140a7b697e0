"""Throughput of `sudokit.solve_many` / `rate_many` against the `sudokit` command at the same
`--jobs`, the import time, and the wheel size (figures for docs/python.md).

    python python/bench/bench.py --cli target/ci/sudokit --set ../shared/data/9x9/17_clue.txt \
        --jobs 2 [--rate-count 2000] [--wheel DIR]

Each figure is the best of `--repeat` runs (wall time). The CLI reads the file and writes its
output to /dev/null; the package gets the puzzles as a numpy array made before the clock
starts, as a numpy user has them already.
"""

import argparse
import glob
import os
import subprocess
import sys
import time

import numpy as np

import sudokit


def best(f, repeat):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times)


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

    t_cli = best(lambda: cli("solve", a.set), a.repeat)
    res = sudokit.solve_many(arr, jobs=a.jobs)
    assert (res.status == "solved").all()
    t_py = best(lambda: sudokit.solve_many(arr, jobs=a.jobs), a.repeat)
    print(f"solve {n} puzzles, jobs {a.jobs}: CLI {n / t_cli:,.0f}/s, solve_many (numpy) "
          f"{n / t_py:,.0f}/s = {100 * t_cli / t_py:.0f}% of the CLI")

    sub = lines[: a.rate_count]
    tmp = "/tmp/sudokit-bench-rate.txt"
    with open(tmp, "w") as f:
        f.write("\n".join(sub) + "\n")
    sub_arr = cells(sub)
    t_cli = best(lambda: cli("rate", tmp), a.repeat)
    t_py = best(lambda: sudokit.rate_many(sub_arr, jobs=a.jobs), a.repeat)
    os.remove(tmp)
    print(f"rate {len(sub)} puzzles, jobs {a.jobs}: CLI {len(sub) / t_cli:,.1f}/s, rate_many "
          f"{len(sub) / t_py:,.1f}/s = {100 * t_cli / t_py:.0f}% of the CLI")

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
