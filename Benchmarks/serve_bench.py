#!/usr/bin/env python3
"""Times `texteffects serve` on loopback (the `serve` group of Benchmarks/bench.py).

Starts `texteffects serve FOLDER --port 0` and asks for product cards built from the rows of a
CSV (Benchmarks/make_cards.py; the template's parameters as the query, every row a different
card), then prints one JSON object:

- `cards_per_second`, `p50_seconds`, `p99_seconds`: wrk (2 threads) on CLIENTS keep-alive
  connections for SECONDS, each request a card no one asked for before (each one drawn);
- `render_seconds`, `cached_seconds`: one connection asking for new cards for 2 s (median),
  then for one card kept in memory for 2 s (median);
- `rss_after_warmup_kb`, `rss_after_kb`, `memory_requests`: the server's resident memory after
  a warm-up of SECONDS of new cards (the memory cache full), then after about MEMORY more;
- `status`: how the server exited on SIGTERM.

    python3 Benchmarks/serve_bench.py --bin TE --folder DIR --csv ROWS.csv [--clients 16]
        [--seconds 10] [--memory 10000]
"""
import argparse
import csv
import json
import os
import signal
import subprocess
import sys
import urllib.parse


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--folder", required=True)
    parser.add_argument("--template", default="product-card")
    parser.add_argument("--csv", required=True)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--memory", type=int, default=10000)
    args = parser.parse_args()

    with open(args.csv, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    queries = [urllib.parse.urlencode({k: v for k, v in row.items() if k != "id"}) for row in rows]
    needed = 400 * (2 * args.seconds + 2) + 802 + 400 * (args.memory // 100 + args.seconds + 1)
    if len(queries) < needed:
        sys.exit(f"serve_bench: {args.csv} has {len(queries)} rows; {needed} are needed")
    next_query = iter(queries)

    server = subprocess.Popen([args.bin, "serve", args.folder, "--port", "0", "--quiet"], stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    port = int(line.strip().rstrip("/").rsplit(":", 1)[1])
    path = f"/{args.template}.png?"

    base = f"http://127.0.0.1:{port}"
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "serve_paths.lua")
    work = os.path.dirname(os.path.abspath(args.csv))

    def wrk(paths, connections, threads, seconds, name):
        """wrk for `seconds`, each request the next of `paths` (none asked for twice): its JSON
        summary, latencies in µs."""
        listing = os.path.join(work, f"paths-{name}.txt")
        with open(listing, "w", encoding="utf-8") as f:
            f.writelines(p + "\n" for p in paths)
        result = subprocess.run(["wrk", "-t", str(threads), "-c", str(connections), "-d", f"{seconds}s", "--timeout", "30s",
                                 "-s", script, base, "--", listing, str(threads)], capture_output=True, text=True, check=True)
        line = next(l for l in result.stdout.splitlines() if l.startswith("JSON "))
        summary = json.loads(line[5:])
        if summary["failed"] or (summary["exhausted"] and len(set(paths)) > 1):
            sys.exit(f"serve_bench: {summary['failed']} requests failed, or the paths ran out:\n{result.stdout}")
        return summary

    cards = lambda count: [path + next(next_query) for _ in range(count)]
    # Warm the template (read once, fonts loaded).
    wrk(cards(1), 1, 1, 1, "warm")

    wide = wrk(cards(args.seconds * 400), args.clients, 2, args.seconds, "wide")
    drawn = wrk(cards(800), 1, 1, 2, "drawn")
    cached = wrk(cards(1), 1, 1, 2, "kept")

    warmup = wrk(cards(args.seconds * 400), args.clients, 2, args.seconds, "warmup")
    rss_warm = rss_kb(server.pid)
    memory_seconds = max(args.seconds, int(args.memory / max(1.0, warmup["requests"] / warmup["seconds"])) + 1)
    memory = wrk(cards(memory_seconds * 400), args.clients, 2, memory_seconds, "memory")
    rss_after = rss_kb(server.pid)

    server.send_signal(signal.SIGTERM)
    status = server.wait(timeout=60)
    print(json.dumps({
        "cards_per_second": wide["requests"] / wide["seconds"], "p50_seconds": wide["p50"] / 1e6, "p99_seconds": wide["p99"] / 1e6,
        "requests": wide["requests"], "clients": args.clients, "warmup_requests": warmup["requests"],
        "render_seconds": drawn["p50"] / 1e6, "cached_seconds": cached["p50"] / 1e6,
        "rss_after_warmup_kb": rss_warm, "rss_after_kb": rss_after, "memory_requests": memory["requests"],
        "status": status,
    }))


if __name__ == "__main__":
    main()
