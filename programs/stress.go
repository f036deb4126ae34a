package programs

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/chancecheck/chancecheck/answer"
	"github.com/chancecheck/chancecheck/internal/inorder"
	"github.com/chancecheck/chancecheck/props"
)

// Stress judges a solver against a game defined by programs: Cases inputs
// from the generator, each judged against the brute force (when given, by
// Tolerance) and against Runs of the referee (statistically), under one
// false-alarm budget Alpha. It stops at the first failure, re-confirms it
// on fresh referee runs when it is statistical, and shrinks it.
type Stress struct {
	Generator, Referee, Solver Program
	Brute                      Program // optional: nil for none
	// Validator, optional, reads each generated input on stdin and exits 0
	// when it is valid: an input it rejects stops the run as the
	// generator's fault (RoleValidator).
	Validator Program
	Quantity  Quantity
	Params    []Param // the generator's parameter space; none: only SEED varies
	Cases     int     // inputs to judge (at least 1)
	Runs      int64   // referee runs per statistical check (at least 1)
	Seed      uint64  // the run's seed: same seed, same cases, same verdicts
	// Alpha is the run's false-alarm budget: the probability that a
	// correct solver, with a correct referee and brute force, is reported
	// wrong is at most Alpha. Half goes to the search, Alpha/(2·Cases) a
	// case; half to re-confirming and shrinking, Alpha/(2·(ShrinkTries+1))
	// a statistical try (Budget).
	Alpha float64
	// MinOutcome and MaxOutcome are the stated range of an expectation's
	// outcomes, the assumption its test rests on: a referee outcome
	// outside it is the referee's fault. A probability's are 0 and 1.
	MinOutcome, MaxOutcome float64
	Tolerance              props.Tolerance // the judge's rule; zero: 1e-6 absolute or relative
	// Answer is the kind of answer the solver prints: the zero Rule is a
	// float judged by Tolerance; an integer, a fraction or a residue
	// modulo a prime is compared exactly with the brute force's (which
	// prints p/q or an integer: answers.go). A residue with no brute force
	// is read back as the one fraction within MaxDenominator
	// (answer.Bounds) for the referee to judge; one that reads back as none
	// is not judged (Result.NotJudged).
	Answer answer.Rule
	// MaxDenominator, for a residue, is the largest denominator a residue
	// is read back with; 0: answer.NewBounds's default, which keeps the
	// chance of a coincidence at answer.DefaultCoincidence an input.
	MaxDenominator int64
	// SolverDistribution, for an expectation, says that the solver prints
	// its distribution of outcomes after its answer, "outcome probability"
	// lines: the referee is then tested against that distribution (DKW),
	// which needs no range of outcomes, only integer ones.
	SolverDistribution bool
	// BruteDistribution, for an expectation with a brute force, says that
	// the brute force prints its distribution of outcomes after its
	// answer, as a solver does with SolverDistribution: the referee is
	// then tested against it (DKW), which needs no range of outcomes. An
	// input the brute force runs out of time on is judged against the
	// stated range, or, with none, not judged.
	BruteDistribution bool
	// ShrinkTries bounds the inputs tried while shrinking (0:
	// DefaultShrinkTries); ShrinkSeeds is how many generator seeds are
	// tried at each point of the parameter space (0: DefaultShrinkSeeds);
	// ShrinkTime bounds the time: the CPU time of the programs run while
	// shrinking, so that a loaded machine does not starve it, and 10 times
	// as much wall-clock time (0: DefaultShrinkTime).
	ShrinkTries, ShrinkSeeds int
	ShrinkTime               time.Duration
	// Tests is how many cases one input to the solver and the brute force
	// holds at most. 0 or 1: one case an input, as the generator printed
	// it. Above 1: the generator prints one case, and the search packs up
	// to Tests of them under a count line (t, then the cases) for one run
	// of the solver and one of the brute force, which print one answer
	// line a case; the referee and the validator read each case alone. A
	// case that fails in a pack is judged again alone, under a count line
	// of 1, and so is every case shrinking tries (stress_pack.go).
	Tests int
	// GeneratorWritesTests says that the generator prints t test cases
	// itself, under a count line: the solver and the brute force read its
	// output whole, and print one answer line a case; the referee and the
	// validator read each case alone, the output split by lines
	// (tests_split.go). A case that fails is judged again alone, under a
	// count line of 1, and shrinking judges one case of each try's output,
	// its smallest (stress_written.go). Cases counts test cases. Not with
	// Tests above 1.
	GeneratorWritesTests bool
	// Jobs is how many cases of the search are judged at once (0: 1);
	// above 1 the programs must be safe for concurrent use (a Command is).
	// The cases, the first failure and the output do not depend on it:
	// cases are judged Jobs at once and taken in order (internal/inorder).
	Jobs int
	// Progress, when set, is called after each case of the search, from
	// Run's goroutine.
	Progress func(done, cases int)
	// MinJudged is the least share of the Cases that must be judged (by the
	// brute force or the referee) for the run to pass (--min-judged); 0:
	// at least one. Fewer is a verdict of its own (Result.TooFewJudged).
	MinJudged float64
}

