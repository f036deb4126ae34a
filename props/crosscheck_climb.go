package props

import (
	"bytes"
	"sync"

	"github.com/chancecheck/chancecheck/internal/climb"
)

// Climbing (issue 31) is internal/climb's climber, with check's boards as
// its parents: generated input k is the climber's input k, and a slot is
// an input of its own, which draws boards near the best so far
// (climbDraw), numbered apart as climbed boards, or is empty when it does
// not climb. The uniform stream between the slots is the same boards,
// numbered the same, as without climbing (generated board k is drawn from
// sub-seed k), and Result.Generated counts it alone.

// climber plans the climbing slots of a search (nil: uniform boards only).
type climber = climb.Climber[*climbParent]

// climbPlan is what a climbing slot does.
type climbPlan = climb.Plan[*climbParent]

// climbParent is a board that can be climbed from: its case, and the
// choices that draw it, found once (climbDraw).
type climbParent struct {
	gc      genCase
	once    sync.Once
	choices []uint64 // nil: no choices draw it (it is no parent)
	used    int      // how many of choices the generator reads
}

// climbRun is what the climber learns from generated input r; nil when the
// solver did not run or its figures do not cover the input's boards.
// game writes each board alone, for its size.
func climbRun(game Game, r inputResult) *climb.Run[*climbParent] {
	f := r.figures
	if f == nil || f.run == nil || len(r.cases) != len(f.run.scores) {
		return nil
	}
	run := &climb.Run[*climbParent]{Scores: f.run.scores, CPU: f.run.cpu.Seconds(), Peak: float64(f.run.peak)}
	for _, gc := range r.cases {
		run.Parents = append(run.Parents, &climbParent{gc: gc})
		var board bytes.Buffer
		size := 0.0 // not known
		if game.WriteInput(&board, []Board{gc.board}) == nil {
			size = float64(board.Len())
		}
		run.Sizes = append(run.Sizes, size)
	}
	if len(r.cases) > 0 && r.cases[0].climbed != nil {
		run.Toward = r.cases[0].climbed.Target
	}
	return run
}
