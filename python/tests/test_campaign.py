"""Campaigns: 5,000 puzzles rated on a LocalCluster of two workers, one worker killed and the run
stopped mid-way, then resumed: the output equals one uninterrupted single-process run, row for
row; generation by seed ranges resumes the same way; the command line."""

import os
import signal
import subprocess
import sys

import pandas as pd
import pytest

import sudokit
from sudokit import campaign
from conftest import REPO


def _variants(line, k):
    """The k-th of a fixed list of equivalent puzzles: digits relabelled, then transposed on
    odd k (deterministic, so the test's 5,000 puzzles are the same on every machine)."""
    perm = [(d * (k + 1) + k) % 9 + 1 for d in range(9)]
    if len(set(perm)) != 9:
        perm = [(d + k) % 9 + 1 for d in range(9)]
    cells = [0 if c in ".0" else perm[int(c) - 1] for c in line]
    if k % 2:
        cells = [cells[c * 9 + r] for r in range(9) for c in range(9)]
    return "".join(str(v) if v else "." for v in cells)


@pytest.fixture(scope="module")
def five_thousand(tmp_path_factory):
    base = [
        l.split()[0]
        for l in (REPO / "data" / "logic" / "17clue-300.txt").read_text().splitlines()
        if l and not l.startswith("#")
    ]
    # The easy ones (rated below 3 here), so the campaign is about the runner, not the rater.
    ratings = sudokit.rate_many(base)
    easy = [p for p, r in zip(base, ratings[:, 0]) if r < 3]
    puzzles = []
    k = 0
    while len(puzzles) < 5000:
        puzzles.extend(_variants(p, k) for p in easy)
        k += 1
    path = tmp_path_factory.mktemp("campaign") / "p5000.txt"
    path.write_text("\n".join(puzzles[:5000]) + "\n")
    return path


class Stop(Exception):
    pass


def test_a_killed_and_stopped_cluster_run_resumes_to_the_single_process_output(
    five_thousand, tmp_path
):
    from distributed import Client, LocalCluster

    reference = tmp_path / "inline"
    done = campaign.rate_file(five_thousand, reference, shard_size=250, scheduler="inline")
    assert (done.written, done.skipped, done.total) == (20, 0, 20)
    want = campaign.collect(reference)
    assert len(want) == 5000 and (want.status == "rated").all()
    assert want.record.tolist() == list(range(1, 5001))

    out = tmp_path / "cluster"
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, Client(cluster) as client:
        pids = list(client.run(os.getpid).values())
        assert len(pids) == 2
        seen = []

        def hook(shard):
            seen.append(shard)
            if len(seen) == 3:
                os.kill(pids[0], signal.SIGKILL)
            if len(seen) == 6:
                raise Stop()

        with pytest.raises(Stop):
            campaign.rate_file(
                five_thousand, out, shard_size=250, scheduler=client, on_shard=hook
            )
        kept = sorted(n for n in os.listdir(out) if n.endswith(".parquet"))
        assert len(kept) == 6
        assert not [n for n in os.listdir(out) if n.endswith(".part")]
        again = campaign.rate_file(five_thousand, out, shard_size=250, scheduler=client)
        assert (again.skipped, again.written) == (6, 14)
    got = campaign.collect(out)
    pd.testing.assert_frame_equal(got, want)


def test_generation_shards_are_seed_ranges_and_resume(tmp_path):
    whole = tmp_path / "whole"
    campaign.generate(12, whole, seed=5, shard_size=4, scheduler="inline")
    want = campaign.collect(whole)
    assert want.puzzle.tolist() == [g["puzzle"] for g in sudokit.generate(12, seed=5)]
    part = tmp_path / "part"

    def stop_after_one(shard):
        raise Stop()

    with pytest.raises(Stop):
        campaign.generate(12, part, seed=5, shard_size=4, scheduler="inline", on_shard=stop_after_one)
    again = campaign.generate(12, part, seed=5, shard_size=4, scheduler="inline")
    assert (again.skipped, again.written) == (1, 2)
    pd.testing.assert_frame_equal(campaign.collect(part), want)
    with pytest.raises(sudokit.Error, match="another campaign"):
        campaign.generate(12, part, seed=6, shard_size=4, scheduler="inline")


