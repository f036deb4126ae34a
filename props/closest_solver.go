package props

import (
	"time"

	"github.com/chancecheck/chancecheck/answer"

	"pgregory.net/rapid"
)

// boardFigure is one call of a Go solver (CheckSolver): the answers judged
// and how long the call took; judged false when it returned an error.
type boardFigure struct {
	ours   Solution
	theirs float64
	wall   time.Duration
	judged bool
}

// solverCloseCalls keeps CheckSolver's closest calls.
type solverCloseCalls struct {
	g     Game
	judge Judge
	out   Closest
}

func newSolverCloseCalls(g Game) *solverCloseCalls {
	return &solverCloseCalls{g: g, judge: g, out: Closest{Exact: g.answerJudge().exact()}}
}

// offer takes in one call on board b, named source (index: the generated
// board's, from 0; −1 for a sample's).
func (s *solverCloseCalls) offer(source string, index int, b Board, fig boardFigure) {
	if !fig.judged {
		return
	}
	// A Go function returns the full float64: judged at full precision,
	// as CheckSolver judges it.
	score := ErrorScore(s.judge, s.out.Exact, fig.ours, answer.FloatValue(fig.theirs), true)
	s.out.OfferBoard(CloseCall{Source: source, Board: index, Boards: 1, Score: score, Ours: fig.ours, Theirs: fig.theirs, Wall: fig.wall}, s.g, b)
}

// log logs the closest calls, as check prints them.
func (s *solverCloseCalls) log(t rapid.TB) {
	t.Helper()
	t.Logf("closest calls (the answers nearest to the judge's tolerance, the slowest calls of the solver):")
	for _, line := range s.out.Lines() {
		t.Logf("  %s", line)
	}
}
