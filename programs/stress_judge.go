package programs

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"github.com/chancecheck/chancecheck/montecarlo/estimate"
	"github.com/chancecheck/chancecheck/props"
)

// Judging a case is in two parts: runCase runs the programs and records
// what each did (caseRuns), and classify, which runs nothing, decides from
// that record who failed and how (caseVerdict). judge puts them together,
// with the runs a verdict asks for before it stands: the other programs
// asked about an input the solver failed on, the brute force run again
// before a failure rests on its answer (blame.go).

// judgeScope says which checks judge runs.
type judgeScope int

const (
	judgeAll           judgeScope = iota // every check, as the search does
	judgeDeterministic                   // no referee: for shrinking a deterministic failure
)

// judged is one case's judgement.
type judged struct {
	input                       []byte
	failure                     *Failure // nil: it passed
	fault                       *Fault   // a program other than the solver failed (with failure: on the input the solver failed on)
	agreement                   *estimate.Agreement
	bruteCompared, bruteSkipped bool
	refereeSkipped              bool   // the referee ran out of time
	notJudged                   string // why nobody could judge the case; "" when judged
	bruteResidue                string // the residue the brute force printed where p/q was expected; "" else

	closest caseClosest // what the case offers to the closest calls (stress_closest.go)
}

// judge runs the programs on case c and judges the solver. A fault of the
// referee or the brute force carries the input it was given.
//
// input is c's input when the caller has generated it already, else nil.
func (s *Stress) judge(ctx context.Context, c Case, input []byte, index int, scope judgeScope, refSeed int64, alpha float64) (r judged, err error) {
	return s.judgeWith(ctx, c, input, nil, index, scope, refSeed, alpha)
}

// judgeWith is judge with the solver's and the brute force's outputs read
// from a pack (preset; nil: they are run on the case alone).
func (s *Stress) judgeWith(ctx context.Context, c Case, input []byte, preset *packAnswers, index int, scope judgeScope, refSeed int64, alpha float64) (r judged, err error) {
	defer func() {
		if f := r.fault; f != nil && f.Role != RoleGenerator && f.Input == nil { // a validator's fault has its input
			f.Input, f.Generator = r.input, commandLine(s.Generator, c.Args(s.Params))
		}
	}()
	if input == nil {
		var fault *Fault
		var err error
		if input, fault, err = s.generate(ctx, c); err != nil || fault != nil {
			r.fault = fault
			return r, err
		}
	}
	r.input = input
	runs, err := s.runCase(ctx, c, input, preset, index, scope, refSeed, alpha)
	if err != nil {
		return r, err
	}
	r.closest = s.closestOf(runs, index, s.solverInput(input))
	v := s.classify(runs)
	r.agreement = runs.agreement
	if f := runs.f; f.HasBrute && f.BruteFraction == nil && s.rule().ReadsBack() {
		r.bruteResidue = f.BruteValue.String()
	}
	r.fault, r.notJudged = v.fault, v.notJudged
	r.bruteCompared, r.bruteSkipped, r.refereeSkipped = v.bruteCompared, v.bruteSkipped, v.refereeSkipped
	if v.kind == 0 {
		return r, nil
	}
	f := runs.f
	f.Kind, f.Verdict, f.Detail = v.kind, v.verdict, v.detail
	if f.Fraction == nil {
		f.Fraction = v.fraction
	}
	if preset != nil {
		// Judged from a pack: the case is judged again alone, follow-ups
		// and all, before anyone is blamed (stress_pack.go).
		r.failure = f
		return r, nil
	}
	switch v.then {
	case askOthers:
		// A solver's fault is its own only when the input is one: the
		// other programs are asked first.
		blame, notJudged, err := s.inputOnTrial(ctx, c, input, refSeed, fmt.Sprintf("%s: %s", f.Verdict, firstLine(f.Detail)))
		if err != nil || blame != nil && blame.Role == RoleGenerator {
			r.fault = blame
			return r, err
		}
		if notJudged != "" {
			// Nobody finished the input: the solver's failure is not
			// judged (inputOnTrial).
			r.notJudged, r.refereeSkipped = notJudged, true
			return r, nil
		}
		// The brute force or the referee failed on an input the other
		// took: its fault and the solver's failure are both reported.
		r.fault = blame
	case recheckBrute:
		// The brute force is run again before the failure stands: one that
		// changes its answer is named instead.
		if fault, recheck, err := s.bruteAgain(ctx, input, f, props.OracleRuns-1); err != nil || fault != nil || recheck != "" {
			r.fault, r.notJudged = fault, recheck
			return r, err
		}
	}
	r.failure = f
	return r, nil
}

