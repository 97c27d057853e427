package agent

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"unicode"
)

// Host is what Rewrite knows of where a command would run. Its zero value
// knows of no rules, no shell definitions and no files, so it lets no
// program named by a path be rewritten.
type Host struct {
	// Guard covers the commands the agent's rules deny or ask about.
	Guard Guard
	// Defines reports whether the agent's shell may define a name as a
	// function or an alias (see ShellDefines); nil means it defines none.
	Defines func(name string) bool
	// Runs says why exec cannot run the file a command names by a path
	// as it is (see Executable); nil means it can run none.
	Runs func(path string) error
	// Path is the PATH the agent's shell searches, as far as the hook
	// can tell.
	Path string
}

// Rewrite returns command routed through headroom run, or an error saying
// why it must run as it is.
//
// Only a command that is certain to mean the same under "headroom run --" is
// rewritten: one simple command (see splitSimple) whose program is a build,
// test, search, diff or log tool that prints and exits, in a form that does
// not wait for a person (no watch modes, followers, debuggers or prompts).
// Commands that write to a file or another program, interactive programs
// (editors, pagers, shells, REPLs, ssh, top, git commit), commands already
// calling headroom, and everything not listed below are left alone. So is a
// command whose program the shell might run differently from headroom run
// (see assignmentCheck and Host.finds), and a command that h.Guard covers:
// an agent checks its permission rules against the command it is about to
// run, and a rule written for "curl" does not match "headroom run -- curl",
// so rewriting a command a rule denies or asks about would widen what the
// agent may run. For the same reason, a command a rule allows is rewritten
// only if a rule allows the rewritten command too: the agent would ask
// about it, and a headless agent refuse it.
func Rewrite(command string, h Host) (string, error) {
	if strings.TrimSpace(command) == "" {
		return "", errors.New("is empty")
	}
	if len(command)+len(runPrefix) > maxCommand {
		// Rewritten, it would be longer than any command headroom reads.
		return "", errors.New("is too long")
	}
	words, err := splitSimple(command)
	if err != nil {
		return "", err
	}
	start := commandStart(words)
	if start < 0 {
		return "", errors.New("only sets variables")
	}
	for _, w := range words[:start] {
		if err := assignmentCheck(w); err != nil {
			return "", err
		}
	}
	name := words[start]
	if program(name.value) == "headroom" {
		return "", errors.New("already calls headroom")
	}
	if !name.plain {
		return "", errors.New("names its program with quotes or expansions")
	}
	prog := program(name.value)
	check, ok := rewritable()[prog]
	if !ok {
		return "", fmt.Errorf("runs %s, which is not known to print and exit", prog)
	}
	args := values(words[start+1:])
	if err := untilStopped(prog, args); err != nil {
		return "", fmt.Errorf("runs %s %w", prog, err)
	}
	if err := check(args); err != nil {
		return "", fmt.Errorf("runs %s %w", prog, err)
	}
	if err := h.finds(name.value); err != nil {
		return "", fmt.Errorf("runs %s, which %w", name.value, err)
	}
	if h.Guard.Covers(command) {
		return "", errors.New("is named by a rule of the agent that denies or asks")
	}
	at := name.start
	rewritten := command[:at] + runPrefix + command[at:]
	if h.Guard.Allows(command) && !h.Guard.Allows(rewritten) {
		return "", errors.New("is allowed by a rule of the agent that does not allow it through headroom run")
	}
	return rewritten, nil
}

// finds says why headroom run, handed name, might not run what the shell
// would run for it, if it might not.
func (h Host) finds(name string) error {
	if h.Defines != nil && h.Defines(name) {
		return errors.New("the shell may define as a function or an alias")
	}
	if strings.Contains(name, "/") {
		if h.Runs == nil {
			return errors.New("cannot be looked at")
		}
		return h.Runs(name)
	}
	// A shell runs a program that PATH finds through a relative directory
	// (".", "bin", an empty entry); headroom run refuses to, as Go's
	// os/exec does.
	for _, dir := range filepath.SplitList(h.Path) {
		if !filepath.IsAbs(dir) {
			return fmt.Errorf("PATH may find through the relative directory %q", dir)
		}
	}
	return nil
}

