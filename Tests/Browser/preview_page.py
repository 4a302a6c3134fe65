#!/usr/bin/env python3
"""`texteffects preview`'s page in a real browser: headless Chromium through Debian's Selenium.

    Tests/Browser/preview_page.py --bin .build/debug/texteffects [--screenshot docs/gallery/preview.png] [--keep]

Copies Scenes/showcase.json into a temporary folder, renders it with the CLI for reference
frames, starts `texteffects preview showcase.json --port 0`, opens the page, and checks that:

  * the page loads its two assets and shows a frame (`#frame[data-generation]`);
  * scrubbing the timeline (and the arrow keys) brings frame k, whose bytes, fetched by the
    page from the <img>'s own src, are the CLI's frame_000k.png; the <img> is 1080 × 1080;
  * the debug and links toggles change the frame's URL and pixels;
  * the link table lists the showcase's link, and hovering over its text fills the inspector;
  * saving an edit (written to a temporary name, then renamed, as editors do) shows the new
    render within 5 s, byte for byte the CLI's render of the edited file;
  * breaking the file lists its problems (with the JSON path) over the last good frame, and
    fixing it hides them and shows a new generation;
  * a save that halves the duration moves the page from frame k to the new last frame;
  * a request naming another Host is refused (403);
  * SIGINT stops the server within 5 s, and the page then says it is disconnected.

With --screenshot PATH it saves a 1400 × 900 screenshot for the README instead of the edit
checks: the showcase's last frame with the debug boxes on and the inspector filled.

Prints one line per check and `N passed, M failed`; exits 1 when any check failed.
Needs Debian's chromium, chromium-driver and python3-selenium (scripts/install-deps.sh).
"""

import argparse
import base64
import http.client
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FONTS_CONF = os.path.join(REPO, "Tests", "Fixtures", "fonts.conf")
SCENE_SOURCE = os.path.join(REPO, "Scenes", "showcase.json")
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FRAME = 17          # the frame the test scrubs to (of the showcase's 30)
SAVE_DEADLINE = 5.0  # seconds from a save to the page showing its outcome


class CheckFailed(Exception):
    pass


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0
        self.failures = []

    def run(self, name, function, fatal=False):
        """Runs one check; returns its value, or None when it failed (raising when `fatal`)."""
        started = time.monotonic()
        try:
            detail = function()
        except Exception as error:  # noqa: BLE001 - every failure is reported, then counted
            self.failed += 1
            message = str(error) or error.__class__.__name__
            if not isinstance(error, CheckFailed):
                message = f"{error.__class__.__name__}: {message}"
            self.failures.append(f"{name}: {message}")
            print(f"FAIL {name}: {message}", flush=True)
            if fatal:
                raise
            return None
        self.passed += 1
        took = time.monotonic() - started
        note = f" ({detail})" if isinstance(detail, str) and detail else ""
        print(f"ok   {name}{note} [{took:.2f} s]", flush=True)
        return detail if detail is not None else True

    def summary(self):
        print(f"{self.passed} passed, {self.failed} failed", flush=True)
        for failure in self.failures:
            print(f"  failed: {failure}", flush=True)


def expect(condition, message):
    if not condition:
        raise CheckFailed(message)


def wait_for(what, predicate, timeout, interval=0.05):
    """Polls `predicate` until it returns something truthy; raises CheckFailed after `timeout` s."""
    deadline = time.monotonic() + timeout
    last_error = None
    while True:
        try:
            value = predicate()
            if value:
                return value
        except Exception as error:  # noqa: BLE001 - a page between states may throw; try again
            last_error = error
        if time.monotonic() >= deadline:
            suffix = f" (last error: {last_error})" if last_error else ""
            raise CheckFailed(f"timed out after {timeout:g} s waiting for {what}{suffix}")
        time.sleep(interval)


