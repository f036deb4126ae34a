package cli

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/chancecheck/chancecheck/answer"
	"github.com/chancecheck/chancecheck/programs"
	"github.com/chancecheck/chancecheck/props"
)

// writeStressText prints a stress run's result: what was run and under
// which budget, then the verdict with the input, the answers and the
// reproductions. It prints no timings: the same seed prints the same bytes.
func writeStressText(w io.Writer, s *programs.Stress, o *programs.Result) {
	defer writeRunsNotReproduced(w, o)
	params := "no parameters"
	if len(s.Params) > 0 {
		var ps []string
		for _, p := range s.Params {
			ps = append(ps, p.String())
		}
		params = "params " + strings.Join(ps, " ")
	}
	fmt.Fprintf(w, "stress: %s, %d case(s) from %s (%s), seed %d, %d referee runs a check\n",
		s.Quantity, s.Cases, s.Generator, params, s.Seed, s.Runs)
	if s.Tests > 1 {
		fmt.Fprintf(w, "inputs: up to %d cases an input for the solver and the brute force, under a count line (one answer line a case); the referee plays each case alone; a case failing in a pack is judged again alone, under a count line of 1\n", s.Tests)
	}
	if s.GeneratorWritesTests {
		fmt.Fprintf(w, "inputs: the generator writes its test cases (a count line, then t cases of as many lines each): the solver and the brute force read its output whole (one answer line a case); the referee plays each case alone; a case failing in it is judged again alone, under a count line of 1\n")
	}
	test := programs.TestBinomial
	switch {
	case s.SolverDistribution:
		test = programs.TestDistribution
	case s.BruteDistribution && !(s.MaxOutcome > s.MinOutcome):
		test = programs.TestBruteDistribution
	case s.BruteDistribution:
		test = fmt.Sprintf("%s; where the brute force gives none, %s; outcomes stated to lie in [%g, %g]", programs.TestBruteDistribution, programs.TestBernstein, s.MinOutcome, s.MaxOutcome)
	case s.Quantity == programs.Expectation:
		test = fmt.Sprintf("%s; outcomes stated to lie in [%g, %g]", programs.TestBernstein, s.MinOutcome, s.MaxOutcome)
	}
	hypothesis := fmt.Sprintf("the true value is within %s of the answer", s.Tolerance)
	if s.Answer.Kind.Exact() {
		hypothesis = "the true value is the answer's exact value"
	}
	if s.SolverDistribution {
		hypothesis = "the referee's outcomes follow the solver's distribution (the mass it leaves out allowed for)"
	}
	if s.BruteDistribution {
		hypothesis = "the referee's outcomes follow the brute force's distribution (the mass it leaves out allowed for)"
	}
	fmt.Fprintf(w, "statistical test: %s; hypothesis: %s\n", test, hypothesis)
	writeStressAnswerKind(w, s)
	b := o.Budget
	stat := b.Alpha - b.ReadBack
	fmt.Fprintf(w, "false-alarm budget α = %.3g (Bonferroni): ", b.Alpha)
	if b.ReadBack > 0 {
		fmt.Fprintf(w, "%.3g to residues read back by coincidence, the rest to the statistical checks: ", b.ReadBack)
	}
	fmt.Fprintf(w, "%.3g over the search's %d check(s), %.3g each; %.3g over the re-confirmation and up to %d shrinking tries, %.3g each\n",
		stat/2, b.Search, b.PerSearch, stat/2, b.Shrink-1, b.PerShrink)
	if least, median, largest := o.MinDetectableRange(); !math.IsNaN(least) {
		fmt.Fprintf(w, "smallest difference the search's checks could see (detected with probability about 1/2): %.3g to %.3g, median %.3g, over %d check(s)\n",
			least, largest, median, len(o.MinDetectable))
	}
	if s.Brute != nil {
		fmt.Fprintf(w, "brute force: answered %d case(s), out of time or cannot judge on %d (judged by the referee alone there)\n", o.BruteCompared, o.BruteSkipped)
	}
	if o.BruteResidues > 0 {
		fmt.Fprintf(w, "WARNING: the brute force printed a residue, not p/q, on %d case(s) (the first: %s): the fraction behind it is unknown (it reads back as no small fraction), "+
			"so the referee could not test it there; have the brute force print the exact fraction p/q (chancecheck takes its residue)\n", o.BruteResidues, o.BruteResidueNote)
	}
	if n := o.RefereeSkipped - o.NotJudgedSlow; n > 0 {
		fmt.Fprintf(w, "referee: out of time (also when run again alone: too big to simulate; --program-timeout) or cannot judge on %d case(s), judged by the brute force alone there\n", n)
	}
	if o.NotJudged > 0 {
		fmt.Fprintf(w, "not judged: %d case(s) nobody could judge, neither a failure nor a pass (%s)\n", o.NotJudged, o.NotJudgedNote)
	}
	switch {
	case o.Fault != nil:
		f := o.Fault
		what := fmt.Sprintf("failed (%s)", f.Verdict)
		if f.Inconsistent {
			what = "is inconsistent"
		}
		if f.Assumption != "" {
			fmt.Fprintf(w, "\nSTOPPED after %d case(s): the stated assumption %s failed, which is not the solver's fault (nor the referee's output format)\ncommand: %s\n%s%s\n",
				o.Judged, f.Assumption, f.Command, ensureNewline(f.Detail), programs.AssumptionAdvice(f.Assumption))
			if f.Generator != "" {
				fmt.Fprintf(w, "input (%s), %d bytes:\n%s", f.Generator, len(f.Input), ensureNewline(clipInput(f.Input)))
				fmt.Fprintf(w, "reproduce:\n  %s | %s\n", f.Generator, f.Command)
			}
			return
		}
		fmt.Fprintf(w, "\nSTOPPED after %d case(s): the %s %s, which is not the solver's fault\ncommand: %s\n%s",
			o.Judged, f.Role, what, f.Command, ensureNewline(f.Detail))
		if f.NoProgramTakes {
			fmt.Fprintf(w, "input, %d bytes:\n%s", len(f.Input), ensureNewline(clipInput(f.Input)))
			fmt.Fprintf(w, "reproduce:\n  %s | %s\n  %s | %s SEED %d\n", f.Command, s.Solver, f.Command, s.Referee, s.Runs)
		}
		if f.Generator != "" {
			fmt.Fprintf(w, "input (%s), %d bytes:\n%s", f.Generator, len(f.Input), ensureNewline(clipInput(f.Input)))
			fmt.Fprintf(w, "reproduce:\n  %s | %s\n", f.Generator, f.Command)
		}
		if f.Validator != "" {
			fmt.Fprintf(w, "input, %d bytes:\n%s", len(f.Input), ensureNewline(clipInput(f.Input)))
			fmt.Fprintf(w, "reproduce:\n  %s | %s\n", f.Command, f.Validator)
		}
		if o.First != nil {
			fmt.Fprintf(w, "\nthe solver failed on this input too:")
			writeStressFailure(w, s, o)
			return
		}
		fmt.Fprintln(w)
	case o.NotReproduced != nil:
		f := o.NotReproduced
		fmt.Fprintf(w, "\nNOT REPRODUCED: case %d%s failed the referee's test (%s), but fresh referee runs did not confirm it", f.Index+1, climbedFrom(f), f.Detail)
		if c := o.Confirmation; c != nil {
			fmt.Fprintf(w, " (p = %s > %.3g)", pValue(c.PValue), c.Alpha)
		}
		fmt.Fprintf(w, ": not reported as a bug; a chance failure, or a difference near the smallest the test can see\ninput (%s):\n%s", genLine(s, f.Case), ensureNewline(clipInput(f.Input)))
	case o.Interrupted && o.First == nil:
		fmt.Fprintf(w, "\nINTERRUPTED after %d of %d case(s): no verdict on any program\n", o.Judged, s.Cases)
		if f := o.Unsettled(); f != nil {
			fmt.Fprintf(w, "found so far, not confirmed before the interruption: case %d%s, %s (%s)\ninput (%s):\n%s",
				f.Index+1, climbedFrom(f), f.Kind, strings.TrimSpace(f.Detail), genLine(s, f.Case), ensureNewline(clipInput(f.Input)))
		}
	case o.NothingJudged():
		fmt.Fprintf(w, "\nNOTHING JUDGED: nobody could judge any of the %d case(s): no verdict on the solver\n", o.Judged)
		writeNeverJudged(w, o.NeverJudged)
	case o.TooFewJudged():
		fmt.Fprintf(w, "\nTOO FEW JUDGED: %s; every case judged agreed, %d not judged: no verdict on the solver%s\n", o.Share, o.NotJudged, runsNotReproducedCaveat(o))
		writeNeverJudged(w, o.NeverJudged)
	case o.First == nil && o.NotJudged > 0:
		fmt.Fprintf(w, "\nevery case judged agreed: %d of %d case(s); %d not judged%s\n", o.Judged-o.NotJudged, o.Judged, o.NotJudged, runsNotReproducedCaveat(o))
		writeNeverJudged(w, o.NeverJudged)
	case o.First == nil:
		fmt.Fprintf(w, "\nevery case agreed: %d case(s)%s\n", o.Judged, runsNotReproducedCaveat(o))
	default:
		writeStressFailure(w, s, o)
		return
	}
	if t := climbedCases(o); t != "" {
		fmt.Fprintf(w, "climbing: %s\n", strings.TrimPrefix(strings.TrimSuffix(t, ")"), " ("))
	}
}

