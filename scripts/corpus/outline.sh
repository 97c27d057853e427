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

section_outline() {
	local s py f
	py=$(pystdlib)
	jstools
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
}
