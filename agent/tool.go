package agent

import (
	"path"
	"slices"
	"strings"

	"github.com/headroom-cli/headroom/shape"
)

// Tool returns the name, as "headroom clip --tool" takes it, of the kind of
// output the command argv prints, or "" when only its output can tell.
// Searches print grep output, diffs and patches print diffs, jq, curl and
// "-o json" print JSON, test runners and builds print logs, ls, find, tree
// and package lists print listings, and source files, manuals and --help
// print outlines. A command run by sudo, time, timeout, nice and the like
// prints what it prints, and a shell's -c script what its commands do
// when they agree (see scriptTool).
func Tool(argv []string) string {
	argv = unwrap(argv)
	if len(argv) == 0 {
		return ""
	}
	prog, args := program(argv[0]), argv[1:]
	switch prog {
	case "sh", "bash", "dash", "zsh", "ksh":
		if script, ok := shellScript(args); ok {
			return scriptTool(script)
		}
		return ""
	}
	if wantsJSON(prog, args) {
		return "json"
	}
	if help, settings := helpRequested(prog, args); help {
		if settings {
			return "" // gcc -Q --help=warnings lists settings, not help
		}
		return "outline"
	}
	switch prog {
	case "rg", "grep", "egrep", "fgrep", "ag", "ack":
		if listsFiles(prog, args) {
			return "listing"
		}
		return "grep"
	case "git":
		return gitTool(args)
	case "go":
		return goTool(args)
	case "diff":
		if hasAny(args, "-y", "--side-by-side", "-e", "--ed", "-n", "--rcs", "-q", "--brief") {
			// Side by side, ed scripts, RCS's form and the names of the
			// files that differ are no diff the diff reducer reads.
			return ""
		}
		return "diff"
	case "jq":
		if hasAny(args, "-r", "--raw-output", "-j", "--join-output") {
			return ""
		}
		return "jq"
	case "curl":
		if curlHeaders(args) {
			return ""
		}
		return "curl"
	case "kubectl", "oc", "docker", "podman":
		return containerTool(prog, args)
	case "npx", "bunx", "pnpx":
		for len(args) > 0 && strings.HasPrefix(args[0], "-") {
			args = args[1:]
		}
		if len(args) > 0 && npxTools[args[0]] != nil {
			return Tool(args)
		}
		return ""
	case "python", "python3", "py":
		return pythonTool(args)
	case "pytest", "py.test", "tox", "nox":
		return "pytest"
	case "pip", "pip3":
		return pipTool(args)
	case "cargo":
		if len(args) > 0 && args[0] == "tree" {
			return "listing"
		}
		return "cargo"
	case "npm", "pnpm", "yarn", "bun":
		return npmTool(prog, args)
	case "node", "deno":
		if len(args) > 0 && (args[0] == "--test" || args[0] == "test") {
			return "log"
		}
		return ""
	case "make", "gmake", "cmake", "ctest", "ninja", "meson", "bazel", "bazelisk", "mvn", "mvnw",
		"gradle", "gradlew", "ant", "sbt", "dotnet", "swift", "xcodebuild", "zig", "configure",
		"gcc", "g++", "cc", "c++", "clang", "clang++", "rustc", "javac",
		"jest", "vitest", "mocha", "tsc", "eslint", "ruff", "mypy", "pyright", "flake8",
		"pylint", "golangci-lint", "staticcheck", "shellcheck", "playwright":
		if prog == "rustc" && hasAny(args, "--explain") {
			return "outline"
		}
		if prog == "cmake" && len(args) > 1 && args[0] == "-E" && args[1] == "capabilities" {
			return "json"
		}
		return "log"
	case "apt", "apt-get", "apt-cache", "dpkg", "dpkg-query":
		return debianTool(prog, args)
	case "terraform", "tofu":
		if len(args) > 0 && args[0] == "plan" {
			return ""
		}
		return "log"
	case "ls", "find", "fd", "fdfind", "tree", "du", "ps", "df", "lsblk":
		return listingTool(prog, args)
	case "which":
		return "listing"
	case "dmesg", "journalctl", "strace", "ltrace":
		for i, a := range args {
			if prog == "journalctl" && (strings.HasPrefix(a, "--output=json") || strings.HasPrefix(a, "-ojson") ||
				a == "-o" && i+1 < len(args) && strings.HasPrefix(args[i+1], "json")) {
				return "json" // -o json, json-pretty, json-sse
			}
		}
		return "log"
	case "jar", "unzip", "zipinfo", "tar":
		if archiveListed(prog, args) {
			return "listing"
		}
		return ""
	case "man", "pydoc", "pydoc3", "javap", "perldoc", "info":
		return docTool(prog)
	case "cat", "bat", "batcat", "head", "tail", "less", "more", "nl":
		return fileTool(args)
	}
	return ""
}

