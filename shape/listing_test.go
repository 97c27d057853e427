package shape

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestParseListingLine takes apart lines of real listings (from the
// corpus) and lines that are no entries.
func TestParseListingLine(t *testing.T) {
	for _, tc := range []struct {
		line string
		form ListingForm
		name string // the entry's name, the line from Start to End
		weak bool
	}{
		{"/usr/local/go/src/net/tcpsock_unix.go", ListingPath, "/usr/local/go/src/net/tcpsock_unix.go", false},
		{"META-INF/maven/com.google.guava/", ListingPath, "META-INF/maven/com.google.guava/", false},
		{"@eslint-community", ListingPath, "@eslint-community", true},
		{"  zlib1g-dev", ListingPath, "zlib1g-dev", true},
		{"  pip/_internal/cli/main.py", ListingPath, "pip/_internal/cli/main.py", false},
		{"?? vendor/github.com/cpuguy83/go-md2man/v2/LICENSE.md", ListingPath, "vendor/github.com/cpuguy83/go-md2man/v2/LICENSE.md", false},
		{" M README.md", ListingPath, "README.md", false},
		{"R  reduce/text.go -> reduce/plain.go", ListingPath, "reduce/text.go", false},
		{"\tmodified:   README.md", ListingPath, "README.md", false},
		{"M\treduce/diff.go", ListingPath, "reduce/diff.go", false},
		// git diff-tree -r, git diff --raw: modes and objects before the
		// status; a rename's new path; a merge's combined row.
		{":100644 100644 7c1c8f6c82af4110c326ab793e0ebdfa67f87a59 4cb31511588ee985f2a48dab78d6882381e88855 M\tREADME.md", ListingPath, "README.md", false},
		{":100644 000000 c6c0ef2 0000000 D\terrgroup/go120.go", ListingPath, "errgroup/go120.go", false},
		{":100644 100644 9daeb8c 9daeb8c R100\tdefs/3.6.15\tdefs/3.6.15-renamed", ListingPath, "defs/3.6.15-renamed", false},
		{"::100644 100644 100644 1a2b3c4 5d6e7f8 9a8b7c6 MM\tshape/text.go", ListingPath, "shape/text.go", false},
		{": note M\tthis", ListingOther, "", false},
		{" reduce/diff.go                                     |   89 +++++-", ListingRow, "reduce/diff.go", false},
		{" .../testdata/golden/diff-u-csv-reader-600.golden | 12 ++++++------", ListingRow, ".../testdata/golden/diff-u-csv-reader-600.golden", false},
		{" reduce/{text.go => plain.go}                       |    0", ListingRow, "reduce/{text.go => plain.go}", false},
		{" assets/gopher.png                                  |  Bin 5923 -> 4730 bytes", ListingRow, "assets/gopher.png", false},
		{"A\tscripts/corpus/diffforms.sh", ListingPath, "scripts/corpus/diffforms.sh", false},
		{"R086\treduce/text.go\treduce/plain.go", ListingPath, "reduce/plain.go", false},
		{"\trenamed:    reduce/text.go -> reduce/plain.go", ListingPath, "reduce/text.go", false},
		{"/etc/alternatives/awk -> /usr/bin/mawk", ListingPath, "/etc/alternatives/awk", false},
		{"-rw-r--r--  1 root root   3080 Aug 28 16:20 alpn_test.go", ListingRow, "alpn_test.go", false},
		{"-rw-r--r--  1 root root 112M Jan  3  2023 libLLVM-15.so.1", ListingRow, "libLLVM-15.so.1", false},
		{"lrwxrwxrwx  1 root root   21 Mar  1  2023 libz.so -> libz.so.1.2.13", ListingRow, "libz.so", false},
		{"drwxr-xr-x 11 root root   4096 Aug 28 16:20 .", ListingRow, ".", false},
		{"275600\t/usr/local/go", ListingRow, "/usr/local/go", false},
		// dpkg-query -W -f='${Package}\t${Version}\t${Installed-Size}\n', and ${Architecture}.
		{"adduser\t3.134\t686", ListingRow, "adduser", false},
		{"libc6 2.36-9+deb12u10 amd64", ListingRow, "libc6", false},
		{"100644 blob 1c0a34af272dc24aaa54d42be5bc52d20f441549      36\t.gitignore", ListingRow, ".gitignore", false},
		{"ii  adduser                    3.134                          all          add and remove users and groups", ListingRow, "adduser", false},
		{"      241  1980-00-00 00:00   github.com/spf13/cobra@v1.8.1/.github/dependabot.yml", ListingRow, "github.com/spf13/cobra@v1.8.1/.github/dependabot.yml", false},
		{"adduser/oldstable,now 3.134 all [installed,automatic]", ListingRow, "adduser", false},
		{"apt/oldstable,now 2.6.1 amd64 [installed,upgradable to: 2.6.2]", ListingRow, "apt", false},
		{"npm notice 14.6kB lib/application.js", ListingRow, "lib/application.js", false},
		{"github.com/spf13/cobra v1.8.1", ListingRow, "github.com/spf13/cobra", false},
		{"example.com/reportgen github.com/spf13/cobra@v1.8.1", ListingRow, "example.com/reportgen", false},
		{"100644 15f5659541fbaaef4e4859c002e1a58bf0360a90 0\t.goreleaser.yaml", ListingRow, ".goreleaser.yaml", false},
		{"-rw-r--r-- 1 root root   389 2026-08-28 16:20:06.000000000 +0000 bytealg.go", ListingRow, "bytealg.go", false},
		{"-rw-r--r-- root /etc/apt/sources.list.d/debian.sources", ListingRow, "/etc/apt/sources.list.d/debian.sources", false},
		{"lrwxrwxrwx 0 /etc/alternatives/awk -> /usr/bin/mawk", ListingRow, "/etc/alternatives/awk", false},
		{"-rw-r--r-- root root 4096 README", ListingRow, "", false},
		{" 11357 Tue Jan 19 15:16:46 UTC 2021 META-INF/LICENSE", ListingRow, "META-INF/LICENSE", false},
		{"2026-08-28 16:20 12679 /usr/local/go/src/cmd/link/dwarf_test.go", ListingRow, "/usr/local/go/src/cmd/link/dwarf_test.go", false},
		{"2026-08-28 1791 /usr/local/go/src/cmd/compile/script_test.go", ListingRow, "/usr/local/go/src/cmd/compile/script_test.go", false},
		{"libacl1:amd64\t2.3.1-3", ListingRow, "libacl1:amd64", false},
		{"appstream\t0.16.1-2", ListingRow, "appstream", false},
		// git's lists of references: show-ref, for-each-ref, branch -v
		// and -vv, worktree list, stash list.
		{"07ace7b971785315177589d377a4d63dec0e3b4e refs/heads/feature", ListingRow, "refs/heads/feature", false},
		{"db7d8d44baecf543ab7c9bcb53836dc91d355063 commit\trefs/remotes/origin/main", ListingRow, "refs/remotes/origin/main", false},
		{"  feature 07ace7b [origin/feature] feature: wording, extra", ListingRow, "feature", false},
		{"* main", ListingPath, "main", true},
		{"+ h-sniff4", ListingPath, "h-sniff4", true},
		{"* Fix the build", ListingOther, "", false},
		{"* main    0188dfd main: wording", ListingRow, "main", false},
		{"/tmp/sniff-work6/repo  981e5f4 [main]", ListingRow, "/tmp/sniff-work6/repo", false},
		{"/tmp/sniff-work6/wt    6768063 [feature]", ListingRow, "/tmp/sniff-work6/wt", false},
		{"stash@{1}: WIP on main: 981e5f4 Revert \"touch readme\"", ListingRow, "stash@{1}", false},
		{"  added 1234567 bytes", ListingOther, "", false},
		{"lib32gcc1\t", ListingPath, "lib32gcc1", true},
		{"cmd/addr2line /usr/local/go/src/cmd/addr2line", ListingRow, "cmd/addr2line", false},
		{"  Depends: libcurl3-gnutls", ListingRow, "libcurl3-gnutls", false},
		{"  Breaks: <cogito>", ListingRow, "cogito", false},
		{" |Suggests: git-daemon-run", ListingRow, "git-daemon-run", false},
		{"python3-abydos - NLP/IR library of phonetic algorithms, string distances and more", ListingRow, "python3-abydos", false},
		{"libc6-dev:amd64: /usr/include/x86_64-linux-gnu/sys/acct.h", ListingRow, "/usr/include/x86_64-linux-gnu/sys/acct.h", false},
		{"libc6-i386, libfakeroot:amd64, libc6:amd64, libc-bin: /etc/ld.so.conf.d", ListingRow, "/etc/ld.so.conf.d", false},
		{"make: /usr/bin/gmake", ListingRow, "/usr/bin/gmake", false},
		{"diversion by dash from: /bin/sh", ListingRow, "/bin/sh", false},
		{"  36.0% reduce/testdata/golden/", ListingRow, "reduce/testdata/golden/", false},
		{"sysfs on /sys type sysfs (rw,relatime)", ListingRow, "/sys", false},
		{"/dev/vda on / type ext4 (rw,relatime,discard)", ListingRow, "/", false},
		{"tmpfs /dev/shm tmpfs rw,relatime,size=24684092k 0 0", ListingRow, "/dev/shm", false},
		{"UUID=3f2a-11 /boot/efi vfat umask=0077 0 1", ListingRow, "/boot/efi", false},
		{"adwaita-icon-theme\t\t\t\tinstall", ListingRow, "adwaita-icon-theme", false},
		{"libc6:amd64\t\t\t\t\thold", ListingRow, "libc6:amd64", false},
		{"       git | 1:2.39.5-0+deb12u3 | http://deb.debian.org/debian bookworm/main amd64 Packages", ListingRow, "git", false},
		// Tables of symbols: nm, nm -S, go tool nm -size, nm | c++filt,
		// readelf -s.
		{"0000000000001139 T main", ListingRow, "main", false},
		{"                 U printf@GLIBC_2.2.5", ListingRow, "printf@GLIBC_2.2.5", false},
		{"0000000000001139 0000000000000025 T main", ListingRow, "main", false},
		{"  52d6e0      93464 D runtime.mheap_", ListingRow, "runtime.mheap_", false},
		{"00000000000021c0 W ns::Box<std::string>::get() const", ListingRow, "ns::Box<std::string>::get() const", false},
		{"     3: 0000000000000000     0 FUNC    GLOBAL DEFAULT  UND printf@GLIBC_2.2.5 (3)", ListingRow, "printf@GLIBC_2.2.5", false},
		{"     0: 0000000000000000     0 NOTYPE  LOCAL  DEFAULT  UND ", ListingRow, "", false},
		{"deadbeef a placeholder value", ListingOther, "", false},
		// objdump -T's rows: flags, a section, a tab, a size, a version
		// and the name; what follows a flag letter is no name, as it is
		// after nm's type letter.
		{"0000000000000000  w   D  *UND*\t0000000000000000  Base        _ITM_deregisterTMCloneTable", ListingOther, "", false},
		{"000000000000e4e0 g    DF .text\t0000000000000086  Base        inflateEnd", ListingOther, "", false},
		// iconv -l's names of character sets, each ended by two slashes:
		// no file's name ends so.
		{"ISO-8859-15//", ListingOther, "", false},
		{"437//", ListingOther, "", false},
		// git status --porcelain=v2: a change, a rename, an untracked path.
		{"1 .M N... 100644 100644 100644 61780798228d17af2d34fce4cfbdf35556832472 61780798228d17af2d34fce4cfbdf35556832472 b.txt", ListingRow, "b.txt", false},
		{"2 R. N... 100644 100644 100644 78981922613b2afb6025042ff6bd878ac1994e85 78981922613b2afb6025042ff6bd878ac1994e85 R100 c.txt\ta.txt", ListingRow, "c.txt", false},
		{"? new.go", ListingPath, "new.go", false},
		{"1 of 3 tests failed in the suite today", ListingOther, "", false},
		// ar tv: the permissions with no type, owner/group, a year after the time.
		{"rw-r--r-- 0/0   1144 Jan  1 00:00 1970 at_quick_exit.oS", ListingRow, "at_quick_exit.oS", false},
		{"rw-r--r-- 0/0   4256 Jan  1 00:00 1970 app.o", ListingRow, "app.o", false},
		{"rw-r--r-- to share", ListingOther, "", false},
		// Shared libraries: ldd, ldconfig -p.
		{"\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007fe0f081e000)", ListingRow, "libc.so.6", false},
		{"\tlinux-vdso.so.1 (0x00007fe0f0e2a000)", ListingRow, "linux-vdso.so.1", false},
		{"\t/lib64/ld-linux-x86-64.so.2 (0x00007fe0f0e2c000)", ListingRow, "/lib64/ld-linux-x86-64.so.2", false},
		{"\tlibfoo.so.2 => not found", ListingRow, "libfoo.so.2", false},
		{"\tlibz.so.1 (libc6,x86-64) => /lib/x86_64-linux-gnu/libz.so.1", ListingRow, "libz.so.1", false},
		{"\t'key' => 'value',", ListingOther, "", false},
		// ls -1sh: a size with its unit, then a name.
		{" 12K README.md", ListingRow, "README.md", false},
		{"4.0K addressingmodes_test.go", ListingRow, "addressingmodes_test.go", false},
		{"1.1M rewriteAMD64.go", ListingRow, "rewriteAMD64.go", false},
		{"├── alpn_test.go", ListingTree, "alpn_test.go", false},
		{"│   └── triv.go", ListingTree, "triv.go", false},
		{"│\u00a0\u00a0 └── __pycache__", ListingTree, "__pycache__", false},
		{"│  ├─ mime-types@~2.1.34", ListingTree, "mime-types@~2.1.34", false},
		// pstree: the name right after the connector, up to a child on
		// the same line.
		{"               |-memfd:sealed-91(8958)-+-bash(8959)---bash(7668)", ListingTree, "memfd:sealed-91(8958)", false},
		{"               |                       `-{memfd:sealed-91}(7646)", ListingTree, "{memfd:sealed-91}(7646)", false},
		{"        ├─sshd───sshd───bash", ListingTree, "sshd", false},
		{"        └─cron", ListingTree, "cron", false},
		// infocmp -1: a terminal's capabilities, each ended by a comma.
		{"\tam,", ListingOther, "", false},
		{"\tbold=\\E[1m,", ListingOther, "", false},
		// clang -ast-dump: a tree of the compiler's nodes, each at its
		// address in memory, no names of entries.
		{"|-FunctionDecl 0xc95b780 <ast.c:3:1, col:65> col:5 main 'int (void)'", ListingOther, "", false},
		{"  | `-VarDecl 0xc95b8a0 <col:18, col:40> col:31 used p 'struct point':'struct point' cinit", ListingOther, "", false},
		{"|---|---|", ListingHead, "", false},
		{"/usr/local/go/src/net/http:", ListingHead, "/usr/local/go/src/net/http", false},
		{"total 2008", ListingTotal, "", false},
		{"  PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND", ListingHead, "", false},
		{"total 592M", ListingTotal, "", false},
		{"---------  ---------- -----   ----", ListingHead, "", false},
		{"Package                   Version", ListingHead, "", false},
		// No entries.
		{"14 directories, 115 files", ListingOther, "", false},
		{"Reverse Depends:", ListingOther, "", false},
		{"WARNING: apt does not have a stable CLI interface. Use with caution in scripts.", ListingOther, "", false},
		{"src/depots.ts(2,27): error TS2307: Cannot find module './geo.js'", ListingOther, "", false},
		{"Auto-merging README.md", ListingOther, "", false},
		{"make: *** [Makefile:12: all] Error 1", ListingOther, "", false},
		{"make: Nothing to be done for 'all'.", ListingOther, "", false},
		{"Location: /root/.pyenv/versions/3.11.7/lib/python3.11/site-packages", ListingOther, "", false},
		{"abi.vsyscall32 = 1", ListingOther, "", false},
		// A log's timestamps are no listing's dates: what follows is no
		// path (Python's logging).
		{"2026-11-26 19:56:37,157 INFO loaded /etc/hosts", ListingOther, "", false},
		{"2026-08-28 bufio/export_test.go", ListingRow, "bufio/export_test.go", false},
		{"2026-08-28 started", ListingOther, "", false},
		{"2026-11-26 19:56 reading /etc/hosts", ListingOther, "", false},
		{"The quick brown fox jumps over the lazy dog.", ListingOther, "", false},
		// base64 (a PEM body, base64 of a file) is no path, for all its
		// slashes; a class's path may mix capitals and digits.
		{"Z2l0aHViLmNvbS9jcHVndXk4My9nby1tZDJtYW4vdjIgdjIuMC42IGgxOlhKdGlhVVc2ZE", ListingOther, "", false},
		{"MIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJ", ListingOther, "", false},
		{"org/apache/commons/lang3/builder/ToStringBuilder", ListingPath, "org/apache/commons/lang3/builder/ToStringBuilder", false},
		// dpkg -l's legend above its table names no file: counted as an
		// entry, it made one more package than the list has.
		{"Desired=Unknown/Install/Remove/Purge/Hold", ListingOther, "", false},
	} {
		var p ListingParser
		l := p.Parse([]byte(tc.line))
		if l.Form != tc.form || tc.line[l.Start:l.End] != tc.name || l.Weak != tc.weak {
			t.Errorf("Parse(%q) = form %d name %q weak %v, want %d %q %v", tc.line, l.Form, tc.line[l.Start:l.End], l.Weak, tc.form, tc.name, tc.weak)
		}
	}
}

// TestParseListingSizedNames checks ls -sh's rows, a size and a name: a
// link's bare 0 is a size once a size with its unit or ls's total has been
// read, but a bare number before a word alone is no row (wc -l's counts
// read as text).
func TestParseListingSizedNames(t *testing.T) {
	type row struct {
		line string
		form ListingForm
	}
	for _, rows := range [][]row{{
		{"   0 libEGL.so", ListingOther},
		{"total 592M", ListingTotal},
		{"4.0K Mcrt1.o", ListingRow},
		{"   0 libEGL.so.1", ListingRow},
		{"105M libLLVM-14.so.1", ListingRow},
		{"", ListingBlank},
		{"  12 errors", ListingOther},
	}, {
		// ls -s: bare block counts, after ls's total; wc -l's comes last.
		{"total 124", ListingTotal},
		{"24 bufio.go", ListingRow},
		{"52 bufio_test.go", ListingRow},
		{"", ListingBlank},
		{"  48 bufio.go", ListingOther},
		{"  60 total", ListingOther},
	}, {
		// An address in /etc/hosts is no size.
		{"127.0.0.1 localhost", ListingOther},
		{"127.0.0.1 vm", ListingOther},
	}} {
		var p ListingParser
		for _, tc := range rows {
			if l := p.Parse([]byte(tc.line)); l.Form != tc.form {
				t.Errorf("Parse(%q) = form %d, want %d", tc.line, l.Form, tc.form)
			}
		}
	}
}

// TestParseTreeDepth checks the depth of a drawn tree's entries, as tree
// (UTF-8 and ASCII), npm ls and cargo tree draw them: in tree's own, an
// entry under a parent that was its own parent's last child has a blank
// branch after a drawn one, which must count as a level of its own.
func TestParseTreeDepth(t *testing.T) {
	for _, tc := range []struct {
		line  string
		depth int
	}{
		{"├── aes/", 0},
		{"│\u00a0\u00a0 ├── aes.go", 1},
		{"│\u00a0\u00a0 └── testdata/", 1},
		{"│\u00a0\u00a0     └── SigVer.rsp.bz2", 2},
		{"│\u00a0\u00a0 │\u00a0\u00a0 │\u00a0\u00a0 └── checktest/", 3},
		{"│\u00a0\u00a0 │\u00a0\u00a0     └── x.go", 3},
		{"    ├── internal/", 1},
		{"|   `-- b.go", 1},
		{"|       `-- c.go", 2},
		{"│ ├── abbrev@3.0.1", 1},
		{"│ │ └── x@1.0.0", 2},
		{"│   ├── proc-macro2 v1.0.86", 1},
	} {
		var p ListingParser
		l := p.Parse([]byte(tc.line))
		if l.Form != ListingTree || l.Depth != tc.depth {
			t.Errorf("Parse(%q) = form %d depth %d, want a tree entry of depth %d", tc.line, l.Form, l.Depth, tc.depth)
		}
	}
}

// TestParseListingTable checks that a table's header makes the rows after
// it entries, until a blank line: real lines of ps aux.
func TestParseListingTable(t *testing.T) {
	var p ListingParser
	lines := []string{
		"USER       PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND",
		"root         2  0.0  0.0      0     0 ?        S    02:01   0:00 [kthreadd]",
		"root         3  0.0  0.0      0     0 ?        S    02:01   0:00 [pool_workqueue_release]",
		"",
		"root         2  0.0  0.0      0     0 ?        S    02:01   0:00 [kthreadd]",
	}
	want := []ListingForm{ListingHead, ListingRow, ListingRow, ListingBlank, ListingOther}
	names := []string{"", "[kthreadd]", "[pool_workqueue_release]", "", ""}
	for i, line := range lines {
		l := p.Parse([]byte(line))
		if l.Form != want[i] {
			t.Errorf("line %d %q: form %d, want %d", i, line, l.Form, want[i])
		}
		if l.Form == ListingRow && (line[l.Start:l.End] != names[i] || !l.Command) {
			t.Errorf("line %d %q: name %q command %v, want the command %q", i, line, line[l.Start:l.End], l.Command, names[i])
		}
	}
}

// TestParseListingFlagsUnderRow checks that a line of flags under a row of
// a table, as objdump -h prints each section's under it, is no row of its
// own: its words are an enumeration, each ended by a comma, and the table
// goes on after it.
func TestParseListingFlagsUnderRow(t *testing.T) {
	var p ListingParser
	lines := []string{
		"Idx Name          Size      VMA               LMA               File off  Algn",
		"  0 .note.gnu.build-id 00000024  0000000000000238  0000000000000238  00000238  2**2",
		"                  CONTENTS, ALLOC, LOAD, READONLY, DATA",
		"  1 .gnu.hash     0000026c  0000000000000260  0000000000000260  00000260  2**3",
		"                  CONTENTS, ALLOC, LOAD, READONLY, DATA",
	}
	want := []ListingForm{ListingHead, ListingRow, ListingOther, ListingRow, ListingOther}
	for i, line := range lines {
		if l := p.Parse([]byte(line)); l.Form != want[i] {
			t.Errorf("line %d %q: form %d, want %d", i, line, l.Form, want[i])
		}
	}
}

// TestParseListingStagedCaps checks that git status -s's row of a staged
// change to a file named in capitals (LICENSE, Makefile) is a path, not a
// table's header: its status and the name are two spaces apart, as a
// header's columns are, and read as a header every path after it would be
// a row named by its status letter.
func TestParseListingStagedCaps(t *testing.T) {
	var p ListingParser
	for _, line := range []string{"D  LICENSE", "M  Makefile", "A  PATENTS", "D  cmd/bundle/main.go", "R  AUTHORS -> CONTRIBUTORS", "?? go/"} {
		l := p.Parse([]byte(line))
		if l.Form != ListingPath || l.Start != 3 {
			t.Errorf("%q: form %d name %q, want a path from byte 3", line, l.Form, line[l.Start:l.End])
		}
	}
}

// TestParseListingCommand checks that the rows of a table whose header
// ends in COMMAND or CMD, as ps's and top's do, are named by the program
// they run, and the rows of other tables by their first column.
func TestParseListingCommand(t *testing.T) {
	for _, tc := range []struct {
		header, row, name string
		command           bool
	}{
		{"UID          PID    PPID  C STIME TTY          TIME CMD", "root         215       1  0 19:26 ?        00:00:00 /usr/sbin/sshd -D", "/usr/sbin/sshd", true},
		{"  PID  PPID   RSS    VSZ COMMAND", " 1099  1098  4308   5252 bash", "bash", true},
		{"Package    Version", "pip        24.0", "pip", false},
		{"COMMAND     PID   TID TASKCMD   USER   FD      TYPE DEVICE SIZE/OFF     NODE NAME", "kthreadd      2                 root  cwd       DIR  254,0     4096        2 /", "kthreadd", false},
	} {
		var p ListingParser
		p.Parse([]byte(tc.header))
		l := p.Parse([]byte(tc.row))
		if l.Form != ListingRow || tc.row[l.Start:l.End] != tc.name || l.Command != tc.command {
			t.Errorf("%q under %q: form %d name %q command %v, want a row named %q, command %v", tc.row, tc.header, l.Form, tc.row[l.Start:l.End], l.Command, tc.name, tc.command)
		}
	}
}

// TestParseListingRightAligned checks that a header whose words are all
// capitals may start with spaces, as ps right-aligns its numbers and their
// headings: real lines of ps -eo pid,ppid,rss,vsz,comm.
func TestParseListingRightAligned(t *testing.T) {
	var p ListingParser
	lines := []string{
		"  PID  PPID   RSS    VSZ COMMAND",
		"  604   600 25148 1275172 go",
		" 1099  1098  4308   5252 bash",
	}
	want := []ListingForm{ListingHead, ListingRow, ListingRow}
	for i, line := range lines {
		if l := p.Parse([]byte(line)); l.Form != want[i] {
			t.Errorf("line %d %q: form %d, want %d", i, line, l.Form, want[i])
		}
	}
	// Other indented lines are no header: go help testflag's prose, a
	// protocol buffer's enum.
	for _, line := range []string{"\t    Save test artifacts in the directory specified by -outputdir.", "  BASIC = 1;"} {
		var p ListingParser
		if l := p.Parse([]byte(line)); l.Form == ListingHead {
			t.Errorf("%q: taken for a header", line)
		}
	}
}

// FuzzParseListingLine checks that any line parses without panic into a
// name within it.
func FuzzParseListingLine(f *testing.F) {
	for _, s := range []string{"├── a", "-rw-r--r--  1 root root 3080 Aug 28 16:20 a b", "12\tx", "?? a", "\tmodified:   a",
		"Package  Version", "a/b -> c", "│\u00a0\u00a0 └── x", "ii  a  1  all  d"} {
		f.Add([]byte(s), []byte("USER  PID"))
	}
	f.Fuzz(func(t *testing.T, line, header []byte) {
		var p ListingParser
		if bytes.IndexByte(header, '\n') < 0 {
			p.Parse(header)
		}
		l := p.Parse(line)
		if l.Start < 0 || l.Start > l.End || l.End > len(line) {
			t.Errorf("Parse(%q) = name [%d:%d], outside the line", line, l.Start, l.End)
		}
		sniffListing(line)
		sniffOutline(line)
		sniffDocument(line)
	})
}

// TestParseTableGaps checks that the rows of a table may leave some of
// its header's columns empty, as lsof's rows leave TID and TASKCMD, and
// its rows for files it cannot read DEVICE, SIZE/OFF and NODE.
func TestParseTableGaps(t *testing.T) {
	var p ListingParser
	if l := p.Parse([]byte("COMMAND     PID   TID TASKCMD   USER   FD      TYPE DEVICE SIZE/OFF     NODE NAME")); l.Form != ListingHead {
		t.Fatalf("header: form %v", l.Form)
	}
	for _, line := range []string{
		"kthreadd      2                 root  cwd       DIR  254,0     4096        2 /",
		"kthreadd      2                 root  txt   unknown                          /proc/2/exe",
		"pool_work     3                 root  cwd       DIR  254,0     4096        2 /",
	} {
		if l := p.Parse([]byte(line)); l.Form != ListingRow {
			t.Errorf("%q: form %v, want a row", line, l.Form)
		}
	}
}

// TestSniffListingFrame checks that a listing tool's frame tells of a
// listing with few entries: git status of one file changed, whose hints
// outnumber its entry, and that the hints alone are no listing:
//
//	git status    >listing-git-status-one.txt
func TestSniffListingFrame(t *testing.T) {
	sniffsAs(t, "listing-git-status-one.txt", Listing)
	for _, tc := range []struct {
		line string
		hint bool
	}{
		{`  (use "git add <file>..." to update what will be committed)`, true},
		{`no changes added to commit (use "git add" and/or "git commit -a")`, true},
		{"\tmodified:   join.go", false},
		{`Run (use "git add") first`, false},
	} {
		if got := gitStatusHint([]byte(tc.line)); got != tc.hint {
			t.Errorf("%q: hint %v, want %v", tc.line, got, tc.hint)
		}
	}
	if ok, why := sniffListing([]byte("On branch main\nnothing to commit, working tree clean\n")); ok {
		t.Errorf("git status of nothing: sniffListing = %v (%s)", ok, why)
	}
}

// TestSniffListingPartedRecords checks that rules between entries part
// records, not a list: go tool pprof -traces rules off each sample's stack,
// whose functions read as names, while a table's rules stay under its
// header and after its last row, and a separator or two between lists
// (one printed between two commands) leaves a list one:
//
//	go test ./shape -run '^$' -bench 'Sniff/(outline|grep-rg-flood)' -cpuprofile cpu.prof -o shape.test
//	go tool pprof -traces shape.test cpu.prof | head -193    >text-pprof-traces.txt
func TestSniffListingPartedRecords(t *testing.T) {
	sniffsAs(t, "text-pprof-traces.txt", Text)
	var table, lists strings.Builder
	table.WriteString("Package    Version\n---------- -------\n")
	for i := range 40 {
		fmt.Fprintf(&table, "pkg-%02d     1.%d.0\n", i, i)
	}
	table.WriteString("---------- -------\n")
	for l := range 3 {
		if l > 0 {
			lists.WriteString("----------\n")
		}
		for i := range 30 {
			fmt.Fprintf(&lists, "src/list%d/file%02d.go\n", l, i)
		}
	}
	for name, sample := range map[string]string{"a ruled table": table.String(), "lists apart": lists.String()} {
		if ok, why := sniffListing([]byte(sample)); !ok {
			t.Errorf("%s: sniffListing = %v (%s), want a listing", name, ok, why)
		}
	}
}

// TestSniffListingFew checks that a path or two alone are a listing, as
// git ls-files -o and gofmt -l print them, and that a few words are not.
func TestSniffListingFew(t *testing.T) {
	sniffListingCases(t, []sniffCase{
		{"new1.txt\nnew2.go\n", true},
		{"pkg/f.go\n", true},
		{"/usr/local/go/bin/go\n", true},
		{"## main...origin/main [ahead 2]\n M README.md\n?? u.txt\n", true},
		{"## Usage\nRun it.\n", false},
		{"Would remove a.tmp\nWould remove tmpd/\n", true},
		{"ok\n", false},
		{"Done.\nREADME.md\n", false},
		{"See README.md\n", false},
		{"a.go\nb.go\nthree words here\n", false},
		{"  feature 07ace7b [origin/feature] feature: wording, extra\n* main    0188dfd [origin/main] main: wording\n", true},
		{"* main 0188dfd\nSee the log.\n", false},
		// git status --porcelain=v2 --branch of a change and an untracked file.
		{"# branch.oid 2b831ce04802f81b6cf90a07ca429145e5d8ba50\n# branch.head main\n1 .M N... 100644 100644 100644 6178079822 6178079822 b.txt\n? new.go\n", true},
		// ls -l of a file, ar tv of an archive of two: rows that start
		// with a file's mode and name it.
		{"-rw-r--r-- 1 root root 661 Nov 27 03:51 /work/go.mod\n", true},
		{"rw-r--r-- 0/0   2688 Jan  1 00:00 1970 util.o\nrw-r--r-- 0/0   4256 Jan  1 00:00 1970 app.o\n", true},
		{"-rw-r--r-- is the mode it wants\n", false},
		{"-rw-r--r-- 1 root root 661 Nov 27 03:51 go.mod\nSee the file above.\n", false},
		// file -i and --mime-type describe each file by its MIME type.
		{"go.mod:        text/plain; charset=us-ascii\nmain.go:       text/x-c; charset=us-ascii\nshape:         inode/directory; charset=binary\n", true},
		{"/bin/ls:                            application/x-pie-executable\n/etc:                               inode/directory\n/usr/share/pixmaps/debian-logo.png: image/png\n", true},
		{"main.go: text/x-c; charset=us-ascii\nmain.go: see text/plain\n", false},
		// git pull: the files it changed, among a log's lines.
		{"Updating 39221e1..0188dfd\nFast-forward\n search.go | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)\n", false},
	})
}

// TestSniffListingCodedRows checks that rows of short codes then a path
// (dpkg -V, git ls-files --eol, git check-ignore -v, lsattr, du --time) are
// a listing, and that counts or checksums then a path (wc, sha256sum), a
// log's words then a path, settings and go test -bench's rows are not.
func TestSniffListingCodedRows(t *testing.T) {
	sniffListingCases(t, []sniffCase{
		{"??5??????   /usr/lib/node_modules/npm/bin/npm.ps1\n??5??????   /usr/lib/node_modules/npm/lib/cli.js\nmissing   c /etc/debuginfod/elfutils.urls\n??5?????? c /etc/npmrc\n", true},
		{"i/lf    w/lf    attr/                 \tLICENSE\ni/lf    w/lf    attr/                 \terrgroup/errgroup.go\ni/lf    w/lf    attr/                 \terrgroup/errgroup_test.go\ni/lf    w/lf    attr/                 \tsemaphore/semaphore.go\n", true},
		{".gitignore:3:*.test\tfoo.test\n.gitignore:1:/bin\tbin/x\n::\tREADME.md\n", true},
		{"--------------e------- ./builder.go\n--------------e------- ./replace_test.go\n--------------e------- ./compare_test.go\n", true},
		{"53M\t2026-11-26 19:34\t/usr/lib/python3/dist-packages\n1.2G\t2026-11-26 19:34\t/usr/lib\n8.0K\t2026-11-20 08:01\t/usr/lib/os-release\n", true},
		{"  12 ./a/b.go\n 340 ./a/c.go\n  70 ./d/e.go\n", false},
		{"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  ./a/b.go\n9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d08c15b0f00a0  ./a/c.go\n4e07408562bedb8b60ce05c1decfe3ad16b72230967de01f640b7e4729b49fce  ./d/e.go\n", false},
		{"compiling src/a.c\ncompiling src/b.c\nlinking build/app\n", false},
		{"dir = /var/lib/a\nlog = /var/log/a\ncache = /var/cache/a\n", false},
		{"BenchmarkValid-2   \t2000\t7.811 ns/op\t0 B/op\t0 allocs/op\nBenchmarkValidLong-2\t2000\t4412 ns/op\t0 B/op\t0 allocs/op\nBenchmarkRune-2     \t2000\t40.12 ns/op\t0 B/op\t0 allocs/op\n", false},
		// A build's progress: a tag in brackets or a count of the
		// steps done before each file are a log's marks.
		{"[build] 1/200 src/part0.ts\n[build] 2/200 src/part1.ts\n[build] 3/200 src/part2.ts\n[build] 4/200 src/part3.ts\n", false},
		{"[info] compiling src/a.ts\n[info] compiling src/b.ts\n[info] compiling src/c.ts\n", false},
		{"(1/3) lib/a.c\n(2/3) lib/b.c\n(3/3) lib/c.c\n", false},
		// Names in columns (column -t, paste, ls -C): every field is a
		// name like the last, and a row holds several entries.
		{"437//                  500//                     500V1//                 850//\n851//                  852//                     855//                   856//\nANSI_X3.4-1968//       ANSI_X3.4-1986//          ANSI_X3.4//             ANSI_X3.110-1983//\n", false},
		{"a.go  b.go  c.go\nd.go  e.go  f.go\ng.go  h.go  i.go\n", false},
		// A directory, then its files (go list -f '{{.Dir}}: {{.GoFiles}}').
		{"/usr/local/go/src/bufio: bufio.go scan.go\n/usr/local/go/src/bytes: buffer.go bytes.go iter.go\n/usr/local/go/src/sort: search.go slice.go sort.go\n", true},
	})
}

// TestSniffListingQuoted checks that names in double quotes, as ls -Q
// prints them, are a listing's entries, and that quoted words among
// prose are not.
func TestSniffListingQuoted(t *testing.T) {
	sniffListingCases(t, []sniffCase{
		{"\"PackageKit\"/\n\"X11\"/\n\"adduser.conf\"\n\"alternatives\"/\n\"bash.bashrc\"\n", true},
		{"\"go.mod\"\n\"main.go\"\n\"shape\"\n", true},
		{"\"a quoted remark\"\nsaid the reviewer, and left.\n\"another one\"\n", false},
		{"\"name\",\n\"version\",\n\"files\"\n", false},
	})
}

// sniffListingCases checks whether sniffListing takes each sample for a
// listing.
func sniffListingCases(t *testing.T, cases []sniffCase) {
	t.Helper()
	checkSniffs(t, "sniffListing", sniffListing, cases)
}

// TestSniffListingDiffStats checks that git diff --stat's rows are a
// listing, and that the rows of several commits' stats, each block closed
// by its summary, are a record of the commits (git log --stat, with any
// format of the commits' headers), which is text.
func TestSniffListingDiffStats(t *testing.T) {
	stat := strings.Repeat(" reduce/control.go  | 12 +++++++----\n reduce/log_line.go | 63 +++++++++++--------\n reduce/log_test.go | 16 ++++++++++++--\n", 4) +
		" 12 files changed, 156 insertions(+), 208 deletions(-)\n"
	logStat := "e63678a Ann Smith 2026-11-26\n    log: show titles instead of dropping them\n\n" + stat +
		"0a6fab5 Ann Smith 2026-11-25\n    Merge the new corpus\n\n" + stat +
		"18327e3 Ann Smith 2026-11-25\n    Gap lines name their range\n\n" + stat
	sniffListingCases(t, []sniffCase{
		{stat, true},
		{logStat, false},
		{strings.ReplaceAll(logStat, "\n    ", "\n"), false},
	})
	checkSniffs(t, "Sniff is text", func(b []byte) (bool, string) {
		k, why := Sniff(b)
		return k == Text, why
	}, []sniffCase{{logStat, true}})
}

// TestSniffListingSyntaxTree checks that a compiler's dump of a syntax
// tree, drawn as pstree -A draws processes, is no listing.
func TestSniffListingSyntaxTree(t *testing.T) {
	dump := "TranslationUnitDecl 0xc95a418 <<invalid sloc>> <invalid sloc>\n" +
		"|-FunctionDecl 0xc95b390 <ast.c:1:1, col:39> col:5 used add 'int (int, int)'\n" +
		"| |-ParmVarDecl 0xc95b1a0 <col:9, col:13> col:13 used a 'int'\n" +
		"| `-CompoundStmt 0xc95b548 <col:23, col:39>\n" +
		"|   `-ReturnStmt 0xc95b538 <col:25, col:36>\n" +
		"`-FunctionDecl 0xc95b780 <line:3:1, col:65> col:5 main 'int (void)'\n" +
		"  `-CompoundStmt 0xc95bb80 <col:16, col:65>\n"
	sniffListingCases(t, []sniffCase{{dump, false}})
}

// TestSniffListingEnumeration checks that items each ended by a comma, as
// infocmp -1 prints a terminal's capabilities, are no listing.
func TestSniffListingEnumeration(t *testing.T) {
	caps := "#\tReconstructed via infocmp from file: /lib/terminfo/x/xterm-256color\nxterm-256color|xterm with 256 colors,\n\tam,\n\tbce,\n\tccc,\n\tcolors#0x100,\n\tcols#80,\n\tbel=^G,\n" + strings.Repeat("\tblink=\\E[5m,\n\tbold=\\E[1m,\n\tcbt=\\E[Z,\n\tcivis=\\E[?25l,\n\tclear=\\E[H\\E[2J,\n\tcnorm=\\E[?12l\\E[?25h,\n\tcr=\\r,\n\tcub=\\E[%p1%dD,\n\tcud1=\\n,\n\tcup=\\E[%i%p1%d;%p2%dH,\n\tdch=\\E[%p1%dP,\n\tdl=\\E[%p1%dM,\n\ted=\\E[J,\n\tel=\\E[K,\n\thome=\\E[H,\n", 3)
	sniffListingCases(t, []sniffCase{{caps, false}})
}

// TestSniffListingRepeats checks that one word printed over and over (a
// loop's "ok", progress dots, yes) is no listing, which names each entry
// once, while a listing whose names come back now and then still is.
func TestSniffListingRepeats(t *testing.T) {
	sniffListingCases(t, []sniffCase{
		{strings.Repeat("ok\n", 200), false},
		{strings.Repeat("README\n", 200), false},
		{strings.Repeat(".\n", 200), false},
		{strings.Repeat("ok\n", 99) + "fail 1\n" + strings.Repeat("ok\n", 99) + "fail 2\n", false},
		{strings.Repeat("a.go\nb.go\nc.go\n", 50), true},
		{"a.go\na.go\nb.go\nc.go\nd.go\n", true},
	})
}

// TestSniffListingTreeBranches checks that the lines of a drawn tree that
// carry its branches on and name nothing, as npm ls --long prints one under
// each package whose description is empty, leave the tree a listing.
func TestSniffListingTreeBranches(t *testing.T) {
	tree := "app@1.0.0\n│ /src/app\n│ \n├── async@3.2.5\n│   \n├── dotenv@16.4.5\n│   \n├─┬ htmlparser2@9.1.0\n│ │ \n" +
		"│ ├── domelementtype@2.3.0\n│ │   \n│ └── entities@4.5.0\n│     \n└─┬ p-limit@5.0.0\n  │ \n  └── yocto-queue@1.2.2\n      \n"
	sniffListingCases(t, []sniffCase{{tree, true}})
}
