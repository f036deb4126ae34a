package reports

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/chancecheck/chancecheck/montecarlo"
	"github.com/chancecheck/chancecheck/props"
)

// SkipError marks a board left out of the calibration because it could not
// be checked at all.
const SkipError = "error"

// checkBoard solves, simulates and checks one board against the invariants.
// A panic in the game's code is recorded as the board's error.
func checkBoard(ctx context.Context, g props.Game, pb plannedBoard, p Plan, alpha float64, workers int) (br BoardReport, t BoardTiming) {
	br = BoardReport{Index: pb.index, ID: pb.id, Class: pb.class}
	t = BoardTiming{Index: pb.index, ID: pb.id}
	br.Calibration.Skipped = SkipError
	br.Verdict = BoardFail
	if pb.err != nil {
		br.Error = pb.err.Error()
		return br, t
	}
	defer func() {
		if r := recover(); r != nil {
			br.Error = fmt.Sprintf("panic: %v", r)
			br.Pass, br.Verdict = false, BoardFail
		}
	}()
	var in bytes.Buffer
	if err := g.WriteInput(&in, []props.Board{pb.board}); err == nil {
		br.Input = in.String()
	}
	br.SimSeed = SimSeed(p.Seed, g.Name(), pb.id)

	start := time.Now()
	sol, err := g.SolveContext(ctx, pb.board) // the rules engine stops at an interrupt
	if errors.Is(err, props.ErrCannotJudge) {
		// Nobody's fault, and no verdict: the analyst cannot answer it.
		br.NotJudged, br.Calibration.Skipped, br.Verdict = err.Error(), SkipNotJudged, BoardNotJudged
		return br, t
	}
	if err != nil {
		br.Error = "solve: " + err.Error()
		return br, t
	}
	br.Exact, br.Oracle = sol.Value, sol.Oracle
	if frac, err := g.Fraction(pb.board, sol); err == nil && frac != nil {
		br.Fraction = frac.RatString()
	}
	t.SolveMS = ms(time.Since(start))

	start = time.Now()
	h, err := g.Simulate(ctx, pb.board, sol, montecarlo.Config{Runs: p.Runs, Seed: br.SimSeed, Workers: workers})
	t.SimulateMS = ms(time.Since(start))
	switch {
	case errors.Is(err, props.ErrCannotJudge):
		// Not a failure of the game: no referee plays it to the end
		// (props.ErrTooLongToPlay wraps ErrCannotJudge). Its answer and
		// invariants are still checked; it is not a pass. Or the
		// referee ran out of time on it (a game defined by programs).
		br.NotPlayed, br.Calibration.Skipped = err.Error(), notPlayedSkip(err)
	case err != nil:
		br.Error = "simulate: " + err.Error()
		return br, t
	default:
		br.Agreement = props.Agree(g, sol, h.Counts, alpha)
		br.Calibration = boardCalibration(sol.PMF, br.Agreement)
	}

	start = time.Now()
	for _, inv := range g.Invariants() {
		if err := checkInvariant(ctx, inv, pb.board, sol); err != nil {
			br.Failed = append(br.Failed, InvariantFailure{Name: inv.Name, Message: err.Error()})
		}
	}
	br.InvariantsChecked = true
	t.InvariantsMS = ms(time.Since(start))
	switch {
	case len(br.Failed) > 0:
		br.Verdict = BoardFail
	case br.NotPlayed != "":
		br.Verdict = BoardNotJudged
	case br.Agreement.Pass:
		br.Verdict = BoardPass
	}
	br.Pass = br.Verdict == BoardPass
	return br, t
}

// checkInvariant runs one invariant under ctx (an interrupt stops the
// rules engine's checks), turning a panic into its failure.
func checkInvariant(ctx context.Context, inv props.Invariant[props.Board], b props.Board, sol props.Solution) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return inv.CheckIn(ctx, b, sol)
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
