package programs

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/chancecheck/chancecheck/answer"
	"github.com/chancecheck/chancecheck/props"
)

// judging is the context of one board's judging: it ends with ctx (the
// run's end, the board's budget: props.Spec.WithContext) or with the game's
// own (Ctrl-C), whichever ends first, so that a brute force past the
// board's budget is killed rather than left running beside the next ones.
func (g *programGame) judging(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancelCause(ctx)
	stop := context.AfterFunc(g.ctx, func() { cancel(context.Cause(g.ctx)) })
	return ctx, func() { stop(); cancel(nil) }
}

// answer is the analyst: the brute force's answer to in.
func (g *programGame) answer(ctx context.Context, in Input) (props.Solution, error) {
	if err := g.drawnFault(in); err != nil {
		return props.Solution{}, err
	}
	ctx, done := g.judging(ctx)
	defer done()
	out, fault, err := run(ctx, RoleBrute, g.Brute, nil, g.packed([]Input{in}))
	if err != nil && ctx.Err() != nil {
		return props.Solution{}, fmt.Errorf("the brute force %s: %w", g.Brute, err) // an interruption is no verdict
	}
	if err == nil && saysNothing(fault) {
		// A brute force is for small inputs: out of time (or idle), or
		// saying it cannot judge this one (cannotjudge.go), it does not
		// judge it, which is nobody's fault (check skips it).
		return props.Solution{}, sayNothingError("the brute force "+g.Brute.String(), fault)
	}
	if err == nil && fault != nil {
		err = fault
	}
	var sol props.Solution
	if err == nil {
		sol, err = bruteSolution(g.GameSpec, out)
	}
	if err != nil && !errors.Is(err, props.ErrStart) && !errors.Is(err, props.ErrCannotJudge) {
		// Before the brute force is blamed: an input the referee
		// fails on too is one no program takes, the generator's.
		if blame := noProgramTakes(ctx, g.GameSpec, in, err); blame != nil {
			return props.Solution{}, blame
		}
	}
	if err != nil {
		return props.Solution{}, err
	}
	sol.Oracle = "the brute force " + g.Brute.String()
	return sol, nil
}

// solve is the answer, which for an exact kind must come with its
// fraction.
func (g *programGame) solve(ctx context.Context, in Input) (props.Solution, error) {
	sol, err := g.answer(ctx, in)
	if err == nil && sol.Exact.Exact != nil && sol.Fraction == nil { // a residue printed as one
		err = fmt.Errorf("the brute force %s printed the residue %s, whose fraction is unknown: %w (have it print p/q)", g.Brute, sol.Exact, props.ErrCannotJudge)
	}
	return sol, err
}

// noProgramTakes runs the referee on in, which the brute force failed on
// (bruteErr): when the referee fails on it too, no program takes the
// input, and the error returned blames the generator that printed it
// (its Args say with which arguments); nil when the
// referee plays it, and the brute force is to blame, or when it runs out
// of time (or idles) on it, which says nothing of the input (saysNothing),
// as in stress (inputOnTrial).
func noProgramTakes(ctx context.Context, g GameSpec, in Input, bruteErr error) error {
	args := []string{"1", "1"}
	out, fault, err := run(ctx, RoleReferee, g.Referee, args, []byte(in.Text))
	if err != nil || saysNothing(fault) { // out of time, the referee says nothing of the input
		return nil
	}
	why := ""
	switch {
	case fault != nil:
		why = fmt.Sprintf("the referee failed (%s): %s", fault.Verdict, strings.TrimSpace(fault.Detail))
	default:
		if _, perr := outcomeList(out, 1); perr != nil {
			why = "the referee " + perr.Error()
		}
	}
	if why == "" {
		return nil
	}
	gen := "the generator"
	if in.Args != "" {
		gen = commandLine(g.Generator, strings.Fields(in.Args))
	}
	return generatorFault{fmt.Errorf("the generator's fault: no program takes the input of %s: %v, and %s (run with %s); "+
		"its output is likely not a valid input (--validator checks each one)", gen, bruteErr, why, strings.Join(args, " "))}
}

// exactSolution reads an exact brute force's answer (p/q or an integer):
// the fraction, or for a residue printed as such, the residue alone.
func exactSolution(g GameSpec, out []byte) (props.Solution, error) {
	v, x, err := g.Answer.ParseExact(out)
	switch {
	case errors.Is(err, answer.ErrNoResidue):
		return props.Solution{}, fmt.Errorf("the brute force %s: %w: %w (the problem promises a denominator prime to the modulus)", g.Brute, props.ErrCannotJudge, err)
	case err != nil:
		return props.Solution{}, fmt.Errorf("the brute force %s: %w", g.Brute, err)
	case x == nil:
		return props.Solution{Exact: v}, nil
	}
	f, _ := x.Float64()
	return props.Solution{Value: f, Fraction: x, Exact: v}, nil
}

// distributionSolution reads a brute force's answer and distribution
// (GameSpec.BruteDistribution), as stress does.
func distributionSolution(g GameSpec, out []byte) (props.Solution, error) {
	b, d, fault := g.readBruteDistribution(out)
	if fault != nil {
		return props.Solution{}, fault
	}
	sol := props.Solution{Value: d.Answer, Fraction: b.frac, PMF: d.PMF, PMFTail: d.Tail}
	if b.value.Exact != nil { // a float answer's Solution has no exact value
		sol.Exact = b.value
	}
	return sol, nil
}

// bruteSolution reads the brute force's output as the game's kind of
// answer: a decimal number, an exact answer (exactSolution), or either with
// its distribution (distributionSolution).
func bruteSolution(g GameSpec, out []byte) (props.Solution, error) {
	if g.BruteDistribution {
		return distributionSolution(g, out)
	}
	return g.answerJudge().readBrute(g, out)
}
