package shape

import (
	"bytes"
	"strings"
	"testing"
)

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
		{"-Wbidi-chars=               \t\tunpaired", optionDescribed, false},
		{"-Wcomments                  \t\t-Wcomment", optionDescribed, false},
		{"-Walloca-larger-than=<number> \t9223372036854775807 bytes", optionDescribed, false},
		{"-v, --verbose   Verbose.", optionDescribed, true},
		{"-a, --all                  do not ignore entries starting with .", optionDescribed, true},
		// jq --help ends its options' descriptions in semicolons; code
		// ends its statements in them.
		{"  -c               compact instead of pretty-printed output;", optionLine, true},
		{"\t--depth;", optionLine, false},
		// SQL's CREATE statements, a Dockerfile's stages.
		{"CREATE OR REPLACE FUNCTION pg_catalog.ts_debug(document text,", declaration, true},
		{"CREATE VIEW pg_roles AS", declaration, true},
		{"ALTER TABLE pg_class ADD PRIMARY KEY USING INDEX pg_class_oid_index;", declaration, true},
		{"alter the budget to taste", declaration, false},
		{"FROM golang:1.22 AS build", declaration, true},
		{"   add                     Add file contents to the index", commandEntry, true},
		{"  create          Create a resource from a file or from stdin", commandEntry, true},
		{"  port-forward    Forward one or more local ports to a pod", commandEntry, true},
		{"root         1  0.0  0.0 167788 11624 ?  Ss   Nov25   0:04 /sbin/init", commandEntry, false},
		{"  add file contents to the index", commandEntry, false},
		{"  update - Retrieve new lists of packages", commandEntry, true},
		{"  list - list packages based on package names", commandEntry, true},
		{"  - a dash", commandEntry, false},
		{"  -a, --all       Show all", commandEntry, false},
		{"app.init = function init() {", assignedFunction, true},
		{"exports.render = async (name, options) => {", assignedFunction, true},
		{"res.status = function status(code) {", assignedFunction, true},
		{"var app = exports = module.exports = {};", assignedFunction, false},
		{"x = (a + b) * c;", assignedFunction, false},
		// styles.css of golang.org/x/tools' present; code's blocks.
		{"@media screen {", cssRule, true},
		{".slides > article.far-past {", cssRule, true},
		{"h1, h2, h3 {", cssRule, true},
		{"a:not(.x) {", cssRule, true},
		{"if (n > max) {", cssRule, false},
		{"} else {", cssRule, false},
		{"func main() {", cssRule, false},
		{"foo: Bar{", cssRule, false},
		// A key of an object's literal (node's util.inspect, JavaScript).
		{"times: {", cssRule, false},
		{"target_defaults: {", cssRule, false},
		{`resource "aws_instance" "web" {`, cssRule, false},
		{"var m = map[string]int{", cssRule, false},
		// SQL's and Lua's comments; two dashes alone separate grep's groups.
		{"-- complain if script is sourced", dashComment, true},
		{"--", dashComment, false},
		{"-- ", dashComment, false},
		{"--all", dashComment, false},
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
		// npm config ls: keys that are keywords.
		{`message = "%s"`, declaration, false},
		{"package = []", declaration, false},
		{`type = "module"`, declaration, false},
		{"package main", declaration, true},
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

// TestSniffPerl checks that Perl's source is an outline: its subs
// declare, its comments and its documentation (=head1 ... =cut) read as
// code's. Perl 5.36's ExtUtils/MM_OS2.pm:
//
//	cat /usr/share/perl/5.36/ExtUtils/MM_OS2.pm    >outline-perl-mm-os2.txt
func TestSniffPerl(t *testing.T) {
	sniffsAs(t, "outline-perl-mm-os2.txt", Outline)
	for _, tc := range []struct {
		line string
		cmd  string
		ok   bool
	}{
		{"=head1 NAME", "head1", true},
		{"=item init_dist", "item", true},
		{"=cut", "cut", true},
		{"==> lib/a.pm <==", "", false},
		{"=cutoff", "", false},
	} {
		if cmd, ok := podCommand([]byte(tc.line)); cmd != tc.cmd || ok != tc.ok {
			t.Errorf("podCommand(%q) = %q, %v; want %q, %v", tc.line, cmd, ok, tc.cmd, tc.ok)
		}
	}
	for _, tc := range []struct {
		line string
		code bool
	}{
		{"# Copyright and license", true},
		{"#pod =head1 PORTABILITY", true},
		{"#", true},
		{"#12 in the queue", false},
		{"sub init_dist {", true},
		{"my $self = shift;", true},
	} {
		if got := codeLine([]byte(tc.line)); got != tc.code {
			t.Errorf("codeLine(%q) = %v, want %v", tc.line, got, tc.code)
		}
	}
}

