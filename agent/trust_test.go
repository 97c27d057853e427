package agent

import (
	"strings"
	"testing"
	"testing/fstest"
)

// GeminiTrust decides as Gemini CLI 0.61 does: the environment first, then
// whether folder trust is on, then the longest rule that holds the folder.
func TestGeminiTrust(t *testing.T) {
	folders := func(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }
	tests := []struct {
		name    string
		fsys    fstest.MapFS
		env     map[string]string
		dir     string
		trusted bool
		why     string
	}{
		{"no file", fstest.MapFS{}, nil, "/w/proj", false, "no folder is trusted"},
		{"trusted folder", fstest.MapFS{"home/u/.gemini/trustedFolders.json": folders(`{"/w/proj": "TRUST_FOLDER"}`)}, nil, "/w/proj/sub", true, "TRUST_FOLDER"},
		{"parent", fstest.MapFS{"home/u/.gemini/trustedFolders.json": folders(`{"/w/other": "TRUST_PARENT"}`)}, nil, "/w/proj", true, "TRUST_PARENT"},
		{"another folder", fstest.MapFS{"home/u/.gemini/trustedFolders.json": folders(`{"/w/proj2": "TRUST_FOLDER"}`)}, nil, "/w/proj", false, "no rule"},
		{"longest rule wins", fstest.MapFS{"home/u/.gemini/trustedFolders.json": folders(`{"/w": "TRUST_FOLDER", "/w/proj": "DO_NOT_TRUST"}`)}, nil, "/w/proj", false, "DO_NOT_TRUST"},
		{"environment", fstest.MapFS{}, map[string]string{"GEMINI_CLI_TRUST_WORKSPACE": "true"}, "/w/proj", true, "GEMINI_CLI_TRUST_WORKSPACE"},
		{"environment refuses", fstest.MapFS{"home/u/.gemini/trustedFolders.json": folders(`{"/w/proj": "TRUST_FOLDER"}`)},
			map[string]string{"GEMINI_CLI_TRUST_WORKSPACE": "false"}, "/w/proj", false, "GEMINI_CLI_TRUST_WORKSPACE=false"},
		{"trust off", fstest.MapFS{"home/u/.gemini/settings.json": folders(`{"security": {"folderTrust": {"enabled": false}}}`)}, nil, "/w/proj", true, "off"},
		{"file named", fstest.MapFS{"etc/tf.json": folders(`{"/w/proj": "TRUST_FOLDER"}`)}, map[string]string{"GEMINI_CLI_TRUSTED_FOLDERS_PATH": "/etc/tf.json"}, "/w/proj", true, "/etc/tf.json"},
		{"unreadable", fstest.MapFS{"home/u/.gemini/trustedFolders.json": folders(`{not json`)}, nil, "/w/proj", false, "cannot tell"},
	}
	for _, tt := range tests {
		p := Places{Home: "/home/u", Env: func(k string) string { return tt.env[k] }}
		trusted, why := GeminiTrust(files(tt.fsys), p, tt.dir, nil)
		if trusted != tt.trusted || !strings.Contains(why, tt.why) {
			t.Errorf("%s: trusted %v (%s), want %v (%s)", tt.name, trusted, why, tt.trusted, tt.why)
		}
	}
}

// CodexTrust decides as Codex 0.169 does: the first of the project's
// directory, its root and its repository's root that config.toml names.
func TestCodexTrust(t *testing.T) {
	config := func(s string) fstest.MapFS {
		return fstest.MapFS{"home/u/.codex/config.toml": &fstest.MapFile{Data: []byte(s)}}
	}
	tests := []struct {
		name    string
		fsys    fstest.MapFS
		dir     string
		roots   []string
		trusted bool
		why     string
	}{
		{"no file", fstest.MapFS{}, "/w/proj", nil, false, "no project is trusted"},
		{"trusted", config("model = \"gpt-5.5\"\n\n[projects.\"/w/proj\"]\ntrust_level = \"trusted\"\n"), "/w/proj", nil, true, "trusts /w/proj"},
		{"literal key, comment", config("[projects.'/w/proj'] # mine\ntrust_level = 'trusted' # yes\n"), "/w/proj", nil, true, "trusts"},
		{"spaced", config("[ projects . \"/w/proj\" ]\r\ntrust_level = \"trusted\"\r\n"), "/w/proj", nil, true, "trusts"},
		{"untrusted", config("[projects.\"/w/proj\"]\ntrust_level = \"untrusted\"\n"), "/w/proj", nil, false, "marks /w/proj untrusted"},
		{"another project", config("[projects.\"/w/proj2\"]\ntrust_level = \"trusted\"\n"), "/w/proj", nil, false, "does not list /w/proj as trusted"},
		{"a parent is not enough", config("[projects.\"/w\"]\ntrust_level = \"trusted\"\n"), "/w/proj", nil, false, "does not list"},
		{"repository root", config("[projects.\"/w/repo\"]\ntrust_level = \"trusted\"\n"), "/w/repo/sub", []string{"/w/repo"}, true, "trusts /w/repo"},
		{"main work tree", config("[projects.\"/w/main\"]\ntrust_level = \"trusted\"\n"), "/w/linked", []string{"/w/linked", "/w/main"}, true, "trusts /w/main"},
		{"nearest first", config("[projects.\"/w/repo/sub\"]\ntrust_level = \"untrusted\"\n[projects.\"/w/repo\"]\ntrust_level = \"trusted\"\n"),
			"/w/repo/sub", []string{"/w/repo"}, false, "untrusted"},
		{"a table without trust_level", config("[projects.\"/w/proj\"]\nmodel = \"o3\"\n[projects.\"/w\"]\ntrust_level = \"trusted\"\n"),
			"/w/proj", []string{"/w"}, true, "trusts /w"},
		{"other tables", config("[projects_extra]\ntrust_level = \"trusted\"\n[tui]\nprojects = 1\n[projects.\"/w/proj\".sub]\n"), "/w/proj", nil, false, "does not list"},
		{"a string over lines", config("instructions = \"\"\"\n[projects.\"/w/proj\"]\ntrust_level = \"trusted\"\n\"\"\"\n"), "/w/proj", nil, false, "does not list"},
		{"an array over lines", config("notify = [\n  \"a\",\n  \"b\",\n]\n[projects.\"/w/proj\"]\ntrust_level = \"trusted\"\n"), "/w/proj", nil, true, "trusts"},
		{"a projects table", config("[projects]\n\"/w/proj\" = { trust_level = \"trusted\" }\n"), "/w/proj", nil, false, "cannot tell"},
		{"dotted keys", config("projects.\"/w/proj\".trust_level = \"trusted\"\n"), "/w/proj", nil, false, "cannot tell"},
		{"not a string", config("[projects.\"/w/proj\"]\ntrust_level = 1\n"), "/w/proj", nil, false, "cannot tell"},
	}
	for _, tt := range tests {
		trusted, why := CodexTrust(files(tt.fsys), Places{Home: "/home/u", CodexHome: "/home/u/.codex"}, tt.dir, tt.roots...)
		if trusted != tt.trusted || !strings.Contains(why, tt.why) {
			t.Errorf("%s: trusted %v (%s), want %v (%s)", tt.name, trusted, why, tt.trusted, tt.why)
		}
	}
	if ok, why := CodexTrust(files(fstest.MapFS{}), Places{}, "/w/proj"); ok || !strings.Contains(why, "cannot tell") {
		t.Errorf("without CODEX_HOME: %v (%s)", ok, why)
	}
}
