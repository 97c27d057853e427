#!/usr/bin/env bash
# corpus.sh regenerates testdata/corpus/: the real output of real commands run on this
# machine, each sample NAME.out with NAME.needles (line fragments a good view must keep).
#
#   scripts/corpus.sh                 # from the repository root; deletes and rebuilds testdata/corpus
#   CORPUS_SECTIONS="grep go" scripts/corpus.sh   # only some sections (keeps other samples)
#
# Sections: grep go native npm apt diff json text here, and in scripts/corpus/*.sh
# cpython build tests lint pkg git search listing forms outline data cloud preamble
# borders diffforms jsontext lookalikes. Small broken projects live in testdata/corpus-src/<project>/
# and are copied to a scratch directory before they run; real projects come from Debian's
# source archive, npm, the Go module proxy and the files the machine has (the Go tree,
# Python's library, man pages).
# Output is captured with stdout and stderr merged, as an agent sees it, and is not
# edited: the scratch directory has a fixed path ($W) so paths in the output stay stable.
# Every needle is derived by this script (from what it injected, or extracted from the
# output), and scripts/corpus/needles.py check verifies each one occurs verbatim.
# Samples must not name the package registries' hosts (checked too).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SRC=$ROOT/testdata/corpus-src
OUT=$ROOT/testdata/corpus
PY="python3 $ROOT/scripts/corpus/needles.py"
W=/tmp/headroom-corpus
G=/usr/local/go/src
ALL_SECTIONS="grep go native npm apt diff json text cpython build tests lint pkg git search listing forms outline data cloud preamble borders diffforms jsontext lookalikes"
SECTIONS=${CORPUS_SECTIONS:-$ALL_SECTIONS}
START=$SECONDS

say() { printf 'corpus: %s\n' "$*" >&2; }
o() { printf '%s/%s.out' "$OUT" "$1"; }
needles() { $PY trim "$OUT/$1.needles"; }
# g: grep for needle candidates; finding none is not an error here (the check counts needles).
g() { grep "$@" || true; }
# first N: the first N lines of stdin, reading all of it, so that the command
# before it in a pipeline never dies of a closed pipe (pipefail is on).
first() { sed -n "1,${1}p"; }

# ---------------------------------------------------------------- environment
export LC_ALL=C.UTF-8 LANG=C.UTF-8 TZ=UTC
export GOTOOLCHAIN=local GOFLAGS=-modcacherw GOMODCACHE=$W/gomodcache
export RUST_BACKTRACE=1 CARGO_TERM_COLOR=never
export NPM_CONFIG_USERCONFIG=$W/npmrc npm_config_cache=$W/npm-cache
export GIT_CONFIG_GLOBAL=$W/gitconfig GIT_CONFIG_NOSYSTEM=1 GIT_PAGER=cat PAGER=cat
export MANWIDTH=80 PYTHONDONTWRITEBYTECODE=1 DEBIAN_FRONTEND=noninteractive
unset JAVA_TOOL_OPTIONS _JAVA_OPTIONS NO_COLOR FORCE_COLOR GOROOT || true

APT_UPDATED=0
apt_update() {
	if [ "$APT_UPDATED" = 0 ]; then
		apt-get update -qq >/dev/null 2>&1 || say "warning: apt-get update failed"
		APT_UPDATED=1
	fi
}
# need CMD PACKAGE: install a Debian package when CMD is missing.
need() {
	command -v "$1" >/dev/null 2>&1 && return 0
	say "installing $2 for $1"
	apt_update
	apt-get install -y -qq "$2" >/dev/null
}
need go golang-go # the machine image ships Go in /usr/local/go; this is a fallback
need rg ripgrep
need jq jq
need git git
need gcc gcc
need make make
need python3 python3
need node nodejs
need npm npm
need cargo cargo
need javac default-jdk-headless
need man man-db
need diff diffutils
need tree tree
need cmake cmake
need clang clang
need pytest python3-pytest
need shellcheck shellcheck
[ -d /usr/share/cargo/registry/semver-1.0.14 ] || { apt_update; apt-get install -y -qq librust-semver-dev librust-serde-dev >/dev/null; }
[ -d "$G" ] || G=$(go env GOROOT)/src

# The scratch directory has a fixed path, so two captures at once would
# clobber each other's: the second waits for the first.
exec 9>"$W.lock"
flock 9

# The scratch directory and the corpus are rebuilt from nothing.
rm -rf "$W"
mkdir -p "$W"
cp -r "$SRC" "$W/src"
if [ "$SECTIONS" = "$ALL_SECTIONS" ]; then
	# Everything but the copied CPython build logs, which only some machines have.
	find "$OUT" -type f ! -name 'log-configure-make-cpython*' -delete 2>/dev/null || true
fi
mkdir -p "$OUT"
printf 'update-notifier=false\nfund=false\naudit=false\nomit-lockfile-registry-resolved=true\n' >"$W/npmrc"
printf '[user]\n\tname = Corpus Bot\n\temail = corpus@example.com\n[init]\n\tdefaultBranch = main\n[advice]\n\tdetachedHead = false\n' >"$W/gitconfig"

GIT_SEQ=0
# commit MESSAGE: commit everything with a fixed author and an advancing date, so that
# hashes are the same on every run.
commit() {
	GIT_SEQ=$((GIT_SEQ + 1))
	local d
	d=$(printf '2024-03-%02dT%02d:%02d:00+0000' $((GIT_SEQ % 27 + 1)) $((8 + GIT_SEQ % 10)) $((GIT_SEQ * 7 % 60)))
	git add -A
	GIT_AUTHOR_DATE=$d GIT_COMMITTER_DATE=$d git commit -q -m "$1"
}

