package programs

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/chancecheck/chancecheck/internal/solverproc"
	"github.com/chancecheck/chancecheck/props"
)

// A stress run confirms a fault a loaded machine can cause — a time or
// idleness limit, a crash, and the solver's output format — by running
// the same program on the same input again with no other program of the
// stress run running (solverproc.Gate: every other program run waits; the
// harness's own work goes on) before it counts. One that does not
// recur is the machine's when it is a time or idleness limit or a SIGKILL
// from outside: the run goes on with the output of the run alone, and the
// Result lists it (Result.NotReproducedRuns); a crash of the program's
// own doing or an output-format failure that does not recur is the
// program's, the verdict flaky (props.SolversOwn). A brute force that runs
// out of time is not confirmed (outOfTimeIsASkip); a referee that does is,
// with the same seed: one that recurs cannot judge the input (outOfTime),
// one that does not judges it with the run alone's outcomes, as if it had
// been the first run — a loaded machine must not make a case not judged.

// confirmLog collects the runs whose fault did not recur alone.
type confirmLog struct {
	mu   sync.Mutex
	runs []string
}

type confirmKey struct{}

// withConfirmation returns ctx with a Gate and a log of runs not
// reproduced: runs in it confirm their faults.
func withConfirmation(ctx context.Context) (context.Context, *confirmLog) {
	log := &confirmLog{}
	ctx = solverproc.WithGate(ctx, new(solverproc.Gate))
	return context.WithValue(ctx, confirmKey{}, log), log
}

// add records a run not reproduced.
func (l *confirmLog) add(s string) {
	l.mu.Lock()
	l.runs = append(l.runs, s)
	l.mu.Unlock()
}

// list is the runs not reproduced, sorted: they come from parallel runs.
func (l *confirmLog) list() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Sorted(slices.Values(l.runs))
}

// confirm runs p again alone when res ended with a fault a loaded machine
// can cause, in a stress run's ctx: a fault that recurs is returned as the
// run alone saw it, with the first run in its detail; one that does not is
// logged, and the run alone's result returned.
func confirm(ctx context.Context, role Role, p Program, args []string, input []byte, res props.RunResult) (props.RunResult, props.Verdict, string, error) {
	v, detail := res.Ended()
	if v == props.Accepted || !v.Confirmable() || outOfTimeIsASkip(role, v) {
		return res, v, detail, nil
	}
	again, log, err := rerunAlone(ctx, p, args, input)
	if err != nil || log == nil {
		return res, v, detail, err
	}
	v2, detail2 := again.Ended()
	switch props.Rerun(v, res, v2 == props.Accepted) {
	case props.RerunFlaky:
		return again, props.Flaky, props.StressAlone.Flaky(v, detail, again), nil
	case props.RerunClean:
		log.add(notReproduced(role, p, args, fmt.Sprintf("%s (%s)", v, res.Usage()), again))
		return again, v2, detail2, nil
	}
	return again, v2, detail2 + props.StressAlone.Confirmed(v), nil
}

// outOfTimeIsASkip reports whether a verdict v of a program in role is no
// fault to confirm: a brute force that runs out of time could not judge the
// input (an input too big for it), and confirming it alone would stall
// every other run for its whole limit. A referee's is confirmed all the
// same, at that cost: without it, the case would be judged by nobody, or
// by the brute force alone, for what may be the machine's doing.
func outOfTimeIsASkip(role Role, v props.Verdict) bool {
	return role == RoleBrute && v.OutOfTime()
}

// rerunAlone runs p on input again with no other program of the stress run
// running; nil log: ctx is no stress run's, or already alone.
func rerunAlone(ctx context.Context, p Program, args []string, input []byte) (props.RunResult, *confirmLog, error) {
	log, _ := ctx.Value(confirmKey{}).(*confirmLog)
	if log == nil || solverproc.IsAlone(ctx) {
		return props.RunResult{}, nil, nil
	}
	res, err := p.Run(solverproc.Alone(ctx), args, input)
	return res, log, err
}

// notReproduced words a run not reproduced for the log.
func notReproduced(role Role, p Program, args []string, first string, again props.RunResult) string {
	return fmt.Sprintf("the %s (%s): %s beside other runs; %s", role, commandLine(p, args), first, props.StressAlone.Again(again))
}
