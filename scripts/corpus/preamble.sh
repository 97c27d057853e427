# Sourced by scripts/corpus.sh: logs whose start is output of another shape,
# as CI jobs and build scripts print them: an archive unpacked verbosely
# and a patch applied before configure and make, a source file printed
# before the tests that fail. The sniffer must read past the start.

section_preamble() {
	local s d p
	# GNU Bash, a real autoconf project with a few hundred compiler lines. The
	# job applies a patch that adds a function using an undeclared variable
	# to a file make compiles late, so the build fails near its end.
	d=$(debsource bash)
	p=$W/bash-undeclared.patch
	rm -rf "$W/bashpatch"
	mkdir -p "$W/bashpatch/a/lib/sh" "$W/bashpatch/b/lib/sh"
	cp "$d/lib/sh/tmpfile.c" "$W/bashpatch/a/lib/sh/"
	cp "$d/lib/sh/tmpfile.c" "$W/bashpatch/b/lib/sh/"
	printf '\nint\nsh_mktmpfd_count (void)\n{\n  return tmpfd_counter;\n}\n' >>"$W/bashpatch/b/lib/sh/tmpfile.c"
	(cd "$W/bashpatch" && diff -u a/lib/sh/tmpfile.c b/lib/sh/tmpfile.c >"$p") || true
	rm -rf "$W/ci" && mkdir -p "$W/ci"
	# The sniffer's tests read this one (shape/testdata), not bench: the log
	# reducer keeps the error and make's complaints of it, not yet the lines
	# where the stream changes (patching, configure's start).
	# $ tar xvvzf bash_5.2.15.orig.tar.gz && cd bash-5.2.15 && patch -p1 <bash-undeclared.patch && ./configure && make
	(cd "$W/ci" && tar xvvzf "$W"/debsrc/bash_*.orig.tar.gz && cd bash-* && patch -p1 <"$p" && ./configure && make) \
		>"$ROOT/shape/testdata/log-tar-configure-make-bash-broken.out" 2>&1 || true

	# A source file printed before the tests that fail on it, as an agent's
	# one command may run them.
	# $ cd pyproj && cat <python3.11>/argparse.py; python3 -m unittest -v
	(cd "$W/src/pyproj" && cat "$(pystdlib)/argparse.py"; python3 -m unittest -v) \
		>"$(o log-cat-source-then-unittest)" 2>&1 || true
	s=$(o log-cat-source-then-unittest)
	{
		g -E '^(FAIL|ERROR): ' "$s"
		g -E '^[A-Za-z]+Error: ' "$s"
		g -E '^Ran [0-9]+ tests' "$s"
		g -E '^FAILED \(' "$s"
	} | needles log-cat-source-then-unittest
}
