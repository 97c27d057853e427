#!/usr/bin/env bash
# Check the release configuration and build a snapshot of every target:
# archives, checksums, the Homebrew cask and deb/rpm packages, in dist/.
# Nothing is published and nothing is fetched but Go modules.
#
#   scripts/release.sh           # goreleaser check, then a snapshot release
#   scripts/release.sh check     # goreleaser check only
#
# GoReleaser is installed through the Go module proxy, at the version pinned
# here, into a bin directory outside the work tree ($GORELEASER_BIN, default
# ~/.cache/headroom/bin), so that it is built once and never committed. The
# version is the newest v2 whose go.mod asks for no newer Go than headroom's
# and whose dependencies the proxy serves (v2.17.0 needs one it does not).
set -euo pipefail
cd "$(dirname "$0")/.."

GORELEASER_VERSION=v2.16.0
bin="${GORELEASER_BIN:-${XDG_CACHE_HOME:-$HOME/.cache}/headroom/bin}"
goreleaser="$bin/goreleaser"

if ! "$goreleaser" --version 2>/dev/null | grep -q "GitVersion: *${GORELEASER_VERSION}\$"; then
	echo "== installing goreleaser ${GORELEASER_VERSION} into $bin"
	mkdir -p "$bin"
	GOBIN="$bin" go install "github.com/goreleaser/goreleaser/v2@${GORELEASER_VERSION}"
fi

echo "== goreleaser check"
"$goreleaser" check

if [ "${1:-}" = check ]; then
	exit 0
fi

# The man pages and completions that the before hook generates into build/
# are needed only while archiving; the archives and packages in dist/ hold
# them.
trap 'rm -rf build' EXIT

echo "== goreleaser release --snapshot --clean"
start=$(date +%s)
"$goreleaser" release --snapshot --clean
echo "== built in $(($(date +%s) - start)) s"
ls -l dist/*.tar.gz dist/*.zip dist/*.deb dist/*.rpm dist/checksums.txt
