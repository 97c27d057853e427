package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
)

// A mock is a model server on 127.0.0.1 that speaks the four wire
// protocols the agents use: Anthropic Messages (Claude Code), OpenAI
// Responses (Codex), OpenAI Chat Completions (opencode) and Gemini's
// generateContent (Gemini CLI). It plays an obedient model: it answers a
// request of the agent's main loop with the next shell call of its script,
// and once every call has had its result, with a final message. It records
// every request, and the text of each tool result an agent sends back,
// which is what the model receives.
type mock struct {
	url string
	dir string // where requests are logged

	mu      sync.Mutex
	script  []call
	results []toolResult
	seq     int
	// first is the first request of the agent's main loop since play,
	// which carries the instructions the model is given.
	first string
}

// A call is one shell command the model asks the agent to run.
type call struct {
	command string
	// extra are more arguments of the shell tool, such as Gemini's
	// dir_path or is_background.
	extra map[string]any
}

// A toolResult is what an agent sent back for one call.
type toolResult struct {
	text    string
	isError bool // Anthropic's is_error
	// chunks are the parts of a result Codex gave at each yield, while
	// the command ran, the last at its end; text joins them.
	chunks []string
}

func startMock(dir string) (*mock, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	m := &mock{url: "http://" + ln.Addr().String(), dir: dir}
	go http.Serve(ln, m)
	return m, nil
}

// play sets the calls the model makes next, and forgets earlier results.
func (m *mock) play(calls ...call) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.script, m.results, m.first = calls, nil, ""
}

// firstRequest returns the body of the first request of the agent's main
// loop since play.
func (m *mock) firstRequest() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.first
}

// main notes a request of the agent's main loop.
func (m *mock) main(body []byte) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.first == "" {
		m.first = string(body)
	}
}

// received returns the tool results recorded since play, in order.
func (m *mock) received() []toolResult {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]toolResult(nil), m.results...)
}

