package props

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"time"

	"github.com/chancecheck/chancecheck/answer"
	"github.com/chancecheck/chancecheck/internal/rapidflags"
	"github.com/chancecheck/chancecheck/internal/solverproc"
)

// Runner runs a solver on one input file in the game's original format.
// The error is for a solver that could not run at all; how it ended
// (exit status, signal, time limit) is in the RunResult. A CrossCheck with
// Jobs above 1 calls Run from several goroutines at once.
type Runner interface {
	Run(ctx context.Context, input []byte) (RunResult, error)
}

// leftover says what the solver left running, for a verdict's detail; "".
func leftover(r RunResult) string {
	if len(r.Leftovers) == 0 {
		return ""
	}
	return "\nstill running after the solver exited, and killed: " + strings.Join(r.Leftovers, "; ")
}

// Failure is one failing input with everything needed to reproduce it.
type Failure struct {
	Verdict Verdict
	Source  string  // "sample1", "sample 3", "generated board 17", "shrunk from generated board 17"
	Boards  []Board // the boards of the input
	Input   []byte  // the input file exactly as the solver read it
	// Index is the board the verdict is about (the wrong answer, the
	// unparsable line), or -1 when it concerns the whole run.
	Index int
	Ours  []Solution // the analyst's solution of each board
	// OursText is the analyst's answers in the original output format.
	OursText string
	Theirs   []float64 // the solver's parsed answers; nil when they could not be read
	Stdout   string    // the solver's stdout, clipped
	Detail   string    // format error, exit status and stderr's tail, time limit
	Class    string    // coverage class of the board (generated boards)
	// NotReproduced says that the verdict, one that a loaded machine can
	// cause (a time or idleness limit, a crash, output cut short), did not
	// recur when the input was run again with no other solver of the check
	// running: it is no verdict on the solver, and Detail says what was
	// seen both times.
	NotReproduced bool
	// CutWhile, on Result.Unconfirmed alone, says what the check was
	// doing to confirm this failure when Time ran out ("the input was being
	// run again with no other solver running, to confirm it"), or why it
	// was not judged in its turn; "" on every failure judged.
	CutWhile string
	// Board is the index (from 0) of the generated board failing, the
	// lowest of the input's when several boards fail together; -1 for any
	// other input (a sample, a shrunk board).
	Board int
	// Climbed says how the failing generated board was made when the
	// climber made it (crosscheck_climb.go), the first climbed one's when
	// several fail together; nil for boards of the uniform stream, a
	// sample or a shrunk board.
	Climbed *Climbed

	cases []genCase // the generated boards, when generated
}

// generatedCase returns the single generated board of f, or nil when f
// concerns a sample or several boards.
func (f *Failure) generatedCase() *genCase {
	if len(f.cases) != 1 || len(f.Boards) != 1 {
		return nil
	}
	return &genCase{seed: f.cases[0].seed, board: f.Boards[0], climbed: f.cases[0].climbed}
}

// Fraction returns the exact answer of the failing board, or nil where the
// game has none.
func (f *Failure) Fraction(g Game) *big.Rat {
	i := max(f.Index, 0)
	if i >= len(f.Boards) || i >= len(f.Ours) {
		return nil
	}
	r, err := g.Fraction(f.Boards[i], f.Ours[i])
	if err != nil {
		return nil
	}
	return r
}

// Oracle names what gave our answer on the failing board (the analyst,
// the rules engine, or the analyst checked by the engine); "" when the
// game's own analyst did, unchecked.
func (f *Failure) Oracle() string {
	if i := max(f.Index, 0); i < len(f.Ours) {
		return f.Ours[i].Oracle
	}
	return ""
}

// genCase is one generated board and the sub-seed it came from.
type genCase struct {
	index int
	seed  uint64
	board Board
	sol   *Solution // the analyst's answer when known already
	// climbed, for a board the climber made, says how; its choices are
	// what draws it (seed does not).
	climbed *Climbed
	choices rapidflags.Choices
}

// notJudged counts the boards of an input that no oracle could judge
// (ErrCannotJudge), with the first one's reason.
type notJudged struct {
	boards     int
	overBudget int // of boards, those whose analyst ran past BoardTime
	reason     string
}