// TestSniffStyleSheet checks that a style sheet is an outline, its rules
// its declarations: the first 150 lines of golang.org/x/tools'
// cmd/present/static/styles.css.
func TestSniffStyleSheet(t *testing.T) {
	sniffsAs(t, "outline-css-present-styles.txt", Outline)
}

// TestSniffAssembly checks that assembly is an outline by its
// instructions, and that a table whose rows indent their keys is not:
//
//	cat /usr/local/go/src/runtime/memclr_arm64.s         >outline-asm-go-memclr-arm64.txt
//	gcc -S -O2 -I/usr/local/go/src/runtime/cgo -o - /usr/local/go/src/runtime/cgo/gcc_util.c >outline-gcc-S-cgo-util.txt
//	go version -m /tmp/hr-sniff-base                     >text-go-version-m.txt
func TestSniffAssembly(t *testing.T) {
	sniffsAs(t, "outline-asm-go-memclr-arm64.txt", Outline)
	sniffsAs(t, "outline-gcc-S-cgo-util.txt", Outline)
	sniffsAs(t, "text-go-version-m.txt", Text)
	for _, tc := range []struct {
		line string
		asm  bool
	}{
		{"\tMOVQ\tAX, DI", true},
		{"\tMOVQ dig+0(FP), SI", true},
		{"\tJE   avx2_only_one_block", true},
		{"\tleal\t1(%rdi,%rdi,2), %eax", true},
		{"\tjmp\t.L3", true},
		{"\t.globl\tmain", true},
		{"\tret", true},
		{"\tdep\tgithub.com/spf13/cobra\tv1.10.2", false},
		{"\tbuild\tGOOS=linux", false},
		{"\tthis is, however, prose", false},
		{"\tNOTE this is prose", false},
	} {
		if got := asmInstruction([]byte(tc.line)); got != tc.asm {
			t.Errorf("asmInstruction(%q) = %v, want %v", tc.line, got, tc.asm)
		}
	}
}

// TestSniffNumberedSource checks that source printed with its line
// numbers is an outline, read past the numbers:
//
//	cat -n strings/builder.go            >outline-cat-n-go-builder.txt
//	nl -ba runtime/cgo/gcc_util.c        >outline-nl-c-cgo-util.txt
func TestSniffNumberedSource(t *testing.T) {
	sniffsAs(t, "outline-cat-n-go-builder.txt", Outline)
	sniffsAs(t, "outline-nl-c-cgo-util.txt", Outline)
	for _, tc := range []struct{ line, want string }{
		{"     1\t// Copyright 2017 The Go Authors.", "// Copyright 2017 The Go Authors."},
		{"    12\t\tb.buf = append(b.buf, s...)", "\tb.buf = append(b.buf, s...)"},
		{"  1234567\tx", "x"},
		{"12 apples\tx", "12 apples\tx"},
		{"\tMOVQ\tAX, DI", "\tMOVQ\tAX, DI"},
	} {
		if got := string(unnumbered([]byte(tc.line))); got != tc.want {
			t.Errorf("unnumbered(%q) = %q, want %q", tc.line, got, tc.want)
		}
	}
}

// TestSniffSourceHead checks that the head of a source file is an
// outline, though it declares only its package and a var block:
//
//	head -80 net/http/server.go    >outline-head-go-http-server.txt
func TestSniffSourceHead(t *testing.T) {
	sniffsAs(t, "outline-head-go-http-server.txt", Outline)
	if !declaration([]byte("package http")) || declaration([]byte("packaged goods")) {
		t.Error("a package clause declares, a word that starts alike does not")
	}
}

// TestSniffManSection checks that a section of a manual page, cut from
// the rest (man bash | sed -n '/^SHELL BUILTIN/,$p'), is an outline by its
// heading and indented text, and that a table under a heading in capitals
// whose rows pad their first column is not.
func TestSniffManSection(t *testing.T) {
	indented := strings.Repeat("       the command does nothing beyond expanding its arguments\n", 6)
	for _, tc := range []struct {
		sample string
		want   bool
	}{
		{"SHELL BUILTIN COMMANDS\n" + indented + "       : [arguments]\n\t      No  effect;  the command does nothing\n" + indented, true},
		{"SHELL BUILTIN COMMANDS\nUnless noted, each builtin is described.\n" + strings.Repeat("Not indented at all here.\n", 10), false},
		{"    PID TTY          TIME CMD\n" + strings.Repeat("      1 pts/0    00:00:00 bash\n", 12), false},
	} {
		if got, why := sniffOutline([]byte(tc.sample)); got != tc.want {
			t.Errorf("sniffOutline(%.40q) = %v (%s), want %v", tc.sample, got, why, tc.want)
		}
	}
}