// assignmentCheck refuses an assignment before the program that would not
// mean the same under headroom run, where it reaches headroom as well as
// the program: PATH (path in zsh) decides where the shell finds headroom,
// HEADROOM_* variables configure it, loader variables and the Go runtime's
// change how it runs, and TMPDIR where it may keep originals. PWDEBUG makes
// playwright wait in its inspector. A value that is not plain is refused
// too: what the shell makes of it is not for the hook to guess. Any other
// assignment, such as CGO_ENABLED=0, means the same, since headroom run
// passes its environment on to the program unchanged.
func assignmentCheck(w word) error {
	name, _, _ := strings.Cut(w.raw, "=")
	switch {
	case name == "PWDEBUG":
		return errors.New("sets PWDEBUG, which makes playwright wait in its inspector")
	case name == "PATH" || name == "path" || name == "TMPDIR",
		strings.HasPrefix(name, "HEADROOM_"), strings.HasPrefix(name, "LD_"), strings.HasPrefix(name, "DYLD_"),
		name == "GOGC" || name == "GOMEMLIMIT" || name == "GODEBUG":
		return fmt.Errorf("sets %s, which would reach headroom too", name)
	case !w.plain:
		return fmt.Errorf("sets %s to a value the shell expands or unquotes", name)
	}
	return nil
}

// check tells whether a program's arguments make a command that prints and
// exits; its error completes "runs PROGRAM ...".
type check func(args []string) error

// rewritable maps the programs worth routing through headroom, all of which
// print their results and exit, to the check of their arguments.
var rewritable = sync.OnceValue(programs)

// watchCheck refuses -w, which means --watch to tsc, mocha and pyright.
var watchCheck = without("-w")

// untilStopped refuses the long flags that, whatever the program, make it
// watch, follow, serve, ask or wait for a debugger, wherever they stand:
// after "--" a script or a test runner receives them. A flag set to false
// ("--watchAll=false") turns the mode off.
func untilStopped(prog string, args []string) error {
	for _, a := range args {
		name, value, _ := strings.Cut(a, "=")
		if !strings.HasPrefix(name, "--") || value == "false" || value == "0" {
			continue
		}
		switch {
		case strings.HasPrefix(name, "--watch"), strings.HasPrefix(name, "--inspect"),
			strings.HasPrefix(name, "--run_under"), strings.HasPrefix(name, "--debug-brk"):
		case name == "--follow":
			// git follows renames, and searches follow symbolic links.
			if slices.Contains([]string{"git", "rg", "fd", "ag", "find"}, prog) {
				continue
			}
		case !slices.Contains([]string{"--ui", "--gdb", "--serve", "--interactive", "--continuous", "--pdb"}, name):
			continue
		}
		return fmt.Errorf("with %s, which may run until stopped or wait for a person", name)
	}
	return nil
}

