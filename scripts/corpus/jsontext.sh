# Sourced by scripts/corpus.sh: JSON with lines of other text after it, as
# when a command that prints JSON runs before another in one shell line,
# or a tool writes its error right after a body that ends without a
# newline.

section_jsontext() {
	local s
	# $ cd gotable && go list -json -deps ./... ; go test -count=1 ./...
	(cd "$W/src/gotable" && go list -json -deps ./... && go test -count=1 ./...) >"$(o json-golist-then-gotest)" 2>&1 || true
	s=$(o json-golist-then-gotest)
	{
		# the failing test, and each package's line without its time
		g -E '^ *--- FAIL: ' "$s" | sed -E 's/^ +//; s/ \(.*//'
		g -E '^(FAIL|ok )\s' "$s" | sed -E 's/\t[0-9.]+s$//'
		g -E 'ledger_test.go:[0-9]+: ' "$s" | sed -E 's/^ +//'
		g -oE '"ImportPath": "example.com/[^"]+"' "$s"
	} | needles json-golist-then-gotest

	# A body without a final newline, as many HTTP APIs send, fetched with
	# curl with a second file that is missing.
	cd "$W"
	go list -json std | jq -s -j '[.[] | {ImportPath, Name, Doc, Imports}]' >"$W/packages.json"
	# $ curl -sS file://$W/packages.json file://$W/missing.json
	curl -sS "file://$W/packages.json" "file://$W/missing.json" >"$(o json-curl-body-then-error)" 2>&1 || true
	s=$(o json-curl-body-then-error)
	{
		g -oE 'curl: \([0-9]+\) .*' "$s"
		jq -r 'first, last | "\"ImportPath\": \"\(.ImportPath)\""' "$W/packages.json"
	} | needles json-curl-body-then-error
}
