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
