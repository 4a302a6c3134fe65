#!/usr/bin/env bash
# scripts/runtime-packages.sh BINARY — the Debian packages that hold the shared libraries BINARY
# names itself (readelf -d's NEEDED, found where ldd finds them, then dpkg -S), one a line, sorted:
# what it must declare. Their own dependencies (libX11 under Cairo…) come with them through apt.
# A library no package owns (a Swift toolchain's libswift*.so, for a binary built without
# --static-swift-stdlib) is printed on standard error as "unpackaged: PATH", and the exit status is
# then 1; so is a library ldd cannot find, as "missing: NAME", direct or not.
set -euo pipefail

binary=${1:?usage: $0 BINARY}
status=0
mapfile -t needed < <(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
declare -A is_needed=()
for name in "${needed[@]}"; do is_needed[$name]=1; done

paths=()
while read -r line; do
  # "libfoo.so.1 => /lib/x86_64-linux-gnu/libfoo.so.1 (0x…)", "/lib64/ld-linux-x86-64.so.2 (0x…)",
  # "linux-vdso.so.1 (0x…)", "libbar.so => not found"
  if [[ "$line" == *"=> not found"* ]]; then
    echo "missing: ${line%% =>*}" >&2
    status=1
    continue
  fi
  path=${line#*=> }
  path=${path%% (*}
  [[ "$path" == /* ]] || continue
  name=${line%% *}
  [[ -n "${is_needed[$(basename "$name")]:-}" ]] || continue
  paths+=("$path")
done < <(ldd "$binary")

# Debian 12 is merged-/usr: dpkg may know a library under /lib or under /usr/lib, or under its
# link's target. One dpkg -S for every candidate (it is slow to start).
candidates() { printf '%s\n' "$1" "$(readlink -f "$1")" "/usr${1#/usr}" "${1#/usr}"; }
declare -A owner=()
if ((${#paths[@]} > 0)); then
  mapfile -t all < <(for path in "${paths[@]}"; do candidates "$path"; done | sort -u)
  while IFS= read -r line; do
    # "libc6:amd64: /lib/x86_64-linux-gnu/libc.so.6"; diversions and other lines have no ": /"
    [[ "$line" == *": /"* ]] || continue
    owner[${line#*: }]=${line%%:*}
  done < <(dpkg -S "${all[@]}" 2>/dev/null || true)
fi

packages=()
for path in "${paths[@]}"; do
  found=""
  while read -r candidate; do
    found=${owner[$candidate]:-}
    [[ -n "$found" ]] && break
  done < <(candidates "$path")
  if [[ -z "$found" ]]; then
    echo "unpackaged: $path" >&2
    status=1
    continue
  fi
  packages+=("$found")
done

((${#packages[@]} == 0)) || printf '%s\n' "${packages[@]}" | sort -u
exit $status
