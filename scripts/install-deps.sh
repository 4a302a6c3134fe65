#!/usr/bin/env bash
# Installs the Debian 12 packages texteffects needs, at one of three levels, and only those that
# are missing. Safe to run any number of times; prints one short line when all is in place.
#
#   scripts/install-deps.sh run     what running the binary needs: its shared libraries, librsvg
#                                   (loaded on the first SVG), hyphenation patterns, ffmpeg, LaTeX
#                                   and dvisvgm (math) and the pinned fonts. A machine that runs an installed texteffects
#                                   (`make install`, `make dist`'s archive, the Docker image's
#                                   runtime stage, a Slurm node) needs these and no more.
#   scripts/install-deps.sh build   run + headers and pkg-config, and checks swift is on PATH:
#                                   make build, release, demo, docs, install, dist.
#   scripts/install-deps.sh test    build + what the test suite drives (the default): pango-view,
#                                   a one-node Slurm cluster, headless Chromium with Selenium, and
#                                   check-jsonschema from PyPI in .build/tools-venv: make test, bench, fuzz.
#   scripts/install-deps.sh --list LEVEL   prints that level's packages, one a line, and installs nothing.
#
# Only the test level reaches PyPI; run and build use apt alone, and only for what is missing.
set -euo pipefail

# The runtime packages. Dockerfile's runtime stage lists the same (Tests/CLITests/InstallTests.swift
# checks it, and scripts/install-check.sh checks that every library `ldd` finds is in here).
RUN_PACKAGES=(
  # Shared libraries of the binary (ldd + dpkg -S of an installed texteffects)
  libc6
  libgcc-s1
  libstdc++6
  libcairo2
  libpixman-1-0
  libpango-1.0-0
  libpangocairo-1.0-0
  libpangoft2-1.0-0
  libharfbuzz0b
  libfontconfig1
  libfreetype6
  libglib2.0-0
  libcmark-gfm0.29.0.gfm.6
  libcmark-gfm-extensions0.29.0.gfm.6
  libdeflate0
  # ISA-L's igzip: the PNG writer's compressor
  libisal2
  libhyphen0
  # The raw HTML in Markdown documents (libxml2's HTML parser)
  libxml2
  zlib1g
  libicu72
  # CSV and TSV data rows for `texteffects batch`
  libcsv3
  # JPEG and WebP image spans
  libturbojpeg0
  libwebp7
  # SVG images in text: loaded with dlopen on the first SVG, so ldd does not list it
  librsvg2-2
  # Dictionary hyphenation patterns, read at run time
  hyphen-en-us
  hyphen-de
  # Syntax-coloured code in Markdown and `code` blocks: Pygments, run as `python3 -I -c …` (with Python 3)
  python3-pygments
  # --format gif|apng|webp|mp4|mov|webm, captions --out .mov|.webm, --over, join
  ffmpeg
  # Math in Markdown ($…$, $$…$$, ```math): LaTeX with amsmath and amssymb, and dvisvgm for its
  # pages as SVG (Sources/RenderPipeline/Input/Math/). 55 MB download, 166 MB installed, about
  # 70 s to install (most of it building TeX's formats); without them formulas show their source.
  texlive-latex-base
  dvisvgm
  # The pinned fonts (Tests/Fixtures/fonts.conf), so renders match docs/ and the goldens
  fontconfig
  fonts-dejavu-core
  fonts-dejavu-extra
  fonts-noto-cjk
  # Devanagari, Bengali, Thai, Arabic, Hebrew and most other scripts people write captions in
  fonts-noto-core
  fonts-noto-color-emoji
  fonts-inter-variable
  fonts-material-design-icons-iconfont
  # GitHub's emoji shortcodes (:tada:): gemoji's table as python3-pymdownx ships it
  # (pymdownx/gemoji_db.py), read at run time
  python3-pymdownx
)

# Headers and pkg-config files for `swift build` (Package.swift's system libraries), and the
# tools make install uses (make itself, for the Dockerfile's build stage; strip from binutils).
BUILD_PACKAGES=(
  make
  binutils
  pkg-config
  libcairo2-dev
  libpango1.0-dev
  libcmark-gfm-dev
  libcmark-gfm-extensions-dev
  libdeflate-dev
  libisal-dev
  libhyphen-dev
  libxml2-dev
  zlib1g-dev
  libicu-dev
  libcsv-dev
  # JPEG and WebP image spans (libjpeg-turbo's TurboJPEG API, libwebp)
  libturbojpeg0-dev
  libwebp-dev
)

# What the tests drive besides the binary.
TEST_PACKAGES=(
  # Tests/RenderPipelineTests/Render/Text/PangoParityTests.swift compares lines with pango-view
  pango1.0-tools
  # cjpeg, cwebp and img2webp make the JPEG and WebP tests' fixtures (Tests/RenderPipelineTests/Render/Images/)
  libjpeg-turbo-progs
  webp
  # rsvg-convert, pdftoppm, pdftotext, pdffonts and pdfinfo read the SVG and PDF outputs back (Tests/RenderPipelineTests/Output/Vector/)
  librsvg2-bin
  poppler-utils
  # Tests/CLITests/CompletionScriptTests.swift parses the completions in the shells they are for
  zsh
  fish
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

usage() {
  echo "usage: $0 [run|build|test] | --list run|build|test" >&2
  exit 2
}

list=false
if [[ "${1:-}" == "--list" ]]; then
  list=true
  shift
fi
level=${1:-test}
case "$level" in
  run) PACKAGES=("${RUN_PACKAGES[@]}") ;;
  build) PACKAGES=("${RUN_PACKAGES[@]}" "${BUILD_PACKAGES[@]}") ;;
  test) PACKAGES=("${RUN_PACKAGES[@]}" "${BUILD_PACKAGES[@]}" "${TEST_PACKAGES[@]}") ;;
  *) usage ;;
esac
(($# <= 1)) || usage

if $list; then
  printf '%s\n' "${PACKAGES[@]}"
  exit 0
fi

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

if [[ "$level" == run ]]; then
  echo "install-deps: the runtime packages are in place"
  exit 0
fi

if ! command -v swift >/dev/null 2>&1; then
  echo "install-deps: 'swift' is not on PATH. Install Swift 6 (https://www.swift.org/install/linux/)" >&2
  echo "  and add its usr/bin folder to PATH, e.g. export PATH=/opt/swift/usr/bin:\$PATH" >&2
  exit 1
fi

if [[ "$level" == build ]]; then
  echo "install-deps: runtime and build packages and swift are in place"
  exit 0
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
