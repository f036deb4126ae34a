package programs

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/chancecheck/chancecheck/props"
)

// declining wraps a program of the urn game so that, on an urn of more
// than most balls, it ends as given (an exit status, a first line of
// stdout) instead of answering.
type declining struct {
	p      Func
	most   int
	status int
	stdout string
}

func (d declining) Run(ctx context.Context, args []string, input []byte) (props.RunResult, error) {
	if a, b := readUrn(input); a+b > d.most {
		return props.RunResult{Stdout: []byte(d.stdout), ExitCode: d.status, StderrTail: "too many balls"}, nil
	}
	return d.p.Run(ctx, args, input)
}

func (d declining) String() string { return d.p.Name }

// "Cannot judge" is a protocol (issue 30 part 4): a brute force or a
// referee that exits 77 or prints "cannot judge" does not judge that
// input, which is counted, never a crash nor anyone's fault; another exit
// status is still a crash, the program's fault.
func TestStressCannotJudge(t *testing.T) {
	tests := []struct {
		name  string
		plant func(s *Stress)
		// fault is the program at fault, "" for none; notJudged whether
		// some cases were judged by nobody, bruteSkipped by the referee alone.
		fault                   Role
		notJudged, bruteSkipped bool
		note                    string
	}{
		{"a brute force exits 77", func(s *Stress) { s.Brute = declining{urnSolver(0), 10, 77, ""} }, "", false, true, ""},
		{"a brute force says it cannot judge", func(s *Stress) {
			s.Brute = declining{urnSolver(0), 10, 0, "cannot judge: more than 10 balls\n"}
		}, "", false, true, ""},
		{"a referee exits 77, no brute force", func(s *Stress) { s.Referee = declining{urnReferee(0), 10, 77, ""} }, "", true, false,
			"the referee cannot judge this input (exit status 77: too many balls)"},
		{"a referee says it cannot judge, a brute force answers", func(s *Stress) {
			s.Referee, s.Brute = declining{urnReferee(0), 10, 0, "cannot judge\n"}, urnSolver(0)
		}, "", false, false, ""},
		// The planted bug: another status is a crash, as before.
		{"a brute force exits 76", func(s *Stress) { s.Brute = declining{urnSolver(0), 10, 76, ""} }, RoleBrute, false, false, ""},
		{"a referee exits 76", func(s *Stress) { s.Referee = declining{urnReferee(0), 10, 76, ""} }, RoleReferee, false, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := urnStress()
			tt.plant(s)
			out, err := s.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if tt.fault != "" {
				if out.Fault == nil || out.Fault.Role != tt.fault || out.Fault.Verdict != props.Crash {
					t.Fatalf("fault %+v: want the %s's crash", out.Fault, tt.fault)
				}
				return
			}
			if out.Fault != nil || out.Failed() {
				t.Fatalf("fault %+v, failure %+v: want neither", out.Fault, out.First)
			}
			if (out.NotJudged > 0) != tt.notJudged || (out.BruteSkipped > 0) != tt.bruteSkipped || !strings.Contains(out.NotJudgedNote, tt.note) {
				t.Errorf("%d not judged (%q), %d skipped by the brute force: want not judged %v, skipped %v, saying %q",
					out.NotJudged, out.NotJudgedNote, out.BruteSkipped, tt.notJudged, tt.bruteSkipped, tt.note)
			}
		})
	}
}

// On the programs route, a brute force that says it cannot judge an input
// leaves it not judged, as one past an analyst's limits.
func TestGameCannotJudge(t *testing.T) {
	g, err := Game(GameSpec{Name: "urn", Quantity: Probability, Generator: urnGenerator(), Referee: urnReferee(0),
		Brute: declining{urnSolver(0), 10, 77, ""}, Params: []Param{{"a", 0, 20}, {"b", 0, 20}}})
	if err != nil {
		t.Fatal(err)
	}
	cc := &props.CrossCheck{Game: g, Solver: runner{urnSolver(0)}, Cases: 30, Seed: 1, ShrinkTime: time.Second}
	out, err := cc.Run(context.Background())
	if err != nil || out.Failed() || out.NotJudged == 0 || !strings.Contains(out.NotJudgedReason, "cannot judge this input") {
		t.Fatalf("%+v, %v: want boards not judged, saying the brute force cannot judge them", out, err)
	}
	if _, err := g.Solve(props.Board(Input{Text: "20 20\n"})); !errors.Is(err, props.ErrCannotJudge) || errors.Is(err, props.ErrOutOfTime) {
		t.Errorf("solving a declined input: %v; want ErrCannotJudge, not out of time", err)
	}
}
