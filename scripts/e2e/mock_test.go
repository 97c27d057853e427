package main

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

func post(t *testing.T, url, body string) string {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}

// The mock asks for the script's calls in turn and records each result the
// agent sends back, for each wire protocol.
func TestMockScript(t *testing.T) {
	m, err := startMock(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	m.play(call{command: "go test ./..."})
	got := post(t, m.url+"/v1/messages", `{"model":"m","stream":true,"tools":[{"name":"Bash"}],"messages":[{"role":"user","content":"Do the task."}]}`)
	if !strings.Contains(got, `"type":"tool_use"`) || !strings.Contains(got, `{\"command\":\"go test ./...\"}`) {
		t.Errorf("first answer: %s", got)
	}
	got = post(t, m.url+"/v1/messages", `{"model":"m","stream":true,"tools":[{"name":"Bash"}],"messages":[{"role":"user","content":"Do the task."},
		{"role":"user","content":[{"type":"tool_result","tool_use_id":"t","content":"Exit code 1\nFAIL","is_error":true}]}]}`)
	if !strings.Contains(got, finalText) {
		t.Errorf("second answer: %s", got)
	}
	if r := m.received(); len(r) != 1 || r[0].text != "Exit code 1\nFAIL" || !r[0].isError {
		t.Errorf("received %+v", r)
	}
}

// A Codex command still running at its yield is polled with write_stdin,
// and its result is the chunks of every poll.
func TestMockCodexPolls(t *testing.T) {
	m, err := startMock(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	m.play(call{command: "sleep 20"})
	tools := `"tools":[{"type":"function","name":"exec_command"},{"type":"function","name":"write_stdin"}]`
	out := func(texts ...string) string {
		var items []string
		for _, t := range texts {
			b, _ := json.Marshal(t)
			items = append(items, `{"type":"function_call_output","call_id":"c","output":`+string(b)+`}`)
		}
		return `{"model":"gpt-5.5",` + tools + `,"input":[` + strings.Join(items, ",") + `]}`
	}
	if got := post(t, m.url+"/v1/responses", out()); !strings.Contains(got, `"name":"exec_command"`) {
		t.Errorf("first answer: %s", got)
	}
	running := "Process running with session ID 7\nOutput:\nheadroom: still running after 5s\n"
	if got := post(t, m.url+"/v1/responses", out(running)); !strings.Contains(got, `"name":"write_stdin"`) || !strings.Contains(got, `\"session_id\":7`) {
		t.Errorf("answer to a running command: %s", got)
	}
	if got := post(t, m.url+"/v1/responses", out(running, "Process exited with code 0\nOutput:\nok\n")); !strings.Contains(got, finalText) {
		t.Errorf("answer once it ended: %s", got)
	}
	if r := m.received(); len(r) != 1 || len(r[0].chunks) != 2 || !strings.HasPrefix(r[0].text, running) {
		t.Errorf("received %+v", r)
	}
}
