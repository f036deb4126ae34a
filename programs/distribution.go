package programs

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/chancecheck/chancecheck/answer"
	"github.com/chancecheck/chancecheck/montecarlo"
	"github.com/chancecheck/chancecheck/montecarlo/estimate"
	"github.com/chancecheck/chancecheck/props"
)

// TestDistribution names, in stress's report, the check against the solver's own
// distribution (Stress.SolverDistribution).
const TestDistribution = "DKW on the solver's distribution of outcomes (Massart's constant)"

// TestBruteDistribution names, in stress's report, the check against the brute
// force's distribution (Stress.BruteDistribution).
const TestBruteDistribution = "DKW on the brute force's distribution of outcomes (Massart's constant)"

// distribution is what a solver in distribution mode printed: its answer,
// then P(outcome = k) for the outcomes it lists; Tail is the mass it left
// out (1 − Σ), which the test allows for.
type distribution struct {
	Answer float64
	Value  answer.Value // the answer of the run's kind (Stress.Answer); Answer is its float64
	PMF    []float64
	Tail   float64
}

// parseDistribution reads a solver's output in distribution mode: the
// answer on the first line, then "outcome probability" lines, the outcomes
// distinct integers in 0..montecarlo.MaxOutcome, the probabilities in
// [0, 1] adding up to at most 1 (to 1e-9). Without a tail the answer must be
// the distribution's mean within the judge's tolerance. Every problem is a
// *props.FormatError.
func parseDistribution(out []byte, tol props.Tolerance) (distribution, error) {
	return parseDistributionAfter(out, func(line []byte) (distribution, error) {
		x, err := props.ParseAnswerLines(line, 1, props.OneNumber)
		if err != nil {
			return distribution{}, err
		}
		return distribution{Answer: x[0], Value: answer.FloatValue(x[0])}, nil
	}, func(mean, answer float64) bool { return tol.Accepts(mean, answer) }, "--solver-distribution", tol.String())
}

// parseDistributionAfter is parseDistribution with the answer's line read
// by readAnswer and the answer compared with the mean by agrees (rule says
// how, for the error); flag names the flag that asked for a distribution.
func parseDistributionAfter(out []byte, readAnswer func(line []byte) (distribution, error), agrees func(mean, answer float64) bool, flag, rule string) (distribution, error) {
	lines := strings.Split(strings.TrimRight(strings.ReplaceAll(string(out), "\r\n", "\n"), "\n\t "), "\n")
	d, err := readAnswer([]byte(lines[0] + "\n"))
	if err != nil {
		return d, err
	}
	seen := map[int]bool{}
	var sum float64
	for i, line := range lines[1:] {
		fields := strings.Fields(line)
		bad := func(msg string) error { return &props.FormatError{Line: i + 2, Msg: msg} }
		if len(fields) != 2 {
			return d, bad(fmt.Sprintf("%d fields, want \"outcome probability\"", len(fields)))
		}
		k, err := strconv.Atoi(fields[0])
		if err != nil || k < 0 || k > montecarlo.MaxOutcome {
			return d, bad(fmt.Sprintf("outcome %q is not an integer in 0..%d", clip(fields[0]), montecarlo.MaxOutcome))
		}
		p, ok := parseDecimal(fields[1])
		if !ok || p < 0 || p > 1 {
			return d, bad(fmt.Sprintf("probability %q is not a decimal number in [0, 1]", clip(fields[1])))
		}
		if seen[k] {
			return d, bad(fmt.Sprintf("outcome %d is listed twice", k))
		}
		seen[k] = true
		for len(d.PMF) <= k {
			d.PMF = append(d.PMF, 0)
		}
		d.PMF[k] = p
		sum += p
	}
	switch {
	case len(d.PMF) == 0:
		return d, &props.FormatError{Msg: "no distribution after the answer: \"outcome probability\" lines were expected (" + flag + ")"}
	case sum > 1+1e-9:
		return d, &props.FormatError{Msg: fmt.Sprintf("the probabilities add up to %.12g, more than 1", sum)}
	}
	d.Tail = math.Max(0, 1-sum)
	if d.Tail <= 1e-9 {
		d.Tail = 0
		var mean float64
		for k, p := range d.PMF {
			mean += float64(k) * p
		}
		if !agrees(mean, d.Answer) {
			return d, &props.FormatError{Line: 1, Msg: fmt.Sprintf("the answer %v is not the mean %v of the distribution printed after it (%s)", d.Answer, mean, rule)}
		}
	}
	return d, nil
}

// refereeCounts reads a referee's outcomes as counts of integer outcomes in
// 0..montecarlo.MaxOutcome, runs of them in all.
func refereeCounts(out []byte, runs int64) (Tally, []int64, error) {
	var counts []int64
	s, err := integerOutcomes(out, runs, "a test of a distribution", func(x int, c int64) {
		for x >= len(counts) {
			counts = append(counts, 0)
		}
		counts[x] += c
	})
	if err != nil {
		return s, nil, err
	}
	return s, counts, nil
}

// integerOutcomes checks a referee's output (parseOutcomes: runs outcomes
// in 0..montecarlo.MaxOutcome) and calls add with each line's outcome and
// count, in the order printed; an outcome that is not an integer is an
// error, saying it is needed for what.
func integerOutcomes(out []byte, runs int64, what string, add func(x int, count int64)) (Tally, error) {
	s, err := parseOutcomes(out, runs, Expectation, 0, montecarlo.MaxOutcome)
	if err != nil {
		return s, err
	}
	for i, line := range strings.Split(string(out), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		x, _ := parseDecimal(fields[0])
		if x != math.Trunc(x) {
			return s, fmt.Errorf("line %d: outcome %v is not an integer, which %s needs", i+1, x, what)
		}
		c := int64(1)
		if len(fields) == 2 {
			c, _ = strconv.ParseInt(fields[1], 10, 64)
		}
		add(int(x), c)
	}
	return s, nil
}

// judgeDistribution tests the referee's outcomes against the solver's
// whole distribution: estimate.AgreeKind's DKW test, whose false-alarm rate
// holds for any distribution of integer outcomes (Massart 1990), with the
// printed distribution's missing mass allowed for. Its Answer is the
// distribution's mean as the program printed it, with no slack.
func judgeDistribution(counts []int64, d distribution, alpha float64) estimate.Agreement {
	a := estimate.AgreeKind(estimate.Count, d.PMF, d.Tail, counts, alpha)
	a.Answer = d.Answer
	return a
}
