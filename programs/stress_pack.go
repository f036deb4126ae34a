package programs

import (
	"context"
	"fmt"
	"strings"

	"github.com/chancecheck/chancecheck/props"
)

// This file holds multi-test inputs (Stress.Tests): the generator prints
// one case; the search packs up to Tests of them under a count line, the
// input format of most contest problems ("the first line holds t, the
// number of test cases"), for one run of the solver and one of the brute
// force, whose outputs are split back one answer line a case; the referee
// plays each case alone. A pack in which anything goes wrong is not
// trusted: the failing case is judged again alone (a count line of 1, then
// the case), as check judges a failing batch's boards one by one, and the
// verdict names that one case.

// packAnswers are one case's lines of a pack's outputs.
type packAnswers struct{ solver, brute []byte }

func (p *packAnswers) solverOut() []byte {
	if p == nil {
		return nil
	}
	return p.solver
}

func (p *packAnswers) bruteOut() []byte {
	if p == nil {
		return nil
	}
	return p.brute
}

// Pack is where a failure met in a pack of cases came from.
type Pack struct {
	Input []byte // the pack as the solver read it: a count line, then the cases
	Cases int    // how many cases it holds
	At    int    // the failing case's place in it, from 0
	// Members are the generator's cases the pack holds, in order.
	Members []Case
	// Only says that the solver failed on the pack and not on the case
	// alone: the failure is the pack's, and is not shrunk.
	Only bool
}

// packed reports whether the solver and the brute force read a count
// line before the cases.
func (s *Stress) packed() bool { return s.Tests > 1 || s.GeneratorWritesTests }

// solverInput is what the solver and the brute force read for one case:
// the case under a count line of 1 when inputs are packed, else the case
// as the generator printed it. The referee and the validator read the
// case alone.
func (s *Stress) solverInput(input []byte) []byte {
	if !s.packed() {
		return input
	}
	return packInput([][]byte{input})
}

// packFlag is the flag that packs cases, as a message names it.
func (s *Stress) packFlag() string {
	if s.GeneratorWritesTests {
		return "--generator-writes-tests"
	}
	return fmt.Sprintf("--tests %d", s.Tests)
}

// smallerPacks says how to make the packs smaller.
func (s *Stress) smallerPacks() string {
	if s.GeneratorWritesTests {
		return "a generator that writes fewer test cases"
	}
	return "a smaller --tests"
}

// packInput is a count line, then each input, each ending with a newline.
func packInput(inputs [][]byte) []byte {
	b := fmt.Appendf(nil, "%d\n", len(inputs))
	for _, in := range inputs {
		b = append(b, in...)
		if len(in) > 0 && in[len(in)-1] != '\n' {
			b = append(b, '\n')
		}
	}
	return b
}

// splitAnswerLines splits a pack's output into its n answer lines, each
// with its newline; an error says how many there were instead.
func splitAnswerLines(out []byte, n int) ([][]byte, error) {
	text := strings.TrimRight(strings.ReplaceAll(string(out), "\r\n", "\n"), "\n\t ")
	var lines []string
	if strings.TrimSpace(text) != "" {
		lines = strings.Split(text, "\n")
	}
	if len(lines) != n {
		return nil, fmt.Errorf("%d answer line(s) for a pack of %d cases", len(lines), n)
	}
	split := make([][]byte, n)
	for i, l := range lines {
		split[i] = []byte(l + "\n")
	}
	return split, nil
}

// packTrouble is what went wrong with a whole pack: the solver's fault or
// output (Solver), or the brute force's.
type packTrouble struct {
	solver  bool
	verdict props.Verdict
	detail  string
}

// note is the trouble as a failure found alone shows it beside itself.
func (t *packTrouble) note(n int) string {
	if t == nil || !t.solver {
		return ""
	}
	return fmt.Sprintf("on a pack of %d cases (a count line, then the cases: --tests) the solver failed first (%s: %s); a solver that reads one case only, with no count line, fails so: if the statement's input is one case, run with --tests 1",
		n, t.verdict, firstLine(t.detail))
}

