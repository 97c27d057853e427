package agent

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
)

// GeminiTrust says whether Gemini CLI trusts the folder dir, and why.
// Gemini CLI reads a project's .gemini/settings.json, and so runs the hook
// headroom puts there, only in a folder it trusts, and says nothing about
// it in a headless run. real resolves symbolic links in a path, as Gemini
// does before it compares paths; nil leaves paths as they are.
//
// As Gemini CLI 0.61 decides: GEMINI_CLI_TRUST_WORKSPACE (or
// GEMINI_RESTRICTED_MODE) first, then whether folder trust is on
// (security.folderTrust.enabled, on by default), then the longest rule of
// ~/.gemini/trustedFolders.json (or GEMINI_CLI_TRUSTED_FOLDERS_PATH) that
// holds dir: TRUST_FOLDER trusts the rule's folder, TRUST_PARENT its
// parent, DO_NOT_TRUST neither; with no rule, the folder is not trusted.
// https://geminicli.com/docs/cli/trusted-folders/
func GeminiTrust(f Files, p Places, dir string, real func(string) string) (bool, string) {
	if real == nil {
		real = func(s string) string { return s }
	}
	switch {
	case p.env("GEMINI_RESTRICTED_MODE") == "true":
		return false, "GEMINI_RESTRICTED_MODE=true"
	case p.env("GEMINI_CLI_TRUST_WORKSPACE") == "false":
		return false, "GEMINI_CLI_TRUST_WORKSPACE=false"
	case p.env("GEMINI_CLI_TRUST_WORKSPACE") == "true":
		return true, "GEMINI_CLI_TRUST_WORKSPACE=true"
	}
	if !geminiFolderTrust(f, p) {
		return true, "folder trust is off in the settings"
	}
	path := p.envPath("GEMINI_CLI_TRUSTED_FOLDERS_PATH")
	if path == "" {
		if p.Home == "" {
			return false, "cannot tell: HOME is not set"
		}
		path = filepath.Join(p.Home, ".gemini", "trustedFolders.json")
	}
	b, err := f.Read(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, "no folder is trusted in " + path
	}
	var rules map[string]any
	if err == nil {
		err = json.Unmarshal(stripJSONC(b), &rules)
	}
	if err != nil {
		return false, fmt.Sprintf("cannot tell: %s: %v", path, err)
	}
	at := real(dir)
	best, level := "", ""
	for rule, v := range rules {
		l, _ := v.(string)
		folder := rule
		switch l {
		case "TRUST_PARENT":
			folder = filepath.Dir(rule)
		case "TRUST_FOLDER", "DO_NOT_TRUST":
		default:
			continue
		}
		if within := real(folder); holds(within, at) && (len(rule) > len(best) || len(rule) == len(best) && rule < best) {
			best, level = rule, l
		}
	}
	switch level {
	case "":
		return false, fmt.Sprintf("no rule of %s trusts it", path)
	case "DO_NOT_TRUST":
		return false, fmt.Sprintf("%s marks %s DO_NOT_TRUST", path, best)
	}
	return true, fmt.Sprintf("%s marks %s %s", path, best, level)
}

// geminiFolderTrust reports whether folder trust is on: the user's and
// the system's settings may turn it off.
func geminiFolderTrust(f Files, p Places) bool {
	on := true
	paths := []string{p.envPath("GEMINI_CLI_SYSTEM_DEFAULTS_PATH"), "/etc/gemini-cli/system-defaults.json"}
	if p.Home != "" {
		paths = append(paths, filepath.Join(p.Home, ".gemini", "settings.json"))
	}
	paths = append(paths, p.envPath("GEMINI_CLI_SYSTEM_SETTINGS_PATH"), "/etc/gemini-cli/settings.json")
	for _, path := range paths {
		if path == "" {
			continue
		}
		b, err := f.Read(path)
		if err != nil {
			continue
		}
		var s struct {
			Security struct {
				FolderTrust struct {
					Enabled *bool `json:"enabled"`
				} `json:"folderTrust"`
			} `json:"security"`
		}
		if json.Unmarshal(stripJSONC(b), &s) == nil && s.Security.FolderTrust.Enabled != nil {
			on = *s.Security.FolderTrust.Enabled
		}
	}
	return on
}