// writeStressFailure prints the first failure, shrunk.
func writeStressFailure(w io.Writer, s *programs.Stress, o *programs.Result) {
	f, found := o.First, o.Found
	fmt.Fprintf(w, "\nFAILED: %s", f.Kind)
	if f.Kind != programs.ProgramsDisagree {
		fmt.Fprintf(w, " (%s)", f.Verdict)
	}
	if c := o.Confirmation; c != nil {
		fmt.Fprintf(w, ", confirmed on fresh referee runs (p = %s ≤ %.3g)", pValue(c.PValue), c.Alpha)
	}
	fmt.Fprintf(w, "\nfound on case %d of %d%s: %s (%d bytes)\n", found.Index+1, s.Cases, climbedFrom(found), genLine(s, found.Case), len(found.Input))
	if s.Climb != 0 && found.Index >= 0 {
		fmt.Fprintf(w, "found by: %s%s\n", searchOf(found.Climbed), climbedCases(o))
	}
	st := o.Shrink
	if f != found {
		fmt.Fprintf(w, "shrunk in %d tries, %d step(s), to %s (%d bytes)\n", st.Tries, st.Steps, genLine(s, f.Case), len(f.Input))
	} else if st.Tries > 0 || st.Note == "" {
		fmt.Fprintf(w, "no smaller case failed the same way in %d tries\n", st.Tries)
	}
	if st.Note != "" {
		fmt.Fprintf(w, "(%s)\n", st.Note)
	}
	if o := st.Other; o != nil {
		fmt.Fprintf(w, "(while shrinking, %s failed another way: %s (%s); not followed)\n", genLine(s, o.Case), o.Kind, o.Verdict)
	}
	if f.PackNote != "" {
		fmt.Fprintf(w, "(%s)\n", f.PackNote)
	}
	if p := f.Pack; p != nil && p.Only {
		writeStressPackFailure(w, s, f)
		return
	}
	fmt.Fprintf(w, "\ninput:\n%s", ensureNewline(clipInput(f.Input)))
	if f.HasAnswer && s.SolverDistribution {
		fmt.Fprintf(w, "the solver's answer and distribution:\n%s", ensureNewline(f.Stdout))
	} else if f.HasAnswer && s.Answer.Kind.Exact() {
		fmt.Fprintf(w, "the solver's answer: %s\n", s.ShowAnswer(f))
	} else if f.HasAnswer {
		fmt.Fprintf(w, "the solver's answer: %s\n", strings.TrimSpace(f.Stdout))
	} else if f.Stdout != "" {
		fmt.Fprintf(w, "the solver's output:\n%s", ensureNewline(f.Stdout))
	}
	if f.HasBrute {
		fmt.Fprintf(w, "the brute force's answer: %s\n", s.ShowBrute(f))
	}
	if j := f.Agreement; j != nil {
		against := "the solver's answer " + s.ShowAnswer(f)
		switch {
		case s.SolverDistribution:
			against = fmt.Sprintf("the solver's distribution, of mean %.12g", j.Answer)
		case f.HasBrute:
			against = "the brute force's answer " + s.ShowBrute(f)
		}
		if s.Answer.Kind.Exact() && j.Answer != math.Trunc(j.Answer) {
			against += fmt.Sprintf(" ≈ %.12g", j.Answer)
		}
		fmt.Fprintf(w, "the referee: mean %.6g over %d runs, %.6g%% interval [%.6g, %.6g]; against %s: p = %s, this check's share of α %.3g; smallest difference it could see %.3g\n",
			f.RefereeTally.Mean, f.RefereeTally.N, 100*(1-j.Alpha), j.CILow, j.CIHigh, against, pValue(j.PValue), j.Alpha, j.MinDetectable)
		if hint := s.ResidueHint(f); hint != "" {
			fmt.Fprintln(w, hint)
		}
		if a := s.ReadBackAssumption(f); a != "" {
			fmt.Fprintln(w, a)
		}
	}
	if f.Detail != "" && (f.Agreement == nil || f.Agreement.Pass) {
		fmt.Fprintf(w, "%s: %s\n", f.Verdict, strings.TrimSpace(f.Detail))
	}
	if f.Verdict == props.TimeLimit {
		fmt.Fprintf(w, "(the limit is CPU time, set by --timeout: the solver's and every process it starts; a time limit is not run again)\n")
	}
	if note := wrongAnswerNote(s, f); note != "" {
		fmt.Fprintln(w, note)
	}
	fmt.Fprintf(w, "\nreproduce:\n  %s | %s\n", solverLine(s, f.Case), s.Solver)
	if s.Brute != nil {
		fmt.Fprintf(w, "  %s | %s\n", solverLine(s, f.Case), s.Brute)
	}
	if f.Agreement != nil {
		fmt.Fprintf(w, "  %s | %s %d %d\n", genLine(s, f.Case), s.Referee, f.RefereeSeed, s.Runs)
	}
	if f.Kind == programs.ProgramsDisagree {
		fmt.Fprintf(w, "the referee and the brute force cannot both be right here: fix the wrong one before judging the solver\n")
	}
}

