package programs

import (
	"context"
	"fmt"
	"math/big"
	"slices"

	"github.com/chancecheck/chancecheck/props"
)

// settle re-confirms a statistical failure and shrinks what holds. It
// returns true when the search is to go on: the failure could not be
// confirmed, the referee out of time (or idle) on its re-confirming run,
// and, as on a case the referee runs out of time on, the brute force's
// answer, where there is one, does not fail the solver (notConfirmed).
//
// The re-confirmation plays fresh referee runs against the answers the
// failure was found with, not against a new run of the solver: a solver
// that answers the same input differently from run to run (uninitialised
// memory, a clock-seeded random number) would otherwise pass it by
// luck. The solver is run once more all the same, and a different answer
// is a failure of its own, which is not shrunk: every try of it could pass
// by chance.
func (s *Stress) settle(ctx context.Context, out *Result) (bool, error) {
	found := out.Found
	if packOnly(found) {
		out.First = found
		out.Shrink = ShrinkStats{Note: "not shrunk: it fails in a pack, not alone, and shrinking judges cases alone"}
		return false, nil
	}
	if found.Kind.statistical() {
		if found.Kind == RefereeDisagrees {
			unstable, err := s.rerunSolver(ctx, found)
			if err != nil {
				return false, err
			}
			if unstable != nil {
				out.Found, out.First = unstable, unstable
				out.Shrink = ShrinkStats{Note: "a solver whose answers change from run to run is not shrunk: any try could pass by chance"}
				return false, nil
			}
		}
		seed := derive(s.Seed, domainShrink, 0)
		confirmed, fault, err := s.reconfirm(ctx, found, seed, out.Budget.PerShrink)
		switch {
		case err != nil:
			return false, err
		case saysNothing(fault):
			// No check was made, so none of the budget is spent: the
			// failure is neither confirmed nor refuted, and the case is
			// one the referee ran out of time on (classify).
			if found = s.notConfirmed(out, found, fault); found == nil {
				return true, nil
			}
			out.Found = found // the brute force's answer fails the solver: shrunk as such
		case fault != nil:
			out.Fault = fault
			return false, nil
		}
		if confirmed != nil {
			out.Confirmation = confirmed.Agreement
			if confirmed.Agreement.Pass {
				out.NotReproduced, out.Found = found, nil
				return false, nil
			}
			found = confirmed // the confirmed run: fresh referee runs
			out.Found = found
		}
	}
	shrunk, stats, err := s.shrink(ctx, found, out.Budget.PerShrink)
	if err != nil {
		return false, err
	}
	if shrunk != nil && shrunk.PackNote == "" {
		shrunk.PackNote = found.PackNote // a pack's trouble says what the failure may mean
	}
	out.Shrink, out.First = stats, shrunk
	out.Interrupted = ctx.Err() != nil // while shrinking: First is confirmed all the same
	if found.Kind.restsOnBrute() && !out.Interrupted {
		return s.trustBrute(ctx, out)
	}
	return false, nil
}

// trustBrute withdraws out's failure, which rests on the brute force's
// answer, when the brute force was seen inconsistent while shrinking, or
// is now on the failure's input, run until it has answered it
// props.TrustRuns times in all: the brute force's fault is then the
// verdict. A re-check out of time judges nobody: the failure is withdrawn
// and the case counted as not judged; true then, for the search goes on.
func (s *Stress) trustBrute(ctx context.Context, out *Result) (bool, error) {
	fault := out.Shrink.Inconsistent
	f := out.First
	if fault == nil {
		var recheck string
		var err error
		fault, recheck, err = s.bruteAgain(ctx, f.Input, f, props.TrustRuns-props.OracleRuns)
		switch {
		case err != nil && ctx.Err() != nil:
			out.Interrupted = true
			return false, nil
		case err != nil:
			return false, err
		case recheck != "":
			out.Found, out.First, out.Shrink = nil, nil, ShrinkStats{}
			out.NotJudged++
			if out.NotJudgedNote == "" {
				out.NotJudgedNote = fmt.Sprintf("case %d: %s (re-checked before the verdict)", f.Index+1, recheck)
			}
			return true, nil
		}
		if fault != nil && fault.Input == nil {
			fault.Input, fault.Generator = f.Input, commandLine(s.Generator, f.Case.Args(s.Params))
		}
	}
	if fault != nil {
		out.Fault, out.Found, out.First = fault, nil, nil
		return false, nil
	}
	return false, s.refereeOnTrust(ctx, out)
}

