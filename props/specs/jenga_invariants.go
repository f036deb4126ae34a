package specs

import (
	"errors"
	"fmt"
	"math"

	"github.com/chancecheck/chancecheck/montecarlo/referees"

	"github.com/chancecheck/chancecheck/exact"
	"github.com/chancecheck/chancecheck/games/jenga"
	"github.com/chancecheck/chancecheck/props"
)

// JengaAnswer is a Jenga analyst reduced to its answer, the minimal expected
// number of throws. The properties take it as a parameter so that tests can
// hand them a planted bug.
type JengaAnswer func(jenga.Tower) (float64, error)

// JengaInvariantSlack is how far the answers for two equivalent towers may
// differ. Equivalent towers share canonical states, so the analyst returns
// the same float; a planted asymmetry moves answers by far more.
const JengaInvariantSlack = 1e-9

// JengaEvaluationStates caps the real towers a policy evaluation may visit
// in an invariant; a policy that reaches more is not evaluated there.
const JengaEvaluationStates = 200000

// jengaValue adapts an analyst to a JengaAnswer.
func jengaValue(analyst func(jenga.Tower) (JengaAnalysis, error)) JengaAnswer {
	return func(t jenga.Tower) (float64, error) {
		a, err := analyst(t)
		return a.Expected, err
	}
}

// jengaSame checks that solve gives image the answer v.
func jengaSame(solve JengaAnswer, image jenga.Tower, v float64) error {
	w, err := solve(image)
	if err != nil {
		return fmt.Errorf("image tower %v: %w", image, err)
	}
	if math.Abs(v-w) > JengaInvariantSlack {
		return fmt.Errorf("value %.12f, but %.12f for the image tower %v", v, w, image)
	}
	return nil
}

// jengaAtLeast checks that a policy evaluated exactly on t is no better than
// the optimum v; it skips policies that reach more than JengaEvaluationStates towers.
func jengaAtLeast(name string, t jenga.Tower, p exact.JengaPlayer, v float64) error {
	ev, err := exact.EvaluateJenga(t, p, JengaPMFTail, JengaEvaluationStates)
	if err != nil {
		var limit *exact.JengaStateLimitError
		if errors.As(err, &limit) {
			return nil
		}
		return fmt.Errorf("%s policy: %w", name, err)
	}
	if ev.Expected < v-JengaInvariantSlack {
		return fmt.Errorf("the %s policy takes %.12f throws on average, below the optimum %.12f", name, ev.Expected, v)
	}
	return nil
}

// jengaInvariants are the spec's invariants (games.md, "Invariants that
// hold") with fixed transformations, for the analyst analyst.
func jengaInvariants(analyst func(jenga.Tower) (JengaAnalysis, error)) []props.Invariant[jenga.Tower] {
	solve := jengaValue(analyst)
	tower := func(t jenga.Tower) jenga.Tower { return t }
	return []props.Invariant[jenga.Tower]{
		{
			Name: "mirror-levels",
			Doc:  "mirroring every level (left and right swapped) leaves E unchanged: the rules never tell left from right",
			Check: func(b jenga.Tower, sol props.Solution) error {
				t := tower(b)
				all := make([]bool, len(t.Levels))
				for i := range all {
					all[i] = true
				}
				return jengaSame(solve, MirrorJengaLevels(t, all), sol.Value)
			},
		},
		{
			Name: "reorder-lower-levels",
			Doc:  "reversing the levels below the top leaves E unchanged: the rules look at each lower level alone",
			Check: func(b jenga.Tower, sol props.Solution) error {
				t := tower(b)
				n := len(t.Levels) - 1
				perm := make([]int, n)
				for i := range perm {
					perm[i] = n - 1 - i
				}
				return jengaSame(solve, PermuteJengaLower(t, perm), sol.Value)
			},
		},
		{
			Name: "swap-green-blue",
			Doc:  "exchanging green and blue everywhere leaves E unchanged: both have two faces of the die",
			Check: func(b jenga.Tower, sol props.Solution) error {
				return jengaSame(solve, SwapJengaGreenBlue(tower(b)), sol.Value)
			},
		},
		{
			Name: "single-colour-closed-form",
			Doc:  "towers of one colour and the same height take 6·m(n) throws (red) or 3·m(n) (green, blue), m = 2, 3, 5, 6, 8 for n = 2..6",
			Check: func(b jenga.Tower, _ props.Solution) error {
				n := len(tower(b).Levels)
				if jengaSingleColourMoves(n) == 0 {
					return nil // the spec gives m(n) up to n = 6
				}
				return jengaClosedForms(solve, n)
			},
		},
		{
			Name: "optimal-policy-on-real-towers",
			Doc:  "the analyst's policy, played on the real (uncanonical) tower by the exact evaluator, is legal and achieves E",
			Check: func(b jenga.Tower, sol props.Solution) error {
				pol, ok := sol.Policy.(referees.JengaPolicyFunc)
				if !ok {
					return fmt.Errorf("solution policy is a %T", sol.Policy)
				}
				ev, err := exact.EvaluateJenga(tower(b), exact.JengaPlayerFunc(pol), JengaPMFTail, JengaEvaluationStates)
				var limit *exact.JengaStateLimitError
				if errors.As(err, &limit) {
					return nil
				}
				if err != nil {
					return err
				}
				if math.Abs(ev.Expected-sol.Value) > 1e-9*sol.Value {
					return fmt.Errorf("the policy achieves %.12f, the analyst says %.12f", ev.Expected, sol.Value)
				}
				return nil
			},
		},
		{
			Name: "greedy-does-not-beat-optimum",
			Doc:  "the greedy policy, evaluated exactly, takes at least E throws on average (skipped beyond 200,000 real towers)",
			Check: func(b jenga.Tower, sol props.Solution) error {
				return jengaAtLeast("greedy", tower(b), referees.GreedyJengaPolicy{}, sol.Value)
			},
		},
	}
}

// jengaClosedForms checks the closed forms of the towers of n levels of each colour.
func jengaClosedForms(solve JengaAnswer, n int) error {
	for _, c := range jenga.Colours() {
		v, err := solve(jengaSingleColour(n, c))
		if err != nil {
			return err
		}
		if want := jengaSingleColourValue(n, c); math.Abs(v-want) > JengaInvariantSlack {
			return fmt.Errorf("%d levels all %v: E = %.12f, want %g", n, c, v, want)
		}
	}
	return nil
}