// solverLine is the command line that prints what the solver and the
// brute force read for c: the generator's, under a count line of 1 when
// inputs are packed (--tests).
func solverLine(s *programs.Stress, c programs.Case) string {
	if s.Tests > 1 || s.GeneratorWritesTests {
		return "(echo 1; " + genLine(s, c) + ")"
	}
	return genLine(s, c)
}

// writeStressPackFailure prints a failure of the solver on a pack of
// cases that each pass alone: the pack and how to make it again.
func writeStressPackFailure(w io.Writer, s *programs.Stress, f *programs.Failure) {
	p := f.Pack
	fmt.Fprintf(w, "%s: %s\n", f.Verdict, strings.TrimSpace(f.Detail))
	fmt.Fprintf(w, "\nthe pack, %d cases, %d bytes:\n%s", p.Cases, len(p.Input), ensureNewline(clipInput(p.Input)))
	if f.Stdout != "" && f.Input != nil && string(f.Input) != string(p.Input) {
		fmt.Fprintf(w, "the solver's answer line for case %d of the pack: %s", p.At+1, ensureNewline(f.Stdout))
	}
	if s.GeneratorWritesTests && len(p.Members) > 0 {
		whole := p.Members[0]
		whole.Test = 0
		fmt.Fprintf(w, "\nreproduce:\n  %s | %s\n", genLine(s, whole), s.Solver)
		return
	}
	lines := []string{fmt.Sprintf("echo %d", p.Cases)}
	for _, c := range p.Members {
		lines = append(lines, genLine(s, c))
	}
	fmt.Fprintf(w, "\nreproduce:\n  (%s) | %s\n", strings.Join(lines, "; "), s.Solver)
}

