# Sourced by scripts/corpus.sh: test runners, failing and passing: pytest,
# Python's regression test runner, node's test runner, cargo test, go test on
# a real module, and a Node.js program that crashes.

# gomodule PATH@VERSION DIR: copy a module from the module proxy into DIR,
# writable, to run its tests.
gomodule() {
	local dir
	dir=$(cd "$W" && go mod download -json "$1" | jq -r .Dir)
	rm -rf "$2"
	mkdir -p "$(dirname "$2")"
	cp -r "$dir" "$2"
	chmod -R u+w "$2"
}

# debcrate DIR: a copy of the semver crate as Debian packages it, writable, in
# DIR, and $W/cargo-home set up to take crates from Debian's packaged ones
# (crates.io is out of reach).
debcrate() {
	mkdir -p "$W/cargo-home" "$(dirname "$1")"
	printf '[source.crates-io]\nreplace-with = "debian"\n[source.debian]\ndirectory = "/usr/share/cargo/registry"\n' \
		>"$W/cargo-home/config.toml"
	rm -rf "$1"
	cp -r /usr/share/cargo/registry/semver-1.0.14 "$1"
}

section_tests() {
	local s p
	# pytest on a project with failing tests, an erroring fixture and a test
	# module that cannot be imported.
	cd "$W/src/pyshop"
	# $ cd pyshop && pytest
	pytest -p no:cacheprovider >"$(o log-pytest-collection-error)" 2>&1 || true
	s=$(o log-pytest-collection-error)
	{
		g -E '^(ERROR|E  ) ' "$s"
		g -E 'Interrupted: ' "$s"
		g -E '^tests/test_shipping.py:[0-9]+: in ' "$s"
	} | needles log-pytest-collection-error

	# $ cd pyshop && pytest --continue-on-collection-errors
	pytest -p no:cacheprovider --continue-on-collection-errors >"$(o log-pytest-failures-fixture-error)" 2>&1 || true
	s=$(o log-pytest-failures-fixture-error)
	{
		g -E '^(FAILED|ERROR) ' "$s" | sed -E 's/ - .*//'
		g -E '^E   +[A-Za-z.]+(Error|Exception): ' "$s" | sort -u
		g -E 'DeprecationWarning: ' "$s" | first 1
		g -E '^=+ [0-9]+ failed' "$s"
	} | needles log-pytest-failures-fixture-error

	# $ cd pyshop && pytest -v --tb=long --continue-on-collection-errors
	pytest -p no:cacheprovider -v --tb=long --continue-on-collection-errors >"$(o log-pytest-v-tb-long)" 2>&1 || true
	s=$(o log-pytest-v-tb-long)
	{
		g -E ' (FAILED|ERROR|XFAIL|SKIPPED)' "$s" | g '::' | sed -E 's/ +\[ *[0-9]+%\]$//'
		g -E '^E   +[A-Za-z.]+(Error|Exception): ' "$s" | sort -u
		g -E '^=+ [0-9]+ failed' "$s"
	} | needles log-pytest-v-tb-long

	# The unittest project of the native section, under pytest.
	cd "$W/src/pyproj"
	# $ cd pyproj && pytest
	pytest -p no:cacheprovider >"$(o log-pytest-pyproj-failures)" 2>&1 || true
	s=$(o log-pytest-pyproj-failures)
	{
		g -E '^FAILED ' "$s" | sed -E 's/ - .*//'
		g -E '^E   +[A-Za-z]+Error: ' "$s"
		g -E '^[a-z_]+\.py:[0-9]+: [A-Za-z]+Error$' "$s"
		g -E '^=+ [0-9]+ failed' "$s"
	} | needles log-pytest-pyproj-failures

	# $ cd pyproj && pytest -v
	pytest -p no:cacheprovider -v >"$(o log-pytest-v-pyproj-failures)" 2>&1 || true
	s=$(o log-pytest-v-pyproj-failures)
	{
		g -E ' FAILED' "$s" | g '::' | sed -E 's/ +\[ *[0-9]+%\]$//'
		g -E '^E   +[A-Za-z]+Error: ' "$s"
		g -E '^=+ [0-9]+ failed' "$s"
		$PY spread "$s" ' PASSED' 4 | sed -E 's/ +\[ *[0-9]+%\]$//'
	} | needles log-pytest-v-pyproj-failures

	# Python's own regression test runner, verbose, on the library's tests.
	p=$(python3 -c 'import sys; print(sys.prefix)')/bin/python3
	cd "$W"
	# $ python3 -m test -v test_json
	"$p" -m test -v test_json >"$(o log-python-regrtest-v-json)" 2>&1
	s=$(o log-python-regrtest-v-json)
	{
		g -E '^(Ran|OK|Result|Total tests)' "$s"
		g -E ' \.\.\. skipped ' "$s" | first 4
		$PY spread "$s" ' \.\.\. ok$' 8
	} | needles log-python-regrtest-v-json

	# $ python3 -m test test_csv test_textwrap test_shlex test_difflib test_configparser
	"$p" -m test test_csv test_textwrap test_shlex test_difflib test_configparser \
		>"$(o log-python-regrtest-pass)" 2>&1
	s=$(o log-python-regrtest-pass)
	{
		g -E '\[[0-9]/[0-9]\] test_' "$s" | sed -E 's/^.*\] //'
		g -E '^(All [0-9]+ tests OK|Result: |Total tests: )' "$s"
	} | needles log-python-regrtest-pass

	# node's test runner with other reporters.
	cd "$W/src/nodeproj"
	# $ cd nodeproj && node --test --test-reporter=dot
	node --test --test-reporter=dot >"$(o log-node-test-dot-failures)" 2>&1 || true
	s=$(o log-node-test-dot-failures)
	{
		g -E '✖ ' "$s"
		g -E 'card declined: insufficient funds|Cannot read properties of undefined|Expected values to be strictly deep-equal' "$s"
	} | needles log-node-test-dot-failures

	# $ cd nodeproj && node --test --experimental-test-coverage
	node --test --experimental-test-coverage >"$(o log-node-test-coverage)" 2>&1 || true
	s=$(o log-node-test-coverage)
	{
		g 'not ok ' "$s"
		g -E '^# (tests|pass|fail) ' "$s"
		g -E '^# start of coverage report|^# all files' "$s"
		g -E '^# (src|test)/[a-z.]+' "$s" | cut -d'|' -f1
	} | needles log-node-test-coverage

	# A Node.js program that dies on a TypeError after long progress output.
	cd "$W/src/nodecrash"
	# $ cd nodecrash && node index.js
	node index.js >"$(o log-node-crash-typeerror)" 2>&1 || true
	s=$(o log-node-crash-typeerror)
	{
		g -E '^TypeError: ' "$s"
		g -E '^    at ' "$s"
		g -E 'index.js:[0-9]+$' "$s"
		g -E '^\[replay\]' "$s" | tail -1
		g -E '^Node.js v' "$s"
	} | needles log-node-crash-typeerror

	# cargo test of a real crate (semver, from Debian's packaged crates), offline.
	debcrate "$W/rs/semver"
	cd "$W/rs/semver"
	# $ cd semver && cargo test --offline
	CARGO_HOME=$W/cargo-home cargo test --offline >"$(o log-cargo-test-semver-pass)" 2>&1
	s=$(o log-cargo-test-semver-pass)
	{
		g -E '^     Running |^   Doc-tests ' "$s" | sed -E 's/ \(.*//'
		g -E '^test result: ' "$s" | sort -u
	} | needles log-cargo-test-semver-pass

	# go test of a real module (cobra, from the module proxy). Run as root, one
	# test panics: it expects writing a read-only file to fail.
	gomodule github.com/spf13/cobra@v1.8.1 "$W/gomod/cobra"
	cd "$W/gomod/cobra"
	# $ cd cobra@v1.8.1 && go test -v -count=1 ./...
	go test -v -count=1 ./... >"$(o log-gotest-v-cobra-root-panic)" 2>&1 || true
	s=$(o log-gotest-v-cobra-root-panic)
	{
		g -e '--- FAIL' "$s" | sed -E 's/ \([0-9.]+s\)$//'
		g -E '^panic: ' "$s"
		g -E -A1 '^github.com/spf13/cobra\.Test' "$s" | sed -E 's/ \+0x[0-9a-f]+$//; s/\(0x[0-9a-f]+\)$//'
		g -E '^(ok|FAIL)\s' "$s" | sed -E 's/\t[0-9.]+s$//'
		$PY spread "$s" '^--- PASS' 6 | sed -E 's/ \([0-9.]+s\)$//'
	} | needles log-gotest-v-cobra-root-panic

	# $ cd cobra@v1.8.1 && go test -json -count=1 ./...
	go test -json -count=1 ./... >"$(o json-gotest-json-cobra-root-panic)" 2>&1 || true
	s=$(o json-gotest-json-cobra-root-panic)
	{
		echo '"Action":"fail"'
		jq -r 'select(.Action == "fail") | if .Test then "\"Test\":\"\(.Test)\"" else "\"Package\":\"\(.Package)\"" end' "$s" | sort -u
		jq -r 'select(.Action == "output" and (.Output | startswith("panic: "))) | .Output' "$s"
		jq -r 'select(.Test == null and .Action == "pass") | "\"Package\":\"\(.Package)\""' "$s" | sort -u
	} | needles json-gotest-json-cobra-root-panic

	# $ cd cobra@v1.8.1 && go test -cover -count=1 ./...
	go test -cover -count=1 ./... >"$(o log-gotest-cover-cobra-root-panic)" 2>&1 || true
	s=$(o log-gotest-cover-cobra-root-panic)
	{
		g -e '--- FAIL' "$s" | sed -E 's/ \([0-9.]+s\)$//'
		g -E '^panic: ' "$s"
		g -oE 'coverage: [0-9.]+% of statements' "$s" | sort -u
		g -E '^(ok|FAIL)\s' "$s" | cut -f1,2
	} | needles log-gotest-cover-cobra-root-panic

	# gopkg.in/yaml.v3 runs its tests under gopkg.in/check.v1.
	gomodule gopkg.in/yaml.v3@v3.0.1 "$W/gomod/yaml"
	cd "$W/gomod/yaml"
	go mod tidy >/dev/null 2>&1 # its go.sum lacks check.v1's go.mod
	# $ cd yaml.v3@v3.0.1 && go test -v -count=1 ./... -check.v
	go test -v -count=1 ./... -check.v >"$(o log-gotest-gocheck-yaml)" 2>&1 || true
	s=$(o log-gotest-gocheck-yaml)
	{
		g -E '^(OK|OOPS|FAIL|PASS):' "$s" | g -v '^PASS: ' | first 4
		g -E '^OK: [0-9]+ passed' "$s"
		$PY spread "$s" '^PASS: ' 8 | sed -E 's/\t[0-9.]+s$//'
		g -E '^(ok|FAIL) ' "$s" | cut -f1,2
	} | needles log-gotest-gocheck-yaml

	# $ go test -run '^$' -bench . -benchtime 2000x -benchmem unicode/utf8
	cd "$W"
	go test -run '^$' -bench . -benchtime 2000x -benchmem unicode/utf8 >"$(o log-gotest-bench-utf8)" 2>&1
	s=$(o log-gotest-bench-utf8)
	{
		g -E '^(goos|goarch|pkg|cpu):' "$s"
		$PY spread "$s" '^Benchmark' 12 | awk '{print $1}'
		g -E '^(ok|PASS)' "$s" | cut -f1,2
	} | needles log-gotest-bench-utf8
}
