# Sourced by scripts/corpus.sh: source code and documentation as an agent
# reads them: files printed with cat (Go, Python, C, C++, JavaScript,
# TypeScript declarations, Rust, Java, shell), go doc, man pages, pydoc,
# markdown, --help and rustc --explain. Needles are declarations, signatures
# and headings.

# Declarations worth finding in a source file, by language: HIGH are types
# and top-level functions, LOW methods and members.
GO_HIGH='^(type [A-Z]|func [A-Z]|func \([a-z]+ \*?[A-Z])'
GO_LOW='^(func |type |var [A-Za-z]+ |const [A-Za-z]+ )'
PY_HIGH='^(class|def|async def) [A-Za-z]'
PY_LOW='^    (async )?def [a-z]'
C_HIGH='^(typedef |struct [A-Za-z_]+ \{|enum [A-Za-z_]+ \{|[A-Za-z_][A-Za-z_0-9 *]+[ *](cJSON_)?[A-Z][A-Za-z_]+\()'
C_LOW='^[a-z][A-Za-z_0-9 *]+[ *][a-z_][a-z_0-9]*\([^;]*$'
JS_HIGH='^(export )?(async )?(function\*? |class )[A-Za-z]'
JS_LOW='^  (async |static |get |set )*#?[a-zA-Z_]+\([^)]*\) \{$'
RS_HIGH='^(pub )?(struct|enum|trait|type|mod|impl)[ <]'
RS_LOW='^\s*(pub(\([a-z]+\))? )?(const )?(unsafe )?fn [a-z_]'
JAVA_HIGH='^(public |abstract |final )*(class|interface|enum) [A-Z]|^    (public |protected )?(abstract |static |final )*(class|interface) [A-Z]'
JAVA_LOW='^    (public|protected) [^=;(]*\([^;]*$'
MAN_HIGH='^[A-Z][A-Z -]+$'
MAN_LOW='^ {7}-{1,2}[A-Za-z]'
# The same for more languages and formats, written once for every file of
# the kind rather than for one file.
H_HIGH='^(typedef |struct [A-Za-z_]+ \{|enum [A-Za-z_]+ \{)'
H_LOW='^(extern |[A-Z]+EXTERN |[A-Z]+PUBFUN )?[A-Za-z_][A-Za-z_0-9 *]* \*?[A-Za-z_][A-Za-z_0-9]* ?\('
CPP_HIGH='^ {0,4}(class|struct) [_A-Za-z]+( *[:{].*)?$'
CPP_LOW='^ {6}(operator[^ (]*|[a-z_]+)\('
TS_HIGH='^ {0,4}(export )?(declare )?(abstract )?(interface|class|namespace|module|enum|type) [A-Za-z"]'
TS_LOW='^ {0,4}(export )?(declare )?function [A-Za-z]'
JS_ANY_HIGH='^(export )?(async )?(function\*? |class )[A-Za-z]|^[A-Za-z_.]+ = function'
JS_ANY_LOW='^ +(async )?function\*? [A-Za-z]|^ +(async |static |get |set )*#?(?!if|for|while|switch|catch)[a-zA-Z_]+\([^)]*\) \{$'
SH_HIGH='^(function )?[A-Za-z_][A-Za-z_0-9]* *\(\)'
SH_LOW='^# [A-Z]|^(if|case|for|while) '
MK_HIGH='^[A-Za-z_.$(][^ =:\t]*:([^=]|$)'
MK_LOW='^[A-Z_]+ *[:+?]?='
GODOC_HIGH='^([A-Z]+|type [A-Z].*|func [A-Z].*)$'
GODOC_LOW='^func \('
HELP_HIGH='^ ?[A-Z][A-Za-z0-9 ,/()-]*:?$'
HELP_LOW='^ {0,8}(-{1,2}[A-Za-z]|[a-z][a-z0-9-]+ {2,})'
PYDOC_HIGH='^[A-Z]+$|^    class [A-Z]|^    [a-z]+\('
PYDOC_LOW='^ +\|  [a-z_]+\(self'
MD_HIGH='^#{1,3} '

