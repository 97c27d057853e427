# Sourced by scripts/corpus.sh: diffs in forms the other sections lack:
# git's in colour (--color=always, as when an agent's git config or a
# wrapper forces it) and under git log --graph's columns, and diff's normal
# form (3c3, < and >) and context form (diff -c), of single files and of
# trees (diff -r). The files are the Go tree's and two releases each of two
# modules from the module proxy; the git diffs are of this repository's
# history at the commits that section git pins.

# plainly FILE: FILE without its colours, for deriving needles; those that
# the needles take whole lines from are lines git writes in one colour.
plainly() { sed 's/\x1b\[[0-9;]*m//g' "$1"; }

# edited_csv_reader writes encoding/csv's reader.go of the Go tree into the
# current directory as reader.go.orig, and as reader.go edited: two
# functions deleted, names changed.
edited_csv_reader() {
	install -m 644 "$G/encoding/csv/reader.go" reader.go.orig
	install -m 644 "$G/encoding/csv/reader.go" reader.go
	sed -i '/^\/\/ FieldPos returns/,/^}/d; /^\/\/ InputOffset returns/,/^}/d' reader.go
	sed -i 's/errInvalidDelim/errBadDelimiter/g; s/\blengthNL\b/lenNewline/g; s/\bnextLine\b/followingLine/g' reader.go
}

