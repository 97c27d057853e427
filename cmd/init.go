package cmd

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/headroom-cli/headroom/agent"
)

// backupSuffix names the copy init keeps of a file as it was before.
const backupSuffix = ".headroom-backup"

type initOptions struct {
	uninstall    bool
	user         bool
	instructions bool
}

func newInit(env *environment) *cobra.Command {
	var o initOptions
	c := &cobra.Command{
		Use:   "init AGENT",
		Short: "Install headroom into a coding agent's settings, or remove it",
		Long: `init wires headroom into AGENT (claude, gemini, codex or opencode) for the
project in the current directory, or for the user with --user, and prints
what it changed:

  claude    a PreToolUse hook on Bash in .claude/settings.json
  gemini    a BeforeTool hook on run_shell_command in .gemini/settings.json
  codex     a PreToolUse hook on Bash in .codex/hooks.json (~/.codex/hooks.json
            with --user), which Codex runs once you trust it in /hooks; or,
            with --instructions, instructions in AGENTS.md (in
            AGENTS.override.md if there is one), for a Codex without hooks
  opencode  the plugin .opencode/plugins/headroom.js

Running it again changes nothing. A file it changes is first copied to
FILE.headroom-backup; a symbolic link is followed, and the file it points
to changed, not the link; a read-only file is left alone. --uninstall
removes exactly what init added: the file comes back byte for byte if
nothing else changed since, and otherwise keeps the other changes. For
codex it removes the hook and the instructions.`,
		Example: `  headroom init claude
  headroom init gemini --user
  headroom init codex --instructions
  headroom init codex --uninstall`,
		Args:      cobra.ExactArgs(1),
		ValidArgs: agentNames(),
		RunE: func(c *cobra.Command, args []string) error {
			return runInit(c, env, o, args)
		},
	}
	c.Flags().BoolVar(&o.uninstall, "uninstall", false, "remove what init added")
	c.Flags().BoolVar(&o.user, "user", false, "change the user's settings instead of the project's")
	c.Flags().BoolVar(&o.instructions, "instructions", false, "codex: write instructions to AGENTS.md instead of a hook")
	return c
}

func runInit(c *cobra.Command, env *environment, o initOptions, args []string) error {
	a, err := agent.Parse(args[0])
	if err != nil {
		return &exitError{code: ExitUsage, err: err}
	}
	cwd, err := os.Getwd()
	if err != nil {
		return err
	}
	if o.instructions {
		if a != agent.Codex {
			return usageError("--instructions: only for codex")
		}
		a = agent.CodexInstructions
	}
	p := places(env, a, "")
	if o.user && p.Home == "" {
		if home := env.getenv("HOME"); home != "" {
			return usageError("--user: HOME (%s) is not an absolute path", home)
		}
		return usageError("--user: HOME is not set")
	}
	w := c.OutOrStdout()
	if o.uninstall {
		adapters := []agent.Agent{a}
		if a == agent.Codex {
			// An earlier headroom wrote instructions for Codex.
			adapters = append(adapters, agent.CodexInstructions)
		}
		for i, a := range adapters {
			for j, path := range targets(a, o.user, p, cwd) {
				t, err := findTarget(cwd, path)
				if err != nil {
					return err
				}
				// Of the other files, only those holding headroom's
				// adapter are worth a line.
				if (i > 0 || j > 0) && !holdsAdapter(a, t.current) {
					continue
				}
				if err := uninstall(w, a, cwd, t); err != nil {
					return err
				}
			}
		}
		return nil
	}
	t, err := findTarget(cwd, targets(a, o.user, p, cwd)[0])
	if err != nil {
		return err
	}
	e, err := agent.Install(a, t.current)
	if err != nil {
		return fmt.Errorf("%s %w", t.shown, err)
	}
	note := e.Note
	if e.Changed {
		if err := t.writable(); err != nil {
			return err
		}
		backup := t.path + backupSuffix
		if t.current != nil && !holdsAdapter(a, t.current) {
			// A file that holds headroom's adapter already, of an
			// earlier version, has its backup from before that.
			if err := writeFile(backup, t.current, t.perm); err != nil {
				return err
			}
			note += " (backup: " + shown(cwd, backup) + ")"
		}
		if err := writeFile(t.real, e.Content, t.perm); err != nil {
			return err
		}
	}
	if _, err := fmt.Fprintf(w, "%s: %s\n", t.shown, note); err != nil {
		return err
	}
	for _, n := range initNotes(env, a, o.user, cwd, t) {
		if _, err := fmt.Fprintf(w, "  %s\n", n); err != nil {
			return err
		}
	}
	return nil
}

