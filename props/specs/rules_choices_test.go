package specs_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/games/jenga"
	"github.com/chancecheck/chancecheck/games/traps"
	"github.com/chancecheck/chancecheck/gametest"
	"github.com/chancecheck/chancecheck/generators"
	"github.com/chancecheck/chancecheck/internal/longtest"
	"github.com/chancecheck/chancecheck/montecarlo"
	"github.com/chancecheck/chancecheck/montecarlo/referees"
	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/props/specs"
	"github.com/chancecheck/chancecheck/rules"
	"github.com/chancecheck/chancecheck/rules/engine"
	"github.com/chancecheck/chancecheck/rules/gamerules"
	"github.com/chancecheck/chancecheck/rules/referee"
)

// choicesThreeWay is a built-in game with choices: its hand-written game
// (analyst and referee under the analyst's policy), its rules, and a
// planted bug in the rules and in a referee. The analyst's policy is of
// its own type, so the engine checks the analyst's value (and fraction),
// and the generic referee plays the engine's policy.
type choicesThreeWay[B any, S comparable] struct {
	game      props.Game
	spec      props.Spec[B] // the game's Spec, for the rules-only game
	rules     func(B) rules.Rules[S]
	rulesBug  func(B) rules.Rules[S]
	opts      engine.Options
	boards    int // generated boards, besides the samples
	simulated int // boards the generic referee plays
}

// engineAnswer is the engine's solution of a board's rules, or its error.
type engineAnswer[S comparable] struct {
	res engine.Result[S]
	err error
}

// compare says how the analyst's answer on b differs from the engine's
// solution of its rules ("" when it agrees; skip when the board is too
// large for the engine).
func compare[S comparable](value float64, frac *big.Rat, e engineAnswer[S]) (msg string, skip bool) {
	res, err := e.res, e.err
	if errors.Is(err, engine.ErrTooManyStates) {
		return "", true
	}
	if err != nil {
		return err.Error(), false
	}
	if frac != nil && res.Fraction != nil && frac.Cmp(res.Fraction) != 0 {
		return fmt.Sprintf("fraction %s, the engine's %s", frac.RatString(), res.Fraction.RatString()), false
	}
	if d := math.Abs(value - res.Value); !(d <= 1e-12*max(1, math.Abs(res.Value))+res.ErrorBound) {
		return fmt.Sprintf("value %.17g, the engine's %.17g ± %g", value, res.Value, res.ErrorBound), false
	}
	return "", false
}

