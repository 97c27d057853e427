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
