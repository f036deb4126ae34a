package cli

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// terminalSafe returns a writer that shows control characters in what is
// written to w as escapes ("\x1b"), but for newline and tab: the text
// output quotes what solvers, generators and brute forces printed, and a
// hostile program's escape codes must not reach the terminal raw (one
// could clear the verdict off the screen). C0 and C1 controls, DEL, and
// bytes that are no UTF-8 (an 8-bit terminal reads 0x9b as CSI) are
// escaped; everything chancecheck writes itself passes unchanged.
func terminalSafe(w io.Writer) io.Writer { return safeWriter{w} }

type safeWriter struct{ w io.Writer }

func (s safeWriter) Write(p []byte) (int, error) {
	if !needsEscape(p) {
		return s.w.Write(p)
	}
	if _, err := io.WriteString(s.w, escapeControls(string(p))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// needsEscape reports whether escapeControls would change p.
func needsEscape(p []byte) bool {
	for i := 0; i < len(p); {
		r, n := utf8.DecodeRune(p[i:])
		if r == utf8.RuneError && n <= 1 || isControl(r) {
			return true
		}
		i += n
	}
	return false
}

// escapeControls writes the control characters of s (but newline and tab)
// and its bytes that are no UTF-8 as \xHH or \u00HH escapes.
func escapeControls(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case isControl(r):
			if r < 0x80 {
				fmt.Fprintf(&b, `\x%02x`, r)
			} else {
				fmt.Fprintf(&b, `\u%04x`, r)
			}
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// isControl reports whether r is a C0 or C1 control character or DEL,
// other than newline and tab.
func isControl(r rune) bool {
	return r != '\n' && r != '\t' && (r < 0x20 || r >= 0x7f && r < 0xa0)
}
