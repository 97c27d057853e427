package agent

import (
	"reflect"
	"testing"
)

// tomlLines gathers arrays and strings over the lines they span, so that
// a line inside one is never read as a key or a table of its own.
func TestTOMLLines(t *testing.T) {
	src := "# settings\nmodel = \"x\"\nnotes = \"\"\"\n[not a table]\nkey = not a key\n\"\"\"\n\n" +
		"[projects.\"/p\"]\ntrust_level = \"trusted\"\nargs = [\n  \"a\", # first\n  \"]\",\n]\n[[rule]]\n"
	got, err := tomlLines(src)
	if err != nil {
		t.Fatal(err)
	}
	want := []tomlLine{
		{key: "model", value: `"x"`},
		{key: "notes", value: "\"\"\"\n[not a table]\nkey = not a key\n\"\"\""},
		{header: `[projects."/p"]`},
		{key: "trust_level", value: `"trusted"`},
		{key: "args", value: "[\n  \"a\", # first\n  \"]\",\n]"},
		{header: "[[rule]]"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("tomlLines =\n%q\nwant\n%q", got, want)
	}
	if _, err := tomlLines("a line with no equals sign\n"); err == nil {
		t.Error("a line that is neither a table nor a key = value went unnoticed")
	}
}

// A policy's multi-line string outside a rule is read past, not taken for
// lines of its own.
func TestParseRulesReadsPastStrings(t *testing.T) {
	rules, err := parseRules("description = '''\n[[rule]]\nnot = a key line\n'''\n[[rule]]\ncommandPrefix = \"rg\"\ndecision = \"deny\"\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(rules) != 1 || rules[0]["commandPrefix"][0] != "rg" {
		t.Errorf("rules = %v, want the one rule after the string", rules)
	}
}
