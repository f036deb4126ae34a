package programs

import (
	"math"
	"math/big"
	"slices"
	"time"

	"github.com/chancecheck/chancecheck/answer"
	"github.com/chancecheck/chancecheck/montecarlo/estimate"
	"github.com/chancecheck/chancecheck/props"
)

// Budget is how a run's false-alarm budget is split (Bonferroni).
type Budget struct {
	Alpha float64 // the whole run's
	// ReadBack is the part of Alpha that a residue read back by
	// coincidence may take: the chance of one an input over the run's
	// inputs (stress_readback.go); 0 when no residue is read back. The
	// statistical checks share the rest.
	ReadBack  float64
	Search    int     // statistical checks of the search: one a case
	PerSearch float64 // Alpha/2/Search
	Shrink    int     // the re-confirmation and the shrinking tries at most: ShrinkTries+1
	PerShrink float64 // Alpha/2/Shrink
}

// FailureKind says who a failure blames.
type FailureKind int

// The kinds of failure, in the order a case's are reported.
const (
	// SolverFault: the solver ran out of time or memory, crashed, or
	// printed something that is not one answer.
	SolverFault FailureKind = iota + 1
	// ProgramsDisagree: the referee and the brute force disagree; one of
	// them is wrong, and the solver is not blamed.
	ProgramsDisagree
	// BruteDisagrees: the solver's answer is outside the tolerance of the
	// brute force's.
	BruteDisagrees
	// RefereeDisagrees: the referee's runs reject the solver's answer.
	RefereeDisagrees
)

func (k FailureKind) String() string {
	switch k {
	case SolverFault:
		return "the solver's fault"
	case ProgramsDisagree:
		return "the referee and the brute force disagree"
	case BruteDisagrees:
		return "the solver disagrees with the brute force"
	case RefereeDisagrees:
		return "the referee's runs reject the solver's answer"
	}
	return "failure(?)"
}

// statistical reports whether failures of kind k rest on a statistical test.
func (k FailureKind) statistical() bool { return k == ProgramsDisagree || k == RefereeDisagrees }

// Failure is one failing input with what each program said of it.
type Failure struct {
	Kind    FailureKind
	Verdict props.Verdict // WrongAnswer, or the solver's fault; for ProgramsDisagree, the referee's WrongAnswer
	Case    Case
	Index   int // the search's case (from 0), or -1 for a case shrinking found
	Input   []byte
	// Answer is the solver's answer (HasAnswer false when it gave none),
	// Brute the brute force's (HasBrute false when there is none, or it ran
	// out of time).
	Answer, Brute       float64
	HasAnswer, HasBrute bool
	// Agreement is the statistical check that failed, for a statistical
	// kind; RefereeSeed the referee's seed of it, RefereeTally the
	// referee's runs it tested.
	Agreement    *estimate.Agreement
	RefereeSeed  int64
	RefereeTally Tally
	Detail       string        // the fault's detail, or the disagreement's numbers
	Stdout       string        // the solver's stdout, clipped
	bruteDist    *distribution // the brute force's distribution (Stress.BruteDistribution)
	// AnswerValue and BruteValue are the two answers of the run's kind
	// (Stress.Answer) as printed; Fraction and BruteFraction the exact
	// fractions they stand for where known (a residue's fraction as the
	// brute force printed it, or read back from the residue), else nil.
	AnswerValue, BruteValue answer.Value
	Fraction, BruteFraction *big.Rat
	// Pack, for a failure met in a pack of cases (Stress.Tests), is that
	// pack; PackNote what went wrong with a pack as a whole before its
	// failing case was judged alone, for the failure to show.
	Pack     *Pack
	PackNote string
	// ReadBack says that the referee's target is a residue read back as
	// a fraction (Fraction, or BruteFraction where the brute force's
	// residue was): the verdict assumes the exact answer is that small
	// fraction (Stress.ReadBackAssumption).
	ReadBack bool
	// Climbed, for a failure on a case the climber drew (Stress.Climb),
	// says toward which target and from which case; nil for a uniform
	// draw or a case shrinking found.
	Climbed *props.Climbed

	dist distribution // the solver's answer (and distribution) as read
}

