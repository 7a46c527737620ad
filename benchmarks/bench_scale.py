"""Time algocompare on large tables next to its peers; writes benchmarks/results_scale.md.

Issue 19. Wide DataFrames from 29 × 14 to 100,000 × 50 (normal values rounded to 3
decimals, so some cells tie; a shift per algorithm). Per size and stage:

* ``Results.from_wide`` (the conversion every public function does at its edge);
* ``friedman(df)`` next to scipy's ``friedmanchisquare`` on the same columns;
* ``posthoc(df, p_adjust="holm")`` next to scikit-posthocs' ``posthoc_nemenyi_friedman``
  and ``posthoc_conover_friedman(p_adjust="holm")``;
* Nemenyi (``posthoc(df, p_adjust="nemenyi")``) next to ``posthoc_nemenyi_friedman``;
* ``aligned_ranks(df)`` next to a plain numpy aligned-ranks statistic (row means,
  one argsort of all cells, no tie averaging: the least work the test needs);
* ``bayesian_pairwise`` (signed-rank, all pairs, default options) up to 10,000 × 50;
* ``algocompare analyze`` with and without ``--bayesian`` on a 1,000 × 20 CSV file, and
  ``analyze`` of a 25,000 × 100 wide file and of 1,000,000 long rows: wall time and peak
  memory of the child process, next to the floor (the interpreter with its libraries, from
  ``analyze`` of a 3 × 5 table) and the input DataFrame's memory.

The machine is shared: the repetitions of all the timings of one size are interleaved
(one of each per round) and the best of the rounds is kept, so each ratio compares
timings taken side by side. The values are checked to agree before timing.
Run: python benchmarks/bench_scale.py [--quick]
"""

from __future__ import annotations

import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd

SIZES = [(29, 14), (1_000, 20), (10_000, 50), (100_000, 20), (100_000, 50)]


def table(n: int, k: int, seed: int = 0) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    values = np.round(rng.normal(size=(n, k)) + np.linspace(0.0, 0.5, k), 3)
    return pd.DataFrame(values, index=pd.Index([f"p{i}" for i in range(n)], name="instance"),
                        columns=[f"A{j:02d}" for j in range(k)])


def numpy_aligned_ranks(x: np.ndarray) -> float:
    """Aligned-ranks chi-square in plain numpy (ranks by one argsort; ties not averaged)."""
    n, k = x.shape
    aligned = (x - x.mean(axis=1, keepdims=True)).ravel()
    ranks = np.empty(aligned.size)
    ranks[np.argsort(aligned)] = np.arange(1.0, aligned.size + 1)
    ranks = ranks.reshape(n, k)
    kn = k * n
    numerator = (k - 1) * ((ranks.sum(axis=0) ** 2).sum() - (k * n * n / 4) * (kn + 1) ** 2)
    return numerator / ((ranks ** 2).sum() - (ranks.sum(axis=1) ** 2).sum() / k)


def interleaved(tasks: dict, rounds: int) -> dict[str, float]:
    """Best wall time of each task over ``rounds`` rounds, one run of every task per round."""
    best = {name: np.inf for name in tasks}
    for _ in range(rounds):
        for name, func in tasks.items():
            start = time.perf_counter()
            func()
            best[name] = min(best[name], time.perf_counter() - start)
    return best


def check_values(df: pd.DataFrame) -> None:
    """Our values equal the peers' before anything is timed."""
    import scikit_posthocs as sp
    from scipy.stats import friedmanchisquare

    import algocompare as ac

    ours = ac.friedman(df)
    theirs = friedmanchisquare(*df.to_numpy().T)
    assert np.isclose(ours.statistic, theirs.statistic, rtol=1e-10), (ours.statistic, theirs.statistic)
    conover = ac.posthoc(df, test="conover", p_adjust="none").matrix("pvalue")
    peer = sp.posthoc_conover_friedman(df, p_adjust=None)
    off = ~np.eye(df.shape[1], dtype=bool)
    assert np.allclose(conover.to_numpy()[off], peer.to_numpy()[off], rtol=1e-6, atol=1e-12)


def size_tasks(df: pd.DataFrame) -> dict:
    import scikit_posthocs as sp
    from scipy.stats import friedmanchisquare

    import algocompare as ac

    n, k = df.shape
    values = df.to_numpy()
    tasks = {
        "Results.from_wide": lambda: ac.Results.from_wide(df),
        "friedman": lambda: ac.friedman(df),
        "scipy friedmanchisquare": lambda: friedmanchisquare(*df.to_numpy().T),
        "posthoc holm": lambda: ac.posthoc(df, p_adjust="holm"),
        "posthoc nemenyi": lambda: ac.posthoc(df, p_adjust="nemenyi"),
        "sp nemenyi_friedman": lambda: sp.posthoc_nemenyi_friedman(df),
        "sp conover_friedman holm": lambda: sp.posthoc_conover_friedman(df, p_adjust="holm"),
        "aligned_ranks": lambda: ac.aligned_ranks(df),
        "numpy aligned ranks": lambda: numpy_aligned_ranks(values),
    }
    if n * k * (k - 1) <= 10_000 * 50 * 49:
        tasks["bayesian_pairwise"] = lambda: ac.bayesian_pairwise(df, rng=0)
    return tasks


