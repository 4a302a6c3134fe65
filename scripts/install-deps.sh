#!/usr/bin/env bash
# Installs the Debian 12 packages texteffects needs to build, test and render, and only those
# that are missing. Safe to run any number of times; prints nothing but a short line when all
# is in place.
set -euo pipefail

PACKAGES=(
  libcairo2-dev
  libpango1.0-dev
  librsvg2-2
  libcmark-gfm-dev
  libcmark-gfm-extensions-dev
  pango1.0-tools
  fonts-dejavu-core
  fonts-dejavu-extra
  fonts-noto-cjk
  # Devanagari, Bengali, Thai, Arabic, Hebrew and most other scripts people write captions in
  fonts-noto-core
  fonts-noto-color-emoji
  fonts-inter-variable
  fonts-material-design-icons-iconfont
  pkg-config
  ffmpeg
  libdeflate-dev
  # ISA-L's igzip: the PNG writer's compressor
  libisal-dev
  libhyphen-dev
  hyphen-en-us
  hyphen-de
  zlib1g-dev
  libicu-dev
  # CSV and TSV data rows for `texteffects batch`
  libcsv-dev
  # JPEG and WebP image spans (libjpeg-turbo's TurboJPEG API, libwebp); cjpeg and cwebp make the
  # tests' fixtures (Tests/RenderPipelineTests/Render/Images/)
  libturbojpeg0-dev
  libwebp-dev
  libjpeg-turbo-progs
  webp
  # Tests/CLITests/SlurmClusterTests.swift starts a one-node Slurm cluster (scripts/slurm-test-cluster.sh,
  # its own config and state in a temporary folder) and reads deploy/kubernetes/ with PyYAML
  slurm-wlm
  munge
  python3-yaml
  # Tests/Browser/preview_page.py drives `texteffects preview`'s page in headless Chromium
  # (Tests/CLITests/PreviewBrowserTests.swift runs it) through chromedriver and Debian's Selenium
  chromium
  chromium-driver
  python3-selenium
  # Tests/CLITests/SceneSchemaTests.swift validates Scenes/ against docs/scene.schema.json with
  # check-jsonschema (from PyPI, in .build/tools-venv below)
  python3-venv
)

missing=()
for package in "${PACKAGES[@]}"; do
  # dpkg also knows removed-but-configured packages; require "install ok installed". (Not
  # `dpkg -s | grep -q`: grep stops at the match, dpkg dies of SIGPIPE on a long description,
  # and pipefail then called an installed package missing.)
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  if [[ "$status" != "install ok installed" ]]; then
    missing+=("$package")
  fi
done

if ((${#missing[@]} > 0)); then
  if [[ $(id -u) -eq 0 ]]; then
    as_root=()
  elif command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
  else
    echo "install-deps: missing Debian packages: ${missing[*]}" >&2
    echo "install-deps: not root and no sudo; install them as root with:" >&2
    echo "  apt-get update && apt-get install -y --no-install-recommends ${missing[*]}" >&2
    exit 1
  fi
  echo "install-deps: installing ${missing[*]}"
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if ! command -v swift >/dev/null 2>&1; then
  echo "install-deps: 'swift' is not on PATH. Install Swift 6 (https://www.swift.org/install/linux/)" >&2
  echo "  and add its usr/bin folder to PATH, e.g. export PATH=/opt/swift/usr/bin:\$PATH" >&2
  exit 1
fi

# check-jsonschema, in a virtual environment of the repository's own (.build/ is git-ignored).
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
venv="$root/.build/tools-venv"
if [[ ! -x "$venv/bin/check-jsonschema" ]]; then
  echo "install-deps: installing check-jsonschema into .build/tools-venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check 'check-jsonschema==0.*'
fi

echo "install-deps: system packages, swift and check-jsonschema are in place"