func (n *notJudged) add(board string, err error) {
	if n.boards == 0 {
		n.reason = board + ": " + err.Error()
	}
	n.boards++
	if errors.Is(err, ErrOverBoardTime) {
		n.overBudget++
	}
}

// solveOrSkip is the analyst's answer to b, within BoardTime; ok is false,
// with a nil error, when the analyst cannot judge b (ErrCannotJudge, or
// past BoardTime), which is then counted in skipped. When ctx ends, its
// error: the board is cut off with its input, not judged.
func (c *CrossCheck) solveOrSkip(ctx context.Context, b Board, name string, skipped *notJudged) (sol Solution, ok bool, err error) {
	if c.Watch != nil {
		defer c.Watch.Begin("the analyst on " + name)()
	}
	sol, err = answerInBudget(ctx, c.Game, b, c.BoardTime)
	switch {
	case ctx.Err() != nil:
		return Solution{}, false, fmt.Errorf("the analyst on %s: %w", name, context.Cause(ctx))
	case errors.Is(err, ErrCannotJudge):
		skipped.add(name, err)
		return Solution{}, false, nil
	case errors.Is(err, ErrGeneratorFault):
		return Solution{}, false, err // the board's fault, not the analyst's: it names the generator
	case err != nil:
		return Solution{}, false, fmt.Errorf("the analyst failed on %s: %w", name, err)
	}
	return sol, true, nil
}

// checkSample runs the solver on a published sample, fed verbatim; a board
// of it that no oracle can judge is not judged (and counted in skipped).
// The oracle of each board judged is counted in oracles.
func (c *CrossCheck) checkSample(ctx context.Context, s Sample, skipped *notJudged, oracles map[string]int) (*Failure, int, *inputFigures, error) {
	boards, err := c.Game.Parse(strings.NewReader(s.Input), s.Name)
	if err != nil {
		return nil, 0, nil, fmt.Errorf("%s: %w", s.Label(), err)
	}
	sols := make([]*Solution, len(boards))
	for i, b := range boards {
		sol, ok, err := c.solveOrSkip(ctx, b, fmt.Sprintf("%s, board %d", s.Label(), i+1), skipped)
		if err != nil {
			return nil, 0, nil, err
		}
		if ok {
			sols[i] = &sol
			oracles[sol.OracleOf()]++
		}
	}
	if c.Watch != nil {
		defer c.Watch.Begin("the solver on sample " + s.Name)()
	}
	f, run, err := c.checkInputFigures(ctx, boards, []byte(s.Input), sols)
	if u := asUnconfirmed(err); u != nil {
		u.seen.Source = s.Label()
	}
	if f != nil {
		f.Source = s.Label()
	}
	figs := &inputFigures{run: run, input: []byte(s.Input), boards: boards, sols: sols, source: s.Label(), first: -1}
	for i := range boards {
		figs.names = append(figs.names, fmt.Sprintf("%s, board %d", s.Label(), i+1))
		figs.index = append(figs.index, -1)
	}
	return f, len(boards) - skipped.boards, figs, err
}