// helpRequested reports whether a command asks for its help: --help,
// --help=CLASS (gcc), --help-command and the like (cmake), -help (javac,
// java and Go's flag package), --usage (GNU tar), git's and rg's -h
// (grep's -h drops file names); and whether it asks for the settings of
// options rather than their help (gcc -Q --help=...).
func helpRequested(prog string, args []string) (help, settings bool) {
	for _, a := range args {
		switch {
		case a == "--help" || a == "-help" || a == "--usage" || (prog == "git" || prog == "rg") && a == "-h":
			help = true
		case strings.HasPrefix(a, "--help=") || strings.HasPrefix(a, "--help-"):
			help = true
			settings = settings || hasAny(args, "-Q")
		}
	}
	return help, settings
}

// listsFiles reports whether a search prints the names of files rather
// than their matching lines: rg -l and --files, grep -l and -L.
func listsFiles(prog string, args []string) bool {
	for _, a := range args {
		switch {
		case a == "--":
			return false
		case a == "--files" || a == "--files-with-matches" || a == "--files-without-match":
			return true
		case strings.HasPrefix(a, "--"):
		case strings.HasPrefix(a, "-") && len(a) > 1:
			// Bundled short flags, as in -rl; grep's -L lists the files
			// that do not match, rg's follows links.
			if strings.ContainsRune(a[1:], 'l') || prog != "rg" && strings.ContainsRune(a[1:], 'L') {
				return true
			}
		}
	}
	return false
}

// listingTool names the listing tools --tool knows by their own names;
// find running a command for each file prints what that command prints.
func listingTool(prog string, args []string) string {
	switch {
	case prog == "find" && hasAny(args, "-exec", "-execdir", "-ok", "-okdir"):
		return ""
	case prog == "fdfind":
		return "fd"
	case prog == "df" || prog == "lsblk":
		return "listing"
	case prog == "tree" && hasAny(args, "-J"):
		return "json"
	case prog == "tree" && hasAny(args, "-X"):
		return "" // XML
	}
	return prog
}

// curlHeaders reports whether curl is asked to print a response's
// headers (-I, -i) or its conversation (-v, --trace), alone or before the
// body: no JSON, whatever the body is.
func curlHeaders(args []string) bool {
	for _, a := range args {
		switch {
		case a == "--head" || a == "--include" || a == "--verbose" || strings.HasPrefix(a, "--trace"):
			return true
		case len(a) > 1 && a[0] == '-' && a[1] != '-':
			// Bundled short flags, as in -sI; a value is a word of its own.
			if strings.Trim(a[1:], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") == "" && strings.ContainsAny(a[1:], "Iiv") {
				return true
			}
		}
	}
	return false
}

// archiveListed reports whether a command lists the entries of an archive:
// jar tf, unzip -l, zipinfo, tar tf.
func archiveListed(prog string, args []string) bool {
	switch prog {
	case "zipinfo":
		return true
	case "unzip":
		return hasAny(args, "-l", "-v", "-Z", "-Z1", "-lv")
	}
	if hasAny(args, "--list") {
		return true
	}
	// The operation comes first, its letters bundled, with or without a
	// dash: tf, -tvf; tar also takes them later, each after a dash.
	for i, a := range args {
		op := strings.TrimPrefix(a, "-")
		if i > 0 && (!strings.HasPrefix(a, "-") || strings.HasPrefix(a, "--")) {
			continue
		}
		if op != "" && strings.Trim(op, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") == "" && strings.ContainsRune(op, 't') {
			return true
		}
	}
	return false
}