section_outline() {
	local s py f
	py=$(pystdlib)
	jstools
	# go doc of a module reads it from the module cache.
	(cd "$W/src/godeps" && go mod download >/dev/null 2>&1)
	cd "$W"

	# cat of source files.
	# $ cat /usr/local/go/src/net/http/server.go
	cat "$G/net/http/server.go" >"$(o outline-cat-go-large)" 2>&1
	$PY outline "$(o outline-cat-go-large)" 36 "$GO_HIGH" "$GO_LOW" | needles outline-cat-go-large

	# $ cat /usr/local/go/src/strings/builder.go
	cat "$G/strings/builder.go" >"$(o outline-cat-go-small)" 2>&1
	$PY outline "$(o outline-cat-go-small)" 30 "$GO_HIGH" "$GO_LOW" | needles outline-cat-go-small

	# $ cat /usr/local/go/src/strings/strings_test.go
	cat "$G/strings/strings_test.go" >"$(o outline-cat-go-test)" 2>&1
	$PY outline "$(o outline-cat-go-test)" 36 '^(type|func Test|func Benchmark|func Fuzz)[ A-Z]' '^(var|func) [a-z]' | needles outline-cat-go-test

	# $ cat <python3.11>/asyncio/tasks.py
	cat "$py/asyncio/tasks.py" >"$(o outline-cat-py-asyncio)" 2>&1
	$PY outline "$(o outline-cat-py-asyncio)" 36 "$PY_HIGH" "$PY_LOW" | needles outline-cat-py-asyncio

	# $ cat <python3.11>/json/__init__.py
	cat "$py/json/__init__.py" >"$(o outline-cat-py-small)" 2>&1
	$PY outline "$(o outline-cat-py-small)" 20 "$PY_HIGH" "$PY_LOW" | needles outline-cat-py-small

	# $ cat <python3.11>/argparse.py
	cat "$py/argparse.py" >"$(o outline-cat-py-classes)" 2>&1
	$PY outline "$(o outline-cat-py-classes)" 36 "$PY_HIGH" "$PY_LOW" | needles outline-cat-py-classes

	# $ cat cJSON-1.7.15/cJSON.c
	f=$(debsource cjson)
	cat "$f/cJSON.c" >"$(o outline-cat-c-large)" 2>&1
	$PY outline "$(o outline-cat-c-large)" 36 "$C_HIGH" "$C_LOW" | needles outline-cat-c-large

	# $ cat hello-2.10/src/hello.c
	f=$(debsource hello)
	cat "$f/src/hello.c" >"$(o outline-cat-c-small)" 2>&1
	# GNU style: the type on one line, the name at the start of the next
	$PY outline "$(o outline-cat-c-small)" 20 '^[a-z_]+ \([a-z]' '^(static |extern )?[a-z_ ]+ \*?[a-z_]+ \(.*\);$|^static const struct' |
		needles outline-cat-c-small

	# $ cat /usr/include/stdio.h
	cat /usr/include/stdio.h >"$(o outline-cat-h-stdio)" 2>&1
	$PY outline "$(o outline-cat-h-stdio)" 36 '^(typedef |#define [A-Z_]+ )' '^extern [a-z].*[a-z_]+ \(' | needles outline-cat-h-stdio

	# $ cat /usr/include/c++/12/bits/stl_vector.h
	cat /usr/include/c++/12/bits/stl_vector.h >"$(o outline-cat-cpp-header)" 2>&1
	$PY outline "$(o outline-cat-cpp-header)" 36 '^    (struct|class) [_A-Za-z]+|^  (struct|class) [_A-Za-z]+' \
		'^      (push_back|pop_back|insert|erase|reserve|resize|emplace_back|size|capacity|empty|clear|swap|assign|at|front|back|data|begin|end)\(' |
		needles outline-cat-cpp-header

	# $ cat node_modules/commander/lib/command.js
	cat "$W/jstools/node_modules/commander/lib/command.js" >"$(o outline-cat-js-large)" 2>&1
	$PY outline "$(o outline-cat-js-large)" 36 "$JS_HIGH" "$JS_LOW" | needles outline-cat-js-large

	# $ cat node_modules/express/lib/response.js
	cat "$W/jstools/node_modules/express/lib/response.js" >"$(o outline-cat-js-prototype)" 2>&1
	$PY outline "$(o outline-cat-js-prototype)" 36 '^(res|var [a-z]+ = module\.exports)[.a-zA-Z]* = function' '^function [a-z]' |
		needles outline-cat-js-prototype

	# $ cat node_modules/ms/index.js
	cat "$W/jstools/node_modules/ms/index.js" >"$(o outline-cat-js-small)" 2>&1
	$PY outline "$(o outline-cat-js-small)" 12 '^(module\.exports|function [a-z])' | needles outline-cat-js-small

	# $ cat node_modules/typescript/lib/lib.es5.d.ts
	cat "$W/jstools/node_modules/typescript/lib/lib.es5.d.ts" >"$(o outline-cat-ts-declarations)" 2>&1
	$PY outline "$(o outline-cat-ts-declarations)" 36 '^(interface|declare var|declare function|type) [A-Za-z]' | needles outline-cat-ts-declarations

	# $ cat semver-1.0.14/src/parse.rs
	cat /usr/share/cargo/registry/semver-1.0.14/src/parse.rs >"$(o outline-cat-rust)" 2>&1
	$PY outline "$(o outline-cat-rust)" 30 "$RS_HIGH" "$RS_LOW" | needles outline-cat-rust

	# $ unzip -p <jdk>/lib/src.zip java.base/java/util/HashMap.java
	unzip -p "$(jdkzip)" java.base/java/util/HashMap.java >"$(o outline-cat-java)" 2>&1
	$PY outline "$(o outline-cat-java)" 36 "$JAVA_HIGH" "$JAVA_LOW" | needles outline-cat-java

	# $ cat /usr/local/go/src/make.bash
	cat "$G/make.bash" >"$(o outline-cat-shell)" 2>&1
	$PY outline "$(o outline-cat-shell)" 20 '^[a-z_]+\(\) \{|^(if|for) ' '^# [A-Z]' | needles outline-cat-shell

	# Documentation.
	# $ go doc -all encoding/json
	go doc -all encoding/json >"$(o outline-godoc-all-json)" 2>&1
	$PY outline "$(o outline-godoc-all-json)" 36 '^([A-Z]+|type [A-Z].*|func [A-Z].*)$' '^func \(' | needles outline-godoc-all-json

	# $ go doc os
	go doc os >"$(o outline-godoc-short-os)" 2>&1
	$PY outline "$(o outline-godoc-short-os)" 36 '^(package|type) ' '^func ' | needles outline-godoc-short-os

	# $ cd godeps && go doc -all github.com/spf13/cobra Command
	(cd "$W/src/godeps" && go doc -all github.com/spf13/cobra Command) >"$(o outline-godoc-type-methods)" 2>&1
	$PY outline "$(o outline-godoc-type-methods)" 36 '^type ' '^func \(c \*Command\) [A-Z]' | needles outline-godoc-type-methods

	# $ man -P cat git-log
	man -P cat git-log >"$(o outline-man-git-log)" 2>&1
	$PY outline "$(o outline-man-git-log)" 36 "$MAN_HIGH" "$MAN_LOW" | needles outline-man-git-log

	# $ man -P cat find
	man -P cat find >"$(o outline-man-find)" 2>&1
	$PY outline "$(o outline-man-find)" 36 "$MAN_HIGH" "$MAN_LOW" | needles outline-man-find

	# $ man -P cat bash
	man -P cat bash >"$(o outline-man-bash)" 2>&1
	$PY outline "$(o outline-man-bash)" 36 "$MAN_HIGH" '^   [A-Z][a-z]+( [A-Za-z]+)*$' | needles outline-man-bash

	# $ man -P cat grep
	man -P cat grep >"$(o outline-man-grep)" 2>&1
	$PY outline "$(o outline-man-grep)" 36 "$MAN_HIGH|^   [A-Z][a-z]+( [A-Za-z]+)*$" "$MAN_LOW" | needles outline-man-grep

	# $ python3 -m pydoc json
	python3 -m pydoc json >"$(o outline-pydoc-json)" 2>&1
	$PY outline "$(o outline-pydoc-json)" 30 '^[A-Z]+$|^    class [A-Z]|^    [a-z]+\(' '^ +\|  [a-z_]+\(self' | needles outline-pydoc-json

	# $ cat node_modules/commander/Readme.md
	cat "$W/jstools/node_modules/commander/Readme.md" >"$(o outline-md-readme)" 2>&1
	$PY outline "$(o outline-md-readme)" 36 '^#{1,3} ' | needles outline-md-readme

	# $ cat node_modules/express/History.md
	cat "$W/jstools/node_modules/express/History.md" >"$(o outline-md-changelog)" 2>&1
	s=$(o outline-md-changelog)
	{
		g -E '^[0-9]+\.[0-9]+\.[0-9]+ / [0-9-]+$' "$s" | $PY spread /dev/stdin . 24
	} | needles outline-md-changelog

	# $ go help build
	go help build >"$(o outline-go-help-build)" 2>&1
	$PY outline "$(o outline-go-help-build)" 36 '^usage: ' '^	-[a-z]' | needles outline-go-help-build

	# $ rustc --explain E0277
	rustc --explain E0277 >"$(o outline-rustc-explain)" 2>&1
	$PY outline "$(o outline-rustc-explain)" 20 '^(trait|fn|impl|struct) |^```' '^[A-Z][a-z]+ ' | needles outline-rustc-explain

	# $ javap -p java.util.HashMap
	javap -p java.util.HashMap >"$(o outline-javap-class)" 2>&1
	$PY outline "$(o outline-javap-class)" 30 '^(public|final|abstract)? ?class |^  (public|protected) ' '^  [a-z]' | needles outline-javap-class

	outline_more
	text_more
}