// checkGenerated runs the solver on a batch of generated boards and, when
// the batch fails, finds a failing board by running boards alone: a batch's
// output is not trusted to say which board is wrong (a solver may fail only
// after an earlier case, or print its lines out of step).
// Its figures are those of the batch's run.
func (c *CrossCheck) checkGenerated(ctx context.Context, cases []genCase) (*Failure, *inputFigures, error) {
	f, figs, err := c.checkCasesFigures(ctx, cases)
	if f == nil || err != nil || len(cases) == 1 || f.NotReproduced {
		return f, figs, err
	}
	order := make([]int, 0, len(cases))
	if f.Index >= 0 {
		order = append(order, f.Index)
	}
	for i := range cases {
		if i != f.Index {
			order = append(order, i)
		}
	}
	// A time limit's CPU time at the kill is the limit, near enough: once
	// the boards run alone add up to it, they are over it together, and
	// running the rest alone would cost up to a limit more each.
	var limit time.Duration
	if f.Verdict == TimeLimit && figs != nil && figs.run != nil {
		limit = figs.run.cpu
	}
	var ran []int
	alone := make([]time.Duration, len(cases)) // each board's CPU time run alone
	// Cut off while the boards run alone, the batch's failure is all
	// that was seen (or a board's, when one was being confirmed).
	const why = "its boards were being run alone, to find the failing one"
	for _, i := range order {
		single, sfigs, err := c.checkCasesFigures(ctx, cases[i:i+1])
		if err != nil {
			return nil, figs, unconfirmed(ctx, f, why, err)
		}
		if single != nil && !single.NotReproduced {
			return single, figs, nil
		}
		if sfigs != nil && sfigs.run != nil {
			alone[i] = sfigs.run.cpu
		}
		if ran = append(ran, i); limit > 0 && together(alone, ran, startUp(alone, ran)) > limit {
			break
		}
	}
	// Every board run alone passes: the batch fails as a whole.
	if limit > 0 {
		// Dropping boards one at a time would cost a whole time limit a
		// try: the slowest boards run alone, as many as add up to the
		// limit, are tried once instead.
		tf, err := c.slowestTogether(ctx, cases, alone, ran, limit)
		if err != nil {
			return nil, figs, unconfirmed(ctx, f, why, err)
		}
		if tf != nil {
			f = tf
		}
		f.Detail = strings.TrimSpace(f.Detail + "\n(every board passes alone: the solver's time on the boards together is over the limit)")
		return f, figs, nil
	}
	// Drop boards one at a time while it still fails (greedy), to keep it
	// small.
	kept := cases
	for i := 0; i < len(kept) && len(kept) > 1; {
		trial := append(append([]genCase(nil), kept[:i]...), kept[i+1:]...)
		tf, err := c.checkCases(ctx, trial)
		if err != nil {
			return nil, figs, unconfirmed(ctx, f, "every board passed alone, and boards were being taken away while it still failed", err)
		}
		if tf != nil && !tf.NotReproduced {
			kept, f = trial, tf
			continue
		}
		i++
	}
	f.Detail = strings.TrimSpace(f.Detail + "\n(every board passes alone: the solver fails only with several cases in one input)")
	return f, figs, nil
}

// together is the CPU time boards (indices into alone, each board's CPU
// time run alone) would take in one run, start the solver's start-up
// (counted once, not once a board).
func together(alone []time.Duration, boards []int, start time.Duration) time.Duration {
	sum := start
	for _, i := range boards {
		sum += alone[i] - start
	}
	return sum
}

// startUp is the solver's start-up as boards ran alone show it: the
// least CPU time of any, with its board.
func startUp(alone []time.Duration, ran []int) time.Duration {
	start := alone[ran[0]]
	for _, i := range ran {
		start = min(start, alone[i])
	}
	return start
}

// slowestTogether runs once the fewest of the boards ran (indices into
// cases, each run alone in alone[i]) that together take more than limit,
// the slowest first, in the batch's order; it returns their failure when
// they are over the time limit too, nil when they pass or would be the
// whole batch.
func (c *CrossCheck) slowestTogether(ctx context.Context, cases []genCase, alone []time.Duration, ran []int, limit time.Duration) (*Failure, error) {
	start := startUp(alone, ran)
	idx := slices.Clone(ran)
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(alone[b], alone[a]) })
	n := 1
	for n < len(idx) && together(alone, idx[:n], start) <= limit {
		n++
	}
	if n >= len(cases) {
		return nil, nil
	}
	pick := slices.Sorted(slices.Values(idx[:n]))
	trial := make([]genCase, 0, n)
	for _, i := range pick {
		trial = append(trial, cases[i])
	}
	tf, err := c.checkCases(ctx, trial)
	if err != nil || tf == nil || tf.NotReproduced || tf.Verdict != TimeLimit {
		return nil, err
	}
	return tf, nil
}

// checkCases runs the solver on generated boards in one input.
func (c *CrossCheck) checkCases(ctx context.Context, cases []genCase) (*Failure, error) {
	f, _, err := c.checkCasesFigures(ctx, cases)
	return f, err
}

