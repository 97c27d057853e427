package agent

import (
	"errors"
	"strings"
	"testing"
)

func TestRewrite(t *testing.T) {
	tests := []struct {
		command string
		want    string // the rewritten command, or "" when it is left alone
		why     string // part of the refusal
	}{
		// Long-output commands that print and exit.
		{"go test ./...", "headroom run -- go test ./...", ""},
		{"  go test -run 'TestX|TestY' ./cmd", "  headroom run -- go test -run 'TestX|TestY' ./cmd", ""},
		{"rg -n parseConfig", "headroom run -- rg -n parseConfig", ""},
		{`grep -rn "a;b" src`, `headroom run -- grep -rn "a;b" src`, ""},
		{"git diff HEAD~3", "headroom run -- git diff HEAD~3", ""},
		{"git --no-pager log -p -5", "headroom run -- git --no-pager log -p -5", ""},
		{"git -C sub diff", "headroom run -- git -C sub diff", ""},
		{"CGO_ENABLED=0 go build ./...", "CGO_ENABLED=0 headroom run -- go build ./...", ""},
		{"cargo +nightly test", "headroom run -- cargo +nightly test", ""},
		{"npm test", "headroom run -- npm test", ""},
		{"npm run build", "headroom run -- npm run build", ""},
		{"npx jest src", "headroom run -- npx jest src", ""},
		{"npx vitest run", "headroom run -- npx vitest run", ""},
		{"python -m pytest -x tests", "headroom run -- python -m pytest -x tests", ""},
		{"pytest -k slow", "headroom run -- pytest -k slow", ""},
		{"make -j8 check", "headroom run -- make -j8 check", ""},
		{"kubectl -n prod get pods -o json", "headroom run -- kubectl -n prod get pods -o json", ""},
		{"kubectl logs web-1", "headroom run -- kubectl logs web-1", ""},
		{"docker logs api", "headroom run -- docker logs api", ""},
		{"jq . data.json", "headroom run -- jq . data.json", ""},
		{`find . -name '*.go' -exec grep -l x {} \;`, `headroom run -- find . -name '*.go' -exec grep -l x {} \;`, ""},
		{"rg x # look for x", "headroom run -- rg x # look for x", ""},
		{"grep -rn headroom docs", "headroom run -- grep -rn headroom docs", ""},

		// Output that goes to a file or another program.
		{"go test ./... > out.txt", "", "redirects"},
		{"go test ./... 2>&1", "", "redirects"},
		{"rg x < list", "", "redirects"},
		{"go test ./... | tail", "", "pipes"},
		{"go test ./... | tee log", "", "pipes"},
		{"cat <<EOF\nx\nEOF", "", "spans lines"},
		// Lists, subshells and substitutions.
		{"go build && go test", "", "list"},
		{"go test; echo done", "", "list"},
		{"go test &", "", "list"},
		{"(cd sub && go test)", "", "subshell"},
		{"rg $(cat pattern)", "", "substitution"},
		{"rg \"$(cat pattern)\"", "", "substitution"},
		{"rg `cat pattern`", "", "substitution"},
		{"go test \\\n ./...", "", "spans lines"},
		{"rg 'unterminated", "", "unterminated"},
		// Interactive programs and modes.
		{"vim main.go", "", "not known"},
		{"less log.txt", "", "not known"},
		{"top", "", "not known"},
		{"ssh host", "", "not known"},
		{"python", "", "without -m"},
		{"node", "", "not known"},
		{"git commit", "", "subcommand"},
		{"git commit -m msg", "", "subcommand"},
		{"git add -p", "", "subcommand"},
		{"git rebase -i HEAD~3", "", "subcommand"},
		{"npm run dev", "", "may run until stopped"},
		{"npm start", "", "subcommand"},
		{"pnpm run watch:css", "", "may run until stopped"},
		{"make serve", "", "may run until stopped"},
		{"jest --watch", "", "--watch"},
		{"npx vitest", "", "may watch"},
		{"tsc -w", "", "-w"},
		{"pytest --pdb", "", "--pdb"},
		{"kubectl logs -f web-1", "", "-f"},
		{"kubectl get pods --watch", "", "--watch"},
		{"docker logs --follow api", "", "--follow"},
		{"find . -ok rm {} ;", "", "list"},
		{"find . -ok rm {} \\;", "", "-ok"},
		{"sbt", "", "shell"},
		{"sbt ~test", "", "~"},
		{"go run .", "", "subcommand"},
		{"cargo run", "", "subcommand"},
		// Already headroom, wrappers and odd forms.
		{"headroom run -- go test", "", "already calls headroom"},
		{"go test ./... && headroom expand abc", "", "list"},
		{"/usr/local/bin/headroom clip x", "", "already calls headroom"},
		{"sudo go test", "", "not known"},
		{"$GO test", "", "quotes or expansions"},
		{"./node_modules/.bin/jest", "", "cannot be looked at"},
		{"'go' test", "", "quotes or expansions"},
		{"FOO=1", "", "only sets variables"},
		{"", "", "empty"},
		{"   ", "", "empty"},
		{"curl https://example.com", "", "not known"},
	}
	for _, tt := range tests {
		got, err := Rewrite(tt.command, Host{})
		if tt.want != "" {
			if err != nil || got != tt.want {
				t.Errorf("Rewrite(%q) = %q, %v; want %q", tt.command, got, err, tt.want)
			}
			continue
		}
		if err == nil {
			t.Errorf("Rewrite(%q) = %q, want it left alone (%s)", tt.command, got, tt.why)
		} else if !strings.Contains(err.Error(), tt.why) {
			t.Errorf("Rewrite(%q) refused: %v; want a reason about %q", tt.command, err, tt.why)
		}
	}
}

