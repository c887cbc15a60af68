#!/usr/bin/env bash
# Builds the Pulumi CLI from Go modules (no binary can be downloaded on our
# machines), matching the @pulumi/pulumi SDK version, and caches it outside the
# repository. Prints the directory that holds the binaries on its last line.
#
# The Node.js language host (module .../sdk/nodejs/cmd/pulumi-language-nodejs/v3)
# is refused by the module proxy these machines reach (403 "This module version
# is not available"), so it is tried but optional: without it, programs run
# through the Automation API's inline mode, where the Node process itself serves
# the language runtime to the CLI (`--client`).
set -euo pipefail

PULUMI_VERSION="v3.248.0"
# pulumi-language-nodejs has no tags; this is the commit of v3.248.0.
PULUMI_COMMIT="a88168d865b7"
CACHE="${PULUMI_CLI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/bunnynet-shield-pulumi/cli-$PULUMI_VERSION}"
BIN="$CACHE/bin"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

if [ -x "$BIN/pulumi" ]; then
  cp "$here/node_modules/@pulumi/pulumi/"pulumi-resource-pulumi-nodejs "$BIN/" 2>/dev/null || true
  echo "$BIN"
  exit 0
fi

command -v go >/dev/null || { echo "pulumi-cli.sh: Go is not installed; cannot build the Pulumi CLI" >&2; exit 3; }
echo "pulumi-cli.sh: building the Pulumi CLI $PULUMI_VERSION from Go modules, once: about 10-15 minutes on two cores; it is cached in $CACHE" >&2

export GOPATH="${GOPATH:-$CACHE/gopath}"
export GOCACHE="${GOCACHE:-$CACHE/gocache}"
export GOFLAGS="-mod=mod"
# The checksum database is not reachable through the proxy here (404).
export GOSUMDB="${GOSUMDB:-off}"
mod="$CACHE/module"
mkdir -p "$mod" "$BIN"
cd "$mod"
if [ ! -f go.mod ]; then
  cat > go.mod <<GOMOD
module local/pulumi-cli-build

go 1.25.11

replace github.com/atotto/clipboard => github.com/tgummerer/clipboard v0.0.0-20241001131231-d02d263e614e
GOMOD
  cat > tools.go <<GOSRC
//go:build tools

package tools

import (
	_ "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi"
)
GOSRC
fi
echo "pulumi-cli.sh: downloading its modules" >&2
go get "github.com/pulumi/pulumi/pkg/v3@$PULUMI_VERSION" "github.com/pulumi/pulumi/sdk/v3@$PULUMI_VERSION" >&2
echo "pulumi-cli.sh: compiling it" >&2
ldflags="-X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=$PULUMI_VERSION"
go build -tags grpcnotrace,osusergo -ldflags "$ldflags" -o "$BIN/pulumi.tmp" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi >&2
if go get "github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3@$PULUMI_COMMIT" >&2 2>/dev/null; then
  # Pin pkg and sdk again: the language host's go.mod asks for older ones.
  go get "github.com/pulumi/pulumi/pkg/v3@$PULUMI_VERSION" "github.com/pulumi/pulumi/sdk/v3@$PULUMI_VERSION" >&2
  go build -tags grpcnotrace,osusergo -ldflags "$ldflags" -o "$BIN/pulumi-language-nodejs" \
    github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3 >&2 || true
else
  echo "pulumi-cli.sh: the Node.js language host is not available from the module proxy; inline programs only" >&2
fi
mv "$BIN/pulumi.tmp" "$BIN/pulumi"
cp "$here/node_modules/@pulumi/pulumi/"pulumi-resource-pulumi-nodejs "$BIN/" 2>/dev/null || true
echo "$BIN"