// checkCasesFigures is checkCases with the run's figures (nil when the
// solver did not run).
func (c *CrossCheck) checkCasesFigures(ctx context.Context, cases []genCase) (*Failure, *inputFigures, error) {
	boards := make([]Board, len(cases))
	sols := make([]*Solution, len(cases))
	for i, gc := range cases {
		boards[i], sols[i] = gc.board, gc.sol
		if gc.sol == nil { // a board shrinking tries
			var skipped notJudged
			sol, ok, err := c.solveOrSkip(ctx, gc.board, "a board tried while shrinking", &skipped)
			if err != nil || !ok {
				return nil, nil, err // not judged: nobody's failure
			}
			sols[i] = &sol
		}
	}
	var in bytes.Buffer
	if err := c.Game.WriteInput(&in, boards); err != nil {
		return nil, nil, fmt.Errorf("writing generated boards: %w", err)
	}
	if c.Watch != nil {
		what := "the solver on " + board(cases[0].index, cases[0].climbed != nil)
		if len(cases) > 1 {
			what = strings.Replace(what, " board ", " boards ", 1) + fmt.Sprintf("..%d", cases[len(cases)-1].index+1)
		}
		defer c.Watch.Begin(what)()
	}
	f, run, err := c.checkInputFigures(ctx, boards, in.Bytes(), sols)
	fill := func(f *Failure) {
		f.cases = cases
		f.Board = cases[0].index
		f.Source = casesSource(cases)
		if len(cases) == 1 {
			f.Class = c.Game.Classify(cases[0].board)
		}
		for _, gc := range cases {
			if gc.climbed != nil {
				f.Climbed = gc.climbed
				break
			}
		}
	}
	if f != nil {
		fill(f)
	}
	if u := asUnconfirmed(err); u != nil {
		fill(u.seen) // a failure seen, not confirmed: the error stays
	}
	figs := &inputFigures{run: run, input: in.Bytes(), boards: boards, sols: sols, first: cases[0].index, source: casesSource(cases)}
	if cl := cases[0].climbed; cl != nil {
		figs.toward = cl.Target
	}
	for i, gc := range cases {
		figs.names = append(figs.names, casesSource(cases[i:i+1]))
		figs.index = append(figs.index, gc.index)
	}
	return f, figs, err
}

// checkInputFigures runs the solver on input, which holds boards, and
// judges its output against the analyst's answers, known[i] for board i; a
// board with none (nil: no oracle can judge it) is not judged, and an
// input with none to judge is not run. The failure is nil when every
// answer judged is accepted; the figures are the first run's (its usage
// and each board's error score; nil when the solver did not run).
func (c *CrossCheck) checkInputFigures(ctx context.Context, boards []Board, input []byte, known []*Solution) (_ *Failure, _ *runFigures, err error) {
	defer func() { err = withInput(err, input) }()
	sols := make([]Solution, len(boards))
	judged := 0
	for i, s := range known {
		if s != nil {
			sols[i] = *s
			judged++
		}
	}
	if judged == 0 {
		return nil, nil, nil
	}
	run := func(ctx context.Context) (RunResult, error) {
		res, err := c.Solver.Run(ctx, input)
		switch {
		case ctx.Err() != nil:
			// Ended by an interruption, the end of Time or the search's
			// cancellation: the harness killed the solver, which is no
			// verdict on it, whatever its exit.
			return res, ctx.Err()
		case err != nil:
			return res, fmt.Errorf("the solver %w: %v", ErrStart, err)
		}
		return res, nil
	}
	res, err := run(ctx)
	if err != nil {
		return nil, nil, err
	}
	verdict, index, theirs, detail := c.judge(res, sols, known)
	figs := c.figuresOf(res, sols, known, theirs)
	if verdict == Accepted {
		return nil, figs, nil
	}
	// seen is the failure as met so far: what a check cut while
	// confirming it reports (Result.Unconfirmed).
	seen := func() *Failure { return c.failure(verdict, boards, input, index, sols, theirs, res, detail) }
	if verdict == WrongAnswer {
		confirmed, err := c.oracleAgain(ctx, boards[index], sols[index])
		if err != nil {
			return nil, figs, unconfirmed(ctx, seen(), "the oracle was solving the board again, to confirm its answer", err)
		}
		sols = slices.Clone(sols)
		sols[index] = confirmed
	}
	notReproduced := false
	if verdict.Confirmable() && !solverproc.IsAlone(ctx) {
		// A loaded machine can make these: run the input again with
		// no other solver of the check running before blaming the solver.
		again, err := run(solverproc.Alone(ctx))
		if err != nil {
			return nil, figs, unconfirmed(ctx, seen(), "the input was being run again with no other solver running, to confirm it", err)
		}
		v, i, t, d := c.judge(again, sols, known)
		first := verdict // its detail holds timings: not in a deterministic verdict
		switch Rerun(verdict, res, v == Accepted) {
		case RerunFlaky:
			detail, verdict = CheckAlone.Flaky(verdict, detail, again), Flaky
		case RerunClean:
			notReproduced = true
			detail += "\n" + CheckAlone.Again(again)
			// The input's figures are the clean run's: the first run's
			// answers may be missing (killed at a limit the machine's
			// load made), and error scores must not depend on load.
			figs = c.figuresOf(again, sols, known, t)
		case Recurred:
			verdict, index, theirs, detail, res = v, i, t, d, again
			detail += CheckAlone.Confirmed(first)
		}
	}
	if n, ok := c.Game.(wrongAnswerNoter); ok && verdict == WrongAnswer && n.WrongAnswerNote() != "" {
		detail += "\n" + n.WrongAnswerNote()
	}
	f := c.failure(verdict, boards, input, index, sols, theirs, res, detail)
	f.NotReproduced = notReproduced
	return f, figs, nil
}