func programs() map[string]check {
	m := map[string]check{}
	add := func(c check, names ...string) {
		for _, n := range names {
			m[n] = c
		}
	}
	add(always, "rg", "grep", "egrep", "fgrep", "ag", "ack", "fd", "diff", "jq", "yq",
		"tox", "nox", "mypy", "flake8", "pylint", "ant", "xcodebuild",
		"gcc", "g++", "cc", "c++", "clang", "clang++", "rustc", "javac",
		"staticcheck", "shellcheck", "hadolint", "actionlint", "eslint", "prettier", "oxlint", "stylelint")
	add(findCheck, "find")
	add(watchCheck, "pyright")
	add(ruffCheck, "ruff")
	add(ninjaCheck, "ninja")
	add(mavenCheck, "mvn", "mvnw")
	add(gradleCheck, "gradle", "gradlew")
	add(gitCheck, "git")
	add(subcommands("test", "build", "vet", "list", "doc"), "go")
	add(cargoCheck, "cargo")
	add(npmCheck, "npm")
	add(packageManagerCheck, "pnpm", "yarn", "bun")
	add(npxCheck, "npx", "bunx", "pnpx")
	add(pytestCheck, "pytest", "py.test")
	add(pythonCheck, "python", "python3")
	add(tasks, "make", "gmake")
	add(without("-i", "--interactive"), "cmake")
	add(subcommands("compile", "test"), "meson")
	add(subcommands("build", "test", "query", "cquery", "aquery", "coverage"), "bazel", "bazelisk")
	add(subcommands("build", "test", "restore", "publish", "pack"), "dotnet")
	add(subcommands("build", "test"), "swift")
	add(zigCheck, "zig")
	add(subcommands("run"), "golangci-lint")
	add(always, "jest") // its --watch and --inspect-brk are refused for every program
	add(vitestCheck, "vitest")
	add(watchCheck, "mocha", "tsc")
	add(playwrightCheck, "playwright")
	add(subcommands("check", "lint", "ci", "format"), "biome")
	add(kubectlCheck, "kubectl", "oc")
	add(dockerCheck, "docker", "podman")
	add(composeCheck, "docker-compose")
	add(withoutIn("unpotSUDMbgFci", "-f"), "journalctl")
	add(sbtCheck, "sbt")
	return m
}

func always([]string) error { return nil }

// without refuses any of flags, which make a program wait for a person or
// run until stopped. A short flag ("-f") counts in a cluster of them too
// ("-fu").
func without(flags ...string) check { return withoutIn("", flags...) }

// withoutIn is without for a program whose short options that take a value
// are the letters of values: a cluster ends at one of them, and the rest is
// its value ("-owide" is -o wide, not -w).
func withoutIn(values string, flags ...string) check {
	return func(args []string) error {
		for _, a := range args {
			name, _, _ := strings.Cut(a, "=")
			if slices.Contains(flags, name) {
				return fmt.Errorf("with %s", name)
			}
			if len(name) < 3 || name[0] != '-' || name[1] == '-' {
				continue
			}
			for _, c := range name[1:] {
				if slices.Contains(flags, "-"+string(c)) {
					return fmt.Errorf("with -%c (in %s)", c, name)
				}
				if strings.ContainsRune(values, c) {
					break
				}
			}
		}
		return nil
	}
}

// subcommands accepts only the listed subcommands, given first.
func subcommands(names ...string) check {
	return func(args []string) error {
		if len(args) == 0 || !slices.Contains(names, args[0]) {
			return errors.New("without a subcommand known to print and exit")
		}
		return nil
	}
}

func findCheck(args []string) error {
	// -ok and -okdir ask on the terminal before each file.
	return without("-ok", "-okdir")(args)
}

func gitCheck(args []string) error {
	// Options before the subcommand that take a value.
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		switch a := args[0]; {
		case a == "-C" || a == "-c":
			if len(args) < 2 {
				return errors.New("without a subcommand")
			}
			args = args[2:]
		case a == "--no-pager" || a == "-P" || a == "--no-optional-locks" ||
			strings.HasPrefix(a, "--git-dir=") || strings.HasPrefix(a, "--work-tree="):
			args = args[1:]
		default:
			return fmt.Errorf("with the option %s", a)
		}
	}
	if err := subcommands("diff", "show", "log", "grep", "blame", "shortlog", "reflog",
		"ls-files", "ls-tree", "range-diff", "whatchanged")(args); err != nil {
		return err
	}
	for _, a := range args[1:] {
		// git grep -O opens the files that match in a pager or an editor.
		if args[0] == "grep" && (strings.HasPrefix(a, "-O") || strings.HasPrefix(a, "--open-files-in-pager")) {
			return fmt.Errorf("grep with %s, which opens a pager", a)
		}
	}
	return nil
}

func cargoCheck(args []string) error {
	if len(args) > 0 && strings.HasPrefix(args[0], "+") {
		args = args[1:] // a toolchain: cargo +nightly test
	}
	return subcommands("build", "b", "test", "t", "check", "c", "clippy", "doc", "bench",
		"tree", "metadata", "nextest")(args)
}

