package agent

import (
	"fmt"
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
		// A summary's width or its options after "=": still no patch.
		{"git diff --stat=120 v8.0.2 v9.1.0", ""},
		{"git diff --dirstat v8.0.2 v9.1.0", ""},
		{"git diff --dirstat=files,10 HEAD~5", ""},
		{"git diff --compact-summary HEAD~1", ""},
		{"git show --stat=100 HEAD", ""},
		{"git diff --stat=120 -p HEAD~1", "git-diff"},
		{"git show HEAD", "git-show"},
		{"git show HEAD:go.mod", ""},
		{"git log -p -3", "git-log"},
		{"git log --oneline", ""},
		{"git format-patch --stdout HEAD~2", "diff"},
		{"diff -u a b", "diff"},
		{"diff -y a b", ""},
		{"diff -e a b", ""},
		{"diff --brief -r a b", ""},
		{"gcc --help=common", "outline"},
		{"gcc -Q --help=warnings", ""},
		{"cmake --help-command add_executable", "outline"},
		{"javac -help", "outline"},
		{"git commit -h", "outline"},
		{"rg -h", "outline"},
		{"sha256sum *.go", ""},
		{"which -a python3", "listing"},
		{"dmesg -T", "log"},
		{"journalctl -u ssh --no-pager", "log"},
		{"strace -f ls", "log"},
		{"journalctl -o json-pretty -n 5", "json"},
		{"journalctl --output=json -n 5", "json"},
		{"git clean -ndx", "listing"},
		{"git worktree list", "listing"},
		{"git worktree add ../wt", ""},
		{"git stash list", "listing"},
		{"git stash show -p", "diff"},
		{"git stash show", ""},
		{"git stash", "log"},
		{"git stash pop", "log"},
		{"git show-ref", "listing"},
		{"git for-each-ref refs/tags", "listing"},
		{"git switch -c topic", "log"},
		{"git fsck", "log"},
		{"git clean -n -d", "listing"},
		{"git clean -fd", ""},
		{"grep -h x a.go b.go", "grep"},
		{"rustc --error-format=json main.rs", "json"},
		{"rustc --error-format json main.rs", "json"},
		{"shellcheck -f json1 s.sh", "json"},
		{"shellcheck --format=json s.sh", "json"},
		{"eslint -f json src", "json"},
		{"shellcheck -f gcc s.sh", "log"},
		{"tar -f json -x", ""},
		{"du -h", "du"},
		{"tree -J src", "json"},
		{"npm pkg get", "json"},
		{"dpkg -s git", ""},
		{"dpkg -c x.deb", "listing"},
		{"dpkg -i x.deb", "log"},
		{"go list -json=ImportPath,Dir ./...", "json"},
		{"tar --usage", "outline"},
		{"jq . x.json", "jq"},
		{"jq -r .name x.json", ""},
		{"curl -s https://api.example.com/items", "curl"},
		{"curl -sI https://api.example.com/items", ""},
		{"curl -v https://api.example.com/items", ""},
		{"curl --include -s https://api.example.com/items", ""},
		{"curl -s -H Accept:application/json https://api.example.com/items", "curl"},
		{"cmake -E capabilities", "json"},
		{"cmake --build build", "log"},
		{"kubectl get pods -o json", "json"},
		{"kubectl get pods -ojson", "json"},
		{"kubectl get pods --output=json", "json"},
		{"kubectl get pods", "listing"},
		{"kubectl logs web-1", "log"},
		{"docker inspect api", "json"},
		{"docker build .", "log"},
		{"go test ./...", "go-test"},
		{"go test -json ./...", "json"},
		{"go -C sub test", "go-test"},
		{"go vet ./...", "go-build"},
		{"go list -json ./...", "json"},
		{"go list ./...", "listing"},
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
		// Listings: names of files, packages, processes.
		{"ls -la", "ls"},
		{"ls -laR /usr/local/go/src/net/http", "ls"},
		{"tree -d /usr/lib", "tree"},
		{"find . -name *.go", "find"},
		{"find . -name *.go -exec grep -n x {} +", ""},
		{"fdfind -e go", "fd"},
		{"du -sh ./*", "du"},
		{"ps aux", "ps"},
		{"df -h", "listing"},
		{"lsblk", "listing"},
		{"lsblk -J", "json"},
		{"rg -l context.Context", "listing"},
		{"rg --files", "listing"},
		{"rg -L -n x", "grep"},
		{"rg -c x", "grep"},
		{"grep -rl ioutil .", "listing"},
		{"grep -rL ioutil .", "listing"},
		{"git ls-files", "git-ls-files"},
		{"git ls-tree -r -l HEAD", "listing"},
		{"git status", "git-status"},
		{"git status -s -uall", "git-status"},
		{"git diff --name-only HEAD~3", "listing"},
		{"git diff --name-status --stat", ""},
		{"git grep -l x", "listing"},
		{"jar tf guava.jar", "listing"},
		{"jar -tvf guava.jar", "listing"},
		{"jar cf out.jar classes", ""},
		{"unzip -l v1.8.1.zip", "listing"},
		{"unzip v1.8.1.zip", ""},
		{"tar tzf a.tar.gz", "listing"},
		{"tar -czf notes.tgz notes", ""},
		{"tar --list -f a.tar", "listing"},
		{"dpkg -l", "listing"},
		{"dpkg -L git", "listing"},
		{"dpkg-query -W", "listing"},
		{"dpkg -i x.deb", "log"},
		{"go list -json=ImportPath,Dir ./...", "json"},
		{"tar --usage", "outline"},
		{"apt list --installed", "listing"},
		{"apt install -y tree", "apt"},
		{"apt-cache rdepends zlib1g", "listing"},
		{"apt-cache show git", ""},
		{"pip list", "listing"},
		{"pip3 show -f pip", "listing"},
		{"pip show pip", ""},
		{"pip install -r requirements.txt", "log"},
		{"python3 -m pip list", "listing"},
		{"npm ls", "listing"},
		{"npm ls --all --json", "json"},
		{"npm outdated", "listing"},
		{"npm pack --dry-run", "listing"},
		{"yarn list", "listing"},
		{"npm view typescript", ""},
		{"go list std", "listing"},
		{"go list -m all", "listing"},
		{"go mod graph", "listing"},
		{"cargo tree", "listing"},
		{"docker ps -a", "listing"},
		{"kubectl get pods -o wide", "listing"},
		{"kubectl get pods -o yaml", ""},
		// Outlines: source code and documentation.
		{"cat reduce/grep.go", "outline"},
		{"head -n 200 src/main.rs", "outline"},
		{"cat README.md docs/intro.md", "outline"},
		{"cat a.go build.log", ""},
		{"cat build.log", "log"},
		{"cat fix.patch", "diff"},
		{"cat package.json", "json"},
		{"cat notes.txt", ""},
		{"cat Makefile", "outline"},
		{"git show HEAD:README.md", "outline"},
		{"git blame reduce/fit.go", "outline"},
		{"go doc net/http", "go-doc"},
		{"go help build", "outline"},
		{"man find", "man"},
		{"pydoc3 str", "pydoc"},
		{"python3 -m pydoc json", "pydoc"},
		{"javap java.util.HashMap", "javap"},
		{"rustc --explain E0277", "outline"},
		{"gcloud compute instances create --help", "outline"},
		// Logs: builds, tests, installs, merges.
		{"./configure --prefix=/usr", "log"},
		{"ctest --output-on-failure", "log"},
		{"python3 -m unittest -v", "log"},
		{"node --test", "log"},
		{"node server.js", ""},
		{"go mod tidy", "go-build"},
		{"go get -v ./...", "go-build"},
		{"terraform validate", "log"},
		{"terraform plan", ""},
		{"git merge feature", "log"},
		// Wrappers run the command as it is.
		{"sudo -u build make -j4", "log"},
		{"time go test ./...", "go-test"},
		{"timeout -s KILL 60 go test ./...", "go-test"},
		{"nice -n 10 find . -name *.go", "find"},
		{"stdbuf -oL -eL pytest -x", "pytest"},
		{"env -i PATH=/usr/bin ls -la", "ls"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := Tool(strings.Fields(tt.command)); got != tt.want {
			t.Errorf("Tool(%q) = %q, want %q", tt.command, got, tt.want)
		}
	}
}

