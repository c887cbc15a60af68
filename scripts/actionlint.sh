#!/usr/bin/env bash
# Lints GitHub Actions workflows with actionlint, built from Go modules at a pinned version
# (no binary can be downloaded on our machines) and cached outside the repository, as
# scripts/pulumi-cli.sh caches the Pulumi CLI.
#
#   bash scripts/actionlint.sh              # examples/ci/*.yml
#   bash scripts/actionlint.sh a.yml b.yml  # the files given
#
# Exit status: actionlint's (0 clean, 1 findings, 2 or 3 a failure of its own), or 3 when Go
# is not installed.
set -euo pipefail

ACTIONLINT_VERSION="v1.7.12"
CACHE="${ACTIONLINT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/bunnynet-shield-pulumi/actionlint-$ACTIONLINT_VERSION}"
BIN="$CACHE/bin"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

if [ ! -x "$BIN/actionlint" ]; then
  command -v go >/dev/null || { echo "actionlint.sh: Go is not installed; cannot build actionlint" >&2; exit 3; }
  mkdir -p "$BIN"
  # The checksum database is not reachable through the proxy here (404), as for the CLI.
  GOPATH="$CACHE/gopath" GOCACHE="$CACHE/gocache" GOBIN="$BIN" GOFLAGS="-mod=mod" \
    GOSUMDB="${GOSUMDB:-off}" \
    go install "github.com/rhysd/actionlint/cmd/actionlint@$ACTIONLINT_VERSION" >&2
fi

if [ "$#" -eq 0 ]; then
  set -- "$here"/examples/ci/*.yml
fi
# -no-color: the output is read by tests and CI logs. shellcheck and pyflakes run on `run:`
# scripts when they are installed, and are skipped otherwise.
exec "$BIN/actionlint" -no-color "$@"
