#!/usr/bin/env bash
# make bench: texteffects against the reference renderer and the peers, side by side, in one run.
# Installs what the measurement needs (hyperfine, wrk, valgrind, ImageMagick, pango-view, ffmpeg,
# libpng headers for ref_render; manim in a venv unless SKIP_MANIM=1; chromium and, in a venv,
# websocket-client for the cards group unless SKIP_CHROMIUM=1), builds texteffects in release
# mode and the shared reference programs into a work folder, then runs bench.py.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
SHARED=${SHARED:-$ROOT/../shared/bench}
WORK=${WORK:-/tmp/texteffects-bench}
SCRATCH=${SCRATCH:-.build-bench}   # where this build of texteffects goes
mkdir -p "$WORK"

./scripts/install-deps.sh
# The cards group's anchor is Debian's chromium (installed when that group runs, unless
# SKIP_CHROMIUM=1), driven by chromium_cards.py over websocket-client in a venv, like manim.
CARDS=0
# The stacked group's anchor is the same Chromium with a stacked card in CSS flex boxes, and the
# vector group's the same Chromium printing the cards to PDF.
if [[ "${SKIP_CHROMIUM:-0}" != 1 && ( -z "${BENCH_ONLY:-}" || ",${BENCH_ONLY// /}," == *,cards,* || ",${BENCH_ONLY// /}," == *,stacked,* || ",${BENCH_ONLY// /}," == *,vector,* ) ]]; then CARDS=1; fi
need=()
for p in hyperfine wrk valgrind imagemagick libpng-dev time $( ((CARDS)) && echo chromium ); do
  dpkg -s "$p" 2>/dev/null | grep -q '^Status: install ok installed' || need+=("$p")
done
if ((${#need[@]})); then
  sudo_=(); [[ $(id -u) -eq 0 ]] || sudo_=(sudo)
  "${sudo_[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

# Built as the CLI would ship: the Swift runtime linked in, which saves ~7 ms of start-up a run.
# C targets' debug info as DWARF 4: valgrind 3.19 (callgrind counts) cannot read clang's DWARF 5.
BUILD=(swift build -c release --static-swift-stdlib -Xcc -gdwarf-4)
"${BUILD[@]}" --scratch-path "$SCRATCH" >/dev/null
BIN=$("${BUILD[@]}" --scratch-path "$SCRATCH" --show-bin-path)/texteffects

# The reference programs are measuring instruments: built from ../shared/bench, never copied here.
cc -O2 -o "$WORK/ref_render" "$SHARED/ref_render.c" $(pkg-config --cflags --libs pangocairo libpng) -ldeflate -lm
ln -sfn "$SHARED/corpus" "$WORK/corpus"   # ref_render reads corpus/ next to itself
cc -O2 -o "$WORK/measure_loop" Benchmarks/measure_loop.c $(pkg-config --cflags --libs pangocairo)
cc -O2 -o "$WORK/pango_floor" Benchmarks/pango_floor.c $(pkg-config --cflags --libs pangocairo fontconfig)
python3 Benchmarks/make_scenes.py --posts "$WORK"

# make bench BASELINE=<git revision>: that revision built the same way, compared row by row.
# BENCH_ONLY=markdown (or render, measure; comma-separated) runs only those rows.
BASE_ARGS=()
if [[ -n "${BASELINE:-}" ]]; then
  BASE_SRC="$WORK/baseline-src"
  rm -rf "$BASE_SRC" && mkdir -p "$BASE_SRC"
  git archive "$BASELINE" | tar -x -C "$BASE_SRC"
  (cd "$BASE_SRC" && "${BUILD[@]}" --scratch-path "$WORK/baseline-build" >/dev/null)
  BASE_ARGS=(--baseline "$(cd "$BASE_SRC" && "${BUILD[@]}" --scratch-path "$WORK/baseline-build" --show-bin-path)/texteffects"
             --baseline-name "$(git rev-parse --short "$BASELINE")")
fi

MANIM=""
if [[ "${SKIP_MANIM:-0}" != 1 ]]; then
  if [[ ! -x "$WORK/manimvenv/bin/manim" ]]; then
    python3 -m venv "$WORK/manimvenv" && "$WORK/manimvenv/bin/pip" install -q 'manim==0.22.*' >/dev/null 2>&1 || true
  fi
  [[ -x "$WORK/manimvenv/bin/manim" ]] && MANIM="$WORK/manimvenv/bin/manim"
fi

CARDS_PY=""
if ((CARDS)); then
  if ! "$WORK/cardsvenv/bin/python" -c 'import websocket' 2>/dev/null; then
    python3 -m venv "$WORK/cardsvenv" && "$WORK/cardsvenv/bin/pip" install -q 'websocket-client==1.*' >/dev/null 2>&1 || true
  fi
  "$WORK/cardsvenv/bin/python" -c 'import websocket' 2>/dev/null && CARDS_PY="$WORK/cardsvenv/bin/python"
fi

exec python3 Benchmarks/bench.py --bin "$BIN" --shared "$SHARED" --work "$WORK" --manim "$MANIM" --cards-python "$CARDS_PY" \
  "${BASE_ARGS[@]}" "$@"
