package agent

import (
	"strings"
	"testing"

	"github.com/headroom-cli/headroom/shape"
)

func TestTool(t *testing.T) {
	tests := []struct {
		command string
		want    string
	}{
		{"rg -n parseConfig", "grep"},
		{"grep -rn x .", "grep"},
		{"rg --json x", "json"},
		{"git grep -n x", "git-grep"},
		{"git diff HEAD~1", "git-diff"},
		{"git -C sub --no-pager diff", "git-diff"},
		{"git diff --stat", ""},
		{"git diff --stat -p", "git-diff"},
		{"git show HEAD", "git-show"},
		{"git show HEAD:go.mod", ""},
		{"git log -p -3", "git-log"},
		{"git log --oneline", ""},
		{"git format-patch --stdout HEAD~2", "diff"},
		{"diff -u a b", "diff"},
		{"jq . x.json", "jq"},
		{"jq -r .name x.json", ""},
		{"curl -s https://api.example.com/items", "curl"},
		{"kubectl get pods -o json", "json"},
		{"kubectl get pods -ojson", "json"},
		{"kubectl get pods --output=json", "json"},
		{"kubectl get pods", ""},
		{"kubectl logs web-1", "log"},
		{"docker inspect api", "json"},
		{"docker build .", "log"},
		{"go test ./...", "go-test"},
		{"go test -json ./...", "json"},
		{"go -C sub test", "go-test"},
		{"go vet ./...", "go-build"},
		{"go list -json ./...", "json"},
		{"go list ./...", ""},
		{"go run .", ""},
		{"env CGO_ENABLED=0 go build", "go-build"},
		{"GOFLAGS=-v go build", "go-build"},
		{"cargo test", "cargo"},
		{"cargo build --message-format=json", "json"},
		{"cargo metadata", "json"},
		{"npm test", "npm"},
		{"npm ls --json", "json"},
		{"npx jest", "log"},
		{"npx cowsay hi", ""},
		{"pytest -x", "pytest"},
		{"python3 -m pytest", "pytest"},
		{"python3 script.py", ""},
		{"make -j8", "log"},
		{"./gradlew build", "log"},
		{"eslint --format json src", "json"},
		{"ls -la", ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := Tool(strings.Fields(tt.command)); got != tt.want {
			t.Errorf("Tool(%q) = %q, want %q", tt.command, got, tt.want)
		}
	}
}

// Every name Tool returns is one headroom clip --tool takes.
func TestToolNamesAreKnown(t *testing.T) {
	seen := map[string]bool{}
	for _, argv := range [][]string{
		{"rg"}, {"git", "grep"}, {"git", "diff"}, {"git", "show"}, {"git", "log", "-p"},
		{"git", "format-patch", "--stdout"}, {"diff"}, {"jq"}, {"curl"}, {"kubectl", "logs"},
		{"docker", "inspect"}, {"go", "test"}, {"go", "build"}, {"cargo"}, {"npm"}, {"pytest"}, {"make"},
		{"x", "--json"},
	} {
		name := Tool(argv)
		if name == "" {
			t.Errorf("Tool(%q) = \"\"", argv)
			continue
		}
		seen[name] = true
	}
	for name := range seen {
		if _, err := shape.ParseTool(name); err != nil {
			t.Errorf("Tool returns %q: %v", name, err)
		}
	}
}
