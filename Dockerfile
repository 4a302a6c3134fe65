# texteffects in a container: built with the official Swift image, run on debian:bookworm-slim
# with only the runtime packages (scripts/install-deps.sh run's list; Tests/CLITests/InstallTests.swift
# checks the two agree) and the pinned fonts. No Swift toolchain in the final image: the binary
# has the Swift runtime linked in (make install builds it with --static-swift-stdlib).
#
#   docker build -t registry.example.com/texteffects:0.2.0 .
#   docker run --rm -v "$PWD:/data" registry.example.com/texteffects:0.2.0 texteffects Scenes/showcase.json --out out/showcase
#
# deploy/kubernetes/*.yaml run this image; deploy/README.md says how to push it.

FROM swift:6.3.1-bookworm AS build
WORKDIR /src
# The build level's packages (headers, pkg-config) first: a layer that outlives source changes.
COPY scripts/install-deps.sh scripts/install-deps.sh
RUN scripts/install-deps.sh build && rm -rf /var/lib/apt/lists/*
COPY . .
RUN make install DESTDIR=/stage PREFIX=/usr/local

FROM debian:bookworm-slim
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      libc6 \
      libgcc-s1 \
      libstdc++6 \
      libcairo2 \
      libpixman-1-0 \
      libpango-1.0-0 \
      libpangocairo-1.0-0 \
      libpangoft2-1.0-0 \
      libharfbuzz0b \
      libfontconfig1 \
      libfreetype6 \
      libglib2.0-0 \
      libcmark-gfm0.29.0.gfm.6 \
      libcmark-gfm-extensions0.29.0.gfm.6 \
      libdeflate0 \
      libisal2 \
      libhyphen0 \
      libxml2 \
      zlib1g \
      libicu72 \
      libcsv3 \
      libturbojpeg0 \
      libwebp7 \
      librsvg2-2 \
      hyphen-en-us \
      hyphen-de \
      python3-pygments \
      ffmpeg \
      texlive-latex-base \
      dvisvgm \
      fontconfig \
      fonts-dejavu-core \
      fonts-dejavu-extra \
      fonts-noto-cjk \
      fonts-noto-core \
      fonts-noto-color-emoji \
      fonts-inter-variable \
      fonts-material-design-icons-iconfont \
      python3-pymdownx \
    && rm -rf /var/lib/apt/lists/*
COPY --from=build /stage/usr/local/ /usr/local/
# The pinned fonts only, as make demo and the tests render: the same pixels as docs/ and the goldens.
ENV FONTCONFIG_FILE=/usr/local/share/texteffects/fonts.conf
WORKDIR /data
# `texteffects serve /data --host 0.0.0.0 --allow-host NAME` listens here (its default port).
EXPOSE 8080
CMD ["texteffects", "--help"]