// genLine is the generator's command line for c; for one test case of a
// generator that writes several, with its lines cut out by sed.
func genLine(s *programs.Stress, c programs.Case) string {
	args := c.Args(s.Params)
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = programs.ShellQuote(a)
	}
	line := s.Generator.String() + " " + strings.Join(q, " ")
	if c.Test > 0 {
		line += fmt.Sprintf(" | sed -n '%d,%dp'", c.First, c.Last)
	}
	return line
}

// clipInput is an input as the text output shows it: whole up to 4 KB, else
// its start and how much more there is (the generator's command line
// prints it all again).
func clipInput(in []byte) string {
	const limit = 4096
	if len(in) <= limit {
		return string(in)
	}
	return fmt.Sprintf("%s\n… (%d more bytes: run the generator's command line above for all of it)", in[:limit], len(in)-limit)
}

// writeStressAnswerKind says what kind of answer the solver prints and,
// for a residue, how the referee judges it and what that assumes.
func writeStressAnswerKind(w io.Writer, s *programs.Stress) {
	r := s.Answer
	if !r.Kind.Exact() {
		return
	}
	fmt.Fprintf(w, "answers: %s, compared exactly with the brute force's (which prints p/q or an integer)\n", r)
	if !r.ReadsBack() {
		return
	}
	b, err := s.Bounds()
	if err != nil {
		return
	}
	fmt.Fprintf(w, "residues judged by the referee: read back as the one fraction %s, unique since 2·%d·%d < %d; "+
		"such a verdict assumes the exact answer is such a fraction: a residue that reads back as none is not judged, "+
		"and the residue of an answer with a larger denominator reads back as an unrelated fraction with chance about %.2g an input (--max-denominator sets q's bound; up to %d is unique)\n",
		b, b.N, b.D, r.Modulus, b.Coincidence(), answer.UniqueDenominator(r.Modulus, b.Low, b.High))
	if capped := s.ReadBackCapped(); capped != "" {
		fmt.Fprintln(w, capped)
	}
	if off := s.ReadBackOff(); off != "" {
		fmt.Fprintln(w, off)
	}
}