// judgePack judges the search's cases lo..hi−1: one at a time, or packed
// (Tests above 1). The results end at the first that ends the search.
func (s *Stress) judgePack(ctx context.Context, lo, hi int, alpha float64) []caseResult {
	if !s.packed() {
		return []caseResult{s.judgeCase(ctx, lo, alpha)}
	}
	n := hi - lo
	cases, inputs := make([]Case, n), make([][]byte, n)
	for j := range n {
		cases[j] = drawCase(s.Params, s.Seed, lo+j)
		in, fault, err := s.generate(ctx, cases[j])
		if err != nil && ctx.Err() != nil {
			return []caseResult{{err: err}}
		}
		if err != nil || fault != nil {
			return s.alone(ctx, lo, hi, alpha, nil) // the case alone meets it again, in order
		}
		inputs[j] = in
	}
	if lo == 0 {
		if fault, err := s.deterministic(ctx, cases[0], inputs[0]); err != nil || fault != nil {
			return []caseResult{{r: judged{input: inputs[0], fault: fault}, err: err}}
		}
	}
	pack := packInput(inputs)
	answers, usage, trouble, err := s.runPack(ctx, pack, n)
	if err != nil {
		return []caseResult{{err: err}}
	}
	if trouble != nil {
		return s.alone(ctx, lo, hi, alpha, &packFailed{trouble, pack, cases})
	}
	var out []caseResult
	for j := range n {
		i := lo + j
		r, err := s.judgeWith(ctx, cases[j], inputs[j], &answers[j], i, judgeAll, derive(s.Seed, domainReferee, uint64(i)), alpha)
		if err == nil && (r.failure != nil || r.fault != nil) {
			r, err = s.narrow(ctx, s.judgeCase(ctx, i, alpha), r, Pack{Input: pack, Cases: n, At: j, Members: cases})
		}
		if j == 0 && usage.ran {
			r.closest.runs = append([]props.CloseCall{packRun(pack, lo, hi, usage.res)}, r.closest.runs...)
		}
		out = append(out, caseResult{r: r, err: err})
		if out[len(out)-1].ends() {
			break
		}
	}
	return out
}

// packUsage is the solver's run on a pack, for the closest calls (ran:
// it ended cleanly).
type packUsage struct {
	res props.RunResult
	ran bool
}

// runPack runs the solver and the brute force on a pack of n cases and
// splits their outputs; trouble, when either failed on it or printed
// other than n answer lines.
func (s *Stress) runPack(ctx context.Context, pack []byte, n int) ([]packAnswers, packUsage, *packTrouble, error) {
	answers := make([]packAnswers, n)
	res, fault, err := runUsage(ctx, RoleSolver, s.Solver, nil, pack)
	if err != nil || fault != nil {
		if fault != nil {
			return nil, packUsage{}, &packTrouble{solver: true, verdict: fault.Verdict, detail: fault.Detail}, nil
		}
		return nil, packUsage{}, nil, err
	}
	usage := packUsage{res, true}
	lines, perr := splitAnswerLines(res.Stdout, n)
	if perr != nil {
		return nil, usage, &packTrouble{solver: true, verdict: props.OutputFormat, detail: perr.Error()}, nil
	}
	for j := range answers {
		answers[j].solver = lines[j]
	}
	if s.Brute == nil {
		return answers, usage, nil, nil
	}
	out, fault, err := run(ctx, RoleBrute, s.Brute, nil, pack)
	switch {
	case err != nil:
		return nil, usage, nil, err
	case fault != nil: // out of time on the pack, or worse: the cases alone say
		return nil, usage, &packTrouble{verdict: fault.Verdict, detail: fault.Detail}, nil
	}
	if lines, perr = splitAnswerLines(out, n); perr != nil {
		return nil, usage, &packTrouble{verdict: props.OutputFormat, detail: perr.Error()}, nil
	}
	for j := range answers {
		answers[j].brute = lines[j]
	}
	return answers, usage, nil, nil
}

// packFailed is a pack that went wrong as a whole.
type packFailed struct {
	trouble *packTrouble
	input   []byte
	members []Case
}