# outline_more: source files and documentation of more languages, tools and
# formats, each with the rules of its kind above.
outline_more() {
	local py f z jq serde semver js nm
	py=$(pystdlib)
	js=$W/jstools/node_modules
	nm=/usr/share/doc/nodejs
	serde=$(find /usr/share/cargo/registry -maxdepth 1 -type d -name 'serde-1*' | sort | first 1)
	semver=$(find /usr/share/cargo/registry -maxdepth 1 -type d -name 'semver-1*' | sort | first 1)
	# zlib's upstream tarball is compressed with bzip2, which debsource
	# does not unpack.
	debsource zlib >/dev/null || true
	(cd "$W/debsrc" && tar xjf zlib_*.orig.tar.bz2)
	z=$(find "$W/debsrc" -mindepth 1 -maxdepth 1 -type d -name 'zlib-*' | first 1)
	jq=$(debsource jq)
	cd "$W"

	# source FILE NAME HIGH LOW: cat FILE as NAME, needles from the rules.
	source_sample() {
		cat "$1" >"$(o "$2")" 2>&1
		$PY outline "$(o "$2")" 36 "$3" "${4:-}" | needles "$2"
	}
	# $ cat /usr/local/go/src/go/ast/ast.go (and the files below)
	source_sample "$G/go/ast/ast.go" outline-cat-go-ast "$GO_HIGH" "$GO_LOW"
	source_sample "$G/runtime/proc.go" outline-cat-go-runtime-proc "$GO_HIGH" "$GO_LOW"
	source_sample "$G/crypto/tls/conn.go" outline-cat-go-tls-conn "$GO_HIGH" "$GO_LOW"
	source_sample "$W/gomodcache/gopkg.in/yaml.v3@v3.0.1/decode.go" outline-cat-go-yaml-decode "$GO_HIGH" "$GO_LOW"
	source_sample "$W/gomodcache/github.com/spf13/cobra@v1.8.1/command.go" outline-cat-go-cobra-command "$GO_HIGH" "$GO_LOW"
	source_sample "$py/subprocess.py" outline-cat-py-subprocess "$PY_HIGH" "$PY_LOW"
	source_sample "$py/typing.py" outline-cat-py-typing "$PY_HIGH" "$PY_LOW"
	source_sample "$py/logging/__init__.py" outline-cat-py-logging "$PY_HIGH" "$PY_LOW"
	source_sample "$py/dataclasses.py" outline-cat-py-dataclasses "$PY_HIGH" "$PY_LOW"
	source_sample "$z/deflate.c" outline-cat-c-zlib-deflate "$C_HIGH" "$C_LOW"
	source_sample "$jq/src/builtin.c" outline-cat-c-jq-builtin "$C_HIGH" "$C_LOW"
	source_sample /usr/include/zlib.h outline-cat-h-zlib "$H_HIGH" "$H_LOW"
	source_sample /usr/include/libxml2/libxml/tree.h outline-cat-h-libxml-tree "$H_HIGH" "$H_LOW"
	source_sample /usr/include/c++/12/bits/stl_map.h outline-cat-cpp-stl-map "$CPP_HIGH" "$CPP_LOW"
	source_sample /usr/include/c++/12/bits/shared_ptr_base.h outline-cat-cpp-shared-ptr "$CPP_HIGH" "$CPP_LOW"
	source_sample /usr/include/c++/12/bits/basic_string.h outline-cat-cpp-basic-string "$CPP_HIGH" "$CPP_LOW"
	source_sample "$serde/src/de/mod.rs" outline-cat-rust-serde-de "$RS_HIGH" "$RS_LOW"
	source_sample "$serde/src/ser/impls.rs" outline-cat-rust-serde-ser-impls "$RS_HIGH" "$RS_LOW"
	source_sample "$serde/src/lib.rs" outline-cat-rust-serde-lib "$RS_HIGH" "$RS_LOW"
	source_sample "$serde/src/macros.rs" outline-cat-rust-serde-macros "$RS_HIGH|^macro_rules! " "$RS_LOW"
	source_sample "$semver/src/lib.rs" outline-cat-rust-semver-lib "$RS_HIGH" "$RS_LOW"
	source_sample "$semver/src/impls.rs" outline-cat-rust-semver-impls "$RS_HIGH" "$RS_LOW"
	source_sample "$semver/src/display.rs" outline-cat-rust-semver-display "$RS_HIGH" "$RS_LOW"
	source_sample "$js/@types/node/fs.d.ts" outline-cat-ts-node-fs "$TS_HIGH" "$TS_LOW"
	source_sample "$js/@types/node/http.d.ts" outline-cat-ts-node-http "$TS_HIGH" "$TS_LOW"
	source_sample "$js/@types/node/stream.d.ts" outline-cat-ts-node-stream "$TS_HIGH" "$TS_LOW"
	source_sample "$js/express/lib/router/index.js" outline-cat-js-express-router "$JS_ANY_HIGH" "$JS_ANY_LOW"
	source_sample "$js/express/lib/application.js" outline-cat-js-express-application "$JS_ANY_HIGH" "$JS_ANY_LOW"
	source_sample "$js/commander/lib/help.js" outline-cat-js-commander-help "$JS_ANY_HIGH" "$JS_ANY_LOW"
	source_sample "$js/eslint/lib/linter/linter.js" outline-cat-js-eslint-linter "$JS_ANY_HIGH" "$JS_ANY_LOW"
	source_sample "$js/lodash/lodash.js" outline-cat-js-lodash "$JS_ANY_HIGH" "$JS_ANY_LOW"
	source_sample "$G/cmd/vendor/golang.org/x/sys/unix/mkerrors.sh" outline-cat-shell-mkerrors "$SH_HIGH" "$SH_LOW"
	source_sample /usr/share/doc/git/contrib/subtree/git-subtree.sh outline-cat-shell-git-subtree "$SH_HIGH" "$SH_LOW"
	source_sample "$z/configure" outline-cat-shell-zlib-configure "$SH_HIGH" "$SH_LOW"
	source_sample "$z/Makefile.in" outline-cat-makefile-zlib "$MK_HIGH" "$MK_LOW"
	# $ unzip -p <jdk>/lib/src.zip java.base/java/util/ArrayList.java (and the two below)
	unzip -p "$(jdkzip)" java.base/java/util/ArrayList.java >"$W/ArrayList.java"
	unzip -p "$(jdkzip)" java.base/java/util/concurrent/ConcurrentHashMap.java >"$W/ConcurrentHashMap.java"
	unzip -p "$(jdkzip)" java.base/java/lang/String.java >"$W/String.java"
	source_sample "$W/ArrayList.java" outline-cat-java-arraylist "$JAVA_HIGH" "$JAVA_LOW"
	source_sample "$W/ConcurrentHashMap.java" outline-cat-java-concurrenthashmap "$JAVA_HIGH" "$JAVA_LOW"
	source_sample "$W/String.java" outline-cat-java-string "$JAVA_HIGH" "$JAVA_LOW"

	# Markdown: Node's API documents and changelog, a README.
	source_sample "$nm/api/child_process.md" outline-md-node-api-child-process "$MD_HIGH"
	source_sample "$nm/api/events.md" outline-md-node-api-events "$MD_HIGH"
	source_sample "$nm/api/assert.md" outline-md-node-api-assert "$MD_HIGH"
	source_sample "$nm/api/cli.md" outline-md-node-api-cli "$MD_HIGH"
	source_sample "$nm/api/errors.md" outline-md-node-api-errors "$MD_HIGH"
	source_sample "$nm/changelogs/CHANGELOG_V21.md" outline-md-node-changelog-v21 "$MD_HIGH"
	source_sample "$js/eslint/README.md" outline-md-eslint-readme "$MD_HIGH"

	# go doc, man pages, --help and pydoc.
	# doc NAME HIGH LOW CMD...: run CMD as NAME, needles from the rules.
	doc_sample() {
		local name=$1 high=$2 low=$3
		shift 3
		"$@" >"$(o "$name")" 2>&1 || true
		$PY outline "$(o "$name")" 36 "$high" "$low" | needles "$name"
	}
	# $ go doc -all strings (and the commands below)
	doc_sample outline-godoc-all-strings "$GODOC_HIGH" "$GODOC_LOW" go doc -all strings
	doc_sample outline-godoc-all-reflect "$GODOC_HIGH" "$GODOC_LOW" go doc -all reflect
	doc_sample outline-godoc-all-context "$GODOC_HIGH" "$GODOC_LOW" go doc -all context
	doc_sample outline-godoc-all-bufio "$GODOC_HIGH" "$GODOC_LOW" go doc -all bufio
	(cd "$W/src/godeps" && doc_sample outline-godoc-all-cobra "$GODOC_HIGH" "$GODOC_LOW" go doc -all github.com/spf13/cobra)
	(cd "$W/src/godeps" && doc_sample outline-godoc-all-yaml "$GODOC_HIGH" "$GODOC_LOW" go doc -all gopkg.in/yaml.v3)
	doc_sample outline-man-tar "$MAN_HIGH" "$MAN_LOW" man -P cat tar
	doc_sample outline-man-curl "$MAN_HIGH" "$MAN_LOW" man -P cat curl
	doc_sample outline-man-ssh "$MAN_HIGH" "$MAN_LOW" man -P cat ssh
	doc_sample outline-man-git-commit "$MAN_HIGH" "$MAN_LOW" man -P cat git-commit
	doc_sample outline-man-make "$MAN_HIGH" "$MAN_LOW" man -P cat make
	doc_sample outline-man-jq "$MAN_HIGH" "$MAN_LOW" man -P cat jq
	doc_sample outline-help-gcc-warnings "$HELP_HIGH" "$HELP_LOW" gcc --help=warnings
	doc_sample outline-help-curl-all "$HELP_HIGH" "$HELP_LOW" curl --help all
	doc_sample outline-help-git-all "$HELP_HIGH" "$HELP_LOW" git help -a
	doc_sample outline-help-docker "$HELP_HIGH" "$HELP_LOW" docker --help
	doc_sample outline-help-kubectl "$HELP_HIGH" "$HELP_LOW" kubectl --help
	doc_sample outline-help-python3 "$HELP_HIGH" "$HELP_LOW" python3 --help-all
	doc_sample outline-help-rustc "$HELP_HIGH" "$HELP_LOW" rustc --help -v
	doc_sample outline-help-cargo-build "$HELP_HIGH" "$HELP_LOW" cargo build --help
	doc_sample outline-help-tar "$HELP_HIGH" "$HELP_LOW" tar --help
	doc_sample outline-pydoc-subprocess "$PYDOC_HIGH" "$PYDOC_LOW" python3 -m pydoc subprocess
	doc_sample outline-pydoc-collections "$PYDOC_HIGH" "$PYDOC_LOW" python3 -m pydoc collections
	doc_sample outline-pydoc-os "$PYDOC_HIGH" "$PYDOC_LOW" python3 -m pydoc os
}