// docTool names the printers of manuals and class outlines.
func docTool(prog string) string {
	switch prog {
	case "man", "pydoc", "javap":
		return prog
	case "pydoc3":
		return "pydoc"
	}
	return "outline"
}

// fileTool tells what printing files shows from their names: source code
// and documentation are outlines, logs, diffs and JSON what they are, and
// anything else only its content can tell.
func fileTool(args []string) string {
	kind := ""
	for _, a := range args {
		if strings.HasPrefix(a, "-") || strings.Trim(a, "0123456789") == "" {
			continue // head -n 50: the count is no file
		}
		k := fileKinds[strings.ToLower(path.Ext(a))]
		if k == "" {
			if base := path.Base(a); fileKinds[base] != "" {
				k = fileKinds[base]
			}
		}
		if k == "" || kind != "" && k != kind {
			return ""
		}
		kind = k
	}
	return kind
}

// fileKinds maps file extensions, and a few whole names, to the kind of
// what a file so named holds.
var fileKinds = map[string]string{
	".go": "outline", ".py": "outline", ".pyi": "outline", ".c": "outline", ".h": "outline",
	".cc": "outline", ".cpp": "outline", ".cxx": "outline", ".hh": "outline", ".hpp": "outline",
	".hxx": "outline", ".java": "outline", ".kt": "outline", ".scala": "outline", ".js": "outline",
	".mjs": "outline", ".cjs": "outline", ".jsx": "outline", ".ts": "outline", ".tsx": "outline",
	".mts": "outline", ".rs": "outline", ".rb": "outline", ".php": "outline", ".swift": "outline",
	".cs": "outline", ".m": "outline", ".lua": "outline", ".pl": "outline", ".pm": "outline",
	".sh": "outline", ".bash": "outline", ".zsh": "outline", ".ex": "outline", ".exs": "outline",
	".erl": "outline", ".hs": "outline", ".ml": "outline", ".zig": "outline", ".dart": "outline",
	".proto": "outline", ".sql": "outline", ".md": "outline", ".markdown": "outline", ".rst": "outline",
	".adoc": "outline", ".tex": "outline", ".vue": "outline", ".svelte": "outline",
	"makefile": "outline", "Makefile": "outline", "Dockerfile": "outline",
	".log":  "log",
	".diff": "diff", ".patch": "diff",
	".json": "json", ".jsonl": "json", ".ndjson": "json",
}

// wantsJSON reports whether args ask prog for JSON output.
func wantsJSON(prog string, args []string) bool {
	for i, a := range args {
		next := ""
		if i+1 < len(args) {
			next = args[i+1]
		}
		switch {
		case a == "--json" || prog == "go" && (a == "-json" || strings.HasPrefix(a, "-json=")):
			return true
		case prog == "kubectl" || prog == "oc":
			if a == "-ojson" || a == "--output=json" || (a == "-o" || a == "--output") && next == "json" {
				return true
			}
		case prog == "lsblk" && (a == "-J" || a == "--json"):
			return true
		case (prog == "shellcheck" || prog == "eslint" || prog == "pylint") && a == "-f" && jsonFormat(next):
			// Their -f names a format, not a file.
			return true
		case strings.HasPrefix(a, "--format=") && jsonFormat(a[len("--format="):]) || a == "--format" && jsonFormat(next) ||
			a == "--message-format=json" || a == "--output-format=json" || a == "--outputjson" ||
			a == "--error-format=json" || a == "--error-format" && next == "json":
			return true
		}
	}
	return prog == "cargo" && len(args) > 0 && args[0] == "metadata"
}

// jsonFormat reports whether a format's name names JSON: json, or
// shellcheck's json1.
func jsonFormat(f string) bool {
	return f == "json" || f == "json1"
}

