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
}
