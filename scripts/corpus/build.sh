# Sourced by scripts/corpus.sh: builds with configure/make, CMake, gcc, g++ and
# clang, captured logs of CPython builds, and go build -x.

# debsource PACKAGE: the upstream source of a Debian package, unpacked into
# $W/debsrc, from a scratch apt configuration that names only Debian's source
# archive (the machine's own apt setup is left alone). Prints the directory.
debsource() {
	local a=$W/apt
	if [ ! -d "$a/lists" ]; then
		mkdir -p "$a/lists/partial" "$a/cache/archives/partial" "$W/debsrc"
		echo 'deb-src http://deb.debian.org/debian bookworm main' >"$a/sources.list"
		apt-get -o Dir::Etc::SourceList="$a/sources.list" -o Dir::Etc::SourceParts=/dev/null \
			-o Dir::State::Lists="$a/lists" -o Dir::Cache="$a/cache" update -qq >/dev/null 2>&1
	fi
	(
		cd "$W/debsrc"
		chmod 777 . # apt downloads as the _apt user when it can
		apt-get -o Dir::Etc::SourceList="$a/sources.list" -o Dir::Etc::SourceParts=/dev/null \
			-o Dir::State::Lists="$a/lists" -o Dir::Cache="$a/cache" source -qq --download-only "$1" >/dev/null 2>&1
		tar xzf "$1"_*.orig.tar.gz
	)
	find "$W/debsrc" -mindepth 1 -maxdepth 1 -type d -iname "$1*" | first 1
}

# ---------------------------------------------------------------- cpython
# The machine image keeps the logs of the pyenv builds of its Pythons
# (./configure && make && make install, as python-build writes them) in /tmp.
# They are copied as they are; a machine without them keeps the committed copy.
section_cpython() {
	local s v n log
	for v in 3.13.0 2.7.18; do
		n=log-configure-make-cpython$(echo "$v" | cut -d. -f1,2 | tr -d .)
		s=$(o "$n")
		log=$(grep -l -m1 "/Python-$v " /tmp/python-build.*.log 2>/dev/null | first 1 || true)
		if [ -n "$log" ]; then
			# $ cp /tmp/python-build.<date>.log   (pyenv's log of building Python <v>)
			cp "$log" "$s"
		elif [ ! -f "$s" ]; then
			say "warning: no pyenv build log of Python $v in /tmp; skipping"
			continue
		fi
		{
			# the first warning of each kind, then what did not build, and the end
			$PY firstper "$s" ': warning: ' '(\[-W[^]]+\]|warning: the use of `\w+|is too old)' 20
			# every source file with a warning
			g -oE '^[^ :]+\.[ch]:[0-9]+(:[0-9]+)?: warning' "$s" | cut -d: -f1 | sed 's|^.*/Python-[0-9.]*/||; s|^\./||' | sort -u | first 16
			g -m1 -A1 'necessary bits to build these' "$s"
			g -m1 '^Checked [0-9]+ modules' "$s"
			g -m1 '^Successfully installed pip' "$s"
		} | needles "$n"
	done
}