// TestToolScript checks what a shell's -c script is taken to print: the
// tool of its commands that print, when they print one kind of output.
func TestToolScript(t *testing.T) {
	for _, tt := range []struct {
		argv []string
		want string
	}{
		{[]string{"sh", "-c", "cd sub && go test ./..."}, "go-test"},
		{[]string{"bash", "-ec", "go vet ./... && go test ./..."}, "go-test"},
		{[]string{"bash", "-o", "pipefail", "-c", "make 2>&1 | tail -50"}, "log"},
		{[]string{"sh", "-c", "./configure --prefix=/usr && make && make check"}, "log"},
		{[]string{"sh", "-c", "tar xzf src.tgz && cd src && ./configure && make"}, "log"},
		{[]string{"sh", "-c", "export GOFLAGS=-mod=mod; mkdir -p out; go build -o out ./..."}, "go-build"},
		{[]string{"sh", "-c", "find . -name '*.go' | sort"}, "find"},
		{[]string{"sh", "-c", "find . -name '*.go' | xargs grep -n TODO"}, "grep"},
		{[]string{"sh", "-c", "git diff HEAD~1 | head -200"}, "git-diff"},
		{[]string{"sh", "-c", "cat main.go | grep -n func"}, "outline"},
		{[]string{"sh", "-c", "find . -name '*.go' | sort | uniq"}, "find"},
		// uniq -c prints a tally of the lines it reads, of no search.
		{[]string{"sh", "-c", "grep -rhow 'raise [A-Z][a-z]*Error' . | sort | uniq -c | sort -rn"}, ""},
		{[]string{"sh", "-c", "rg -o -w 'TODO|FIXME' | sort | uniq --count"}, ""},
		{[]string{"sh", "-c", "grep -rho 'import [a-z]*' . | sort | uniq -dc"}, ""},
		{[]string{"sh", "-c", "go test ./... > test.log; cat test.log"}, "log"},
		{[]string{"sh", "-c", "go test ./... >test.log 2>&1; tail -100 test.log"}, "log"},
		{[]string{"sh", "-c", "tar xvzf src.tgz && cd src && make"}, ""},
		{[]string{"sh", "-c", "tar -xzf v1.8.1.tgz -C vendor && make"}, "log"},
		{[]string{"sh", "-c", "make > build.log 2>&1 && cat build.log"}, "log"},
		{[]string{"sh", "-c", "(cd web && npm test)"}, "npm"},
		// Commands of different kinds, or unknown ones: sniffing decides.
		{[]string{"sh", "-c", "ls -la && go test ./..."}, ""},
		{[]string{"sh", "-c", "python3 gen.py && go test ./..."}, ""},
		{[]string{"sh", "-c", "for f in *.go; do gofmt -l $f; done"}, ""},
		{[]string{"sh", "script.sh"}, ""},
		{[]string{"bash", "-c"}, ""},
	} {
		if got := Tool(tt.argv); got != tt.want {
			t.Errorf("Tool(%q) = %q, want %q", tt.argv, got, tt.want)
		}
	}
}

