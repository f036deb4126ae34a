package programs

import (
	"context"
	"fmt"
	"math"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chancecheck/chancecheck/props"
)

// urnAlmost answers a/(a+b) off by share of the judge's 1e-6 on urns of
// exactly b black balls (b ≥ 0), and right elsewhere: a solver that
// passes, as close to failing as share.
func urnAlmost(share float64, b int) Func {
	return Func{Name: "almost", Fn: func(_ []string, input []byte) ([]byte, error) {
		x, y := readUrn(input)
		v := 0.0
		if x+y > 0 {
			v = float64(x) / float64(x+y)
		}
		if y == b {
			v += share * 1e-6
		}
		return fmt.Appendf(nil, "%.15g\n", v), nil
	}}
}

// urnExactBrute answers a/(a+b) to 15 digits.
func urnExactBrute() Func { return urnAlmost(0, -1) }

// meteredSolver is urnSolver(0) (urnPackSolver with packed) whose runs
// report a planted usage: CPU time of a+b milliseconds, and a peak of
// (a+b) MiB; a pack reports the sum. Planted, not measured: the slowest
// run is known whatever the machine is doing.
type meteredSolver struct{ packed bool }

func (m meteredSolver) String() string { return "metered" }

func (m meteredSolver) Run(ctx context.Context, args []string, input []byte) (props.RunResult, error) {
	var runs atomic.Int64
	sol := urnSolver(0)
	if m.packed {
		sol = urnPackSolver(0, false, &runs)
	}
	res, err := sol.Run(ctx, args, input)
	balls := 0
	lines := strings.Split(strings.TrimSpace(string(input)), "\n")
	for _, l := range lines {
		if f := strings.Fields(l); len(f) == 2 {
			a, b := readUrn([]byte(l))
			balls += a + b
		}
	}
	res.CPU, res.PeakRSS = time.Duration(balls)*time.Millisecond, int64(balls)<<20
	res.Elapsed = res.CPU
	return res, err
}

// TestStressClosest checks the closest calls of stress runs that pass: a
// planted solver off by 0.9 of the tolerance against the brute force shows
// 0.9 on a case of its urn; the referee's test scores a right answer below
// 1 where no brute force judges it; a planted slow run is named slowest,
// a pack's run by its cases; and the error list is the same whatever Jobs.
func TestStressClosest(t *testing.T) {
	tests := []struct {
		name        string
		edit        func(s *Stress)
		wantScore   float64 // the worst score; NaN: only below 1, of the referee
		wantAgainst string
		wantSlowest string // "": not checked
	}{
		{"off by 0.9 of the tolerance against the brute force", func(s *Stress) {
			s.Solver, s.Brute = urnAlmost(0.9, 7), urnExactBrute()
		}, 0.9, props.AgainstBrute, ""},
		{"off by 0.3, the referee alone", func(s *Stress) {
			s.Solver = urnAlmost(0.3, 7)
		}, math.NaN(), props.AgainstReferee, ""},
		{"the slowest run is the largest urn", func(s *Stress) {
			s.Solver = meteredSolver{}
		}, math.NaN(), props.AgainstReferee, "largest"},
		{"a pack's run names its cases", func(s *Stress) {
			s.Solver, s.Tests = meteredSolver{packed: true}, 4
		}, math.NaN(), props.AgainstReferee, "cases "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var lists []string
			for _, jobs := range []int{1, 3} {
				s := urnStress()
				s.Cases, s.Jobs = 40, jobs
				tt.edit(s)
				out, err := s.Run(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				if out.Failed() || out.Fault != nil {
					t.Fatalf("jobs %d: the run failed: %+v %+v", jobs, out.First, out.Fault)
				}
				c := out.Closest
				w := c.Worst()
				if w == nil || c.Scored != out.Judged-out.NotJudged {
					t.Fatalf("jobs %d: worst %+v, %d scored of %d judged", jobs, w, c.Scored, out.Judged)
				}
				if w.Against != tt.wantAgainst || !strings.HasPrefix(w.Source, "case ") {
					t.Errorf("jobs %d: worst against %q on %q, want %q on a case", jobs, w.Against, w.Source, tt.wantAgainst)
				}
				switch {
				case !math.IsNaN(tt.wantScore) && math.Abs(w.Score-tt.wantScore) > 0.01:
					t.Errorf("jobs %d: worst score %v, want %v", jobs, w.Score, tt.wantScore)
				case math.IsNaN(tt.wantScore) && !(w.Score > 0 && w.Score < 1 && w.PValue > w.Alpha && w.Alpha > 0):
					t.Errorf("jobs %d: referee's score %v (p %v, α %v), want in (0, 1) with p above α", jobs, w.Score, w.PValue, w.Alpha)
				}
				if tt.wantScore == 0.9 {
					if _, b := readUrn(w.Input); b != 7 {
						t.Errorf("jobs %d: worst call's input %q, want an urn of 7 black balls", jobs, w.Input)
					}
				}
				if tt.wantSlowest != "" {
					checkSlowest(t, s, c, tt.wantSlowest)
				}
				var b strings.Builder
				for _, e := range c.Error {
					fmt.Fprintf(&b, "%s %v %q\n", e.Source, e.Score, e.Input)
				}
				lists = append(lists, b.String())
			}
			if lists[0] != lists[1] {
				t.Errorf("the closest answers depend on Jobs:\njobs 1:\n%sjobs 3:\n%s", lists[0], lists[1])
			}
		})
	}
}

// checkSlowest checks that the slowest run of c is the largest urn of the
// run's cases (want "largest"), or a pack's (want "cases "), with its
// planted peak.
func checkSlowest(t *testing.T, s *Stress, c props.Closest, want string) {
	t.Helper()
	if len(c.Slowest) == 0 || len(c.Memory) == 0 {
		t.Fatalf("no slowest or hungriest run: %+v", c)
	}
	slow := c.Slowest[0]
	if want == "cases " {
		if !strings.HasPrefix(slow.Source, "cases ") || slow.Boards < 2 || !strings.HasPrefix(string(slow.Input), fmt.Sprint(slow.Boards)+"\n") {
			t.Errorf("slowest %q (%d boards, input %q), want a pack's run", slow.Source, slow.Boards, slow.Input)
		}
		return
	}
	most, at := -1, 0
	for i := range s.Cases {
		c := drawCase(s.Params, s.Seed, i)
		if n := c.Values[0] + c.Values[1]; int(n) > most {
			most, at = int(n), i
		}
	}
	if slow.Source != fmt.Sprintf("case %d", at+1) || slow.CPU != time.Duration(most)*time.Millisecond || c.Memory[0].Peak != int64(most)<<20 {
		t.Errorf("slowest %q at %v, hungriest %d bytes; want case %d at %d ms and %d MiB", slow.Source, slow.CPU, c.Memory[0].Peak, at+1, most, most)
	}
}
