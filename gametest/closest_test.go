package gametest

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/props"
)

// TestAgreementLogsClosestCalls checks that a passing agreement check logs
// its closest calls — the referee's test as a score below 1, the slowest
// Solve calls — and that a referee biased by a roll added to one game in
// 40, which passes, comes closer to rejection than a right one; a referee
// that rolls a die too many fails and logs none. A Recorder fixes rapid's
// seed, so the scores are the same on every run.
func TestAgreementLogsClosestCalls(t *testing.T) {
	tests := []struct {
		name     string
		plant    func(*props.Spec[int])
		wantFail bool
	}{
		{"right", func(*props.Spec[int]) {}, false},
		{"biased by a roll in 40 games", func(s *props.Spec[int]) {
			s.Play = func(s int, rng *rand.Rand) (int, error) {
				n, err := playDie(s, rng)
				if rng.IntN(40) == 0 {
					n++
				}
				return n, err
			}
		}, false},
		{"a die too many", func(s *props.Spec[int]) {
			s.Play = func(s int, rng *rand.Rand) (int, error) { return playDie(s+1, rng) }
		}, true},
	}
	worst := map[string]float64{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			spec := dieSpec()
			tt.plant(&spec)
			rec := NewRecorder(t, "closest-"+strings.ReplaceAll(tt.name, " ", "-"))
			checkAgreement(rec, props.Define(spec), defaultOptions(t))
			log := rec.Output()
			if rec.Failed() != tt.wantFail {
				t.Fatalf("failed %v, want %v:\n%s", rec.Failed(), tt.wantFail, log)
			}
			if tt.wantFail {
				if strings.Contains(log, "closest calls") {
					t.Errorf("a failure logged closest calls:\n%s", log)
				}
				return
			}
			const mark = "error:  "
			i := strings.Index(log, mark)
			var score float64
			if i < 0 || !strings.Contains(log, "closest calls") || !strings.Contains(log, "time:   ") {
				t.Fatalf("no closest calls logged:\n%s", log)
			}
			if _, err := fmt.Sscanf(log[i+len(mark):], "%g of the way to the referee's rejection", &score); err != nil || !(score > 0 && score < 1) {
				t.Fatalf("worst call %q: score %v (%v), want in (0, 1)", strings.SplitN(log[i:], "\n", 2)[0], score, err)
			}
			worst[tt.name] = score
		})
	}
	if r, b := worst["right"], worst["biased by a roll in 40 games"]; !(b > r) {
		t.Errorf("the biased referee's worst score %v is not above the right one's %v", b, r)
	}
}
