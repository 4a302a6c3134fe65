# texteffects — make demo | make test | make build | make clean

SWIFT       ?= swift
FRAMES      ?= 30
SCENE       ?= Scenes/showcase.json
DEMO_OUT    ?= out/showcase
# The pinned fonts (DejaVu + Noto CJK + Noto Color Emoji), so renders match docs/ and the goldens.
FONTS_CONF  := $(CURDIR)/Tests/Fixtures/fonts.conf

.PHONY: all deps build release demo test bench clean

all: build

deps:
	@./scripts/install-deps.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

demo: release
	@BIN="$$($(SWIFT) build -c release --show-bin-path)/texteffects"; \
	  echo "rendering $(SCENE) ($(FRAMES) frames)"; \
	  FONTCONFIG_FILE="$(FONTS_CONF)" "$$BIN" "$(SCENE)" --frames $(FRAMES) --out "$(DEMO_OUT)" --quiet
	@echo "frames: $(CURDIR)/$(DEMO_OUT)/ (last frame: $$(ls "$(DEMO_OUT)" | grep -E '^frame_[0-9]+\.png$$' | sort | tail -n 1))"

test: deps
	FONTCONFIG_FILE="$(FONTS_CONF)" $(SWIFT) test

# Timings against the reference renderer and the peers (../shared/bench); see Benchmarks/.
bench: deps
	./Benchmarks/run.sh

clean:
	$(SWIFT) package clean
	rm -rf out