func (w choicesThreeWay[B, S]) run(t *testing.T) {
	var boards []B
	for _, s := range w.game.Samples() {
		bs, err := w.game.Parse(strings.NewReader(s.Input), s.Name)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range bs {
			boards = append(boards, b.(B))
		}
	}
	gen := w.game.Generator()
	for i := range w.boards {
		boards = append(boards, gen.Example(i).(B))
	}
	// The analyst's answers and the engine's solutions of the right rules,
	// each board's solved once: "agree" and the planted analyst bug compare
	// the same two, the bug's perturbed.
	type analystAnswer struct {
		value float64
		frac  *big.Rat
	}
	analyst := make([]*analystAnswer, len(boards))
	right := make([]*engineAnswer[S], len(boards))
	// disagreements counts the boards where the analyst, perturbed by
	// shift, and the engine on rulesOf disagree (the right rules when
	// rulesOf is nil).
	var small []B // the boards the engine solves within w.opts
	disagreements := func(t *testing.T, shift float64, rulesOf func(B) rules.Rules[S], agree bool) (failed, checked int) {
		for i, b := range boards {
			if analyst[i] == nil {
				sol, err := w.game.Solve(b)
				if err != nil {
					t.Fatalf("board %d: %v", i, err)
				}
				frac, err := w.game.Fraction(b, sol)
				if err != nil {
					t.Fatal(err)
				}
				analyst[i] = &analystAnswer{sol.Value, frac}
			}
			frac := analyst[i].frac
			if shift != 0 {
				frac = nil
			}
			var e engineAnswer[S]
			if rulesOf == nil {
				if right[i] == nil {
					res, err := engine.Solve(w.rules(b), w.opts)
					right[i] = &engineAnswer[S]{res, err}
				}
				e = *right[i]
			} else {
				e.res, e.err = engine.Solve(rulesOf(b), w.opts)
			}
			msg, skip := compare(analyst[i].value*(1+shift), frac, e)
			if skip {
				continue
			}
			checked++
			if agree {
				small = append(small, b)
			}
			if msg != "" {
				failed++
				if agree {
					t.Logf("board %d: %s", i, msg)
				}
			}
		}
		return failed, checked
	}
	t.Run("agree", func(t *testing.T) {
		failed, checked := disagreements(t, 0, nil, true)
		t.Logf("the engine checked the analyst on %d of %d boards", checked, len(boards))
		if failed > 0 || checked < len(boards)/2 {
			t.Errorf("%d of %d boards checked disagree (%d boards)", failed, checked, len(boards))
		}
		generic := w.spec
		generic.Answer, generic.Invariants = nil, nil
		g := props.FromRulesWithChoices(generic, props.RulesOf[B, S]{Rules: w.rules, Engine: w.opts})
		small = small[:min(w.simulated, len(small))]
		if n, err := refereeDisagreements(g, small, 20000); n > 0 || err != nil {
			t.Errorf("the generic referee disagreed with the engine on %d board(s) (%v)", n, err)
		}
	})
	t.Run("planted analyst bug", func(t *testing.T) {
		if failed, _ := disagreements(t, 1e-9, nil, false); failed == 0 {
			t.Error("the engine passed an analyst off by a relative 1e-9 on every board")
		}
	})
	t.Run("planted rules bug", func(t *testing.T) {
		if failed, _ := disagreements(t, 0, w.rulesBug, false); failed == 0 {
			t.Error("the analyst passed the planted rules bug on every board")
		}
	})
	t.Run("planted referee bug", func(t *testing.T) {
		spec := w.spec
		spec.Answer, spec.Invariants = nil, nil
		g := props.DefineWithPolicy(spec, props.Choices[B, rules.Policy[S]]{
			Solve: func(b B) (props.Solution, rules.Policy[S], error) {
				opts := w.opts
				opts.PMF = spec.Outcome == props.Count
				res, err := engine.Solve(w.rules(b), opts)
				return props.Solution{Value: res.Value, PMF: res.PMF, PMFTail: res.PMFTail}, res.Policy, err
			},
			Referee: func(b B, pol rules.Policy[S]) (func() montecarlo.Player, error) { // plays the wrong rules
				rs := w.rulesBug(b)
				return func() montecarlo.Player {
					return func(rng *rand.Rand) (int, error) { return referee.Play(rs, pol, rng, 1<<20) }
				}, nil
			},
		})
		// 5,000 runs a board, not the 20,000 that test the right referee:
		// jenga's loaded die is 2.4 times the DKW threshold away at 5,000
		// (sup distance 0.106–0.115 against 0.046 on the first tower, under
		// three seeds: p < 1e-49), and traps' wrong rules reach a state the
		// policy does not know, an error, at 5,000 as at 20,000.
		if n, err := refereeDisagreements(g, small, 5000); n == 0 && err == nil {
			t.Error("the agreement test passed a referee playing the wrong rules on every board")
		}
	})
}

// refereeDisagreements counts the boards where g's referee disagrees with
// its analyst in runs games a board, at a false-alarm rate of 1e-9 a board
// (fixed seeds: the test is deterministic); an error (a referee that
// reaches a state the policy does not know) stops the count.
func refereeDisagreements[B any](g props.Game, boards []B, runs int64) (int, error) {
	failed := 0
	for i, b := range boards {
		a, err := props.CheckAgreement(context.Background(), g, b, montecarlo.Config{Runs: runs, Seed: uint64(i + 1)}, 1e-9)
		if err != nil {
			return failed, fmt.Errorf("board %d: %w", i, err)
		}
		if !a.Pass {
			failed++
		}
	}
	return failed, nil
}