// failure is the failure of the run res on input, which holds boards,
// judged against our answers sols.
func (c *CrossCheck) failure(verdict Verdict, boards []Board, input []byte, index int, sols []Solution, theirs []answer.Value, res RunResult, detail string) *Failure {
	var ours bytes.Buffer
	_ = c.answerPrinter().WriteAnswers(&ours, sols)
	return &Failure{
		Verdict: verdict, Boards: boards, Input: input, Index: index, Board: -1,
		Ours: sols, OursText: ours.String(), Theirs: float64s(theirs),
		Stdout: clipOutput(string(res.Stdout)), Detail: detail + leftover(res),
	}
}

// wrongAnswerNoter is a Game with a note said under every wrong answer
// (Spec.WrongAnswerNote): every Game Define makes is one.
type wrongAnswerNoter interface{ WrongAnswerNote() string }

// oracleName names what gave a solution: its Oracle, or the game's analyst.
func (c *CrossCheck) oracleName(s Solution) string {
	if s.Oracle != "" {
		return s.Oracle
	}
	return "the analyst of " + c.Game.Name() + " (" + c.Game.Title() + ")"
}

// judge applies the game's judge to one run; the answer to a board
// without a known solution (nil) is read but not judged.
func (c *CrossCheck) judge(res RunResult, sols []Solution, known []*Solution) (Verdict, int, []answer.Value, string) {
	if v, detail := res.Ended(); v != Accepted {
		return v, -1, nil, detail
	}
	judge := c.Game.answerJudge()
	theirs, err := judge.ParseAnswers(res.Stdout, len(sols))
	if err != nil {
		index := -1
		var fe *FormatError
		if errors.As(err, &fe) && fe.Line >= 1 && fe.Line <= len(sols) {
			index = fe.Line - 1
		}
		return OutputFormat, index, nil, err.Error()
	}
	for i, s := range sols {
		if known[i] == nil {
			continue
		}
		if !judge.Agrees(s, theirs[i], c.FullPrecision) {
			return WrongAnswer, i, theirs, judge.wrong(i, s, theirs[i])
		}
	}
	return Accepted, -1, theirs, ""
}

func clipOutput(s string) string {
	const limit = 4096
	if len(s) > limit {
		return s[:limit] + fmt.Sprintf("\n… (%d more bytes)", len(s)-limit)
	}
	return s
}

// fullPrecisionDigits is how many decimals our answers are shown with
// under FullPrecision, where the judge's 1e-6 reads past the statement's
// digits: a traps answer shown as 0.667 against a solver's 0.667 would
// look like a false alarm beside "want 0.6666666666666666".
const fullPrecisionDigits = 10

// answerPrinter is the game that prints our answers in a failure: with
// more digits under FullPrecision.
func (c *CrossCheck) answerPrinter() Game {
	if c.FullPrecision && c.Game.Digits() < fullPrecisionDigits {
		return c.Game.WithDigits(fullPrecisionDigits)
	}
	return c.Game
}