// Result is what a stress run found.
type Result struct {
	Quantity Quantity
	Seed     uint64
	Runs     int64
	Budget   Budget
	Judged   int // cases of the search judged
	// Found is the first failure as the search met it; First the same
	// shrunk (Found itself when it did not shrink); nil when none failed,
	// or when a statistical failure did not reproduce (NotReproduced).
	Found, First *Failure
	// NotReproduced is a statistical failure of the search that fresh
	// referee runs did not confirm (Confirmation): reported, not a bug.
	NotReproduced *Failure
	Confirmation  *estimate.Agreement
	// Fault is a fault of the generator, the referee or the brute force
	// that stopped the run: the solver is not judged on it. When the
	// solver failed on the same input (a crash, a limit, its output's
	// format) and the brute force or the referee failed on it while the
	// other took it, both are reported: Fault, and the solver's failure in
	// Found and First, not shrunk.
	Fault *Fault
	// Interrupted says that ctx ended the run (Ctrl-C, SIGTERM) before it
	// was over: no verdict on anyone. Judged counts the cases judged before
	// it; Found, when set, is a failure found before it, which First has
	// too only when it was confirmed (a statistical one, on fresh referee
	// runs) before the interruption; Shrink says when shrinking stopped.
	Interrupted bool
	// MinDetectable is, per statistical check of the search, the smallest
	// difference it could see (Agreement.MinDetectable), in case order.
	MinDetectable []float64
	// BruteCompared is how many cases the brute force answered;
	// BruteSkipped how many it ran out of time on (it is for small inputs).
	BruteCompared, BruteSkipped int
	// RefereeSkipped counts the cases the referee ran out of time on, also
	// when run again alone (--program-timeout: an input too big to
	// simulate), judged by the brute force alone; NotJudged the cases nobody could judge (the
	// referee out of time, or a residue that reads back as no small
	// fraction, with no brute force's answer either): neither a failure nor
	// a pass (both are in Judged). NotJudgedNote says why, for the first.
	RefereeSkipped, NotJudged int
	NotJudgedNote             string
	// NotJudgedSlow counts, of NotJudged, the cases the referee ran out of
	// time on (the others: residues that read back as no small fraction).
	NotJudgedSlow int
	// NotReproducedRuns are the runs of any program whose time or
	// idleness limit, crash or (the solver's) output format did not recur
	// when run again alone: none is a fault, and the run went on with the
	// output of the run alone.
	NotReproducedRuns []string
	Shrink            ShrinkStats
	Elapsed           time.Duration
	// BruteResidues counts the cases on which the brute force printed a
	// residue where p/q is expected (Stress.Answer a residue): its fraction
	// is unknown, so the referee cannot test it, and such a case is judged
	// by the brute force alone, or not at all. BruteResidueNote says the
	// first one: a warning, said before the verdict.
	BruteResidues    int
	BruteResidueNote string
	// Share is how many of the cases asked for were judged, against
	// Stress.MinJudged; NeverJudged names the parameter values no case
	// judged reached while some not judged did ("no input with n ≥ 3 was
	// judged (5 not judged)").
	Share       props.JudgedShare
	NeverJudged []string
	// Closest are the search's closest calls, on a pass too: the cases
	// whose answers came nearest to failing (against the brute force by
	// the judge's rule, or the referee's test where it judged the answer
	// itself), the slowest and hungriest solver runs (stress_closest.go).
	// The error list is the same for the same Seed whatever Jobs is.
	Closest props.Closest
	// Climbed counts the cases judged that the climber drew, per target
	// (Stress.Climb).
	Climbed map[props.Target]int

	judgedValues, notJudgedValues [][]int64 // per case taken: for NeverJudged
}

// TooFewJudged reports whether the run, which found no failure and met no
// fault, judged too few of its cases to pass (Share): its own verdict,
// never a pass.
func (r *Result) TooFewJudged() bool {
	return r.First == nil && r.Fault == nil && !r.Interrupted && r.NotReproduced == nil && r.Share.TooFew()
}

// Failed reports whether a failure was found (and, if statistical,
// re-confirmed).
func (r *Result) Failed() bool { return r.First != nil }

// NothingJudged reports whether the run judged no case at all: every case
// it went through was one nobody could judge. That is no pass.
func (r *Result) NothingJudged() bool {
	return r.Judged > 0 && r.NotJudged == r.Judged && r.First == nil && r.Fault == nil
}

// Unsettled is a failure found before an interruption that was not
// confirmed: reported as found so far, not as a verdict.
func (r *Result) Unsettled() *Failure {
	if r.Interrupted && r.First == nil {
		return r.Found
	}
	return nil
}

// restsOnBrute reports whether failures of kind k rest on the brute
// force's answer, which must then be consistent (props/trust.go).
func (k FailureKind) restsOnBrute() bool { return k == BruteDisagrees || k == ProgramsDisagree }

// MinDetectableRange is the least, median and largest of the search's
// smallest detectable differences; NaN without statistical checks.
func (r *Result) MinDetectableRange() (least, median, largest float64) {
	if len(r.MinDetectable) == 0 {
		return math.NaN(), math.NaN(), math.NaN()
	}
	v := slices.Clone(r.MinDetectable)
	slices.Sort(v)
	return v[0], v[len(v)/2], v[len(v)-1]
}
