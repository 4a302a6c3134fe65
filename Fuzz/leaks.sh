#!/usr/bin/env bash
# Leak checks for make fuzz:
# 1. LeakSanitizer over the CLI tests: the suite built with the address sanitizer, so every run of
#    the real binary checks for leaks at exit (a leak exits 23 and fails the test that ran it).
# 2. valgrind over 10 and 20 frames of the showcase: nothing definitely lost outside what
#    Fuzz/valgrind.supp lists (fontconfig's and Pango's caches, kept once a process), and the
#    same total for both frame counts, so nothing grows with frames.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
WORK=${FUZZ_WORK:-$ROOT/.build-fuzz}
export FONTCONFIG_FILE=$ROOT/Tests/Fixtures/fonts.conf
status=0
if ! command -v valgrind >/dev/null; then
  sudo_=(); [[ $(id -u) -eq 0 ]] || sudo_=(sudo)
  "${sudo_[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends valgrind >/dev/null
fi

echo "leaks: the CLI tests under LeakSanitizer"
export ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$ROOT/Fuzz/lsan.supp:print_suppressions=0
if ! swift test --scratch-path "$WORK/asan" --sanitize address --filter CLITests >"$WORK/lsan.log" 2>&1; then
  status=1
  echo "leaks: LeakSanitizer or a CLI test failed (see $WORK/lsan.log):"
  grep -E "ERROR: LeakSanitizer|SUMMARY|✘" "$WORK/lsan.log" | head -10
fi
unset ASAN_OPTIONS LSAN_OPTIONS

echo "leaks: valgrind over 10 and 20 frames of the showcase"
swift build -c release --scratch-path "$WORK/valgrind" -Xcc -gdwarf-4 >/dev/null
BIN=$(swift build -c release --scratch-path "$WORK/valgrind" -Xcc -gdwarf-4 --show-bin-path)/texteffects
lost() {   # lost FRAMES: bytes definitely lost outside the suppressions
  valgrind --leak-check=full --errors-for-leak-kinds=definite --suppressions=Fuzz/valgrind.supp \
    --log-file="$WORK/valgrind-$1.log" "$BIN" Scenes/showcase.json --frames "$1" --threads 2 --format none --quiet
  grep -o 'definitely lost: [0-9,]* bytes' "$WORK/valgrind-$1.log" | tr -d , | awk '{print $3}'
}
ten=$(lost 10); twenty=$(lost 20)
kept() { grep -o 'suppressed: [0-9,]* bytes' "$WORK/valgrind-$1.log" | tr -d , | awk '{print $2}' | head -1; }
echo "leaks: definitely lost (unsuppressed): ${ten} bytes at 10 frames, ${twenty} bytes at 20 frames" \
     "(fontconfig's patterns kept by Pango, suppressed: $(kept 10) and $(kept 20) bytes)"
if [[ "$ten" != 0 || "$twenty" != 0 ]]; then
  status=1
  echo "leaks: see $WORK/valgrind-10.log and $WORK/valgrind-20.log"
fi
exit $status