func (m *mock) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	m.mu.Lock()
	m.seq++
	seq := m.seq
	m.mu.Unlock()
	os.WriteFile(filepath.Join(m.dir, fmt.Sprintf("%04d.req", seq)),
		append([]byte(r.Method+" "+r.URL.String()+"\n"), body...), 0o644)
	if r.Method != http.MethodPost {
		// Model lists and health checks: an empty list will do.
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"data":[],"models":[]}`)
		return
	}
	p := r.URL.Path
	switch {
	case strings.HasSuffix(p, "/messages/count_tokens"):
		writeJSON(w, map[string]any{"input_tokens": len(body) / 4})
	case strings.HasSuffix(p, "/messages"):
		m.anthropic(w, body)
	case strings.HasSuffix(p, "/responses"):
		m.responses(w, body)
	case strings.HasSuffix(p, "/chat/completions"):
		m.chat(w, body)
	case strings.Contains(p, ":streamGenerateContent"):
		m.gemini(w, body, true)
	case strings.Contains(p, ":generateContent"):
		m.gemini(w, body, false)
	case strings.Contains(p, ":countTokens"):
		writeJSON(w, map[string]any{"totalTokens": len(body) / 4})
	default:
		http.Error(w, "mock: unknown endpoint "+p, http.StatusNotFound)
	}
}

// next records the results a main-loop request carries and returns the
// call to make now, or nil when the script is done.
func (m *mock) next(results []toolResult) *call {
	m.mu.Lock()
	defer m.mu.Unlock()
	// A request carries every result so far.
	if len(results) >= len(m.results) {
		m.results = results
	}
	if len(results) < len(m.script) {
		c := m.script[len(results)]
		return &c
	}
	return nil
}

const finalText = "Done."

// runningSession finds the session of a Codex command still running at its
// yield.
var runningSession = regexp.MustCompile(`Process running with session ID (\d+)`)

func (c call) args(command string) map[string]any {
	a := map[string]any{}
	for k, v := range c.extra {
		a[k] = v
	}
	a[command] = c.command
	return a
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}

// sse writes server-sent events: each a name (none if "") and a JSON
// value.
type sse struct {
	w http.ResponseWriter
}

func newSSE(w http.ResponseWriter) sse {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	return sse{w}
}

func (s sse) event(name string, v any) {
	var b bytes.Buffer
	if name != "" {
		fmt.Fprintf(&b, "event: %s\n", name)
	}
	data, _ := json.Marshal(v)
	fmt.Fprintf(&b, "data: %s\n\n", data)
	s.w.Write(b.Bytes())
	if f, ok := s.w.(http.Flusher); ok {
		f.Flush()
	}
}

func (s sse) raw(line string) {
	io.WriteString(s.w, line)
	if f, ok := s.w.(http.Flusher); ok {
		f.Flush()
	}
}

// --- Anthropic Messages (Claude Code) ---

func (m *mock) anthropic(w http.ResponseWriter, body []byte) {
	var req struct {
		Model    string `json:"model"`
		Stream   bool   `json:"stream"`
		Messages []struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
		Tools []struct {
			Name string `json:"name"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var blocks []map[string]any
	main := false
	for _, t := range req.Tools {
		main = main || t.Name == "Bash"
	}
	if main {
		m.main(body)
		var results []toolResult
		for _, msg := range req.Messages {
			var parts []struct {
				Type    string          `json:"type"`
				Content json.RawMessage `json:"content"`
				IsError bool            `json:"is_error"`
			}
			if json.Unmarshal(msg.Content, &parts) != nil {
				continue
			}
			for _, p := range parts {
				if p.Type == "tool_result" {
					results = append(results, toolResult{text: anthropicText(p.Content), isError: p.IsError})
				}
			}
		}
		if c := m.next(results); c != nil {
			blocks = append(blocks, map[string]any{
				"type": "tool_use", "id": fmt.Sprintf("toolu_mock%02d", len(results)+1), "name": "Bash",
				"input": c.args("command"),
			})
		}
	}
	if blocks == nil {
		blocks = append(blocks, map[string]any{"type": "text", "text": finalText})
	}
	stop := "end_turn"
	if blocks[0]["type"] == "tool_use" {
		stop = "tool_use"
	}
	usage := map[string]any{"input_tokens": len(body) / 4, "output_tokens": 10,
		"cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}
	msg := map[string]any{"id": "msg_mock", "type": "message", "role": "assistant", "model": req.Model,
		"content": blocks, "stop_reason": stop, "stop_sequence": nil, "usage": usage}
	if !req.Stream {
		writeJSON(w, msg)
		return
	}
	s := newSSE(w)
	start := map[string]any{}
	for k, v := range msg {
		start[k] = v
	}
	start["content"], start["stop_reason"] = []any{}, nil
	s.event("message_start", map[string]any{"type": "message_start", "message": start})
	for i, b := range blocks {
		if b["type"] == "tool_use" {
			s.event("content_block_start", map[string]any{"type": "content_block_start", "index": i,
				"content_block": map[string]any{"type": "tool_use", "id": b["id"], "name": b["name"], "input": map[string]any{}}})
			in, _ := json.Marshal(b["input"])
			s.event("content_block_delta", map[string]any{"type": "content_block_delta", "index": i,
				"delta": map[string]any{"type": "input_json_delta", "partial_json": string(in)}})
		} else {
			s.event("content_block_start", map[string]any{"type": "content_block_start", "index": i,
				"content_block": map[string]any{"type": "text", "text": ""}})
			s.event("content_block_delta", map[string]any{"type": "content_block_delta", "index": i,
				"delta": map[string]any{"type": "text_delta", "text": b["text"]}})
		}
		s.event("content_block_stop", map[string]any{"type": "content_block_stop", "index": i})
	}
	s.event("message_delta", map[string]any{"type": "message_delta",
		"delta": map[string]any{"stop_reason": stop, "stop_sequence": nil}, "usage": map[string]any{"output_tokens": 10}})
	s.event("message_stop", map[string]any{"type": "message_stop"})
}

// anthropicText returns the text of a tool_result's content: a string or
// a list of text blocks.
func anthropicText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	json.Unmarshal(raw, &parts)
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.Text)
	}
	return b.String()
}

// --- OpenAI Responses (Codex) ---

