#!/usr/bin/env bash
# Race check for make fuzz: ThreadSanitizer over the tests that draw on several threads at once.
# ConcurrentOutputTests draws every scene as PNG, SVG and PDF on two threads; the CLI tests run
# the real binary, built with the same sanitizer, which renders frames, bands of a still, batch
# rows and served cards on all cores. Reports go to files, not to standard error (which the CLI
# tests read), and any report fails the check. Only this package's code is instrumented: a race
# inside Cairo, Pango or FreeType shows as wrong bytes or a crash in ConcurrentOutputTests instead.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
WORK=${FUZZ_WORK:-$ROOT/.build-fuzz}
export FONTCONFIG_FILE=$ROOT/Tests/Fixtures/fonts.conf
REPORTS=$WORK/tsan-reports
SUITES="ConcurrentOutputTests|RenderTests|AnimationOutputTests|StillOutputTests|PageOutputTests|ProgressTests|BatchCommandTests|ServeCommandTests|ServeStillFormatsTests|ScratchBuffersTests|StillEncodingTests"
rm -rf "$REPORTS"; mkdir -p "$REPORTS"

echo "races: ThreadSanitizer over the tests that draw on several threads"
if ! swift build --build-tests --scratch-path "$WORK/tsan" --sanitize thread -Xswiftc -gnone >"$WORK/tsan-build.log" 2>&1; then
  tail -20 "$WORK/tsan-build.log"
  exit 1
fi
status=0
# ThreadSanitizer holds a signal until the program reaches a point it can deliver it at, so the
# test that interrupts a batch after its first rows sees all of them done: skipped here.
if ! TSAN_OPTIONS="log_path=$REPORTS/report halt_on_error=0" TEXTEFFECTS_STRESS_ROUNDS=2 \
     swift test --skip-build --scratch-path "$WORK/tsan" --sanitize thread --filter "$SUITES" \
       --skip interruptedBatchResumes >"$WORK/tsan.log" 2>&1; then
  status=1
  echo "races: a test failed under ThreadSanitizer (see $WORK/tsan.log):"
  grep -E "✘" "$WORK/tsan.log" | head -5
fi
reports=$(find "$REPORTS" -type f | wc -l)
if [[ $reports != 0 ]]; then
  status=1
  echo "races: $reports ThreadSanitizer reports in $REPORTS, by place:"
  cat "$REPORTS"/* | grep -h "SUMMARY: ThreadSanitizer" | sort | uniq -c | sort -rn | head -10
else
  echo "races: no ThreadSanitizer report ($(grep -o 'Test run with [0-9]* tests' "$WORK/tsan.log" | tail -1))"
fi
exit $status