# ---------------------------------------------------------------- grep
section_grep() {
	cd "$W"

	# $ grep -rn 'sync.Pool{' /usr/local/go/src
	grep -rn 'sync.Pool{' "$G" >"$(o grep-rn-syncpool-small)" 2>&1
	$PY grepfiles colon "$(o grep-rn-syncpool-small)" 40 0 | needles grep-rn-syncpool-small

	# $ grep -rn 'io.EOF' /usr/local/go/src/net /usr/local/go/src/encoding
	grep -rn 'io.EOF' "$G/net" "$G/encoding" >"$(o grep-rn-go-src-plain)" 2>&1
	$PY grepfiles colon "$(o grep-rn-go-src-plain)" 25 10 | needles grep-rn-go-src-plain

	# $ grep -rn -C 2 'ErrUnexpectedEOF' /usr/local/go/src/encoding /usr/local/go/src/compress /usr/local/go/src/archive
	grep -rn -C 2 'ErrUnexpectedEOF' "$G/encoding" "$G/compress" "$G/archive" >"$(o grep-rn-c2-context)" 2>&1
	$PY grepfiles colon "$(o grep-rn-c2-context)" 25 10 | needles grep-rn-c2-context

	# $ rg -n --sort path -C 2 'context\.WithTimeout' /usr/local/go/src
	rg -n --sort path -C 2 'context\.WithTimeout' "$G" >"$(o grep-rg-c2-context)" 2>&1
	$PY grepfiles colon "$(o grep-rg-c2-context)" 25 10 | needles grep-rg-c2-context

	# $ rg --heading -n --sort path 'TODO\(' /usr/local/go/src/runtime
	rg --heading -n --sort path 'TODO\(' "$G/runtime" >"$(o grep-rg-heading-todo)" 2>&1
	$PY grepfiles heading "$(o grep-rg-heading-todo)" 25 10 | needles grep-rg-heading-todo

	# $ rg --vimgrep --sort path 'panic\(' /usr/local/go/src/encoding
	rg --vimgrep --sort path 'panic\(' "$G/encoding" >"$(o grep-rg-vimgrep-panic)" 2>&1
	$PY grepfiles colon "$(o grep-rg-vimgrep-panic)" 25 10 | needles grep-rg-vimgrep-panic

	# $ rg -l --sort path 'context\.Context' /usr/local/go/src
	rg -l --sort path 'context\.Context' "$G" >"$(o listing-rg-l-files)" 2>&1
	$PY dirs "$(o listing-rg-l-files)" 20 15 | needles listing-rg-l-files

	# $ find /usr/local/go/src/net -type f
	find "$G/net" -type f >"$(o listing-find-net-files)" 2>&1
	$PY dirs "$(o listing-find-net-files)" 20 15 | needles listing-find-net-files

	# $ rg -n --sort path 'err != nil' /usr/local/go/src
	rg -n --sort path 'err != nil' "$G" >"$(o grep-rg-flood-errnil)" 2>&1
	$PY grepfiles colon "$(o grep-rg-flood-errnil)" 28 12 | needles grep-rg-flood-errnil

	# $ rg -n --sort path 'TLS 1\.0' /usr/local/go/src
	rg -n --sort path 'TLS 1\.0' "$G" >"$(o grep-rg-sparse-tls10)" 2>&1
	$PY grepfiles colon "$(o grep-rg-sparse-tls10)" 40 0 | needles grep-rg-sparse-tls10

	# $ rg -n --sort path goroot /usr/local/go/src/go/build /usr/local/go/pkg/tool/linux_amd64/vet /usr/local/go/bin/gofmt
	local vet
	vet=$(go env GOTOOLDIR)/vet
	rg -n --sort path goroot "$G/go/build" "$vet" "$(go env GOROOT)/bin/gofmt" >"$(o grep-rg-binary-notice)" 2>&1
	{
		$PY grepfiles binary "$(o grep-rg-binary-notice)" 10 0
		$PY grepfiles colon "$(o grep-rg-binary-notice)" 10 0
	} | needles grep-rg-binary-notice

	# $ grep -rn IHDR /usr/local/go/src/image
	grep -rn IHDR "$G/image" >"$(o grep-rn-binary-matches)" 2>&1
	{
		$PY grepfiles colon "$(o grep-rn-binary-matches)" 10 0
		$PY grepfiles binary "$(o grep-rn-binary-matches)" 10 10
	} | needles grep-rn-binary-matches

	# $ rg -c --sort path 'func Test' /usr/local/go/src/net
	rg -c --sort path 'func Test' "$G/net" >"$(o grep-rg-count-tests)" 2>&1
	$PY grepfiles count "$(o grep-rg-count-tests)" 25 10 | needles grep-rg-count-tests
}