// holds reports whether the folder dir is folder or lies below it.
func holds(folder, dir string) bool {
	rel, err := filepath.Rel(folder, dir)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// CodexTrust says whether Codex trusts the project whose .codex folder is
// in dir, and why. Codex loads a project's hooks, and the rest of its
// .codex folder, only in a project the user trusts, and says nothing about
// it in codex exec. roots are the directories Codex looks up after dir: the
// nearest one above it that holds .git, then the root of its git
// repository (the main work tree's, for a linked one).
//
// As Codex 0.169 decides: the first of dir and roots that a
// [projects."PATH"] table of $CODEX_HOME/config.toml names decides by its
// trust_level; with none, the project is not trusted.
// https://developers.openai.com/codex/config-reference
func CodexTrust(f Files, p Places, dir string, roots ...string) (bool, string) {
	if p.CodexHome == "" {
		return false, "cannot tell: HOME is not set"
	}
	path := filepath.Join(p.CodexHome, "config.toml")
	b, err := f.Read(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, "no project is trusted in " + path
	}
	var projects map[string]string
	if err == nil {
		projects, err = codexProjects(string(b))
	}
	if err != nil {
		return false, fmt.Sprintf("cannot tell: %s: %v", path, err)
	}
	for _, d := range append([]string{dir}, roots...) {
		level, ok := projects[d]
		switch {
		case !ok:
			continue
		case level == "trusted":
			return true, fmt.Sprintf("%s trusts %s", path, d)
		}
		return false, fmt.Sprintf("%s marks %s %s", path, d, level)
	}
	key := dir
	if len(roots) > 0 {
		key = roots[len(roots)-1]
	}
	return false, fmt.Sprintf("%s does not list %s as trusted", path, key)
}

// codexProjects reads the trust_level of each [projects."PATH"] table of a
// Codex config.toml. It understands the tables Codex writes, and fails on
// another way of setting projects, which it cannot read.
func codexProjects(src string) (map[string]string, error) {
	lines, err := tomlLines(src)
	if err != nil {
		return nil, err
	}
	projects := map[string]string{}
	current := "" // the project of the table being read
	top := true   // no table has begun
	for _, l := range lines {
		if l.header != "" {
			current, top = "", false
			header := strings.TrimSpace(strings.Trim(l.header, "[]"))
			rest, ok := strings.CutPrefix(header, "projects")
			rest = strings.TrimSpace(rest)
			switch {
			case !ok || rest != "" && rest[0] != '.' && rest[0] != ']':
				continue // another table, such as projects_extra
			case rest == "" || rest[0] == ']':
				return nil, errors.New("projects is a table of its own")
			}
			// The first string after the dot is the project; a comment
			// or a closing bracket may follow it.
			key, err := tomlStrings(strings.TrimSpace(rest[1:]))
			if err != nil || len(key) != 1 {
				return nil, fmt.Errorf("cannot read the table [%s]", header)
			}
			current = key[0]
			continue
		}
		if strings.HasPrefix(l.value, `"""`) || strings.HasPrefix(l.value, `'''`) {
			continue // a string over several lines, which may hold anything
		}
		switch {
		case top && (l.key == "projects" || strings.HasPrefix(l.key, "projects.")):
			return nil, errors.New("projects is set as a key")
		case current != "" && l.key == "trust_level":
			level, err := tomlStrings(l.value)
			if err != nil || len(level) != 1 {
				return nil, fmt.Errorf("the trust_level of %s is not a string", current)
			}
			projects[current] = level[0]
		}
	}
	return projects, nil
}
