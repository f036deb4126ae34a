package programs

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/chancecheck/chancecheck/montecarlo/estimate"
	"github.com/chancecheck/chancecheck/props"
)

// refereeDetail says a statistical check's numbers.
func (s *Stress) refereeDetail(f *Failure, a *estimate.Agreement) string {
	who, shown := "solver's answer", s.ShowAnswer(f)
	if f.HasBrute && !s.SolverDistribution {
		who, shown = "brute force's answer", s.ShowBrute(f)
	}
	return fmt.Sprintf("the referee's mean %.9g over %d runs, the %s %s: p = %.3g ≤ %.3g",
		f.RefereeTally.Mean, f.RefereeTally.N, who, shown, a.PValue, a.Alpha)
}

// referee runs the referee on input and tests its outcomes against answer,
// or against the solver's distribution d (SolverDistribution): the test's
// verdict, and the referee's runs it tested.
func (s *Stress) referee(ctx context.Context, input []byte, seed int64, answer float64, against *distribution, alpha float64) (*estimate.Agreement, Tally, *Fault, error) {
	args := []string{strconv.FormatInt(seed, 10), strconv.FormatInt(s.Runs, 10)}
	out, fault, err := run(ctx, RoleReferee, s.Referee, args, input)
	if err != nil || fault != nil {
		return nil, Tally{}, fault, err
	}
	if against != nil {
		tally, counts, perr := refereeCounts(out, s.Runs)
		if perr != nil {
			return nil, Tally{}, &Fault{Role: RoleReferee, Verdict: props.OutputFormat, Command: commandLine(s.Referee, args), Detail: perr.Error()}, nil
		}
		a := judgeDistribution(counts, *against, alpha)
		return &a, tally, nil, nil
	}
	lo, hi := s.outcomeRange()
	tally, perr := parseOutcomes(out, s.Runs, s.Quantity, lo, hi)
	if re := (*rangeError)(nil); errors.As(perr, &re) && s.Quantity == Expectation {
		return nil, Tally{}, &Fault{Role: RoleReferee, Verdict: props.OutputFormat, Command: commandLine(s.Referee, args), Assumption: assumptionFlag(re, lo), Detail: re.Error()}, nil
	}
	if perr != nil {
		return nil, Tally{}, &Fault{Role: RoleReferee, Verdict: props.OutputFormat, Command: commandLine(s.Referee, args), Detail: perr.Error()}, nil
	}
	slack := s.rule().Slack(answer, s.Tolerance)
	var a estimate.Agreement
	if s.Quantity == Probability {
		a = judgeProbability(tally, answer, slack, alpha)
	} else {
		a = judgeExpectation(tally, answer, slack, alpha, lo, hi)
	}
	return &a, tally, nil, nil
}