func gitTool(args []string) string {
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		if args[0] == "-C" || args[0] == "-c" {
			if len(args) < 2 {
				return ""
			}
			args = args[1:]
		}
		args = args[1:]
	}
	if len(args) == 0 {
		return ""
	}
	sub, rest := args[0], args[1:]
	stats := slices.ContainsFunc(rest, statOption)
	summary := stats || hasAny(rest, "--name-only", "--name-status")
	patch := hasAny(rest, "-p", "-u", "--patch")
	switch sub {
	case "grep":
		if listsFiles("git", rest) || hasAny(rest, "--name-only") {
			return "listing"
		}
		return "git-grep"
	case "diff":
		if summary && !patch {
			if !stats {
				return "listing"
			}
			return ""
		}
		return "git-diff"
	case "show":
		// git show REV:PATH prints a file, not a commit.
		for _, a := range rest {
			if !strings.HasPrefix(a, "-") && strings.Contains(a, ":") {
				_, file, _ := strings.Cut(a, ":")
				return fileTool([]string{file})
			}
		}
		if summary && !patch {
			return ""
		}
		return "git-show"
	case "log":
		if patch {
			return "git-log"
		}
	case "format-patch":
		if hasAny(rest, "--stdout") {
			return "diff"
		}
	case "ls-files", "status":
		return "git-" + sub
	case "worktree":
		if len(rest) > 0 && rest[0] == "list" {
			return "listing"
		}
	case "stash":
		if len(rest) > 0 && rest[0] == "list" {
			return "listing"
		}
		if len(rest) > 0 && rest[0] == "show" && patch {
			return "diff"
		}
		if len(rest) == 0 || rest[0] == "push" || rest[0] == "pop" || rest[0] == "apply" || rest[0] == "drop" {
			return "log"
		}
	case "clean":
		for _, a := range rest {
			// -n, --dry-run, or -n among bundled flags (-nd, -ndx).
			if a == "--dry-run" || len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.ContainsRune(a, 'n') {
				return "listing"
			}
		}
	case "ls-tree", "branch", "tag", "show-ref", "for-each-ref", "ls-remote":
		return "listing"
	case "blame", "help":
		return "outline"
	case "merge", "rebase", "pull", "push", "fetch", "clone", "cherry-pick", "am", "revert", "commit", "bisect",
		"checkout", "switch", "fsck", "gc":
		return "log"
	}
	return ""
}

func goTool(args []string) string {
	if len(args) > 1 && args[0] == "-C" {
		args = args[2:]
	}
	if len(args) == 0 {
		return ""
	}
	switch args[0] {
	case "test":
		return "go-test"
	case "build", "vet", "install", "generate", "get":
		return "go-build"
	case "list":
		return "listing"
	case "mod":
		if len(args) > 1 && args[1] == "graph" {
			return "listing"
		}
		if len(args) > 1 && (args[1] == "tidy" || args[1] == "download" || args[1] == "vendor" || args[1] == "verify") {
			return "go-build"
		}
	case "doc":
		return "go-doc"
	case "help":
		return "outline"
	}
	return ""
}

// pythonTool tells what python -m MODULE prints.
func pythonTool(args []string) string {
	if len(args) < 2 || args[0] != "-m" {
		return ""
	}
	switch args[1] {
	case "pytest":
		return "pytest"
	case "unittest", "test", "mypy", "pylint", "flake8", "ruff", "build", "compileall":
		return "log"
	case "pydoc":
		return "pydoc"
	case "pip":
		return pipTool(args[2:])
	}
	return ""
}

// pipTool tells what a pip command prints: lists of packages or files, or
// the log of an install.
func pipTool(args []string) string {
	if len(args) == 0 {
		return ""
	}
	switch args[0] {
	case "list", "freeze":
		return "listing"
	case "show":
		if hasAny(args, "-f", "--files") {
			return "listing"
		}
	case "install", "uninstall", "download", "wheel", "check":
		return "log"
	}
	return ""
}

// npmTool tells what an npm, pnpm, yarn or bun command prints: the tree
// of installed packages, a table of outdated ones, the files a package
// would hold, or else the log of a script, a test or an install.
func npmTool(prog string, args []string) string {
	if len(args) == 0 {
		return "npm"
	}
	switch args[0] {
	case "ls", "list", "ll", "la", "outdated":
		return "listing"
	case "pack", "publish":
		if hasAny(args, "--dry-run") {
			return "listing"
		}
	case "view", "info", "show", "config", "help", "why", "explain":
		return ""
	case "pkg":
		if len(args) > 1 && args[1] == "get" {
			return "json"
		}
		return ""
	}
	if prog == "bun" && args[0] == "run" {
		return ""
	}
	return "npm"
}

