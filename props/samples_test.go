package props

import (
	"strings"
	"testing"
)

// solveSample parses a published sample, solves every board in it and
// returns the boards, their solutions and the printed answers.
func solveSample(t *testing.T, g Game, s Sample) ([]Board, []Solution, string) {
	t.Helper()
	boards, err := g.Parse(strings.NewReader(s.Input), s.Name)
	if err != nil {
		t.Fatal(err)
	}
	sols := make([]Solution, len(boards))
	for i, b := range boards {
		if sols[i], err = g.Solve(b); err != nil {
			t.Fatalf("sample %s, board %d: %v", s.Name, i+1, err)
		}
	}
	var out strings.Builder
	if err := g.WriteAnswers(&out, sols); err != nil {
		t.Fatal(err)
	}
	return boards, sols, out.String()
}

func TestEveryGameHasSamples(t *testing.T) {
	for _, g := range Games() {
		if len(g.Samples()) == 0 {
			t.Errorf("%s: no published sample embedded", g.Name())
		}
	}
}
