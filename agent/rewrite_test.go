package agent

import (
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
		{"./node_modules/.bin/jest", "headroom run -- ./node_modules/.bin/jest", ""},
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
		{"'go' test", "", "quotes or expansions"},
		{"FOO=1", "", "only sets variables"},
		{"", "", "empty"},
		{"   ", "", "empty"},
		{"curl https://example.com", "", "not known"},
	}
	for _, tt := range tests {
		got, err := Rewrite(tt.command, Guard{})
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
	if _, err := Rewrite("npm test", g); err == nil || !strings.Contains(err.Error(), "rule") {
		t.Errorf("a guarded command was rewritten (err %v)", err)
	}
	if _, err := Rewrite("npm run build", g); err != nil {
		t.Errorf("an unguarded command was refused: %v", err)
	}
	if _, err := Rewrite("go test", CoverAll()); err == nil {
		t.Errorf("CoverAll let a command be rewritten")
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
		got, err := Rewrite(cmd, Guard{})
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