// TestSniffDockerfile checks that a Dockerfile, short and with no
// declarations, reads as source; and that SQL's FROM lines do not make one.
func TestSniffDockerfile(t *testing.T) {
	docker := "# syntax=docker/dockerfile:1\nFROM golang:1.22 AS build\nWORKDIR /src\nCOPY . .\nRUN go build -o /app .\n\nFROM gcr.io/distroless/base\nCOPY --from=build /app /app\nENTRYPOINT [\"/app\"]\n"
	if ok, why := sniffOutline([]byte(docker)); !ok || !strings.Contains(why, "Dockerfile") {
		t.Errorf("Dockerfile: sniffOutline = %v (%s), want a Dockerfile", ok, why)
	}
	sql := "SELECT name, count(*)\nFROM users\nWHERE age > 3\nGROUP BY name;\n"
	if _, why := sniffOutline([]byte(sql)); strings.Contains(why, "Dockerfile") {
		t.Errorf("SQL: sniffOutline = %s, want no Dockerfile", why)
	}
}

// TestSniffMarksOfCode checks outputs that read as source code or help
// text by one mark each, and the test of a line that finds the mark:
//
//	sed -n '/^def _make_iterencode/,$p' json/encoder.py | sed -n 60,100p
//	sqlite3 :memory: .help | sed -n 51,66p
//	head -80 cmd/internal/obj/arm64/anames.go
//
// A cut from a function's body declares nothing, but its statements steer
// control; a shell's own commands are listed after a dot or a backslash;
// generated source, a long table of names, is marked as generated.
func TestSniffMarksOfCode(t *testing.T) {
	vimScript := func(t []byte) bool { return vimLine(t) == vimOnly }
	type markCase struct {
		line string
		mark bool // whether the test finds its mark in the line
	}
	for _, tc := range []struct {
		sample, name string
		test         func([]byte) bool
		lines        []markCase
	}{
		{"outline-sed-n-py-encoder-body.txt", "flowStatement", flowStatement, []markCase{
			{"if err != nil {", true},
			{"} else {", true},
			{"else:", true},
			{"elif isinstance(value, dict):", true},
			{"return cls(**kw).decode(s)", true},
			{"raise TypeError(msg) from err", true},
			{"break;", true},
			{"for (i = 0; i < n; i++)", true},
			{"if: ${{ github.event_name == 'push' }}", false},
			{"if the file exists, it is truncated.", false},
			{"return to the menu.", false},
			{"iffy", false},
			{"format: json", false},
		}},
		{"outline-sqlite-help-tail.txt", "metaCommand", metaCommand, []markCase{
			{".backup ?DB? FILE        Backup DB (default \"main\") to FILE", true},
			{"  \\copy ...              perform SQL COPY with data stream to the client host", true},
			{".databases               List names and files of attached databases", true},
			{"...  and 12 more", false},
			{".gitignore", false},
			{"./configure  --prefix=/usr", false},
			{"   .hidden  Hidden", false},
		}},
		{"outline-head-go-anames-arm64.txt", "generatedMark", generatedMark, []markCase{
			{"// Code generated by stringer -i a.out.go -o anames.go -p arm64; DO NOT EDIT.", true},
			{"# Code generated by protoc. DO NOT EDIT.", true},
			{"/* Code generated by cmd/cgo; DO NOT EDIT. */", true},
			{"// Code generated files are kept in gen/.", false},
			{"Code generated by the tool; DO NOT EDIT.", false},
		}},
		// Vim script: a syntax file's commands and its continued lines,
		// and a completion script's functions.
		{"outline-vim-syntax-llvm.txt", "vimLine", vimScript, []markCase{
			{`" Vim syntax file`, true},
			{`"`, true},
			{"syn keyword llvmType void half bfloat float double", true},
			{`\ contains=llvmTodo`, true},
			{"endif", true},
			{"unlet! b:jsrange", true},
			{"let start = col('.') - 1", false}, // shared with other code
			{`"name": "headroom",`, false},
			{`"quoted," he said`, false},
			{"hi there", false}, // a word Vim shares, as hi is, is no mark alone
			{"endless", false},
		}},
		{"outline-vim-jscomplete.txt", "vimLine", vimScript, nil},
		// A manual's roff source (zcat /usr/share/man/man1/tar.1.gz).
		{"outline-roff-tar-1.txt", "roffRequest", func(t []byte) bool { _, ok := roffRequest(t); return ok }, []markCase{
			{`.\" Copyright 2013-2021 Free Software Foundation, Inc.`, true},
			{".SH NAME", true},
			{".sp", true},
			{".BR tar (5)", true},
			{".gitignore", false},
			{"...and more", false},
			{". a dot", false},
			{".Section heading", false},
			// A macro package's requests: a name with a digit, the
			// empty request, a block's end, a body indented after the dot.
			{".de1 an-trap", true},
			{".", true},
			{`.\}`, true},
			{".  nr HY 1", true},
			{`.  \" groff's man macros control hyphenation`, true},
			{".  while", true},
		}},
		// autoconf's input: macros called at the margin and inside the
		// shell's blocks (head of pyenv-doctor's configure.ac).
		{"outline-configure-ac.txt", "autoconfMacro", autoconfMacro, []markCase{
			{"AC_INIT(pyenv-doctor, 0.0.1, a@example.org)", true},
			{"AC_PROG_CC", true},
			{"m4_ifndef([PKG_PREREQ],", true},
			{"AM_CONDITIONAL([X], [test x = y])", true},
			{"AC_", false},
			{"AC_DC adapter: online", false},
			{"PKG_CONFIG_PATH=/usr/lib/pkgconfig", false},
		}},
		// aclocal's macros, mostly m4's comments (head of
		// /usr/share/aclocal/pkg.m4).
		{"outline-m4-pkg.txt", "m4Comment", m4Comment, []markCase{
			{"dnl", true},
			{"dnl PKG_PREREQ(MIN-VERSION)", true},
			{"dnlx", false},
			{"dnl-tools", false},
		}},
		// groff's macro package, which sets registers and strings and
		// defines no page (head of /usr/share/groff/*/tmac/papersize.tmac).
		{"outline-tmac-papersize.txt", "roffRequest", func(t []byte) bool { _, ok := roffRequest(t); return ok }, nil},
		// An mdoc page's source, prose between its requests (zcat
		// /usr/share/man/man1/ssh.1.gz | sed -n 1101,1200p).
		{"outline-mdoc-ssh-1.txt", "roffRequest", func(t []byte) bool { _, ok := roffRequest(t); return ok }, nil},
		// A man page's source of long paragraphs, fewer of its lines
		// requests, under its sections' heads (zcat
		// /usr/share/man/man1/bzip2.1.gz | sed -n 200,464p).
		{"outline-roff-bzip2-1.txt", "roffRequest", func(t []byte) bool { _, ok := roffRequest(t); return ok }, nil},
	} {
		sniffsAs(t, tc.sample, Outline)
		for _, l := range tc.lines {
			if got := tc.test([]byte(l.line)); got != l.mark {
				t.Errorf("%s(%q) = %v, want %v", tc.name, l.line, got, l.mark)
			}
		}
	}
}

