package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func TestSolveDigitsAndExact(t *testing.T) {
	traps := filepath.Join(t.TempDir(), "sixteenth.in")
	// One trap between start and exit, harmful with probability 15/16: p = 1/16.
	if err := os.WriteFile(traps, []byte("1 3 1 1\n$A@\n1 15\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	snakes, _ := sampleFile(t, "snakes")
	tests := []struct {
		args []string
		code int
		out  string // exact stdout, or a fragment of stderr when code ≠ 0
	}{
		{[]string{"solve", "traps", traps}, 0, "0.063\n"}, // half up on the exact 0.0625
		{[]string{"solve", "traps", "--exact", traps}, 0, "0.063\nexact 1: 1/16\n"},
		{[]string{"solve", "traps", "--digits", "6", traps}, 0, "0.062500\n"},
		{[]string{"solve", "traps", "--digits", "-1", traps}, 2, "--digits must be in 1..1000, got -1"},
		{[]string{"solve", "traps", "--digits", "1001", traps}, 2, "--digits must be in 1..1000, got 1001"},
		// Every game takes --digits, not only the one whose statement asks for few.
		{[]string{"solve", "snakes", "--digits", "4", snakes}, 0, "Case 1: 31.5488\nCase 2: 33.0476\n"},
		{[]string{"solve", "snakes", "--digits", "0", snakes}, 0, "Case 1: 31.5488080634\nCase 2: 33.0476190476\n"},
		// A float64 near 31.5 holds 13 decimals (15 significant digits):
		// more would print float noise as if it were the answer.
		{[]string{"solve", "snakes", "--digits", "14", snakes}, 2, "--digits 14: case 1's answer (31.5488) is a float64, which holds 13 decimal(s) there"},
		{[]string{"solve", "snakes", "--digits", "40", snakes}, 2, "--digits 40: case 1's answer (31.5488) is a float64, which holds 13 decimal(s) there"},
	}
	// 13 decimals are held: printed, the published sample's 10 rounded
	// from them.
	if code, out, errOut := chancecheck(t, "", "solve", "snakes", "--digits", "13", snakes); code != 0 ||
		!regexp.MustCompile(`^Case 1: 31\.54880806\d{5}\nCase 2: 33\.04761904\d{5}\n$`).MatchString(out) {
		t.Errorf("--digits 13: exit %d, stdout %q, stderr %q; want 13 decimals of the published answers", code, out, errOut)
	}
	for _, tt := range tests {
		code, out, errOut := chancecheck(t, "", tt.args...)
		if code != tt.code {
			t.Errorf("%v: exit %d, want %d (stderr %q)", tt.args, code, tt.code, errOut)
			continue
		}
		if tt.code == 0 && out != tt.out || tt.code != 0 && !strings.Contains(errOut, tt.out) {
			t.Errorf("%v: stdout %q stderr %q, want %q", tt.args, out, errOut, tt.out)
		}
	}
}

// Every game's --digits changes the number of decimals and nothing else:
// its samples print with one decimal more or fewer, same lines.
func TestEveryGameTakesDigits(t *testing.T) {
	for _, g := range builtins() {
		t.Run(g.Name(), func(t *testing.T) {
			path, _ := sampleFile(t, g.Name())
			_, own, _ := chancecheck(t, "", "solve", g.Name(), path)
			code, more, errOut := chancecheck(t, "", "solve", g.Name(), "--digits", strconv.Itoa(g.Digits()+1), path)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			if own == more || strings.Count(own, "\n") != strings.Count(more, "\n") || len(more)-len(own) != strings.Count(own, "\n") {
				t.Errorf("--digits %d:\n%s\nwant one more decimal on every line of\n%s", g.Digits()+1, more, own)
			}
		})
	}
}
