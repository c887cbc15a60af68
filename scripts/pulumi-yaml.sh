#!/usr/bin/env bash
# Builds Pulumi's YAML language host (pulumi-language-yaml) from Go modules at a pinned version
# (no binary can be downloaded on our machines) and caches it outside the repository, as
# scripts/pulumi-cli.sh caches the CLI. Prints the directory that holds it on its last line:
# put that directory on PATH beside the CLI and `pulumi up` runs a `runtime: yaml` program.
#
# Exit status 3 when Go is not installed.
set -euo pipefail

YAML_VERSION="v1.25.0"
CACHE="${PULUMI_YAML_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/bunnynet-shield-pulumi/yaml-$YAML_VERSION}"
BIN="$CACHE/bin"

if [ ! -x "$BIN/pulumi-language-yaml" ]; then
  command -v go >/dev/null || { echo "pulumi-yaml.sh: Go is not installed; cannot build the YAML language host" >&2; exit 3; }
  echo "pulumi-yaml.sh: building pulumi-language-yaml $YAML_VERSION from Go modules, once (about a minute); it is cached in $CACHE" >&2
  mkdir -p "$BIN"
  # The checksum database is not reachable through the proxy here (404), as for the CLI.
  GOPATH="$CACHE/gopath" GOCACHE="$CACHE/gocache" GOBIN="$BIN" GOFLAGS="-mod=mod" \
    GOSUMDB="${GOSUMDB:-off}" \
    go install "github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml@$YAML_VERSION" >&2
fi
echo "$BIN"