// TestSniffMarkup checks that HTML and XML printed from a file read as
// source, by their tags, and that an HTTP response whose body is a short
// page stays what it is under its headers.
func TestSniffMarkup(t *testing.T) {
	page := "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.0 Transitional//EN\">\n<html>\n<head>\n" +
		"<link rel=\"STYLESHEET\" href=\"ref.css\" type='text/css' />\n<title>About this document ...</title>\n</head>\n<body>\n" +
		"<div class=\"navigation\">\n<td class='online-navigation'><a rel=\"prev\" title=\"1.1.4 Examples\"\n" +
		"  href=\"httplib2-example.html\"><img src='previous.png'\n  border='0' height='32'  alt='Previous Page' width='32' /></a></td>\n" +
		"This document was generated using the LaTeX2HTML translator.\n</div>\n</body>\n</html>\n"
	xml := "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!--\n Copyright 2021 Google LLC\n\n Licensed under the Apache License, Version 2.0.\n-->\n" +
		"<project name=\"ant-macros\">\n  <macrodef name=\"dev_appserver\">\n    <attribute name=\"war\" />\n    <sequential>\n" +
		"      <java classname=\"com.google.appengine.tools.development.DevAppServerMain\" fork=\"true\">\n      </java>\n    </sequential>\n  </macrodef>\n</project>\n"
	response := "HTTP/1.0 404 File not found\nServer: SimpleHTTP/0.6 Python/3.11.7\nConnection: close\nContent-Type: text/html;charset=utf-8\nContent-Length: 335\n\n" +
		"<!DOCTYPE HTML>\n<html lang=\"en\">\n    <head>\n        <title>Error response</title>\n    </head>\n    <body>\n" +
		"        <h1>Error response</h1>\n        <p>Error code: 404</p>\n    </body>\n</html>\n"
	sniffsOutline(t, []sniffCase{{page, true}, {xml, true}, {response, false}})
	// A DTD's declarations go on past their lines, an attribute a line
	// (/usr/share/xml/schema/xml-core/catalog.dtd).
	sniffsAs(t, "outline-dtd-catalog.txt", Outline)
	// A tag's attributes one a line are the tag's too; a blank line
	// ends what a tag left open.
	tags := "<!ATTLIST %public;\n\tid\t\tID\t\t\t#IMPLIED\n\tpublicId\t%publicIdentifier;\t#REQUIRED\n>\n" +
		"<project name=\"ant-macros\"\n  default=\"run\">\n</project>\n"
	if tl := tallyOutline([]byte(tags)); tl.markup != tl.lines {
		t.Errorf("tallyOutline: %d of %d lines of tags are markup, want all", tl.markup, tl.lines)
	}
	if tl := tallyOutline([]byte("<!ATTLIST %public;\n\nid ID #IMPLIED\nthen prose\n")); tl.markup != 1 {
		t.Errorf("tallyOutline: %d lines are markup past a blank line, want 1", tl.markup)
	}
}

