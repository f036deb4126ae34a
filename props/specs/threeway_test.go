package specs_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/games/patience"
	"github.com/chancecheck/chancecheck/games/snakes"
	"github.com/chancecheck/chancecheck/montecarlo"
	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/props/specs"
	"github.com/chancecheck/chancecheck/rules"
	"github.com/chancecheck/chancecheck/rules/engine"
	"github.com/chancecheck/chancecheck/rules/gamerules"
)

// threeWay is one built-in game's three sides and a planted bug in each:
// the analyst (spec.Solve), the rules (the engine's and the generic
// referee's) and the hand-written referee.
type threeWay[B any, S comparable] struct {
	spec       props.Spec[B]
	rules      func(B) rules.Rules[S]
	analystBug func(B) (props.Solution, error)
	rulesBug   func(B) rules.Rules[S]
	refereeBug func(B) (func() montecarlo.Player, error)
	boards     int // generated boards the engine checks the analyst on
	simulated  int // of them, those the referees play
}

// run checks that the three agree on the samples and the first boards of
// the generator (the engine checking the analyst in Solve on every board,
// RulesOf.CheckEvery; the hand-written referee and the generic one each
// agreeing with the exact distribution), and that each planted bug makes
// one of those checks fail; the planted analyst bug also fails the
// engine's confirmation of the game as solve and check run it (the
// engine on call).
func (w threeWay[B, S]) run(t *testing.T) {
	right := props.RulesOf[B, S]{Rules: w.rules, CheckEvery: true}
	game := props.FromRules(w.spec, right)
	boards := w.boardsOf(t, game)

	generic := w.spec
	generic.Solve, generic.Answer, generic.Play, generic.Referee = nil, nil, nil, nil
	t.Run("agree", func(t *testing.T) {
		checked := 0
		for i, b := range boards {
			sol, err := game.Solve(b)
			if err != nil {
				t.Fatalf("board %d: %v", i, err)
			}
			if strings.Contains(sol.Oracle, "agreeing with the rules engine") {
				checked++
			}
		}
		if checked < len(boards)/2 {
			t.Errorf("the engine checked the analyst on %d of %d boards only", checked, len(boards))
		}
		for _, g := range []props.Game{game, props.FromRules(generic, right)} {
			if failed := w.disagreements(t, g, boards); failed > 0 {
				t.Errorf("%d board(s) where the referee disagreed", failed)
			}
		}
	})
	t.Run("planted analyst bug", func(t *testing.T) {
		bug := w.spec
		bug.Solve, bug.Answer, bug.Fraction = w.analystBug, nil, nil
		if w.solveFailures(props.FromRules(bug, right), boards) == 0 {
			t.Error("the engine passed the planted analyst bug on every board")
		}
		onCall := props.FromRules(bug, props.RulesOf[B, S]{Rules: w.rules})
		if w.solveFailures(onCall, boards) != 0 {
			t.Error("with the engine on call, Solve checked the analyst")
		}
		if w.confirmFailures(t, onCall, boards) == 0 {
			t.Error("the engine's confirmation passed the planted analyst bug on every board")
		}
		if n := w.confirmFailures(t, props.FromRules(w.spec, props.RulesOf[B, S]{Rules: w.rules}), boards); n != 0 {
			t.Errorf("the engine's confirmation failed the right analyst on %d board(s)", n)
		}
	})
	t.Run("planted rules bug", func(t *testing.T) {
		if w.solveFailures(props.FromRules(w.spec, props.RulesOf[B, S]{Rules: w.rulesBug, CheckEvery: true}), boards) == 0 {
			t.Error("the analyst passed the planted rules bug on every board")
		}
	})
	t.Run("planted referee bug", func(t *testing.T) {
		bug := w.spec
		bug.Play, bug.Referee = nil, w.refereeBug
		if w.disagreements(t, props.FromRules(bug, right), boards) == 0 {
			t.Error("the agreement test passed the planted referee bug on every board")
		}
	})
}

// boardsOf are the samples' boards and the generator's first w.boards.
func (w threeWay[B, S]) boardsOf(t *testing.T, g props.Game) []props.Board {
	var boards []props.Board
	for _, s := range g.Samples() {
		bs, err := g.Parse(strings.NewReader(s.Input), s.Name)
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, bs...)
	}
	gen := g.Generator()
	for i := range w.boards {
		boards = append(boards, gen.Example(i))
	}
	return boards
}

func (w threeWay[B, S]) solveFailures(g props.Game, boards []props.Board) int {
	failed := 0
	for _, b := range boards {
		if _, err := g.Solve(b); err != nil {
			failed++
		}
	}
	return failed
}