# ---------------------------------------------------------------- build
section_build() {
	local s d
	# GNU hello: a real autoconf and automake project.
	d=$(debsource hello)
	cd "$d"
	# $ ./configure && make
	{ ./configure && make; } >"$(o log-hello-configure-make)" 2>&1
	s=$(o log-hello-configure-make)
	{
		g -m1 '^checking for gcc' "$s"
		g '^config.status: creating Makefile' "$s"
		g -E '^gcc .* -o hello ' "$s" | cut -c1-60
		$PY spread "$s" '^Making all in ' 6
		tail -1 "$s"
	} | needles log-hello-configure-make

	# $ make check
	make check >"$(o log-hello-make-check)" 2>&1
	s=$(o log-hello-make-check)
	{
		g -E '^(PASS|FAIL|SKIP|XFAIL|ERROR): ' "$s"
		g -E '^Testsuite summary' "$s"
		g -E '^# (TOTAL|PASS|FAIL):' "$s"
	} | needles log-hello-make-check

	# $ make clean && make CFLAGS='-g -O2 -Wall -Wextra -Wconversion -Wshadow -Wformat=2 -Wcast-qual'
	{ make clean && make CFLAGS='-g -O2 -Wall -Wextra -Wconversion -Wshadow -Wformat=2 -Wcast-qual'; } \
		>"$(o log-hello-make-wconversion)" 2>&1
	s=$(o log-hello-make-wconversion)
	{
		g -E ': warning: ' "$s" | sed -E 's/ \[-W[^]]+\]$//'
	} | needles log-hello-make-wconversion

	# A configure that fails: no working compiler.
	# $ make distclean; CC=/usr/bin/no-such-cc ./configure
	make distclean >/dev/null 2>&1
	CC=/usr/bin/no-such-cc ./configure >"$(o log-hello-configure-no-cc)" 2>&1 || true
	s=$(o log-hello-configure-no-cc)
	{
		g '^configure: error: ' "$s"
		g 'checking whether the C compiler works' "$s"
		g "^See \`config.log'" "$s"
	} | needles log-hello-configure-no-cc

	# $ cat config.log
	cat config.log >"$(o log-hello-config-log-no-cc)" 2>&1
	s=$(o log-hello-config-log-no-cc)
	{
		g -m1 '^  \$ ./configure' "$s"
		g -E 'No such file or directory|not found' "$s" | sort -u | first 4
		g -E '^configure:[0-9]+: error: ' "$s"
		g -E '^configure: exit ' "$s"
		g -E '^## [A-Za-z ]+ ##$' "$s"
	} | needles log-hello-config-log-no-cc

	# cJSON: a real CMake project, with its tests.
	d=$(debsource cjson)
	cd "$d"
	# $ cmake -S . -B build -DENABLE_CJSON_TEST=On -DENABLE_CJSON_UTILS=On && cmake --build build
	{ cmake -S . -B build -DENABLE_CJSON_TEST=On -DENABLE_CJSON_UTILS=On && cmake --build build; } \
		>"$(o log-cmake-cjson-configure-build)" 2>&1
	s=$(o log-cmake-cjson-configure-build)
	{
		g -E '^-- (The C compiler|Configuring done|Generating done|Build files)' "$s"
		g -E '^\[100%\] Built target ' "$s"
		$PY spread "$s" '^\[ *[0-9]+%\] Built target ' 6
	} | needles log-cmake-cjson-configure-build

	# $ cd build && ctest --output-on-failure
	(cd build && ctest --output-on-failure) >"$(o log-ctest-cjson-pass)" 2>&1
	s=$(o log-ctest-cjson-pass)
	{
		g -E 'tests passed' "$s"
		$PY spread "$s" 'Test +#[0-9]+: ' 6
	} | needles log-ctest-cjson-pass

	# $ CC=clang cmake -S . -B build-clang -DENABLE_CJSON_TEST=On -DENABLE_CUSTOM_COMPILER_FLAGS=Off -DCMAKE_C_FLAGS=-Weverything && cmake --build build-clang
	{ CC=clang cmake -S . -B build-clang -DENABLE_CJSON_TEST=On -DENABLE_CUSTOM_COMPILER_FLAGS=Off -DCMAKE_C_FLAGS=-Weverything &&
		cmake --build build-clang; } >"$(o log-cmake-clang-weverything-cjson)" 2>&1
	s=$(o log-cmake-clang-weverything-cjson)
	{
		$PY firstper "$s" ': warning: ' '\[(-W[^]]+)\]' 10
		# every file that has warnings
		g -oE '^[^ :]+\.[ch]:' "$s" | sort -u | sed 's/:$//' | first 16
		g -E '^[0-9]+ warnings? generated' "$s" | sort -u | first 4
		g -E '^\[100%\] Built target ' "$s"
	} | needles log-cmake-clang-weverything-cjson

	# C++ with template errors, built through CMake with make, going on after errors.
	cd "$W/src/cppbroken"
	# $ cmake -S . -B build && cmake --build build -- -k
	{ cmake -S . -B build && cmake --build build -- -k; } >"$(o log-cmake-gxx-template-errors)" 2>&1 || true
	s=$(o log-cmake-gxx-template-errors)
	{
		g -E ': (error|warning): ' "$s" | sed -E 's/^.*\/(src\/|c\+\+\/12\/)/\1/'
		g -E '^gmake(\[[0-9]\])?: \*\*\*' "$s" | first 3
	} | needles log-cmake-gxx-template-errors

	# $ rm -rf build && CXX=clang++ cmake -S . -B build && cmake --build build -- -k
	rm -rf build
	{ CXX=clang++ cmake -S . -B build && cmake --build build -- -k; } >"$(o log-cmake-clangxx-errors)" 2>&1 || true
	s=$(o log-cmake-clangxx-errors)
	{
		g -E ': (error|warning): ' "$s" | sed -E 's/^.*\/(src\/|c\+\+\/12\/)/\1/'
		g -E '^[0-9]+ (errors?|warnings?)( and [0-9]+ (errors?|warnings?))? generated' "$s"
	} | needles log-cmake-clangxx-errors

	# A C project whose tests fail: configure, build and test, as a CI job does.
	cd "$W/src/cmakeapp"
	# $ cmake -S . -B build && cmake --build build && (cd build && ctest --output-on-failure)
	{ cmake -S . -B build && cmake --build build && (cd build && ctest --output-on-failure); } \
		>"$(o log-cmake-build-ctest-failures)" 2>&1 || true
	s=$(o log-cmake-build-ctest-failures)
	{
		g -E 'CHECK_EQ.*failed' "$s"
		g -E '\*\*\*(Failed|Timeout)' "$s"
		g -E 'tests passed, ' "$s"
		g -E '^\s+[0-9]+ - [a-z]+ \(' "$s"
		g -E ': warning: ' "$s"
	} | needles log-cmake-build-ctest-failures

	# $ cd build && ctest -V
	(cd build && ctest -V) >"$(o log-ctest-verbose-failures)" 2>&1 || true
	s=$(o log-ctest-verbose-failures)
	{
		g -E 'CHECK_EQ.*failed' "$s"
		g -E '\*\*\*(Failed|Timeout)' "$s"
		g -E 'tests passed, ' "$s"
		g -E '^\s+[0-9]+ - [a-z]+ \(' "$s"
	} | needles log-ctest-verbose-failures

	# A CMake configure that cannot find a dependency.
	cd "$W/src/cmakemissing"
	# $ cmake -S . -B build
	cmake -S . -B build >"$(o log-cmake-configure-missing-boost)" 2>&1 || true
	s=$(o log-cmake-configure-missing-boost)
	{
		g -A2 '^CMake Error' "$s"
		g -E '^  CMakeLists.txt:[0-9]+ ' "$s"
		g -E 'Configuring incomplete' "$s"
		g -E 'not found$' "$s"
	} | needles log-cmake-configure-missing-boost

	# The C projects of the native section, with clang.
	cd "$W/src/cbroken"
	# $ cd cbroken && make CC=clang
	make CC=clang >"$(o log-make-clang-errors)" 2>&1 || true
	s=$(o log-make-clang-errors)
	{
		g -E ': error: ' "$s"
		$PY firstper "$s" ': warning: ' '\[(-W[^]]+)\]' 12
		g -E '^make: \*\*\*' "$s"
		g -E '^[0-9]+ (errors?|warnings?).* generated' "$s" | sort -u
	} | needles log-make-clang-errors

	# go build -x: every command the go tool runs, from an empty build cache.
	cd "$W/src/godeps"
	go mod download >/dev/null 2>&1 # not captured: -x would show the downloads
	# $ GOCACHE=$(mktemp -d) go build -x ./...
	GOCACHE=$W/gocache-x go build -x ./... >"$(o log-gobuild-x-fresh-cache)" 2>&1
	s=$(o log-gobuild-x-fresh-cache)
	{
		g -m1 '^WORK=' "$s"
		# the compile step of each package of the module's dependencies, and the link
		g -oE -- '-p [a-z]+\.[a-z]+/[a-z0-9./_-]+ ' "$s" | sort -u | $PY spread /dev/stdin . 12
		g -oE 'link -o \$WORK/b001/exe/a.out' "$s"
		g -E '^mv \$WORK/b001/exe/a.out ' "$s"
	} | needles log-gobuild-x-fresh-cache

	# $ cd gocompile && go build -x ./...   (compile errors after the preamble)
	cd "$W/src/gocompile"
	GOCACHE=$W/gocache-x go build -x ./... >"$(o log-gobuild-x-compile-errors)" 2>&1 || true
	s=$(o log-gobuild-x-compile-errors)
	{
		g -m1 '^WORK=' "$s"
		g '^# ' "$s"
		g -E '\.go:[0-9]+:[0-9]+: ' "$s"
	} | needles log-gobuild-x-compile-errors

	# $ go get -v github.com/spf13/cobra@v1.8.1 ...   (downloads and builds, in a new module)
	mkdir -p "$W/goget" && cd "$W/goget"
	go mod init example.com/goget >/dev/null 2>&1
	GOCACHE=$W/gocache-x go get -v github.com/spf13/cobra@v1.8.1 github.com/stretchr/testify@v1.9.0 \
		golang.org/x/text@v0.14.0 gopkg.in/yaml.v3@v3.0.1 github.com/pkoukk/tiktoken-go@v0.1.8 >"$(o log-go-get-v)" 2>&1
	s=$(o log-go-get-v)
	{
		g -E '^go: added ' "$s"
		$PY spread "$s" '^go: downloading ' 8
	} | needles log-go-get-v
}