class Server:
    """`texteffects preview SCENE --port 0`, its address read from the line it prints."""

    def __init__(self, binary, scene, folder):
        self.log_path = os.path.join(folder, "preview.stderr")
        self.log = open(self.log_path, "wb")
        env = dict(os.environ, FONTCONFIG_FILE=FONTS_CONF)
        self.process = subprocess.Popen(
            [binary, "preview", scene, "--port", "0"], cwd=folder, env=env,
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=self.log)
        self.lines = queue.Queue()
        self.stdout = []
        threading.Thread(target=self._read, daemon=True).start()
        self.url = None

    def _read(self):
        for raw in self.process.stdout:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            self.stdout.append(line)
            self.lines.put(line)
        self.lines.put(None)

    def wait_for_url(self, timeout):
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise CheckFailed(f"no 'texteffects preview: URL' line within {timeout:g} s; {self.describe()}")
            try:
                line = self.lines.get(timeout=remaining)
            except queue.Empty:
                continue
            if line is None:
                raise CheckFailed(f"the server exited with status {self.process.wait()} before listening; {self.describe()}")
            match = re.match(r"^texteffects preview: (http://\S+/)$", line)
            if match:
                self.url = match.group(1)
                return self.url

    def stderr_tail(self, limit=2000):
        try:
            with open(self.log_path, "rb") as handle:
                text = handle.read().decode("utf-8", "replace")
        except OSError:
            return ""
        return text[-limit:]

    def describe(self):
        return f"stdout: {self.stdout!r}; stderr: {self.stderr_tail()!r}"

    def interrupt(self, timeout):
        """SIGINT, then waits; returns the exit status, or None when it did not exit in time."""
        if self.process.poll() is not None:
            return self.process.returncode
        self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return None

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.log.close()


def start_browser(folder):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1400,900", "--force-device-scale-factor=1", "--hide-scrollbars",
                     "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                     f"--user-data-dir={os.path.join(folder, 'chromium-profile')}"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=CHROMEDRIVER, log_path=os.path.join(folder, "chromedriver.log"))
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_script_timeout(30)
    driver.set_page_load_timeout(30)
    # The viewport itself 1400 × 900 at 1×, whatever the window's decorations.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 1400, "height": 900, "deviceScaleFactor": 1, "mobile": False})
    return driver


FETCH_BYTES = """
const done = arguments[arguments.length - 1];
fetch(arguments[0], {cache: "no-store"}).then(async (response) => {
  const bytes = new Uint8Array(await response.arrayBuffer());
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  done({status: response.status, type: response.headers.get("content-type"), data: btoa(text)});
}).catch((error) => done({status: 0, error: String(error)}));
"""