// TestSniffBuiltinHelp checks that bash's help of a builtin, a synopsis
// and indented prose, and a usage line whose groups of options run on over
// lines (ssh -h) read as help; a message that names its source twice
// does not.
func TestSniffBuiltinHelp(t *testing.T) {
	getopts := "getopts: getopts optstring name [arg ...]\n    Parse option arguments.\n    \n" +
		"    Getopts is used by shell procedures to parse positional parameters\n    as options.\n    \n" +
		"    OPTSTRING contains the option letters to be recognized; if a letter\n    is followed by a colon, the option is expected to have an argument,\n"
	ssh := "unknown option -- h\nusage: ssh [-46AaCfGgKkMNnqsTtVvXxYy] [-B bind_interface]\n" +
		"           [-b bind_address] [-c cipher_spec] [-D [bind_address:]port]\n" +
		"           [-E log_file] [-e escape_char] [-F configfile] [-I pkcs11]\n" +
		"           [-w local_tun[:remote_tun]] destination [command [argument ...]]\n"
	message := "make: make: *** No rule to make target 'x'.  Stop.\nmake: *** [Makefile:3: all] Error 2\nthen nothing more\n"
	sniffsOutline(t, []sniffCase{{getopts, true}, {ssh, true}, {message, false}})
}

// TestSniffDeclarationFamilies checks the forms of code that declare or
// comment in their own ways: SQL's comments (-- ...), CMake's macros, a
// part of a makefile that sets variables under conditionals.
func TestSniffDeclarationFamilies(t *testing.T) {
	sql := "/* contrib/citext/citext--1.4.sql */\n\n-- complain if script is sourced in psql\n\\echo Use \"CREATE EXTENSION citext\" to load this file. \\quit\n\n" +
		"--\n--  PostgreSQL code for CITEXT.\n--\n\nCREATE TYPE citext;\n\n--\n--  Input and output functions.\n--\n" +
		"CREATE FUNCTION citextin(cstring)\nRETURNS citext\nAS 'textin'\nLANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;\n\n" +
		"CREATE FUNCTION citextout(citext)\nRETURNS cstring\nAS 'textout'\nLANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;\n"
	cmake := "# The macro choose_msvc_crt() takes a list of possible\n# C runtimes to choose from.\n\n### Helper macros: ###\n" +
		"macro(make_crt_regex regex crts)\n  set(${regex} \"\")\n  foreach(crt ${${crts}})\n    set(${regex} \"${${regex}}|(^| +)/${crt}($| +)\")\n  endforeach(crt)\nendmacro(make_crt_regex)\n\n" +
		"macro(get_current_crt crt_current regex flagsvar)\n  if(${flagsvar} MATCHES \"${${regex}}\")\n    string(REGEX MATCH \"${${regex}}\" ${crt_current} \"${${flagsvar}}\")\n  endif()\nendmacro(get_current_crt)\n"
	mk := "override CPPFLAGS += $(ICU_CFLAGS)\n\nifdef PGXS\noverride CPPFLAGS := -I$(includedir_server) $(CPPFLAGS)\nelse # not PGXS\n" +
		"override CPPFLAGS := -I$(top_srcdir)/src/include $(CPPFLAGS)\nifdef VPATH\noverride CPPFLAGS := -I$(top_builddir)/src/include $(CPPFLAGS)\nendif\nendif # not PGXS\n\n" +
		"CC = gcc\nGCC = yes\nCXX = g++\n"
	// Lisp's forms: definitions at the margin in parentheses (a dfa.el).
	lisp := "(require 'cl-lib)\n\n(defun format-state (prefix state top bot)\n  (cond ((string= state \"bot\") bot)\n\t\t((string= state \"top\") top)\n\t\t(t (format \"%s%s\" prefix state))))\n\n" +
		"(defun dh/orgtbl-to-dfa-binary-table (table params)\n  (let* ((table (--filter (not (equal 'hline it)) table))\n\t\t (rows (1- (length table)))\n\t\t (prefix (plist-get params :prefix)))\n\t(concat prefix \"\\n\")))\n"
	aside := "(define your terms first, as the guide says.\nThen write the rest of it,\nand (define the scope) before\nyou begin the work.\n"
	// A schema's constraints, added one ALTER statement at a time
	// (postgresql's system_constraints.sql).
	alter := "ALTER TABLE pg_proc ADD PRIMARY KEY USING INDEX pg_proc_oid_index;\n\n" +
		"ALTER TABLE pg_proc ADD UNIQUE USING INDEX pg_proc_proname_args_nsp_index;\n\n" +
		"ALTER TABLE pg_type ADD PRIMARY KEY USING INDEX pg_type_oid_index;\n\n" +
		"ALTER TABLE pg_type ADD UNIQUE USING INDEX pg_type_typname_nsp_index;\n"
	sniffsOutline(t, []sniffCase{{sql, true}, {alter, true}, {cmake, true}, {mk, true}, {lisp, true}, {aside, false}})
}