# ---------------------------------------------------------------- go
section_go() {
	local s
	# $ cd gotable && go test -v -count=1 ./...
	(cd "$W/src/gotable" && go test -v -count=1 ./...) >"$(o log-gotest-v-assert-buried)" 2>&1 || true
	s=$(o log-gotest-v-assert-buried)
	{
		g -e '--- FAIL' "$s"
		g 'balance mismatch for ' "$s"
		g -E '^(FAIL|ok)[[:space:]]+[a-z]' "$s"
	} | needles log-gotest-v-assert-buried

	# $ cd gotable && go test -count=1 ./...
	(cd "$W/src/gotable" && go test -count=1 ./...) >"$(o log-gotest-assert-short)" 2>&1 || true
	s=$(o log-gotest-assert-short)
	{
		g -e '--- FAIL' "$s"
		g 'balance mismatch for ' "$s"
		g -E '^(FAIL|ok)[[:space:]]+[a-z]' "$s"
	} | needles log-gotest-assert-short

	# $ cd gotable && go test -json -count=1 ./...
	(cd "$W/src/gotable" && go test -json -count=1 ./...) >"$(o json-gotest-json-fail)" 2>&1 || true
	s=$(o json-gotest-json-fail)
	{
		echo '"Action":"fail"'
		jq -r 'select(.Action=="fail" and .Test) | "\"Test\":\"\(.Test)\""' "$s"
		jq -r 'select(.Action=="fail" and (.Test|not)) | "\"Package\":\"\(.Package)\""' "$s"
		jq -r 'select(.Action=="output" and (.Output|test("balance mismatch"))) | .Output' "$s"
	} | needles json-gotest-json-fail

	# $ cd gosoak && go test -v -count=1 ./...
	(cd "$W/src/gosoak" && go test -v -count=1 ./...) >"$(o log-gotest-v-soak-huge)" 2>&1 || true
	s=$(o log-gotest-v-soak-huge)
	{
		g -e '--- FAIL' "$s"
		g -A3 'weight not conserved' "$s"
		g -E '^(FAIL|ok)[[:space:]]+[a-z]' "$s"
	} | needles log-gotest-v-soak-huge

	# $ cd gopanic && go test -count=1 ./...
	(cd "$W/src/gopanic" && go test -count=1 ./...) >"$(o log-gotest-panic-goroutines)" 2>&1 || true
	s=$(o log-gotest-panic-goroutines)
	{
		g '^panic: ' "$s"
		g -m1 -A4 '\[running\]' "$s"
		g -E '^(FAIL|ok)[[:space:]]+[a-z]' "$s"
	} | needles log-gotest-panic-goroutines

	# $ cd gorace && go test -race -v -count=1 ./...
	(cd "$W/src/gorace" && go test -race -v -count=1 ./...) >"$(o log-gotest-race)" 2>&1 || true
	s=$(o log-gotest-race)
	{
		g -m1 'WARNING: DATA RACE' "$s"
		g -m1 -A2 '^Read at\|^Write at' "$s"
		g -m1 '^Previous write at\|^Previous read at' "$s"
		g 'race detected during execution of test' "$s"
		g -e '--- FAIL' "$s"
		g -E '^(FAIL|ok)[[:space:]]+[a-z]' "$s"
	} | needles log-gotest-race

	# $ cd gotimeout && go test -count=1 -timeout 2s ./...
	(cd "$W/src/gotimeout" && go test -count=1 -timeout 2s ./...) >"$(o log-gotest-timeout)" 2>&1 || true
	s=$(o log-gotest-timeout)
	{
		g '^panic: test timed out' "$s"
		g -A1 'running tests:' "$s"
		g -A1 'drain.(\*Server).Shutdown' "$s" | head -2
		g -E '^(FAIL|ok)[[:space:]]+[a-z]' "$s"
	} | needles log-gotest-timeout

	# $ cd gocompile && go build ./...
	(cd "$W/src/gocompile" && go build ./...) >"$(o log-gobuild-compile-errors)" 2>&1 || true
	s=$(o log-gobuild-compile-errors)
	{
		g '^# ' "$s"
		g -E '\.go:[0-9]+:[0-9]+: ' "$s"
	} | needles log-gobuild-compile-errors

	# $ cd gocompile && go test -count=1 ./...
	(cd "$W/src/gocompile" && go test -count=1 ./...) >"$(o log-gotest-build-failed)" 2>&1 || true
	s=$(o log-gotest-build-failed)
	{
		g -E '\.go:[0-9]+:[0-9]+: ' "$s"
		g -E '^(FAIL|ok)[[:space:]]+[a-z]' "$s"
	} | needles log-gotest-build-failed

	# $ cd gopass && go test -count=1 ./...
	(cd "$W/src/gopass" && go test -count=1 ./...) >"$(o log-gotest-pass)" 2>&1
	grep -E '^ok ' "$(o log-gotest-pass)" | needles log-gotest-pass

	# $ cd gopass && go test -v -count=1 ./...
	(cd "$W/src/gopass" && go test -v -count=1 ./...) >"$(o log-gotest-v-pass)" 2>&1
	s=$(o log-gotest-v-pass)
	{
		g -E '^--- PASS' "$s"
		g -E '^ok ' "$s"
	} | needles log-gotest-v-pass

	# $ go test -short -count=1 encoding/... unicode/... container/... hash/... text/... sort strconv
	go test -short -count=1 encoding/... unicode/... container/... hash/... text/... sort strconv \
		>"$(o log-gotest-pass-std)" 2>&1
	$PY spread "$(o log-gotest-pass-std)" '^ok ' 12 | needles log-gotest-pass-std

	# $ cd govet && go vet ./...
	(cd "$W/src/govet" && go vet ./...) >"$(o log-govet)" 2>&1 || true
	s=$(o log-govet)
	{
		g '^# ' "$s"
		g -E '\.go:[0-9]+:[0-9]+: ' "$s"
	} | needles log-govet

	# $ cd govet && go vet -json ./...
	(cd "$W/src/govet" && go vet -json ./...) >"$(o json-govet)" 2>&1 || true
	s=$(o json-govet)
	{
		g -oE '^\s+"[a-z]+": \[' "$s" | sed -E 's/^\s+("[a-z]+").*/\1/' | g -v '"edits"'
		$PY spread "$s" '"message": ' 8
	} | needles json-govet

	# $ cd godeps && go list -m -u -json all
	(cd "$W/src/godeps" && go list -m -u -json all) >"$(o json-golist-m-u-all)" 2>&1
	s=$(o json-golist-m-u-all)
	{
		echo '"Main": true'
		echo '"Update": {'
		jq -r 'select(.Update) | "\"Path\": \"\(.Path)\""' "$s"
		jq -r 'select(.Update) | "\"Version\": \"\(.Update.Version)\""' "$s"
		jq -r 'select(.Main) | .Path' "$s"
	} | needles json-golist-m-u-all
}