// containerTool tells what kubectl, oc, docker and podman print: logs and
// builds are logs, inspect is JSON, and tables of resources are listings.
func containerTool(prog string, args []string) string {
	if len(args) == 0 {
		return ""
	}
	switch args[0] {
	case "logs", "build":
		return "log"
	case "inspect":
		return "json"
	case "ps", "images":
		if prog == "docker" || prog == "podman" {
			return "listing"
		}
	case "get":
		if prog == "kubectl" || prog == "oc" {
			for i, a := range args {
				if a == "-o" && i+1 < len(args) {
					a = "-o" + args[i+1]
				}
				if strings.HasPrefix(a, "-o") && a != "-owide" && a != "-oname" || strings.HasPrefix(a, "--output=") && a != "--output=wide" && a != "--output=name" {
					return ""
				}
			}
			return "listing"
		}
	}
	return ""
}

// debianTool tells what apt, apt-cache and dpkg print: lists of packages
// and of their files, or the log of an install.
func debianTool(prog string, args []string) string {
	if len(args) == 0 {
		return ""
	}
	switch prog {
	case "dpkg", "dpkg-query":
		if hasAny(args, "-l", "--list", "-L", "--listfiles", "-S", "--search", "-W", "--show", "--get-selections", "-c", "--contents") {
			return "listing"
		}
		if hasAny(args, "-s", "--status", "-p", "--print-avail", "-I", "--info", "--version") {
			return "" // a package's record
		}
		if prog == "dpkg" {
			return "log"
		}
	case "apt-cache":
		switch args[0] {
		case "rdepends", "depends", "pkgnames", "search", "dotty":
			return "listing"
		}
	default:
		switch args[0] {
		case "list":
			return "listing"
		case "show", "policy", "showsrc", "changelog":
			return ""
		}
		return "apt"
	}
	return ""
}

// unwrap returns the command that argv runs: past env and assignments, and
// past the programs that run another one as it is, with their options:
// sudo, time, nice, nohup, timeout, stdbuf, xargs, command and exec.
func unwrap(argv []string) []string {
	for len(argv) > 0 {
		var withValue string // the wrapper's options that take a value
		switch program(argv[0]) {
		case "env":
			withValue = "-u -C -S"
		case "sudo":
			withValue = "-u -g -h -p -C -D -r -t -U -T"
		case "time", "nohup", "command", "exec", "builtin", "unbuffer":
		case "nice":
			withValue = "-n"
		case "timeout":
			withValue = "-s -k"
		case "stdbuf":
			withValue = "-i -o -e"
		case "xargs":
			withValue = "-n -P -I -L -s -E -d -a"
		default:
			if !isAssignment(argv[0]) {
				return argv
			}
			argv = argv[1:]
			continue
		}
		wrapper := program(argv[0])
		argv = argv[1:]
		for len(argv) > 0 && strings.HasPrefix(argv[0], "-") {
			if argv[0] == "--" {
				argv = argv[1:]
				break
			}
			if slices.Contains(strings.Fields(withValue), argv[0]) && len(argv) > 1 {
				argv = argv[1:]
			}
			argv = argv[1:]
		}
		if wrapper == "timeout" && len(argv) > 0 {
			argv = argv[1:] // the duration
		}
	}
	return argv
}

// shellScript returns the script a shell's arguments give with -c (sh -c,
// bash -ec, bash -o pipefail -c), and whether they give one.
func shellScript(args []string) (string, bool) {
	c := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-o" || a == "+o":
			i++ // an option's name
		case a == "--":
		case strings.HasPrefix(a, "--"):
			// --login, --norc, --noprofile
		case len(a) > 1 && (a[0] == '-' || a[0] == '+'):
			c = c || a[0] == '-' && strings.ContainsRune(a[1:], 'c')
		default:
			return a, c
		}
	}
	return "", false
}

// silentPrograms print nothing, or a line or two, when they work: a
// script's commands that only set up the one whose output matters.
var silentPrograms = map[string]bool{
	"cd": true, "pushd": true, "popd": true, "export": true, "set": true, "unset": true, "source": true,
	".": true, "true": true, ":": true, "mkdir": true, "rm": true, "rmdir": true, "touch": true,
	"cp": true, "mv": true, "ln": true, "chmod": true, "chown": true, "sleep": true, "wait": true,
	"exit": true, "trap": true, "umask": true, "shopt": true, "ulimit": true, "echo": true,
	"printf": true, "test": true, "[": true, "[[": true,
}

