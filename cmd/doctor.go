package cmd

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/headroom-cli/headroom/agent"
	"github.com/headroom-cli/headroom/elision"
)

func newDoctor(env *environment) *cobra.Command {
	return &cobra.Command{
		Use:   "doctor",
		Short: "Show the store, settings and agent adapters headroom would use",
		Long: `doctor prints what headroom would do here, and why: the store clip writes
to and how it was chosen, whether it can be written, how many originals it
holds; the budget and encoding in force and where each comes from (a flag,
a variable or the default); whether HEADROOM_DISABLE turns clipping off;
whether "headroom" on PATH is this binary; and which agents have headroom's
adapter installed, for the project in the current directory and for the user.

doctor reports problems but does not fail on them: it exits 0 unless its own
arguments are wrong. It changes nothing. To find out whether the store can be
written, it creates and removes a temporary file in it, or, if the store does
not exist yet, in the nearest directory above it, where clip would create it.`,
		Example: `  headroom doctor
  HEADROOM_BUDGET=4000 headroom doctor
  headroom doctor --store /tmp/headroom-store`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return runDoctor(c, env)
		},
	}
}

// doctorLabel is the width of the label column: the longest label,
// "opencode", and two spaces.
const doctorLabel = 10

// report writes doctor's lines, a label and then what was found, and keeps
// the first write error.
type report struct {
	w   io.Writer
	err error
}

// row writes one line; an empty label continues the item above.
func (r *report) row(label, format string, args ...any) {
	if r.err != nil {
		return
	}
	_, r.err = fmt.Fprintf(r.w, "%-*s%s\n", doctorLabel, label, fmt.Sprintf(format, args...))
}

func runDoctor(c *cobra.Command, env *environment) error {
	// A directory that is gone has no store and no project, and doctor
	// says so: clip and run go on there, with the fallbacks.
	cwd, _ := os.Getwd()
	r := &report{w: c.OutOrStdout()}
	s := resolveSettings(c, env)
	storeRows(r, s.store, cwd)
	r.row("budget", "%s", s.budget)
	r.row("encoding", "%s", s.encoding)
	r.row("disabled", "%s", disabled(env.getenv))
	r.row("on PATH", "%s", onPath())
	for _, a := range agent.Agents {
		adapterRows(r, env, a, cwd)
	}
	return r.err
}

// doctorSettings are the shared settings as doctor shows them: each with
// where it came from, or what is wrong with it.
type doctorSettings struct {
	budget, encoding string
	store            storeSetting
}

type storeSetting struct {
	dir, why string
}

// settingsFail says what a bad setting does to the commands that read it.
const (
	flagFail     = "every command but doctor stops with a usage error"
	variableFail = "clip and run warn and use the default, and hooks rewrite nothing"
)

// resolveSettings resolves the shared flags against the environment as
// environment.settings does, but shows every problem instead of stopping at
// the first, and says where each setting came from.
func resolveSettings(c *cobra.Command, env *environment) doctorSettings {
	var s doctorSettings
	budget, encoding := env.resolve(c)
	s.budget = fmt.Sprintf("%s tokens (%s)", elision.Thousands(int64(env.budget)), budget.from)
	if budget.problem != "" {
		s.budget = "problem: " + budget.problem + "; " + settingFail(budget)
	}
	s.encoding = fmt.Sprintf("%s (%s)", env.encoding, encoding.from)
	if encoding.problem != "" {
		s.encoding = "problem: " + encoding.problem + "; " + settingFail(encoding)
	}
	s.store = storeSetting{dir: env.store, why: "named by --store"}
	if env.getenv("HEADROOM_STORE") != "" && !c.Flags().Changed("store") {
		s.store.why = "named by HEADROOM_STORE"
	}
	return s
}

func settingFail(s setting) string {
	if s.variable() {
		return variableFail
	}
	return flagFail
}