# ---------------------------------------------------------------- C, Python, Node, Rust, Java
section_native() {
	local s
	# $ cd cbroken && make
	(cd "$W/src/cbroken" && make) >"$(o log-make-gcc-warnings-error)" 2>&1 || true
	s=$(o log-make-gcc-warnings-error)
	{
		g -E ': (fatal )?error: ' "$s"
		g '^make: \*\*\*' "$s"
		# the first warning of each kind
		g -E ': warning: .*\[-W' "$s" | awk -F'[][]' '!seen[$(NF-1)]++'
	} | needles log-make-gcc-warnings-error

	# $ cd cwarn && make
	(cd "$W/src/cwarn" && make) >"$(o log-make-gcc-analyzer-long-build)" 2>&1
	s=$(o log-make-gcc-analyzer-long-build)
	{
		g '^built ' "$s"
		g -E ': warning: .*\[-W' "$s" | awk -F'[][]' '!seen[$(NF-1)]++'
	} | needles log-make-gcc-analyzer-long-build

	# $ cd pyproj && python3 -m unittest -v
	(cd "$W/src/pyproj" && python3 -m unittest -v) >"$(o log-python-unittest-failures)" 2>&1 || true
	s=$(o log-python-unittest-failures)
	{
		g -E '^(FAIL|ERROR): ' "$s"
		g 'bulk discount must start at exactly 100 units' "$s"
		g -E '^[A-Za-z]+Error: ' "$s"
		g 'The above exception was the direct cause' "$s"
		g -E '^Ran [0-9]+ tests' "$s"
		g -E '^FAILED \(' "$s"
	} | needles log-python-unittest-failures

	# $ cd pyproj && python3 etl.py
	(cd "$W/src/pyproj" && python3 etl.py) >"$(o log-python-script-chained-traceback)" 2>&1 || true
	s=$(o log-python-script-chained-traceback)
	{
		g -m1 '^\[etl\] starting' "$s"
		g '^\[etl\] batch' "$s" | tail -1
		g '^\[etl\] aborting' "$s"
		g -E '^[A-Za-z]+(Error)?: ' "$s"
		g -E 'direct cause|During handling' "$s"
		g 'File ".*etl.py", line' "$s" | sort -u | head -8
	} | needles log-python-script-chained-traceback

	# $ cd nodeproj && node --test
	(cd "$W/src/nodeproj" && node --test) >"$(o log-node-test-tap-failures)" 2>&1 || true
	s=$(o log-node-test-tap-failures)
	{
		g 'not ok ' "$s"
		g -E '^# (tests|pass|fail) ' "$s"
		g -E 'card declined: insufficient funds|Cannot read properties of undefined|Expected values to be strictly deep-equal' "$s"
	} | needles log-node-test-tap-failures

	# $ cd nodeproj && node --test --test-reporter=spec
	(cd "$W/src/nodeproj" && node --test --test-reporter=spec) >"$(o log-node-test-spec-failures)" 2>&1 || true
	s=$(o log-node-test-spec-failures)
	{
		g '✖' "$s"
		g -E '^ℹ (tests|pass|fail) ' "$s"
		g -E 'card declined: insufficient funds|Cannot read properties of undefined|Expected values to be strictly deep-equal' "$s"
	} | needles log-node-test-spec-failures

	# $ cd rustok && cargo test
	(cd "$W/src/rustok" && cargo test) >"$(o log-cargo-test-failure)" 2>&1 || true
	s=$(o log-cargo-test-failure)
	{
		g -E '^test .* FAILED$' "$s"
		g 'tie between alpha and beta must keep the first word seen' "$s"
		g -E '^ *(left|right): ' "$s"
		g -E '^test result: ' "$s"
		g -E '^error: ' "$s"
	} | needles log-cargo-test-failure

	# $ cd rustbroken && cargo build
	(cd "$W/src/rustbroken" && cargo build) >"$(o log-cargo-build-errors)" 2>&1 || true
	s=$(o log-cargo-build-errors)
	{
		g -E '^error(\[E[0-9]+\])?: ' "$s"
		g -E '^ *--> ' "$s"
	} | needles log-cargo-build-errors

	# $ cd rustbroken && cargo clean -q && cargo build --color always
	(cd "$W/src/rustbroken" && cargo clean -q && cargo build --color always) >"$(o log-cargo-build-errors-ansi)" 2>&1 || true
	$PY segments "$(o log-cargo-build-errors-ansi)" '^error|-->' 12 | needles log-cargo-build-errors-ansi

	# $ cd rustbroken && cargo build --message-format=json
	(cd "$W/src/rustbroken" && cargo build --message-format=json) >"$(o json-cargo-build-messages)" 2>&1 || true
	s=$(o json-cargo-build-messages)
	{
		echo '"reason":"build-finished"'
		echo '"success":false'
		echo '"level":"error"'
		g '^{' "$s" | jq -r 'select(.reason=="compiler-message" and .message.code) | "\"code\":\"\(.message.code.code)\""'
		g '^{' "$s" | jq -r 'select(.reason=="compiler-message" and .message.level=="error") | .message.message'
	} | needles json-cargo-build-messages

	# $ cd javaapp && javac -Xlint:all -d out $(find src -name '*.java' | sort) && java -cp out app.Main
	(cd "$W/src/javaapp" && javac -Xlint:all -d out $(find src -name '*.java' | sort) && java -cp out app.Main) \
		>"$(o log-java-exception-caused-by)" 2>&1 || true
	s=$(o log-java-exception-caused-by)
	{
		g -E '^Exception in thread' "$s"
		g -E '^Caused by: ' "$s"
		g -E 'at app\.' "$s" | sort -u
		g -E '^\[main\] processing' "$s" | tail -1
		g -E 'warning: \[' "$s"
	} | needles log-java-exception-caused-by

	# $ cd javabroken && javac -Xlint:all -d out $(find src -name '*.java' | sort)
	(cd "$W/src/javabroken" && javac -Xlint:all -d out $(find src -name '*.java' | sort)) >"$(o log-javac-compile-errors)" 2>&1 || true
	s=$(o log-javac-compile-errors)
	{
		g -E '\.java:[0-9]+: (error|warning): ' "$s"
		g -E '^[0-9]+ (error|warning)s?$' "$s"
	} | needles log-javac-compile-errors
}

