# Sourced by scripts/corpus.sh: git on a real history, this repository's own,
# pinned at a fixed commit so that reruns give the same output: log, log
# --stat, log -p of one file, diff of a range, diff --stat, blame, ls-tree,
# git grep, status in a clone with real changes, and a merge conflict.

# PIN is the commit the git samples are taken at: the repository as it was
# when they were first captured.
PIN=de9b181e52f6266aff249cdcbea6cec5cb281a68
# LATER is a later commit of the same history, with merges in it, for the
# diffs of section_git_history. Its samples leave out every testdata
# directory and the corpus archive, which hold the corpus itself, and the
# corpus scripts, which name the registries' hosts (no sample may).
LATER=e6d7d40548811cd0bb173643d330ebc79a845284
NOCORPUS=(':(exclude,glob)**/testdata/**' ':(exclude)bench/corpus.tar.gz' ':(exclude)scripts/corpus')

section_git() {
	local s r
	if ! git -C "$ROOT" cat-file -e "$PIN^{commit}" 2>/dev/null; then
		say "warning: commit $PIN is not in this clone; skipping section git"
		return 0
	fi
	cd "$ROOT"
	# $ git log de9b181
	git log "$PIN" >"$(o text-git-log-headroom)" 2>&1
	s=$(o text-git-log-headroom)
	{
		g -m1 '^commit ' "$s"
		git log --format='    %s' "$PIN" | $PY spread /dev/stdin . 16
		g '^commit ' "$s" | tail -1
	} | needles text-git-log-headroom

	# $ git log --stat -25 de9b181
	git log --stat -25 "$PIN" >"$(o text-git-log-stat-headroom)" 2>&1
	s=$(o text-git-log-stat-headroom)
	{
		git log -25 --format='    %s' "$PIN" | $PY spread /dev/stdin . 12
		g -E '^ [0-9]+ files? changed' "$s" | $PY spread /dev/stdin . 4
		g -oE '^ [a-zA-Z_./-]+ +\|' "$s" | sed -E 's/ +\|$//' | sort -u | $PY spread /dev/stdin . 12
	} | needles text-git-log-stat-headroom

	# $ git log --oneline de9b181
	git log --oneline "$PIN" >"$(o text-git-log-oneline-headroom)" 2>&1
	$PY spread "$(o text-git-log-oneline-headroom)" . 10 | needles text-git-log-oneline-headroom

	# $ git log -p de9b181 -- reduce/grep.go
	git log -p "$PIN" -- reduce/grep.go >"$(o diff-git-log-p-one-file)" 2>&1
	s=$(o diff-git-log-p-one-file)
	{
		git log --format='    %s' "$PIN" -- reduce/grep.go
		g -E '^@@ ' "$s" | $PY spread /dev/stdin . 10
		g -E '^\+func ' "$s" | $PY spread /dev/stdin . 8
	} | needles diff-git-log-p-one-file

	# $ git diff de9b181~15 de9b181 -- reduce
	git diff "$PIN~15" "$PIN" -- reduce >"$(o diff-git-diff-range-reduce)" 2>&1
	s=$(o diff-git-diff-range-reduce)
	{
		g '^diff --git' "$s"
		g -E '^[-+]func ' "$s" | $PY spread /dev/stdin . 16
	} | needles diff-git-diff-range-reduce

	# $ git diff --stat de9b181~40 de9b181
	git diff --stat "$PIN~40" "$PIN" >"$(o listing-git-diff-stat-range)" 2>&1
	s=$(o listing-git-diff-stat-range)
	{
		tail -1 "$s"
		g -oE '^ [^ ]+/' "$s" | sort | uniq -c | sort -rn | awk '{print $2}' | first 10
		g -oE '^ [^ ]+ +\| +[0-9]+' "$s" | sort -t'|' -k2 -rn | first 8 | sed -E 's/ +\|.*//'
	} | needles listing-git-diff-stat-range

	# $ git blame de9b181 -- reduce/grep.go
	git blame "$PIN" -- reduce/grep.go >"$(o outline-git-blame-go)" 2>&1
	s=$(o outline-git-blame-go)
	$PY outline "$s" 36 '\) (func|type) [A-Za-z(]' | sed -E 's/^.*[0-9]\) //' | needles outline-git-blame-go

	# $ git ls-tree -r -l de9b181
	git ls-tree -r -l "$PIN" >"$(o listing-git-ls-tree)" 2>&1
	s=$(o listing-git-ls-tree)
	cut -f2 "$s" | $PY dirs /dev/stdin 14 10 | needles listing-git-ls-tree

	# $ git grep -n 'func New' de9b181 -- '*.go'
	git grep -n 'func New' "$PIN" -- '*.go' >"$(o grep-git-grep-rev)" 2>&1
	s=$(o grep-git-grep-rev)
	cut -d: -f1,2 "$s" | sort -u | $PY spread /dev/stdin . 30 | needles grep-git-grep-rev

	# $ git show de9b181:README.md
	git show "$PIN:README.md" >"$(o outline-git-show-readme)" 2>&1
	s=$(o outline-git-show-readme)
	$PY outline "$s" 36 '^#{1,3} ' | needles outline-git-show-readme

	# A clone of the repository with work in progress: vendored modules,
	# edited and deleted files, a build directory.
	r=$W/git/headroom
	git clone -q "$ROOT" "$r"
	cd "$r"
	git checkout -q "$PIN"
	go mod vendor >/dev/null 2>&1
	sed -i 's/defaultBudget/fallbackBudget/g' cmd/*.go
	sed -i 's/^## Performance$/## Performance, measured/' README.md
	git rm -q -r testdata/sample
	mkdir -p dist && go build -o dist/headroom . >/dev/null 2>&1
	git mv reduce/text.go reduce/plain.go
	# $ git status
	git status >"$(o listing-git-status)" 2>&1
	s=$(o listing-git-status)
	{
		g -E '^(On branch|HEAD detached|Changes|Untracked)' "$s"
		g -E '^\s+(modified|deleted|renamed|new file):' "$s" | $PY spread /dev/stdin . 10
		g -E '^\s+[a-z]+/$' "$s"
	} | needles listing-git-status

	# $ git status -uall --short
	git status -uall --short >"$(o listing-git-status-uall-short)" 2>&1
	s=$(o listing-git-status-uall-short)
	{
		g -E '^(R |D | M|M )' "$s" | $PY spread /dev/stdin . 8
		g -E '^\?\? ' "$s" | cut -c4- | $PY dirs /dev/stdin 12 8
	} | needles listing-git-status-uall-short

	# A merge that conflicts: two branches change the same lines.
	git stash -q -u
	git checkout -q -b budget-docs "$PIN"
	sed -i 's/Output that fits the budget (2,000 tokens by default) passes through byte for byte./Output within the budget (2,000 tokens unless set) is passed through untouched./' README.md
	sed -i 's/budget int/tokenBudget int/g' reduce/text.go
	commit "Docs and text reducer: say token budget"
	git checkout -q -b budget-rename "$PIN"
	sed -i 's/Output that fits the budget (2,000 tokens by default) passes through byte for byte./Output that fits the budget passes through byte for byte (the budget is 2,000 tokens by default)./' README.md
	sed -i 's/budget int/limit int/g' reduce/text.go
	commit "Rename the text reducer's budget to limit"
	# $ git merge budget-docs
	git merge budget-docs >"$(o log-git-merge-conflict)" 2>&1 || true
	s=$(o log-git-merge-conflict)
	g -E '^(Auto-merging|CONFLICT|Automatic merge failed)' "$s" | needles log-git-merge-conflict

	# $ git diff   (during the conflict)
	git diff >"$(o diff-git-diff-conflict-cc)" 2>&1
	s=$(o diff-git-diff-conflict-cc)
	{
		g -E '^diff --cc ' "$s"
		g -E '^@@@ ' "$s" | first 6
		g -E '^[-+ ][-+](<<<<<<<|>>>>>>>) ' "$s" | sort -u
		g -E '^[-+ ][-+]func ' "$s" | first 6
	} | needles diff-git-diff-conflict-cc
	git merge --abort

	section_git_history
	section_git_releases
}

# section_git_history: diffs of kinds the samples above lack, from the
# later commit of this repository: the history of a directory, a log with
# --stat and -p, a merge's combined diff, a patch series, a word diff, a
# range of a hundred commits.
section_git_history() {
	local s
	if ! git -C "$ROOT" cat-file -e "$LATER^{commit}" 2>/dev/null; then
		say "warning: commit $LATER is not in this clone; skipping its git samples"
		return 0
	fi
	cd "$ROOT"
	# $ git log -p e6d7d40 -- reduce/log.go
	git log -p "$LATER" -- reduce/log.go >"$(o diff-git-log-p-file-history)" 2>&1
	s=$(o diff-git-log-p-file-history)
	{
		git log --format='    %s' "$LATER" -- reduce/log.go
		g -E '^@@ ' "$s" | $PY spread /dev/stdin . 10
		g -E '^\+func ' "$s" | $PY spread /dev/stdin . 8
	} | needles diff-git-log-p-file-history

	# $ git log --stat -p -6 e6d7d40~8 -- . <no testdata>
	git log --stat -p -6 "$LATER~8" -- . "${NOCORPUS[@]}" >"$(o diff-git-log-stat-p)" 2>&1
	s=$(o diff-git-log-stat-p)
	{
		git log -6 --format='    %s' "$LATER~8" -- . "${NOCORPUS[@]}"
		$PY spread "$s" '^diff --git' 24
	} | needles diff-git-log-stat-p

	# $ git show 0a6fab5   (a merge whose conflicts were resolved: a combined diff)
	git show 0a6fab5 -- . "${NOCORPUS[@]}" >"$(o diff-git-show-merge-combined)" 2>&1
	s=$(o diff-git-show-merge-combined)
	{
		git log -1 --format='    %s' 0a6fab5
		g -E '^diff --cc ' "$s"
		g -E '^@@@ ' "$s" | $PY spread /dev/stdin . 8
	} | needles diff-git-show-merge-combined

	# $ git format-patch --stdout -5 e6d7d40 -- reduce shape
	git format-patch --stdout -5 "$LATER" -- reduce shape "${NOCORPUS[@]}" >"$(o diff-git-format-patch-series)" 2>&1
	s=$(o diff-git-format-patch-series)
	{
		g -E '^Subject: ' "$s"
		g '^diff --git' "$s"
		g -E '^@@ ' "$s" | $PY spread /dev/stdin . 10
	} | needles diff-git-format-patch-series

	# $ git diff --word-diff e6d7d40~30 e6d7d40 -- README.md DESIGN.md
	git diff --word-diff "$LATER~30" "$LATER" -- README.md DESIGN.md >"$(o diff-git-word-diff)" 2>&1
	s=$(o diff-git-word-diff)
	{
		g '^diff --git' "$s"
		g -E '^@@ ' "$s" | $PY spread /dev/stdin . 12
		g -oE '\{\+[^+]{8,}\+\}' "$s" | $PY spread /dev/stdin . 12
	} | needles diff-git-word-diff

	# $ git diff de9b181 e6d7d40 -- . <no testdata>
	git diff "$PIN" "$LATER" -- . "${NOCORPUS[@]}" >"$(o diff-git-diff-range-many)" 2>&1
	s=$(o diff-git-diff-range-many)
	{
		$PY spread "$s" '^diff --git' 28
		g -E '^(new|deleted) file mode' "$s" | sort -u
		g -E '^\+func ' "$s" | $PY spread /dev/stdin . 8
	} | needles diff-git-diff-range-many
}

# section_git_releases: repositories whose commits are the releases of Go
# modules from the module proxy, each commit a version's whole tree: the
# diffs between releases of cobra and x/sys (generated files dwarf the
# rest), and diff -ruN of two unpacked releases.
section_git_releases() {
	local s r m=$GOMODCACHE v
	(cd "$W" && go mod download github.com/spf13/cobra@v1.6.0 github.com/spf13/cobra@v1.7.0 \
		github.com/spf13/cobra@v1.8.0 github.com/spf13/cobra@v1.9.1 github.com/spf13/cobra@v1.10.2 \
		golang.org/x/sys@v0.20.0 golang.org/x/sys@v0.28.0) >/dev/null
	# release DIR TAG: commit DIR's files as the repository's whole tree.
	release() {
		find . -mindepth 1 -maxdepth 1 ! -name .git -exec rm -rf {} +
		cp -r "$1"/. .
		chmod -R u+w .
		commit "$2"
		git tag "$2"
	}
	r=$W/git/cobra
	mkdir -p "$r" && cd "$r" && git init -q
	for v in v1.6.0 v1.7.0 v1.8.0 v1.9.1 v1.10.2; do release "$m/github.com/spf13/cobra@$v" "$v"; done

	# $ git log -p -M -3   (cobra's releases)
	git log -p -M -3 >"$(o diff-git-log-p-releases)" 2>&1
	s=$(o diff-git-log-p-releases)
	{
		$PY spread "$s" '^diff --git' 24
		g -E '^@@ ' "$s" | $PY spread /dev/stdin . 8
		g -E '^\+func ' "$s" | $PY spread /dev/stdin . 6
	} | needles diff-git-log-p-releases

	# $ git diff --stat -p v1.8.0 v1.9.1
	git diff --stat -p v1.8.0 v1.9.1 >"$(o diff-git-diff-stat-p-release)" 2>&1
	s=$(o diff-git-diff-stat-p-release)
	{
		g '^diff --git' "$s"
		g -E '^[-+]func ' "$s" | $PY spread /dev/stdin . 12
	} | needles diff-git-diff-stat-p-release

	# Copies with a fixed time, which diff prints for each file.
	mkdir -p "$W/releases"
	cp -r "$m/github.com/spf13/cobra@v1.7.0" "$m/github.com/spf13/cobra@v1.10.2" "$W/releases/"
	chmod -R u+w "$W/releases"
	find "$W/releases" -exec touch -h -d '2024-03-01 00:00:00 UTC' {} +
	# $ diff -ruN cobra@v1.7.0 cobra@v1.10.2   (two releases from the module cache)
	(cd "$W/releases" && diff -ruN cobra@v1.7.0 cobra@v1.10.2) >"$(o diff-ruN-module-releases)" 2>&1 || true
	s=$(o diff-ruN-module-releases)
	{
		$PY spread "$s" '^diff -ruN ' 28 | awk '{print $4}'
		g -E '^[-+]func ' "$s" | $PY spread /dev/stdin . 10
	} | needles diff-ruN-module-releases

	r=$W/git/xsys
	mkdir -p "$r" && cd "$r" && git init -q
	for v in v0.20.0 v0.28.0; do release "$m/golang.org/x/sys@$v" "$v"; done
	# $ git diff v0.20.0 v0.28.0 -- unix windows   (x/sys)
	git diff v0.20.0 v0.28.0 -- unix windows >"$(o diff-git-diff-generated-heavy)" 2>&1
	s=$(o diff-git-diff-generated-heavy)
	{
		$PY spread "$s" '^diff --git' 30
		g -E '^\+func [A-Z]' "$s" | $PY spread /dev/stdin . 10
	} | needles diff-git-diff-generated-heavy
}