#: the command line in a child that reports its peak resident memory (kB, ru_maxrss) on its
#: last stderr line. ru_maxrss keeps the parent's peak over the fork, so the command-line rows
#: are measured first, while this process is small, with their input files written by another
#: child (``--write-inputs``): the figure is then the child's own. The report draws its
#: figures in forked workers: the peak is the largest of the child and of its workers.
_CHILD = ("import resource, sys\n"
          "from algocompare.cli import main\n"
          "try:\n"
          "    code = main(sys.argv[1:])\n"
          "finally:\n"
          "    peak = max(resource.getrusage(who).ru_maxrss for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))\n"
          "    sys.stderr.write(f'\\nPEAK {peak}\\n')\n"
          "sys.exit(code)\n")


def run_cli(args: list[str]) -> tuple[float, float, str]:
    """Wall time (s), peak resident memory (MB) of this run alone and error (empty when it
    succeeded) of the ``algocompare`` command line in a child process."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _CHILD, *args], stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    lines = done.stderr.strip().splitlines() or ["?"]
    peak = float(lines[-1].split()[1]) / 1024 if lines[-1].startswith("PEAK ") else float("nan")
    messages = [line for line in lines if line.strip() and not line.startswith("PEAK ")]
    error = "" if done.returncode == 0 else (messages or ["?"])[-1]
    return wall, peak, error


#: the input files of the command-line rows and the memory of each as a DataFrame (MB)
INPUTS = {"w1000x20.csv": lambda: table(1_000, 20, seed=1), "w10000x50.csv": lambda: table(10_000, 50, seed=3),
          "w25000x100.csv": lambda: table(25_000, 100, seed=2), "long1m.csv": lambda: long_table()}


def write_inputs(directory: str) -> None:
    """Write the command-line inputs to ``directory`` and print each one's DataFrame memory
    (run in a child, so that this process stays small; see ``_CHILD``)."""
    for name, make in INPUTS.items():
        frame = make()
        frame.to_csv(Path(directory) / name, index=not name.startswith("long"))
        print(name, frame.memory_usage(deep=True).sum() / 2**20)


def cli_rows(rounds: int) -> list[str]:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        written = subprocess.run([sys.executable, __file__, "--write-inputs", tmp], capture_output=True, text=True,
                                 check=True).stdout.split()
        input_mb = {name: float(mb) for name, mb in zip(written[::2], written[1::2], strict=False)}
        small = Path(tmp) / "w1000x20.csv"
        best = {"plain": np.inf, "bayesian": np.inf}
        for _ in range(rounds):
            for name, extra in (("plain", []), ("bayesian", ["--bayesian"])):
                wall, _, error = run_cli(["analyze", str(small), *extra])
                if error:
                    raise RuntimeError(f"analyze {' '.join(extra)} failed: {error}")
                best[name] = min(best[name], wall)
        rows.append(f"| `analyze` 1,000 × 20 | {best['plain']:.2f} s | `analyze --bayesian`: {best['bayesian']:.2f} s "
                    f"| {best['bayesian'] / best['plain']:.2f} |")
        medium = Path(tmp) / "w10000x50.csv"
        plain, _, error = run_cli(["analyze", str(medium)])
        bayesian, _, error_b = run_cli(["analyze", str(medium), "--bayesian"])
        if error or error_b:
            raise RuntimeError(f"analyze of 10,000 x 50 failed: {error or error_b}")
        rows.append(f"| `analyze` 10,000 × 50 | {plain:.2f} s | `analyze --bayesian`: {bayesian:.2f} s "
                    f"| {bayesian / plain:.2f} |")
        # the interpreter with the libraries an analysis loads: the floor of every peak below
        _, floor, error = run_cli(["analyze", "--dataset", "ice_cream"])
        rows.append(f"| `analyze` of a 3 × 5 table (interpreter and libraries) | peak {floor:.0f} MB | — | — |")
        rows.append(_memory_row("`analyze` 25,000 × 100", Path(tmp) / "w25000x100.csv",
                                input_mb["w25000x100.csv"], floor))
        rows.append(_memory_row("`analyze` 1,000,000 long rows (10,000 × 20 × 5 runs)", Path(tmp) / "long1m.csv",
                                input_mb["long1m.csv"], floor))
        # the HTML report adds every figure (a CD diagram, a heat map and violins of 100 algorithms)
        rows.append(_memory_row("`analyze --report` 25,000 × 100", Path(tmp) / "w25000x100.csv",
                                input_mb["w25000x100.csv"], floor, ["--report", str(Path(tmp) / "report.html")]))
    return rows


def _memory_row(label: str, path: Path, input_mb: float, floor: float, extra: list[str] = ()) -> str:
    """Wall time and peak memory of ``analyze path *extra``, and the peak above the
    interpreter's floor as a multiple of the input DataFrame's memory (``input_mb``)."""
    wall, peak, error = run_cli(["analyze", str(path), *extra])
    if error:
        return f"| {label} | failed after {wall:.1f} s: {error} | | |"
    return (f"| {label} | {wall:.1f} s, peak {peak:.0f} MB | input DataFrame {input_mb:.0f} MB "
            f"| {(peak - floor) / input_mb:.1f} × the input above the floor |")


def long_table(n: int = 10_000, k: int = 20, runs: int = 5) -> pd.DataFrame:
    """n · k · runs long rows (one per run), values rounded to 4 decimals."""
    rng = np.random.default_rng(4)
    return pd.DataFrame({"instance": np.repeat([f"p{i}" for i in range(n)], k * runs),
                         "algorithm": np.tile(np.repeat([f"A{j:02d}" for j in range(k)], runs), n),
                         "run": np.tile(np.arange(runs), n * k),
                         "value": np.round(rng.normal(size=n * k * runs), 4)})


def long_rows(n: int = 10_000, k: int = 20, runs: int = 5) -> list[str]:
    """``Results.from_long`` and ``friedman`` on n · k · runs long rows (one per run)."""
    import algocompare as ac

    long = long_table(n, k, runs)
    built = {}
    best = interleaved({"from_long": lambda: built.update(res=ac.Results.from_long(long, run="run")),
                        "friedman": lambda: ac.friedman(built["res"])}, rounds=2)
    size = f"{len(long):,} long rows ({n:,} × {k} × {runs} runs)"
    return [f"| {size} | `Results.from_long` | {best['from_long']:.2f} s |",
            f"| {len(long):,} long rows | `friedman` on the Results (mean of the runs) | {best['friedman']:.2f} s |"]


def main(quick: bool = False) -> None:
    sizes = SIZES[:3] if quick else SIZES
    pairs = [("friedman", "scipy friedmanchisquare"), ("posthoc holm", "sp conover_friedman holm"),
             ("posthoc holm", "sp nemenyi_friedman"), ("posthoc nemenyi", "sp nemenyi_friedman"),
             ("aligned_ranks", "numpy aligned ranks")]
    lines = ["# Scale benchmarks (issue 19)", "",
             f"Machine: {platform.machine()}, Python {platform.python_version()}, shared and noisy. "
             "Best of interleaved rounds; a ratio < 1 means algocompare is faster. Values checked "
             "equal to the peers' (Friedman statistic, Conover p-values) before timing.", "",
             "## Side by side on the same wide DataFrame", "",
             "| size | algocompare | time | peer | time | ratio |", "|---|---|---|---|---|---|"]
    stages = ["## Cost per stage", "", "| size | stage | time |", "|---|---|---|"]
    command_line = cli_rows(rounds=2 if quick else 3)  # first, while this process is small (see _CHILD)
    for n, k in sizes:
        df = table(n, k)
        check_values(df)
        tasks = size_tasks(df)
        slow = {name: tasks.pop(name) for name in ("bayesian_pairwise",) if name in tasks}
        best = interleaved(tasks, rounds=7 if n * k <= 20_000 else 3)
        best.update(interleaved(slow, rounds=2 if n < 10_000 else 1))
        for ours, peer in pairs:
            lines.append(f"| {n:,} × {k} | `{ours}` | {best[ours]:.4f} s | {peer} | {best[peer]:.4f} s "
                         f"| {best[ours] / best[peer]:.2f} |")
        for name in ("Results.from_wide", "friedman", "posthoc holm", "aligned_ranks", "bayesian_pairwise"):
            if name in best:
                stages.append(f"| {n:,} × {k} | `{name}` | {best[name]:.4f} s |")
        print(f"{n} x {k} done", flush=True)
    stages += long_rows()
    lines += ["", *stages, "", "## Command line", "", "| run | time | compared with | ratio |",
              "|---|---|---|---|", *command_line]
    out = Path(__file__).with_name("results_scale.md")
    out.write_text("\n".join(lines) + "\n")
    print(out.read_text())


if __name__ == "__main__":
    if "--write-inputs" in sys.argv:
        write_inputs(sys.argv[sys.argv.index("--write-inputs") + 1])
    else:
        main(quick="--quick" in sys.argv)