// Defaults of Stress's zero fields.
const (
	DefaultShrinkTries = 100
	DefaultShrinkSeeds = 8
	DefaultShrinkTime  = 2 * time.Minute
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
	// Judgement is the statistical check that failed, for a statistical
	// kind; RefereeSeed the referee's seed of it.
	Judgement   *Judgement
	RefereeSeed int64
	Detail      string        // the fault's detail, or the disagreement's numbers
	Stdout      string        // the solver's stdout, clipped
	bruteDist   *distribution // the brute force's distribution (Stress.BruteDistribution)
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
	Confirmation  *Judgement
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
	// difference it could see (Judgement.MinDetectable), in case order.
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

	judgedValues, notJudgedValues [][]int64 // per case taken: for NeverJudged
}

// TooFewJudged reports whether the run, which found no failure and met no
// fault, judged too few of its cases to pass (Share): its own verdict,
// never a pass.
func (o *Result) TooFewJudged() bool {
	return o.First == nil && o.Fault == nil && !o.Interrupted && o.NotReproduced == nil && o.Share.TooFew()
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

// validate checks s before a run.
func (s *Stress) validate() error {
	switch {
	case s.Generator == nil || s.Referee == nil || s.Solver == nil:
		return errors.New("stress: a generator, a referee and a solver are needed")
	case s.Quantity != Probability && s.Quantity != Expectation:
		return errors.New("stress: the kind must be Probability or Expectation")
	case s.Cases < 1:
		return errors.New("stress: at least one case")
	case s.Runs < 1:
		return errors.New("stress: at least one referee run a case")
	case !(s.Alpha > 0 && s.Alpha < 1):
		return fmt.Errorf("stress: alpha %v: want 0 < alpha < 1", s.Alpha)
	case s.SolverDistribution && s.Quantity != Expectation:
		return errors.New("stress: a solver's distribution goes with an expectation")
	case s.BruteDistribution && (s.Quantity != Expectation || s.Brute == nil || s.SolverDistribution):
		return errors.New("stress: a brute force's distribution goes with an expectation and a brute force, and not with the solver's")
	case s.Tests < 0:
		return errors.New("stress: the cases an input must not be negative")
	case s.Tests > 1 && s.GeneratorWritesTests:
		return errors.New("stress: a generator that writes its test cases packs them itself: not with Tests above 1")
	case (s.Tests > 1 || s.GeneratorWritesTests) && (s.SolverDistribution || s.BruteDistribution):
		return errors.New("stress: a distribution takes several lines an answer: it goes with one case an input (Tests 1)")
	case s.SolverDistribution:
	case s.BruteDistribution && s.MaxOutcome == s.MinOutcome: // no range stated: the brute force's distribution is the test
	case s.Quantity == Expectation && !(s.MaxOutcome >= s.MinOutcome):
		return fmt.Errorf("stress: the outcomes' range [%v, %v] is empty", s.MinOutcome, s.MaxOutcome)
	case s.Quantity == Expectation && (math.IsInf(s.MaxOutcome-s.MinOutcome, 0) || math.IsNaN(s.MaxOutcome-s.MinOutcome)):
		return errors.New("stress: an expectation's test needs a finite range of outcomes (the assumption it rests on)")
	}
	return s.validateAnswer()
}

// budget splits Alpha.
func (s *Stress) budget() Budget {
	tries := s.shrinkTries() + 1
	readBack := s.readBackShare()
	stat := s.Alpha - readBack
	return Budget{Alpha: s.Alpha, ReadBack: readBack, Search: s.Cases, PerSearch: stat / 2 / float64(s.Cases),
		Shrink: tries, PerShrink: stat / 2 / float64(tries)}
}

func (s *Stress) shrinkTries() int { return cmpOr(s.ShrinkTries, DefaultShrinkTries) }
func (s *Stress) shrinkSeeds() int { return cmpOr(s.ShrinkSeeds, DefaultShrinkSeeds) }
func (s *Stress) shrinkTime() time.Duration {
	if s.ShrinkTime > 0 {
		return s.ShrinkTime
	}
	return DefaultShrinkTime
}

func cmpOr(v, def int) int {
	if v > 0 {
		return v
	}
	return def
}

// outcomeRange is the stated range of the referee's outcomes.
func (s *Stress) outcomeRange() (lo, hi float64) {
	if s.Quantity == Probability {
		return 0, 1
	}
	return s.MinOutcome, s.MaxOutcome
}

// Run performs the stress run. The error is for the harness (a program
// that cannot be started); what the programs did is in the Result, and so
// is an interruption (ctx ended: Result.Interrupted), with what was found
// before it.
func (s *Stress) Run(ctx context.Context) (*Result, error) {
	if err := s.validate(); err != nil {
		return nil, err
	}
	start := time.Now()
	out := &Result{Quantity: s.Quantity, Seed: s.Seed, Runs: s.Runs, Budget: s.budget()}
	ctx, log := withConfirmation(ctx)
	defer func() {
		out.Elapsed, out.NotReproducedRuns = time.Since(start), log.list()
		out.Share = props.JudgedShare{Judged: out.Judged - out.NotJudged, Of: s.Cases, Min: s.MinJudged}
		out.NeverJudged = neverJudged(s.Params, out.judgedValues, out.notJudgedValues)
	}()
	// The cases are judged Jobs at once and taken in order: the first
	// failure is the lowest failing case whatever Jobs is. A failure that
	// settling finds nobody could judge (unjudged) is counted as such, and
	// the search goes on from the next case.
	// With Tests above 1, an item is a pack of cases (judgePack).
	// With GeneratorWritesTests, an item is a run of the generator, whose
	// output holds one case at least (judgeWritten): the search takes
	// cases until it has Cases of them, and stops the runs after.
	per := max(s.Tests, 1)
	for from, gens := 0, 0; ; {
		var failed bool
		var runErr error
		taken, gensTaken := 0, 0
		items := (s.Cases - from + per - 1) / per
		if s.GeneratorWritesTests {
			items = s.Cases - from
		}
		full := make(chan struct{})
		sum := inorder.Run(ctx, inorder.Plan[[]caseResult]{
			Items: items, Jobs: s.jobs(), Stop: full,
			Do: func(ctx context.Context, k int) []caseResult {
				if s.GeneratorWritesTests {
					return s.judgeWritten(ctx, gens+k, out.Budget.PerSearch)
				}
				lo := from + k*per
				return s.judgePack(ctx, lo, min(lo+per, s.Cases), out.Budget.PerSearch)
			},
			Ends: func(_ int, cs []caseResult) bool { return slices.ContainsFunc(cs, caseResult.ends) },
			Take: func(k int, cs []caseResult) {
				gensTaken = k + 1
				for j, c := range cs {
					i := from + k*per + j
					if s.GeneratorWritesTests {
						if from+taken == s.Cases {
							return // the cases asked for are taken
						}
						i = from + taken
					}
					failed, runErr = s.take(ctx, out, i, c)
					taken++
					if c.ends() {
						return
					}
					if s.GeneratorWritesTests && from+taken == s.Cases {
						close(full)
						return
					}
				}
			},
		})
		from += taken
		gens += gensTaken
		switch {
		case runErr != nil:
			return nil, runErr
		case failed:
			unjudged, err := s.settle(ctx, out)
			switch {
			case err != nil && ctx.Err() != nil:
				out.Interrupted = true
			case err != nil:
				return nil, err
			case unjudged && from < s.Cases:
				continue
			}
		case !sum.Ended && from < s.Cases && ctx.Err() != nil:
			out.Interrupted = true // the cases taken are judged; no later one was started
		}
		return out, nil
	}
}

// caseResult is one case of the search, judged.
type caseResult struct {
	r   judged
	err error
	c   *Case // the case, where it is not the search's draw (GeneratorWritesTests)
}

// ends reports whether the search is over once the case is taken: an
// error (an interruption among them), a fault or a failure.
func (c caseResult) ends() bool { return c.err != nil || c.r.fault != nil || c.r.failure != nil }

// judgeCase judges the search's case i; the first case's generator is run
// twice, to check that it is deterministic.
func (s *Stress) judgeCase(ctx context.Context, i int, alpha float64) caseResult {
	c := drawCase(s.Params, s.Seed, i)
	r, err := s.judge(ctx, c, nil, i, judgeAll, derive(s.Seed, domainReferee, uint64(i)), alpha)
	if err == nil && i == 0 && r.fault == nil {
		r.fault, err = s.checkDeterministic(ctx, c, r.input)
	}
	return caseResult{r: r, err: err}
}

// take counts the search's case i into out, in case order. failed says
// that the case failed: its failure, in out.Found, is to be settled.
func (s *Stress) take(ctx context.Context, out *Result, i int, c caseResult) (failed bool, err error) {
	r := c.r
	if c.err != nil && ctx.Err() != nil {
		out.Interrupted = true // the cases before this one are judged
		return false, nil
	}
	if c.err != nil {
		return false, c.err
	}
	if r.fault != nil {
		out.Fault = r.fault
		if f := r.failure; f != nil {
			// The solver failed on the input too: its failure is
			// kept, not shrunk (shrinking would meet the fault).
			out.Found, out.First = f, f
			out.Shrink = ShrinkStats{Note: fmt.Sprintf("not shrunk: the %s failed on this input too", r.fault.Role)}
		}
		return false, nil
	}
	out.Judged++
	values := drawCase(s.Params, s.Seed, i).Values
	if c.c != nil {
		values = c.c.Values
		if r.failure != nil {
			r.failure.Index = i // the search's case, which its run did not know
		}
	}
	if r.notJudged != "" {
		out.notJudgedValues = append(out.notJudgedValues, values)
	} else {
		out.judgedValues = append(out.judgedValues, values)
	}
	if r.notJudged != "" {
		out.NotJudged++
		if out.NotJudgedNote == "" {
			out.NotJudgedNote = fmt.Sprintf("case %d: %s", i+1, r.notJudged)
		}
	}
	if r.judgement != nil {
		out.MinDetectable = append(out.MinDetectable, r.judgement.MinDetectable)
	}
	if r.bruteCompared {
		out.BruteCompared++
	}
	if r.bruteResidue != "" {
		if out.BruteResidues++; out.BruteResidueNote == "" {
			out.BruteResidueNote = fmt.Sprintf("case %d: %s", i+1, r.bruteResidue)
		}
	}
	if r.bruteSkipped {
		out.BruteSkipped++
	}
	if r.refereeSkipped {
		out.RefereeSkipped++
		if r.notJudged != "" {
			out.NotJudgedSlow++
		}
	}
	if s.Progress != nil {
		s.Progress(out.Judged, s.Cases)
	}
	if r.failure != nil {
		out.Found = r.failure
		return true, nil
	}
	return false, nil
}

func (s *Stress) jobs() int { return cmpOr(s.Jobs, 1) }

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
			out.Confirmation = confirmed.Judgement
			if confirmed.Judgement.Pass {
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

// restsOnBrute reports whether failures of kind k rest on the brute
// force's answer, which must then be consistent (props/trust.go).
func (k FailureKind) restsOnBrute() bool { return k == BruteDisagrees || k == ProgramsDisagree }

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
	if f.Kind != BruteDisagrees || f.Judgement != nil {
		return nil // the search's referee judged this input already
	}
	reference, ok, _ := s.target(f)
	if !ok || s.against(f) == nil && !s.hasRange() {
		return nil
	}
	seed := derive(s.Seed, domainShrink, uint64(s.shrinkTries())+1)
	j, fault, err := s.referee(ctx, f.Input, seed, reference, s.against(f), out.Budget.PerShrink)
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
	disagree.Kind, disagree.Judgement, disagree.RefereeSeed = ProgramsDisagree, j, seed
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
		f.Kind, f.Verdict, f.Judgement, f.RefereeSeed = BruteDisagrees, props.WrongAnswer, nil, 0
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
	again.Judgement, again.Kind, again.Verdict = nil, SolverFault, props.WrongAnswer
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
		again.Detail = fmt.Sprintf("it answered %s on this input, then %s on the same input: a solver must give the same answer to the same input (uninitialised memory, or randomness not seeded from the input?)", s.ShowAnswer(f), s.show(d.Value, nil, d.Answer))
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
	j, fault, err := s.referee(ctx, f.Input, seed, reference, s.against(f), alpha)
	if err != nil || fault != nil {
		return nil, fault, err
	}
	c.Judgement, c.RefereeSeed = j, seed
	c.Detail = s.refereeDetail(&c, j)
	return &c, nil, nil
}

// refereeDetail says a statistical check's numbers.
func (s *Stress) refereeDetail(f *Failure, j *Judgement) string {
	who, shown := "solver's answer", s.ShowAnswer(f)
	if f.HasBrute && !s.SolverDistribution {
		who, shown = "brute force's answer", s.ShowBrute(f)
	}
	return fmt.Sprintf("the referee's mean %.9g over %d runs, the %s %s: p = %.3g ≤ %.3g",
		j.Tally.Mean, j.Tally.N, who, shown, j.PValue, j.Alpha)
}

// readAnswer reads the solver's output: one answer, or with
// SolverDistribution the answer and its distribution.
func (s *Stress) readAnswer(out []byte) (distribution, error) {
	if s.rule().Kind.Exact() {
		return s.readSolverAnswer(out)
	}
	if s.SolverDistribution {
		return parseDistribution(out, s.Tolerance)
	}
	answers, err := props.ParseAnswerLines(out, 1, props.OneNumber)
	if err != nil {
		return distribution{}, err
	}
	return distribution{Answer: answers[0]}, nil
}

// checkDeterministic runs the generator again on the first case: the
// same arguments must print the same bytes.
func (s *Stress) checkDeterministic(ctx context.Context, c Case, first []byte) (*Fault, error) {
	args := c.Args(s.Params)
	again, fault, err := run(ctx, RoleGenerator, s.Generator, args, nil)
	if err != nil || fault != nil {
		return fault, err
	}
	if string(again) != string(first) {
		return &Fault{Role: RoleGenerator, Verdict: props.OutputFormat, Command: commandLine(s.Generator, args),
			Detail: "run twice with the same arguments it printed different inputs: a generator must print the same bytes for the same arguments (seed its random numbers with SEED)"}, nil
	}
	return nil, nil
}

// generate runs the generator on c; an empty input is its fault, and so is
// one the validator rejects.
func (s *Stress) generate(ctx context.Context, c Case) ([]byte, *Fault, error) {
	args := c.Args(s.Params)
	input, fault, err := run(ctx, RoleGenerator, s.Generator, args, nil)
	if err != nil || fault != nil {
		return nil, fault, err
	}
	if len(input) == 0 {
		return nil, &Fault{Role: RoleGenerator, Verdict: props.OutputFormat, Command: commandLine(s.Generator, args), Detail: "it printed nothing: an input was expected"}, nil
	}
	if s.Validator != nil {
		if fault, err := validateInput(ctx, s.Validator, commandLine(s.Generator, args), input); err != nil || fault != nil {
			return nil, fault, err
		}
	}
	return input, nil, nil
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

// firstLine is the first line of s.
func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}

func clipOutput(s string) string {
	const limit = 4096
	if len(s) > limit {
		return s[:limit] + fmt.Sprintf("\n… (%d more bytes)", len(s)-limit)
	}
	return s
}
