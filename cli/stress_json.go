package cli

import (
	"encoding/json"
	"io"
	"math"
	"math/big"

	"github.com/chancecheck/chancecheck/answer"
	"github.com/chancecheck/chancecheck/programs"
)

// stressJSON is the --json form of a stress run's Result.
type stressJSON struct {
	Quantity   string              `json:"kind"`
	AnswerKind string              `json:"answer_kind"`
	Modulus    int64               `json:"modulus,omitempty"`
	ReadBack   *stressReadBackJSON `json:"read_back,omitempty"`
	Seed       uint64              `json:"seed"`
	Cases      int                 `json:"cases"`
	Judged     int                 `json:"judged"`
	Runs       int64               `json:"runs"`
	Passed     bool                `json:"passed"`
	// Interrupted: an interrupt stopped the run; found_failure is then what
	// was found before it, first_failure set only when it was confirmed.
	Interrupted   bool             `json:"interrupted,omitempty"`
	Test          string           `json:"test"`
	Budget        stressBudgetJSON `json:"budget"`
	MinDetectable *stressRangeJSON `json:"min_detectable,omitempty"`
	BruteCompared int              `json:"brute_compared"`
	BruteSkipped  int              `json:"brute_skipped"`
	// RefereeSkipped: cases the referee ran out of time on (judged by the
	// brute force alone, or not at all); NotJudged: cases nobody could
	// judge, neither a failure nor a pass; NotJudgedNote why, for the first.
	RefereeSkipped int    `json:"referee_skipped"`
	NotJudged      int    `json:"not_judged"`
	NotJudgedNote  string `json:"not_judged_note,omitempty"`
	// MinJudged is --min-judged; TooFewJudged says that the run judged
	// fewer of its cases than that share, or none: no pass, exit 2.
	// NeverJudged names the parameter values no judged case reached.
	// BruteResidues counts the cases on which the brute force printed a
	// residue where p/q is expected (the referee cannot test those).
	BruteResidues int                `json:"brute_residues,omitempty"`
	MinJudged     float64            `json:"min_judged"`
	TooFewJudged  bool               `json:"too_few_judged,omitempty"`
	NeverJudged   []string           `json:"never_judged,omitempty"`
	Fault         *stressFaultJSON   `json:"fault,omitempty"`
	NotReproduced *stressFailureJSON `json:"not_reproduced,omitempty"`
	Found         *stressFailureJSON `json:"found_failure,omitempty"`
	First         *stressFailureJSON `json:"first_failure,omitempty"`
	Shrink        *stressShrinkJSON  `json:"shrink,omitempty"`
	// RunsNotReproduced are the runs whose time or idleness limit, crash
	// or output format did not recur when run again alone (no fault).
	RunsNotReproduced []string `json:"runs_not_reproduced,omitempty"`
	// Closest are the closest calls, as check's (check_closest.go).
	Closest *closestJSON `json:"closest_calls,omitempty"`
	// Climbed counts the cases judged that the climber drew, per target
	// (--climb); FoundBy says which search drew the first failure's case:
	// "uniform", or "climbing toward" its target.
	Climbed map[string]int `json:"climbed,omitempty"`
	FoundBy string         `json:"found_by,omitempty"`
}

// stressReadBackJSON is how a residue is read back as a fraction for the
// referee (answer.Bounds), and the chance of a coincidence it costs.
type stressReadBackJSON struct {
	MaxNumerator   int64   `json:"max_numerator"`
	MaxDenominator int64   `json:"max_denominator"`
	Coincidence    float64 `json:"coincidence"`
	// Capped says that --max-denominator asked for more than the budget
	// allows, and what is in force.
	Capped string `json:"capped,omitempty"`
}

type stressBudgetJSON struct {
	Alpha     float64 `json:"alpha"`
	ReadBack  float64 `json:"read_back,omitempty"` // the share of residues read back by coincidence
	Search    int     `json:"search_checks"`
	PerSearch float64 `json:"per_search_check"`
	Shrink    int     `json:"shrink_checks"`
	PerShrink float64 `json:"per_shrink_check"`
}

type stressRangeJSON struct {
	Least  float64 `json:"least"`
	Median float64 `json:"median"`
	Most   float64 `json:"largest"`
}