// storeRows says which store clip would write to, why, whether it can, and
// what it holds; the same of each fallback that clip would use or that
// holds originals expand would find; and why a store is refused, if one is.
func storeRows(r *report, named storeSetting, cwd string) {
	loc := elision.Resolve(named.dir, cwd)
	why := loc.Why
	if named.dir != "" {
		why = named.why
	}
	if loc.Primary.Dir == "" {
		r.row("store", "none here: %s", why)
	}
	used := false // clip writes to a store above this one
	for i, s := range loc.Stores() {
		primary := i == 0 && loc.Primary.Dir != ""
		dir := absolute(s.Dir, cwd)
		err := s.Check()
		if !primary && used && errors.Is(err, fs.ErrNotExist) {
			continue // clip does not come here, and expand finds nothing
		}
		label := "fallback"
		if primary {
			label = "store"
		}
		r.row(label, "%s", dir)
		if primary {
			r.row("", "chosen: %s", why)
		}
		if errors.Is(err, elision.ErrUnsafe) {
			r.row("", "refused: %v", err)
			if primary {
				r.row("", "clip and run print their input unchanged, with a warning; expand and prune do not look in it")
				r.row("", "remove it, or name another store with HEADROOM_STORE")
				return
			}
			r.row("", "skipped: clip, expand and prune do not use it")
			continue
		}
		ok, how := probeWritable(dir)
		switch {
		case primary:
		case used:
			r.row("", "chosen: expand looks here too; clip uses it when the stores above cannot be written")
		case ok && i == 0:
			r.row("", "chosen: clip and run use this one")
		case ok:
			r.row("", "chosen: clip and run use this one, as no store above can be written")
		default:
			r.row("", "chosen: clip and run would use this one, but it cannot be written either")
		}
		r.row("", "writable: %s", how)
		r.row("", "holds: %s", storeContents(s))
		used = used || ok
	}
	if !used {
		r.row("", "clip and run print their input unchanged, with a warning")
	}
}

func absolute(dir, cwd string) string {
	if filepath.IsAbs(dir) {
		return filepath.Clean(dir)
	}
	return filepath.Join(cwd, dir)
}

// probeWritable finds out whether clip could write a store at dir, leaving
// nothing behind: it creates and removes a temporary file in dir or, when
// dir does not exist yet, in the nearest directory above it, which is where
// clip would create it.
func probeWritable(dir string) (bool, string) {
	at := dir
	for {
		fi, err := os.Stat(at)
		if err == nil && fi.IsDir() {
			break
		}
		if err == nil {
			return false, fmt.Sprintf("no: %s is not a directory", at)
		}
		// A path through a file is as missing as a path through nothing;
		// going up finds the file and says so.
		if !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
			return false, "no: " + bareError(err)
		}
		parent := filepath.Dir(at)
		if parent == at {
			return false, "no: no directory above it exists"
		}
		at = parent
	}
	f, err := os.CreateTemp(at, ".headroom-doctor-*")
	if err != nil {
		if at == dir {
			return false, "no: " + bareError(err)
		}
		return false, fmt.Sprintf("no: it does not exist, and it cannot be created in %s: %s", at, bareError(err))
	}
	f.Close()
	os.Remove(f.Name())
	if at == dir {
		return true, "yes (created and removed a temporary file in it)"
	}
	return true, fmt.Sprintf("yes: it does not exist yet, and clip can create it (created and removed a temporary file in %s)", at)
}

// bareError drops the path from a file system error: the row names it
// already, and temporary files have random names.
func bareError(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// storeContents counts the originals in a store and their bytes, leaving
// out their metadata files, and the records of its ledger.
func storeContents(s elision.Store) string {
	items, err := s.List()
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "nothing: the store does not exist yet"
	case err != nil:
		return "nothing: " + err.Error()
	}
	var size int64
	for _, it := range items {
		size += it.Size
	}
	held := fmt.Sprintf("%s, %s", plural(int64(len(items)), "original"), plural(size, "byte"))
	if recs, err := s.Records(); err == nil && len(recs) > 0 {
		held += "; ledger: " + plural(int64(len(recs)), "record")
	}
	return held
}

// disabled says whether the variables that turn clipping off are set.
func disabled(getenv func(string) string) string {
	switch v := getenv("HEADROOM_DISABLE"); {
	case v == "1":
		return "yes: HEADROOM_DISABLE=1; clip and run pass output through, hooks rewrite nothing"
	case getenv(nestedVar) == "1":
		return nestedVar + "=1: inside headroom run, which clips, clip and run pass output through"
	case v != "":
		return fmt.Sprintf("no: HEADROOM_DISABLE=%q, and only 1 disables", v)
	}
	return "no (HEADROOM_DISABLE is not set)"
}

// onPath says whether "headroom" on PATH, which the agents' adapters run,
// is this binary.
func onPath() string {
	p, err := exec.LookPath("headroom")
	if err != nil {
		return `no: the agents' adapters run "headroom" by name and will not find it; they let every command run as it is`
	}
	if self, err := os.Executable(); err == nil && sameBinary(self, p) {
		return "yes, this binary"
	}
	return "yes, another binary: " + p
}

// sameBinary reports whether two paths hold the same program: the same
// file, or a copy of it.
func sameBinary(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	if err != nil {
		return false
	}
	if os.SameFile(fa, fb) {
		return true
	}
	if fa.Size() != fb.Size() {
		return false
	}
	return sameContent(a, b)
}

