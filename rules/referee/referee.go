// Package referee plays a game's rules (package rules) by sampling: each
// step draws one branch of the state's move with the given *rand.Rand,
// under a policy given as data for a game with choices. It shares nothing
// with rules/engine but the rules themselves.
package referee

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/chancecheck/chancecheck/rules"
)

// ErrTooLong is wrapped by the error of a play that has not ended after the
// most steps allowed.
var ErrTooLong = errors.New("the play did not end")

// Play plays r once with the randomness of rng and returns the outcome: the
// rewards of the branches drawn plus the value of the end state. A state
// with several moves plays policy's; a state policy does not name is an
// error, never a silent default. A play that has not ended after maxSteps
// steps is an error wrapping ErrTooLong. The branches drawn depend only on
// rng: the same stream gives the same play.
func Play[S comparable](r rules.Rules[S], policy rules.Policy[S], rng *rand.Rand, maxSteps int) (int, error) {
	if err := r.Check(); err != nil {
		return 0, err
	}
	s, total := r.Start, 0
	for step := 0; ; step++ {
		if v, ended := r.End(s); ended {
			// The engine holds end values to the same range, so that
			// no board is played here that it refuses.
			if v < 0 || v > rules.MaxOutcome {
				return 0, fmt.Errorf("state %v: end value %d is outside 0..%d (rules.MaxOutcome, which the engine holds to as well)", s, v, rules.MaxOutcome)
			}
			return total + v, nil
		}
		if step >= maxSteps {
			return 0, fmt.Errorf("after %d steps, at state %v: %w", maxSteps, s, ErrTooLong)
		}
		var move rules.Move[S]
		if r.Moves == nil {
			move.Branches = r.Chance(s)
		} else {
			moves := r.Moves(s)
			m := 0
			if len(moves) > 1 {
				var ok bool
				if m, ok = policy[s]; !ok {
					return 0, fmt.Errorf("state %v: the policy chooses none of its %d moves", s, len(moves))
				}
			}
			if m < 0 || m >= len(moves) {
				return 0, fmt.Errorf("state %v: the policy chooses move %d of %d", s, m, len(moves))
			}
			move = moves[m]
		}
		if err := rules.CheckMove(s, move); err != nil {
			return 0, err
		}
		o := draw(move.Branches, rng)
		s, total = o.Next, total+o.Reward
	}
}

// draw picks one branch with its chance: an integer in [0, Σweight) for
// weights, a float in [0, Σprob) for probabilities.
func draw[S comparable](branches []rules.Branch[S], rng *rand.Rand) rules.Branch[S] {
	if branches[0].Weight != 0 {
		var sum int64
		for _, o := range branches {
			sum += o.Weight
		}
		x := rng.Int64N(sum)
		for _, o := range branches {
			if x < o.Weight {
				return o
			}
			x -= o.Weight
		}
	} else {
		var sum float64
		for _, o := range branches {
			sum += o.Prob
		}
		x := rng.Float64() * sum
		for _, o := range branches {
			if x < o.Prob {
				return o
			}
			x -= o.Prob
		}
	}
	return branches[len(branches)-1] // a float sum's last rounding
}