// alone judges cases lo..hi−1 one at a time, as if not packed, up to the
// first that ends the search. failed, when a pack of them went wrong as a
// whole: a failure found alone carries its note, and when the solver's
// trouble recurs on no case alone, the pack's failure is the solver's own
// (Pack.Only), reported on the last case.
func (s *Stress) alone(ctx context.Context, lo, hi int, alpha float64, failed *packFailed) []caseResult {
	return s.aloneEach(hi-lo, func(j int) caseResult { return s.judgeCase(ctx, lo+j, alpha) }, drawCase(s.Params, s.Seed, lo), lo, failed)
}

// aloneEach is alone over n cases, judgeAt(j) judging the j-th alone; the
// pack's own failure names first, the search's case index.
func (s *Stress) aloneEach(n int, judgeAt func(j int) caseResult, first Case, index int, failed *packFailed) []caseResult {
	var out []caseResult
	for j := range n {
		c := judgeAt(j)
		if f := c.r.failure; f != nil && failed != nil {
			f.PackNote = failed.trouble.note(len(failed.members))
		}
		out = append(out, c)
		if c.ends() {
			return out
		}
	}
	if failed == nil || !failed.trouble.solver {
		return out
	}
	last := &out[len(out)-1]
	t := failed.trouble
	last.r.failure = &Failure{Kind: SolverFault, Verdict: t.verdict, Case: first, Index: index, Input: failed.input,
		Pack: &Pack{Input: failed.input, Cases: len(failed.members), Members: failed.members, Only: true},
		Detail: fmt.Sprintf("on a pack of %d cases (a count line, then the cases: %s) the solver failed: %s\nyet it passes each case alone (a count line of 1, then the case): "+
			"a solver that reads one case only, with no count line, fails so (then run with --tests 1); else it keeps state from one test case to the next, or the pack is past its limits (%s)",
			len(failed.members), s.packFlag(), t.detail, s.smallerPacks())}
	return out
}

// narrow takes the judgement of a case alone (alone), after it failed in a
// pack (packed: that judgement; at: where). A failure or fault alone is
// the verdict; when the case passes alone, the pack's failure is the
// solver's own if its answer alone differs from its answer in the pack
// (state kept between test cases), or the brute force's if its answer
// did.
func (s *Stress) narrow(ctx context.Context, alone caseResult, packed judged, at Pack) (judged, error) {
	if alone.err != nil || alone.r.failure != nil || alone.r.fault != nil || packed.failure == nil {
		return alone.r, alone.err
	}
	pf := packed.failure
	out, fault, err := run(ctx, RoleSolver, s.Solver, nil, s.solverInput(pf.Input))
	if err != nil || fault != nil {
		return alone.r, err
	}
	d, perr := s.readAnswer(out)
	if perr != nil {
		return alone.r, nil
	}
	if d.Value.Equal(pf.dist.Value) && d.Answer == pf.dist.Answer {
		if !pf.HasBrute {
			return alone.r, nil // the same answer, judged alike: nothing the pack did
		}
		r := alone.r
		r.fault = &Fault{Role: RoleBrute, Verdict: props.WrongAnswer, Command: s.Brute.String(), Inconsistent: true, Input: at.Input, Generator: genLines(s, pf.Case),
			Detail: fmt.Sprintf("it answered case %d of a pack of %d cases with %s, and the same case alone with another answer: a brute force must answer each test case as if it were alone", at.At+1, at.Cases, s.ShowBrute(pf))}
		return r, nil
	}
	f := *pf
	f.Kind, f.Verdict, f.Agreement, f.RefereeSeed, f.RefereeTally = SolverFault, props.WrongAnswer, nil, 0, Tally{}
	f.Pack = &at
	f.Pack.Only = true
	f.Detail = fmt.Sprintf("its answer to case %d of a pack of %d cases was %s, and failed there (%s); alone it answers %s, which passes: a solver must answer each test case as if it were alone (state kept from one test case to the next? clear it)",
		at.At+1, at.Cases, s.ShowAnswer(pf), firstLine(pf.Detail), s.show(d.Value, nil))
	r := alone.r
	r.failure = &f
	return r, nil
}

// genLines is the generator's command line for c, for a fault's note.
func genLines(s *Stress, c Case) string { return commandLine(s.Generator, c.Args(s.Params)) }

// packOnly reports whether f failed in a pack and not alone.
func packOnly(f *Failure) bool { return f != nil && f.Pack != nil && f.Pack.Only }
