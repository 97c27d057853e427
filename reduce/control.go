package reduce

import (
	"bytes"
	"unicode/utf8"
)

// visible returns text with its terminal controls made visible, or text
// itself when it has none.
//
// A view goes to a model, and from there to terminals: the person following
// an agent's transcript, a log of it. Raw terminal controls in it would act
// instead of showing, and show the person other text than the model reads:
// set the window title (OSC 0 and 2), write the clipboard (OSC 52), hide a
// link's target (OSC 8), conceal text (SGR 8), erase a line (cursor up,
// erase line). So every view shows them as text, whichever reducer chose
// the lines:
//
//   - ESC and the other C0 controls, but tab and line ends, as their
//     Unicode control pictures (U+2400 plus the byte: ␛ for ESC, ␇ for BEL,
//     ␈ for BS, ␀ for NUL), and DEL as ␡; the rest of a sequence stays as
//     written, so it reads for what it does: ␛]52;c;Y3Vy...␇;
//   - a C1 control encoded in UTF-8 (U+0080 to U+009F) as ␛ and its 7-bit
//     form: U+009B, a CSI, as ␛[;
//   - colours (SGR sequences, ESC [ digits m) are dropped, as the log view
//     drops them: they are most of the escapes in tool output and tell a
//     model nothing. Not concealment (SGR 8), which is shown. An erase to
//     the right of the cursor right after a colour, which grep and gcc
//     write with every colour, is dropped with it: it erases nothing yet
//     written.
//
// Line feeds separate the lines of a note. Carriage returns are left to the
// reducers: they end the lines of CRLF text, and the log view keeps a
// redrawn line's last state. A control picture costs three bytes and three
// tokens where the control cost one, which Fit counts; the store keeps the
// original's bytes, and expand gives them back.
func visible(text []byte) []byte {
	if controlAt(text) < 0 {
		return text
	}
	return appendVisible(make([]byte, 0, len(text)+16), text)
}

// appendVisible appends text to out with its terminal controls made
// visible, as visible says.
func appendVisible(out, text []byte) []byte {
	for i := controlAt(text); i >= 0; i = controlAt(text) {
		out = append(out, text[:i]...)
		text = text[i:]
		switch c := text[0]; {
		case c == 0x1b && colourLen(text) > 0:
			text = text[colourLen(text):]
		case c == 0x7f:
			out = append(out, "␡"...)
			text = text[1:]
		case c == 0xc2: // a C1 control
			out = append(out, "␛"...)
			out = append(out, text[1]-0x40)
			text = text[2:]
		default:
			out = utf8.AppendRune(out, 0x2400+rune(c))
			text = text[1:]
		}
	}
	return append(out, text...)
}

// controlAt returns the index of the first control in text that visible
// changes, or -1.
func controlAt(text []byte) int {
	for i, c := range text {
		switch {
		case c < 0x20 && c != '\t' && c != '\n' && c != '\r', c == 0x7f:
			return i
		case c == 0xc2 && i+1 < len(text) && text[i+1] >= 0x80 && text[i+1] <= 0x9f:
			return i
		}
	}
	return -1
}

// colourLen returns the length of the SGR sequence text starts with, and of
// an erase to the right of the cursor that follows it, or 0 if text does not
// start with one or it conceals.
func colourLen(text []byte) int {
	if len(text) < 3 || text[1] != '[' {
		return 0
	}
	end := 2
	for end < len(text) && (text[end] >= '0' && text[end] <= '9' || text[end] == ';' || text[end] == ':') {
		end++
	}
	// Anything else ends another kind of sequence, or a private SGR.
	if end == len(text) || text[end] != 'm' || conceals(text[2:end]) {
		return 0
	}
	n := end + 1
	for _, erase := range []string{"\x1b[K", "\x1b[0K"} {
		if bytes.HasPrefix(text[n:], []byte(erase)) {
			return n + len(erase)
		}
	}
	return n
}

// conceals reports whether SGR parameters turn on concealed text (8),
// telling it from the 8 of a 256-colour or RGB colour (38;5;8, 48;2;8;8;8,
// 38:5:8).
func conceals(params []byte) bool {
	fields := bytes.Split(params, []byte{';'})
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		if bytes.IndexByte(f, ':') >= 0 {
			continue // a colour with its parts in one parameter
		}
		switch sgrNumber(f) {
		case 8:
			return true
		case 38, 48, 58:
			if i+1 < len(fields) {
				switch sgrNumber(fields[i+1]) {
				case 5:
					i += 2
				case 2:
					i += 4
				}
			}
		}
	}
	return false
}

// sgrNumber reads a parameter of digits; an empty one is 0, and a huge
// one stays huge.
func sgrNumber(f []byte) int {
	n := 0
	for _, c := range f {
		n = min(n*10+int(c-'0'), 1<<20)
	}
	return n
}

// appendUncoloured appends text to out without its colours, which tools
// write around the parts of a line that a reducer reads by their first
// bytes: a coloured diff's signs and headers. Other controls stay.
func appendUncoloured(out, text []byte) []byte {
	for {
		i := bytes.IndexByte(text, 0x1b)
		if i < 0 {
			return append(out, text...)
		}
		out = append(out, text[:i]...)
		text = text[i:]
		n := colourLen(text)
		if n == 0 {
			out = append(out, text[0])
			n = 1
		}
		text = text[n:]
	}
}