# ---------------------------------------------------------------- npm
section_npm() {
	local s p=$W/src/npmproj
	(cd "$p" && npm install --no-progress >/dev/null 2>&1)

	# $ cd npmproj && cat package-lock.json
	(cd "$p" && cat package-lock.json) >"$(o json-package-lock)" 2>&1
	s=$(o json-package-lock)
	{
		echo '"lockfileVersion": 3'
		jq -r '.packages | to_entries[] | select(.value.bin) | "\"\(.key)\": {"' "$s"
		jq -r '.packages[""].dependencies | keys[] | "\"node_modules/\(.)\""' "$s"
	} | needles json-package-lock

	# $ cd npmproj && rg -n --sort path querySelectorAll node_modules
	(cd "$p" && rg -n --sort path querySelectorAll node_modules) >"$(o grep-rg-minified-node-modules)" 2>&1
	{
		# the path:line: prefix of every overlong (minified) line, then the files
		awk 'length > 1000' "$(o grep-rg-minified-node-modules)" | grep -oE '^[^:]+:[0-9]+:'
		$PY grepfiles colon "$(o grep-rg-minified-node-modules)" 25 5
	} | needles grep-rg-minified-node-modules

	# A dependency is declared in package.json but not installed: npm ls and npm ci complain.
	(cd "$p" && npm pkg set dependencies.left-pad=1.3.0)

	# $ cd npmproj && npm ls --json --all
	(cd "$p" && npm ls --json --all) >"$(o json-npm-ls-all-missing)" 2>&1 || true
	s=$(o json-npm-ls-all-missing)
	{
		echo '"problems": ['
		echo '"missing": true'
		echo '"left-pad": {'
		echo '"code": "ELSPROBLEMS"'
		sed -n '/^{/,/^}/p' "$s" | jq -r '.problems[]'
		sed -n '/^{/,/^}/p' "$s" | jq -r '.dependencies | keys[] | "\"\(.)\": {"'
	} | needles json-npm-ls-all-missing

	# $ cd npmproj && npm ci
	(cd "$p" && npm ci) >"$(o log-npm-ci-out-of-sync)" 2>&1 || true
	s=$(o log-npm-ci-out-of-sync)
	{
		g -E '^npm error (`npm ci`|Missing|Invalid)' "$s"
		g -E '^npm error code ' "$s"
	} | needles log-npm-ci-out-of-sync

	# $ cd npmlocal && npm install --loglevel verbose
	(cd "$W/src/npmlocal" && npm install --loglevel verbose) >"$(o log-npm-install-verbose-script-failed)" 2>&1 || true
	s=$(o log-npm-install-verbose-script-failed)
	{
		g -E '^npm error (code|path|command) ' "$s"
		g -E 'fatal error: ' "$s"
		g -E '^npm error Error: ' "$s"
		g -E '^npm verbose (exit|code) ' "$s"
		g -E '^npm info run .* \{ code: ' "$s"
	} | needles log-npm-install-verbose-script-failed

	# $ npm view typescript versions time dist-tags --json
	npm view typescript versions time dist-tags --json >"$(o json-npm-view-typescript)" 2>&1
	s=$(o json-npm-view-typescript)
	{
		echo '"dist-tags": {'
		echo '"versions": ['
		echo '"time": {'
		jq -r '."dist-tags".latest as $l | "\"\($l)\": \"\(.time[$l])\""' "$s"
		jq -r '."dist-tags" | to_entries[] | "\"\(.key)\": \"\(.value)\""' "$s"
		jq -r '.versions | first, last | "\"\(.)\""' "$s"
	} | needles json-npm-view-typescript

	# The lock-file-heavy diff: npm install in a git repository.
	local r=$W/git/npmlock
	mkdir -p "$r"
	cd "$r"
	git init -q
	printf 'node_modules/\n' >.gitignore
	printf '{\n  "name": "lockdemo",\n  "version": "1.0.0",\n  "private": true\n}\n' >package.json
	npm install --no-progress --save-exact semver@7.6.0 >/dev/null 2>&1
	commit "Add semver"
	npm install --no-progress --save-exact commander@12.0.0 debug@4.3.4 chalk@4.1.2 request@2.88.2 >/dev/null 2>&1
	# $ git diff
	git diff >"$(o diff-git-npm-lockfile)" 2>&1
	s=$(o diff-git-npm-lockfile)
	{
		g '^diff --git' "$s"
		# package.json's changes; the lock file's own lines are left to its +/- counts
		g -E '^\+    "(chalk|commander|debug|request)": ' "$s" | head -4
	} | needles diff-git-npm-lockfile
}

