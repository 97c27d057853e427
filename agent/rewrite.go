package agent

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
)

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
// command that guard covers: an agent checks its permission rules against
// the command it is about to run, and a rule written for "curl" does not
// match "headroom run -- curl", so rewriting a command a rule denies or asks
// about would widen what the agent may run.
func Rewrite(command string, guard Guard) (string, error) {
	if strings.TrimSpace(command) == "" {
		return "", errors.New("is empty")
	}
	words, err := splitSimple(command)
	if err != nil {
		return "", err
	}
	start := commandStart(words)
	if start < 0 {
		return "", errors.New("only sets variables")
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
	if err := check(values(words[start+1:])); err != nil {
		return "", fmt.Errorf("runs %s %w", prog, err)
	}
	if guard.Covers(command) {
		return "", errors.New("is named by a rule of the agent that denies or asks")
	}
	at := name.start
	return command[:at] + runPrefix + command[at:], nil
}

// check tells whether a program's arguments make a command that prints and
// exits; its error completes "runs PROGRAM ...".
type check func(args []string) error

// rewritable maps the programs worth routing through headroom, all of which
// print their results and exit, to the check of their arguments.
var rewritable = sync.OnceValue(programs)

// Checks shared by programs and by npx.
var (
	jestCheck  = without("--watch", "--watchAll")
	watchCheck = without("-w", "--watch")
)

func programs() map[string]check {
	m := map[string]check{}
	add := func(c check, names ...string) {
		for _, n := range names {
			m[n] = c
		}
	}
	add(always, "rg", "grep", "egrep", "fgrep", "ag", "ack", "fd", "diff", "jq", "yq",
		"tox", "nox", "mypy", "pyright", "flake8", "pylint", "ruff",
		"ninja", "mvn", "mvnw", "gradle", "gradlew", "ant", "xcodebuild",
		"gcc", "g++", "cc", "c++", "clang", "clang++", "rustc", "javac",
		"staticcheck", "shellcheck", "hadolint", "actionlint", "eslint", "prettier", "oxlint", "stylelint")
	add(findCheck, "find")
	add(gitCheck, "git")
	add(subcommands("test", "build", "vet", "list", "doc"), "go")
	add(cargoCheck, "cargo")
	add(npmCheck, "npm")
	add(packageManagerCheck, "pnpm", "yarn", "bun")
	add(npxCheck, "npx", "bunx", "pnpx")
	add(pytestCheck, "pytest", "py.test")
	add(pythonCheck, "python", "python3")
	add(makeCheck, "make", "gmake")
	add(without("-i", "--interactive"), "cmake")
	add(subcommands("compile", "test"), "meson")
	add(subcommands("build", "test", "query", "cquery", "aquery", "coverage"), "bazel", "bazelisk")
	add(subcommands("build", "test", "restore", "publish", "pack"), "dotnet")
	add(subcommands("build", "test"), "swift", "zig")
	add(subcommands("run"), "golangci-lint")
	add(jestCheck, "jest")
	add(vitestCheck, "vitest")
	add(watchCheck, "mocha", "tsc")
	add(subcommands("test"), "playwright")
	add(subcommands("check", "lint", "ci", "format"), "biome")
	add(kubectlCheck, "kubectl", "oc")
	add(dockerCheck, "docker", "podman")
	add(composeCheck, "docker-compose")
	add(without("-f", "--follow"), "journalctl")
	add(sbtCheck, "sbt")
	return m
}

func always([]string) error { return nil }

// without refuses any of flags, which make a program wait for a person or
// run until stopped.
func without(flags ...string) check {
	return func(args []string) error {
		for _, a := range args {
			name, _, _ := strings.Cut(a, "=")
			if slices.Contains(flags, name) {
				return fmt.Errorf("with %s", name)
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
	return subcommands("diff", "show", "log", "grep", "blame", "shortlog", "reflog",
		"ls-files", "ls-tree", "range-diff", "whatchanged")(args)
}

func cargoCheck(args []string) error {
	if len(args) > 0 && strings.HasPrefix(args[0], "+") {
		args = args[1:] // a toolchain: cargo +nightly test
	}
	return subcommands("build", "b", "test", "t", "check", "c", "clippy", "doc", "bench",
		"tree", "metadata", "nextest")(args)
}

// longRunning are script and target names that by convention start a
// server or a watcher rather than print and exit.
var longRunning = []string{"dev", "start", "serve", "server", "watch", "preview", "up", "run", "shell", "repl", "console"}

func scriptCheck(name string) error {
	base, _, _ := strings.Cut(name, ":")
	if slices.Contains(longRunning, base) || strings.Contains(name, "watch") {
		return fmt.Errorf("with the script %s, which may run until stopped", name)
	}
	return nil
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
	"jest": jestCheck, "vitest": vitestCheck, "tsc": watchCheck, "typescript": watchCheck,
	"mocha": watchCheck, "eslint": always, "prettier": always, "oxlint": always, "stylelint": always,
	"playwright": subcommands("test"), "biome": subcommands("check", "lint", "ci", "format"),
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
		return without("--watch", "-w")(args)
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

func makeCheck(args []string) error {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") && !strings.Contains(a, "=") {
			if err := scriptCheck(a); err != nil {
				return err
			}
		}
	}
	return nil
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
		return without("-f", "--follow")(args)
	}
	return without("-w", "--watch", "--watch-only")(args)
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
	return without("-f", "--follow")(args[1:])
}

func composeCheck(args []string) error {
	if err := subcommands("logs", "ps", "build", "config", "images")(args); err != nil {
		return err
	}
	return without("-f", "--follow")(args[1:])
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
	}
	return nil
}
