package programs

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/chancecheck/chancecheck/props"
)

// refereeDetail says a statistical check's numbers.
func (s *Stress) refereeDetail(f *Failure, j *Judgement) string {
	who, shown := "solver's answer", s.ShowAnswer(f)
	if f.HasBrute && !s.SolverDistribution {
		who, shown = "brute force's answer", s.ShowBrute(f)
	}
	return fmt.Sprintf("the referee's mean %.9g over %d runs, the %s %s: p = %.3g ≤ %.3g",
		j.Tally.Mean, j.Tally.N, who, shown, j.PValue, j.Alpha)
}

// referee runs the referee on input and tests its outcomes against answer,
// or against the solver's distribution d (SolverDistribution).
func (s *Stress) referee(ctx context.Context, input []byte, seed int64, answer float64, against *distribution, alpha float64) (*Judgement, *Fault, error) {
	args := []string{strconv.FormatInt(seed, 10), strconv.FormatInt(s.Runs, 10)}
	out, fault, err := run(ctx, RoleReferee, s.Referee, args, input)
	if err != nil || fault != nil {
		return nil, fault, err
	}
	if against != nil {
		tally, counts, perr := refereeCounts(out, s.Runs)
		if perr != nil {
			return nil, &Fault{Role: RoleReferee, Verdict: props.OutputFormat, Command: commandLine(s.Referee, args), Detail: perr.Error()}, nil
		}
		test := TestDistribution
		if !s.SolverDistribution {
			test = TestBruteDistribution
		}
		j := judgeDistribution(tally, counts, *against, alpha)
		j.Test = test
		return &j, nil, nil
	}
	lo, hi := s.outcomeRange()
	tally, perr := parseOutcomes(out, s.Runs, s.Quantity, lo, hi)
	if re := (*rangeError)(nil); errors.As(perr, &re) && s.Quantity == Expectation {
		return nil, &Fault{Role: RoleReferee, Verdict: props.OutputFormat, Command: commandLine(s.Referee, args), Assumption: assumptionFlag(re, lo), Detail: re.Error()}, nil
	}
	if perr != nil {
		return nil, &Fault{Role: RoleReferee, Verdict: props.OutputFormat, Command: commandLine(s.Referee, args), Detail: perr.Error()}, nil
	}
	slack := s.slack(answer)
	var j Judgement
	if s.Quantity == Probability {
		j = judgeProbability(tally, answer, slack, alpha)
	} else {
		j = judgeExpectation(tally, answer, slack, alpha, lo, hi)
	}
	return &j, nil, nil
}
