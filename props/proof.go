package props

import (
	"fmt"
	"maps"
	"math"

	"github.com/chancecheck/chancecheck/rules/engine"
)

// Proof is what the rules engine did to answer a board, for `solve
// --explain`: its graph, the method of each component, and the bound it
// proved. Solution.Proof carries it for a game defined by rules (FromRules
// and its kin); nil for an analyst without the engine.
type Proof struct {
	// States is the states explored; Components the strongly connected
	// components, ByMethod how many each method solved (engine.Method*);
	// Cycles the components with a cycle, LargestCycle the states of the
	// largest.
	States, Components, Cycles, LargestCycle int
	ByMethod                                 map[string]int
	// Method is the engine's method for the whole board: "exact",
	// "float64" or "interval iteration".
	Method string
	// Bound is the proved bound on |Value − the exact answer|: 0 where the
	// answer is an exact fraction.
	Bound float64
	// NoFraction says why the engine gave no exact fraction, "" where it
	// gave one.
	NoFraction string
}

// proofOf is the engine's proof of res, solved under opts.
func proofOf[S comparable](res engine.Result[S], opts engine.Options) *Proof {
	p := &Proof{States: res.States, Components: res.Components, Cycles: res.Cycles, LargestCycle: res.LargestCycle,
		ByMethod: maps.Clone(res.ByMethod), Method: res.Method, Bound: res.ErrorBound}
	if res.Fraction == nil {
		p.NoFraction = noFractionReason(res, opts)
	}
	return p
}

// noFractionReason says why the engine solved a board in float64: which of
// its limits on an exact solve the board passes, and the option and flag
// that raise it.
func noFractionReason[S comparable](res engine.Result[S], opts engine.Options) string {
	exactStates, cycle := opts.ExactStates, opts.MaxCycleStates
	if exactStates == 0 {
		exactStates = engine.DefaultExactStates
	}
	switch {
	case exactStates < 0:
		return "the engine was asked for float64 (Options.ExactStates negative)"
	case res.States > exactStates:
		return fmt.Sprintf("%d states, more than the %d the engine solves in big.Rat throughout (Options.ExactStates)", res.States, exactStates)
	case cycle > 0 && res.LargestCycle > cycle:
		return fmt.Sprintf("a cycle of %d states, more than the %d the engine eliminates exactly (Options.MaxCycleStates, --engine-cycle)", res.LargestCycle, cycle)
	case res.Method == "interval iteration":
		return "a game of two players whose strategies the engine could not prove optimal in big.Rat"
	case res.Cycles > 0:
		return "an exact elimination of its cycles was predicted to cost more than the engine spends unasked (Options.ExactCost; negative asks for exactness whatever it costs)"
	}
	return "the engine solved it in float64"
}

// withinBound is the proof of an analyst's value v that the engine's
// answer res (proof p) checked: the engine's bound plus their distance,
// rounded up, bounds |v − the exact answer|.
func (p *Proof) withinBound(v, engineValue float64) *Proof {
	q := *p
	if d := math.Abs(v - engineValue); d > 0 || q.Bound > 0 {
		q.Bound = math.Nextafter((q.Bound+d)*(1+0x1p-50), math.Inf(1))
	}
	return &q
}
