"""Issue 25: API page titles are the short names and never break inside a word."""

import re
from pathlib import Path

DOCS = Path(__file__).resolve().parents[1] / "docs"


def test_api_pages_are_titled_by_the_short_name():
    for template in ("base.rst", "class.rst"):
        text = (DOCS / "_templates" / "autosummary" / template).read_text()
        assert text.startswith(".. rst-class:: api-page\n\n{{ objname | escape | underline }}\n"), template
    conf = (DOCS / "conf.py").read_text()
    assert 'templates_path = ["_templates"]' in conf and 'html_css_files = ["algocompare.css"]' in conf


def test_titles_do_not_break_inside_a_word_and_fit_the_longest_name():
    css = (DOCS / "_static" / "algocompare.css").read_text()
    heading = re.search(r"article h1 \{([^}]*)\}", css).group(1)
    assert "overflow-wrap: normal" in heading and "word-break: normal" in heading
    size = re.search(r"section\.api-page > h1 \{\s*font-size: min\(([\d.]+)em, ([\d.]+)vw\);", css)
    cap, per_viewport = float(size.group(1)), float(size.group(2))
    # the longest public name, in bold at about 0.62 em per character, fits the text column:
    # 390 px screens (350 px of text) and the 46 em column of furo's wide layout
    api = (DOCS / "api.md").read_text()
    longest = max(len(name.rsplit(".", 1)[-1]) for name in re.findall(r"algocompare\.[\w.]+", api))
    assert longest * 0.62 * per_viewport / 100 * 390 <= 350
    assert longest * 0.62 * cap * 16 <= 46 * 16 - 40