# text_more: text that describes a system, neither a log nor a listing.
text_more() {
	local s
	cd "$W"
	# $ python3 -m sysconfig
	python3 -m sysconfig >"$(o text-python-sysconfig)" 2>&1
	s=$(o text-python-sysconfig)
	{
		g -E '^[A-Z][a-z]+: ' "$s"
		g -E '^	[A-Z_]+ = ' "$s" | $PY spread /dev/stdin . 16 | cut -c1-60
	} | needles text-python-sysconfig

	# $ getconf -a
	getconf -a >"$(o text-getconf-a)" 2>&1
	awk '{print $1}' "$(o text-getconf-a)" | $PY spread /dev/stdin . 20 | needles text-getconf-a

	# $ apt-config dump
	apt-config dump >"$(o text-apt-config-dump)" 2>&1
	$PY firstper "$(o text-apt-config-dump)" '^[A-Za-z]' '^([A-Za-z-]+)::' 20 | cut -c1-80 | needles text-apt-config-dump

	# $ objdump -x /usr/bin/git
	objdump -x /usr/bin/git >"$(o text-objdump-x-git)" 2>&1
	s=$(o text-objdump-x-git)
	{
		g -E '^[A-Z][A-Za-z ]+:$' "$s"
		g -oE '^ +[0-9]+ \.[a-z_.]+' "$s" | sed -E 's/^ +[0-9]+ //'
		g -E '^  NEEDED ' "$s"
	} | needles text-objdump-x-git

	# $ gcc -Q --help=optimizers
	gcc -Q --help=optimizers >"$(o text-gcc-q-optimizers)" 2>&1
	s=$(o text-gcc-q-optimizers)
	{
		head -1 "$s"
		g -oE '^  -f[a-z0-9-]+' "$s" | $PY spread /dev/stdin . 20
	} | needles text-gcc-q-optimizers
}

