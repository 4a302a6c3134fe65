# texteffects — make demo | make test | make build | make install | make dist | make bench | make fuzz | make clean

SWIFT       ?= swift
FRAMES      ?= 30
SCENE       ?= Scenes/showcase.json
DEMO_OUT    ?= out/showcase
# The pinned fonts (DejaVu + Noto CJK + Noto Color Emoji), so renders match docs/ and the goldens.
FONTS_CONF  := $(CURDIR)/Tests/Fixtures/fonts.conf

# make install: PREFIX (default /usr/local), DESTDIR for a staged install. The binary is built in
# CONFIGURATION (release) with the Swift runtime linked in, so it runs where no toolchain is.
PREFIX        ?= /usr/local
DESTDIR       ?=
CONFIGURATION ?= release
# SwiftPM's build folder for make install and make dist.
SCRATCH       ?= .build
# make dist's archive goes to DIST_DIR/texteffects-VERSION-linux-ARCH.tar.gz.
DIST_DIR      ?= out

.PHONY: all deps deps-run deps-build deps-test build release demo test install-check container-check bench fuzz docs install dist clean

all: build

# The Debian packages, at three levels (scripts/install-deps.sh): run (an installed binary's
# libraries, ffmpeg, fonts), build (+ headers, swift), test (+ what the suites drive, check-jsonschema).
deps: deps-test
deps-run:
	@./scripts/install-deps.sh run
deps-build:
	@./scripts/install-deps.sh build
deps-test:
	@./scripts/install-deps.sh test

build: deps-build
	$(SWIFT) build

# --static-swift-stdlib, as make install and the benchmarks build it: one release build for all.
release: deps-build
	$(SWIFT) build -c release --static-swift-stdlib

demo: release
	@BIN="$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/texteffects"; \
	  echo "rendering $(SCENE) ($(FRAMES) frames)"; \
	  FONTCONFIG_FILE="$(FONTS_CONF)" "$$BIN" "$(SCENE)" --frames $(FRAMES) --out "$(DEMO_OUT)" --quiet
	@echo "frames: $(CURDIR)/$(DEMO_OUT)/ (last frame: $$(ls "$(DEMO_OUT)" | grep -E '^frame_[0-9]+\.png$$' | sort | tail -n 1))"

# First a package of a user's own (Tests/OutsidePackage: texteffects by path, public API only),
# then the package's own suites. The test builds carry no debug info, which keeps `make test`
# from a clean clone under 10 minutes on 2 cores (the index store stays: on Linux, `swift test`
# finds the tests through it). `TEST_BUILD_FLAGS=` gives the usual build.
TEST_BUILD_FLAGS ?= -Xswiftc -gnone
test: deps-test
	FONTCONFIG_FILE="$(FONTS_CONF)" SWIFT="$(SWIFT)" SWIFT_BUILD_FLAGS="$(TEST_BUILD_FLAGS)" ./scripts/outside-package.sh
	FONTCONFIG_FILE="$(FONTS_CONF)" $(SWIFT) test $(TEST_BUILD_FLAGS)

# make install and make dist into a temporary folder, run with the toolchain hidden
# (scripts/install-check.sh: a static debug build of its own in .build/install-check, 3–4 min
# on 2 cores from clean, so it is not part of make test, which stays under 10 minutes).
install-check: deps-test
	SWIFT="$(SWIFT)" ./scripts/install-check.sh

# Builds the Dockerfile with Docker or Podman and uses the image as an operator would, comparing
# its renders with this machine's release build (scripts/container-check.sh; deploy/README.md).
container-check: release
	./scripts/container-check.sh

# Timings against the reference renderer and the peers (../shared/bench); see Benchmarks/.
# BASELINE=<git revision> also compares this build with that revision's, row by row.
bench: deps-test
	BASELINE="$(BASELINE)" ./Benchmarks/run.sh

# libFuzzer over the scene decoder, Markdown, markup and caption parsers (FUZZ_SECONDS each,
# default 120), then LeakSanitizer over the CLI tests, valgrind over the showcase and
# ThreadSanitizer over the tests that draw on several threads; see Fuzz/run.sh.
fuzz: deps-test
	./Fuzz/run.sh

