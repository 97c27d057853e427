# Sourced by scripts/corpus.sh: listings: find, ls -l, ls -laR, tree, du, ps,
# archive listings (jar, unzip, tar) and the go tool's package and module
# lists; and, in section forms, more of their forms.

section_listing() {
	local s py zip
	py=$(pystdlib)
	jstools
	cd "$W"

	# $ find <python3.11>/email -type f | sort
	find "$py/email" -type f | sort >"$(o listing-find-type-f-email)" 2>&1
	$PY dirs "$(o listing-find-type-f-email)" 6 16 | needles listing-find-type-f-email

	# $ find /usr/local/go/src -name '*.s' | sort
	find "$G" -name '*.s' | sort >"$(o listing-find-name-asm)" 2>&1
	$PY dirs "$(o listing-find-name-asm)" 20 12 | needles listing-find-name-asm

	# $ find /usr/local/go/src/cmd -name '*.go' -size +40k -printf '%s\t%p\n' | sort -rn
	find "$G/cmd" -name '*.go' -size +40k -printf '%s\t%p\n' | sort -rn >"$(o listing-find-printf-sizes)" 2>&1
	s=$(o listing-find-printf-sizes)
	{
		head -10 "$s" | cut -f2
		cut -f2 "$s" | $PY dirs /dev/stdin 8 6
	} | needles listing-find-printf-sizes

	# $ find /usr/local/go/src -maxdepth 2 -type d | sort
	find "$G" -maxdepth 2 -type d | sort >"$(o listing-find-maxdepth-dirs)" 2>&1
	$PY dirs "$(o listing-find-maxdepth-dirs)" 6 24 | needles listing-find-maxdepth-dirs

	# $ find /etc/alternatives -type l -printf '%p -> %l\n' | sort
	find /etc/alternatives -type l -printf '%p -> %l\n' | sort >"$(o listing-find-symlinks)" 2>&1
	s=$(o listing-find-symlinks)
	# 400 links in one directory: only the first and the last can be asked for
	{
		head -3 "$s"
		tail -2 "$s"
	} | needles listing-find-symlinks

	# $ ls -l /usr/bin
	ls -l /usr/bin >"$(o listing-ls-l-usr-bin)" 2>&1
	s=$(o listing-ls-l-usr-bin)
	{
		head -1 "$s"
		$PY lsl "$s" 24
	} | needles listing-ls-l-usr-bin

	# $ ls -la /usr/local/go/src/strings
	ls -la "$G/strings" >"$(o listing-ls-la-small)" 2>&1
	$PY lsl "$(o listing-ls-la-small)" 20 | needles listing-ls-la-small

	# $ ls -laR /usr/local/go/src/net/http
	ls -laR "$G/net/http" >"$(o listing-ls-laR-net-http)" 2>&1
	$PY lsl "$(o listing-ls-laR-net-http)" 30 | needles listing-ls-laR-net-http

	# $ ls -lhS /usr/lib/x86_64-linux-gnu
	ls -lhS /usr/lib/x86_64-linux-gnu >"$(o listing-ls-lhS-libs)" 2>&1
	s=$(o listing-ls-lhS-libs)
	$PY lsl "$s" 20 | needles listing-ls-lhS-libs

	# $ ls -1 node_modules
	ls -1 "$W/jstools/node_modules" >"$(o listing-ls-1-node-modules)" 2>&1
	$PY spread "$(o listing-ls-1-node-modules)" . 24 | needles listing-ls-1-node-modules

	# $ tree -F /usr/local/go/src/net/http
	tree -F "$G/net/http" >"$(o listing-tree-net-http)" 2>&1
	$PY tree "$(o listing-tree-net-http)" 30 | needles listing-tree-net-http

	# $ cd jstools && tree -F -L 2 node_modules
	(cd "$W/jstools" && tree -F -L 2 node_modules) >"$(o listing-tree-L2-node-modules)" 2>&1
	$PY tree "$(o listing-tree-L2-node-modules)" 30 | needles listing-tree-L2-node-modules

	# $ tree -d -L 2 <python3.11>
	tree -d -L 2 "$py" >"$(o listing-tree-d-python)" 2>&1
	s=$(o listing-tree-d-python)
	{
		tail -1 "$s"
		g -E '^[├└]── ' "$s" | sed -E 's/^[├└]── //' | $PY spread /dev/stdin . 24
	} | needles listing-tree-d-python

	# $ du -k --max-depth=2 /usr/local/go | sort -rn
	du -k --max-depth=2 "$(go env GOROOT)" | sort -rn >"$(o listing-du-sorted)" 2>&1
	s=$(o listing-du-sorted)
	{
		head -12 "$s" | cut -f2
		$PY spread "$s" . 8 | cut -f2
	} | needles listing-du-sorted

	# ps aux in a PID namespace of its own, as in a container, while a build
	# runs there: the machine's other processes are not its business.
	# $ unshare --pid --fork --mount-proc sh -c 'cd godeps && go build ./... & sleep 4; ps aux'
	(cd "$W/src/godeps" && go mod download >/dev/null 2>&1)
	unshare --pid --fork --mount-proc sh -c "cd '$W/src/godeps' && GOCACHE='$W/gocache-ps' go build ./... & sleep 4; ps aux" \
		>"$(o listing-ps-aux-build)" 2>&1
	s=$(o listing-ps-aux-build)
	{
		head -1 "$s"
		g -oE 'go build \./\.\.\.|ps aux$' "$s" | sort -u
		g -oE -- '-p [a-z0-9./_-]+ ' "$s" | sort -u | $PY spread /dev/stdin . 10
	} | needles listing-ps-aux-build

	# $ jar tf /usr/share/java/guava.jar
	jar tf /usr/share/java/guava.jar >"$(o listing-jar-tf-guava)" 2>&1
	$PY dirs "$(o listing-jar-tf-guava)" 16 12 | needles listing-jar-tf-guava

	# $ unzip -l <module cache>/github.com/spf13/cobra/@v/v1.8.1.zip
	zip=$(go mod download -json github.com/spf13/cobra@v1.8.1 | jq -r .Zip)
	unzip -l "$zip" >"$(o listing-unzip-l-module)" 2>&1
	s=$(o listing-unzip-l-module)
	{
		tail -1 "$s" | sed -E 's/^ +//'
		awk 'NR > 3 && $4 ~ /\// {print $4}' "$s" | $PY dirs /dev/stdin 8 12
	} | needles listing-unzip-l-module

	# $ tar tvzf hello_2.10.orig.tar.gz
	debsource hello >/dev/null
	tar tvzf "$W"/debsrc/hello_*.orig.tar.gz >"$(o listing-tar-tvzf)" 2>&1
	s=$(o listing-tar-tvzf)
	awk '{print $NF}' "$s" | $PY dirs /dev/stdin 12 12 | needles listing-tar-tvzf

	# The go tool's lists: packages, dependencies, modules.
	# $ go list std
	go list std >"$(o listing-go-list-std)" 2>&1
	s=$(o listing-go-list-std)
	{
		cut -d/ -f1 "$s" | sort | uniq -c | sort -rn | first 12 | awk '{print $2 "/"}'
		$PY spread "$s" . 16
	} | needles listing-go-list-std

	cd "$W/src/godeps"
	go mod download >/dev/null 2>&1 # not captured: go list would say what it downloads
	# $ cd godeps && go list -deps ./...
	go list -deps ./... >"$(o listing-go-list-deps)" 2>&1
	s=$(o listing-go-list-deps)
	{
		g -E '\.' "$s" | $PY spread /dev/stdin . 14
		$PY spread "$s" '^[a-z/]+$' 10
	} | needles listing-go-list-deps

	# $ cd godeps && go mod graph
	go mod graph >"$(o listing-go-mod-graph)" 2>&1
	s=$(o listing-go-mod-graph)
	{
		cut -d' ' -f1 "$s" | sort -u
		cut -d' ' -f2 "$s" | sort -u | $PY spread /dev/stdin . 12
	} | needles listing-go-mod-graph

	# $ cd godeps && go list -m all
	go list -m all >"$(o listing-go-list-m-all)" 2>&1
	cat "$(o listing-go-list-m-all)" | needles listing-go-list-m-all
}

