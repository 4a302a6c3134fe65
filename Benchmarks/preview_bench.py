#!/usr/bin/env python3
"""Times `texteffects preview` the way the page uses it, for bench.py's preview group.

Starts the preview on a copy of Scenes/ (port 0, loopback), listens to /events like the page,
and measures, on the showcase (1080×1080, 30 frames):
- uncached frame: after a save (so the cache is empty) and a pause (so nothing else runs), the
  time of one GET /frame/N.png; the median over frames across the timeline;
- reload: from the save (a rename over the file, as editors do) to the end of the GET of the
  frame on show, after the `reload` event: what a user waits for after saving;
- playback: after a save, every frame of the timeline fetched in order, as fast as they come
  (the page asks for the next one as soon as it shows one): frames per second against the
  scene's fps;
- idle: the server's CPU time over 10 s with a page listening and nothing changing.
Prints one JSON object. Stops the server with SIGINT.
"""
import argparse
import http.client
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

parser = argparse.ArgumentParser()
parser.add_argument("--bin", required=True)
parser.add_argument("--scenes", required=True, help="the repository's Scenes folder")
parser.add_argument("--samples", type=int, default=10)
parser.add_argument("--idle-seconds", type=float, default=10)
args = parser.parse_args()
args.bin = os.path.abspath(args.bin)

work = tempfile.mkdtemp(prefix="texteffects-preview-bench-")
site = os.path.join(work, "Scenes")
shutil.copytree(args.scenes, site)
scene = os.path.join(site, "showcase.json")
original = open(scene, "rb").read()

server = subprocess.Popen([args.bin, "preview", "showcase.json", "--port", "0"], cwd=site, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, env=os.environ)
line = server.stdout.readline().decode()
port = int(line.rsplit(":", 1)[1].strip().rstrip("/"))

generation = {"value": 0}
changed = threading.Condition()


def listen():
    """Reads /events like the page's EventSource; notes each generation."""
    connection = http.client.HTTPConnection("127.0.0.1", port)
    connection.request("GET", "/events")
    response = connection.getresponse()
    for raw in response:
        text = raw.decode()
        if text.startswith("data: "):
            with changed:
                generation["value"] = json.loads(text[6:])["generation"]
                changed.notify_all()


threading.Thread(target=listen, daemon=True).start()


def get(path):
    connection = http.client.HTTPConnection("127.0.0.1", port)
    connection.request("GET", path)
    response = connection.getresponse()
    body = response.read()
    if response.status != 200:
        sys.exit(f"preview_bench: GET {path}: {response.status} {body[:200]!r}")
    return body


saves = 0


def save_and_wait(settle):
    """Saves the scene (a different byte at its end each time, written to a temporary name and
    renamed over it), waits for the reload event, then `settle` seconds; returns the save's time."""
    global saves
    saves += 1
    before = generation["value"]
    started = time.perf_counter()
    temporary = os.path.join(site, ".showcase.json.swp")
    with open(temporary, "wb") as f:
        f.write(original + b" " * (saves % 2 + 1))
    os.rename(temporary, scene)
    with changed:
        if not changed.wait_for(lambda: generation["value"] > before, timeout=10):
            sys.exit("preview_bench: no reload within 10 s of a save")
    time.sleep(settle)
    return started


with changed:
    changed.wait_for(lambda: generation["value"] > 0, timeout=30)
frames = json.loads(get("/scene.json"))["frameCount"]
fps = json.loads(get("/scene.json"))["fps"]
picks = [round(i * (frames - 1) / max(1, args.samples - 1)) for i in range(args.samples)]

reloads, uncached, playback = [], [], []
for frame in picks:
    started = save_and_wait(0)
    get(f"/frame/{frame}.png")
    reloads.append(time.perf_counter() - started)
    time.sleep(0.5)
for frame in picks:
    save_and_wait(0.5)
    started = time.perf_counter()
    get(f"/frame/{frame}.png")
    uncached.append(time.perf_counter() - started)
for _ in range(3):
    save_and_wait(0.5)
    started = time.perf_counter()
    for frame in range(frames):
        get(f"/frame/{frame}.png")
    playback.append(frames / (time.perf_counter() - started))

time.sleep(1)


def cpu_seconds():
    with open(f"/proc/{server.pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


idle_start = cpu_seconds()
time.sleep(args.idle_seconds)
idle_cpu = cpu_seconds() - idle_start

server.send_signal(signal.SIGINT)
try:
    status = server.wait(timeout=5)
except subprocess.TimeoutExpired:
    server.kill()
    status = None
shutil.rmtree(work, ignore_errors=True)
print(json.dumps({
    "uncached_frame_seconds": statistics.median(uncached),
    "uncached_frame_max_seconds": max(uncached),
    "reload_seconds": statistics.median(reloads),
    "reload_max_seconds": max(reloads),
    "playback_fps": statistics.median(playback),
    "scene_fps": fps,
    "frames": frames,
    "idle_cpu_seconds": idle_cpu,
    "idle_seconds": args.idle_seconds,
    "exit_status": status,
}))