// silent reports whether a command prints next to nothing when it works:
// one of silentPrograms, or tar unpacking or packing without -v.
func silent(argv []string) bool {
	prog := program(argv[0])
	if prog == "tar" && len(argv) > 1 && !archiveListed(prog, argv[1:]) {
		// The operation's letters come first, with or without a dash;
		// options later each after a dash.
		for i, a := range argv[1:] {
			short := strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") || i == 0
			if a == "--verbose" || short && strings.ContainsRune(a, 'v') {
				return false
			}
		}
		return true
	}
	return silentPrograms[prog] || argv[0] == ""
}

// filterPrograms pass on the lines of what a pipeline feeds them, or some
// of them, so the pipeline's output is of the kind of the stage before.
var filterPrograms = map[string]bool{
	"head": true, "tail": true, "tee": true, "cat": true, "sort": true, "uniq": true, "less": true,
	"more": true, "grep": true, "egrep": true, "fgrep": true, "rg": true, "sed": true, "awk": true,
	"cut": true, "tr": true, "column": true, "nl": true, "ts": true,
}

// scriptTool tells what a shell script prints from the commands in it:
// the tool of the commands that print, when they all print the same kind
// of output (cd x && go vet ./... && go test ./... prints a log), and ""
// when they do not, or when one of them is not known (sniffing reads the
// output then). Commands that only set up (cd, export, mkdir) print
// nothing, as does a command whose output goes to a file; of a pipeline,
// the last stage that is no filter (head, tail, grep, tee) decides.
func scriptTool(script string) string {
	if len(script) > maxCommand {
		return ""
	}
	tool, kind := "", ""
	for _, pipeline := range scriptPipelines(script) {
		var decides []string
		for i, argv := range pipeline {
			// xargs runs its command on the files a stage names.
			xargs := len(argv) > 0 && program(argv[0]) == "xargs"
			argv = unwrap(argv)
			if len(argv) == 0 || i > 0 && !xargs && filterPrograms[program(argv[0])] && !hasFileArgs(argv) && !tallies(argv) {
				continue
			}
			decides = argv
		}
		if len(decides) == 0 || silent(decides) {
			continue
		}
		t := Tool(decides)
		k, err := shape.ParseTool(t)
		if t == "" || err != nil || kind != "" && k != shape.Kind(kind) {
			return ""
		}
		tool, kind = t, string(k)
	}
	return tool
}

// tallies reports whether a filter prints counts of the lines it reads
// rather than the lines: uniq -c, whose tally of a search's matches names
// no file and no line, as search output does.
func tallies(argv []string) bool {
	if program(argv[0]) != "uniq" {
		return false
	}
	for _, a := range argv[1:] {
		switch {
		case a == "--":
			return false
		case a == "--count":
			return true
		case strings.HasPrefix(a, "--"):
		case strings.HasPrefix(a, "-") && strings.ContainsRune(a[1:], 'c'):
			return true
		}
	}
	return false
}

// hasFileArgs reports whether a filter in a pipeline names files to read
// rather than reading the stage before: grep x f.go, not grep x.
func hasFileArgs(argv []string) bool {
	operands := 0
	for _, a := range argv[1:] {
		if !strings.HasPrefix(a, "-") {
			operands++
		}
	}
	switch program(argv[0]) {
	case "grep", "egrep", "fgrep", "rg", "sed", "awk":
		return operands > 1 // the pattern or program, then files
	}
	return operands > 0 && program(argv[0]) == "cat"
}

