package props

import (
	"bytes"
	"math"
	"time"

	"github.com/chancecheck/chancecheck/answer"
)

// Closest calls are the same on every route — check (CrossCheck), stress
// (programs.Stress), CheckSolver, gametest: each offers its boards' error
// scores and its runs' usage to a Closest (OfferScore, OfferRun), in the
// order its search judges them, and shows what the Closest kept.

// ClosestShown is how many closest calls of each kind a Result keeps.
const ClosestShown = 3

// CloseCall is one of a run's closest calls: a board whose answer came
// nearest to the tolerance, or a solver run that came nearest to its CPU
// time or memory limit.
type CloseCall struct {
	// Source names it as failures are named: "generated board 17",
	// "generated boards 1..20", "sample1, board 2".
	Source string
	// Board is the generated board's index (from 0), the input's first for
	// a run; -1 for a sample. Where Climbed, it numbers the climbed boards
	// (check's, apart from the generated ones).
	Board   int
	Climbed bool
	// Input is what to run again: the board alone in the original input
	// format for an error score, the whole input as the solver read it for
	// a run.
	Input []byte
	// Boards is how many boards Input holds.
	Boards int
	// Score is the error score (ErrorScore, or StatisticalScore for a
	// referee's test); Ours and Theirs the answers it compares. Only for a
	// board.
	Score  float64
	Ours   Solution
	Theirs float64
	// Against names what judged the answer where it is not the game's
	// analyst (check's oracle): "the brute force", "the referee". For the
	// referee, Ours.Value is its mean over its runs, and PValue and Alpha
	// are its test's (Score is StatisticalScore of them).
	Against       string
	PValue, Alpha float64
	// CPU, Wall and Peak are the run's: its CPU time (0 where not known),
	// wall time and peak resident memory in bytes (0 where not known).
	CPU, Wall time.Duration
	Peak      int64
}

// Closest are a run's closest calls, each list worst first: the boards
// with the highest error scores above 0, the runs with the most CPU time,
// the runs with the highest peak memory, and the largest boards judged
// (by their bytes in the original input format: how near the search came
// to the input's limits). The error and size lists depend on the boards
// and the solver's answers alone (the same --seed and --cases give the
// same lists whatever Jobs is); the time and memory lists are timings.
type Closest struct {
	Error, Slowest, Memory, Largest []CloseCall
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
func bySize(c CloseCall) float64 { return float64(len(c.Input)) }

// What judged a closest call's answer where it is not the game's analyst
// (CloseCall.Against): a route with a brute force and a referee as its
// oracles (programs.Stress).
const (
	AgainstBrute   = "the brute force"
	AgainstReferee = "the referee"
)

// OfferScore takes in one board's error score: counted in Scored, and
// kept when it is among the highest above 0. A score that is NaN (not
// judged) is left out.
func (c *Closest) OfferScore(call CloseCall) {
	if math.IsNaN(call.Score) {
		return
	}
	c.Scored++
	if !c.Keeps(call.Score) {
		return
	}
	c.Error = keep(c.Error, call, func(a, b CloseCall) bool { return a.Score > b.Score })
}

// Keeps reports whether OfferScore would keep a board of error score s
// (so that a route builds the board's input only for one kept).
func (c *Closest) Keeps(s float64) bool { return s > 0 && wouldKeep(c.Error, s, byScore) }

// keepsRun reports whether OfferRun would keep run among the slowest or
// the hungriest.
func (c *Closest) keepsRun(run CloseCall) bool {
	return wouldKeep(c.Slowest, byCPU(run), byCPU) || run.Peak > 0 && wouldKeep(c.Memory, byPeak(run), byPeak)
}

// OfferBoard takes in one board judged by one call of an in-process
// solver (CheckSolver's Go function, gametest's analyst): call has the
// board's score and the call's usage; b is written in g's input format
// only for a call kept.
func (c *Closest) OfferBoard(call CloseCall, g Game, b Board) {
	var in []byte
	board := func() []byte {
		if in == nil {
			var w bytes.Buffer
			_ = g.WriteInput(&w, []Board{b})
			in = w.Bytes()
		}
		return in
	}
	score := call
	score.CPU, score.Wall, score.Peak = 0, 0, 0
	if c.Keeps(score.Score) {
		score.Input = board()
	}
	c.OfferScore(score)
	if !math.IsNaN(call.Score) {
		c.OfferSize(CloseCall{Source: call.Source, Board: call.Board, Boards: 1, Input: board(), Score: math.NaN()})
	}
	run := CloseCall{Source: call.Source, Board: call.Board, Boards: call.Boards, CPU: call.CPU, Wall: call.Wall, Peak: call.Peak, Score: math.NaN()}
	if c.keepsRun(run) {
		run.Input = board()
	}
	c.OfferRun(run)
}

// OfferSize takes in one board judged, its Input the board alone in the
// original input format: kept when among the largest. A tie keeps the
// earlier board first.
func (c *Closest) OfferSize(call CloseCall) {
	if len(call.Input) > 0 && wouldKeep(c.Largest, bySize(call), bySize) {
		c.Largest = keep(c.Largest, call, func(a, b CloseCall) bool { return len(a.Input) > len(b.Input) })
	}
}

// OfferRun takes in one solver run's usage: kept when among the slowest
// (by CPU time, else wall time) or, its peak known, the hungriest.
func (c *Closest) OfferRun(call CloseCall) {
	if wouldKeep(c.Slowest, byCPU(call), byCPU) {
		c.Slowest = keep(c.Slowest, call, func(a, b CloseCall) bool { return byCPU(a) > byCPU(b) })
	}
	if call.Peak > 0 && wouldKeep(c.Memory, byPeak(call), byPeak) {
		c.Memory = keep(c.Memory, call, func(a, b CloseCall) bool { return a.Peak > b.Peak })
	}
}

// ToleranceScore is ErrorScore under a Tolerance's rule, for a route that
// judges by a Tolerance rather than a Game (programs.Stress against its
// brute force): |theirs − ours| over max(Abs, Rel·|ours|).
func ToleranceScore(t Tolerance, ours, theirs float64) float64 {
	return floatScore(toleranceJudge(t), Solution{Value: ours}, theirs, true)
}

// toleranceJudge is a Tolerance as a Judge; it reads no output.
type toleranceJudge Tolerance

func (toleranceJudge) ParseAnswers([]byte, int) ([]answer.Value, error) { return nil, nil }
func (t toleranceJudge) Agrees(ours Solution, theirs answer.Value, _ bool) bool {
	return Tolerance(t).Accepts(ours.Value, theirs.Float64())
}

// StatisticalScore is a referee's test as an error score: how far its
// p-value has gone toward its α, ln p / ln α, so that 1 is where the test
// rejects, as 1 is the tolerance's edge for an exact comparison (0: p = 1,
// nothing seen; 0.5: p = √α). Under a right answer p is uniform, so the
// score is an exponential variable over ln(1/α), whatever the test
// (binomial, Bernstein, DKW): one scale for all of them. +Inf for p = 0.
func StatisticalScore(pValue, alpha float64) float64 {
	switch {
	case math.IsNaN(pValue) || !(alpha > 0 && alpha < 1):
		return math.NaN()
	case pValue >= 1:
		return 0
	case pValue <= 0:
		return math.Inf(1)
	}
	return math.Log(pValue) / math.Log(alpha)
}
