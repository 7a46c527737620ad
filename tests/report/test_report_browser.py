"""The HTML report as a reader sees it: real reports laid out by headless Chromium at a
phone's, a tablet's and a laptop's width (390, 768, 1280 px), measured in the page.

No number, name or header breaks across lines inside a table cell (each whitespace-free
run of characters is measured with ``Range.getClientRects``), the page never scrolls
sideways (what is too wide scrolls inside its own box), and figures keep their text at a
readable size. Chromium is driven over the DevTools protocol on a pipe
(``--remote-debugging-pipe``, standard library only), which can emulate a 390-px screen:
a headless window is never narrower than 500 px.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import tempfile
import time

import numpy as np
import pandas as pd
import pytest

import algocompare as ac

WIDTHS = (390, 768, 1280)
#: Smallest figure text on screen, in CSS pixels (the report's MIN_TEXT_PX), where the figure's
#: own text at its natural size is at least that large.
MIN_TEXT_PX = 8.0

CHROMIUM = next((path for name in ("chromium", "chromium-browser", "google-chrome", "chrome")
                 if (path := shutil.which(name))), None)
pytestmark = [pytest.mark.skipif(CHROMIUM is None, reason="no headless browser (chromium) installed"),
              pytest.mark.skipif(os.name != "posix", reason="the DevTools pipe is passed as file descriptors 3 and 4")]


class _Browser:
    """A headless Chromium and the DevTools protocol over its pipe: JSON messages ended by a
    NUL byte, commands written to the browser's fd 3, answers and events read from its fd 4."""

    def __init__(self, executable: str, timeout: float = 60.0):
        self.timeout, self._id, self._buffer, self._events = timeout, 0, b"", []
        self._profile = tempfile.mkdtemp()
        to_browser, self._out = os.pipe()
        self._in, from_browser = os.pipe()

        def pipes_on_3_and_4():  # in the child, before exec
            commands, answers = os.dup(to_browser), os.dup(from_browser)
            os.dup2(commands, 3)
            os.dup2(answers, 4)

        self._process = subprocess.Popen(
            [executable, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
             "--remote-debugging-pipe", f"--user-data-dir={self._profile}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=pipes_on_3_and_4, pass_fds=(3, 4))  # noqa: PLW1509 (the pipe protocol needs fds 3 and 4)
        os.close(to_browser)
        os.close(from_browser)

    def send(self, method: str, session: str | None = None, **params):
        self._id += 1
        message = {"id": self._id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self._out, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._receive()
            if answer.get("id") == self._id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self._events.append(answer)

    def wait_for(self, event: str, session: str) -> dict:
        while True:
            for i, message in enumerate(self._events):
                if message.get("method") == event and message.get("sessionId") == session:
                    return self._events.pop(i)
            self._events.append(self._receive())

    def _receive(self) -> dict:
        deadline = time.monotonic() + self.timeout
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._in], [], [], left)[0]:
                raise TimeoutError("headless Chromium did not answer")
            chunk = os.read(self._in, 1 << 20)
            if not chunk:
                raise RuntimeError("headless Chromium closed its pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def open(self, url: str, width: int, height: int = 900) -> str:
        """A new tab showing ``url`` on a screen ``width`` CSS pixels wide (a phone's below
        500 px: mobile viewport, the page's ``<meta name="viewport">`` honoured)."""
        target = self.send("Target.createTarget", url="about:blank")["targetId"]
        session = self.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.send("Emulation.setDeviceMetricsOverride", session, width=width, height=height, deviceScaleFactor=1,
                  mobile=width < 500)
        self.send("Page.enable", session)
        self.send("Page.navigate", session, url=url)
        self.wait_for("Page.loadEventFired", session)
        return session

    def evaluate(self, session: str, expression: str):
        answer = self.send("Runtime.evaluate", session, expression=expression, returnByValue=True)
        assert "exceptionDetails" not in answer, answer["exceptionDetails"]
        return answer["result"].get("value")

    def close(self) -> None:
        try:
            self.send("Browser.close")
            self._process.wait(10)
        except (OSError, RuntimeError, TimeoutError, subprocess.TimeoutExpired):
            self._process.kill()
            self._process.wait(10)
        os.close(self._out)
        os.close(self._in)
        shutil.rmtree(self._profile, ignore_errors=True)


#: Measured in the page: the line boxes each token of each table cell sits on, the cells with
#: a digit that take more than one line, the page's and the window's widths, the boxes whose
#: content is wider than they are, and the on-screen size of every figure glyph.
MEASURE = r"""
(function () {
  function lines(range) {  // distinct lines: rectangles that do not overlap vertically
    var rects = Array.prototype.slice.call(range.getClientRects()).filter(function (r) { return r.width > 0; });
    rects.sort(function (a, b) { return a.top - b.top; });
    var n = 0, bottom = -1e9;
    rects.forEach(function (r) { if (r.top >= bottom - 1) { n += 1; bottom = r.bottom; }
                                 else { bottom = Math.max(bottom, r.bottom); } });
    return n;
  }
  function tokens(cell) {  // runs of non-space characters, across elements: 2.9x10<sup>-16</sup> is one
    var walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT), out = [], token = null, node;
    while ((node = walker.nextNode())) {
      for (var i = 0; i < node.data.length; i++) {
        if (/\s/.test(node.data[i])) { if (token) { out.push(token); token = null; } continue; }
        if (!token) { token = {node: node, offset: i, text: ""}; }
        token.endNode = node; token.endOffset = i + 1; token.text += node.data[i];
      }
    }
    if (token) { out.push(token); }
    return out;
  }
  var out = {page: document.documentElement.scrollWidth, window: document.documentElement.clientWidth,
             cells: 0, broken: [], multiline: [], overflowing: [], glyphs: []};
  document.querySelectorAll("td, th").forEach(function (cell) {
    out.cells += 1;
    tokens(cell).forEach(function (t) {
      var range = document.createRange();
      range.setStart(t.node, t.offset); range.setEnd(t.endNode, t.endOffset);
      if (lines(range) > 1) { out.broken.push(t.text); }
    });
    var all = document.createRange(); all.selectNodeContents(cell);
    if (/\d/.test(cell.textContent) && !cell.classList.contains("text") && lines(all) > 1) {
      out.multiline.push(cell.textContent.trim());
    }
  });
  document.querySelectorAll("body *").forEach(function (e) {
    if (e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1) {
      out.overflowing.push([e.tagName.toLowerCase() + "." + e.className, getComputedStyle(e).overflowX]);
    }
  });
  // matplotlib draws text as paths, a glyph group scaled by (size in points) / 100.
  document.querySelectorAll("figure svg g[transform*='scale(']").forEach(function (g) {
    var own = /scale\(([0-9.]+) -([0-9.]+)\)/.exec(g.getAttribute("transform"));
    if (!own || own[1] !== own[2] || !g.getScreenCTM()) { return; }
    var m = g.getScreenCTM();  // its scale, rotated or not
    out.glyphs.push([100 * parseFloat(own[1]) * 4 / 3, 100 * Math.sqrt(m.a * m.a + m.b * m.b)]);
  });
  return out;
})()
"""


def _long_named_table() -> pd.DataFrame:
    """20 functions x 8 algorithms with the names of a real comparison, a tie, a row of zeros,
    and two missing cells."""
    rng = np.random.default_rng(25)
    names = ["CMA-ES (IPOP, restarts)", "L-SHADE (linear pop. reduction)", "BIPOP-aCMA-ES w/ surrogate", "jSO",
             "SHADE-ILS (hybrid local search)", "DE/rand/1/bin", "PSO (constriction, ring topology)",
             "NL-SHADE-RSP (midpoint)"]
    values = rng.lognormal(mean=0.3 * np.arange(8), sigma=1.5, size=(20, 8)) * 1e3
    values[3, 2] = values[3, 4]
    values[7, :3] = 0.0
    values[11, 5] = values[15, 1] = np.nan
    return pd.DataFrame(values, columns=names, index=pd.Index([f"F{i + 1}" for i in range(20)], name="function"))


@pytest.fixture(scope="module")
def measured(tmp_path_factory):
    """{(report, width): measurements} for the bundled cec2017_d10 and the long-named table."""
    folder = tmp_path_factory.mktemp("reports")
    pages = {"cec2017_d10": ac.write_report(ac.load_dataset("cec2017_d10"), folder / "cec2017.html"),
             "long names": ac.write_report(_long_named_table(), folder / "long.html")}
    browser = _Browser(CHROMIUM)
    try:
        return {(name, width): browser.evaluate(browser.open(path.as_uri(), width), MEASURE)
                for name, path in pages.items() for width in WIDTHS}
    finally:
        browser.close()


CASES = [(name, width) for name in ("cec2017_d10", "long names") for width in WIDTHS]


@pytest.mark.parametrize("case", CASES, ids=[f"{n}-{w}px" for n, w in CASES])
def test_no_table_cell_breaks_inside_a_number_or_a_word(measured, case):
    found = measured[case]
    assert found["cells"] > 100  # the tables were there and measured
    assert found["broken"] == []  # e.g. "20" as "2" over "0", "mean_ran" over "k"
    assert found["multiline"] == []  # a cell holding a number is one line


@pytest.mark.parametrize("case", CASES, ids=[f"{n}-{w}px" for n, w in CASES])
def test_the_page_never_scrolls_sideways_and_nothing_is_cut(measured, case):
    found = measured[case]
    assert found["window"] == case[1]
    assert found["page"] <= found["window"]
    # What is wider than the window scrolls inside its own box: a table, a figure, console text.
    for box, overflow in found["overflowing"]:
        assert box.split(".", 1)[1] in ("table-wrap", "figure-scroll", "section-text") and overflow == "auto", box


@pytest.mark.parametrize("case", CASES, ids=[f"{n}-{w}px" for n, w in CASES])
def test_figures_keep_their_text_readable(measured, case):
    glyphs = measured[case]["glyphs"]
    assert len(glyphs) > 50  # the figures were there and measured
    for natural, shown in glyphs:
        # shrunk to no less than 8 px (a 390-px phone used to get 4-px text), never enlarged
        assert min(MIN_TEXT_PX, natural) - 0.05 <= shown <= natural + 0.05, (natural, shown)