// scriptPipelines splits a shell script into its pipelines, and each into
// the words of its commands: at &&, ||, ;, & and new lines outside
// quotes, and the commands of a pipeline at |. Quotes and backslashes are
// removed from words, redirections are dropped, and a command whose output
// goes to a file is dropped with them. Subshells' and groups' parentheses
// and braces are dropped; anything else the shell would do is not done.
func scriptPipelines(script string) [][][]string {
	var (
		out      [][][]string
		pipeline [][]string
		words    []string
		b        strings.Builder
		inWord   bool
		toFile   bool // the command's output goes to a file
		redirect bool // the next word is a redirection's target
	)
	endWord := func() {
		if !inWord {
			return
		}
		w := b.String()
		b.Reset()
		inWord = false
		if redirect {
			redirect = false
			return
		}
		if len(words) == 0 && (w == "(" || w == "{" || w == "!") {
			return
		}
		if w == ")" || w == "}" {
			return
		}
		words = append(words, w)
	}
	endCommand := func() {
		endWord()
		if len(words) > 0 && !toFile {
			pipeline = append(pipeline, words)
		} else if len(words) > 0 {
			pipeline = append(pipeline, nil)
		}
		words, toFile, redirect = nil, false, false
	}
	endPipeline := func() {
		endCommand()
		if len(pipeline) > 0 {
			out = append(out, pipeline)
		}
		pipeline = nil
	}
	for i := 0; i < len(script); i++ {
		c := script[i]
		switch {
		case c == '\\' && i+1 < len(script):
			i++
			if script[i] != '\n' {
				b.WriteByte(script[i])
				inWord = true
			}
		case c == '\'':
			j := strings.IndexByte(script[i+1:], '\'')
			if j < 0 {
				j = len(script) - i - 1
			}
			b.WriteString(script[i+1 : i+1+j])
			inWord = true
			i += 1 + j
		case c == '"':
			j := i + 1
			for j < len(script) && script[j] != '"' {
				if script[j] == '\\' && j+1 < len(script) {
					j++
				}
				b.WriteByte(script[j])
				j++
			}
			inWord = true
			i = j
		case c == ' ' || c == '\t':
			endWord()
		case c == '#' && !inWord:
			for i < len(script) && script[i] != '\n' {
				i++
			}
			i--
		case c == '>' || c == '<':
			// 2>&1, >out, >> out, <in, &>log: the word before is the
			// descriptor, the one after the target, unless it is &N.
			fd := b.String()
			if inWord && strings.Trim(fd, "0123456789") != "" {
				endWord()
				fd = ""
			}
			b.Reset()
			inWord = false
			for i+1 < len(script) && (script[i+1] == '>' || script[i+1] == '|') {
				i++
			}
			if i+1 < len(script) && script[i+1] == '&' {
				i++
				for i+1 < len(script) && script[i+1] >= '0' && script[i+1] <= '9' || i+1 < len(script) && script[i+1] == '-' {
					i++
				}
				continue
			}
			if c == '>' && (fd == "" || fd == "1") {
				toFile = true
			}
			redirect = true
		case c == '&' && i+1 < len(script) && script[i+1] == '>':
			endWord()
			toFile = true
			redirect = true
			i++
			for i+1 < len(script) && script[i+1] == '>' {
				i++
			}
		case c == '|' && i+1 < len(script) && script[i+1] == '|',
			c == '&' && i+1 < len(script) && script[i+1] == '&':
			endPipeline()
			i++
		case c == '|':
			endCommand()
			if i+1 < len(script) && script[i+1] == '&' {
				i++ // |& pipes stderr too
			}
		case c == ';' || c == '&' || c == '\n':
			endPipeline()
		case c == ')' || c == '(' && !inWord:
			endWord()
		default:
			b.WriteByte(c)
			inWord = true
		}
	}
	endPipeline()
	return out
}

// statOption reports whether a is an option of git diff, show or log that
// prints a summary of the files changed: --stat (with its width after
// "="), --shortstat, --numstat, --dirstat (with its parameters),
// --compact-summary, --summary.
func statOption(a string) bool {
	name, _, _ := strings.Cut(a, "=")
	switch name {
	case "--stat", "--dirstat", "--compact-summary":
		return true
	}
	return a == "--shortstat" || a == "--numstat" || a == "--summary"
}

func hasAny(args []string, flags ...string) bool {
	return slices.ContainsFunc(args, func(a string) bool { return slices.Contains(flags, a) })
}

// isAssignment reports whether an argument is NAME=value, as env takes it.
func isAssignment(a string) bool {
	name, _, ok := strings.Cut(a, "=")
	return ok && isName(name)
}