// caseRuns is what the programs did on a case's input, as runCase ran
// them in order; a program's fault, or a solver's output nobody can read,
// ends the runs.
type caseRuns struct {
	// f is the case with what was read of the runs: the solver's answer
	// (HasAnswer) and stdout, the brute force's answer (HasBrute), the
	// referee's judgement.
	f           *Failure
	solverFault *Fault // the solver failed: a limit, a crash
	flaky       string // the solver's output was not one answer beside other runs, and was alone: the detail
	formatErr   error  // the solver's output is not one answer
	bruteFault  *Fault
	bruteSlow   bool // the brute force ran out of time
	// refereeCannot is why the referee cannot judge the input, which it
	// was not run on (the search's scope only).
	refereeCannot string
	refereeFault  *Fault
	refereeSlow   bool                // the referee ran out of time, or declined the input
	refereeWhy    string              // why, in words (Fault.why)
	agreement     *estimate.Agreement // the referee's runs tested
	// usage is the solver's clean run on the case alone (ran), for the
	// closest calls; a pack's is the pack's (judgePack).
	usage props.RunResult
	ran   bool
}

// runCase runs the solver on input, then the brute force and (for
// judgeAll) the referee, and records what each did.
func (s *Stress) runCase(ctx context.Context, c Case, input []byte, preset *packAnswers, index int, scope judgeScope, refSeed int64, alpha float64) (caseRuns, error) {
	f := &Failure{Case: c, Index: index, Input: input, Verdict: props.WrongAnswer}
	runs := caseRuns{f: f}
	out, fault, err := preset.solverOut(), (*Fault)(nil), error(nil)
	if preset == nil {
		runs.usage, fault, err = runUsage(ctx, RoleSolver, s.Solver, nil, s.solverInput(input))
		out, runs.ran = runs.usage.Stdout, err == nil && fault == nil
	}
	if err != nil {
		return runs, err
	}
	if fault != nil {
		runs.solverFault = fault
		return runs, nil
	}
	f.Stdout = clipOutput(string(out))
	dist, perr := s.readAnswer(out)
	if perr != nil && preset == nil {
		// Output cut short can be the machine's doing: confirm it alone.
		again, log, err := rerunAlone(ctx, s.Solver, nil, s.solverInput(input))
		if err != nil && ctx.Err() != nil {
			return runs, ctx.Err()
		}
		if v, _ := again.Ended(); err == nil && log != nil && v == props.Accepted {
			_, err := s.readAnswer(again.Stdout)
			// An output format is the solver's own (props.SolversOwn):
			// flaky when it did not recur, never the machine's.
			switch props.Rerun(props.OutputFormat, props.RunResult{}, err == nil) {
			case props.RerunFlaky:
				runs.flaky = props.StressAlone.Flaky(props.OutputFormat, perr.Error(), again)
				return runs, nil
			case props.Recurred:
				perr = fmt.Errorf("%w\n(confirmed: %s)", err, props.StressAlone.Phrase())
			}
		}
	}
	if perr != nil {
		runs.formatErr = perr
		return runs, nil
	}
	f.Answer, f.HasAnswer, f.dist, f.AnswerValue = dist.Answer, true, dist, dist.Value

	if s.Brute != nil {
		out, fault, err := preset.bruteOut(), (*Fault)(nil), error(nil)
		if preset == nil {
			out, fault, err = run(ctx, RoleBrute, s.Brute, nil, s.solverInput(input))
		}
		switch {
		case err != nil:
			return runs, err
		case saysNothing(fault):
			runs.bruteSlow = true
		case fault != nil:
			runs.bruteFault = fault
			return runs, nil
		default:
			b, fault := s.readBrute(out)
			if s.BruteDistribution {
				b, f.bruteDist, fault = s.readBruteDistribution(out)
			}
			if fault != nil {
				runs.bruteFault = fault
				return runs, nil
			}
			f.Brute, f.HasBrute = b.value.Float64(), true
			f.BruteValue, f.BruteFraction = b.value, b.frac
		}
	}

	if scope != judgeAll {
		return runs, nil
	}
	reference, ok, why := s.target(f)
	if ok && s.against(f) == nil && !s.hasRange() {
		ok, why = false, "no range of outcomes is stated, and the brute force gave no distribution here (out of time): the referee cannot judge this input"
	}
	if !ok {
		runs.refereeCannot = why
		return runs, nil
	}
	j, tally, fault, err := s.referee(ctx, input, refSeed, reference, s.against(f), alpha)
	switch {
	case err != nil:
		return runs, err
	case saysNothing(fault):
		runs.refereeSlow, runs.refereeWhy = true, fault.why()
	case fault != nil:
		runs.refereeFault = fault
	case j != nil && s.impossibleReadBack(f, reference, tally) != "":
		runs.refereeCannot = s.impossibleReadBack(f, reference, tally)
	case j != nil:
		runs.agreement, f.Agreement, f.RefereeSeed, f.RefereeTally = j, j, refSeed, tally
	}
	return runs, nil
}

