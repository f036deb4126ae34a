package programs

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/chancecheck/chancecheck/internal/inorder"
	"github.com/chancecheck/chancecheck/props"
)

// Stress judges a solver against a game defined by programs: Cases inputs
// from the generator, each judged against the brute force (when given, by
// Tolerance) and against Runs of the referee (statistically), under one
// false-alarm budget Alpha. It stops at the first failure, re-confirms it
// on fresh referee runs when it is statistical, and shrinks it.
type Stress struct {
	// GameSpec is the game, as check sees one (game.go), with these
	// differences: the brute force is optional (nil for none); an input
	// the validator rejects stops the run as the generator's fault; the
	// Tolerance's zero value is 1e-6 absolute or relative; with Tests
	// above 1, a case that fails in a pack is judged again alone, under a
	// count line of 1, and so is every case shrinking tries
	// (stress_pack.go); and Name and Classes, check's and report's, are
	// not used (stress refuses classes).
	GameSpec
	Solver Program
	Cases  int    // inputs to judge (at least 1)
	Runs   int64  // referee runs per statistical check (at least 1)
	Seed   uint64 // the run's seed: same seed, same cases, same verdicts
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
	// MaxDenominator, for a residue, is the largest denominator a residue
	// is read back with; 0: answer.NewBounds's default, which keeps the
	// chance of a coincidence at answer.DefaultCoincidence an input.
	MaxDenominator int64
	// SolverDistribution, for an expectation, says that the solver prints
	// its distribution of outcomes after its answer, "outcome probability"
	// lines: the referee is then tested against that distribution (DKW),
	// which needs no range of outcomes, only integer ones.
	SolverDistribution bool
	// ShrinkTries bounds the inputs tried while shrinking (0:
	// DefaultShrinkTries); ShrinkSeeds is how many generator seeds are
	// tried at each point of the parameter space (0: DefaultShrinkSeeds);
	// ShrinkTime bounds the time: the CPU time of the programs run while
	// shrinking, so that a loaded machine does not starve it, and 10 times
	// as much wall-clock time (0: DefaultShrinkTime).
	ShrinkTries, ShrinkSeeds int
	ShrinkTime               time.Duration
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
	// Climb is what part of the search climbs toward (stress_climb.go):
	// cases drawn near the best so far by error score, CPU time or memory
	// peak, as check's search does; 0: uniform cases only. Not with packs.
	Climb props.Target
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

// validate checks s before a run.
func (s *Stress) validate() error {
	switch {
	case s.Generator == nil || s.Referee == nil || s.Solver == nil:
		return errors.New("stress: a generator, a referee and a solver are needed")
	case len(s.Classes) > 0:
		return errors.New("stress: coverage classes are check's and report's (a game defined by programs): stress does not draw by class")
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
	out := &Result{Quantity: s.Quantity, Seed: s.Seed, Runs: s.Runs, Budget: s.budget(), Closest: props.Closest{Exact: s.answerJudge().exact()}}
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
	// Climbing slots (stress_climb.go) draw their cases from the climber's
	// plan, made in case order.
	climber := s.newClimber()
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
				if climber.Slot(lo) {
					p, err := climber.Wait(ctx, lo)
					if err != nil {
						return []caseResult{{err: err}}
					}
					if p.Target != 0 {
						c, how := s.climbCase(p, lo)
						return []caseResult{s.judgeClimbed(ctx, lo, c, how, out.Budget.PerSearch)}
					}
				}
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
					if climber != nil {
						climber.Take(i, climbRun(i, s.caseOf(i, c), c), 1)
					}
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
	r       judged
	err     error
	c       *Case          // the case, where it is not the search's draw (GeneratorWritesTests, climbed)
	climbed *props.Climbed // how the climber drew it; nil: a uniform draw
}

// ends reports whether the search is over once the case is taken: an
// error (an interruption among them), a fault or a failure.
func (c caseResult) ends() bool { return c.err != nil || c.r.fault != nil || c.r.failure != nil }

// judgeClimbed judges the search's case i, drawn by the climber as c.
func (s *Stress) judgeClimbed(ctx context.Context, i int, c Case, how *props.Climbed, alpha float64) caseResult {
	r, err := s.judge(ctx, c, nil, i, judgeAll, derive(s.Seed, domainReferee, uint64(i)), alpha)
	r.closest.climbed(how)
	return caseResult{r: r, err: err, c: &c, climbed: how}
}

// caseOf is the search's case i as judged in r.
func (s *Stress) caseOf(i int, r caseResult) Case {
	if r.c != nil {
		return *r.c
	}
	return drawCase(s.Params, s.Seed, i)
}

// judgeCase judges the search's case i; the first case's generator is run
// twice, to check that it is deterministic.
func (s *Stress) judgeCase(ctx context.Context, i int, alpha float64) caseResult {
	c := drawCase(s.Params, s.Seed, i)
	r, err := s.judge(ctx, c, nil, i, judgeAll, derive(s.Seed, domainReferee, uint64(i)), alpha)
	if err == nil && i == 0 && r.fault == nil {
		r.fault, err = s.deterministic(ctx, c, r.input)
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
	if r.failure != nil && c.climbed != nil {
		r.failure.Climbed = c.climbed
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
	if c.climbed != nil {
		if out.Climbed == nil {
			out.Climbed = map[props.Target]int{}
		}
		out.Climbed[c.climbed.Target]++
	}
	r.closest.offer(&out.Closest, c.climbed != nil && c.climbed.Target.Measured())
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
	if r.agreement != nil {
		out.MinDetectable = append(out.MinDetectable, r.agreement.MinDetectable)
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
