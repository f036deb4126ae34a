package programs

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/internal/solverproc"
	"github.com/chancecheck/chancecheck/props"
)

// hugeGenerator prints "1 " and then digits past solverproc.MaxStdout, a
// real process: before issue 29 its output was cut at 16 MiB without a
// word, and every program judged on the cut input ("every case agreed").
func hugeGenerator() *Command {
	return MustCommand("sh -c " + ShellQuote("printf '1 '; head -c "+strconv.Itoa(solverproc.MaxStdout+1000)+" /dev/zero | tr '\\0' '1'; echo"))
}

// A generator's output past the cap is the generator's named fault, on
// both routes, never a cut input judged.
func TestOutputPastTheCapIsTheGeneratorsFault(t *testing.T) {
	s := urnStress()
	s.Generator, s.Params, s.Cases = hugeGenerator(), nil, 1
	out, err := s.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if f := out.Fault; f == nil || f.Role != RoleGenerator || f.Verdict != props.OutputFormat || !strings.Contains(f.Detail, "MiB of output kept") {
		t.Fatalf("stress: fault %+v, failed %v, judged %d: want the generator's output-format fault", out.Fault, out.Failed(), out.Judged)
	}

	g, err := Game(GameSpec{Name: "urn", Quantity: Probability, Generator: hugeGenerator(), Referee: urnReferee(0), Brute: urnSolver(0)})
	if err != nil {
		t.Fatal(err)
	}
	cc := &props.CrossCheck{Game: g, Solver: runner{urnSolver(0)}, Cases: 1, Seed: 1}
	res, err := cc.Run(context.Background())
	var fault *Fault
	if !errors.As(err, &fault) || fault.Role != RoleGenerator || !strings.Contains(fault.Detail, "MiB of output kept") {
		t.Fatalf("programs check: %+v, %v: want the generator's fault", res, err)
	}
}