# section_forms captures listings in forms section_listing has not: rows
# with dates and times before the name, names with versions, two names a
# line, ls -R without -l.
section_forms() {
	local s
	cd "$W"

	# $ jar tvf /usr/share/java/guice.jar
	jar tvf /usr/share/java/guice.jar >"$(o listing-jar-tvf-guice)" 2>&1
	s=$(o listing-jar-tvf-guice)
	awk '{print $NF}' "$s" | $PY dirs /dev/stdin 10 12 | needles listing-jar-tvf-guice

	# $ find /usr/local/go/src/cmd/link -name '*.go' -printf '%TY-%Tm-%Td %TH:%TM %s %p\n'
	find "$G/cmd/link" -name '*.go' -printf '%TY-%Tm-%Td %TH:%TM %s %p\n' >"$(o listing-find-printf-time-size-link)" 2>&1
	s=$(o listing-find-printf-time-size-link)
	{
		# the largest files, then directories and paths
		sort -k3 -rn "$s" | first 5 | awk '{print $4}'
		awk '{print $4}' "$s" | $PY dirs /dev/stdin 8 12
	} | needles listing-find-printf-time-size-link

	# $ dpkg-query -W 'lib*'
	dpkg-query -W 'lib*' >"$(o listing-dpkg-query-W-lib)" 2>&1
	$PY spread "$(o listing-dpkg-query-W-lib)" . 16 | cut -f1 | needles listing-dpkg-query-W-lib

	# $ go list -f '{{.ImportPath}} {{.Dir}}' cmd/...
	go list -f '{{.ImportPath}} {{.Dir}}' cmd/... >"$(o listing-go-list-f-dir-cmd)" 2>&1
	cut -d' ' -f1 "$(o listing-go-list-f-dir-cmd)" | $PY spread /dev/stdin . 16 | needles listing-go-list-f-dir-cmd

	# $ ls -R /usr/local/go/src/net
	ls -R "$G/net" >"$(o listing-ls-R-net)" 2>&1
	s=$(o listing-ls-R-net)
	{
		g -E ':$' "$s" | $PY spread /dev/stdin . 12
		g -vE ':$' "$s" | g . | $PY spread /dev/stdin . 12
	} | needles listing-ls-R-net

	# $ du -a /usr/local/go/src/compress /usr/local/go/src/archive
	du -a "$G/compress" "$G/archive" >"$(o listing-du-a-compress-archive)" 2>&1
	s=$(o listing-du-a-compress-archive)
	{
		sort -rn "$s" | first 6 | cut -f2
		cut -f2 "$s" | $PY dirs /dev/stdin 8 10
	} | needles listing-du-a-compress-archive

	# $ ls -l --full-time /usr/local/go/src/strconv /usr/local/go/src/unicode/utf8 /usr/local/go/src/unicode/utf16
	ls -l --full-time "$G/strconv" "$G/unicode/utf8" "$G/unicode/utf16" >"$(o listing-ls-l-full-time)" 2>&1
	$PY lsl "$(o listing-ls-l-full-time)" 24 | needles listing-ls-l-full-time

	# $ find /usr/share/doc -name '*.gz' -size +20k
	find /usr/share/doc -name '*.gz' -size +20k >"$(o listing-find-size-doc-gz)" 2>&1
	$PY dirs "$(o listing-find-size-doc-gz)" 10 12 | needles listing-find-size-doc-gz

	# $ tree -a -F /usr/local/go/src/text
	tree -a -F "$G/text" >"$(o listing-tree-a-go-text)" 2>&1
	$PY tree "$(o listing-tree-a-go-text)" 30 | needles listing-tree-a-go-text
}
