#!/usr/bin/env bash
# make fuzz: the libFuzzer targets in Fuzz/Sources, each run for FUZZ_SECONDS (default 120), then
# LeakSanitizer over the CLI tests and valgrind over a 10- and a 20-frame render of the showcase,
# then ThreadSanitizer over the tests that draw on several threads (Fuzz/races.sh).
#
#   FUZZ_SECONDS=600 make fuzz           # longer runs
#   FUZZ_TARGETS="FuzzScene" make fuzz   # some targets only
#   FUZZ_LEAKS=0 make fuzz               # skip the two leak checks
#   FUZZ_RACES=0 make fuzz               # skip the race check
#
# Corpora grow in .build-fuzz/corpus/TARGET (seeded from Scenes/, docs/ and Fuzz/Seeds/). A crash,
# timeout (10 s an input) or out-of-memory (4 GB) input is written to .build-fuzz/findings/ and
# ends the run with a non-zero status: turn it into a file under Tests/Fixtures/FuzzRegressions/
# TARGET/, which FuzzRegressionTests replays in `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
WORK=${FUZZ_WORK:-$ROOT/.build-fuzz}
SECONDS_EACH=${FUZZ_SECONDS:-120}
TARGETS=${FUZZ_TARGETS:-FuzzScene FuzzMarkdown FuzzMarkup FuzzCaptions FuzzDataRows FuzzCaptionStyle}
export FONTCONFIG_FILE=$ROOT/Tests/Fixtures/fonts.conf
# No TeX run an input: formulas are still found and shown as their source (docs/SCENE-FORMAT.md, Math).
export TEXTEFFECTS_MATH=off
mkdir -p "$WORK/findings"

# Address sanitizer with libFuzzer: memory errors stop the run; leaks are checked below instead,
# because Pango's and fontconfig's caches are filled by the first input and kept. SwiftPM's
# --sanitize instruments only this package's own targets (libFuzzer would see no coverage in
# RenderPipeline), so the flags also go to every module and the C shims; --sanitize stays, as it
# is what makes SwiftPM leave main() to libFuzzer.
BUILD=(swift build -c release --package-path Fuzz --scratch-path "$WORK/build" --sanitize fuzzer --sanitize address
       -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address)
"${BUILD[@]}" >/dev/null
BIN=$("${BUILD[@]}" --show-bin-path)

seed() {   # seed TARGET FILES…: copies seed files into the target's corpus once
  local dir="$WORK/corpus/$1"; shift
  mkdir -p "$dir"
  for f in "$@"; do if [[ -f $f ]]; then cp -n "$f" "$dir/"; fi; done   # an unmatched glob stays literal: skipped
}
seed FuzzScene Scenes/*.json Benchmarks/snippet-letters.json Benchmarks/markdown-tiny.json
seed FuzzMarkdown README.md docs/*.md Fuzz/Seeds/FuzzMarkdown/*
seed FuzzMarkup Fuzz/Seeds/FuzzMarkup/*
seed FuzzCaptions Scenes/captions/*
seed FuzzDataRows Fuzz/Seeds/FuzzDataRows/* Examples/*/*.csv Examples/*/*.jsonl
seed FuzzCaptionStyle Fuzz/Seeds/FuzzCaptionStyle/*
python3 Fuzz/extract_seeds.py Scenes "$WORK/corpus"   # the markdown and markup fields of every scene

status=0
export ASAN_OPTIONS=detect_leaks=0   # leaks: Fuzz/leaks.sh
for target in $TARGETS; do
  echo "fuzz: $target for ${SECONDS_EACH}s"
  if ! "$BIN/$target" "$WORK/corpus/$target" -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=4096 \
       -max_len="${FUZZ_MAX_LEN:-16384}" -detect_leaks=0 -print_final_stats=1 -artifact_prefix="$WORK/findings/$target-" \
       >"$WORK/$target.log" 2>&1; then
    status=1
    echo "fuzz: $target FOUND A PROBLEM (see $WORK/$target.log and $WORK/findings/):"
    grep -E "ERROR|SUMMARY|Test unit written" "$WORK/$target.log" | head -5
  fi
  runs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$WORK/$target.log" | awk '{print $2}' | tail -1)
  echo "fuzz: $target: ${runs:-?} inputs run, corpus $(ls "$WORK/corpus/$target" | wc -l) files"
done

if [[ "${FUZZ_LEAKS:-1}" == 1 ]]; then
  ./Fuzz/leaks.sh || status=1
fi
if [[ "${FUZZ_RACES:-1}" == 1 ]]; then
  ./Fuzz/races.sh || status=1
fi
exit $status
