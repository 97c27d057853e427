package agent

import (
	"slices"
	"strings"
)

// Tool returns the name, as "headroom clip --tool" takes it, of the kind of
// output the command argv prints, or "" when only its output can tell.
// Searches print grep output, diffs and patches print diffs, jq, curl and
// "-o json" print JSON, and test runners and builds print logs.
func Tool(argv []string) string {
	for len(argv) > 0 && (argv[0] == "env" || isAssignment(argv[0])) {
		argv = argv[1:]
	}
	if len(argv) == 0 {
		return ""
	}
	prog, args := program(argv[0]), argv[1:]
	if wantsJSON(prog, args) {
		return "json"
	}
	switch prog {
	case "rg", "grep", "egrep", "fgrep", "ag", "ack":
		return "grep"
	case "git":
		return gitTool(args)
	case "go":
		return goTool(args)
	case "diff":
		return "diff"
	case "jq":
		if hasAny(args, "-r", "--raw-output", "-j", "--join-output") {
			return ""
		}
		return "jq"
	case "curl":
		return "curl"
	case "kubectl", "oc", "docker", "podman":
		if len(args) > 0 && (args[0] == "logs" || args[0] == "build") {
			return "log"
		}
		if len(args) > 0 && args[0] == "inspect" {
			return "json"
		}
		return ""
	case "npx", "bunx", "pnpx":
		for len(args) > 0 && strings.HasPrefix(args[0], "-") {
			args = args[1:]
		}
		if len(args) > 0 && npxTools[args[0]] != nil {
			return Tool(args)
		}
		return ""
	case "python", "python3":
		if len(args) > 1 && args[0] == "-m" && args[1] == "pytest" {
			return "pytest"
		}
		return ""
	case "pytest", "py.test", "tox", "nox":
		return "pytest"
	case "cargo":
		return "cargo"
	case "npm", "pnpm", "yarn", "bun":
		return "npm"
	case "make", "gmake", "cmake", "ninja", "meson", "bazel", "bazelisk", "mvn", "mvnw",
		"gradle", "gradlew", "ant", "sbt", "dotnet", "swift", "xcodebuild", "zig",
		"gcc", "g++", "cc", "c++", "clang", "clang++", "rustc", "javac",
		"jest", "vitest", "mocha", "tsc", "eslint", "ruff", "mypy", "pyright", "flake8",
		"pylint", "golangci-lint", "staticcheck", "shellcheck", "playwright":
		return "log"
	}
	return ""
}

// wantsJSON reports whether args ask prog for JSON output.
func wantsJSON(prog string, args []string) bool {
	for i, a := range args {
		next := ""
		if i+1 < len(args) {
			next = args[i+1]
		}
		switch {
		case a == "--json" || a == "-json" && prog == "go":
			return true
		case prog == "kubectl" || prog == "oc":
			if a == "-ojson" || a == "--output=json" || (a == "-o" || a == "--output") && next == "json" {
				return true
			}
		case a == "--format=json" || a == "--format" && next == "json" ||
			a == "--message-format=json" || a == "--output-format=json" || a == "--outputjson":
			return true
		}
	}
	return prog == "cargo" && len(args) > 0 && args[0] == "metadata"
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
	summary := hasAny(rest, "--stat", "--shortstat", "--numstat", "--name-only", "--name-status", "--summary")
	patch := hasAny(rest, "-p", "-u", "--patch")
	switch sub {
	case "grep":
		return "git-grep"
	case "diff":
		if summary && !patch {
			return ""
		}
		return "git-diff"
	case "show":
		// git show REV:PATH prints a file, not a commit.
		for _, a := range rest {
			if !strings.HasPrefix(a, "-") && strings.Contains(a, ":") {
				return ""
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
	case "build", "vet", "install", "generate":
		return "go-build"
	}
	return ""
}

func hasAny(args []string, flags ...string) bool {
	return slices.ContainsFunc(args, func(a string) bool { return slices.Contains(flags, a) })
}

// isAssignment reports whether an argument is NAME=value, as env takes it.
func isAssignment(a string) bool {
	name, _, ok := strings.Cut(a, "=")
	return ok && isName(name)
}