type stressFaultJSON struct {
	Program string `json:"program"`
	Verdict string `json:"verdict"`
	Command string `json:"command"`
	Detail  string `json:"detail"`
	// Generator and Input: the generator's command line and the input the
	// program failed on (a referee's, a brute force's or a validator's
	// fault), or the input the validator rejected (Validator: its command
	// line; the generator's is Command).
	Generator string `json:"generator,omitempty"`
	Input     string `json:"input,omitempty"`
	Validator string `json:"validator,omitempty"`
	// Inconsistent: the program (a brute force) gave two answers to the
	// same input, both in detail. NoProgramTakes: the generator is blamed
	// because every program failed on its output (input).
	Inconsistent   bool `json:"inconsistent,omitempty"`
	NoProgramTakes bool `json:"no_program_takes,omitempty"`
	// Assumption names the flag of the stated range an outcome broke
	// (--max-outcome): the user's assumption failed.
	Assumption string `json:"assumption,omitempty"`
}

type stressFailureJSON struct {
	Kind      string   `json:"kind"`
	Verdict   string   `json:"verdict"`
	Case      int      `json:"case,omitempty"` // from 1; 0 for a case shrinking found
	Generator string   `json:"generator"`
	Input     string   `json:"input"`
	Answer    *float64 `json:"answer,omitempty"`
	Brute     *float64 `json:"brute,omitempty"`
	// AnswerText and BruteText are an exact answer as printed (a residue, an
	// integer, p/q); Fraction and BruteFraction the fractions they stand
	// for, where known ("2087/64").
	AnswerText    string             `json:"answer_text,omitempty"`
	BruteText     string             `json:"brute_text,omitempty"`
	Fraction      string             `json:"fraction,omitempty"`
	BruteFraction string             `json:"brute_fraction,omitempty"`
	Referee       *stressRefereeJSON `json:"referee,omitempty"`
	Detail        string             `json:"detail,omitempty"`
	Stdout        string             `json:"stdout,omitempty"`
	// Note is what the verdict assumes: for a wrong answer without a
	// validator, that the inputs are not validated.
	Note string `json:"note,omitempty"`
	// ReadBackAssumption says what a verdict resting on a residue read
	// back as a fraction assumes, with the chance of a coincidence.
	ReadBackAssumption string `json:"read_back_assumption,omitempty"`
	// Pack is the pack of cases (--tests) a failure was met in when it
	// fails there and not alone; PackNote what went wrong with a pack
	// before its failing case was judged alone.
	Pack     *stressPackJSON `json:"pack,omitempty"`
	PackNote string          `json:"pack_note,omitempty"`
	// InFile and AnsFile are where --out wrote the counterexample.
	InFile  string `json:"in_file,omitempty"`
	AnsFile string `json:"ans_file,omitempty"`
}

type stressPackJSON struct {
	Cases int    `json:"cases"`
	At    int    `json:"at"` // from 1; 0: the pack as a whole
	Only  bool   `json:"only"`
	Input string `json:"input"`
}

type stressRefereeJSON struct {
	Seed          int64   `json:"seed"`
	Runs          int64   `json:"runs"`
	Mean          float64 `json:"mean"`
	Low           float64 `json:"low"`
	High          float64 `json:"high"`
	Against       float64 `json:"against"`
	PValue        float64 `json:"p_value"`
	Alpha         float64 `json:"alpha"`
	MinDetectable float64 `json:"min_detectable"`
}

type stressShrinkJSON struct {
	Tries    int    `json:"tries"`
	Steps    int    `json:"steps"`
	CutShort bool   `json:"cut_short"`
	Note     string `json:"note,omitempty"`
}

