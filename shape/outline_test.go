package shape

import "testing"

// Lines from real help texts and sources, and lines that only look like
// them.
func TestOutlineLineForms(t *testing.T) {
	for _, tt := range []struct {
		line string
		f    func([]byte) bool
		want bool
	}{
		{"-Wall                       Enable most warning messages.", optionDescribed, true},
		{"--version\tdisplay version information and exit", optionDescribed, true},
		{"-faggressive-loop-optimizations \t[enabled]", optionDescribed, false},
		{"-O<number>                  \t\t", optionDescribed, false},
		{"-falign-functions=          \t\t", optionDescribed, false},
		{"-o <file>", optionDescribed, false},
		{"   add                     Add file contents to the index", commandEntry, true},
		{"  create          Create a resource from a file or from stdin", commandEntry, true},
		{"  port-forward    Forward one or more local ports to a pod", commandEntry, true},
		{"root         1  0.0  0.0 167788 11624 ?  Ss   Nov25   0:04 /sbin/init", commandEntry, false},
		{"  add file contents to the index", commandEntry, false},
		{"  -a, --all       Show all", commandEntry, false},
		{"app.init = function init() {", assignedFunction, true},
		{"exports.render = async (name, options) => {", assignedFunction, true},
		{"res.status = function status(code) {", assignedFunction, true},
		{"var app = exports = module.exports = {};", assignedFunction, false},
		{"x = (a + b) * c;", assignedFunction, false},
		{"# Runs the diff command with its arguments", hashComment, true},
		{"#pod =head1 PORTABILITY", hashComment, true},
		{"##", hashComment, true},
		{"#include <stdio.h>", hashComment, false},
		{"#!/bin/sh", hashComment, false},
		{"sub new {", declaration, true},
		{"__git_find_repo_path ()", declaration, true},
		{"func_find_prefixes () {", declaration, true},
		{"_private() {", declaration, true},
		{"__init__", declaration, false},
		{"subscribe(x)", declaration, false},
		{"message PublishRequest {", declaration, true},
		{"  rpc Publish(PublishRequest) returns (PublishResponse) {", declaration, true},
		{"proc ::tk::ConsoleInit {} {", declaration, true},
		{"#!/bin/sh", shebang, true},
		{"#! /bin/sh", shebang, true},
		{"#! perl", shebang, true},
		{"#!", shebang, false},
		{"#!!", shebang, false},
		{"# !/bin/sh", shebang, false},
	} {
		if got := tt.f([]byte(tt.line)); got != tt.want {
			t.Errorf("%q: %v, want %v", tt.line, got, tt.want)
		}
	}
}