class Page:
    def __init__(self, driver):
        self.driver = driver

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def frame_state(self):
        return self.js("""
            const img = document.getElementById('frame');
            return {src: img.getAttribute('src'), frame: img.dataset.frame, generation: img.dataset.generation,
                    naturalWidth: img.naturalWidth, naturalHeight: img.naturalHeight, complete: img.complete,
                    bodyGeneration: document.body.dataset.generation, state: document.body.dataset.state,
                    eventGeneration: window.texteffectsPreview ? window.texteffectsPreview.state.generation : null};
        """)

    def fetch(self, url):
        result = self.driver.execute_async_script(FETCH_BYTES, url)
        expect(result.get("status") == 200, f"the page's fetch of {url} gave {result}")
        return base64.b64decode(result["data"])

    def shown_bytes(self):
        """The bytes of the <img>'s current src, fetched by the page (same origin, same URL)."""
        state = self.frame_state()
        return state, self.fetch(state["src"])

    def wait_frame(self, frame, timeout=20, generation=None):
        def ready():
            state = self.frame_state()
            if state["frame"] != str(frame) or not state["complete"]:
                return None
            if generation is not None and state["generation"] != str(generation):
                return None
            return state
        return wait_for(f"#frame[data-frame={frame}]" + (f"[data-generation={generation}]" if generation else ""),
                        ready, timeout)

    def scrub(self, frame):
        self.js("""
            const timeline = document.getElementById('timeline');
            timeline.value = String(arguments[0]);
            timeline.dispatchEvent(new Event('input', {bubbles: true}));
        """, frame)

    def hover_canvas_point(self, x, y):
        """Moves the pointer over the canvas point (x, y), in points."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.by import By

        box = self.js("""
            const img = document.getElementById('frame');
            const r = img.getBoundingClientRect();
            return {width: r.width, height: r.height, nw: img.naturalWidth, nh: img.naturalHeight};
        """)
        scale = self.js("return window.texteffectsPreview ? window.texteffectsPreview.state.info.scale : 1") or 1
        dx = x * scale * box["width"] / box["nw"] - box["width"] / 2
        dy = y * scale * box["height"] / box["nh"] - box["height"] / 2
        image = self.driver.find_element(By.ID, "frame")
        # Selenium 4 offsets are from the element's centre.
        ActionChains(self.driver).move_to_element_with_offset(image, int(round(dx)), int(round(dy))).perform()


def write_like_an_editor(path, text):
    """Writes `text` to a temporary name beside `path`, then renames it over `path`."""
    folder, name = os.path.split(path)
    temporary = os.path.join(folder, f".{name}.swp-{os.getpid()}")
    with open(temporary, "w", encoding="utf-8") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)
    return time.monotonic()


def render_reference(binary, scene, out, folder, count=30):
    env = dict(os.environ, FONTCONFIG_FILE=FONTS_CONF)
    result = subprocess.run([binary, "render", scene, "--out", out, "--quiet"], cwd=folder, env=env,
                            capture_output=True, text=True, timeout=180)
    expect(result.returncode == 0, f"texteffects render {os.path.basename(scene)} exited {result.returncode}: {result.stderr}")
    frames = sorted(name for name in os.listdir(out) if re.match(r"^frame_\d{4}\.png$", name))
    expect(len(frames) == count, f"expected {count} reference frames, the CLI wrote {len(frames)}")
    return frames


def png_size(data):
    expect(data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", "not a PNG")
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", required=True, help="the texteffects binary")
    parser.add_argument("--screenshot", metavar="PATH", help="save a 1400×900 screenshot for the README instead of the edit checks")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    arguments = parser.parse_args()
    binary = os.path.abspath(arguments.bin)

    checks = Checks()
    folder = tempfile.mkdtemp(prefix="texteffects-preview-page-")
    scene = os.path.join(folder, "showcase.json")
    shutil.copyfile(SCENE_SOURCE, scene)
    with open(scene, encoding="utf-8") as handle:
        original = handle.read()
    server = None
    driver = None
    print(f"preview page test in {folder}", flush=True)
    try:
        checks.run("the CLI renders the reference frames",
                   lambda: f"{len(render_reference(binary, scene, os.path.join(folder, 'frames'), folder))} frames", fatal=True)

        server = Server(binary, scene, folder)
        url = checks.run("the server prints its address", lambda: server.wait_for_url(60), fatal=True)
        driver = checks.run("headless Chromium starts", lambda: start_browser(folder), fatal=True)
        page = Page(driver)

        def open_page():
            driver.get(url)
            state = wait_for("#frame[data-generation]", lambda: page.js(
                "const f = document.getElementById('frame'); return f.dataset.generation ? f.dataset.generation : null"), 60)
            assets = page.js("""return {css: [...document.querySelectorAll('link[rel=stylesheet]')].map(l => l.getAttribute('href')),
                                        js: [...document.scripts].map(s => s.getAttribute('src')),
                                        sheets: document.styleSheets.length, api: !!window.texteffectsPreview}""")
            expect(assets["css"] == ["/assets/preview.css"], f"stylesheets: {assets['css']}")
            expect(assets["js"] == ["/assets/preview.js"], f"scripts: {assets['js']}")
            expect(assets["sheets"] == 1 and assets["api"], f"the assets did not load: {assets}")
            expect(page.js("return document.body.dataset.state") == "ok", "body[data-state] is not ok")
            return f"generation {state}"
        checks.run("the page loads and shows a frame", open_page, fatal=True)

        references = os.path.join(folder, "frames")

        def reference(frame, where=references):
            with open(os.path.join(where, f"frame_{frame:04d}.png"), "rb") as handle:
                return handle.read()

        def scrub_and_compare():
            page.scrub(FRAME)
            state = page.wait_frame(FRAME)
            expect(re.fullmatch(rf"/frame/{FRAME}\.png\?g=\d+", state["src"] or ""), f"src is {state['src']!r}")
            _, data = page.shown_bytes()
            expected = reference(FRAME)
            expect(data == expected, f"frame {FRAME}'s {len(data)} bytes differ from the CLI's frame_{FRAME:04d}.png ({len(expected)} bytes)")
            expect((state["naturalWidth"], state["naturalHeight"]) == png_size(expected) == (1080, 1080),
                   f"the <img> is {state['naturalWidth']}×{state['naturalHeight']}")
            readout = page.js("return [document.getElementById('frame-number').textContent, document.getElementById('time').textContent]")
            expect(readout[0].replace(" ", "") == f"{FRAME}/30", f"#frame-number says {readout[0]!r}")
            expect(readout[1] == f"{FRAME / 30:.2f} s", f"#time says {readout[1]!r}")
            return f"{len(data)} bytes, 1080×1080, {readout[0]!r}, {readout[1]!r}"
        checks.run(f"scrubbing shows frame {FRAME}, byte for byte the CLI's", scrub_and_compare)

        def arrow_keys():
            from selenium.webdriver.common.action_chains import ActionChains
            from selenium.webdriver.common.keys import Keys
            page.js("document.activeElement && document.activeElement.blur()")
            ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
            page.wait_frame(FRAME + 1)
            _, data = page.shown_bytes()
            expect(data == reference(FRAME + 1), f"frame {FRAME + 1} differs from the CLI's")
            ActionChains(driver).send_keys(Keys.ARROW_LEFT).perform()
            page.wait_frame(FRAME)
            return f"{FRAME} → {FRAME + 1} → {FRAME}"
        checks.run("the arrow keys step frames", arrow_keys)

        def toggles():
            plain = page.shown_bytes()[1]
            seen = {}
            for toggle, flag in (("debug", "debug=1"), ("links", "links=1")):
                page.js(f"document.getElementById('{toggle}').click()")
                state = wait_for(f"#frame showing {flag}", lambda: (lambda s: s if flag in (s["src"] or "") and s["frame"] == str(FRAME) else None)(page.frame_state()), 20)
                # data-frame is set on load, but the flags' load may still be in flight: wait for that src's load.
                wait_for(f"{flag} loaded", lambda: page.js("const f = document.getElementById('frame'); return f.complete && f.naturalWidth > 0"), 20)
                data = page.fetch(state["src"])
                expect(data != plain, f"the frame with {flag} is the plain frame")
                expect(png_size(data) == (1080, 1080), f"the {flag} frame is {png_size(data)}")
                seen[flag] = len(data)
                page.js(f"document.getElementById('{toggle}').click()")
            state = wait_for("the plain frame again", lambda: (lambda s: s if re.fullmatch(rf"/frame/{FRAME}\.png\?g=\d+", s["src"] or "") else None)(page.frame_state()), 20)
            return ", ".join(f"{flag}: {size} bytes" for flag, size in seen.items())
        checks.run("the debug and links toggles change the frame", toggles)

        def playback():
            page.js("""
                const img = document.getElementById('frame');
                window.__shown = [];
                window.__observer = new MutationObserver(() => window.__shown.push([performance.now(), Number(img.dataset.frame)]));
                window.__observer.observe(img, {attributes: true, attributeFilter: ['data-frame']});
                document.getElementById('play').click();
            """)
            time.sleep(3.2)
            shown = page.js("""
                document.getElementById('play').click();
                window.__observer.disconnect();
                return {shown: window.__shown, playing: document.body.classList.contains('playing')};
            """)
            expect(not shown["playing"], "the play button did not pause")
            samples = shown["shown"]
            frames = [frame for _, frame in samples]
            expect(len(set(frames)) >= 10, f"playing for 3 s showed only frames {frames}")
            loops = sum(1 for a, b in zip(frames, frames[1:]) if b < a)
            expect(loops >= 1, f"playback did not loop: {frames}")
            # After the first loop the frames are on hand: the rate should be near the scene's 30 fps.
            start = samples[0][0]
            late = [t for t, _ in samples if t - start >= 1.2 * 1000]
            rate = (len(late) - 1) / ((late[-1] - late[0]) / 1000) if len(late) > 2 and late[-1] > late[0] else 0
            page.scrub(FRAME)
            page.wait_frame(FRAME)
            return f"{len(frames)} frames shown in 3.2 s, {loops} loop(s), {rate:.1f} fps after the first second"
        checks.run("play loops the frames and pauses", playback)

        def link_table():
            rows = wait_for("#link-table rows", lambda: page.js("""
                return [...document.querySelectorAll('#link-table tbody tr:not(.empty)')].map(r => [...r.cells].map(c => c.textContent.trim()))
            """), 10)
            expect(any("https://example.com/texteffects" in " ".join(row) for row in rows), f"rows: {rows}")
            expect(all(len(row) == 4 and row[3].endswith("%") for row in rows), f"rows: {rows}")
            return f"{len(rows)} row(s): {rows[0]}"
        checks.run("the link table lists the link", link_table)

        def inspector():
            links = page.js("return fetch('/links/' + arguments[0] + '.json').then(r => r.json())", FRAME)
            rects = [rect for link in links["links"] for rect in link["rects"]]
            expect(rects, f"no visible link rectangles on frame {FRAME}: {links}")
            x, y, w, h = rects[0]
            page.hover_canvas_point(x + w / 2, y + h / 2)
            text = wait_for("#inspector to show a run", lambda: (lambda t: t if "run" in t.lower() and "track links" in t else None)(
                page.js("return document.getElementById('inspector').innerText")), 10)
            block = page.js("return document.getElementById('inspector').dataset.block")
            expect(block == "body", f"the inspector names block {block!r}")
            return f"block {block!r} at ({x + w / 2:.0f}, {y + h / 2:.0f}) pt: " + " | ".join(text.split("\n")[:4])
        checks.run("hovering over text fills the inspector", inspector)

        def foreign_host():
            parts = urllib.parse.urlsplit(url)
            connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
            connection.request("GET", "/scene.json", headers={"Host": f"rebound.example:{parts.port}"})
            status = connection.getresponse().status
            connection.close()
            expect(status == 403, f"a request for Host rebound.example got {status}")
            return "403"
        checks.run("a request naming another Host is refused", foreign_host)

        if arguments.screenshot:
            checks.run("the README screenshot", lambda: screenshot(page, arguments.screenshot))
        else:
            edit_checks(checks, page, binary, scene, original, folder, reference)

        def console_errors():
            entries = [entry for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
            expect(not entries, f"console errors: {entries}")
            return ""
        checks.run("no errors in the page's console", console_errors)

        def stop_server():
            started = time.monotonic()
            status = server.interrupt(5)
            took = time.monotonic() - started
            expect(status is not None, f"the server did not exit within 5 s of SIGINT; {server.describe()}")
            return f"exit status {status} after {took:.2f} s"
        checks.run("SIGINT stops the server within 5 s", stop_server)

        def page_offline():
            wait_for("body.offline", lambda: page.js("return document.body.classList.contains('offline')"), 10)
            return page.js("return document.getElementById('status-text').textContent")
        checks.run("the page says it is disconnected", page_offline)
    except Exception as error:  # noqa: BLE001 - a fatal check already reported itself
        if not checks.failed:
            checks.failed += 1
            checks.failures.append(f"{error.__class__.__name__}: {error}")
            print(f"FAIL {error.__class__.__name__}: {error}", flush=True)
    finally:
        if driver is not None:
            try:
                driver.quit()
            except Exception as error:  # noqa: BLE001
                print(f"note: quitting the browser: {error}", flush=True)
        if server is not None:
            if server.process.poll() is None:
                status = server.interrupt(5)
                if status is None:
                    print("note: the server ignored SIGINT; killing it", flush=True)
            server.kill()
            if checks.failed:
                print(f"server stderr (tail): {server.stderr_tail()}", flush=True)
        if arguments.keep or checks.failed:
            print(f"kept {folder}", flush=True)
        else:
            shutil.rmtree(folder, ignore_errors=True)
    checks.summary()
    return 1 if checks.failed else 0


def edit_checks(checks, page, binary, scene, original, folder, reference):
    """Saves an edit, breaks the file, fixes it; the page follows each within SAVE_DEADLINE."""
    # The eyebrow's dot and the spoiler's underline (visible on the frame) change colour.
    edited = original.replace('"#FF6FA8"', '"#35D0FF"')
    assert edited != original
    edited_path = os.path.join(folder, "edited", "showcase.json")
    os.makedirs(os.path.dirname(edited_path))
    with open(edited_path, "w", encoding="utf-8") as handle:
        handle.write(edited)
    edited_frames = os.path.join(folder, "edited", "frames")
    render_reference(binary, edited_path, edited_frames, os.path.dirname(edited_path))
    expect(reference(FRAME) != reference(FRAME, edited_frames), "the edit does not change the frame")
    generation = int(page.frame_state()["bodyGeneration"])

    def save_edit():
        saved = write_like_an_editor(scene, edited)
        event_after = []

        def shown():
            state = page.frame_state()
            if not event_after and int(state["eventGeneration"] or 0) > generation:
                event_after.append(time.monotonic() - saved)
            return state if int(state["bodyGeneration"] or 0) > generation and state["frame"] == str(FRAME) and state["complete"] else None
        state = wait_for("a newer generation on show", shown, SAVE_DEADLINE, interval=0.02)
        shown_after = time.monotonic() - saved
        _, data = page.shown_bytes()
        expect(data != reference(FRAME), "the frame after the save has the old bytes")
        expect(data == reference(FRAME, edited_frames), "the frame after the save is not the CLI's render of the edited file")
        expect(re.fullmatch(rf"/frame/{FRAME}\.png\?g={state['generation']}", state["src"] or ""), f"src {state['src']!r}")
        heard = f"the reload event after {event_after[0] * 1000:.0f} ms, " if event_after else ""
        return f"generation {generation} → {state['bodyGeneration']}, {heard}the frame shown {shown_after * 1000:.0f} ms after the rename"
    if checks.run("a saved edit shows within 5 s, the CLI's bytes", save_edit) is None:
        return
    generation = int(page.frame_state()["bodyGeneration"])

    broken = edited.replace('"color": "#8A8FC7"', '"color": "#12G"', 1)
    assert broken != edited

    def break_file():
        saved = write_like_an_editor(scene, broken)
        items = wait_for("#problems li naming blocks[0].style.color", lambda: (lambda items: items if any(
            "blocks[0].style.color" in item for item in items) else None)(page.js("""
                const panel = document.getElementById('problems');
                if (panel.hidden || getComputedStyle(panel).display === 'none') return [];
                return [...panel.querySelectorAll('li')].map(li => li.textContent);
            """)), SAVE_DEADLINE, interval=0.02)
        shown_after = time.monotonic() - saved
        expect(page.js("return document.body.dataset.state") == "problems", "body[data-state] is not problems")
        state = page.frame_state()
        expect(state["generation"] == str(generation) and state["frame"] == str(FRAME), f"the last good frame is not on show: {state}")
        expect(page.shown_bytes()[1] == reference(FRAME, edited_frames), "the frame under the problems is not the last good one")
        expect(any(re.match(r"^blocks\[0\]\.style\.color: .+", item) for item in items), f"problems: {items}")
        return f"{items[0]!r}, shown {shown_after * 1000:.0f} ms after the rename"
    if checks.run("a broken file lists its problems over the last good frame", break_file) is None:
        return

    def fix_file():
        saved = write_like_an_editor(scene, edited)
        state = wait_for("problems hidden and a newer generation", lambda: (lambda s: s if int(s["bodyGeneration"] or 0) > generation
                                                                             and s["state"] == "ok" and s["frame"] == str(FRAME)
                                                                             and s["complete"] else None)(page.frame_state()),
                         SAVE_DEADLINE, interval=0.02)
        shown_after = time.monotonic() - saved
        expect(page.js("return document.getElementById('problems').hidden"), "#problems is still shown")
        expect(page.shown_bytes()[1] == reference(FRAME, edited_frames), "the frame after the fix is not the CLI's")
        return f"generation {generation} → {state['bodyGeneration']}, shown {shown_after * 1000:.0f} ms after the rename"
    if checks.run("fixing the file hides the problems and shows a new generation", fix_file) is None:
        return

    # Half the duration: 15 frames, so the page's frame 17 must become the last, 14.
    shorter = edited.replace('"duration": 1.0,', '"duration": 0.5,', 1)
    assert shorter != edited
    shorter_path = os.path.join(folder, "shorter", "showcase.json")
    os.makedirs(os.path.dirname(shorter_path))
    with open(shorter_path, "w", encoding="utf-8") as handle:
        handle.write(shorter)
    shorter_frames = os.path.join(folder, "shorter", "frames")
    render_reference(binary, shorter_path, shorter_frames, os.path.dirname(shorter_path), count=15)
    generation = int(page.frame_state()["bodyGeneration"])

    def fewer_frames():
        saved = write_like_an_editor(scene, shorter)
        state = page.wait_frame(14, timeout=SAVE_DEADLINE, generation=generation + 1)
        shown_after = time.monotonic() - saved
        readout = page.js("return [document.getElementById('frame-number').textContent, document.getElementById('timeline').max]")
        expect(readout == ["14 / 15", "14"], f"#frame-number and the timeline's max: {readout}")
        expect(page.shown_bytes()[1] == reference(14, shorter_frames), "frame 14 of the shorter scene is not the CLI's")
        return f"frame {FRAME} → 14 of 15, shown {shown_after * 1000:.0f} ms after the rename"
    checks.run("a shorter scene clamps the frame to its last", fewer_frames)


def screenshot(page, path):
    """The showcase's last frame, debug boxes on, the inspector filled over the headline."""
    driver = page.driver
    last = 29
    page.scrub(last)
    page.wait_frame(last)
    if not page.js("return document.getElementById('debug').checked"):
        page.js("document.getElementById('debug').click()")
    wait_for("the debug frame", lambda: (lambda s: s if "debug=1" in (s["src"] or "") and s["frame"] == str(last) else None)(page.frame_state()), 20)
    wait_for("the debug frame loaded", lambda: page.js("const f = document.getElementById('frame'); return f.complete && f.naturalWidth > 0"), 20)
    # The body's italic run ("line by line, run by run, glyph by glyph"), left of its middle.
    links = page.js("return fetch('/links/' + arguments[0] + '.json').then(r => r.json())", last)
    rects = [rect for link in links["links"] for rect in link["rects"]]
    x, y, w, h = rects[0]
    page.hover_canvas_point(x + w * 0.3, y + h / 2)
    wait_for("the inspector", lambda: "glyph" in page.js("return document.getElementById('inspector').innerText").lower(), 10)
    time.sleep(0.5)
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    expect(driver.save_screenshot(path), f"could not save {path}")
    with open(path, "rb") as handle:
        size = png_size(handle.read(32))
    expect(size == (1400, 900), f"the screenshot is {size}")
    return f"{path}: {size[0]}×{size[1]}"


if __name__ == "__main__":
    sys.exit(main())
