#!/usr/bin/env python3
"""The product-card benchmark's anchor: headless Chromium screenshotting the card as an HTML page
per row, as og-image services do it.

One Chromium (Debian's `chromium`, --headless) is kept running; TABS tabs (2 by default, one a
core; each in a window of its own) each take the next row, put the row's page into the tab
(Benchmarks/card.html filled with the row's values: Page.setDocumentContent, or with --load
navigate a file written per row and Page.navigate to it), wait for the page's fonts and images,
take Page.captureScreenshot as PNG (with optimizeForSpeed, Chromium's fast PNG encoding, as
texteffects writes PNGs fast: twice the cards a second of the default) and write the file. Chromium is driven through the DevTools protocol
directly: a small client over websocket-client (PyPI), one WebSocket and one thread per tab.

    python3 Benchmarks/chromium_cards.py Scenes/product-card.json DATA.csv --out DIR
        [--name "{{id}}.png"] [--tabs 2] [--browsers 1] [--rows N] [--load content|navigate] [--quiet]

--browsers B runs B browsers with TABS tabs each, all taking rows from the one CSV.

--pdf prints each card to a PDF instead (Page.printToPDF, puppeteer's page.pdf(): a 1200×630 px
page, no margins, backgrounds printed), a file a row (`{{id}}.pdf`): Chromium has no way to put
separate documents' pages into one file; the vector bench group sets it against one
multi-page PDF of texteffects'.

Values are read as `texteffects batch` reads them: columns named after the template's
parameters (others, such as `id`, only name the output), an empty cell is the parameter's
default, numbers are shown by the parameter's `format` ("$%.2f") and image paths are relative
to the template's folder. Prints one JSON object: cards, seconds (from the first row to the last
file, the browser and its tabs already up, as a long-running service has them), cards_per_second,
launch_seconds (starting Chromium and opening the tabs), chromium_cpu_ms_per_card (the CPU
time of Chromium's processes over the rows, user and system, a card; client_cpu_ms_per_card is
this script's), peak_rss_mb (the sum of the resident memory of Chromium's processes, sampled
every 0.25 s; shared pages counted in each process) and peak_pss_mb (shared pages divided among
the processes, sampled every 2 s).
"""
import argparse
import base64
import csv
import ctypes
import html
import itertools
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

import websocket  # websocket-client

HERE = os.path.dirname(os.path.abspath(__file__))
PAGE = os.sysconf("SC_PAGE_SIZE")

# Headless Chromium as screenshot services run it (puppeteer's default switches, less the ones
# for its own bundled browser), with an sRGB output so colours are the page's own.
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--mute-audio",
         "--force-color-profile=srgb", "--window-size=1200,630", "--no-first-run", "--no-default-browser-check",
         "--disable-extensions", "--disable-background-networking", "--disable-background-timer-throttling",
         "--disable-backgrounding-occluded-windows", "--disable-renderer-backgrounding", "--disable-breakpad",
         "--disable-component-update", "--disable-default-apps", "--disable-sync", "--disable-dev-shm-usage",
         "--disable-features=Translate,MediaRouter,OptimizationHints", "--metrics-recording-only",
         "--password-store=basic", "--use-mock-keychain"]