# ---------------------------------------------------------------- apt
section_apt() {
	local s
	apt_update
	# Download first (not captured) so that the captured log shows the install itself.
	apt-get install --reinstall -d -y -qq hostname less >/dev/null 2>&1
	# $ apt-get install --reinstall -y hostname less
	apt-get install --reinstall -y hostname less >"$(o log-apt-get-reinstall)" 2>&1
	s=$(o log-apt-get-reinstall)
	{
		g -E 'reinstalled, ' "$s"
		g -E '^(Setting up|Unpacking|Preparing to unpack) ' "$s"
		g -E '^Processing triggers' "$s"
	} | needles log-apt-get-reinstall

	# $ apt-get install -s -y texlive-latex-base
	apt-get install -s -y texlive-latex-base >"$(o log-apt-get-install-simulate)" 2>&1
	s=$(o log-apt-get-install-simulate)
	{
		g -E '^The following NEW packages will be installed:' "$s"
		g -E 'newly installed' "$s"
		g -E '^(Inst|Conf) texlive-latex-base ' "$s"
		$PY spread "$s" '^Inst ' 6
	} | needles log-apt-get-install-simulate
}

# ---------------------------------------------------------------- diff
section_diff() {
	local s r=$W/git/gosrc
	mkdir -p "$r"
	cd "$r"
	git init -q
	mkdir -p textproc netutil csvio scripts assets
	install -m 644 "$G/strings/strings.go" "$G/strings/builder.go" "$G/strings/replace.go" \
		"$G/bufio/scan.go" "$G/bufio/bufio.go" textproc/
	install -m 644 "$G/net/url/url.go" "$G/net/textproto/reader.go" netutil/
	install -m 644 "$G/encoding/csv/reader.go" "$G/encoding/csv/writer.go" csvio/
	install -m 644 "$G/make.bash" scripts/make.bash
	install -m 644 "$G/image/testdata/video-001.png" assets/gopher.png
	install -m 644 "$(go env GOROOT)/README.md" README.md
	commit "Import text, URL and CSV helpers from the Go tree"
	sed -i 's/maxConsecutiveEmptyReads/maxEmptyReads/g' textproc/bufio.go textproc/scan.go
	commit "bufio: rename maxConsecutiveEmptyReads to maxEmptyReads"
	sed -i '/^\/\/ FieldPos returns/,/^}/d; /^\/\/ InputOffset returns/,/^}/d' csvio/reader.go
	commit "csv: drop FieldPos and InputOffset"
	sed -i 's/"invalid URL escape "/"bad URL escape "/; s/"invalid port %q after host"/"bad port %q after host"/g' netutil/url.go
	sed -i 's/\bunescape(/decodeEscapes(/g; s/\bshouldEscape(/needsEscape(/g' netutil/url.go
	commit "url: shorter error messages, clearer helper names"
	sed -i 's/2\*cap(b.buf) + n/cap(b.buf)*3\/2 + n/' textproc/builder.go
	commit "strings: grow builders by 1.5x"
	git mv textproc/replace.go textproc/replacer.go
	sed -i 's/^package strings$/package textproc/' textproc/replacer.go
	chmod +x scripts/make.bash
	git rm -q netutil/reader.go
	install -m 644 "$G/strings/compare.go" textproc/compare.go
	commit "Reorganise: rename replace.go, executable make.bash, drop textproto reader"
	install -m 644 "$G/image/testdata/video-005.gray.png" assets/gopher.png
	install -m 644 "$G/image/testdata/triangle-001.gif" assets/icon.gif
	sed -i 's/^# The Go Programming Language$/# Text helpers borrowed from the Go Programming Language/' README.md
	sed -i 's/^### Contributing$/### Contributing to upstream Go/' README.md
	sed -i 's/^set -e$/set -eu/' scripts/make.bash
	commit "assets: grayscale gopher, new icon; README titles; stricter make.bash"
	# uncommitted work in progress
	sed -i 's/MaxScanTokenSize = 64 \* 1024/MaxScanTokenSize = 256 * 1024/' textproc/scan.go
	sed -i 's/^func (u \*URL) Redacted() string {/\/\/ Redacted hides the password.\nfunc (u *URL) Redacted() string {/' netutil/url.go
	sed -i 's/UseCRLF bool \/\/ True to use \\r\\n as the line terminator/UseCRLF bool \/\/ write \\r\\n line endings/' csvio/writer.go
	sed -i 's/\bexplode\b/splitRunes/g' textproc/strings.go
	sed -i 's/defaultBufSize = 4096/defaultBufSize = 16384/' textproc/bufio.go
	sed -i 's/errInvalidDelim/errBadDelimiter/g' csvio/reader.go

	# $ git diff
	git diff >"$(o diff-gitdiff-worktree)" 2>&1
	s=$(o diff-gitdiff-worktree)
	{
		g '^diff --git' "$s"
		g -E '^[-+][^-+]' "$s"
	} | needles diff-gitdiff-worktree

	# $ git show --stat -p HEAD~3
	git show --stat -p HEAD~3 >"$(o diff-gitshow-commit)" 2>&1
	s=$(o diff-gitshow-commit)
	{
		git log -1 --format='%s' HEAD~3
		g '^diff --git' "$s"
		g -E '^[-+][^-+]' "$s"
		g '^@@' "$s"
	} | needles diff-gitshow-commit

	# $ git log -p -6
	git log -p -6 >"$(o diff-gitlog-p-realrepo)" 2>&1
	s=$(o diff-gitlog-p-realrepo)
	{
		git log -6 --format='%s'
		g -E '^diff --git|^rename (from|to) |^(old|new|deleted file|new file) mode|^Binary files' "$s" | sort -u
	} | needles diff-gitlog-p-realrepo

	# $ git show -M HEAD~1
	git show -M HEAD~1 >"$(o diff-git-rename-mode)" 2>&1
	s=$(o diff-git-rename-mode)
	{
		git log -1 --format='%s' HEAD~1
		g -E '^diff --git|^rename (from|to) |^similarity index|^(old|new|deleted file|new file) mode' "$s"
	} | needles diff-git-rename-mode

	# $ git show HEAD
	git show HEAD >"$(o diff-git-binary)" 2>&1
	s=$(o diff-git-binary)
	{
		git log -1 --format='%s' HEAD
		g -E '^diff --git|^Binary files' "$s"
		g -E '^[-+]#' "$s"
	} | needles diff-git-binary

	# $ git format-patch -1 --binary --stdout HEAD
	git format-patch -1 --binary --stdout HEAD >"$(o diff-gitformatpatch-binary)" 2>&1
	s=$(o diff-gitformatpatch-binary)
	{
		g -E '^Subject: ' "$s"
		g -E '^diff --git|^GIT binary patch' "$s"
		g -E '^[-+]#' "$s"
	} | needles diff-gitformatpatch-binary

	# $ diff -u /usr/local/go/src/encoding/csv/reader.go csvio/reader.go
	diff -u "$G/encoding/csv/reader.go" csvio/reader.go >"$(o diff-u-csv-reader)" 2>&1 || true
	s=$(o diff-u-csv-reader)
	{
		g -E '^(---|\+\+\+) ' "$s" | cut -d"$(printf '\t')" -f1
		g '^@@' "$s"
		g -E '^-func ' "$s"
	} | needles diff-u-csv-reader

	# A log with carriage-return progress: clone the repository through the git protocol.
	cd "$W/git"
	# $ git clone --progress --no-local gosrc gosrc-clone
	git clone --progress --no-local gosrc gosrc-clone >"$(o log-gitclone-progress-cr)" 2>&1
	$PY segments "$(o log-gitclone-progress-cr)" '100%|done|Cloning' 8 | needles log-gitclone-progress-cr

	# A large mechanical refactor over the go/* packages.
	r=$W/git/gorefactor
	mkdir -p "$r"
	cd "$r"
	git init -q
	local p f
	for p in ast parser printer scanner token doc types; do
		mkdir -p "$p"
		for f in "$G/go/$p"/*.go; do
			case $f in *_test.go) ;; *) install -m 644 "$f" "$p/" ;; esac
		done
	done
	commit "Import go/ast, go/parser, go/printer, go/scanner, go/token, go/doc, go/types"
	sed -i 's/\bPos\b/Position/g' ./*/*.go
	commit "Rename Pos to Position"
	sed -i 's/\bIdent\b/Identifier/g' ./*/*.go
	commit "Rename Ident to Identifier"
	sed -i 's/\bcheck\b/chk/g' ./*/*.go
	commit "types: rename the checker receiver to chk"
	sed -i 's/\bNode\b/SyntaxNode/g' ./*/*.go
	commit "Rename Node to SyntaxNode"
	sed -i 's/\bobj\b/object/g' ./*/*.go
	commit "Spell out obj as object"
	sed -i 's/\bx\b/operand/g' types/*.go
	commit "types: name operands operand, not x"
	# $ git log -p -6
	git log -p -6 >"$(o diff-gitlog-p-large-refactor)" 2>&1
	s=$(o diff-gitlog-p-large-refactor)
	{
		git log -6 --format='%s'
		$PY spread "$s" '^diff --git' 32
	} | needles diff-gitlog-p-large-refactor

	# go.mod / go.sum change in a git repository.
	r=$W/git/gosum
	mkdir -p "$r"
	cd "$r"
	git init -q
	go mod init example.com/sumdemo >/dev/null 2>&1
	go get github.com/stretchr/testify@v1.8.4 >/dev/null 2>&1
	commit "Require testify"
	go get github.com/stretchr/testify@v1.9.0 github.com/spf13/cobra@v1.8.1 golang.org/x/text@v0.14.0 >/dev/null 2>&1
	# $ git diff
	git diff >"$(o diff-git-gosum)" 2>&1
	s=$(o diff-git-gosum)
	{
		g '^diff --git' "$s"
		# go.mod's changes; go.sum's own lines are left to its +/- counts
		g -E '^[-+]\s+[a-z.]+/[^ ]+ v[0-9]' "$s"
	} | needles diff-git-gosum

	# diff -ruN of two versions of a Debian package's files.
	apt_update
	local pkg v1 v2
	for pkg in ca-certificates distro-info-data tzdata apt; do
		v1=$(apt-cache madison "$pkg" | awk '{print $3}' | sort -uV | head -1)
		v2=$(apt-cache madison "$pkg" | awk '{print $3}' | sort -uV | tail -1)
		[ -n "$v1" ] && [ "$v1" != "$v2" ] && break
	done
	mkdir -p "$W/debs"
	cd "$W/debs"
	chmod 777 . # apt downloads as the _apt user when it can
	apt-get download -qq "$pkg=$v1" "$pkg=$v2" >/dev/null 2>&1
	local a b
	a="${pkg}_${v1#*:}"
	b="${pkg}_${v2#*:}"
	mkdir -p "$a" "$b"
	dpkg-deb -x "$a"_*.deb "$a"
	dpkg-deb -x "$b"_*.deb "$b"
	# $ diff -ruN <pkg>_<oldest version> <pkg>_<newest version>   (ca-certificates when it has two versions)
	diff -ruN "$a" "$b" >"$(o diff-ruN-debian-pkg-versions)" 2>&1 || true
	s=$(o diff-ruN-debian-pkg-versions)
	{
		# the path of each file inside the package, without the top directory
		$PY spread "$s" '^diff -ruN ' 30 | awk '{print $3}' | cut -d/ -f2-
		g '^Binary files' "$s"
	} | needles diff-ruN-debian-pkg-versions
}

# ---------------------------------------------------------------- json
section_json() {
	local s
	cd "$W"
	# $ go list -json std
	go list -json std >"$(o json-golist-std)" 2>&1
	s=$(o json-golist-std)
	{
		# keys that only a few packages have, and the first package that has each
		jq -s -r '[.[] | keys[]] | group_by(.) | map(select(length < 12)) | .[][0] | "\"\(.)\": "' "$s"
		jq -s -r '. as $all | [$all[] | keys[]] | group_by(.) | map(select(length < 12) | .[0]) | .[] as $k | ($all | map(select(has($k))) | first | "\"ImportPath\": \"\(.ImportPath)\"")' "$s"
	} | needles json-golist-std

	# $ go list -json std cmd/vendor/... | jq -c -s .
	go list -json std cmd/vendor/... | jq -c -s . >"$(o json-minified-golist)" 2>&1
	s=$(o json-minified-golist)
	{
		jq -r 'first, last | "\"ImportPath\":\"\(.ImportPath)\""' "$s"
		jq -r '[.[] | keys[]] | group_by(.) | map(select(length < 12)) | .[][0] | "\"\(.)\":"' "$s"
	} | needles json-minified-golist

	# A large array of records built from go list, with outliers injected by jq:
	# a failed record with an error object, an incomplete one and one with absurd counts.
	# $ go list -json std | jq -s "<records>" | jq "<inject outliers>"   (the pipeline below, verbatim)
	go list -json std | jq -s '[.[] | {
			importPath: .ImportPath, name: .Name, standard: (.Standard // false),
			goFiles: (.GoFiles // [] | length), imports: (.Imports // [] | length),
			deps: (.Deps // [] | length), testFiles: ((.TestGoFiles // []) + (.XTestGoFiles // []) | length),
			status: "ok"}]' |
		jq '.[57] += {status: "failed", error: {code: "E_COMPILE", message: "undefined: bytealg.IndexRabinKarp (vet/build cache stale)"}}
			| .[143] += {status: "incomplete", incomplete: true, missingDeps: ["internal/fuzz/stub", "runtime/metrics/v2"]}
			| .[288] += {deps: 99999, imports: 4096, status: "ok"}' >"$(o json-records-injected)" 2>&1
	s=$(o json-records-injected)
	{
		echo '"status": "failed"'
		echo '"status": "incomplete"'
		echo '"message": "undefined: bytealg.IndexRabinKarp (vet/build cache stale)"'
		echo '"code": "E_COMPILE"'
		echo '"missingDeps": ['
		echo '"internal/fuzz/stub"'
		echo '"deps": 99999'
		jq -r '.[57, 143, 288] | "\"importPath\": \"\(.importPath)\""' "$s"
	} | needles json-records-injected
}

# ---------------------------------------------------------------- text
section_text() {
	local s
	cd "$W"
	# $ man -P cat ls
	man -P cat ls >"$(o outline-man-ls)" 2>&1
	s=$(o outline-man-ls)
	{
		head -1 "$s"
		tail -1 "$s"
		g -E '^[A-Z][A-Z ]+$' "$s"
	} | needles outline-man-ls

	# $ go doc -all net/http
	go doc -all net/http >"$(o outline-godoc-nethttp)" 2>&1
	s=$(o outline-godoc-nethttp)
	{
		head -1 "$s"
		tail -1 "$s"
		g -E '^[A-Z]+$' "$s"
		g -E '^func [A-Z]' "$s" | head -5
	} | needles outline-godoc-nethttp

	# $ dpkg -l
	dpkg -l >"$(o listing-dpkg-l)" 2>&1
	s=$(o listing-dpkg-l)
	{
		head -3 "$s"
		tail -1 "$s"
		awk '/^\+\+\+/ {body=1; next} body && $1 != "ii" {print $1 "  " $2}' "$s"
		$PY spread "$s" '^ii ' 3 | awk '{print $2}'
	} | needles listing-dpkg-l

	# $ python3 -m pydoc str
	python3 -m pydoc str >"$(o outline-pydoc-str)" 2>&1
	s=$(o outline-pydoc-str)
	{
		head -1 "$s"
		g -E '^ \|  [a-z_]+\(self' "$s" | head -4
		tail -2 "$s"
	} | needles outline-pydoc-str
}

for f in "$ROOT"/scripts/corpus/*.sh; do
	# shellcheck source=/dev/null
	. "$f"
done

for sec in $SECTIONS; do
	say "section $sec"
	(section_"$sec")
done

say "checking samples"
$PY check "$OUT"
say "done in $((SECONDS - START))s"