// TestSniffRestructuredText checks that reStructuredText reads as
// documentation, by its literals and references under headings, or by
// its directives; prose with one quoted word does not.
func TestSniffRestructuredText(t *testing.T) {
	guide := "How it works\n============\n\nThis is a brief guide to navigating the code itself.\n\n" +
		"The main entry point for the detection algorithm is\n``universaldetector.py``, which has one class, ``UniversalDetector``.\n\n" +
		"``UTF-n`` with a BOM\n--------------------\n\nIf the text starts with a BOM, we can reasonably assume that the text is\n" +
		"encoded in ``UTF-8``, ``UTF-16``, or ``UTF-32``.\n\nEscaped encodings\n-----------------\n"
	readme := "####\nboto\n####\nboto 2.49.0\n\nReleased: 11-July-2018\n\n" +
		".. image:: https://travis-ci.org/boto/boto.svg?branch=develop\n        :target: https://travis-ci.org/boto/boto\n\n" +
		".. image:: https://pypip.in/d/boto/badge.svg\n        :target: https://pypi.python.org/pypi/boto/\n\n" +
		"To port a module to Python 3.3+, please view our `Contributing Guidelines`_\nand the `Porting Guide`_.\n"
	prose := "Notes\n=====\n\nThe ``make`` step runs first.\n\nThen the install step copies the files.\n\nLater\n=====\n\nNothing else.\n"
	sniffsOutline(t, []sniffCase{{guide, true}, {readme, true}, {prose, false}})
}

// TestSniffSourceHeadImports checks that the head of a module, its
// package clause, its imports and a long list of the names it exports,
// reads as source; and that prose whose lines start with "use" does not.
func TestSniffSourceHeadImports(t *testing.T) {
	head := "package IO::Handle;\n\nuse 5.008_001;\nuse strict;\nuse Carp;\nuse Symbol;\nuse SelectSaver;\n\nrequire Exporter;\nour @ISA = qw(Exporter);\n\n" +
		"our @EXPORT_OK = qw(\n    autoflush\n    output_field_separator\n    output_record_separator\n    input_record_separator\n" +
		"    input_line_number\n    format_page_number\n    format_lines_per_page\n    format_lines_left\n    format_name\n" +
		"    format_top_name\n    format_formfeed\n    format_write\n    print\n    printf\n    getline\n    getlines\n    flush\n);\n"
	prose := "package delivery notes\n\nuse the front door\nuse the side gate\nuse the lift\nimport the data first\n\nThen read the report.\nIt is short.\nIt says little.\n"
	sniffsOutline(t, []sniffCase{{head, true}, {prose, false}})
}

// TestSniffMacroDump checks that the macros cpp -dM dumps, one a line and
// nothing else, are no source code, and that a header that defines
// macros under a guard is.
func TestSniffMacroDump(t *testing.T) {
	dump := "#define _LP64 1\n#define _STDC_PREDEF_H 1\n#define __ATOMIC_ACQUIRE 2\n#define __ATOMIC_ACQ_REL 4\n#define __ATOMIC_CONSUME 1\n"
	header := "#ifndef _ASM_UNISTD_64_H\n#define _ASM_UNISTD_64_H\n\n#define __NR_read 0\n#define __NR_write 1\n#define __NR_open 2\n\n#endif /* _ASM_UNISTD_64_H */\n"
	sniffsOutline(t, []sniffCase{{dump, false}, {header, true}})
}

