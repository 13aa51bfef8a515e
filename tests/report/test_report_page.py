"""The report page in a real browser: Debian's Chromium, headless, driven through its DevTools
protocol (tests/support/headless.py). The report is made from the fixture store (fixture data, not
results); CI installs chromium in .ci/run."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hashbed.cli.main import main
from support import fixture_store
from support.headless import Chromium, find_browser, problems

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def browser() -> Iterator[Chromium]:
    binary = find_browser()
    if binary is None:
        pytest.skip("no chromium installed ('apt-get install chromium'; .ci/run installs it where it can)")
    with Chromium(binary) as chromium:
        yield chromium


def test_the_report_page_loads_without_errors_and_every_figure_renders(browser: Chromium, tmp_path: Path) -> None:
    db = fixture_store.fill(tmp_path / "results.db")
    assert main(["report", "--db", str(db), "--out", str(tmp_path / "report")]) == 0
    screenshot = tmp_path / "screenshot.png"
    check = browser.check(tmp_path / "report" / "index.html", screenshot)
    assert check.title == "hashbed report"
    assert problems(check) == []
    assert len(check.images) == 8 and all(src.startswith("data:image/png;base64,") for src, _, _ in check.images)
    assert all(width > 300 and height > 200 for _, width, height in check.images)  # decoded at their real size
    shot = screenshot.read_bytes()
    assert shot.startswith(PNG) and len(shot) > 50_000  # the whole page, tables and figures
    print(f"screenshot: {screenshot}")


def test_the_check_finds_console_errors_broken_images_and_network_requests(browser: Chromium, tmp_path: Path) -> None:
    page = tmp_path / "broken.html"
    page.write_text(
        "<!DOCTYPE html><html><head><title>broken</title></head><body>"
        '<img src="data:image/png;base64,AAAA"><img src="missing.png">'
        "<script>console.error('figure lost'); undefined_function();</script></body></html>"
    )
    found = "\n".join(problems(browser.check(page)))
    assert "console: figure lost" in found and "undefined_function is not defined" in found
    assert "missing.png" in found and found.count("did not decode") == 2