// targets returns the files that may hold agent a's adapter, the one init
// writes first. Codex reads AGENTS.override.md in place of AGENTS.md in the
// same directory: instructions go there when it exists.
func targets(a agent.Agent, user bool, p agent.Places, cwd string) []string {
	path := agent.Target(a, user, p, cwd)
	if a != agent.CodexInstructions {
		return []string{path}
	}
	override := filepath.Join(filepath.Dir(path), codexOverride)
	if _, err := os.Lstat(override); err == nil {
		return []string{override, path}
	}
	return []string{path, override}
}

// codexOverride is the file Codex reads in place of AGENTS.md.
const codexOverride = "AGENTS.override.md"

// holdsAdapter reports whether content holds agent a's adapter, of this
// headroom or an earlier one.
func holdsAdapter(a agent.Agent, content []byte) bool {
	e, err := agent.Uninstall(a, content, nil)
	return err == nil && e.Changed
}

// initNotes says what else the adapter just installed needs to work.
func initNotes(env *environment, a agent.Agent, user bool, cwd string, t target) []string {
	switch a {
	case agent.Codex:
		n := []string{"Codex runs a new hook only once you trust it: open /hooks in Codex (codex exec skips it until then)"}
		if !user {
			if t := codexTrustNote(env, cwd); t != "" {
				n = append(n, "Codex "+t)
			}
		}
		return n
	case agent.CodexInstructions:
		if filepath.Base(t.path) == codexOverride {
			return []string{"Codex reads " + codexOverride + " in place of AGENTS.md"}
		}
	case agent.Gemini:
		if user {
			return nil
		}
		if n := geminiTrustNote(env, cwd); n != "" {
			return []string{"Gemini CLI " + n}
		}
	}
	return nil
}

// geminiTrustNote says, if Gemini CLI may not trust the folder cwd, that it
// then ignores the folder's settings, and what to do; "" if it trusts it.
func geminiTrustNote(env *environment, cwd string) string {
	ok, why := agent.GeminiTrust(settingsFiles(), hookPlaces(env, agent.Gemini, cwd), cwd, realPath)
	switch {
	case ok:
		return ""
	case strings.HasPrefix(why, "cannot tell"):
		return "reads this folder's settings only if you trust the folder, and headroom " + why +
			": trust it when Gemini CLI asks, or use headroom init gemini --user"
	}
	return "ignores this folder's settings: the folder is not trusted (" + why +
		"); trust it when Gemini CLI asks, or use headroom init gemini --user"
}

// codexTrustNote says, if Codex may not trust the project in cwd, that it
// then ignores the project's hooks, and what to do; "" if it trusts it.
func codexTrustNote(env *environment, cwd string) string {
	dir := realPath(cwd)
	ok, why := agent.CodexTrust(settingsFiles(), places(env, agent.Codex, ""), dir, codexRoots(dir)...)
	switch {
	case ok:
		return ""
	case strings.HasPrefix(why, "cannot tell"):
		return "loads a project's hooks only in a project you trust, and headroom " + why +
			": trust it when Codex asks, or use headroom init codex --user"
	}
	return "ignores this project's hooks: the project is not trusted (" + why +
		"); trust it when Codex asks, or use headroom init codex --user"
}

// codexRoots returns the directories whose trust Codex looks up after
// dir's: the nearest one that holds .git, and, when that is a linked work
// tree, the main one's.
func codexRoots(dir string) []string {
	for d := dir; ; d = filepath.Dir(d) {
		git := filepath.Join(d, ".git")
		if fi, err := os.Lstat(git); err == nil {
			roots := []string{d}
			if main := mainWorktree(git, fi); main != "" && main != d {
				roots = append(roots, main)
			}
			return roots
		}
		if d == filepath.Dir(d) {
			return nil
		}
	}
}

// mainWorktree returns the main work tree of the linked work tree whose
// .git file is git, or "": such a file reads "gitdir: MAIN/.git/worktrees/NAME".
func mainWorktree(git string, fi fs.FileInfo) string {
	if !fi.Mode().IsRegular() {
		return ""
	}
	b, err := os.ReadFile(git)
	if err != nil {
		return ""
	}
	gitdir, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir: ")
	if !ok {
		return ""
	}
	if !filepath.IsAbs(gitdir) {
		gitdir = filepath.Join(filepath.Dir(git), gitdir)
	}
	sep := string(filepath.Separator)
	if main, _, ok := strings.Cut(filepath.Clean(gitdir), sep+".git"+sep+"worktrees"+sep); ok {
		return main
	}
	return ""
}

