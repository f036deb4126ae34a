package programs

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/chancecheck/chancecheck/props"
)

// Who is to blame for a failure is settled before the solver is blamed:
//
//   - An input the solver fails on (a crash, a time, memory or output
//     limit) is given to the other programs that read inputs, the brute
//     force and the referee (inputOnTrial). When every one of them fails on
//     it too, the input is the generator's fault: no program takes it, and
//     the generator printed something that is likely not an input of the
//     problem (a validator, --validator, would say so before any solver
//     runs; with one, this is not needed). When one of them fails and
//     another takes the input, that one is at fault, as it would be on an
//     input the solver passed, and the solver's failure is reported too. A brute force or a referee out of time, or
//     killed at the idleness limit, says nothing (saysNothing).
//   - A brute force that disagrees with the solver, or with the referee,
//     is run again on the input until it has answered props.OracleRuns
//     times in all (bruteAgain), and the input a verdict of the solver
//     rests on props.TrustRuns times before the verdict (trustBrute;
//     props/trust.go says why): one that changes its answer, there or on
//     any input shrinking tries, is inconsistent, and it, not the solver
//     or the referee, is named. One that runs out of time on a re-check
//     could not be re-checked: that judges nobody, and the case is not
//     judged.

// inputOnTrial runs the brute force (when there is one) and the referee on
// input, which the solver failed on (solverFault says how): a Fault of the
// generator when all of them fail on it too, of the one that fails when
// another takes it (the caller keeps the solver's failure beside it), or
// nil when they all take it. When none of them fails and none finishes it
// (out of time, or saying it cannot judge it), nothing says the input is
// one of the problem's: notJudged says so, naming each, and the case is
// not judged (the solver is not blamed on an input that may lie outside
// the problem, which --validator would tell).
func (s *Stress) inputOnTrial(ctx context.Context, c Case, input []byte, refSeed int64, solverFault string) (blame *Fault, notJudged string, err error) {
	var failed []*Fault
	var silent []string // who said nothing of the input, and why
	took := 0
	if s.Brute != nil {
		out, fault, err := run(ctx, RoleBrute, s.Brute, nil, s.solverInput(input))
		switch {
		case err != nil:
			return nil, "", err
		case saysNothing(fault): // says nothing either way
			silent = append(silent, "the brute force "+fault.why())
		case fault != nil:
			failed = append(failed, fault)
		default:
			_, fault := s.readBrute(out)
			if s.BruteDistribution {
				_, _, fault = s.readBruteDistribution(out)
			}
			if fault != nil {
				failed = append(failed, fault)
			} else {
				took++
			}
		}
	}
	fault, err := s.refereeTakes(ctx, input, refSeed)
	switch {
	case err != nil:
		return nil, "", err
	case saysNothing(fault): // too big to simulate: says nothing either way
		silent = append(silent, "the referee "+fault.why()+" (--program-timeout)")
	case fault != nil:
		failed = append(failed, fault)
	default:
		took++
	}
	switch {
	case len(failed) == 0 && took == 0:
		return nil, fmt.Sprintf("the solver failed (%s) on an input no other program finished: %s; with no --validator nothing says the input is one the problem allows, "+
			"so nobody is judged on it (give --validator 'CMD' to check each input: a failure on a valid input is the solver's)", solverFault, strings.Join(silent, "; ")), nil
	case len(failed) == 0:
		return nil, "", nil
	case took > 0:
		return failed[0], "", nil
	}
	var why []string
	for _, f := range failed {
		why = append(why, fmt.Sprintf("the %s failed (%s): %s", f.Role, f.Verdict, strings.TrimSpace(f.Detail)))
	}
	others := "and so did every other program on it"
	if len(silent) > 0 {
		others, why = "and no other program took it", append(why, silent...)
	}
	gen := commandLine(s.Generator, c.Args(s.Params))
	return &Fault{Role: RoleGenerator, Verdict: props.OutputFormat, Command: gen, Input: input, NoProgramTakes: true,
		Detail: fmt.Sprintf("no program takes its input: the solver failed (%s), %s: %s; "+
			"the generator's output is likely not a valid input (a validator, --validator, checks each one before any solver runs)",
			solverFault, others, strings.Join(why, "; "))}, "", nil
}

// refereeTakes runs the referee on input and reads its outcomes, judging
// nothing: nil when it plays the input, else its fault.
func (s *Stress) refereeTakes(ctx context.Context, input []byte, seed int64) (*Fault, error) {
	args := []string{strconv.FormatInt(seed, 10), strconv.FormatInt(s.Runs, 10)}
	out, fault, err := run(ctx, RoleReferee, s.Referee, args, input)
	if err != nil || fault != nil {
		return fault, err
	}
	var perr error
	if s.SolverDistribution {
		_, _, perr = refereeCounts(out, s.Runs)
	} else {
		lo, hi := s.outcomeRange()
		_, perr = parseOutcomes(out, s.Runs, s.Quantity, lo, hi)
	}
	if perr != nil {
		return &Fault{Role: RoleReferee, Verdict: props.OutputFormat, Command: commandLine(s.Referee, args), Detail: perr.Error()}, nil
	}
	return nil, nil
}

// bruteAgain runs the brute force on input again, runs times, after its
// answer first (f's) disagreed with the solver's or the referee's: nil when
// it gives the same answer every time (within the tolerance; exactly for an
// exact kind of answer), else its fault (inconsistent, or whatever went
// wrong this time). A run out of time (or at the idleness limit) is no
// answer: recheck says the brute force could not be re-checked, which
// judges nobody. An interruption is returned as ctx's error.
func (s *Stress) bruteAgain(ctx context.Context, input []byte, f *Failure, runs int) (fault *Fault, recheck string, err error) {
	for range runs {
		if fault, recheck, err := s.bruteSame(ctx, input, f); err != nil || fault != nil || recheck != "" {
			return fault, recheck, err
		}
	}
	return nil, "", nil
}

// bruteSame runs the brute force on input once more, as bruteAgain.
func (s *Stress) bruteSame(ctx context.Context, input []byte, f *Failure) (fault *Fault, recheck string, err error) {
	first := s.ShowBrute(f)
	out, fault, err := run(ctx, RoleBrute, s.Brute, nil, s.solverInput(input))
	switch {
	case err != nil:
		return nil, "", err
	case saysNothing(fault):
		return nil, fmt.Sprintf("the brute force answered %s, then, run again on the same input to re-check its answer, %s: it could not be re-checked, so nobody is judged on this input", first, fault.why()), nil
	case fault != nil:
		return fault, "", nil
	}
	b, fault := s.readBrute(out)
	if s.BruteDistribution {
		b, _, fault = s.readBruteDistribution(out)
	}
	if fault != nil {
		return fault, "", nil
	}
	again := &Failure{Brute: b.value.Float64(), BruteValue: b.value, BruteFraction: b.frac}
	if !s.rule().Accepts(f.BruteValue, b.value, s.Tolerance) {
		return &Fault{Role: RoleBrute, Verdict: props.WrongAnswer, Command: s.Brute.String(), Inconsistent: true,
			Detail: fmt.Sprintf("it answered %s on this input, then %s on the same input (%s): a brute force must give the same answer to the same input, so it cannot judge the solver or the referee here",
				first, s.ShowBrute(again), s.judgeRule())}, "", nil
	}
	return nil, "", nil
}