// followUp is a run a verdict asks for before it stands.
type followUp int

const (
	settled      followUp = iota // none
	askOthers                    // the solver failed, with no validator: are the brute force and the referee given an input? (inputOnTrial)
	recheckBrute                 // the failure rests on the brute force's answer: run it again (bruteAgain)
)

// caseVerdict is what classify decides of a case.
type caseVerdict struct {
	kind     FailureKind   // the solver's failure; 0: none
	verdict  props.Verdict // the failure's: WrongAnswer, or the solver's fault
	detail   string
	fraction *big.Rat // for BruteDisagrees, the solver's residue read back (shown beside it, judged by nobody)
	fault    *Fault   // a fault of the brute force or the referee ends the case
	// notJudged is why nobody could judge the case: neither a failure nor
	// a pass.
	notJudged                                   string
	bruteCompared, bruteSkipped, refereeSkipped bool
	then                                        followUp
}

// classify decides who failed on a case, and how, from what its programs
// did. It runs nothing: a verdict that needs another run says which
// (caseVerdict.then).
func (s *Stress) classify(runs caseRuns) caseVerdict {
	var v caseVerdict
	f := runs.f
	solverFault := func(verdict props.Verdict, detail string) caseVerdict {
		v.kind, v.verdict, v.detail = SolverFault, verdict, detail
		if s.Validator == nil {
			v.then = askOthers // without a validator, is the input one?
		}
		return v
	}
	switch {
	case runs.solverFault != nil:
		return solverFault(runs.solverFault.Verdict, runs.solverFault.Detail)
	case runs.flaky != "":
		return solverFault(props.Flaky, runs.flaky)
	case runs.formatErr != nil:
		return solverFault(props.OutputFormat, runs.formatErr.Error())
	}
	v.verdict = props.WrongAnswer
	v.bruteSkipped = runs.bruteSlow // a brute force is for small inputs
	if runs.bruteFault != nil {
		v.fault = runs.bruteFault
		return v
	}
	v.bruteCompared = f.HasBrute
	switch {
	case runs.refereeSlow && !f.HasBrute:
		// Too big to simulate, and no brute force answered: nobody can
		// judge this case, which is no one's failure.
		v.refereeSkipped, v.notJudged = true, "the referee ran out of time, also when run again alone (too big to simulate; --program-timeout), and no brute force answered"
		if runs.refereeWhy != "" && !strings.HasPrefix(runs.refereeWhy, "ran out of time") {
			v.notJudged = "the referee " + runs.refereeWhy + ", and no brute force answered"
		}
		return v
	case runs.refereeSlow:
		v.refereeSkipped = true // judged by the brute force alone
	case runs.refereeFault != nil:
		v.fault = runs.refereeFault
		return v
	case runs.refereeCannot != "" && !f.HasBrute:
		v.notJudged = runs.refereeCannot
	}
	if j := runs.agreement; j != nil && !j.Pass {
		v.kind = RefereeDisagrees
		if f.HasBrute && !s.SolverDistribution {
			v.kind = ProgramsDisagree
		}
		v.detail = s.refereeDetail(f, j)
		if v.kind == ProgramsDisagree {
			v.then = recheckBrute
			return v
		}
	}
	if f.HasBrute && !s.bruteAgrees(f) {
		v.kind, v.then = BruteDisagrees, recheckBrute
		v.detail, v.fraction = s.bruteDisagreement(f)
	}
	return v
}

// bruteDisagreement says how the solver's answer in f disagrees with the
// brute force's; fraction is the solver's residue read back, where f has
// no fraction of it (shown beside it, judged by nobody).
func (s *Stress) bruteDisagreement(f *Failure) (detail string, fraction *big.Rat) {
	shown := *f
	if shown.Fraction == nil {
		fraction = s.readBack(f.AnswerValue)
		shown.Fraction = fraction
	}
	detail = fmt.Sprintf("the solver says %s, the brute force %s (%s)", s.ShowAnswer(&shown), s.ShowBrute(f), s.judgeRule())
	if hint := s.residueHint(f.Answer); hint != "" {
		detail += "\n" + hint
	}
	return detail, fraction
}
