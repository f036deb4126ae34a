package gametest

import (
	"fmt"
	"time"

	"github.com/chancecheck/chancecheck/montecarlo/estimate"
	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// agreementCloseCalls keeps the agreement check's closest calls, as check
// keeps a solver's (props.Closest): the boards on which the referee's test
// came nearest to rejecting the analyst (props.StatisticalScore of its
// p-value at its α), and the slowest calls of the analyst's Solve.
type agreementCloseCalls struct {
	g     props.Game
	out   props.Closest
	drawn int
}

// observe takes in one board tested: board i of the check is its i-th
// drawn (from 1).
func (c *agreementCloseCalls) observe(b props.Board, a estimate.Agreement, solve time.Duration) {
	c.drawn++
	source := fmt.Sprintf("generated board %d", c.drawn)
	score := props.StatisticalScore(a.PValue, a.Alpha)
	c.out.OfferBoard(props.CloseCall{Source: source, Board: c.drawn - 1, Boards: 1, Score: score, Against: props.AgainstReferee,
		PValue: a.PValue, Alpha: a.Alpha, Ours: props.Solution{Value: a.SimMean}, Theirs: a.ExactMean, Wall: solve}, c.g, b)
}

// log logs the closest calls of a pass.
func (c *agreementCloseCalls) log(t rapid.TB) {
	t.Helper()
	t.Logf("closest calls (the boards where the referee's test came nearest to rejecting the analyst's mean, \"theirs\"; the slowest Solve calls):")
	for _, line := range c.out.Lines() {
		t.Logf("  %s", line)
	}
}