// A command the guard covers is left alone, however rewritable.
func TestRewriteGuarded(t *testing.T) {
	var g Guard
	g.addGlob("npm test:*")
	if _, err := Rewrite("npm test", Host{Guard: g}); err == nil || !strings.Contains(err.Error(), "rule") {
		t.Errorf("a guarded command was rewritten (err %v)", err)
	}
	if _, err := Rewrite("npm run build", Host{Guard: g}); err != nil {
		t.Errorf("an unguarded command was refused: %v", err)
	}
	if _, err := Rewrite("go test", Host{Guard: CoverAll()}); err == nil {
		t.Errorf("CoverAll let a command be rewritten")
	}
}

// A command an allow rule names is left alone unless a rule allows it
// through headroom run too: rewritten, it would no longer match, and the
// agent would ask about it, or refuse it when it runs headless.
func TestRewriteAllowed(t *testing.T) {
	parse := func(parse func([]byte) (Guard, error), src string) Guard {
		t.Helper()
		g, err := parse([]byte(src))
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	tests := []struct {
		name    string
		g       Guard
		command string
		ok      bool
	}{
		{"claude allow", parse(claudeGuard, `{"permissions": {"allow": ["Bash(rg:*)"]}}`), "rg -n x", false},
		{"claude allow, other command", parse(claudeGuard, `{"permissions": {"allow": ["Bash(rg:*)"]}}`), "go test ./...", true},
		{"claude allow, both forms", parse(claudeGuard, `{"permissions": {"allow": ["Bash(rg *)", "Bash(headroom run -- rg *)"]}}`), "rg -n x", true},
		{"claude allow, the whole tool", parse(claudeGuard, `{"permissions": {"allow": ["Bash(rg:*)", "Bash"]}}`), "rg -n x", true},
		{"gemini policy", parse(geminiPolicyGuard, "[[rule]]\ntoolName = \"run_shell_command\"\ncommandPrefix = \"rg\"\ndecision = \"allow\"\npriority = 100\n"), "rg -n x", false},
		{"gemini policy regex", parse(geminiPolicyGuard, "[[rule]]\ncommandRegex = \"^go test\"\ndecision = \"allow\"\n"), "go test ./...", false},
		{"gemini policy, the whole tool", parse(geminiPolicyGuard, "[[rule]]\ntoolName = \"run_shell_command\"\ndecision = \"allow\"\n"), "rg -n x", true},
		{"gemini settings", parse(geminiSettingsGuard, `{"tools": {"allowed": ["run_shell_command(rg)"]}}`), "rg -n x", false},
		{"codex allow rule", parse(codexGuard, `prefix_rule(pattern = ["go", "test"], decision = "allow")`), "go test ./...", false},
		{"codex allow by default", parse(codexGuard, `prefix_rule(pattern = ["make"])`), "make check", false},
	}
	for _, tt := range tests {
		got, err := Rewrite(tt.command, Host{Guard: tt.g})
		switch {
		case tt.ok && err != nil:
			t.Errorf("%s: %q refused: %v", tt.name, tt.command, err)
		case !tt.ok && err == nil:
			t.Errorf("%s: %q rewritten to %q", tt.name, tt.command, got)
		case !tt.ok && !strings.Contains(err.Error(), "allowed by a rule"):
			t.Errorf("%s: %q refused for another reason: %v", tt.name, tt.command, err)
		}
	}
}

func TestSplitSimple(t *testing.T) {
	words, err := splitSimple(`A=1 B='two words' rg -n "x y" 'it''s' a\ b ~/x *.go`)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range words {
		got = append(got, w.raw+"|"+w.value)
	}
	want := []string{"A=1|A=1", "B='two words'|B=two words", "rg|rg", "-n|-n", `"x y"|x y`, `'it''s'|its`, `a\ b|a b`, "~/x|~/x", "*.go|*.go"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("words:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !words[0].assign || !words[1].assign || words[2].assign {
		t.Errorf("assignments not told apart: %+v", words[:3])
	}
	if !words[2].plain || words[4].plain || words[8].plain {
		t.Errorf("plain words not told apart")
	}
	if i := commandStart(words); i != 2 {
		t.Errorf("commandStart = %d, want 2", i)
	}
}

// FuzzRewrite checks that a rewrite only puts "headroom run --" before the
// command's name: the shell sees the same words, with those three first.
func FuzzRewrite(f *testing.F) {
	for _, s := range []string{"go test ./...", "A=1 rg x", "rg 'a|b' | wc", "git log -p", "npm run dev",
		`grep "a\"b" x`, "ag #`0", `rg x\ y`, "  make  -j2 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		got, err := Rewrite(cmd, Host{})
		if err != nil {
			return
		}
		i := strings.Index(got, runPrefix)
		if i < 0 || got[:i]+got[i+len(runPrefix):] != cmd {
			t.Fatalf("Rewrite(%q) = %q, not the command with the prefix put in", cmd, got)
		}
		before, err1 := splitSimple(cmd)
		after, err2 := splitSimple(got)
		if err1 != nil || err2 != nil {
			t.Fatalf("Rewrite(%q) = %q: %v, %v", cmd, got, err1, err2)
		}
		start := commandStart(before)
		want := append(append(values(before[:start]), "headroom", "run", "--"), values(before[start:])...)
		if strings.Join(values(after), "\x00") != strings.Join(want, "\x00") {
			t.Fatalf("Rewrite(%q) = %q: words %q, want %q", cmd, got, values(after), want)
		}
	})
}

// Watch, follow, REPL, server and debugger forms print nothing until they
// are stopped, so they are never rewritten, however their flags are
// spelled; the forms next to them that print and exit still are.
func TestRewriteLongRunning(t *testing.T) {
	refused := []string{
		// Short flags in a cluster.
		"journalctl -fu nginx", "journalctl -ef", "kubectl logs -fl app=x", "docker logs -ft c",
		"docker compose logs -tf", "docker-compose logs -tf", "kubectl get pods -wA",
		// Watch and debugger flags, wherever they stand.
		"bun test --watch", "yarn test --watch", "pnpm test --watch", "npm test -- --watch",
		"npm run test -- --watch", "npx jest --watchAll", "jest --watch=true", "tsc --watch",
		"jest --inspect-brk", "vitest run --inspect-brk", "vitest run --ui", "npx vitest run --inspect",
		"meson test --gdb", "bazel test --run_under=gdb //x", "bazel test --run_under gdb //x",
		"pyright --watch", "pyright -w", "ruff check --watch", "ruff check -w", "mocha -bw",
		"playwright test --ui", "playwright test --debug", "npx playwright test --debug",
		"pytest --pdb", "tox -- --pdb", "cmake --interactive", "go test --serve",
		"rg --watch x", "kubectl logs --follow=true web", "git grep -O foo", "git grep --open-files-in-pager=vim foo",
		// Continuous builds and tasks, goals and steps that run a program or a server.
		"gradle -t test", "gradle --continuous test", "./gradlew bootRun", "gradle run", "gradle appRun",
		"./gradlew :app:run", "gradlew quarkusDev", "mvn spring-boot:run", "mvn jetty:run", "mvn exec:java",
		"mvn -q quarkus:dev", "zig build run", "sbt console", "sbt shell", "sbt run", "sbt consoleQuick",
		"sbt 'runMain x.Main'", "bazel run //x", "ruff server", "ninja -t browse", "ninja -tbrowse",
		// Scripts and targets named for a server, a watcher or a UI.
		"make dev-server", "make start-dev", "make devServer", "make serve_docs", "npm run storybook",
		"npm run cypress:open", "pnpm run test:ui", "yarn run test.debug", "make watch", "make up",
	}
	for _, c := range refused {
		if got, err := Rewrite(c, Host{}); err == nil {
			t.Errorf("Rewrite(%q) = %q, want it left alone", c, got)
		}
	}
	rewritten := []string{
		"kubectl get pods -owide", "kubectl logs -lapp=web --tail=50", "kubectl logs -c fluentd web",
		"journalctl -u nginx -n 50", "journalctl -uf", "journalctl -b -1", "docker logs -n5 c",
		"gradle test -Dtest.single=X", "gradle build -x test", "./gradlew check",
		"jest --watchAll=false", "npm test -- --watchAll=false", "git log --follow -- main.go",
		"rg --follow x", "mvn test", "mvn -q verify", "mvn dependency:tree", "zig build test", "zig build",
		"sbt test", "sbt 'testOnly x.Y'", "make check", "make -j4 test", "ruff check .", "ruff format --check",
		"ninja -t targets", "npm run test:unit", "pnpm test", "bazel test //x", "tsc --noEmit",
		"playwright test", "pytest -x", "meson test",
	}
	runnable := Host{Runs: func(string) error { return nil }}
	for _, c := range rewritten {
		if got, err := Rewrite(c, runnable); err != nil {
			t.Errorf("Rewrite(%q) refused: %v; want it rewritten", c, err)
		} else if got != runPrefix+c {
			t.Errorf("Rewrite(%q) = %q", c, got)
		}
	}
}

// An assignment before the program reaches headroom as well as the
// program: one that changes where the shell finds headroom, how headroom
// is loaded or configured, or whose value the shell expands, leaves the
// command alone. Others mean the same through headroom run, which passes
// its environment on unchanged.
func TestRewriteAssignments(t *testing.T) {
	refused := []string{
		"PATH=/tmp/fakebin go test ./...", "path=/tmp/fakebin go test", "HEADROOM_BUDGET=50 go test",
		"A=1 HEADROOM_STORE=/x go test", "HEADROOM_DISABLE=1 rg x", "LD_PRELOAD=x.so go test",
		"LD_LIBRARY_PATH=/x cargo test", "DYLD_INSERT_LIBRARIES=x go test", "TMPDIR=/x go test",
		"GOGC=off go test", "GODEBUG=madvdontneed=1 go test", "GOMEMLIMIT=1GiB go test",
		`A="x y" go test`, "A='1' go test", "A=$HOME go test", "A=* go test", "PWDEBUG=1 npx playwright test",
	}
	for _, c := range refused {
		if got, err := Rewrite(c, Host{}); err == nil {
			t.Errorf("Rewrite(%q) = %q, want it left alone", c, got)
		} else if !strings.Contains(err.Error(), "sets") {
			t.Errorf("Rewrite(%q) refused: %v; want a reason about the assignment", c, err)
		}
	}
	for _, c := range []string{"CGO_ENABLED=0 go test ./...", "RUST_BACKTRACE=1 cargo test", "NODE_ENV=test npm test",
		"A=1 B=2 rg x", "GOFLAGS=-count=1 go test ./...", "A= rg x", "A=~/x rg x"} {
		got, err := Rewrite(c, Host{})
		start := strings.LastIndex(c, "=")
		start += strings.IndexByte(c[start:], ' ') + 1
		if want := c[:start] + runPrefix + c[start:]; err != nil || got != want {
			t.Errorf("Rewrite(%q) = %q, %v; want %q", c, got, err, want)
		}
	}
}

// A program runs as what the shell makes of its name, which headroom run
// must match: no function or alias of that name, a file exec runs as it is
// for a path, and for a bare name no PATH entry relative to the directory.
func TestRewriteFindsProgram(t *testing.T) {
	defined := func(name string) bool { return name == "kubectl" || name == "./bin/make" }
	runs := func(path string) error {
		if path == "./bin2/make" {
			return errors.New("the shell would run as a script but exec cannot")
		}
		return nil
	}
	h := Host{Defines: defined, Runs: runs, Path: "/usr/local/bin:/usr/bin"}
	tests := []struct {
		h       Host
		command string
		why     string // "" when rewritten
	}{
		{h, "kubectl get pods", "function or an alias"},
		{h, "A=1 kubectl get pods", "function or an alias"},
		{h, "./bin/make test", "function or an alias"},
		{h, "./bin2/make test", "as a script"},
		{h, "./node_modules/.bin/jest", ""},
		{h, "/usr/bin/make test", ""},
		{h, "make test", ""},
		{Host{Path: "/usr/bin:bin"}, "make test", `relative directory "bin"`},
		{Host{Path: "/usr/bin:"}, "make test", `relative directory ""`},
		{Host{Path: ".:/usr/bin"}, "make test", `relative directory "."`},
	}
	for _, tt := range tests {
		got, err := Rewrite(tt.command, tt.h)
		switch {
		case tt.why == "" && err != nil:
			t.Errorf("Rewrite(%q) refused: %v", tt.command, err)
		case tt.why == "" && !strings.HasPrefix(got, runPrefix):
			t.Errorf("Rewrite(%q) = %q", tt.command, got)
		case tt.why != "" && (err == nil || !strings.Contains(err.Error(), tt.why)):
			t.Errorf("Rewrite(%q) = %q, %v; want it left alone for %q", tt.command, got, err, tt.why)
		}
	}
}