// TestSniffInspectedObject checks that an object printed by node's
// util.inspect (node -p), keys unquoted and strings in single quotes, is
// data, no source code, and that a module that declares one is.
func TestSniffInspectedObject(t *testing.T) {
	dump := "[\n  {\n    model: 'AMD EPYC',\n    speed: 0,\n    times: {\n      user: 26637840,\n      nice: 462640,\n      irq: 0\n    }\n  },\n  {\n    model: 'AMD EPYC',\n    speed: 0,\n    times: {\n      user: 26819940,\n      nice: 448810,\n      irq: 0\n    }\n  }\n]\n"
	module := "const os = require('os');\n\nfunction cpus() {\n  return os.cpus();\n}\n\nfunction main() {\n  console.log(cpus());\n}\n"
	sniffsOutline(t, []sniffCase{{dump, false}, {module, true}})
}

// sniffCase is a sample and whether a sniffing test takes it for its shape.
type sniffCase struct {
	sample string
	want   bool
}

// sniffsOutline checks whether sniffOutline takes each sample for source
// or documentation.
func sniffsOutline(t *testing.T, cases []sniffCase) {
	t.Helper()
	checkSniffs(t, "sniffOutline", sniffOutline, cases)
}

// checkSniffs checks whether sniff, named name, takes each sample for its
// shape.
func checkSniffs(t *testing.T, name string, sniff func([]byte) (bool, string), cases []sniffCase) {
	t.Helper()
	for _, tc := range cases {
		if got, why := sniff([]byte(tc.sample)); got != tc.want {
			t.Errorf("%s(%.60q) = %v (%s), want %v", name, tc.sample, got, why, tc.want)
		}
	}
}

// TestSniffLineAndBracketComments checks sources whose comments no other
// language writes so: Lisp's double semicolons, TeX's percent signs and
// CMake's bracket comments, which hold a module's documentation.
func TestSniffLineAndBracketComments(t *testing.T) {
	// From docutils.sty (LaTeX).
	sty := "%% docutils.sty: macros for Docutils LaTeX output.\n%%\n%%   Copyright 2020 G. Milde\n%%   Released under the terms of the `2-Clause BSD license`.\n\n" +
		"% Implementation\n% ==============\n%\n% ::\n\n\\NeedsTeXFormat{LaTeX2e}\n\\ProvidesPackage{docutils}\n  [2021/05/18 macros for Docutils LaTeX output]\n\n" +
		"% Helpers\n% -------\n%\n% duclass::\n\n% class handling for environments (block-level elements)\n" +
		"\\providecommand*{\\DUclass}[1]{%\n  \\ifcsname DUclass#1\\endcsname\n    \\csname DUclass#1\\endcsname\n  \\fi\n}\n\n" +
		"\\providecommand*{\\DUrole}[2]{%\n  \\ifcsname DUrole#1\\endcsname\n    \\csname DUrole#1\\endcsname{#2}%\n  \\else\n    #2\n  \\fi\n}\n"
	// An INI file's comments take one semicolon: configuration, text.
	ini := "; Configuration of the pool\n; Each section names a pool\n[www]\nuser = www-data\ngroup = www-data\n; The address on which to accept requests\nlisten = /run/php/fpm.sock\n" +
		"; Set permissions for the socket\nlisten.owner = www-data\nlisten.group = www-data\npm = dynamic\npm.max_children = 5\n"
	sniffsOutline(t, []sniffCase{{sty, true}, {ini, false}})
	// Emacs Lisp, its comments and forms (llvm-mode.el of LLVM), and a
	// CMake module (CheckCSourceCompiles.cmake), both whole.
	sniffsAs(t, "outline-elisp-llvm-mode.txt", Outline)
	sniffsAs(t, "outline-cmake-check-c-source.txt", Outline)
	for _, c := range []struct {
		line string
		want bool
	}{
		{";;; Code:", true}, {";; Labels", true}, {"% Helpers", true}, {"%% docutils.sty", true}, {"%", true},
		{"; a setting", false}, {"%Cpu(s):  1.2 us", false}, {"%d items", false},
	} {
		if got := lineComment([]byte(c.line)); got != c.want {
			t.Errorf("lineComment(%q) = %v, want %v", c.line, got, c.want)
		}
	}
	for _, c := range []struct{ line, want string }{
		{"#[[", "]]"}, {"#[==[.rst:", "]==]"}, {"--[[ a note", "]]"},
		{"#[[ closed ]]", ""}, {"#[=]", ""}, {"#[tag]", ""}, {"-- a note", ""},
	} {
		if got := string(bracketComment([]byte(c.line))); got != c.want {
			t.Errorf("bracketComment(%q) = %q, want %q", c.line, got, c.want)
		}
	}
}

