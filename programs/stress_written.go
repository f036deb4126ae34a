package programs

import (
	"bytes"
	"context"
	"fmt"

	"github.com/chancecheck/chancecheck/props"
)

// This file holds a generator that writes t test cases itself
// (Stress.GeneratorWritesTests): each run of it is a pack, as --tests
// makes one, but of its own cases. The solver and the brute force read its
// output whole; the referee and the validator read each case alone,
// split by lines (tests_split.go); a case that fails in the output is
// judged again alone, under a count line of 1, as a failing pack's is
// (stress_pack.go).

// generateWritten runs the generator on c and splits its output into its
// test cases; an output that does not split, or a case the validator
// rejects, is the generator's fault.
func (s *Stress) generateWritten(ctx context.Context, c Case) ([]byte, []writtenTest, *Fault, error) {
	args := c.Args(s.Params)
	out, fault, err := run(ctx, RoleGenerator, s.Generator, args, nil)
	if err != nil || fault != nil {
		return nil, nil, fault, err
	}
	tests, serr := splitTests(out)
	if serr != nil {
		return nil, nil, &Fault{Role: RoleGenerator, Verdict: props.OutputFormat, Command: commandLine(s.Generator, args), Input: out, Detail: serr.Error()}, nil
	}
	if s.Validator != nil {
		for _, t := range tests {
			if fault, err := validateInput(ctx, s.Validator, commandLine(s.Generator, args), t.input); err != nil || fault != nil {
				return nil, nil, fault, err
			}
		}
	}
	return out, tests, nil, nil
}

// test is c's test case j (from 1) of the generator's output.
func (c Case) test(j int, t writtenTest) Case {
	c.Test, c.First, c.Last = j, t.first, t.last
	return c
}

// generateCase is the input of case c: the generator's output, or, with
// GeneratorWritesTests, one of its test cases: c.Test when the output has
// it, else the smallest (fewest bytes, then first byte by byte), which is
// the one shrinking wants. c comes back naming the case taken.
func (s *Stress) generateCase(ctx context.Context, c Case) (Case, []byte, *Fault, error) {
	if !s.GeneratorWritesTests {
		input, fault, err := s.generate(ctx, c)
		return c, input, fault, err
	}
	_, tests, fault, err := s.generateWritten(ctx, c)
	if err != nil || fault != nil {
		return c, nil, fault, err
	}
	if c.Test >= 1 && c.Test <= len(tests) {
		return c.test(c.Test, tests[c.Test-1]), tests[c.Test-1].input, nil, nil
	}
	best := 0
	for j, t := range tests {
		if b := tests[best].input; len(t.input) < len(b) || len(t.input) == len(b) && bytes.Compare(t.input, b) < 0 {
			best = j
		}
	}
	return c.test(best+1, tests[best]), tests[best].input, nil, nil
}

// judgeWritten judges the test cases of the generator's run g, in order,
// up to the first that ends the search: the solver and the brute force
// run once on the whole output, and a case that fails there is judged
// again alone. Each result carries its case; the search numbers them.
func (s *Stress) judgeWritten(ctx context.Context, g int, alpha float64) []caseResult {
	c := drawCase(s.Params, s.Seed, g)
	whole, tests, fault, err := s.generateWritten(ctx, c)
	if err != nil || fault != nil {
		return []caseResult{{r: judged{input: whole, fault: fault}, err: err, c: &c}}
	}
	if g == 0 {
		if fault, err := s.deterministic(ctx, c, whole); err != nil || fault != nil {
			return []caseResult{{r: judged{input: whole, fault: fault}, err: err, c: &c}}
		}
	}
	n := len(tests)
	members := make([]Case, n)
	for j, t := range tests {
		members[j] = c.test(j+1, t)
	}
	// A case's referee seed, from the run and the case's place in it.
	refSeed := func(j int) int64 {
		return derive(uint64(derive(s.Seed, domainReferee, uint64(g))), domainReferee, uint64(j))
	}
	judgeAlone := func(j int) caseResult {
		r, err := s.judge(ctx, members[j], tests[j].input, -1, judgeAll, refSeed(j), alpha)
		return caseResult{r: r, err: err, c: &members[j]}
	}
	answers, usage, trouble, err := s.runPack(ctx, whole, n)
	if err != nil {
		return []caseResult{{err: err, c: &c}}
	}
	if trouble != nil {
		return s.aloneEach(n, judgeAlone, c, -1, &packFailed{trouble, whole, members})
	}
	var out []caseResult
	for j := range n {
		r, err := s.judgeWith(ctx, members[j], tests[j].input, &answers[j], -1, judgeAll, refSeed(j), alpha)
		if err == nil && (r.failure != nil || r.fault != nil) {
			r, err = s.narrow(ctx, judgeAlone(j), r, Pack{Input: whole, Cases: n, At: j, Members: members})
		}
		if j == 0 && usage.ran {
			r.closest.runs = append([]props.CloseCall{writtenRun(whole, g, n, usage.res)}, r.closest.runs...)
		}
		out = append(out, caseResult{r: r, err: err, c: &members[j]})
		if out[len(out)-1].ends() {
			break
		}
	}
	return out
}

// writtenRun is the solver's run on generator run g's output of n cases,
// as the closest calls list it.
func writtenRun(whole []byte, g, n int, u props.RunResult) props.CloseCall {
	return props.CloseCall{Source: fmt.Sprintf("the generator's run %d, %d cases (one input)", g+1, n), Board: g, Input: whole, Boards: n,
		CPU: u.CPU, Wall: u.Elapsed, Peak: u.PeakRSS}
}
