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
	uninstall bool
	user      bool
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
  codex     instructions in AGENTS.md (Codex's hooks cannot rewrite a command
            without approving it)
  opencode  the plugin .opencode/plugins/headroom.js

Running it again changes nothing. A file it changes is first copied to
FILE.headroom-backup; a symbolic link is followed, and the file it points
to changed, not the link; a read-only file is left alone. --uninstall removes exactly what init added: the file
comes back byte for byte if nothing else changed since, and otherwise keeps
the other changes.`,
		Example: `  headroom init claude
  headroom init gemini --user
  headroom init codex --uninstall`,
		Args:      cobra.ExactArgs(1),
		ValidArgs: agentNames(),
		RunE: func(c *cobra.Command, args []string) error {
			return runInit(c, env, o, args)
		},
	}
	c.Flags().BoolVar(&o.uninstall, "uninstall", false, "remove what init added")
	c.Flags().BoolVar(&o.user, "user", false, "change the user's settings instead of the project's")
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
	p := places(env, a, "")
	if o.user && p.Home == "" {
		return usageError("--user: HOME is not set")
	}
	t, err := findTarget(cwd, agent.Target(a, o.user, p, cwd))
	if err != nil {
		return err
	}
	if o.uninstall {
		return uninstall(c.OutOrStdout(), a, cwd, t)
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
		if t.current != nil {
			if err := writeFile(backup, t.current, t.perm); err != nil {
				return err
			}
			note += " (backup: " + shown(cwd, backup) + ")"
		}
		if err := writeFile(t.real, e.Content, t.perm); err != nil {
			return err
		}
	}
	_, err = fmt.Fprintf(c.OutOrStdout(), "%s: %s\n", t.shown, note)
	return err
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
// file headroom created: .claude, .gemini, .opencode/plugins and .opencode.
// os.Remove leaves a directory that is not empty.
func removeAgentDirs(dir string) {
	for {
		switch filepath.Base(dir) {
		case ".claude", ".gemini", ".opencode":
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
