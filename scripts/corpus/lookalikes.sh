# Sourced by scripts/corpus.sh: outputs whose lines look like another
# shape's: file(1)'s "path:  description" rows, which read like grep -r
# without -n, and grep -r -m1 of indented lines, which read like them;
# diff -y's columns and diff -e's ed scripts, which hold source code as an
# outline does; git diff --dirstat's directories. The files are the Go
# tree's, Python's library and this repository's history at the commits
# that section git pins.

section_lookalikes() {
	local s py
	# $ cd $G && file net/http/*
	(cd "$G" && file net/http/*) >"$(o listing-file-go-net-http)" 2>&1
	s=$(o listing-file-go-net-http)
	{
		g -E ': +directory$' "$s" | cut -d: -f1
		cut -d: -f1 "$s" | $PY spread /dev/stdin . 12
	} | needles listing-file-go-net-http

	# $ cd $G && file -L $GOROOT/pkg/tool/linux_amd64/* $GOROOT/bin/* cmd/*/* cmd/*/*/* \
	#     cmd/go/internal/*/* cmd/compile/internal/*/*
	(cd "$G" && file -L /usr/local/go/pkg/tool/linux_amd64/* /usr/local/go/bin/* cmd/*/* cmd/*/*/* \
		cmd/go/internal/*/* cmd/compile/internal/*/*) >"$(o listing-file-L-go-tools)" 2>&1
	s=$(o listing-file-L-go-tools)
	{
		g -E ': +ELF ' "$s" | cut -d: -f1
		cut -d: -f1 "$s" | $PY spread /dev/stdin . 16
	} | needles listing-file-L-go-tools

	# $ grep -r -m1 '^    def ' $PYLIB/json $PYLIB/email $PYLIB/http $PYLIB/urllib
	py=$(python3 -c 'import sysconfig; print(sysconfig.get_path("stdlib"))')
	(cd "$py" && grep -r -m1 '^    def ' json email http urllib logging) >"$(o grep-r-m1-python-indented)" 2>&1 || true
	s=$(o grep-r-m1-python-indented)
	$PY spread "$s" . 16 | cut -d: -f1 | needles grep-r-m1-python-indented

	# One file of the Go tree, edited as section diffforms edits it (diffforms.sh).
	mkdir -p "$W/lookalikes"
	cd "$W/lookalikes"
	edited_csv_reader

	# $ diff -y reader.go.orig reader.go
	diff -y reader.go.orig reader.go >"$(o text-diff-y-csv-reader)" 2>&1 || true
	s=$(o text-diff-y-csv-reader)
	{
		head -n 1 "$s"
		tail -n 1 "$s"
		g -E '[|<>](	|$)' "$s" | sed 's/[[:space:]]*[|<>].*//' | $PY spread /dev/stdin . 12
	} | needles text-diff-y-csv-reader

	# $ diff -e reader.go.orig reader.go
	diff -e reader.go.orig reader.go >"$(o text-diff-e-csv-reader)" 2>&1 || true
	s=$(o text-diff-e-csv-reader)
	{
		head -n 1 "$s"
		tail -n 2 "$s"
		g -E '^[0-9]+(,[0-9]+)?[acd]$' "$s" | $PY spread /dev/stdin . 12
	} | needles text-diff-e-csv-reader

	# $ cd $G && diff -y -W 160 strings/strings_test.go bytes/bytes_test.go
	(cd "$G" && diff -y -W 160 strings/strings_test.go bytes/bytes_test.go) >"$(o text-diff-y-strings-bytes)" 2>&1 || true
	s=$(o text-diff-y-strings-bytes)
	{
		head -n 1 "$s"
		tail -n 1 "$s"
		g -E '[|<>](	|$)' "$s" | sed 's/[[:space:]]*[|<>].*//' | $PY spread /dev/stdin . 12
	} | needles text-diff-y-strings-bytes

	# $ cd $G && diff -e strings/strings_test.go bytes/bytes_test.go
	(cd "$G" && diff -e strings/strings_test.go bytes/bytes_test.go) >"$(o text-diff-e-strings-bytes)" 2>&1 || true
	s=$(o text-diff-e-strings-bytes)
	{
		head -n 1 "$s"
		tail -n 2 "$s"
		g -E '^[0-9]+(,[0-9]+)?[acd]$' "$s" | $PY spread /dev/stdin . 12
	} | needles text-diff-e-strings-bytes

	if git -C "$ROOT" cat-file -e "$LATER^{commit}" 2>/dev/null; then
		# $ git diff --dirstat=lines,0 de9b181~60 e6d7d40
		git -C "$ROOT" diff --dirstat=lines,0 "$PIN~60" "$LATER" >"$(o listing-git-dirstat-range)" 2>&1
		s=$(o listing-git-dirstat-range)
		{
			sort -rn "$s" | head -n 6
			$PY spread "$s" . 10
		} | sed 's/^ *[0-9.]*% //' | needles listing-git-dirstat-range
	else
		say "warning: commit $LATER is not in this clone; skipping git diff --dirstat"
	fi
}
