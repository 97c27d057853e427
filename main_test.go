package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/headroom-cli/headroom/elision"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){"headroom": func() {
		// Tests run many commands at once on shared machines, where a
		// writer that holds the ledger's lock can be kept from the CPU for
		// longer than the second a user's command would wait for it.
		elision.LedgerWait = time.Minute
		main()
	}})
}

// TestScript runs the end-to-end cases in testdata/script, one behaviour
// per file. Each runs in a fresh directory holding a copy of
// testdata/sample, with no store and no HEADROOM_ variables set.
func TestScript(t *testing.T) {
	samples, err := filepath.Glob("testdata/sample/*")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		Setup: func(env *testscript.Env) error {
			dir := filepath.Join(env.WorkDir, "sample")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return err
			}
			for _, s := range samples {
				b, err := os.ReadFile(s)
				if err != nil {
					return err
				}
				if err := os.WriteFile(filepath.Join(dir, filepath.Base(s)), b, 0o644); err != nil {
					return err
				}
			}
			env.Setenv("TMPDIR", filepath.Join(env.WorkDir, "tmp"))
			return os.MkdirAll(filepath.Join(env.WorkDir, "tmp"), 0o755)
		},
	})
}