class CDP:
    """One DevTools WebSocket: commands in order, events kept until waited for."""

    def __init__(self, url):
        # No UTF-8 check of the messages: websocket-client does it in Python, ~100 ms a screenshot.
        self.ws = websocket.create_connection(url, timeout=120, suppress_origin=True, enable_multithread=False,
                                             skip_utf8_validation=True)
        self.ids = itertools.count(1)
        self.events = []

    def call(self, method, **params):
        ident = next(self.ids)
        self.ws.send(json.dumps({"id": ident, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == ident:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)

    def wait(self, event):
        while True:
            for i, message in enumerate(self.events):
                if message["method"] == event:
                    del self.events[i]
                    return message.get("params", {})
            message = json.loads(self.ws.recv())
            if "method" in message:
                self.events.append(message)

    def close(self):
        self.ws.close()


class Template:
    """card.html filled with a row's values, as `texteffects batch` fills the scene's."""

    def __init__(self, scene_path, html_path):
        with open(scene_path, encoding="utf-8") as f:
            self.parameters = json.load(f)["parameters"]
        with open(html_path, encoding="utf-8") as f:
            self.page = f.read()
        self.base = "file://" + urllib.parse.quote(os.path.dirname(os.path.abspath(scene_path))) + "/"

    def value(self, name, row):
        parameter = self.parameters[name]
        value = row.get(name, "")
        if value == "":
            value = parameter["default"]
        kind = parameter.get("type", "string")
        if kind == "number":
            value = parameter.get("format", "%g") % float(value)
        elif kind == "color" and not re.fullmatch(r"#[0-9A-Fa-f]{3,8}|[a-zA-Z]+", str(value)):
            raise ValueError(f"parameters.{name}: {value!r} is not a color")
        elif kind == "image":
            value = urllib.parse.quote(str(value))
        return html.escape(str(value))

    def fill(self, row):
        values = {name: self.value(name, row) for name in self.parameters}
        values["base"] = self.base
        return re.sub(r"\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}", lambda m: values[m.group(1)], self.page)


def processes(root):
    """Pids of `root` and its descendants."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
                children.setdefault(ppid, []).append(int(entry))
            except (OSError, IndexError, ValueError):
                pass
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo += children.get(pid, [])
    return found


def rss(pids):
    """Resident bytes summed over `pids` (from statm: cheap)."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/statm") as f:
                total += int(f.read().split()[1]) * PAGE
        except (OSError, IndexError, ValueError):
            pass
    return total


def pss(pids):
    """Proportional set size summed over `pids`: shared pages divided among their users. Reading
    smaps_rollup walks the page tables, ~30 ms for Chromium's processes, so it is read seldom."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/smaps_rollup") as f:
                for line in f:
                    if line.startswith("Pss:"):
                        total += int(line.split()[1]) * 1024
        except (OSError, IndexError, ValueError):
            pass
    return total


def cpu_seconds(pids):
    """User and system CPU time of `pids`, summed."""
    ticks = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            ticks += int(fields[11]) + int(fields[12])
        except (OSError, IndexError, ValueError):
            pass
    return ticks / os.sysconf("SC_CLK_TCK")


class Sampler(threading.Thread):
    """Peak memory of the browsers' processes: RSS every 0.25 s, PSS and the list of processes
    every 2 s (the client's own CPU stays at a few ms a card)."""

    def __init__(self, pids):
        super().__init__(daemon=True)
        self.pids, self.peak_rss, self.peak_pss, self.done = pids, 0, 0, threading.Event()

    def run(self):
        for tick in itertools.count():
            if tick % 8 == 0:
                pids = [p for pid in self.pids for p in processes(pid)]
                self.peak_pss = max(self.peak_pss, pss(pids))
            self.peak_rss = max(self.peak_rss, rss(pids))
            if self.done.wait(0.25):
                return


def die_with_parent():
    """In the child before exec: SIGKILL when this script dies, however it dies."""
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def stop_browser(browser):
    """Chromium's whole process group, killed (its helpers leave with it)."""
    try:
        os.killpg(browser.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    browser.wait()


def launch(chromium, profile):
    browser = subprocess.Popen([chromium, *FLAGS, "--remote-debugging-port=0", f"--user-data-dir={profile}", "about:blank"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
                               preexec_fn=die_with_parent)
    port_file = os.path.join(profile, "DevToolsActivePort")
    deadline = time.monotonic() + 60
    while True:
        if browser.poll() is not None:
            stop_browser(browser)
            sys.exit(f"chromium_cards: {chromium} exited with status {browser.returncode}")
        try:
            with open(port_file) as f:
                port, path = f.read().split()
            return browser, int(port), path
        except (OSError, ValueError):
            if time.monotonic() > deadline:
                stop_browser(browser)
                sys.exit(f"chromium_cards: {chromium} did not open its DevTools port")
            time.sleep(0.02)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scene", help="the template (its parameters' defaults and formats; image paths start at its folder)")
    parser.add_argument("data", help="the CSV, one card a row")
    parser.add_argument("--out", required=True)
    parser.add_argument("--name", default="{{id}}.png", help="file name per row, {{column}} filled")
    parser.add_argument("--html", default=os.path.join(HERE, "card.html"))
    parser.add_argument("--tabs", type=int, default=2, help="tabs a browser")
    parser.add_argument("--browsers", type=int, default=1, help="browsers, each with --tabs tabs (a profile of its own)")
    parser.add_argument("--rows", type=int, default=0, help="stop after this many rows (0: all)")
    parser.add_argument("--load", choices=["content", "navigate"], default="content",
                        help="content: Page.setDocumentContent into the tab (puppeteer's setContent); "
                             "navigate: write the page to a file and Page.navigate to it")
    parser.add_argument("--png-speed", choices=["fast", "default"], default="fast",
                        help="fast: captureScreenshot's optimizeForSpeed (twice the rate of the default encoding)")
    parser.add_argument("--pdf", action="store_true", help="print each card to a PDF (page.pdf()) instead of a PNG screenshot")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()

    # SIGTERM (a timeout, an interrupted bench) ends the run through the cleanup below.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("chromium_cards: terminated"))
    template = Template(args.scene, args.html)
    os.makedirs(args.out, exist_ok=True)
    scratch = tempfile.mkdtemp(prefix="chromium-cards-")
    pages_dir = os.path.join(scratch, "pages")
    os.makedirs(pages_dir)

    t_launch = time.monotonic()
    browsers, controls, tabs = [], [], []
    sampler = Sampler([])
    try:
        for number in range(args.browsers):
            browser, port, browser_path = launch(args.chromium, os.path.join(scratch, f"profile{number}"))
            browsers.append(browser)
            control = CDP(f"ws://127.0.0.1:{port}{browser_path}")
            control.port = port
            controls.append(control)
        sampler.pids = [browser.pid for browser in browsers]
        sampler.start()
        for control, _ in itertools.product(controls, range(args.tabs)):
            # Each tab in a window of its own: a background tab of a window is not drawn, and its
            # screenshots wait (seconds, now and then minutes) for a frame.
            target = control.call("Target.createTarget", url="about:blank", newWindow=True)["targetId"]
            tab = CDP(f"ws://127.0.0.1:{control.port}/devtools/page/{target}")
            tab.call("Page.enable")
            tab.call("Emulation.setDeviceMetricsOverride", width=1200, height=630, deviceScaleFactor=1, mobile=False)
            # A file: document first, so the pages' file: photos may load; the template itself.
            tab.call("Page.navigate", url="file://" + urllib.parse.quote(os.path.abspath(args.html)))
            tab.wait("Page.loadEventFired")
            tab.frame = tab.call("Page.getFrameTree")["frameTree"]["frame"]["id"]
            tabs.append(tab)
        launch_seconds = time.monotonic() - t_launch

        data = open(args.data, encoding="utf-8-sig", newline="")
        rows = csv.DictReader(data)
        if args.rows:
            rows = itertools.islice(rows, args.rows)
        rows = enumerate(rows, 1)
        lock = threading.Lock()
        done, failures, stop = [0], [], threading.Event()
        # Fonts and images loaded and decoded; the sources of images that did not load, which
        # fail the row as a missing photo fails texteffects'.
        ready = ("Promise.all([document.fonts.ready, ...Array.from(document.images, i => i.decode().catch(() => 0))])"
                 ".then(() => Array.from(document.images).filter(i => !i.naturalWidth).map(i => i.getAttribute('src')))")

        def work(number, tab):
            page_file = os.path.join(pages_dir, f"tab{number}.html")
            try:
                while True:
                    with lock:
                        item = None if stop.is_set() else next(rows, None)
                    if item is None:
                        return
                    index, row = item
                    page = template.fill(row)
                    if args.load == "content":
                        tab.call("Page.setDocumentContent", frameId=tab.frame, html=page)
                    else:
                        with open(page_file, "w", encoding="utf-8") as f:
                            f.write(page)
                        tab.call("Page.navigate", url="file://" + urllib.parse.quote(page_file))
                        tab.wait("Page.loadEventFired")
                    broken = tab.call("Runtime.evaluate", expression=ready, awaitPromise=True, returnByValue=True)["result"]["value"]
                    if broken:
                        raise RuntimeError(f"row {index}: {', '.join(broken)} did not load (paths start at the template's folder)")
                    if args.pdf:
                        # CSS pixels are 1/96 in: the page is the card's 1200 × 630 px.
                        shot = tab.call("Page.printToPDF", paperWidth=1200 / 96, paperHeight=630 / 96, marginTop=0, marginBottom=0,
                                        marginLeft=0, marginRight=0, printBackground=True, pageRanges="1")
                    else:
                        shot = tab.call("Page.captureScreenshot", format="png", optimizeForSpeed=args.png_speed == "fast",
                                        clip={"x": 0, "y": 0, "width": 1200, "height": 630, "scale": 1})
                    name = re.sub(r"\{\{\s*([\w.-]+)\s*\}\}", lambda m: row.get(m.group(1), ""), args.name) or f"{index}.png"
                    with open(os.path.join(args.out, name), "wb") as f:
                        f.write(base64.b64decode(shot["data"]))
                    with lock:
                        done[0] += 1
                        if not args.quiet and done[0] % 100 == 0:
                            print(f"chromium_cards: {done[0]} cards", file=sys.stderr, flush=True)
            except Exception as error:  # noqa: BLE001 — reported, and the run fails
                failures.append(f"tab {number}: {error}")
                stop.set()

        everything = lambda: [p for browser in browsers for p in processes(browser.pid)]
        cpu0, client0 = cpu_seconds(everything()), time.process_time()
        t0 = time.monotonic()
        threads = [threading.Thread(target=work, args=(n, tab)) for n, tab in enumerate(tabs)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        seconds = time.monotonic() - t0
        cpu, client = cpu_seconds(everything()) - cpu0, time.process_time() - client0
        data.close()
        for tab in tabs:
            tab.close()
        for control in controls:
            try:
                control.call("Browser.close")
            except Exception:  # noqa: BLE001 — the browser may close the socket before answering
                pass
            control.close()
    finally:
        sampler.done.set()
        if sampler.is_alive():
            sampler.join()
        for browser in browsers:
            try:
                browser.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
            stop_browser(browser)
        shutil.rmtree(scratch, ignore_errors=True)
    if failures:
        sys.exit("chromium_cards: " + "; ".join(failures))
    print(json.dumps({"cards": done[0], "seconds": round(seconds, 3), "cards_per_second": round(done[0] / seconds, 2),
                      "launch_seconds": round(launch_seconds, 3),
                      "chromium_cpu_ms_per_card": round(cpu * 1000 / max(done[0], 1), 1),
                      "client_cpu_ms_per_card": round(client * 1000 / max(done[0], 1), 1), "browsers": args.browsers, "tabs": args.tabs, "load": args.load,
                      "png": args.png_speed, "peak_rss_mb": round(sampler.peak_rss / 2**20),
                      "peak_pss_mb": round(sampler.peak_pss / 2**20), "chromium": args.chromium, "flags": FLAGS}))


if __name__ == "__main__":
    main()