def test_solve_file_and_the_command_line(tmp_path):
    examples = REPO / "data" / "examples" / "puzzles.txt"
    out = tmp_path / "solved"
    campaign.solve_file(examples, out, shard_size=2, scheduler="inline")
    frame = campaign.collect(out)
    assert frame.solution.tolist() == sudokit.solve_many(list(sudokit.read(examples).puzzle)).solutions
    # The three worksheet puzzles (easy), and one that does not parse: its row is kept.
    easy = tmp_path / "easy.txt"
    lines = examples.read_text().splitlines()[2:5] + ["123"]
    easy.write_text("\n".join(lines) + "\n")
    cmd = [sys.executable, "-m", "sudokit.campaign", "rate", str(easy), "--out",
           str(tmp_path / "cli"), "--scheduler", "inline", "--shard-size", "2"]
    p = subprocess.run(cmd, capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert "2/2 shards" in p.stderr and "2 shards written, 0 already done" in p.stderr
    rated = campaign.collect(tmp_path / "cli")
    assert rated.status.tolist() == ["rated"] * 3 + ["invalid"]
    assert "wrong length" in rated.error[3]
    want = sudokit.rate_many([l.split()[0] for l in lines[:3]])
    assert rated.er.tolist()[:3] == want[:, 0].tolist()
    p = subprocess.run(cmd, capture_output=True, text=True)
    assert p.returncode == 0 and "0 shards written, 2 already done" in p.stderr


def _assert_checked(hits, symmetry, givens, exact=False):
    """Each hit passes ``sudokit.check`` (code the search did not use): unique, minimal,
    symmetric in ``symmetry``, with at most (``exact``: exactly) ``givens`` givens."""
    for h in hits:
        rec = sudokit.check(h)
        assert rec["unique"] == "yes" and rec["minimal"] is True, rec
        assert (rec["givens"] == givens) if exact else (rec["givens"] <= givens), rec
        assert symmetry in rec["symmetry"], rec


def test_few_givens_campaign_resumes_and_its_hits_are_valid(tmp_path):
    # 24-given rot180 puzzles come within a few hundred neighbour moves.
    opts = dict(seed=3, tries=300, shard_size=2, scheduler="inline")
    whole = tmp_path / "whole"
    campaign.few_givens("rot180", 24, whole, shards=3, **opts)
    want = campaign.collect(whole)
    assert want["index"].tolist() == list(range(6))
    assert (want.tries <= 300).all() and (want.fewest > 0).all()
    hits = campaign.few_givens_hits(whole)
    assert hits, "a 24-given rot180 puzzle in 6 × 300 moves"
    _assert_checked(hits, "rot180", 24)
    # A shard is the same search wherever it runs: the row equals a direct call.
    first = sudokit.few_givens("rot180", 24, seed=campaign.few_givens_seed(3, 0), tries=300)
    assert want.hits[0] == " ".join(first["hits"]) and want.tries[0] == first["tries"]

    part = tmp_path / "part"

    def stop_after_one(shard):
        raise Stop()

    with pytest.raises(Stop):
        campaign.few_givens("rot180", 24, part, shards=3, on_shard=stop_after_one, **opts)
    again = campaign.few_givens("rot180", 24, part, shards=3, **opts)
    assert (again.skipped, again.written) == (1, 2)
    cols = ["index", "seed", "tries", "checks", "restarts", "fewest", "hits"]
    pd.testing.assert_frame_equal(campaign.collect(part)[cols], want[cols])
    with pytest.raises(sudokit.Error, match="another campaign"):
        campaign.few_givens("rot180", 23, part, shards=3, **opts)

    cmd = [sys.executable, "-m", "sudokit.campaign", "few-givens", "--symmetry", "rot180",
           "--givens", "24", "--shards", "3", "--shard-size", "2", "--seed", "3",
           "--tries", "300", "--out", str(whole), "--scheduler", "inline"]
    p = subprocess.run(cmd, capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert "0 shards written, 3 already done" in p.stderr
    assert p.stdout.split("\n")[0] == f"{hits[0]} rot180"


def test_few_givens_closure_campaign_shards_the_seed_lines(tmp_path):
    # Lines 1, 1421 and 1850 of Gordon Royle's 17-clue list (9x9/17_clue.txt of the project's
    # reference data): closed under a conjugate of the diagonal mirror, the last two reduce to
    # 18-given diagonal puzzles.
    seeds = tmp_path / "seeds.txt"
    seeds.write_text(".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...\n.................1..2.34........5......6.1.4...7....8.....7.36..5.8.....16.......\n................12.....3..4.....567...2........8..4......18.....5..2.....7..3.9..\n")
    out = tmp_path / "closure"
    o = campaign.few_givens("diagonal", 18, out, method="closure", from_file=str(seeds),
                            shard_size=2, scheduler="inline")
    assert (o.total, o.written) == (2, 2)
    frame = campaign.collect(out)
    assert frame["lines"].tolist() == ["1-2", "3-3"]
    hits = campaign.few_givens_hits(out)
    assert len(hits) >= 2, frame
    _assert_checked(hits, "diagonal", 18, exact=True)
    origins = " | ".join(frame["origins"])
    assert "seed #2 (17 givens)" in origins and "seed #3 (17 givens)" in origins, origins
    with pytest.raises(ValueError, match="from_file"):
        campaign.few_givens("diagonal", 18, tmp_path / "none", method="closure")


def test_few_givens_hitting_campaign_searches_the_seed_grids(tmp_path):
    # A 24-given full-dihedral puzzle of data/few-givens.txt as the seed: the hitting search of
    # its grid in the class's own orientation (tries=1: the first conjugate) meets it again,
    # marked as the public puzzle it is.
    seeds = tmp_path / "seeds.txt"
    seeds.write_text("..5...9.....8.3...4...1...2.8.1.2.9...9...3...3.6.7.5.3...5...8...2.4.....7...1..\n")
    out = tmp_path / "hitting"
    o = campaign.few_givens("full", 24, out, method="hitting", from_file=str(seeds), tries=1,
                            scheduler="inline")
    assert (o.total, o.written) == (1, 1)
    frame = campaign.collect(out)
    assert frame["method"].tolist() == ["hitting"]
    hits = campaign.few_givens_hits(out)
    assert len(hits) >= 1, frame
    _assert_checked(hits, "full", 24)
    origins = " | ".join(frame["origins"])
    assert "solution grid of seed #1" in origins and "FROM THE PUBLIC COLLECTION" in origins


def test_few_givens_exhaustive_campaign_shards_the_patterns_and_resumes(tmp_path):
    # Full dihedral, 24 givens, seed 1, 300 nodes a pattern: pattern 10 of that order yields
    # dozens of hits within its cap, its neighbours none (milliseconds each).
    assert sudokit.few_givens_patterns("full", 24) == 793
    opts = dict(seed=1, node_cap=300, patterns=(8, 13), shard_size=2, scheduler="inline")
    whole = tmp_path / "whole"
    o = campaign.few_givens("full", 24, whole, method="exhaustive", **opts)
    assert (o.total, o.written) == (3, 3)
    frame = campaign.collect(whole)
    assert frame["patterns"].tolist() == ["8..10", "10..12", "12..13"]
    assert (frame.finished + frame.cut).tolist() == [2, 2, 1]
    hits = campaign.few_givens_hits(whole)
    assert hits, frame
    _assert_checked(hits, "full", 24, exact=True)
    assert frame["origins"][1].split(" | ")[0] == "pattern #10", frame["origins"][1]
    # The shards together are one search of the whole range.
    one = sudokit.few_givens("full", 24, method="exhaustive", seed=1, patterns=(8, 13),
                             node_cap=300)
    assert sorted(hits) == sorted(one["hits"])
    assert frame.tries.sum() == one["tries"] and frame.nodes.sum() == one["nodes"]
    assert (frame.finished.sum(), frame.cut.sum()) == (one["exhausted"], one["incomplete"])

    part = tmp_path / "part"

    def stop_after_one(shard):
        raise Stop()

    with pytest.raises(Stop):
        campaign.few_givens("full", 24, part, method="exhaustive", on_shard=stop_after_one,
                            **opts)
    again = campaign.few_givens("full", 24, part, method="exhaustive", **opts)
    assert (again.skipped, again.written) == (1, 2)
    cols = ["patterns", "finished", "cut", "tries", "checks", "nodes", "hits", "origins"]
    pd.testing.assert_frame_equal(campaign.collect(part)[cols], frame[cols])
    with pytest.raises(sudokit.Error, match="another campaign"):
        campaign.few_givens("full", 24, part, method="exhaustive", **dict(opts, node_cap=400))
    for bad in [dict(patterns=(5, 5)), dict(patterns=(790, 794)), dict(tries=10),
                dict(shards=2), dict(node_cap=0), dict(node_cap=-1), dict(patterns=(-1, 3))]:
        with pytest.raises(ValueError):
            campaign.few_givens("full", 24, tmp_path / "bad", method="exhaustive",
                                **dict(opts, **bad))

    # Negative counts are ValueErrors in the one-search call too (not OverflowError).
    for bad in [dict(node_cap=-5), dict(patterns=(-2, 1)), dict(givens=-3), dict(tries=-1)]:
        args = dict(dict(method="exhaustive", patterns=(0, 1), node_cap=10), **bad)
        givens = args.pop("givens", 24)
        with pytest.raises(ValueError, match="non-negative"):
            sudokit.few_givens("full", givens, **args)
    # A fractional count is refused, not truncated; an integral float is taken as it is.
    for bad in [dict(node_cap=10.7), dict(givens=23.5), dict(tries=2.5), dict(patterns=(0, 1.5))]:
        args = dict(dict(method="exhaustive", patterns=(0, 1), node_cap=10), **bad)
        givens = args.pop("givens", 24)
        with pytest.raises(TypeError, match="must be an integer"):
            sudokit.few_givens("full", givens, **args)
    one = dict(method="exhaustive", patterns=(0, 1))
    assert sudokit.few_givens("full", 24.0, node_cap=10.0, **one) == \
        sudokit.few_givens("full", 24, node_cap=10, **one)

    cmd = [sys.executable, "-m", "sudokit.campaign", "few-givens", "--method", "exhaustive",
           "--symmetry", "full", "--givens", "24", "--seed", "1", "--node-cap", "300",
           "--patterns", "8..13", "--shard-size", "2", "--out", str(whole),
           "--scheduler", "inline"]
    p = subprocess.run(cmd, capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert "0 shards written, 3 already done" in p.stderr
    assert sorted(p.stdout.split("\n")[:-1]) == sorted(f"{h} full" for h in hits)
    empty = [str(tmp_path / "empty") if a == str(whole) else "8..8" if a == "8..13" else a
             for a in cmd]
    p = subprocess.run(empty, capture_output=True, text=True)
    assert p.returncode == 1 and "patterns 8..8" in p.stderr, p.stderr


def test_few_givens_campaign_on_automorphic_grids(tmp_path):
    # The hitting search on grids with a 90° automorphism, in the class's own orientation only
    # (one (grid, conjugate) search a try): 24-given 90° puzzles come within a few.
    opts = dict(seed=5, tries=4, shard_size=1, scheduler="inline", method="hitting",
                automorphic="rot90", aligned_only=True)
    out = tmp_path / "auto"
    campaign.few_givens("rot90", 24, out, shards=2, **opts)
    rows = campaign.collect(out)
    assert rows["index"].tolist() == [0, 1]
    hits = campaign.few_givens_hits(out)
    assert hits, "24-given 90° puzzles on 90°-automorphic grids in 2 × 4 tries"
    _assert_checked(hits, "rot90", 24)
    assert all("automorphic under rot90" in o for o in rows.origins if o)
    # A row is the direct call with the item's seed.
    first = sudokit.few_givens("rot90", 24, method="hitting", seed=campaign.few_givens_seed(5, 0),
                               tries=4, automorphic="rot90", aligned_only=True)
    assert rows.hits[0] == " ".join(first["hits"])
    with pytest.raises(ValueError, match="hitting method"):
        campaign.few_givens("full", 24, tmp_path / "bad", shards=1, seed=1, tries=1,
                            automorphic="rot90")
    with pytest.raises(ValueError, match="hitting method"):
        campaign.few_givens("full", 20, tmp_path / "bad", method="exhaustive",
                            automorphic="diagonal")
    with pytest.raises(ValueError, match="aligned_only"):
        campaign.few_givens("full", 24, tmp_path / "bad", shards=1, seed=1, tries=1,
                            method="hitting", aligned_only=True)
    with pytest.raises(ValueError, match="unknown automorphism"):
        sudokit.few_givens("full", 24, method="hitting", tries=1, automorphic="vertical")
    cmd = [sys.executable, "-m", "sudokit.campaign", "few-givens", "--symmetry", "rot90",
           "--givens", "24", "--shards", "2", "--shard-size", "1", "--seed", "5", "--tries", "4",
           "--method", "hitting", "--automorphic", "rot90", "--aligned-only",
           "--out", str(out), "--scheduler", "inline"]
    p = subprocess.run(cmd, capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert "0 shards written, 2 already done" in p.stderr
    assert p.stdout.split("\n")[0] == f"{hits[0]} rot90"