// jengaLoadedDie are jenga rules with black on two faces of the die.
func jengaLoadedDie(t jenga.Tower) rules.Rules[gamerules.JengaState] {
	r := gamerules.Jenga(t)
	moves := r.Moves
	r.Moves = func(s gamerules.JengaState) []rules.Move[gamerules.JengaState] {
		ms := moves(s)
		if s.Thrown == jenga.Empty {
			outs := ms[0].Branches
			if last := &outs[len(outs)-1]; last.Next == s {
				last.Weight++
			} else {
				ms[0].Branches = append(outs, rules.Branch[gamerules.JengaState]{Weight: 1, Next: s, Reward: 1})
			}
		}
		return ms
	}
	return r
}

func TestJengaThreeWay(t *testing.T) {
	t.Parallel() // safe in parallel: see parallel_test.go
	if testing.Short() {
		t.Skip("solves towers of 2 and 3 levels")
	}
	cfg := specs.JengaConfig{MaxLevels: 3}
	spec, _ := specs.JengaSpec(cfg)
	choicesThreeWay[jenga.Tower, gamerules.JengaState]{
		game:      specs.Jenga(cfg),
		spec:      spec,
		rules:     gamerules.Jenga,
		rulesBug:  jengaLoadedDie,
		opts:      engine.Options{MaxStates: 20000},
		boards:    12,
		simulated: 2,
	}.run(t)
}

// trapsRepeatsFree are traps rules where a harmful trap costs a life only
// the first time.
func trapsRepeatsFree(z *traps.Maze) rules.Rules[gamerules.TrapsState] {
	r := gamerules.Traps(z)
	moves := r.Moves
	r.Moves = func(s gamerules.TrapsState) []rules.Move[gamerules.TrapsState] {
		ms := moves(s)
		for _, m := range ms {
			for i, o := range m.Branches {
				if len(m.Branches) == 1 && o.Next.Life == s.Life-1 && o.Next.Known == s.Known {
					m.Branches[i].Next.Life = s.Life
				}
			}
		}
		return ms
	}
	return r
}

func TestTrapsThreeWay(t *testing.T) {
	t.Parallel() // safe in parallel: see parallel_test.go
	if testing.Short() {
		t.Skip("solves 24 small mazes")
	}
	cfg := specs.TrapsConfig{Limits: generators.TrapsOptions{MaxRows: 4, MaxCols: 4, MaxKinds: 2, MaxLife: 3}}
	spec, _ := specs.TrapsSpec(cfg)
	choicesThreeWay[*traps.Maze, gamerules.TrapsState]{
		game:      specs.Traps(cfg),
		spec:      spec,
		rules:     gamerules.Traps,
		rulesBug:  trapsRepeatsFree,
		opts:      engine.Options{MaxStates: 20000},
		boards:    20,
		simulated: 5,
	}.run(t)
}