func (m *mock) responses(w http.ResponseWriter, body []byte) {
	var req struct {
		Model string            `json:"model"`
		Input []json.RawMessage `json:"input"`
		Tools []struct {
			Type string `json:"type"`
			Name string `json:"name"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	shell, arg := "", ""
	for _, t := range req.Tools {
		switch t.Name {
		case "exec_command":
			shell, arg = t.Name, "cmd"
		case "shell_command":
			if shell == "" {
				shell, arg = t.Name, "command"
			}
		}
	}
	var item map[string]any
	if shell != "" {
		m.main(body)
		// A command still running at its yield gives a result that names
		// its session; the model polls it with write_stdin until it ends,
		// and each poll's result continues the command's.
		var results []toolResult
		running := ""
		outputs := 0
		for _, raw := range req.Input {
			var in struct {
				Type   string          `json:"type"`
				Output json.RawMessage `json:"output"`
			}
			json.Unmarshal(raw, &in)
			if in.Type != "function_call_output" {
				continue
			}
			outputs++
			text := anthropicText(in.Output)
			if running == "" {
				results = append(results, toolResult{})
			}
			r := &results[len(results)-1]
			r.chunks = append(r.chunks, text)
			r.text = strings.Join(r.chunks, "")
			running = ""
			if m := runningSession.FindStringSubmatch(text); m != nil {
				running = m[1]
			}
		}
		id := fmt.Sprintf("mock%02d", outputs+1)
		switch {
		case running != "":
			m.next(results[:len(results)-1])
			args, _ := json.Marshal(map[string]any{"session_id": json.Number(running), "chars": "", "yield_time_ms": 5000})
			item = map[string]any{"type": "function_call", "id": "fc_" + id, "call_id": "call_" + id, "name": "write_stdin",
				"arguments": string(args), "status": "completed"}
		default:
			if c := m.next(results); c != nil {
				args, _ := json.Marshal(c.args(arg))
				item = map[string]any{"type": "function_call", "id": "fc_" + id, "call_id": "call_" + id, "name": shell,
					"arguments": string(args), "status": "completed"}
			}
		}
	}
	if item == nil {
		item = map[string]any{"type": "message", "id": "msg_mock", "role": "assistant", "status": "completed",
			"content": []any{map[string]any{"type": "output_text", "text": finalText, "annotations": []any{}}}}
	}
	s := newSSE(w)
	resp := map[string]any{"id": "resp_mock", "object": "response", "model": req.Model, "status": "in_progress", "output": []any{}}
	s.event("response.created", map[string]any{"type": "response.created", "response": resp})
	s.event("response.output_item.added", map[string]any{"type": "response.output_item.added", "output_index": 0, "item": item})
	s.event("response.output_item.done", map[string]any{"type": "response.output_item.done", "output_index": 0, "item": item})
	done := map[string]any{}
	for k, v := range resp {
		done[k] = v
	}
	done["status"], done["output"] = "completed", []any{item}
	done["usage"] = map[string]any{"input_tokens": len(body) / 4, "output_tokens": 10, "total_tokens": len(body)/4 + 10,
		"input_tokens_details": map[string]any{"cached_tokens": 0}, "output_tokens_details": map[string]any{"reasoning_tokens": 0}}
	s.event("response.completed", map[string]any{"type": "response.completed", "response": done})
}

// --- OpenAI Chat Completions (opencode) ---

func (m *mock) chat(w http.ResponseWriter, body []byte) {
	var req struct {
		Model    string `json:"model"`
		Stream   bool   `json:"stream"`
		Messages []struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
		Tools []struct {
			Function struct {
				Name string `json:"name"`
			} `json:"function"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	main := false
	for _, t := range req.Tools {
		main = main || t.Function.Name == "bash"
	}
	delta := map[string]any{"role": "assistant"}
	finish := "stop"
	var message map[string]any
	if main {
		m.main(body)
		var results []toolResult
		for _, msg := range req.Messages {
			if msg.Role == "tool" {
				results = append(results, toolResult{text: anthropicText(msg.Content)})
			}
		}
		if c := m.next(results); c != nil {
			args, _ := json.Marshal(c.args("command"))
			tc := map[string]any{"index": 0, "id": fmt.Sprintf("call_mock%02d", len(results)+1), "type": "function",
				"function": map[string]any{"name": "bash", "arguments": string(args)}}
			delta["tool_calls"] = []any{tc}
			finish = "tool_calls"
			message = map[string]any{"role": "assistant", "content": nil, "tool_calls": []any{tc}}
		}
	}
	if finish == "stop" {
		delta["content"] = finalText
		message = map[string]any{"role": "assistant", "content": finalText}
	}
	usage := map[string]any{"prompt_tokens": len(body) / 4, "completion_tokens": 10, "total_tokens": len(body)/4 + 10}
	if !req.Stream {
		writeJSON(w, map[string]any{"id": "chatcmpl-mock", "object": "chat.completion", "created": 0, "model": req.Model,
			"choices": []any{map[string]any{"index": 0, "message": message, "finish_reason": finish}}, "usage": usage})
		return
	}
	s := newSSE(w)
	chunk := func(choice map[string]any, usage any) map[string]any {
		c := map[string]any{"id": "chatcmpl-mock", "object": "chat.completion.chunk", "created": 0, "model": req.Model,
			"choices": []any{}}
		if choice != nil {
			c["choices"] = []any{choice}
		}
		if usage != nil {
			c["usage"] = usage
		}
		return c
	}
	s.event("", chunk(map[string]any{"index": 0, "delta": delta, "finish_reason": nil}, nil))
	s.event("", chunk(map[string]any{"index": 0, "delta": map[string]any{}, "finish_reason": finish}, nil))
	s.event("", chunk(nil, usage))
	s.raw("data: [DONE]\n\n")
}

// --- Gemini generateContent (Gemini CLI) ---

func (m *mock) gemini(w http.ResponseWriter, body []byte, stream bool) {
	var req struct {
		Contents []struct {
			Role  string `json:"role"`
			Parts []struct {
				FunctionResponse *struct {
					Name     string          `json:"name"`
					Response json.RawMessage `json:"response"`
				} `json:"functionResponse"`
			} `json:"parts"`
		} `json:"contents"`
		Tools []struct {
			FunctionDeclarations []struct {
				Name string `json:"name"`
			} `json:"functionDeclarations"`
		} `json:"tools"`
		GenerationConfig struct {
			ResponseSchema     json.RawMessage `json:"responseSchema"`
			ResponseJSONSchema json.RawMessage `json:"responseJsonSchema"`
		} `json:"generationConfig"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	main := false
	for _, t := range req.Tools {
		for _, f := range t.FunctionDeclarations {
			main = main || f.Name == "run_shell_command"
		}
	}
	var part map[string]any
	if main {
		m.main(body)
		var results []toolResult
		for _, c := range req.Contents {
			for _, p := range c.Parts {
				if p.FunctionResponse == nil {
					continue
				}
				var out struct {
					Output string `json:"output"`
					Error  string `json:"error"`
				}
				json.Unmarshal(p.FunctionResponse.Response, &out)
				text := out.Output
				if text == "" {
					text = string(p.FunctionResponse.Response)
				}
				results = append(results, toolResult{text: text})
			}
		}
		if c := m.next(results); c != nil {
			part = map[string]any{"functionCall": map[string]any{"name": "run_shell_command", "args": c.args("command")}}
		}
	}
	if part == nil {
		text := finalText
		schema := req.GenerationConfig.ResponseJSONSchema
		if len(schema) == 0 {
			schema = req.GenerationConfig.ResponseSchema
		}
		if len(schema) > 0 {
			// A side call (the model router, the next-speaker check)
			// that wants JSON of a schema: fill it in.
			b, _ := json.Marshal(fill(schema))
			text = string(b)
		}
		part = map[string]any{"text": text}
	}
	resp := map[string]any{
		"candidates": []any{map[string]any{"content": map[string]any{"role": "model", "parts": []any{part}},
			"finishReason": "STOP", "index": 0}},
		"usageMetadata": map[string]any{"promptTokenCount": len(body) / 4, "candidatesTokenCount": 10, "totalTokenCount": len(body)/4 + 10},
		"modelVersion":  "mock",
	}
	if !stream {
		writeJSON(w, resp)
		return
	}
	newSSE(w).event("", resp)
}

// fill returns a value of a JSON schema: the first of an enum, a small
// number, a short string, and every property of an object.
func fill(schema json.RawMessage) any {
	var s struct {
		Type       any                        `json:"type"`
		Enum       []any                      `json:"enum"`
		Properties map[string]json.RawMessage `json:"properties"`
		Items      json.RawMessage            `json:"items"`
	}
	json.Unmarshal(schema, &s)
	if len(s.Enum) > 0 {
		return s.Enum[0]
	}
	t := strings.ToLower(fmt.Sprint(s.Type))
	switch {
	case strings.Contains(t, "object") || s.Properties != nil:
		o := map[string]any{}
		keys := make([]string, 0, len(s.Properties))
		for k := range s.Properties {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			o[k] = fill(s.Properties[k])
		}
		return o
	case strings.Contains(t, "array"):
		return []any{}
	case strings.Contains(t, "integer") || strings.Contains(t, "number"):
		return 1
	case strings.Contains(t, "boolean"):
		return false
	}
	return "mock"
}
