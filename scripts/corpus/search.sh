# Sourced by scripts/corpus.sh: more searches, with rg, grep and their
# options (-w, -o, -c, --count-matches, -g, -A, -C, -U, --stats, --heading,
# -t, --include), over Go's tree, Python's library, C headers, the JDK's
# sources and npm packages; rg --json is under json-, -l and --files under
# listing-.

# pystdlib prints the directory of Python's standard library.
pystdlib() { python3 -c 'import sysconfig; print(sysconfig.get_paths()["stdlib"])'; }

# jdkzip prints the path of a JDK's src.zip, installing Debian's when no JDK
# on the machine has one.
jdkzip() {
	if ! find /usr/lib/jvm -name src.zip -type f | grep -q .; then
		apt_update
		apt-get install -y -qq openjdk-17-source >/dev/null
	fi
	find /usr/lib/jvm -name src.zip -type f | sort | first 1
}

# jdksrc prints a directory holding java.base/java/util of the JDK's sources.
jdksrc() {
	if [ ! -d "$W/jdk/java.base" ]; then
		mkdir -p "$W/jdk"
		(cd "$W/jdk" && unzip -q "$(jdkzip)" 'java.base/java/util/*')
	fi
	echo "$W/jdk"
}

section_search() {
	local s py jdk
	py=$(pystdlib)
	jdk=$(jdksrc)
	jstools
	cd "$W"

	# $ grep -rn 'def __init__' <python3.11>/asyncio
	grep -rn 'def __init__' "$py/asyncio" >"$(o grep-rn-pystdlib-init)" 2>&1
	$PY grepfiles colon "$(o grep-rn-pystdlib-init)" 30 0 | needles grep-rn-pystdlib-init

	# $ rg -n -w --sort path 'Deprecated:' /usr/local/go/src
	rg -n -w --sort path 'Deprecated:' "$G" >"$(o grep-rg-w-deprecated)" 2>&1
	$PY grepfiles colon "$(o grep-rg-w-deprecated)" 20 12 | needles grep-rg-w-deprecated

	# $ rg -o -n --sort path 'errors\.New\("[^"]*"\)' /usr/local/go/src/net
	rg -o -n --sort path 'errors\.New\("[^"]*"\)' "$G/net" >"$(o grep-rg-o-errors-new)" 2>&1
	$PY grepfiles colon "$(o grep-rg-o-errors-new)" 20 12 | needles grep-rg-o-errors-new

	# $ grep -rc import <python3.11>/email
	grep -rc import "$py/email" >"$(o grep-grep-c-zero-counts)" 2>&1
	s=$(o grep-grep-c-zero-counts)
	{
		$PY grepfiles count "$s" 16 0 | sed 's/$/:/'
		g -E ':0$' "$s" | $PY spread /dev/stdin . 6
	} | needles grep-grep-c-zero-counts

	# $ rg --count-matches --sort path 'self\.' <python3.11>/asyncio
	rg --count-matches --sort path 'self\.' "$py/asyncio" >"$(o grep-rg-count-matches)" 2>&1
	$PY grepfiles count "$(o grep-rg-count-matches)" 30 0 | needles grep-rg-count-matches

	# $ rg -n --sort path -g '*_test.go' 't\.Skip\(' /usr/local/go/src
	rg -n --sort path -g '*_test.go' 't\.Skip\(' "$G" >"$(o grep-rg-glob-skip-tests)" 2>&1
	$PY grepfiles colon "$(o grep-rg-glob-skip-tests)" 24 12 | needles grep-rg-glob-skip-tests

	# $ rg -n --sort path -A 3 'panic\(' /usr/local/go/src/net
	rg -n --sort path -A 3 'panic\(' "$G/net" >"$(o grep-rg-A3-panic)" 2>&1
	$PY grepfiles colon "$(o grep-rg-A3-panic)" 24 12 | needles grep-rg-A3-panic

	# $ rg -n --sort path --stats 'sync\.Once' /usr/local/go/src
	rg -n --sort path --stats 'sync\.Once' "$G" >"$(o grep-rg-stats-sync-once)" 2>&1
	s=$(o grep-rg-stats-sync-once)
	{
		g -E '^[0-9]+ (matches|matched lines|files contained matches)$' "$s"
		$PY grepfiles colon "$s" 20 10
	} | needles grep-rg-stats-sync-once

	# $ rg -n 'func ' /usr/local/go/src/net/http/server.go
	rg -n 'func ' "$G/net/http/server.go" >"$(o grep-rg-onefile-funcs)" 2>&1
	$PY spread "$(o grep-rg-onefile-funcs)" '^[0-9]+:func \(?[A-Za-z]' 24 | cut -c1-70 | needles grep-rg-onefile-funcs

	# $ grep -rn --include='*.h' ENOMEM /usr/include
	grep -rn --include='*.h' ENOMEM /usr/include >"$(o grep-rn-include-h)" 2>&1
	$PY grepfiles colon "$(o grep-rn-include-h)" 30 0 | needles grep-rn-include-h

	# $ rg -n -U --sort path 'if err != nil \{\n\s+return err\n\s+\}' /usr/local/go/src/os
	rg -n -U --sort path 'if err != nil \{\n\s+return err\n\s+\}' "$G/os" >"$(o grep-rg-multiline)" 2>&1
	$PY grepfiles colon "$(o grep-rg-multiline)" 20 10 | needles grep-rg-multiline

	# $ rg -n --sort path -C 3 'except Exception' <python3.11>/asyncio <python3.11>/concurrent
	rg -n --sort path -C 3 'except Exception' "$py/asyncio" "$py/concurrent" >"$(o grep-rg-C3-python-except)" 2>&1
	$PY grepfiles colon "$(o grep-rg-C3-python-except)" 30 0 | needles grep-rg-C3-python-except

	# $ rg --heading -n --sort path synchronized <jdk src>/java.base/java/util
	rg --heading -n --sort path synchronized "$jdk/java.base/java/util" >"$(o grep-rg-heading-java)" 2>&1
	$PY grepfiles heading "$(o grep-rg-heading-java)" 24 10 | needles grep-rg-heading-java

	# $ grep -rn TODO <jdk src>/java.base/java/util
	grep -rn TODO "$jdk/java.base/java/util" >"$(o grep-rn-java-todo)" 2>&1
	$PY grepfiles colon "$(o grep-rn-java-todo)" 30 0 | needles grep-rn-java-todo

	# $ rg -n --sort path "require\('fs'\)" node_modules
	(cd "$W/jstools" && rg -n --sort path "require\('fs'\)" node_modules) >"$(o grep-rg-node-modules-require)" 2>&1
	$PY grepfiles colon "$(o grep-rg-node-modules-require)" 24 8 | needles grep-rg-node-modules-require

	# $ grep -rni timeout /usr/local/go/src/net/http/*.go
	grep -ni timeout "$G"/net/http/*.go >"$(o grep-grep-ni-flood)" 2>&1
	$PY grepfiles colon "$(o grep-grep-ni-flood)" 24 10 | needles grep-grep-ni-flood

	# $ rg --json 'raise \w+Error\(' <python3.11>/asyncio
	rg --json --sort path 'raise \w+Error\(' "$py/asyncio" >"$(o json-rg-json-ndjson)" 2>&1
	s=$(o json-rg-json-ndjson)
	{
		echo '"type":"summary"'
		echo '"matches":'
		jq -r 'select(.type == "begin") | .data.path.text' "$s" | $PY spread /dev/stdin . 16 | sed 's/^/{"text":"/; s/$/"}/'
	} | needles json-rg-json-ndjson

	# $ rg -l --sort path 'import re$' <python3.11>
	rg -l --sort path 'import re$' "$py" >"$(o listing-rg-l-python)" 2>&1
	$PY dirs "$(o listing-rg-l-python)" 16 12 | needles listing-rg-l-python

	# $ grep -rl ioutil /usr/local/go/src | sort
	grep -rl ioutil "$G" | sort >"$(o listing-grep-rl-ioutil)" 2>&1
	$PY dirs "$(o listing-grep-rl-ioutil)" 16 12 | needles listing-grep-rl-ioutil

	# $ cd jstools && rg --files --sort path node_modules
	(cd "$W/jstools" && rg --files --sort path node_modules) >"$(o listing-rg-files-node-modules)" 2>&1
	s=$(o listing-rg-files-node-modules)
	{
		cut -d/ -f1,2 "$s" | sort | uniq -c | sort -rn | first 12 | awk '{print $2 "/"}'
		$PY spread "$s" . 12
	} | needles listing-rg-files-node-modules

	search_more "$py" "$jdk"
}

# search_more PYSTDLIB JDKSRC: searches of kinds the samples above lack:
# floods of a common phrase and a handful of a rare one, one match in each
# of hundreds of files, matches in minified lines, rg's complaints among
# its matches, git grep in a work tree, rg -o, -B, --heading, -c over a
# large tree, and a Go module's source from the module proxy.
search_more() {
	local s py=$1 jdk=$2 cobra
	(cd "$W" && go mod download github.com/spf13/cobra@v1.10.2) >/dev/null
	cobra=$GOMODCACHE/github.com/spf13/cobra@v1.10.2
	cd "$W"

	# $ grep -rn 'return nil' /usr/local/go/src/net
	grep -rn 'return nil' "$G/net" >"$(o grep-rn-common-phrase-net)" 2>&1
	$PY grepfiles colon "$(o grep-rn-common-phrase-net)" 25 10 | needles grep-rn-common-phrase-net

	# $ grep -rn Symlink /usr/local/go/src/os
	grep -rn Symlink "$G/os" >"$(o grep-rn-rare-word-os)" 2>&1
	$PY grepfiles colon "$(o grep-rn-rare-word-os)" 30 0 | needles grep-rn-rare-word-os

	# $ rg -n -C2 --sort path 'RunE' <cobra@v1.10.2>
	rg -n -C2 --sort path 'RunE' "$cobra" >"$(o grep-rg-C2-module-src)" 2>&1
	$PY grepfiles colon "$(o grep-rg-C2-module-src)" 25 10 | needles grep-rg-C2-module-src

	# $ rg --heading -n --sort path 'unsafe\.Pointer' /usr/local/go/src/syscall
	rg --heading -n --sort path 'unsafe\.Pointer' "$G/syscall" >"$(o grep-rg-heading-unsafe)" 2>&1
	$PY grepfiles heading "$(o grep-rg-heading-unsafe)" 25 10 | needles grep-rg-heading-unsafe

	# $ git grep -n 'cobra.Command{'   (in a repository of cobra's source)
	mkdir -p "$W/search/cobra"
	cp -r "$cobra"/. "$W/search/cobra"
	chmod -R u+w "$W/search/cobra"
	(cd "$W/search/cobra" && git init -q && commit "cobra v1.10.2" && git grep -n 'cobra.Command{') >"$(o grep-git-grep-worktree)" 2>&1
	$PY grepfiles colon "$(o grep-git-grep-worktree)" 25 10 | needles grep-git-grep-worktree

	# $ rg -o -n --sort path 'https?://[^ )"]+' /usr/local/go/src/net/http
	rg -o -n --sort path 'https?://[^ )"]+' "$G/net/http" >"$(o grep-rg-o-urls)" 2>&1
	$PY grepfiles colon "$(o grep-rg-o-urls)" 20 12 | needles grep-rg-o-urls

	# $ rg -n --sort path SIGKILL /usr/local/go/src/os /usr/local/go/src/syscall /nonexistent/src missing.txt
	rg -n --sort path SIGKILL "$G/os" "$G/syscall" /nonexistent/src missing.txt >"$(o grep-rg-missing-paths)" 2>&1 || true
	s=$(o grep-rg-missing-paths)
	{
		g -E '^rg: ' "$s"
		$PY grepfiles colon "$s" 20 10
	} | needles grep-rg-missing-paths

	# $ grep -rni deprecated <python3>/email <python3>/http <python3>/urllib
	grep -rni deprecated "$py/email" "$py/http" "$py/urllib" >"$(o grep-rni-python-deprecated)" 2>&1
	$PY grepfiles colon "$(o grep-rni-python-deprecated)" 24 10 | needles grep-rni-python-deprecated

	# $ rg -c --sort path 'func ' /usr/local/go/src/cmd/compile/internal
	rg -c --sort path 'func ' "$G/cmd/compile/internal" >"$(o grep-rg-c-many-files)" 2>&1
	$PY grepfiles count "$(o grep-rg-c-many-files)" 25 10 | needles grep-rg-c-many-files

	# $ rg -n -t py -B1 --sort path 'yield from' <python3>
	rg -n -t py -B1 --sort path 'yield from' "$py" >"$(o grep-rg-B1-python-yield)" 2>&1
	$PY grepfiles colon "$(o grep-rg-B1-python-yield)" 20 10 | needles grep-rg-B1-python-yield

	# $ rg -n -m1 --sort path Copyright /usr/local/go/src/crypto
	rg -n -m1 --sort path Copyright "$G/crypto" >"$(o grep-rg-m1-one-per-file)" 2>&1
	$PY grepfiles colon "$(o grep-rg-m1-one-per-file)" 20 20 | needles grep-rg-m1-one-per-file

	# $ cd jstools && rg -n --sort path -g '*.min.js' 'function\(' node_modules
	(cd "$W/jstools" && rg -n --sort path -g '*.min.js' 'function\(' node_modules) >"$(o grep-rg-minified-min-js)" 2>&1
	$PY grepfiles colon "$(o grep-rg-minified-min-js)" 20 10 | needles grep-rg-minified-min-js

	# $ grep -rn --include='*.h' restrict /usr/include
	grep -rn --include='*.h' restrict /usr/include >"$(o grep-rn-include-h-flood)" 2>&1
	$PY grepfiles colon "$(o grep-rn-include-h-flood)" 25 10 | needles grep-rn-include-h-flood

	# $ grep -rn 'throw new IllegalArgumentException' <jdk src>/java.base/java/util
	grep -rn 'throw new IllegalArgumentException' "$jdk/java.base/java/util" >"$(o grep-rn-java-throws)" 2>&1
	$PY grepfiles colon "$(o grep-rn-java-throws)" 25 10 | needles grep-rn-java-throws
}