// realPath resolves the symbolic links in path, or returns it as it is.
func realPath(path string) string {
	if r, err := filepath.EvalSymlinks(path); err == nil {
		return r
	}
	return path
}

// A target is the file init changes, as found before the change.
type target struct {
	path  string // where the agent reads it
	shown string // path as messages show it
	// real is the file path names: path itself, or the file a symbolic
	// link at path points to, which init changes in place of the link.
	real    string
	current []byte // nil if there is no file
	perm    fs.FileMode
}

// findTarget reads the file at path, following a symbolic link there.
func findTarget(cwd, path string) (target, error) {
	t := target{path: path, shown: shown(cwd, path), real: path}
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		// A settings file linked from a dotfiles repository, or AGENTS.md
		// linked to CLAUDE.md: writing in place of the link would cut it.
		t.real, err = filepath.EvalSymlinks(path)
		if errors.Is(err, fs.ErrNotExist) {
			to, _ := os.Readlink(path)
			return t, fmt.Errorf("%s is a symbolic link to %s, which does not exist; create the file or remove the link", t.shown, to)
		}
		if err != nil {
			return t, err
		}
	}
	var err error
	t.current, t.perm, err = readIfExists(t.real)
	return t, err
}

// writable refuses a file its owner made read-only, which init would
// otherwise replace, and one the user may not write.
func (t target) writable() error {
	if t.current == nil {
		return nil
	}
	f, err := os.OpenFile(t.real, os.O_WRONLY, 0)
	if err == nil {
		f.Close()
	}
	if t.perm&0o222 == 0 || errors.Is(err, fs.ErrPermission) {
		return fmt.Errorf("%s is read-only; make it writable to let init change it", t.shown)
	}
	return err
}

func uninstall(w io.Writer, a agent.Agent, cwd string, t target) error {
	backup := t.path + backupSuffix
	saved, _, err := readIfExists(backup)
	if err != nil {
		return err
	}
	e, err := agent.Uninstall(a, t.current, saved)
	if err != nil {
		return fmt.Errorf("%s %w", t.shown, err)
	}
	if e.Changed {
		if err := t.writable(); err != nil {
			return err
		}
	}
	note := e.Note
	switch {
	case !e.Changed:
	case e.Remove && t.real != t.path:
		// The link is the user's, and so is what it points to.
		if err := writeFile(t.real, e.Content, t.perm); err != nil {
			return err
		}
		note += "; kept the file, which a symbolic link points to"
	case e.Remove:
		if err := os.Remove(t.path); err != nil {
			return err
		}
		removeAgentDirs(filepath.Dir(t.path))
		note += "; removed the file, which headroom had created"
	default:
		if err := writeFile(t.real, e.Content, t.perm); err != nil {
			return err
		}
	}
	if saved != nil && e.Changed {
		if e.Remove || bytes.Equal(e.Content, saved) {
			if err := os.Remove(backup); err != nil {
				return err
			}
			note += "; removed " + shown(cwd, backup)
		} else {
			note += "; kept " + shown(cwd, backup) + ", which has other changes"
		}
	}
	_, err = fmt.Fprintf(w, "%s: %s\n", t.shown, note)
	return err
}

// removeAgentDirs removes the agent's own directories that held only the
// file headroom created: .claude, .gemini, .codex, .opencode/plugins and
// .opencode.
// os.Remove leaves a directory that is not empty.
func removeAgentDirs(dir string) {
	for {
		switch filepath.Base(dir) {
		case ".claude", ".gemini", ".codex", ".opencode":
			os.Remove(dir)
			return
		case "plugins":
			if os.Remove(dir) != nil {
				return
			}
			dir = filepath.Dir(dir)
		default:
			return
		}
	}
}

// readIfExists returns a file's content and mode, or nil if it does not
// exist.
func readIfExists(path string) ([]byte, fs.FileMode, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, 0o644, nil
	}
	if err != nil {
		return nil, 0, err
	}
	fi, err := os.Stat(path)
	if err != nil {
		return nil, 0, err
	}
	return b, fi.Mode().Perm(), nil
}

// writeFile replaces a file atomically: readers, the agent among them,
// see the old content or the new, never a part.
func writeFile(path string, data []byte, perm fs.FileMode) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, ".headroom-*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Chmod(perm); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// shown names path as the user would: relative to the current directory
// when it is inside it.
func shown(cwd, path string) string {
	if rel, err := filepath.Rel(cwd, path); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return path
}
