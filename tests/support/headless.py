"""A small client of headless Chromium's DevTools protocol, for checking the report page as a
browser shows it: console errors, uncaught exceptions, network requests, how each image decoded,
and a screenshot.

Run as a script, ``python tests/support/headless.py PAGE.html [SCREENSHOT.png]`` checks a page and
exits 1 when it has errors (``make report`` runs it on docs/report/index.html).
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websocket  # websocket-client

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
_IMAGES = (
    "JSON.stringify(Array.from(document.images).map(i => [i.getAttribute('src').slice(0, 40), i.naturalWidth, i.naturalHeight]))"
)


def find_browser() -> str | None:
    return next((path for path in map(shutil.which, BROWSERS) if path), None)


@dataclass
class PageCheck:
    title: str = ""
    #: Console errors, uncaught exceptions and error log entries (failed loads), as text.
    errors: list[str] = field(default_factory=list)
    #: Every URL the page requested other than itself and data: URIs.
    requests: list[str] = field(default_factory=list)
    #: Per <img>: the start of its src, its natural width and height (0 when it did not decode).
    images: list[tuple[str, int, int]] = field(default_factory=list)


class Chromium:
    """One headless Chromium process and a DevTools connection to its page."""

    def __init__(self, binary: str, width: int = 1280, height: int = 900, timeout: float = 60) -> None:
        self._profile = tempfile.TemporaryDirectory(prefix="hashbed-chromium-")
        self.timeout = timeout
        args = [
            binary,
            "--headless",
            "--disable-gpu",
            "--no-first-run",
            "--no-default-browser-check",
            f"--user-data-dir={self._profile.name}",
            "--remote-debugging-port=0",
            "--remote-allow-origins=*",
            f"--window-size={width},{height}",
            "--hide-scrollbars",
            "about:blank",
        ]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            args.insert(1, "--no-sandbox")  # Chromium's sandbox refuses to run as root (CI containers)
        self._process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self._next_id = 0
        self._events: list[dict[str, Any]] = []
        try:
            self._socket = websocket.create_connection(self._page_socket(), timeout=timeout, suppress_origin=True)
        except BaseException:
            self.close()
            raise

    def _page_socket(self) -> str:
        active = Path(self._profile.name) / "DevToolsActivePort"
        deadline = time.monotonic() + self.timeout
        while not (active.is_file() and active.read_text().count("\n") >= 1):
            if self._process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"chromium did not start its DevTools server (exit code {self._process.poll()})")
            time.sleep(0.05)
        port = active.read_text().split()[0]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=self.timeout) as answer:
            targets = json.load(answer)
        return str(next(t["webSocketDebuggerUrl"] for t in targets if t["type"] == "page"))

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        """Send one command and wait for its answer; events that arrive meanwhile are kept."""
        self._next_id += 1
        self._socket.send(json.dumps({"id": self._next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self._socket.recv())
            if message.get("id") == self._next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return dict(message.get("result", {}))
            self._events.append(message)

    def wait_for(self, event: str) -> None:
        deadline = time.monotonic() + self.timeout
        while not any(e.get("method") == event for e in self._events):
            if time.monotonic() > deadline:
                raise TimeoutError(f"no {event} within {self.timeout:g} s")
            self._events.append(json.loads(self._socket.recv()))

    def check(self, page: Path, screenshot: Path | None = None, full_page: bool = True) -> PageCheck:
        """Load ``page`` and report what went wrong in it; save a PNG screenshot if asked."""
        self._events.clear()
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.call(f"{domain}.enable")
        url = page.resolve().as_uri()
        self.call("Page.navigate", url=url)
        self.wait_for("Page.loadEventFired")
        images = json.loads(self.call("Runtime.evaluate", expression=_IMAGES, returnByValue=True)["result"]["value"])
        title = self.call("Runtime.evaluate", expression="document.title", returnByValue=True)["result"]["value"]
        result = PageCheck(title=str(title), images=[(str(src), int(w), int(h)) for src, w, h in images])
        for event in self._events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.consoleAPICalled" and params["type"] in ("error", "assert"):
                result.errors.append(
                    "console: " + " ".join(str(a.get("value", a.get("description", ""))) for a in params["args"])
                )
            elif method == "Runtime.exceptionThrown":
                details = params["exceptionDetails"]
                result.errors.append("exception: " + details.get("exception", {}).get("description", details.get("text", "")))
            elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
                result.errors.append(f"log: {params['entry']['text']} {params['entry'].get('url', '')}".strip())
            elif method == "Network.requestWillBeSent":
                requested = params["request"]["url"]
                if requested != url and not requested.startswith("data:"):
                    result.requests.append(requested)
        if screenshot is not None:
            shot = self.call("Page.captureScreenshot", format="png", captureBeyondViewport=full_page)
            screenshot.write_bytes(base64.b64decode(shot["data"]))
        return result

    def close(self) -> None:
        socket = getattr(self, "_socket", None)
        if socket is not None:
            try:
                socket.send(json.dumps({"id": 0, "method": "Browser.close"}))
            except (OSError, websocket.WebSocketException):
                pass
            socket.close()
        try:
            self._process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._process.kill()  # the process this object started
            self._process.wait()
        self._profile.cleanup()

    def __enter__(self) -> Chromium:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def problems(check: PageCheck) -> list[str]:
    """What makes a report page fail: errors, network requests, images that did not decode."""
    found = list(check.errors) + [f"network request: {url}" for url in check.requests]
    found += [f"image {src}... did not decode (naturalWidth {width})" for src, width, _ in check.images if width <= 0]
    return found


def main(argv: list[str]) -> int:
    if not argv or len(argv) > 2:
        print("usage: python tests/support/headless.py PAGE.html [SCREENSHOT.png]", file=sys.stderr)
        return 2
    binary = find_browser()
    if binary is None:
        print(f"headless.py: no browser ({', '.join(BROWSERS)}) installed: 'apt-get install chromium'", file=sys.stderr)
        return 1
    with Chromium(binary) as browser:
        check = browser.check(Path(argv[0]), Path(argv[1]) if len(argv) > 1 else None, full_page=False)
    found = problems(check)
    for line in found:
        print(f"{argv[0]}: {line}", file=sys.stderr)
    print(f"{argv[0]}: {len(check.images)} images, {len(found)} problems")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