// longRunning are words that, in the name of a script, target, task or
// goal, by convention mean it starts a server, a watcher, a REPL, a
// debugger or a UI rather than print and exit: "dev-server", "test:ui",
// "bootRun".
var longRunning = []string{"dev", "start", "serve", "server", "watch", "preview", "up", "run", "shell",
	"repl", "console", "storybook", "open", "debug", "inspect", "ui", "gui", "tail", "follow"}

// scriptCheck refuses a script, target, task or goal whose name has a word
// of longRunning, or says watch, serve or storybook in any way.
func scriptCheck(name string) error {
	lower := strings.ToLower(name)
	long := strings.Contains(lower, "watch") || strings.Contains(lower, "serve") || strings.Contains(lower, "storybook")
	for _, w := range nameWords(name) {
		long = long || slices.Contains(longRunning, w)
	}
	if long {
		return fmt.Errorf("with %s, which may run until stopped", name)
	}
	return nil
}

// nameWords splits a name into its lower-case words, at punctuation,
// spaces and the humps of camelCase: "test:ui", "start-dev", "bootRun".
func nameWords(name string) []string {
	var words []string
	word := []rune{}
	end := func() {
		if len(word) > 0 {
			words = append(words, strings.ToLower(string(word)))
			word = word[:0]
		}
	}
	prev := ' '
	for _, c := range name {
		switch {
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			end()
		case unicode.IsUpper(c) && unicode.IsLower(prev):
			end()
			word = append(word, c)
		default:
			word = append(word, c)
		}
		prev = c
	}
	end()
	return words
}

func npmCheck(args []string) error {
	if len(args) == 0 {
		return errors.New("without a subcommand")
	}
	switch args[0] {
	case "test", "t", "tst", "ci", "install", "i", "ls", "list", "audit", "outdated", "explain", "why":
		return nil
	case "run", "run-script", "rum", "urn":
		if len(args) < 2 {
			return errors.New("run without a script")
		}
		return scriptCheck(args[1])
	}
	return errors.New("without a subcommand known to print and exit")
}

func packageManagerCheck(args []string) error {
	if len(args) == 0 {
		return nil // installs
	}
	switch args[0] {
	case "test", "t", "install", "i", "ls", "list", "audit", "outdated", "why",
		"build", "lint", "typecheck", "type-check", "check":
		return nil
	case "run":
		if len(args) < 2 {
			return errors.New("run without a script")
		}
		return scriptCheck(args[1])
	}
	return errors.New("without a subcommand known to print and exit")
}

// npxTools are the packages npx may run through headroom, with the checks
// of their own arguments.
var npxTools = map[string]check{
	"jest": always, "vitest": vitestCheck, "tsc": watchCheck, "typescript": watchCheck,
	"mocha": watchCheck, "eslint": always, "prettier": always, "oxlint": always, "stylelint": always,
	"playwright": playwrightCheck, "biome": subcommands("check", "lint", "ci", "format"),
	"@biomejs/biome": subcommands("check", "lint", "ci", "format"),
}

func npxCheck(args []string) error {
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		if args[0] == "-p" || args[0] == "--package" {
			return errors.New("with --package")
		}
		args = args[1:] // --yes, --no-install, --quiet
	}
	if len(args) == 0 {
		return errors.New("without a package")
	}
	pkg, _, _ := strings.Cut(strings.TrimPrefix(args[0], "@"), "@")
	if strings.HasPrefix(args[0], "@") {
		pkg = "@" + pkg
	}
	check, ok := npxTools[pkg]
	if !ok {
		return fmt.Errorf("with %s, which is not known to print and exit", args[0])
	}
	return check(args[1:])
}

func vitestCheck(args []string) error {
	// Without "run" or --run, vitest watches when it has a terminal.
	if len(args) > 0 && args[0] == "run" || slices.Contains(args, "--run") {
		return without("-w")(args)
	}
	return errors.New("without run, which may watch")
}

func pytestCheck(args []string) error {
	return without("--pdb", "--trace", "--pdbcls")(args)
}

