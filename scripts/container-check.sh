#!/usr/bin/env bash
# scripts/container-check.sh [IMAGE] — builds the repository's Dockerfile and checks the image does
# what deploy/README.md says, the way an operator would use it:
#
#   1. it has no Swift toolchain (no swift on the PATH, no /usr/lib/swift), the binary finds
#      every library it links, and make install's man page, completions, caption styles and
#      pinned fonts' configuration (FONTCONFIG_FILE) are there;
#   2. `texteffects --version` is this checkout's version;
#   3. renders, with this checkout mounted read-only at /data: the showcase (PNG frames), a code
#      card (Pygments), a chat answer with formulas (TeX and dvisvgm), and the wave as MP4 (ffmpeg);
#      the PNGs are compared with this machine's own render of the same scenes
#      (TEXTEFFECTS, default .build/release/texteffects): byte for byte, or else by their largest
#      channel difference, which must stay within 2 of 255;
#   4. `texteffects serve /data/Scenes` in a container answers /healthz, serves
#      /product-card.png?title=… byte for byte as `render --set` makes it in the same image, and
#      stops cleanly (exit 0) on SIGTERM.
#
# IMAGE defaults to texteffects:check. ENGINE=docker|podman picks the engine (default: whichever
# answers). Where no registry is reachable, make the base images first with
# scripts/container-stand-ins.sh. Not part of `make test`: CI has no container engine.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/container-engine.sh
source "$root/scripts/container-engine.sh"
engine=$(container_engine) || exit 2
image=${1:-texteffects:check}
host_binary=${TEXTEFFECTS:-$root/.build/release/texteffects}
[[ -x "$host_binary" ]] || { echo "container-check: no host build at $host_binary (make release, or set TEXTEFFECTS)" >&2; exit 2; }

out=$(mktemp -d "${TMPDIR:-/tmp}/texteffects-container-check.XXXXXX")
server=""
cleanup() {
  [[ -n "$server" ]] && "$engine" rm -f "$server" >/dev/null 2>&1 || true
  rm -rf "$out"
}
trap cleanup EXIT
fail() { echo "container-check: FAILED: $*" >&2; exit 1; }
step() { echo "container-check: $*" >&2; }

step "building $image with $engine"
start=$(date +%s)
# shellcheck disable=SC2046
"$engine" build $(container_build_flags "$engine") -t "$image" "$root" >"$out/build.log" 2>&1 \
  || { tail -40 "$out/build.log" >&2; fail "the image did not build (log above)"; }
step "built in $(( $(date +%s) - start )) s; $("$engine" image inspect "$image" --format '{{.Size}}' | awk '{printf "%.0f MB", $1 / 1e6}')"

run() { "$engine" run --rm -v "$root:/data:ro" -v "$out:/out" -w /data "$image" "$@"; }

step "1. no toolchain in the image"
run sh -c 'if command -v swift swiftc; then exit 1; fi; test ! -e /usr/lib/swift' \
  || fail "the image has a Swift toolchain"
