package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// A program's escape codes reach the terminal escaped; chancecheck's own
// text (newlines, tabs, Unicode such as "≤" and "·") unchanged. Each
// expected string is written out by hand from the rule of escapeControls.
func TestTerminalSafe(t *testing.T) {
	tests := []struct{ in, want string }{
		{"verdict: pass\n\tok ≤ 1e-6 · p·q⁻¹\n", "verdict: pass\n\tok ≤ 1e-6 · p·q⁻¹\n"},
		{"\x1b[2J\x1b[Hall clear\n", `\x1b[2J\x1b[Hall clear` + "\n"},
		{"a\rb\x07c\x7f", `a\x0db\x07c\x7f`},
		{"csi \u009b31m", `csi \u009b31m`},
		{"raw \x9b byte", `raw \x9b byte`},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		n, err := terminalSafe(&b).Write([]byte(tt.in))
		if err != nil || n != len(tt.in) || b.String() != tt.want {
			t.Errorf("%q: wrote %q (%d, %v), want %q", tt.in, b.String(), n, err, tt.want)
		}
	}
}

// A hostile solver's escape codes are shown escaped by check (issue 29:
// they reached the terminal raw, and one could clear the verdict off the
// screen).
func TestCheckEscapesTheSolversOutput(t *testing.T) {
	solver := `printf '\033[2J\033[Hall clear\n'`
	var stdout, stderr bytes.Buffer
	code := Run(context.Background(), []string{"check", "snakes", "--cases", "1", "--out", t.TempDir(), "--solver", solver},
		strings.NewReader(""), &stdout, &stderr, checkGames()...)
	got := stdout.String() + stderr.String()
	if code != 1 || strings.Contains(got, "\x1b") || !strings.Contains(got, `\x1b[2J\x1b[Hall clear`) {
		t.Errorf("exit %d, want 1 with the escape codes shown escaped:\n%q", code, got)
	}
}
