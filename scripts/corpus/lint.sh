# Sourced by scripts/corpus.sh: type checkers and linters: tsc, eslint, cargo
# clippy, shellcheck, staticcheck and go vet, on small broken projects and on
# real code (npm packages, a Debian crate, Debian's shell scripts, Go modules).

# jstools: TypeScript, ESLint and friends at fixed versions, in $W/jstools.
jstools() {
	[ -d "$W/jstools/node_modules" ] && return 0
	mkdir -p "$W/jstools"
	(
		cd "$W/jstools"
		printf '{"name":"jstools","version":"1.0.0","private":true}\n' >package.json
		npm install --no-progress typescript@5.6.3 eslint@9.14.0 @eslint/js@9.14.0 globals@15.12.0 \
			@types/node@22.9.0 yarn@1.22.22 commander@12.1.0 express@4.21.1 lodash@4.17.21 >/dev/null 2>&1
	)
}

section_lint() {
	local s p
	jstools
	local bin=$W/jstools/node_modules/.bin

	# tsc on a strict TypeScript project with type errors.
	cd "$W/src/tsproj"
	# $ cd tsproj && tsc --noEmit
	"$bin/tsc" --noEmit >"$(o log-tsc-strict-errors)" 2>&1 || true
	s=$(o log-tsc-strict-errors)
	g -E 'error TS[0-9]+: ' "$s" | needles log-tsc-strict-errors

	# $ cd tsproj && tsc --noEmit --pretty
	"$bin/tsc" --noEmit --pretty >"$(o log-tsc-pretty-errors)" 2>&1 || true
	s=$(o log-tsc-pretty-errors)
	{
		# the message of each error, between the escapes that colour it
		$PY segments "$s" ' TS[0-9]+: ' 20
		g -E '^Found [0-9]+ errors? in [0-9]+ files?' "$s"
		g -oE '^ +[0-9]+  src/[a-z]+\.ts' "$s"
	} | needles log-tsc-pretty-errors

	# $ cd tsproj && tsc --showConfig
	"$bin/tsc" --showConfig >"$(o json-tsc-showconfig)" 2>&1
	s=$(o json-tsc-showconfig)
	{
		echo '"compilerOptions": {'
		jq -r '.compilerOptions | keys[] | "\"\(.)\": "' "$s" | first 10
		jq -r '.files[] | "\"\(.)\""' "$s"
	} | needles json-tsc-showconfig

	# $ cd tsproj && tsc --noEmit --listFiles
	"$bin/tsc" --noEmit --listFiles >"$(o listing-tsc-listfiles)" 2>&1 || true
	s=$(o listing-tsc-listfiles)
	{
		g -E '/src/[a-z]+\.ts$' "$s"
		g -E '^/' "$s" | $PY dirs /dev/stdin 4 8
	} | needles listing-tsc-listfiles

	# tsc checking the JavaScript of a real package (express) against Node's types.
	cd "$W/jstools"
	# $ tsc --allowJs --checkJs --noEmit --skipLibCheck --module commonjs --target es2020 --types node node_modules/express/lib/*.js node_modules/express/lib/router/*.js
	"$bin/tsc" --allowJs --checkJs --noEmit --skipLibCheck --module commonjs --target es2020 --types node \
		node_modules/express/lib/*.js node_modules/express/lib/router/*.js >"$(o log-tsc-checkjs-express)" 2>&1 || true
	s=$(o log-tsc-checkjs-express)
	{
		# every file with errors, and the first error of each code
		g -oE '^[^( ]+\.js' "$s" | sort -u
		$PY firstper "$s" 'error TS' '(TS[0-9]+)' 16
	} | needles log-tsc-checkjs-express

	# ESLint's recommended rules and a few more on the sources of two real packages.
	mkdir -p "$W/lint"
	cd "$W/lint"
	cp "$W/src/eslintcfg/eslint.config.mjs" .
	cp -r "$W/jstools/node_modules/express/lib" express
	cp -r "$W/jstools/node_modules/commander/lib" commander
	ln -s "$W/jstools/node_modules" node_modules
	# $ eslint express commander
	"$bin/eslint" express commander >"$(o log-eslint-stylish-packages)" 2>&1 || true
	s=$(o log-eslint-stylish-packages)
	{
		g -E '^/' "$s"
		g -E '^✖ [0-9]+ problems' "$s"
		g -E 'potentially fixable' "$s"
		$PY firstper "$s" '^ +[0-9]+:[0-9]+ +(error|warning) ' '([a-z@/-]+)$' 8
	} | needles log-eslint-stylish-packages

	# $ eslint -f json express commander
	"$bin/eslint" -f json express commander >"$(o json-eslint-format-json)" 2>&1 || true
	s=$(o json-eslint-format-json)
	{
		echo '"errorCount":'
		jq -r '.[] | select(.errorCount + .warningCount > 0) | "\"filePath\":\"\(.filePath)\""' "$s"
		jq -r '[.[].messages[].ruleId] | unique[] | select(. != null) | "\"ruleId\":\"\(.)\""' "$s"
	} | needles json-eslint-format-json

	# cargo clippy: the project of the native section, and a real crate, pedantic.
	cd "$W/src/rustok"
	# $ cd rustok && cargo clippy --all-targets -- -W clippy::pedantic -W clippy::nursery
	cargo clippy --all-targets -- -W clippy::pedantic -W clippy::nursery >"$(o log-clippy-pedantic-rustok)" 2>&1 || true
	s=$(o log-clippy-pedantic-rustok)
	{
		g -E '^(warning|error)(\[E[0-9]+\])?: ' "$s" | sort -u
		g -E '^ *--> ' "$s" | first 10
	} | needles log-clippy-pedantic-rustok

	debcrate "$W/rs/clippy-semver"
	cd "$W/rs/clippy-semver"
	# $ cd semver && cargo clippy --offline -- -W clippy::pedantic
	CARGO_HOME=$W/cargo-home cargo clippy --offline -- -W clippy::pedantic >"$(o log-clippy-pedantic-semver)" 2>&1 || true
	s=$(o log-clippy-pedantic-semver)
	{
		g -E '^warning: ' "$s" | sort -u | first 24
		g -E '^ *--> ' "$s" | sort -u | $PY spread /dev/stdin . 10
	} | needles log-clippy-pedantic-semver

	# shellcheck on Debian's own shell scripts.
	cd "$W"
	# $ shellcheck /usr/bin/ucf /usr/bin/apt-key /usr/bin/dpkg-maintscript-helper /usr/bin/savelog
	shellcheck /usr/bin/ucf /usr/bin/apt-key /usr/bin/dpkg-maintscript-helper /usr/bin/savelog \
		>"$(o log-shellcheck-debian-scripts)" 2>&1 || true
	s=$(o log-shellcheck-debian-scripts)
	{
		g -oE '^In /usr/bin/[a-z-]+' "$s" | sort -u
		$PY firstper "$s" '\^-- SC[0-9]+' '(SC[0-9]+)' 24 | sed -E 's/^[ ^-]+//'
	} | needles log-shellcheck-debian-scripts

	# $ shellcheck -f gcc /usr/local/go/src/*.bash
	shellcheck -f gcc "$G"/*.bash >"$(o log-shellcheck-gcc-go-scripts)" 2>&1 || true
	s=$(o log-shellcheck-gcc-go-scripts)
	{
		g -oE '^[^:]+\.bash' "$s" | sort -u
		$PY firstper "$s" ': (warning|note|error): ' '\[(SC[0-9]+)\]' 24 | sed -E 's/^[^:]+\///'
	} | needles log-shellcheck-gcc-go-scripts

	# $ shellcheck -f json1 /usr/bin/ucf /usr/bin/savelog
	shellcheck -f json1 /usr/bin/ucf /usr/bin/savelog >"$(o json-shellcheck-json1)" 2>&1 || true
	s=$(o json-shellcheck-json1)
	{
		echo '"comments":'
		jq -r '.comments | map(.code) | unique[] | "\"code\":\(.)"' "$s" | first 20
		jq -r '.comments | map(.file) | unique[] | "\"file\":\"\(.)\""' "$s"
	} | needles json-shellcheck-json1

	# staticcheck and go vet on real modules.
	gomodule gopkg.in/yaml.v3@v3.0.1 "$W/gomod/yaml"
	cd "$W/gomod/yaml"
	go mod tidy >/dev/null 2>&1 # its go.sum lacks check.v1's go.mod
	go run honnef.co/go/tools/cmd/staticcheck@v0.8.2 -version >/dev/null 2>&1 # download and build first
	# $ cd yaml.v3@v3.0.1 && staticcheck ./...
	go run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./... >"$(o log-staticcheck-yaml)" 2>&1 || true
	s=$(o log-staticcheck-yaml)
	{
		g -oE '^[a-z_]+\.go' "$s" | sort -u
		$PY firstper "$s" '\.go:[0-9]+:[0-9]+: ' '\(([A-Z]+[0-9]+)\)$' 20
	} | needles log-staticcheck-yaml

	# $ cd yaml.v3@v3.0.1 && go vet ./...
	go vet ./... >"$(o log-govet-yaml-structtags)" 2>&1 || true
	s=$(o log-govet-yaml-structtags)
	{
		g '^# ' "$s"
		g -oE '^[a-z_]+\.go' "$s" | sort -u
		$PY spread "$s" '\.go:[0-9]+:[0-9]+: ' 12
	} | needles log-govet-yaml-structtags
}
