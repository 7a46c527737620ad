"""The `algocompare` command, run as a user would (subprocess)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests._refdata import ref_path


def run(*args: str, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "algocompare", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=120)


def test_analyze_default_dataset_json_mean_ranks():
    out = run("analyze", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["n_instances"] == 29 and len(data["algorithms"]) == 14
    # Friedman mean ranks of the bundled cec2017_d10 (Carrasco et al. 2020, Table 3; tests/data/README.md)
    assert data["mean_ranks"]["EBO"] == pytest.approx(3.707, abs=5e-4)
    assert data["mean_ranks"]["MOS12"] == pytest.approx(13.397, abs=5e-4)


def test_analyze_text_output_and_datasets():
    out = run("analyze", "--dataset", "cec2005_d10")
    assert out.returncode == 0, out.stderr
    assert "25 instances × 11 algorithms" in out.stdout and "Mean ranks" in out.stdout
    listed = run("datasets")
    assert listed.returncode == 0 and "cec2017_d10" in listed.stdout and "ice_cream" in listed.stdout


def test_analyze_conventions_se_and_untied():
    # default: calibrated (permutation standard error, tie-corrected omnibus)
    default = json.loads(run("analyze", "--dataset", "cec2005_d10", "--json").stdout)
    classic = run("analyze", "--dataset", "cec2005_d10", "--json", "--se", "classic", "--untied")
    assert classic.returncode == 0, classic.stderr
    classic = json.loads(classic.stdout)
    found = {}
    for name, data in (("default", default), ("classic", classic)):
        sections = {s["key"]: s["data"] for s in data["sections"]} if "sections" in data else data
        found[name] = json.dumps(sections)
    assert '"se": "permutation"' in found["default"] and '"se": "classic"' in found["classic"]
    # García et al. (2009) Table 7: Friedman 41.985 untied (the bundled table has ties)
    assert "41.98" in found["classic"] and "41.98" not in found["default"]
    text = run("analyze", "--dataset", "cec2005_d10", "--untied").stdout
    assert "untied, as the papers print them" in text
    assert run("analyze", "--se", "bootstrap").returncode == 2


def test_analyze_file_maximize(tmp_path):
    path = tmp_path / "acc.csv"
    path.write_text("dataset,A,B,C\nd1,0.9,0.8,0.7\nd2,0.7,0.75,0.6\nd3,0.5,0.4,0.45\n")
    out = run("analyze", str(path), "--maximize", "--json")
    assert out.returncode == 0, out.stderr
    ranks = json.loads(out.stdout)["mean_ranks"]
    assert ranks["A"] == pytest.approx((1 + 2 + 1) / 3)


@pytest.mark.parametrize("content, message", [
    ("function,A,B\nf1,1,\nf2,2,3\n", "missing value"),
    ("function,A,B\nf1,1,2\nf2,x,3\n", "non-numeric value 'x'"),
    ("function,A,A\nf1,1,2\nf2,2,3\n", "duplicate column labels: 'A'"),
    ("function,A,B\nf1,1,2\n", "only 1 instance"),
    ("function,A\nf1,1\nf2,2\n", "only 1 algorithm"),
])
def test_malformed_files_give_one_line_errors(tmp_path, content, message):
    path = tmp_path / "bad.csv"
    path.write_text(content)
    out = run("analyze", str(path))
    assert out.returncode != 0
    assert message in out.stderr
    assert "Traceback" not in out.stderr and len(out.stderr.strip().splitlines()) == 1


def test_bad_option_and_missing_file():
    out = run("analyze", "--no-such-flag")
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1
    out = run("analyze", "does-not-exist.csv")
    assert out.returncode == 2 and "no such file" in out.stderr and "Traceback" not in out.stderr


def test_import_is_light():
    code = "import sys, algocompare; assert 'matplotlib' not in sys.modules; print(len(sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr


def test_bayesian_without_rope_says_so_on_stderr():
    out = run("analyze", "--dataset", "ice_cream", "--bayesian", "--n-samples", "2000")
    assert out.returncode == 0, out.stderr
    assert "--bayesian without --rope" in out.stderr
    with_rope = run("analyze", "--dataset", "ice_cream", "--bayesian", "--rope", "0.5", "--n-samples", "2000")
    assert "--bayesian without --rope" not in with_rope.stderr


# ------------------------------------------------------------- issue 25: one coherent reading
def test_analyze_text_prints_the_reading_and_the_adjustment_used():
    out = run("analyze", str(ref_path("results_long.csv")), "--p-adjust", "bergmann", "--no-progress")
    assert out.returncode == 0, out.stderr
    assert "\nReading the results\n" in out.stdout and "\nCaveats\n" in out.stdout
    assert "Why the sections disagree" in out.stdout
    assert "p-value adjustment used: holm (bergmann was asked for" in out.stdout
    assert "p-value adjustment used: bergmann" in out.stdout  # all pairs, k = 4
    assert out.stderr.count("%|") == 0  # --no-progress: no bar


def test_analyze_json_has_the_reading_and_tidy_floats():
    out = run("analyze", str(ref_path("results_long.csv")), "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert any(s.startswith("Why the sections disagree") for s in data["reading"])
    assert data["frequentist"]["omnibus"][0]["statistic"] == 7.56  # not 7.559999999999999
    assert "7.559999999999999" not in out.stdout and "0.060000000000000005" not in out.stdout
    assert data["posthoc"]["p_adjust"]["all_pairs"]["used"] == "holm"
    assert {"effect_size", "ci_low", "ci_high", "magnitude"} <= set(data["posthoc"]["control"]["table"][0])


def test_analyze_progress_bar_on_request():
    shown = run("analyze", "--dataset", "ice_cream", "--bayesian", "--rope", "0.1", "--n-samples", "2000",
                "--progress")
    assert shown.returncode == 0, shown.stderr
    assert "analysis" in shown.stderr and "100%" in shown.stderr  # the bar over the sections
    hidden = run("analyze", "--dataset", "ice_cream", "--bayesian", "--rope", "0.1", "--n-samples", "2000",
                 "--no-progress")
    assert hidden.returncode == 0 and "%|" not in hidden.stderr


def test_analyze_progress_is_passed_to_the_long_steps(monkeypatch, capsys):
    from algocompare.bayesian import _analysis as bayesian_analysis
    from algocompare.cli import main

    seen = {}
    original = bayesian_analysis.bayesian_pairwise

    def spy(*args, **kwargs):
        seen["progress"] = kwargs.get("progress", "missing")
        return original(*args, **kwargs)

    monkeypatch.setattr(bayesian_analysis, "bayesian_pairwise", spy)
    assert main(["analyze", "--dataset", "ice_cream", "--bayesian", "--n-samples", "1000", "--no-progress"]) == 0
    assert seen["progress"] is False
    assert main(["analyze", "--dataset", "ice_cream", "--bayesian", "--n-samples", "1000"]) == 0
    assert seen["progress"] is None  # automatic: a bar on a terminal after a second
    capsys.readouterr()


def test_analyze_report_writing_has_a_bar_on_request(tmp_path):
    shown = run("analyze", "--dataset", "ice_cream", "--report", str(tmp_path / "r.html"), "--latex",
                str(tmp_path / "tex"), "--progress")
    assert shown.returncode == 0, shown.stderr
    assert "writing the report: 00:" in shown.stderr and "writing the LaTeX tables: 00:" in shown.stderr
    automatic = run("analyze", "--dataset", "ice_cream", "--report", str(tmp_path / "r.html"))
    assert automatic.returncode == 0 and "writing the report" not in automatic.stderr  # not a terminal


def test_analyze_text_lists_the_descriptive_table_in_mean_rank_order():
    out = run("analyze", "--no-progress")  # cec2017_d10: input order starts DES, DYYPO; mean ranks EBO, MM
    lines = out.stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Descriptive statistics per algorithm"))
    rows = [line.split()[0] for line in lines[start + 3:start + 5]]
    assert rows == ["EBO", "MM"]
