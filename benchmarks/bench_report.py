"""Time `algocompare analyze PATH --report out.html` on a 29 × 14 table, end to end, and
its parts; writes benchmarks/results_report.md.

The end-to-end time includes starting Python and importing numpy, pandas, scipy.stats and
matplotlib, measured here too as the floor no command can go below.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import best_of  # noqa: E402

import algocompare as ac  # noqa: E402
from algocompare.analysis import run_analysis  # noqa: E402
from algocompare.report import _figures as figures  # noqa: E402
from algocompare.report import _html as html

OUT = Path(__file__).with_name("results_report.md")


def wall(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        table = Path(tmp) / "cec2017.csv"
        ac.load_dataset("cec2017_d10").blocks().to_csv(table)
        report = str(Path(tmp) / "out.html")
        floor = min(wall([sys.executable, "-c", "import numpy, pandas, scipy.stats, matplotlib.figure"])
                    for _ in range(3))
        end_to_end = min(wall([sys.executable, "-m", "algocompare", "analyze", str(table), "--report", report])
                         for _ in range(3))
        json_only = min(wall([sys.executable, "-m", "algocompare", "analyze", str(table), "--json"]) for _ in range(3))
    res = ac.load_dataset("cec2017_d10")
    sections = run_analysis(res)
    analysis = best_of(lambda: run_analysis(res), 3)
    jobs = html._FigureJobs()
    html._summary_html(res, 4, jobs)
    for section in sections:
        html._section_html(section, 4, jobs)
    serial = best_of(lambda: figures.render_svgs(jobs.jobs, workers=1), 3)
    forked = best_of(lambda: figures.render_svgs(jobs.jobs, workers=2), 3)
    rows = [
        ("import floor: python + numpy, pandas, scipy.stats, matplotlib", floor),
        ("`algocompare analyze` --json (no figures)", json_only),
        ("`algocompare analyze` --report out.html, end to end", end_to_end),
        ("run_analysis (all sections)", analysis),
        (f"{len(jobs.jobs)} report figures, rendered in process", serial),
        (f"{len(jobs.jobs)} report figures, two forked workers", forked),
    ]
    lines = ["# HTML report: timings", "",
             f"29 instances × 14 algorithms (bundled cec2017_d10); best of 3; {sys.version.split()[0]}.", "",
             "| what | seconds |", "|---|---|"]
    lines += [f"| {what} | {seconds:.2f} |" for what, seconds in rows]
    lines += ["", f"Figures in process / forked: {serial / forked:.2f}x. Target for the whole command: under 3 s."]
    OUT.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
