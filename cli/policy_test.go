package cli

import (
	"strings"
	"testing"
)

func TestSolvePolicy(t *testing.T) {
	tests := []struct {
		game string
		code int
		want string // a fragment of stdout, or of stderr when code ≠ 0
	}{
		{"traps", 0, "# row col lives known move"},
		{"jenga", 0, "states reached under the optimal policy"},
		{"snakes", 2, "snakes has no policy to print"},
		{"patience", 2, "patience has no policy to print"},
	}
	for _, tt := range tests {
		t.Run(tt.game, func(t *testing.T) {
			path, _ := sampleFile(t, tt.game)
			_, answers, _ := chancecheck(t, "", "solve", tt.game, path)
			code, out, errOut := chancecheck(t, "", "solve", tt.game, "--policy", path)
			if code != tt.code {
				t.Fatalf("exit %d, want %d (stderr %q)", code, tt.code, errOut)
			}
			// The answers come first, as without --policy, whatever follows.
			if !strings.HasPrefix(out, answers) {
				t.Errorf("stdout does not start with the answers %q:\n%.500s", answers, out)
			}
			got := out
			if code != 0 {
				got = errOut
			}
			if !strings.Contains(got, tt.want) {
				t.Errorf("output lacks %q:\n%.500s", tt.want, got)
			}
		})
	}
}