section_diffforms() {
	local s m=$GOMODCACHE
	if git -C "$ROOT" cat-file -e "$LATER^{commit}" 2>/dev/null; then
		cd "$ROOT"
		# $ git log -p --color=always -4 e6d7d40 -- reduce shape <no testdata>
		git log -p --color=always -4 "$LATER" -- reduce shape "${NOCORPUS[@]}" >"$(o diff-git-log-p-color)" 2>&1
		s=$(o diff-git-log-p-color)
		{
			git log -4 --format='    %s' "$LATER" -- reduce shape "${NOCORPUS[@]}"
			plainly "$s" | g '^diff --git'
			plainly "$s" | g -oE '^@@ [^@]+ @@' | $PY spread /dev/stdin . 10
			$PY segments "$s" '^\+func ' 12 | $PY spread /dev/stdin . 8
		} | needles diff-git-log-p-color

		# $ git show --color=always --stat -p 99a2dda
		git show --color=always --stat -p 99a2dda -- . "${NOCORPUS[@]}" >"$(o diff-git-show-color-stat)" 2>&1
		s=$(o diff-git-show-color-stat)
		{
			git log -1 --format='    %s' 99a2dda
			plainly "$s" | g '^diff --git'
			plainly "$s" | g -oE '^@@ [^@]+ @@'
		} | needles diff-git-show-color-stat

		# $ git diff --color=always de9b181~15 de9b181 -- cmd
		git diff --color=always "$PIN~15" "$PIN" -- cmd >"$(o diff-git-diff-color-range)" 2>&1
		s=$(o diff-git-diff-color-range)
		{
			plainly "$s" | g '^diff --git'
			plainly "$s" | g -oE '^@@ [^@]+ @@' | $PY spread /dev/stdin . 12
			$PY segments "$s" '^[-+]func ' 12 | $PY spread /dev/stdin . 8
		} | needles diff-git-diff-color-range

		# $ git log --graph -p -14 e6d7d40 -- reduce shape <no testdata>   (merges, branches)
		git log --graph -p -14 "$LATER" -- reduce shape "${NOCORPUS[@]}" >"$(o diff-git-log-graph-p-merges)" 2>&1
		s=$(o diff-git-log-graph-p-merges)
		{
			git log -14 --topo-order --format='%s' "$LATER" -- reduce shape "${NOCORPUS[@]}"
			g -oE 'diff --git .*' "$s" | $PY spread /dev/stdin . 12
			g -oE '@@ [^@]+ @@' "$s" | $PY spread /dev/stdin . 10
		} | needles diff-git-log-graph-p-merges
	else
		say "warning: commit $LATER is not in this clone; skipping the coloured git diffs"
	fi

	# One file of the Go tree, edited: two functions deleted, a name changed.
	mkdir -p "$W/diffforms"
	cd "$W/diffforms"
	edited_csv_reader
	touch -d '2024-03-01 00:00:00 UTC' reader.go.orig reader.go # diff -c prints the times
	# $ diff reader.go.orig reader.go   (encoding/csv's reader.go, edited)
	diff reader.go.orig reader.go >"$(o diff-normal-csv-reader)" 2>&1 || true
	s=$(o diff-normal-csv-reader)
	{
		g -E '^[0-9]+(,[0-9]+)?[acd][0-9]+(,[0-9]+)?$' "$s" | $PY spread /dev/stdin . 12
		g -E '^< func ' "$s"
	} | needles diff-normal-csv-reader

	# $ diff -c reader.go.orig reader.go
	diff -c reader.go.orig reader.go >"$(o diff-context-csv-reader)" 2>&1 || true
	s=$(o diff-context-csv-reader)
	{
		g -E '^\*\*\* [0-9]+(,[0-9]+)? \*\*\*\*$' "$s" | $PY spread /dev/stdin . 10
		g -E '^- func ' "$s"
	} | needles diff-context-csv-reader

	# $ diff strings/strings_test.go bytes/bytes_test.go   (in the Go tree)
	(cd "$G" && diff strings/strings_test.go bytes/bytes_test.go) >"$(o diff-normal-strings-bytes)" 2>&1 || true
	s=$(o diff-normal-strings-bytes)
	{
		g -E '^[0-9]+(,[0-9]+)?[acd][0-9]+(,[0-9]+)?$' "$s" | $PY spread /dev/stdin . 16
		g -E '^[<>] func Test' "$s" | $PY spread /dev/stdin . 12
	} | needles diff-normal-strings-bytes

	# $ diff -c strings/reader.go bytes/reader.go   (in the Go tree)
	(cd "$G" && diff -c strings/reader.go bytes/reader.go) >"$(o diff-c-context-strings-bytes)" 2>&1 || true
	s=$(o diff-c-context-strings-bytes)
	{
		g -E '^(\*\*\*|---) [0-9]+(,[0-9]+)? (\*\*\*\*|----)$' "$s" | $PY spread /dev/stdin . 12
		g -E '^! func ' "$s" | $PY spread /dev/stdin . 8
	} | needles diff-c-context-strings-bytes

	# Two releases each of pflag and cobra, with a fixed time, which diff -c
	# prints for each file.
	(cd "$W" && go mod download github.com/spf13/pflag@v1.0.5 github.com/spf13/pflag@v1.0.9 \
		github.com/spf13/cobra@v1.8.1 github.com/spf13/cobra@v1.10.2) >/dev/null
	mkdir -p "$W/diffforms/releases"
	cp -r "$m/github.com/spf13/pflag@v1.0.5" "$m/github.com/spf13/pflag@v1.0.9" \
		"$m/github.com/spf13/cobra@v1.8.1" "$m/github.com/spf13/cobra@v1.10.2" "$W/diffforms/releases/"
	chmod -R u+w "$W/diffforms/releases"
	find "$W/diffforms/releases" -exec touch -h -d '2024-03-01 00:00:00 UTC' {} +
	cd "$W/diffforms/releases"

	# $ diff -r pflag@v1.0.5 pflag@v1.0.9
	diff -r pflag@v1.0.5 pflag@v1.0.9 >"$(o diff-r-normal-module-releases)" 2>&1 || true
	s=$(o diff-r-normal-module-releases)
	{
		g -E '^diff -r ' "$s" | awk '{print $NF}'
		g -E '^Only in ' "$s"
		g -E '^[<>] func ' "$s" | $PY spread /dev/stdin . 10
	} | needles diff-r-normal-module-releases

	# $ diff -rc cobra@v1.8.1 cobra@v1.10.2
	diff -rc cobra@v1.8.1 cobra@v1.10.2 >"$(o diff-rc-context-module-releases)" 2>&1 || true
	s=$(o diff-rc-context-module-releases)
	{
		$PY spread "$s" '^diff -rc ' 24 | awk '{print $NF}'
		g -E '^Only in ' "$s" | $PY spread /dev/stdin . 6
		g -E '^[-+!] func ' "$s" | $PY spread /dev/stdin . 8
	} | needles diff-rc-context-module-releases

	# $ diff -r cobra@v1.8.1 cobra@v1.10.2
	diff -r cobra@v1.8.1 cobra@v1.10.2 >"$(o diff-r-cobra-normal)" 2>&1 || true
	s=$(o diff-r-cobra-normal)
	{
		$PY spread "$s" '^diff -r ' 24 | awk '{print $NF}'
		g -E '^Only in ' "$s" | $PY spread /dev/stdin . 6
		g -E '^[<>] func ' "$s" | $PY spread /dev/stdin . 8
	} | needles diff-r-cobra-normal
}
