#!/usr/bin/env bash
# End-to-end test of headroom inside the real coding agents: Claude Code,
# Codex CLI, Gemini CLI and opencode, at pinned versions, installed from
# npm into a temporary prefix and each pointed at a mock model on
# 127.0.0.1 (scripts/e2e), so that nothing needs an account or the
# internet but the registry.
#
#   scripts/e2e-agents.sh
#
# For each agent it runs a search over the Go tree and a failing
# `go test -v` without headroom and with `headroom init AGENT`, and checks
# what the model received: the view's header and footer, `headroom expand`
# against the command run again, the exit status, the settings after
# `headroom init AGENT --uninstall`; then the runs that show each defect
# of the agents' end-to-end report fixed. It prints a table of what the
# model received, per agent and version, and exits 1 if a check failed,
# 3 if the agents could not be installed (twice), 0 otherwise.
#
# Environment: E2E_AGENTS (default claude,codex,gemini,opencode);
# E2E_PREFIX, an npm prefix to install into or reuse (default: a new one
# under the work directory); E2E_WORK, where to work (default: a new
# temporary directory, removed after a run whose checks all pass unless
# E2E_KEEP=1).
#
# Needs Go, git, Node 20 or later and npm.
set -euo pipefail
cd "$(dirname "$0")/.."

# The versions under test. Update them here, run this script, and put the
# table it prints into the README.
packages=(
	@anthropic-ai/claude-code@2.1.331
	@openai/codex@0.169.0
	@google/gemini-cli@0.61.0
	opencode-ai@1.18.33
)

work=${E2E_WORK:-$(mktemp -d "${TMPDIR:-/tmp}/headroom-e2e.XXXXXX")}
mkdir -p "$work"
prefix=${E2E_PREFIX:-$work/npm}
agents=${E2E_AGENTS:-claude,codex,gemini,opencode}

node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$node_major" -lt 20 ]; then
	echo "e2e-agents: Node 20 or later is needed (found ${node_major})" >&2
	exit 3
fi

# installed PKG@VERSION reports whether the prefix holds that version.
installed() {
	local pkg=${1%@*} version=${1##*@}
	[ -f "$prefix/lib/node_modules/$pkg/package.json" ] &&
		[ "$(node -p "require('$prefix/lib/node_modules/$pkg/package.json').version")" = "$version" ]
}

missing=()
for p in "${packages[@]}"; do
	installed "$p" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	# The agents' native binaries come in platform packages npm picks.
	# Install scripts are skipped: Gemini's build a terminal library from
	# source, which headless runs do not use. Claude Code's and opencode's
	# copy the binary of their platform package over a placeholder, and
	# run below.
	echo "e2e-agents: installing ${missing[*]} into $prefix"
	for attempt in 1 2; do
		if timeout 300 npm install --global --prefix "$prefix" --ignore-scripts --no-audit --no-fund \
			--loglevel=error "${missing[@]}" &&
			(cd "$prefix/lib/node_modules/@anthropic-ai/claude-code" && node install.cjs) &&
			(cd "$prefix/lib/node_modules/opencode-ai" && node postinstall.mjs); then
			break
		fi
		if [ $attempt = 2 ]; then
			echo "e2e-agents: npm install failed twice" >&2
			exit 3
		fi
		echo "e2e-agents: npm install failed; trying once more" >&2
		sleep 5
	done
fi

go build -o "$work/headroom" .
go build -o "$work/e2e" ./scripts/e2e
status=0
"$work/e2e" -prefix "$prefix" -headroom "$work/headroom" -work "$work/run" -agents "$agents" || status=$?
if [ $status = 0 ] && [ -z "${E2E_WORK:-}" ] && [ "${E2E_KEEP:-}" != 1 ]; then
	rm -rf "$work"
fi
exit $status
