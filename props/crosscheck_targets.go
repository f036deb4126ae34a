package props

import (
	"bytes"
	"fmt"
	"math"
	"time"
)

// The targets of a check (issue 31): for every board judged, how close its
// answer came to the tolerance (the error score), and for every solver run,
// its CPU time and peak memory. A passing run shows its closest calls —
// the boards nearest to a wrong answer, the runs nearest to a time or
// memory limit — which are what fails at a judge with other inputs.

// ClosestShown is how many closest calls of each kind a Result keeps.
const ClosestShown = 3

// ErrorScore is how far theirs is from ours in units of the judge's
// tolerance at ours: |theirs − ours| over the largest error the judge
// accepts on that side of ours, so that an answer is accepted exactly
// when its score is at most 1 (0.93: close to failing; 0: exact). The
// tolerance is found by asking j.Agrees (bisection to a relative 1e-4),
// so a game's own rule (an absolute and a relative error, three printed
// decimals) is measured as the judge applies it. An answer of an exact
// kind (exact set: an integer, a fraction, a residue) is right or wrong:
// its score is 0 or +Inf, never between.
func ErrorScore(j Judge, exact bool, ours Solution, theirs float64, fullPrecision bool) float64 {
	if exact {
		if j.Agrees(ours, theirs, fullPrecision) {
			return 0
		}
		return math.Inf(1)
	}
	v := ours.Value
	d := math.Abs(theirs - v)
	switch {
	case d == 0:
		return 0
	case math.IsNaN(d) || math.IsInf(d, 0):
		return math.Inf(1)
	}
	side := math.Copysign(1, theirs-v)
	accepts := func(e float64) bool { return j.Agrees(ours, v+side*e, fullPrecision) }
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

// CloseCall is one of a run's closest calls: a board whose answer came
// nearest to the tolerance, or a solver run that came nearest to its CPU
// time or memory limit.
type CloseCall struct {
	// Source names it as failures are named: "generated board 17",
	// "generated boards 1..20", "sample sample1, board 2".
	Source string
	// Board is the generated board's index (from 0), the input's first for
	// a run; -1 for a sample.
	Board int
	// Input is what to run again: the board alone in the original input
	// format for an error score, the whole input as the solver read it for
	// a run.
	Input []byte
	// Boards is how many boards Input holds.
	Boards int
	// Score is the error score (ErrorScore); Ours and Theirs the answers
	// it compares. Only for a board.
	Score  float64
	Ours   Solution
	Theirs float64
	// CPU, Wall and Peak are the run's: its CPU time (0 where not known),
	// wall time and peak resident memory in bytes (0 where not known).
	CPU, Wall time.Duration
	Peak      int64
}

// Closest are a run's closest calls, each list worst first: the boards
// with the highest error scores above 0, the runs with the most CPU time,
// the runs with the highest peak memory. The error list depends on the
// boards and the solver's answers alone (the same --seed and --cases give
// the same list whatever Jobs is); the other two are timings.
type Closest struct {
	Error, Slowest, Memory []CloseCall
	// Exact says the game's answers are of an exact kind: a score is 0 or
	// +Inf.
	Exact bool
	// Scored is how many answers have an error score.
	Scored int
}

// Worst is the board with the highest error score, or nil when every
// answer scored was exact.
func (c *Closest) Worst() *CloseCall {
	if len(c.Error) == 0 {
		return nil
	}
	return &c.Error[0]
}

// keep inserts x into list, worst first by more, at most ClosestShown long;
// a tie keeps the earlier one first, so the list depends on the order the
// calls are offered in, not on when they came in.
func keep(list []CloseCall, x CloseCall, more func(a, b CloseCall) bool) []CloseCall {
	i := len(list)
	for i > 0 && more(x, list[i-1]) {
		i--
	}
	if i >= ClosestShown {
		return list
	}
	list = append(list, CloseCall{})
	copy(list[i+1:], list[i:])
	list[i] = x
	if len(list) > ClosestShown {
		list = list[:ClosestShown]
	}
	return list
}

// wouldKeep reports whether keep would put a call scoring s into list.
func wouldKeep(list []CloseCall, s float64, of func(CloseCall) float64) bool {
	return len(list) < ClosestShown || s > of(list[len(list)-1])
}

func byScore(c CloseCall) float64 { return c.Score }
func byCPU(c CloseCall) float64 {
	if c.CPU > 0 {
		return c.CPU.Seconds()
	}
	return c.Wall.Seconds()
}
func byPeak(c CloseCall) float64 { return float64(c.Peak) }

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
func (c *CrossCheck) figuresOf(res RunResult, sols []Solution, known []*Solution, theirs []float64) *runFigures {
	f := &runFigures{cpu: res.CPU, wall: res.Elapsed, peak: res.PeakRSS, scores: make([]float64, len(sols)), theirs: theirs}
	judge, exact := Judge(c.Game), c.Game.AnswerRule().Kind.Exact()
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
}

// closestTracker keeps the closest calls of the inputs offered to it in
// the search's order.
type closestTracker struct {
	c   *CrossCheck
	out Closest
}

func newClosestTracker(c *CrossCheck) *closestTracker {
	return &closestTracker{c: c, out: Closest{Exact: c.Game.AnswerRule().Kind.Exact()}}
}

// add takes in one input's figures.
func (t *closestTracker) add(in *inputFigures) {
	if in == nil || in.run == nil {
		return
	}
	r := in.run
	run := CloseCall{Source: in.source, Board: in.first, Input: in.input, Boards: len(in.boards), CPU: r.cpu, Wall: r.wall, Peak: r.peak}
	if wouldKeep(t.out.Slowest, byCPU(run), byCPU) {
		t.out.Slowest = keep(t.out.Slowest, run, func(a, b CloseCall) bool { return byCPU(a) > byCPU(b) })
	}
	if run.Peak > 0 && wouldKeep(t.out.Memory, byPeak(run), byPeak) {
		t.out.Memory = keep(t.out.Memory, run, func(a, b CloseCall) bool { return a.Peak > b.Peak })
	}
	for i, s := range r.scores {
		if math.IsNaN(s) {
			continue
		}
		t.out.Scored++
		if s <= 0 || !wouldKeep(t.out.Error, s, byScore) {
			continue
		}
		var board bytes.Buffer
		_ = t.c.Game.WriteInput(&board, in.boards[i:i+1])
		call := CloseCall{Source: in.names[i], Board: in.index[i], Input: board.Bytes(), Boards: 1, Score: s, Ours: *in.sols[i], Theirs: theirsOf(r, i)}
		t.out.Error = keep(t.out.Error, call, func(a, b CloseCall) bool { return a.Score > b.Score })
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
			return fmt.Sprintf("generated board %d (climbed from board %d toward %s)", cases[0].index+1, cl.From+1, cl.Target.Goal())
		}
		return fmt.Sprintf("generated board %d", cases[0].index+1)
	}
	if cl := cases[0].climbed; cl != nil {
		return fmt.Sprintf("generated boards %d..%d (climbed toward %s)", cases[0].index+1, cases[len(cases)-1].index+1, cl.Target.Goal())
	}
	return fmt.Sprintf("generated boards %d..%d", cases[0].index+1, cases[len(cases)-1].index+1)
}