// confirmFailures counts the boards where g's Confirm of the analyst's
// answer fails, each failure an ErrInconsistentOracle that names the
// analyst.
func (w threeWay[B, S]) confirmFailures(t *testing.T, g props.Game, boards []props.Board) int {
	t.Helper()
	failed := 0
	for i, b := range boards {
		sol, err := g.Solve(b)
		if err != nil {
			t.Fatalf("board %d: %v", i, err)
		}
		if _, err := g.(props.Confirmer).Confirm(context.Background(), b, sol); err != nil {
			if !errors.Is(err, props.ErrInconsistentOracle) || !strings.Contains(err.Error(), "the analyst is wrong") {
				t.Errorf("board %d: %v, want an inconsistent oracle that names the analyst", i, err)
			}
			failed++
		}
	}
	return failed
}

// disagreements plays the first w.simulated boards with g's referee and
// counts the boards where the agreement test fails, at a false-alarm rate
// of 1e-9 a board (the seed is fixed: the test is deterministic).
func (w threeWay[B, S]) disagreements(t *testing.T, g props.Game, boards []props.Board) int {
	t.Helper()
	failed := 0
	for i, b := range boards[:min(w.simulated, len(boards))] {
		a, err := props.CheckAgreement(context.Background(), g, b, montecarlo.Config{Runs: 20000, Seed: uint64(i + 1)}, 1e-9)
		if err != nil {
			t.Fatalf("board %d: %v", i, err)
		}
		if !a.Pass {
			failed++
		}
	}
	return failed
}

// snakesForgetsLostThrows are snakes rules where a throw past 100 is not
// counted: the slip of a solver that divides by k instead of 6.
func snakesForgetsLostThrows(b snakes.Board) rules.Rules[int] {
	r := gamerules.Snakes(b)
	chance := r.Chance
	r.Chance = func(x int) []rules.Branch[int] {
		outs := chance(x)
		for i := range outs {
			if outs[i].Next == x {
				outs[i].Reward = 0
			}
		}
		return outs
	}
	return r
}

func TestSnakesThreeWay(t *testing.T) {
	t.Parallel() // safe in parallel: see parallel_test.go
	if testing.Short() {
		t.Skip("solves 20 boards exactly")
	}
	spec := specs.SnakesSpec()
	threeWay[snakes.Board, int]{
		spec:  spec,
		rules: gamerules.Snakes,
		analystBug: func(b snakes.Board) (props.Solution, error) { // one throw short
			sol, err := spec.Solve(b)
			sol.Value--
			return sol, err
		},
		rulesBug: snakesForgetsLostThrows,
		refereeBug: func(b snakes.Board) (func() montecarlo.Player, error) { // ignores the jumps
			return func() montecarlo.Player {
				return func(rng *rand.Rand) (int, error) {
					x, throws := 1, 0
					for ; x < snakes.Cells; throws++ {
						if d := 1 + rng.IntN(6); x+d <= snakes.Cells {
							x += d
						}
					}
					return throws, nil
				}
			}, nil
		},
		boards:    20,
		simulated: 4,
	}.run(t)
}

// patienceUnfairPick are patience rules where George picks the first pair
// twice as often as each other: not uniform among the pairs.
func patienceUnfairPick(d patience.Deal) rules.Rules[gamerules.PatienceState] {
	r := gamerules.Patience(d)
	chance := r.Chance
	r.Chance = func(s gamerules.PatienceState) []rules.Branch[gamerules.PatienceState] {
		outs := chance(s)
		if len(outs) > 1 {
			outs[0].Weight = 2 // the first pair twice as likely: not uniform
		}
		return outs
	}
	return r
}

func TestPatienceThreeWay(t *testing.T) {
	t.Parallel() // safe in parallel: see parallel_test.go
	if testing.Short() {
		t.Skip("solves 20 deals exactly")
	}
	spec := specs.PatienceSpec()
	threeWay[patience.Deal, gamerules.PatienceState]{
		spec:  spec,
		rules: gamerules.Patience,
		analystBug: func(d patience.Deal) (props.Solution, error) { // a win counted twice
			sol, err := spec.Solve(d)
			sol.Value = min(1, sol.Value*1.001)
			return sol, err
		},
		rulesBug: patienceUnfairPick,
		refereeBug: func(d patience.Deal) (func() montecarlo.Player, error) { // says George always wins
			return func() montecarlo.Player { return func(*rand.Rand) (int, error) { return 1, nil } }, nil
		},
		boards:    20,
		simulated: 4,
	}.run(t)
}

// The three-way games take the engine limits the CLI's --engine-* flags
// set; the games without rules say they have none.
func TestThreeWayTakesEngineLimits(t *testing.T) {
	l := props.EngineLimits{Options: engine.Options{MaxStates: 100}}
	if _, err := specs.SnakesThreeWay().(props.RulesEngineGame).WithEngineLimits(l); err != nil {
		t.Errorf("SnakesThreeWay: %v", err)
	}
	if _, err := specs.Snakes().(props.RulesEngineGame).WithEngineLimits(l); !errors.Is(err, props.ErrUnsupported) {
		t.Errorf("Snakes has no rules, yet WithEngineLimits says %v", err)
	}
}