// The three-way games of jenga and traps pass the conformance kit on small
// boards (towers of 2 levels: TestJengaThreeWay has 3), the engine giving jenga the exact fraction it lacks; an analyst
// off by a relative 1e-9 fails their Solve where the engine checks every
// board, and the engine's confirmation where it is on call.
func TestChoicesThreeWayGames(t *testing.T) {
	t.Parallel() // safe in parallel: see parallel_test.go
	if testing.Short() {
		t.Skip("the conformance kit on two games")
	}
	jcfg := specs.JengaConfig{MaxLevels: 3}
	tcfg := specs.TrapsConfig{Limits: generators.TrapsOptions{MaxRows: 4, MaxCols: 4, MaxKinds: 2, MaxLife: 3}}
	// Long: the kit's 100 boards a property on two more games, a sweep
	// beside TestJengaThreeWay and TestTrapsThreeWay; the hand-derived
	// checks below stay in the quick suite.
	const why = "the conformance kit on a three-way game: a sweep of 100 boards a property"
	t.Run("jenga", func(t *testing.T) {
		longtest.Skip(t, why)
		gametest.Run(t, specs.JengaThreeWay(specs.JengaConfig{MaxLevels: 2}))
	})
	t.Run("traps", func(t *testing.T) {
		longtest.Skip(t, why)
		gametest.Run(t, specs.TrapsThreeWay(tcfg))
	})

	red := jenga.Tower{Levels: []jenga.Level{{jenga.Red, jenga.Red, jenga.Red}, {jenga.Red, jenga.Red, jenga.Red}}}
	game := specs.JengaThreeWay(jcfg)
	l, _ := game.(props.RulesEngineGame).EngineLimits()
	l.CheckEvery = true
	every, err := game.(props.RulesEngineGame).WithEngineLimits(l)
	if err != nil {
		t.Fatal(err)
	}
	sol, err := every.Solve(red)
	if err != nil || sol.Fraction == nil || sol.Fraction.Cmp(big.NewRat(12, 1)) != 0 || !strings.Contains(sol.Oracle, "agreeing") {
		t.Errorf("two red levels: %v (%v, %q), want the exact 12 (6·m(2), m(2) = 2) checked by the engine", sol.Fraction, err, sol.Oracle)
	}
	// With the engine on call, the analyst answers alone and the engine
	// gives the fraction where asked.
	sol, err = game.Solve(red)
	if err != nil || sol.Fraction != nil {
		t.Fatalf("two red levels, the engine on call: %v, %v; want the analyst's float alone", sol.Fraction, err)
	}
	if frac, err := game.Fraction(red, sol); err != nil || frac == nil || frac.Cmp(big.NewRat(12, 1)) != 0 {
		t.Errorf("two red levels, the engine on call: fraction %v (%v), want the engine's 12", frac, err)
	}
	spec, choices := specs.JengaSpec(jcfg)
	solve := choices.Solve
	choices.Solve = func(t jenga.Tower) (props.Solution, referees.JengaPolicyFunc, error) {
		sol, pol, err := solve(t)
		sol.Value *= 1 + 1e-9
		return sol, pol, err
	}
	spec.Answer = nil
	bug := props.FromRulesAndChoices(spec, choices, props.RulesOf[jenga.Tower, gamerules.JengaState]{Rules: gamerules.Jenga, CheckEvery: true})
	if _, err := bug.Solve(red); err == nil || !strings.Contains(err.Error(), "disagree") {
		t.Errorf("an analyst off by 1e-9: %v, want a disagreement", err)
	}
	onCall := props.FromRulesAndChoices(spec, choices, props.RulesOf[jenga.Tower, gamerules.JengaState]{Rules: gamerules.Jenga})
	if sol, err := onCall.Solve(red); err != nil {
		t.Errorf("an analyst off by 1e-9, the engine on call: Solve %v, want the analyst's answer", err)
	} else if _, err := onCall.(props.Confirmer).Confirm(context.Background(), red, sol); !errors.Is(err, props.ErrInconsistentOracle) {
		t.Errorf("an analyst off by 1e-9, the engine on call: Confirm %v, want an inconsistent oracle", err)
	}
}

// A game with choices defined by its rules alone prints the engine's
// policy: a line a state with a choice, each naming a move of the rules.
// On sample 1 (4 3 2 1: one life, traps A and B below the start, the exit
// at the bottom) the first move from the start is a step toward a trap.
func TestRulesOnlyPolicy(t *testing.T) {
	spec, _ := specs.TrapsSpec(specs.TrapsConfig{})
	spec.Answer, spec.Invariants = nil, nil
	game := props.FromRulesWithChoices(spec, props.RulesOf[*traps.Maze, gamerules.TrapsState]{Rules: gamerules.Traps})
	if !game.HasPolicy() {
		t.Fatal("no policy to print")
	}
	z, err := traps.Parse(strings.NewReader(traps.Samples()[0].Input), "sample1")
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := game.WritePolicy(&out, z); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	for _, l := range lines {
		_, move, ok := strings.Cut(l, ": ")
		if !ok || !strings.Contains(" up right down left stop ", " "+move+" ") {
			t.Errorf("line %q names no move of the rules", l)
		}
	}
	sol, err := game.Solve(z)
	if err != nil || sol.Fraction == nil || sol.Fraction.Cmp(big.NewRat(3, 5)) != 0 {
		t.Errorf("sample 1: %v, %v; want 3/5", sol.Fraction, err)
	}
	if start := "{0 1 1 false [0 0 0 0 0]}: "; !strings.Contains(out.String(), start+"left") && !strings.Contains(out.String(), start+"right") {
		t.Errorf("the start's move is not a step toward a trap:\n%s", out.String())
	}
}