libraries=$(run ldd /usr/local/bin/texteffects)
grep -q "not found" <<<"$libraries" && fail "libraries missing in the image: $(grep 'not found' <<<"$libraries")"
grep -qi swift <<<"$libraries" && fail "the binary links a Swift library from a toolchain: $(grep -i swift <<<"$libraries")"
run sh -c 'for f in /usr/local/share/man/man1/texteffects.1 /usr/local/share/bash-completion/completions/texteffects \
    /usr/local/share/zsh/site-functions/_texteffects /usr/local/share/fish/vendor_completions.d/texteffects.fish \
    /usr/local/share/texteffects/fonts.conf "$FONTCONFIG_FILE"; do test -s "$f" || { echo "missing: $f"; exit 1; }; done
  ls /usr/local/share/texteffects/captions/*.json >/dev/null' || fail "make install's files are not all in the image"

step "2. version"
version=$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' "$root/Sources/TextEffectsCLI/TextEffectsCLI.swift")
[[ "$(run texteffects --version)" == "$version" ]] || fail "texteffects --version is not $version"

step "3. renders"
mkdir -p "$out/image" "$out/host"
chmod 777 "$out" "$out/image"
run texteffects Scenes/showcase.json --out /out/image/showcase --quiet
run texteffects Scenes/code-card.json --out /out/image/code-card.png --quiet
run texteffects Scenes/chat-math.json --out /out/image/chat-math.png --quiet
run texteffects Scenes/wave.json --out /out/image/wave.mp4 --quiet
[[ -s "$out/image/wave.mp4" ]] || fail "no MP4 from the image"
(
  cd "$root"
  export FONTCONFIG_FILE="$root/Tests/Fixtures/fonts.conf"
  "$host_binary" Scenes/showcase.json --out "$out/host/showcase" --quiet
  "$host_binary" Scenes/code-card.json --out "$out/host/code-card.png" --quiet
  "$host_binary" Scenes/chat-math.json --out "$out/host/chat-math.png" --quiet
)
python3 - "$out/image" "$out/host" <<'EOF' || fail "the image's renders differ from this machine's"
import os, struct, sys, zlib

def pixels(path):
    data = open(path, "rb").read()
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR": header = struct.unpack(">IIBBBBB", body)
        if kind == b"IDAT": idat += body
        pos += 12 + length
    width, height, depth, colour = header[:4]
    channels = {2: 3, 6: 4}[colour]
    raw, stride = zlib.decompress(idat), width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, row = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for x in range(stride if kind else 0):  # PNG filters, for files another encoder may have written
            left = row[x - channels] if x >= channels else 0
            up, corner = previous[x], previous[x - channels] if x >= channels else 0
            if kind == 1: row[x] = (row[x] + left) & 255
            elif kind == 2: row[x] = (row[x] + up) & 255
            elif kind == 3: row[x] = (row[x] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                row[x] = (row[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(row))
        previous = row
    return (width, height, channels), b"".join(rows)

image_dir, host_dir = sys.argv[1:]
files = sorted(os.path.relpath(os.path.join(d, f), host_dir) for d, _, fs in os.walk(host_dir) for f in fs if f.endswith(".png"))
same = worst = 0
for name in files:
    a, b = os.path.join(image_dir, name), os.path.join(host_dir, name)
    if not os.path.exists(a):
        sys.exit(f"container-check: the image wrote no {name}")
    if open(a, "rb").read() == open(b, "rb").read():
        same += 1
        continue
    (shape_a, pa), (shape_b, pb) = pixels(a), pixels(b)
    if shape_a != shape_b:
        sys.exit(f"container-check: {name} is {shape_a} from the image, {shape_b} here")
    difference = max(abs(x - y) for x, y in zip(pa, pb) if x != y)
    worst = max(worst, difference)
    print(f"container-check: {name} differs by at most {difference}/255", file=sys.stderr)
print(f"container-check: {same} of {len(files)} PNGs byte for byte the same as this machine's; largest difference {worst}/255", file=sys.stderr)
sys.exit(0 if worst <= 2 else 1)
EOF

step "4. serve"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
server=$("$engine" run -d --network host -v "$root:/data:ro" "$image" texteffects serve /data/Scenes --port "$port" --quiet)
for _ in $(seq 100); do
  curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  sleep 0.2
done
curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null || fail "serve did not answer /healthz ($("$engine" logs "$server" 2>&1 | tail -5))"
curl -fsS -o "$out/served.png" "http://127.0.0.1:$port/product-card.png?title=Served%20from%20a%20container" \
  || fail "serve did not answer /product-card.png"
run texteffects render Scenes/product-card.json --set "title=Served from a container" --out /out/rendered.png --quiet
cmp -s "$out/served.png" "$out/rendered.png" || fail "the served card is not byte for byte render --set's"
"$engine" stop -t 20 "$server" >/dev/null
status=$("$engine" inspect "$server" --format '{{.State.ExitCode}}')
[[ "$status" == 0 ]] || fail "serve exited with status $status on SIGTERM"
"$engine" rm "$server" >/dev/null
server=""

step "all checks passed ($image, $engine)"
