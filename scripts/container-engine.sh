# scripts/container-engine.sh — sourced by the container scripts: which engine builds and runs images.
#
# container_engine prints `docker` when a Docker engine answers, else `podman` when Podman can
# run a container, else says why not and fails. ENGINE=docker|podman forces one.
# container_build_flags ENGINE prints the build options that engine needs here: Podman builds on
# the host's network, since a sandbox often has no bridge for its RUN steps' apt-get.

container_engine() {
  if [[ -n "${ENGINE:-}" ]]; then
    command -v "$ENGINE" >/dev/null || { echo "container: ENGINE=$ENGINE is not installed" >&2; return 1; }
    echo "$ENGINE"
    return 0
  fi
  if command -v docker >/dev/null && docker info >/dev/null 2>&1; then
    echo docker
  elif command -v podman >/dev/null && podman info >/dev/null 2>&1; then
    echo podman
  else
    echo "container: needs a Docker engine or Podman (\`docker info\` and \`podman info\` both failed)" >&2
    return 1
  fi
}

container_build_flags() {
  case "$1" in
    podman) echo "--network host" ;;
    *) ;;
  esac
}
