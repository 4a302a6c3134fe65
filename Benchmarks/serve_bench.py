#!/usr/bin/env python3
"""Times `texteffects serve` on loopback (the `serve` group of Benchmarks/bench.py).

Starts `texteffects serve FOLDER --port 0` and asks for product cards built from the rows of a
CSV (Benchmarks/make_cards.py; the template's parameters as the query, every row a different
card), then prints one JSON object:

- `cards_per_second`, `p50_seconds`, `p99_seconds`: CLIENTS threads, each on one keep-alive
  connection, asking for REQUESTS cards no one asked for before (each one drawn);
- `render_seconds`, `cached_seconds`: one client asking for a new card, then for it again
  (kept in memory), medians over 40 cards;
- `rss_after_warmup_kb`, `rss_after_kb`, `memory_requests`: the server's resident memory after
  a warm-up of 2,000 new cards (the memory cache full), then after MEMORY more;
- `status`: how the server exited on SIGTERM.

    python3 Benchmarks/serve_bench.py --bin TE --folder DIR --csv ROWS.csv [--clients 16]
        [--requests 1000] [--memory 10000]
"""
import argparse
import csv
import http.client
import json
import os
import signal
import statistics
import subprocess
import sys
import threading
import time
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
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--memory", type=int, default=10000)
    args = parser.parse_args()

    with open(args.csv, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    queries = [urllib.parse.urlencode({k: v for k, v in row.items() if k != "id"}) for row in rows]
    needed = args.requests + 40 + 2000 + args.memory
    if len(queries) < needed:
        sys.exit(f"serve_bench: {args.csv} has {len(queries)} rows; {needed} are needed")
    next_query = iter(queries)

    server = subprocess.Popen([args.bin, "serve", args.folder, "--port", "0", "--quiet"], stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    port = int(line.strip().rstrip("/").rsplit(":", 1)[1])
    path = f"/{args.template}.png?"

    def fetch(connection, query):
        start = time.perf_counter()
        connection.request("GET", path + query)
        response = connection.getresponse()
        body = response.read()
        elapsed = time.perf_counter() - start
        if response.status != 200 or body[:8] != b"\x89PNG\r\n\x1a\n":
            raise SystemExit(f"serve_bench: {response.status} for {query}: {body[:200]!r}")
        return elapsed

    def run_clients(batch):
        """Each client takes the next query until none are left; the latencies of all."""
        lock = threading.Lock()
        work = iter(batch)
        latencies = []

        def client():
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            while True:
                with lock:
                    query = next(work, None)
                if query is None:
                    break
                elapsed = fetch(connection, query)
                with lock:
                    latencies.append(elapsed)
            connection.close()

        threads = [threading.Thread(target=client) for _ in range(args.clients)]
        start = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        return time.perf_counter() - start, sorted(latencies)

    # Warm the template (read once, fonts loaded) with one card.
    warm = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    fetch(warm, next(next_query))

    wall, latencies = run_clients([next(next_query) for _ in range(args.requests)])
    p = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))]

    renders, cached = [], []
    for _ in range(40):
        query = next(next_query)
        renders.append(fetch(warm, query))
        cached.append(fetch(warm, query))
    warm.close()

    run_clients([next(next_query) for _ in range(2000)])
    rss_warm = rss_kb(server.pid)
    run_clients([next(next_query) for _ in range(args.memory)])
    rss_after = rss_kb(server.pid)

    server.send_signal(signal.SIGTERM)
    status = server.wait(timeout=60)
    print(json.dumps({
        "cards_per_second": args.requests / wall, "p50_seconds": p(0.5), "p99_seconds": p(0.99),
        "requests": args.requests, "clients": args.clients,
        "render_seconds": statistics.median(renders), "cached_seconds": statistics.median(cached),
        "rss_after_warmup_kb": rss_warm, "rss_after_kb": rss_after, "memory_requests": args.memory,
        "status": status,
    }))


if __name__ == "__main__":
    main()