// TestSniffGrammar checks a grammar's source, rules named at the margin
// and their alternatives under them, against configuration and tables
// whose lines look alike.
func TestSniffGrammar(t *testing.T) {
	// Head of sympy's Autolev.g4 (ANTLR).
	sniffsAs(t, "outline-antlr-autolev.txt", Outline)
	yacc := "%token NUM\n%left '+' '-'\n%%\n\ntop:\n\texpr\n\t{\n\t\tfmt.Println($1)\n\t};\n\nexpr:\n\texpr1\n|\t'+' expr\n|\t'-' expr\n\t{\n\t\t$$ = -$2\n\t};\n\n" +
		"expr1:\n\texpr2\n|\texpr1 '+' expr2\n|\texpr1 '-' expr2\n\t;\n\nexpr2:\n\texpr3\n|\texpr2 '*' expr3\n|\texpr2 '/' expr3\n\t;\n"
	yaml := "name: build\non:\n  push:\n    branches: [main]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n" +
		"      - run: |\n          go test ./...\n          go vet ./...\nenv:\n  CGO_ENABLED: 0\n"
	table := "Results:\n| name | tokens | kept |\n| ---- | ------ | ---- |\n| grep | 120 | 3/3 |\n| log | 80 | 2/2 |\n| diff | 95 | 4/4 |\n| json | 60 | 1/1 |\n| text | 40 | 2/2 |\nTotal: 395\nSummary: ok\n"
	// Lark writes a rule on one line, its alternatives under it, and
	// marks rules it inlines or keeps whole: few lines read as code.
	lark := "// A calculator\n?start: sum\n?sum: product\n    | sum \"+\" product -> add\n    | sum \"-\" product -> sub\n" +
		"?product: atom\n    | product \"*\" atom -> mul\n    | product \"/\" atom -> div\n!sign: \"+\" | \"-\"\n" +
		"?atom: NUMBER -> number\n    | \"-\" atom -> neg\n    | NAME -> var\n    | \"(\" sum \")\"\nNAME: /[a-z]+/\n%import common.NUMBER\n%ignore \" \"\n"
	sniffsOutline(t, []sniffCase{{yacc, true}, {lark, true}, {yaml, false}, {table, false}})
	for _, c := range []struct {
		line       string
		rule, alts bool
	}{
		{"stat:", true, false}, {"expr: additive;", true, false}, {"relation :", true, false},
		{"?expr: term", true, false}, {"!op: \"+\" | \"-\"", true, false}, {"?", false, false},
		{"|   functionCall", false, true}, {"|\t'+' expr", false, true},
		{"  indented:", false, false}, {"http://x", false, false}, {"| a | b |", false, false}, {"|", false, false},
	} {
		if got := grammarRule([]byte(c.line)); got != c.rule {
			t.Errorf("grammarRule(%q) = %v, want %v", c.line, got, c.rule)
		}
		if got := alternative(bytes.TrimSpace([]byte(c.line))); got != c.alts {
			t.Errorf("alternative(%q) = %v, want %v", c.line, got, c.alts)
		}
	}
}

// TestSniffMakefileConditionals checks a makefile that tests more
// variables than it refers to (postgres' pgxs.mk, whole).
func TestSniffMakefileConditionals(t *testing.T) {
	sniffsAs(t, "outline-mk-pgxs.txt", Outline)
}

// TestSniffBatchFile checks Windows batch files: Go's make.bat, which
// opens with comments, and a short one that opens with @echo off
// (Python's idle.bat).
func TestSniffBatchFile(t *testing.T) {
	sniffsAs(t, "outline-bat-go-make.txt", Outline)
	idle := "@echo off\r\nrem Start IDLE using the appropriate Python interpreter\r\nset CURRDIR=%~dp0\r\n" +
		"start \"IDLE\" \"%CURRDIR%..\\..\\pythonw.exe\" \"%CURRDIR%idle.pyw\" %1 %2 %3 %4 %5 %6 %7 %8 %9\r\n"
	if k, why := Sniff([]byte(idle)); k != Outline {
		t.Errorf("Sniff(idle.bat) = %s (%s), want outline", k, why)
	}
	for _, c := range []struct {
		line string
		want int
	}{
		{":: Copyright 2012 The Go Authors.", batchOnly}, {"rem Start IDLE", batchOnly}, {":nogoenv", batchOnly},
		{"SETLOCAL", batchOnly}, {"goto fail", batchOnly}, {"set GOROOT=%CD%", batchShared}, {"IF ERRORLEVEL 1 goto fail", batchShared},
		{":x = 1", batchNone}, {"remote: counting objects", batchNone}, {"settings:", batchNone}, {"the end", batchNone},
	} {
		if got := batchLine([]byte(c.line)); got != c.want {
			t.Errorf("batchLine(%q) = %d, want %d", c.line, got, c.want)
		}
	}
}