func pythonCheck(args []string) error {
	if len(args) < 2 || args[0] != "-m" {
		return errors.New("without -m and a test or lint module")
	}
	switch args[1] {
	case "pytest":
		return pytestCheck(args[2:])
	case "unittest", "mypy", "pylint", "ruff", "flake8", "pyright", "tox", "compileall":
		return nil
	}
	return fmt.Errorf("-m %s, which is not known to print and exit", args[1])
}

// kubectlOptions are options that may come before kubectl's subcommand and
// take a value.
var kubectlOptions = []string{"-n", "--namespace", "--context", "--kubeconfig", "--cluster", "--user", "-s", "--server"}

func kubectlCheck(args []string) error {
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		switch {
		case strings.Contains(args[0], "="):
			args = args[1:]
		case slices.Contains(kubectlOptions, args[0]) && len(args) > 1:
			args = args[2:]
		default:
			return fmt.Errorf("with the option %s", args[0])
		}
	}
	if err := subcommands("get", "describe", "logs", "explain", "api-resources", "api-versions", "top", "events")(args); err != nil {
		return err
	}
	if args[0] == "logs" {
		return withoutIn("cln", "-f")(args)
	}
	return withoutIn("olnfLksc", "-w")(args)
}

func dockerCheck(args []string) error {
	if len(args) > 0 && args[0] == "compose" {
		return composeCheck(args[1:])
	}
	if len(args) > 1 && args[0] == "buildx" && args[1] == "build" {
		return nil
	}
	if err := subcommands("build", "logs", "ps", "images", "inspect", "history")(args); err != nil {
		return err
	}
	if args[0] != "logs" {
		return nil // -f of build names the Dockerfile
	}
	return withoutIn("n", "-f")(args[1:])
}

func composeCheck(args []string) error {
	if err := subcommands("logs", "ps", "build", "config", "images")(args); err != nil {
		return err
	}
	if args[0] != "logs" {
		return nil
	}
	return withoutIn("n", "-f")(args[1:])
}

func sbtCheck(args []string) error {
	// Without commands sbt opens its shell; "~" re-runs on every change.
	if len(args) == 0 {
		return errors.New("without commands, which opens its shell")
	}
	for _, a := range args {
		if strings.HasPrefix(a, "~") {
			return errors.New("with ~, which runs until stopped")
		}
		if err := scriptCheck(a); err != nil && !strings.HasPrefix(a, "-") {
			return err
		}
	}
	return nil
}

// tasks refuses the tasks, goals or targets among args that scriptCheck
// refuses, leaving options and variables (NAME=value) alone.
func tasks(args []string) error {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") && !strings.Contains(a, "=") {
			if err := scriptCheck(a); err != nil {
				return err
			}
		}
	}
	return nil
}

func gradleCheck(args []string) error {
	// -t is --continuous, which runs the build again on every change.
	if err := withoutIn("bcDgIpPxFM", "-t")(args); err != nil {
		return err
	}
	return tasks(args)
}

func mavenCheck(args []string) error {
	for _, a := range args {
		if strings.HasPrefix(a, "exec:") {
			return fmt.Errorf("with %s, which runs a program that may serve or ask", a)
		}
	}
	return tasks(args)
}

func zigCheck(args []string) error {
	if err := subcommands("build", "test")(args); err != nil {
		return err
	}
	return tasks(args[1:])
}

func playwrightCheck(args []string) error {
	if err := subcommands("test")(args); err != nil {
		return err
	}
	// --debug opens the inspector and waits at the first line.
	return without("--debug")(args)
}

func ruffCheck(args []string) error {
	// "ruff server" is a language server; -w watches.
	if err := subcommands("check", "format")(args); err != nil {
		return err
	}
	return without("-w")(args)
}

func ninjaCheck(args []string) error {
	// "-t browse" serves the build graph on a web page.
	for i, a := range args {
		if a == "-tbrowse" || a == "-t" && i+1 < len(args) && args[i+1] == "browse" {
			return errors.New("-t browse, which serves until stopped")
		}
	}
	return nil
}