# RenderPipeline's DocC documentation (the catalog in Sources/RenderPipeline/RenderPipeline.docc)
# into out/docs. The symbol graph is extracted without the Foundation that RenderPipeline
# re-exports for SwiftUI code, so the pages list this module's API alone.
# System libraries have their module maps in Sources/C*/; C targets (Sources/C*/include) have
# the ones SwiftPM generates beside their objects.
C_MODULES   := $(patsubst Sources/%/module.modulemap,%,$(wildcard Sources/C*/module.modulemap))
C_TARGETS   := $(patsubst Sources/%/include,%,$(wildcard Sources/C*/include))
# Both modules' symbol graphs are extracted with the same flags; each catalog becomes its own archive.
SYMBOLGRAPH_FLAGS = -target $$(uname -m)-unknown-linux-gnu -I "$$bin/Modules" -minimum-access-level public \
	  -output-dir .build/symbol-graphs \
	  $(foreach m,$(C_MODULES),-Xcc -fmodule-map-file=Sources/$(m)/module.modulemap) \
	  $(foreach m,$(C_TARGETS),-Xcc -ISources/$(m)/include) \
	  $$(for m in $(C_TARGETS); do f="$$bin/$$m.build/module.modulemap"; [ -f "$$f" ] && printf -- '-Xcc -fmodule-map-file=%s ' "$$f"; done) \
	  $$(pkg-config --cflags-only-I cairo harfbuzz libcmark-gfm libdeflate libisal zlib | sed 's/-I/-Xcc -I/g')
docs: build
	@rm -rf .build/symbol-graphs .build/symbol-graphs-effects .build/symbol-graphs-textEffects out/docs out/docs-effects out/docs-textEffects && mkdir -p .build/symbol-graphs out
	bin="$$($(SWIFT) build --show-bin-path)"; swift-symbolgraph-extract -module-name RenderPipeline $(SYMBOLGRAPH_FLAGS)
	docc convert Sources/RenderPipeline/RenderPipeline.docc --additional-symbol-graph-dir .build/symbol-graphs \
	  --output-path out/docs --fallback-display-name RenderPipeline --fallback-bundle-identifier org.texteffects.RenderPipeline
	@mkdir -p .build/symbol-graphs-effects
	bin="$$($(SWIFT) build --show-bin-path)"; swift-symbolgraph-extract -module-name Effects $(SYMBOLGRAPH_FLAGS:.build/symbol-graphs=.build/symbol-graphs-effects)
	docc convert Sources/Effects/Effects.docc --additional-symbol-graph-dir .build/symbol-graphs-effects \
	  --output-path out/docs-effects --fallback-display-name Effects --fallback-bundle-identifier org.texteffects.Effects
	@mkdir -p .build/symbol-graphs-textEffects
	bin="$$($(SWIFT) build --show-bin-path)"; swift-symbolgraph-extract -module-name TextEffects $(SYMBOLGRAPH_FLAGS:.build/symbol-graphs=.build/symbol-graphs-textEffects)
	docc convert Sources/TextEffects/TextEffects.docc --additional-symbol-graph-dir .build/symbol-graphs-textEffects \
	  --output-path out/docs-textEffects --fallback-display-name TextEffects --fallback-bundle-identifier org.texteffects.TextEffects

# bin/texteffects (static Swift runtime), the caption styles' JSON, bash, zsh and fish completions
# and the man page (swift-argument-parser's generate-manual) under DESTDIR/PREFIX.
install: deps-build
	SWIFT="$(SWIFT)" CONFIGURATION="$(CONFIGURATION)" SCRATCH="$(SCRATCH)" ./scripts/install.sh "$(DESTDIR)" "$(PREFIX)"

# The same tree in DIST_DIR/texteffects-VERSION-linux-ARCH.tar.gz, with DEPENDENCIES: the Debian
# packages it needs at run time (scripts/install-deps.sh run's, checked against ldd).
dist: deps-build
	SWIFT="$(SWIFT)" CONFIGURATION="$(CONFIGURATION)" SCRATCH="$(SCRATCH)" ./scripts/dist.sh "$(DIST_DIR)"

clean:
	$(SWIFT) package clean
	rm -rf out