// runsNotReproducedCaveat is what an all-clear must say on its own line
// when runs ran out of time (or were killed) once: "" when none did.
func runsNotReproducedCaveat(o *programs.Result) string {
	if n := len(o.NotReproducedRuns); n > 0 {
		return fmt.Sprintf(" (but %d run(s) ran out of time or were killed once, not when run again: see \"not reproduced\")", n)
	}
	return ""
}

// writeRunsNotReproduced lists the runs whose fault did not recur when
// run again alone: no verdict on anyone, but said.
func writeRunsNotReproduced(w io.Writer, o *programs.Result) {
	if len(o.NotReproducedRuns) == 0 {
		return
	}
	fmt.Fprintf(w, "not reproduced: %d run(s) ran out of time or were killed from outside beside other runs, and not when %s (the machine's doing, no fault of anyone):\n", len(o.NotReproducedRuns), props.StressAlone.Phrase())
	for _, r := range o.NotReproducedRuns {
		fmt.Fprintf(w, "  %s\n", r)
	}
}

// wrongAnswerNote is what a wrong answer found without a validator must
// say (programs.UnvalidatedNote); "" for another verdict, or with one.
func wrongAnswerNote(s *programs.Stress, f *programs.Failure) string {
	if s.Validator != nil || f == nil || f.Verdict != props.WrongAnswer {
		return ""
	}
	return programs.UnvalidatedNote
}

// climbedFrom says how the climber drew a failing case: " (climbed from
// case 12 toward a higher error score)"; "" for a uniform draw.
func climbedFrom(f *programs.Failure) string {
	if f.Climbed == nil {
		return ""
	}
	return fmt.Sprintf(" (climbed from case %d toward %s)", f.Climbed.From+1, f.Climbed.Target.Goal())
}

// climbedCases says how many of a stress run's cases were climbed: " (24
// of the 80 cases judged were climbed: error 18, time 6)"; "" when none.
func climbedCases(o *programs.Result) string {
	return climbedShare(o.Climbed, func(n int) string { return fmt.Sprintf("%d of the %d cases judged were climbed", n, o.Judged) })
}