func sameContent(a, b string) bool {
	ra, err := os.Open(a)
	if err != nil {
		return false
	}
	defer ra.Close()
	rb, err := os.Open(b)
	if err != nil {
		return false
	}
	defer rb.Close()
	ba, bb := make([]byte, 64<<10), make([]byte, 64<<10)
	for {
		na, erra := io.ReadFull(ra, ba)
		nb, errb := io.ReadFull(rb, bb)
		if na != nb || !bytes.Equal(ba[:na], bb[:nb]) {
			return false
		}
		if erra != nil || errb != nil {
			return (erra == io.EOF || erra == io.ErrUnexpectedEOF) && (errb == io.EOF || errb == io.ErrUnexpectedEOF)
		}
	}
}

// adapterRows says whether agent a has headroom's adapter in the project
// in cwd and in the user's settings, in the files headroom init writes,
// and whether the agent will run it there.
func adapterRows(r *report, env *environment, a agent.Agent, cwd string) {
	p := places(env, a, "")
	if cwd == "" {
		r.row(string(a), "project: cannot tell: the current directory is gone")
	} else {
		project := agent.Target(a, false, p, cwd)
		r.row(string(a), "project: %s (%s)", adapterNote(env, a, false, cwd, adapterFile(a, project)), shown(cwd, project))
	}
	if p.Home == "" {
		r.row("", "user: cannot tell: HOME is not set")
		return
	}
	user := agent.Target(a, true, p, cwd)
	r.row("", "user: %s (%s)", adapterNote(env, a, true, cwd, adapterFile(a, user)), user)
	if a == agent.Codex {
		for _, user := range []bool{false, true} {
			if !user && cwd == "" {
				continue
			}
			instructionsRow(r, p, user, cwd)
		}
	}
}

// adapterNote adds to an installed adapter's status what else it needs to
// work: Codex runs a hook once trusted, and Codex and Gemini CLI read a
// project's settings in a trusted project or folder only.
func adapterNote(env *environment, a agent.Agent, user bool, cwd, status string) string {
	if status != "installed" {
		return status
	}
	switch a {
	case agent.Codex:
		if !user {
			if n := codexTrustNote(env, cwd); n != "" {
				return "installed, but Codex " + n
			}
		}
		return "installed; Codex runs it once you trust it in /hooks"
	case agent.Gemini:
		if user {
			break
		}
		if n := geminiTrustNote(env, cwd); n != "" {
			return "installed, but Gemini CLI " + n
		}
	}
	return status
}

// instructionsRow says whether the AGENTS.md that Codex reads, in the
// project or the user's CODEX_HOME, holds headroom's instructions, if
// that or the file beside it does.
func instructionsRow(r *report, p agent.Places, user bool, cwd string) {
	paths := targets(agent.CodexInstructions, user, p, cwd)
	read, other := paths[0], paths[1] // AGENTS.override.md first, if there is one
	label := "project instructions"
	shownPath := shown(cwd, read)
	if user {
		label, shownPath = "user instructions", read
	}
	readBytes, _ := os.ReadFile(read)
	otherBytes, _ := os.ReadFile(other)
	switch {
	case holdsAdapter(agent.CodexInstructions, readBytes):
		r.row("", "%s: %s (%s)", label, adapterStatus(agent.CodexInstructions, readBytes), shownPath)
	case filepath.Base(read) == codexOverride && holdsAdapter(agent.CodexInstructions, otherBytes):
		r.row("", "%s: installed, but Codex reads %s in place of AGENTS.md: headroom init codex --instructions adds them there (%s)",
			label, codexOverride, shown(cwd, other))
	}
}

// initCommand is the command that installs agent a's adapter.
func initCommand(a agent.Agent) string {
	if a == agent.CodexInstructions {
		return "headroom init codex --instructions"
	}
	return "headroom init " + string(a)
}

func adapterFile(a agent.Agent, path string) string {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return "not installed"
	}
	if err != nil {
		return "cannot tell: " + bareError(err)
	}
	return adapterStatus(a, b)
}

// adapterStatus says whether content, the file headroom init writes agent
// a's adapter to, holds it. It asks init's own code both ways: installing
// again would change nothing, and uninstalling would find something to
// remove. They disagree for an adapter of an older headroom, which
// uninstall recognises and install would replace, and for one damaged by
// hand.
func adapterStatus(a agent.Agent, content []byte) string {
	in, ierr := agent.Install(a, content)
	out, uerr := agent.Uninstall(a, content, nil)
	current := ierr == nil && !in.Changed
	removable := uerr == nil && out.Changed
	switch {
	case current && removable:
		return "installed"
	case removable && in.Fixes != "":
		return fmt.Sprintf("installed, but %s: %s fixes it", in.Fixes, initCommand(a))
	case removable:
		return fmt.Sprintf("installed, from another version of headroom: %s replaces it", initCommand(a))
	case current:
		return "installed, but damaged: the file " + out.Note
	case ierr != nil:
		return "cannot tell: the file " + ierr.Error()
	case uerr != nil:
		return "not installed: the file is not headroom's"
	}
	return "not installed"
}
