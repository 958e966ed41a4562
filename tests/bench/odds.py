#!/usr/bin/env python3
"""umpire's exact odds against icepool's on the same distributions, in one run.

Usage: python3 tests/bench/odds.py UMPIRE_BINARY [RUNS]

Each case is one `umpire odds PROCEDURE dice=N --json` of tests/bench/odds.yaml beside the same
distribution in icepool (n d6 summed; n d6 dropping the lowest; n d8 counting 5 or more; n d100
summed and counting 51 or more). The fractions must be equal outcome by outcome. Times:
umpire's whole process (hyperfine's median) against icepool's computation alone and against a
whole Python process that imports icepool and computes, all measured here, so the ratios come
from one run on one machine. Budgets (exit 1 when one fails): every case the same fractions,
none refused, each umpire process within 10 ms and 20 MiB.
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
BUDGET_MS = 10.0
BUDGET_MIB = 20.0

CASES = (
    [("sum-d6", n, f"{n} @ icepool.d6") for n in (1, 5, 10, 20, 30)]
    + [("drop-d6", n, f"icepool.d6.pool({n}).highest({n - 1}).sum()") for n in (5, 10, 20, 30)]
    + [("hits-d8", n, f"{n} @ (icepool.d8 >= 5)") for n in (10, 20, 22, 30, 60)]
    + [("sum-d100", n, f"{n} @ icepool.d100") for n in (1, 2, 3, 4, 5)]
    + [("hits-d100", n, f"{n} @ (icepool.d100 >= 51)") for n in (1, 2, 3, 4, 5)]
)

ICEPOOL = """
import json, time
t0 = time.perf_counter()
import icepool
t1 = time.perf_counter()
d = {expr}
t2 = time.perf_counter()
print(json.dumps({{"compute": t2 - t1, "import": t1 - t0,
                  "den": d.denominator(), "q": [[int(o), q] for o, q in d.items()]}}))
"""


def umpire_argv(binary, proc, n):
    return [binary, "--tables", HERE, "--rules", "bench-odds", "odds", proc, f"dice={n}", "--json"]


def umpire_odds(binary, proc, n):
    out = subprocess.run(umpire_argv(binary, proc, n), capture_output=True, text=True)
    if out.returncode != 0:
        return None, out.stderr.strip()
    steps = json.loads(out.stdout)["steps"]
    odds = {int(o["result"]): Fraction(o["probability"]["fraction"]) for o in steps[0]["outcomes"]}
    return odds, ""


def peak_mib(argv, runs):
    peak = 0
    with tempfile.NamedTemporaryFile() as rss:
        for _ in range(runs):
            subprocess.run(["/usr/bin/time", "-f", "%M", "-o", rss.name] + argv,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            with open(rss.name) as f:
                peak = max(peak, int(f.read().split()[-1]))
    return peak / 1024


def icepool_case(expr, runs):
    """The distribution, and medians of the computation and of the whole process, in ms."""
    computes, wholes, odds = [], [], None
    code = ICEPOOL.format(expr=expr)
    for _ in range(runs):
        import time
        t = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             check=True)
        wholes.append((time.perf_counter() - t) * 1000)
        r = json.loads(out.stdout)
        computes.append(r["compute"] * 1000)
        odds = {o: Fraction(q, r["den"]) for o, q in r["q"] if q}
    return odds, statistics.median(computes), statistics.median(wholes)


def main():
    binary = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    py_runs = max(3, min(runs // 10, 5))
    cmds = [" ".join(umpire_argv(binary, p, n)) for p, n, _ in CASES]
    with tempfile.NamedTemporaryFile(suffix=".json") as js:
        subprocess.run(["hyperfine", "-N", "--warmup", "3", "--runs", str(runs), "--style", "none",
                        "--export-json", js.name] + cmds, check=True,
                       stdout=subprocess.DEVNULL)
        medians = [r["median"] * 1000 for r in json.load(open(js.name))["results"]]
    failed = False
    print(f"{'case':<16} {'same':>5} {'umpire ms':>10} {'MiB':>6} {'icepool ms':>11} "
          f"{'x icepool':>10} {'python ms':>10} {'x python':>9}")
    for (proc, n, expr), ms in zip(CASES, medians):
        ours, why = umpire_odds(binary, proc, n)
        theirs, compute, whole = icepool_case(expr, py_runs)
        mib = peak_mib(umpire_argv(binary, proc, n), 5)
        same = ours == theirs
        ok = same and ms <= BUDGET_MS and mib < BUDGET_MIB
        failed |= not ok
        print(f"{proc + ' ' + str(n):<16} {'yes' if same else 'NO':>5} {ms:10.2f} {mib:6.1f} "
              f"{compute:11.2f} {ms / compute:10.2f} {whole:10.1f} {ms / whole:9.3f}"
              + ("" if ok else "  FAIL") + (f"  ({why})" if why else ""))
    print(f"budget: the same fractions, each umpire process <= {BUDGET_MS:g} ms and "
          f"< {BUDGET_MIB:g} MiB: {'FAIL' if failed else 'PASS'}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