func writeStressJSON(w io.Writer, s *programs.Stress, o *programs.Result, files *stressFiles, closest *closestJSON) error {
	test := programs.TestBinomial
	switch {
	case s.SolverDistribution:
		test = programs.TestDistribution
	case s.BruteDistribution:
		test = programs.TestBruteDistribution
	case s.Quantity == programs.Expectation:
		test = programs.TestBernstein
	}
	j := stressJSON{Quantity: s.Quantity.String(), Seed: s.Seed, Cases: s.Cases, Judged: o.Judged, Runs: s.Runs,
		Passed: o.Fault == nil && !o.Failed() && !o.Interrupted, Interrupted: o.Interrupted, Test: test,
		Budget:        stressBudgetJSON{o.Budget.Alpha, o.Budget.ReadBack, o.Budget.Search, o.Budget.PerSearch, o.Budget.Shrink, o.Budget.PerShrink},
		BruteCompared: o.BruteCompared, BruteSkipped: o.BruteSkipped, RefereeSkipped: o.RefereeSkipped, NotJudged: o.NotJudged, NotJudgedNote: o.NotJudgedNote,
		AnswerKind: s.Answer.Kind.String(), Modulus: s.Answer.Modulus}
	j.MinJudged, j.TooFewJudged, j.NeverJudged = s.MinJudged, o.TooFewJudged(), o.NeverJudged
	j.BruteResidues = o.BruteResidues
	j.Passed = j.Passed && !o.NothingJudged() && !j.TooFewJudged && (closest == nil || !closest.AboveFailAbove)
	j.Closest = closest
	for t, n := range o.Climbed {
		if j.Climbed == nil {
			j.Climbed = map[string]int{}
		}
		j.Climbed[t.String()] = n
	}
	if f := o.Found; f != nil && s.Climb != 0 && f.Index >= 0 {
		j.FoundBy = searchOf(f.Climbed)
	}
	if b, err := s.Bounds(); err == nil {
		j.ReadBack = &stressReadBackJSON{b.N, b.D, b.Coincidence(), s.ReadBackCapped()}
	}
	if least, median, most := o.MinDetectableRange(); !math.IsNaN(least) && !math.IsInf(most, 0) {
		j.MinDetectable = &stressRangeJSON{least, median, most}
	}
	if f := o.Fault; f != nil {
		j.Fault = &stressFaultJSON{string(f.Role), f.Verdict.String(), f.Command, f.Detail, f.Generator, string(f.Input), f.Validator,
			f.Inconsistent, f.NoProgramTakes, f.Assumption}
	}
	toJSON := func(f *programs.Failure) *stressFailureJSON {
		if f == nil {
			return nil
		}
		fj := &stressFailureJSON{Kind: f.Kind.String(), Verdict: f.Verdict.String(), Case: f.Index + 1,
			Generator: genLine(s, f.Case), Input: string(f.Input), Detail: f.Detail, Stdout: f.Stdout, Note: wrongAnswerNote(s, f),
			ReadBackAssumption: s.ReadBackAssumption(f)}
		if f.HasAnswer {
			fj.Answer = &f.Answer
		}
		if f.HasBrute {
			fj.Brute = &f.Brute
		}
		fj.AnswerText, fj.Fraction = exactText(f.HasAnswer, f.AnswerValue, f.Fraction)
		fj.BruteText, fj.BruteFraction = exactText(f.HasBrute, f.BruteValue, f.BruteFraction)
		fj.PackNote = f.PackNote
		if p := f.Pack; p != nil {
			at := p.At + 1
			if p.Only && f.Kind == programs.SolverFault && f.Input != nil && string(f.Input) == string(p.Input) {
				at = 0
			}
			fj.Pack = &stressPackJSON{p.Cases, at, p.Only, string(p.Input)}
		}
		if r := f.Agreement; r != nil {
			fj.Referee = &stressRefereeJSON{f.RefereeSeed, f.RefereeTally.N, f.RefereeTally.Mean, r.CILow, r.CIHigh, r.Answer, r.PValue, r.Alpha, finite(r.MinDetectable)}
		}
		return fj
	}
	j.NotReproduced, j.Found, j.First = toJSON(o.NotReproduced), toJSON(o.Found), toJSON(o.First)
	j.RunsNotReproduced = o.NotReproducedRuns
	if files != nil && j.First != nil {
		j.First.InFile, j.First.AnsFile = files.In, files.Ans
	}
	if o.First != nil {
		j.Shrink = &stressShrinkJSON{o.Shrink.Tries, o.Shrink.Steps, o.Shrink.CutShort, o.Shrink.Note}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(j)
}

// finite is v, or −1 for an infinite or NaN v, which JSON cannot carry.
func finite(v float64) float64 {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return -1
	}
	return v
}

// exactText is an exact answer as printed and its fraction where known;
// "" for an answer with no exact value (a float's).
func exactText(has bool, v answer.Value, frac *big.Rat) (text, fraction string) {
	if !has || v.Exact == nil {
		return "", ""
	}
	if frac != nil {
		fraction = frac.RatString()
	}
	return v.String(), fraction
}