// TestScriptPipelines checks how a script is cut into pipelines and words.
func TestScriptPipelines(t *testing.T) {
	for _, tt := range []struct {
		script string
		want   string
	}{
		{"cd sub && go test ./...", "[[[cd sub]] [[go test ./...]]]"},
		{`grep -rn "a b" . | head -5`, "[[[grep -rn a b .] [head -5]]]"},
		{"make 2>&1 | tail", "[[[make] [tail]]]"},
		{"make >build.log 2>&1; cat build.log", "[[[]] [[cat build.log]]]"},
		{"make &> build.log || echo failed", "[[[]] [[echo failed]]]"},
		{"a; b & c\nd", "[[[a]] [[b]] [[c]] [[d]]]"},
		{"echo 'x; y' # a comment", "[[[echo x; y]]]"},
		{"(cd web && npm test) |& tee log", "[[[cd web]] [[npm test] [tee log]]]"},
	} {
		if got := fmt.Sprint(scriptPipelines(tt.script)); got != tt.want {
			t.Errorf("scriptPipelines(%q) = %s, want %s", tt.script, got, tt.want)
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
		{"ls"}, {"find"}, {"fd"}, {"tree"}, {"du"}, {"ps"}, {"git", "ls-files"}, {"git", "status"}, {"pip", "list"},
		{"man"}, {"pydoc"}, {"go", "doc"}, {"javap"}, {"cat", "a.go"}, {"cat", "a.log"},
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
