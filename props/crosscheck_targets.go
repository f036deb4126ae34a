package props

import (
	"bytes"
	"fmt"
	"math"
	"time"

	"github.com/chancecheck/chancecheck/answer"
)

// The targets of a check (issue 31): for every board judged, how close its
// answer came to the tolerance (the error score), and for every solver run,
// its CPU time and peak memory. A passing run shows its closest calls —
// the boards nearest to a wrong answer, the runs nearest to a time or
// memory limit — which are what fails at a judge with other inputs.

// ErrorScore is how far theirs is from ours in units of the judge's
// tolerance at ours: |theirs − ours| over the largest error the judge
// accepts on that side of ours, so that an answer is accepted exactly
// when its score is at most 1 (0.93: close to failing; 0: exact). The
// tolerance is found by asking j.Agrees (bisection to a relative 1e-4),
// so a game's own rule (an absolute and a relative error, three printed
// decimals) is measured as the judge applies it. An answer of an exact
// kind (exact set: an integer, a fraction, a residue) is right or wrong:
// its score is 0 or +Inf, never between.
func ErrorScore(j Judge, exact bool, ours Solution, theirs answer.Value, fullPrecision bool) float64 {
	if exact {
		if j.Agrees(ours, theirs, fullPrecision) {
			return 0
		}
		return math.Inf(1)
	}
	return floatScore(j, ours, theirs.Float64(), fullPrecision)
}

// floatScore is ErrorScore of a float answer.
func floatScore(j Judge, ours Solution, theirs float64, fullPrecision bool) float64 {
	v := ours.Value
	d := math.Abs(theirs - v)
	switch {
	case d == 0:
		return 0
	case math.IsNaN(d) || math.IsInf(d, 0):
		return math.Inf(1)
	}
	side := math.Copysign(1, theirs-v)
	accepts := func(e float64) bool { return j.Agrees(ours, answer.FloatValue(v+side*e), fullPrecision) }
	// lo is an error accepted (0: the exact value), hi one refused; the
	// bracket grows 16-fold, a score is shown to two digits: 1e-4 is
	// precision enough, in some 25 calls of Agrees a board.
	lo, hi := 0.0, d
	if accepts(d) {
		lo, hi = d, 16*d
		for accepts(hi) {
			if hi > math.MaxFloat64/32 {
				return 0 // a judge that accepts anything
			}
			lo, hi = hi, 16*hi
		}
	}
	for hi-lo > 1e-4*hi {
		mid := lo + (hi-lo)/2
		if mid <= lo || mid >= hi {
			break
		}
		if accepts(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	if lo == 0 {
		return math.Inf(1) // only the exact value is accepted
	}
	return d / lo
}

// runFigures are one solver run's targets: its usage and each board's
// error score (NaN for a board not judged or whose answer was not read).
type runFigures struct {
	cpu, wall time.Duration
	peak      int64
	scores    []float64
	theirs    []float64 // the answers scored
}

// figuresOf measures a run whose answers theirs (nil: not read) were
// judged against sols (known[i] nil: board i not judged).
func (c *CrossCheck) figuresOf(res RunResult, sols []Solution, known []*Solution, theirs []answer.Value) *runFigures {
	f := &runFigures{cpu: res.CPU, wall: res.Elapsed, peak: res.PeakRSS, scores: make([]float64, len(sols)), theirs: float64s(theirs)}
	judge := c.Game.answerJudge()
	exact := judge.exact()
	for i := range sols {
		f.scores[i] = math.NaN()
		if known[i] != nil && i < len(theirs) {
			f.scores[i] = ErrorScore(judge, exact, sols[i], theirs[i], c.FullPrecision)
		}
	}
	return f
}

// inputFigures are an input's figures with what names its boards.
type inputFigures struct {
	run    *runFigures
	input  []byte
	boards []Board
	sols   []*Solution
	source string // the input's name
	names  []string
	first  int // the first generated board's index, -1 for a sample
	index  []int
	toward Target // what its boards were climbed toward, numbered apart (0: uniform boards or a sample)
}

// closestTracker keeps the closest calls of the inputs offered to it in
// the search's order.
type closestTracker struct {
	c   *CrossCheck
	out Closest
}

func newClosestTracker(c *CrossCheck) *closestTracker {
	return &closestTracker{c: c, out: Closest{Exact: c.Game.answerJudge().exact()}}
}

// add takes in one input's figures.
func (t *closestTracker) add(in *inputFigures) {
	if in == nil || in.run == nil {
		return
	}
	r, climbed := in.run, in.toward != 0
	t.out.OfferRun(CloseCall{Source: in.source, Board: in.first, Climbed: climbed, Input: in.input, Boards: len(in.boards), CPU: r.cpu, Wall: r.wall, Peak: r.peak})
	if in.toward.Measured() {
		// Which boards a slot climbed toward CPU time or memory holds
		// depends on measurements: the error and size lists, like the
		// climbs of those targets, take none of them, so that they
		// repeat for the same seed whatever the machine's load or Jobs.
		return
	}
	for i, s := range r.scores {
		if math.IsNaN(s) {
			continue
		}
		call := CloseCall{Source: in.names[i], Board: in.index[i], Climbed: climbed, Boards: 1, Score: s, Ours: *in.sols[i], Theirs: theirsOf(r, i)}
		var board bytes.Buffer
		_ = t.c.Game.WriteInput(&board, in.boards[i:i+1])
		if t.out.Keeps(s) {
			call.Input = board.Bytes()
		}
		t.out.OfferScore(call)
		t.out.OfferSize(CloseCall{Source: call.Source, Board: call.Board, Climbed: climbed, Boards: 1, Input: board.Bytes(), Score: math.NaN()})
	}
}

// theirsOf is board i's answer as scored.
func theirsOf(r *runFigures, i int) float64 {
	if i < len(r.theirs) {
		return r.theirs[i]
	}
	return math.NaN()
}

// casesSource names an input of generated boards as a failure would.
func casesSource(cases []genCase) string {
	if len(cases) == 1 {
		if cl := cases[0].climbed; cl != nil {
			return cl.Source(cases[0].index)
		}
		return fmt.Sprintf("generated board %d", cases[0].index+1)
	}
	if cl := cases[0].climbed; cl != nil {
		return fmt.Sprintf("climbed boards %d..%d (toward %s)", cases[0].index+1, cases[len(cases)-1].index+1, cl.Target.Goal())
	}
	return fmt.Sprintf("generated boards %d..%d", cases[0].index+1, cases[len(cases)-1].index+1)
}
