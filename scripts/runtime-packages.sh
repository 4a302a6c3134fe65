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
packages=()
mapfile -t needed < <(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
while read -r line; do
  # "libfoo.so.1 => /lib/x86_64-linux-gnu/libfoo.so.1 (0x…)", "/lib64/ld-linux-x86-64.so.2 (0x…)",
  # "linux-vdso.so.1 (0x…)", "libbar.so => not found"
  if [[ "$line" == *"=> not found"* ]]; then
    echo "missing: ${line%% =>*}" >&2
    status=1
    continue
  fi
  if [[ "$line" == *"=> "* ]]; then
    path=${line#*=> }
  else
    path=$line
  fi
  path=${path%% (*}
  [[ "$path" == /* ]] || continue
  name=${line%% *}
  grep -qxF "$(basename "$name")" <<<"$(printf '%s\n' "${needed[@]}")" || continue
  # Debian 12 is merged-/usr: dpkg may know a library under /lib or under /usr/lib.
  owner=""
  for candidate in "$path" "$(readlink -f "$path")" "/usr${path#/usr}" "${path#/usr}"; do
    owner=$(dpkg -S "$candidate" 2>/dev/null | head -n 1 | cut -d: -f1) || true
    [[ -n "$owner" ]] && break
  done
  if [[ -z "$owner" ]]; then
    echo "unpackaged: $path" >&2
    status=1
    continue
  fi
  packages+=("$owner")
done < <(ldd "$binary")

printf '%s\n' "${packages[@]}" | sort -u
exit $status