// refereeOnTrust plays the referee on the input of out's failure, shrunk
// without it (a deterministic failure is shrunk by the brute force alone),
// against the brute force's answer: runs that reject it withdraw the blame
// from the solver (props/trust.go), and the failure is the referee's and
// the brute force's disagreement. It takes the share of the budget a
// deterministic failure leaves unused, the re-confirmation's. A referee
// out of time, or that cannot judge the input, says nothing; another fault
// of it is reported beside the solver's failure.
func (s *Stress) refereeOnTrust(ctx context.Context, out *Result) error {
	f := out.First
	if f.Kind != BruteDisagrees || f.Agreement != nil {
		return nil // the search's referee judged this input already
	}
	reference, ok, _ := s.target(f)
	if !ok || s.against(f) == nil && !s.hasRange() {
		return nil
	}
	seed := derive(s.Seed, domainShrink, uint64(s.shrinkTries())+1)
	j, tally, fault, err := s.referee(ctx, f.Input, seed, reference, s.against(f), out.Budget.PerShrink)
	switch {
	case err != nil && ctx.Err() != nil:
		out.Interrupted = true
		return nil
	case err != nil:
		return err
	case saysNothing(fault):
		return nil
	case fault != nil:
		fault.Input, fault.Generator = f.Input, commandLine(s.Generator, f.Case.Args(s.Params))
		out.Fault = fault
		return nil
	case j.Pass:
		return nil
	}
	disagree := *f
	disagree.Kind, disagree.Agreement, disagree.RefereeSeed, disagree.RefereeTally = ProgramsDisagree, j, seed, tally
	disagree.Detail = s.refereeDetail(&disagree, j)
	out.First = &disagree
	return nil
}

// notConfirmed takes the statistical failure found, whose re-confirming
// referee run ended out of time (fault), as a case the referee ran out of
// time on: judged by the brute force alone where it answered, else counted
// as one nobody could judge. It returns the brute force's failure of the
// solver, or nil: no failure (out.Found cleared), the search goes on.
func (s *Stress) notConfirmed(out *Result, found *Failure, fault *Fault) *Failure {
	out.Found = nil
	out.RefereeSkipped++
	if found.HasBrute {
		if s.bruteAgrees(found) {
			return nil
		}
		// The brute force's answer was re-checked when the search judged
		// the case (bruteAgain).
		f := *found
		f.Kind, f.Verdict, f.Agreement, f.RefereeSeed, f.RefereeTally = BruteDisagrees, props.WrongAnswer, nil, 0, Tally{}
		var fraction *big.Rat
		f.Detail, fraction = s.bruteDisagreement(found)
		if f.Fraction == nil {
			f.Fraction = fraction
		}
		return &f
	}
	out.NotJudged++
	out.NotJudgedSlow++
	if out.NotJudgedNote == "" {
		out.NotJudgedNote = fmt.Sprintf("case %d: %s (%s), then the referee, run again with fresh seeds to confirm it, %s (--program-timeout): the failure could not be confirmed, so nobody is judged on this input",
			found.Index+1, found.Kind, firstLine(found.Detail), fault.why())
	}
	return nil
}

// rerunSolver runs the solver on f's input again: nil when it gives the
// same answer (and distribution) as the first time, else the failure of a
// solver whose answer changes, with both answers.
func (s *Stress) rerunSolver(ctx context.Context, f *Failure) (*Failure, error) {
	out, fault, err := run(ctx, RoleSolver, s.Solver, nil, s.solverInput(f.Input))
	if err != nil {
		return nil, err
	}
	again := *f
	again.Agreement, again.RefereeTally, again.Kind, again.Verdict = nil, Tally{}, SolverFault, props.WrongAnswer
	if fault != nil {
		again.Verdict = fault.Verdict
		again.Detail = fmt.Sprintf("it answered %.12g on this input, then, run again on the same input: %s", f.Answer, fault.Detail)
		return &again, nil
	}
	d, perr := s.readAnswer(out)
	switch {
	case perr != nil:
		again.Verdict, again.Detail = props.OutputFormat, fmt.Sprintf("it answered %s on this input, then, run again on the same input: %v", s.ShowAnswer(f), perr)
	case d.Answer != f.dist.Answer || !d.Value.Equal(f.dist.Value) || d.Tail != f.dist.Tail || !slices.Equal(d.PMF, f.dist.PMF):
		again.Detail = fmt.Sprintf("it answered %s on this input, then %s on the same input: a solver must give the same answer to the same input (uninitialised memory, or randomness not seeded from the input?)", s.ShowAnswer(f), s.show(d.Value, nil))
	default:
		return nil, nil
	}
	again.Stdout = clipOutput(string(out))
	return &again, nil
}

// reconfirm plays fresh referee runs (seed) against the answers f was
// found with: the copy of f it returns carries the new judgement, which
// passes when the failure did not reproduce.
func (s *Stress) reconfirm(ctx context.Context, f *Failure, seed int64, alpha float64) (*Failure, *Fault, error) {
	c := *f
	reference, ok, why := s.target(&c)
	if !ok { // the search judged f by the referee: its target read back then
		return nil, nil, fmt.Errorf("stress: re-confirming: %s", why)
	}
	j, tally, fault, err := s.referee(ctx, f.Input, seed, reference, s.against(f), alpha)
	if err != nil || fault != nil {
		return nil, fault, err
	}
	c.Agreement, c.RefereeSeed, c.RefereeTally = j, seed, tally
	c.Detail = s.refereeDetail(&c, j)
	return &c, nil, nil
}
