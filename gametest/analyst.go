package gametest

import (
	"fmt"
	"math"
	"strings"

	"github.com/chancecheck/chancecheck/answer"
	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// sampleBoards are the boards of g's samples that parse, with a name for
// each; a sample that does not parse is the samples check's to report.
func sampleBoards(g props.Game) (names []string, boards []props.Board) {
	for _, s := range g.Samples() {
		bs, err := g.Parse(strings.NewReader(s.Input), s.Name)
		if err != nil {
			continue
		}
		for i, b := range bs {
			names = append(names, fmt.Sprintf("%s, board %d", s.Label(), i+1))
			boards = append(boards, b)
		}
	}
	return names, boards
}

// checkAnswer: Answer, the cheap route to the value that solve and check
// print, gives Solve's value bit for bit, as Spec.Answer requires, and so
// does AnswerValid (Spec.AnswerValid, solve's route); where both give a
// fraction, the same fraction. The samples come first: they are
// often larger than generated boards, where a cheaper route is likelier to
// round differently.
func checkAnswer(t rapid.TB, g props.Game, _ options) {
	names, boards := sampleBoards(g)
	for i, b := range boards {
		if err := sameAnswer(g, b); err != nil {
			t.Fatalf("%s: %v", names[i], err)
			return
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		b := g.Generator().Draw(t, "board")
		if err := sameAnswer(g, b); err != nil {
			t.Fatal(err)
		}
	})
}

func sameAnswer(g props.Game, b props.Board) error {
	if err := sameAs(g, b, "Answer", g.Answer); err != nil {
		return err
	}
	if v, ok := g.(props.ValidAnswerer); ok {
		return sameAs(g, b, "AnswerValid", v.AnswerValid)
	}
	return nil
}

// sameAs checks the route answer, named route, against Solve on b.
func sameAs(g props.Game, b props.Board, route string, answer func(props.Board) (props.Solution, error)) error {
	a, err := answer(b)
	if err != nil {
		return fmt.Errorf("the game's %s: %v", route, err)
	}
	s, err := g.Solve(b)
	if err != nil {
		return fmt.Errorf("the game's Solve: %v", err)
	}
	if math.Float64bits(a.Value) != math.Float64bits(s.Value) {
		return fmt.Errorf("the game's %s gives %.17g (bits %#016x), its Solve %.17g (bits %#016x): %s must agree with Solve bit for bit",
			route, a.Value, math.Float64bits(a.Value), s.Value, math.Float64bits(s.Value), route)
	}
	if a.Fraction != nil && s.Fraction != nil && a.Fraction.Cmp(s.Fraction) != 0 {
		return fmt.Errorf("the game's %s gives the fraction %s, its Solve %s", route, a.Fraction.RatString(), s.Fraction.RatString())
	}
	return nil
}

// checkFraction: where g has an exact fraction for a board, its judge (at
// full precision: a Go value has all its digits) accepts the float answer
// against it. The samples come first, then generated boards.
func checkFraction(t rapid.TB, g props.Game, _ options) {
	compared := 0
	names, boards := sampleBoards(g)
	for i, b := range boards {
		ok, err := fractionMatches(g, b)
		if err != nil {
			t.Fatalf("%s: %v", names[i], err)
			return
		}
		if ok {
			compared++
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		b := g.Generator().Draw(t, "board")
		ok, err := fractionMatches(g, b)
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			compared++
		}
	})
	if !t.Failed() && compared == 0 {
		t.Skipf("%s has no exact fraction for any board checked (Spec.Fraction): an exact route that shares no arithmetic with the float analyst is recommended", g.Name())
	}
}

// fractionMatches reports whether b had a fraction to compare, and an error
// when the float answer is not accepted against it.
func fractionMatches(g props.Game, b props.Board) (bool, error) {
	sol, err := g.Solve(b)
	if err != nil {
		return false, fmt.Errorf("the game's Solve: %v", err)
	}
	frac, err := g.Fraction(b, sol)
	if err != nil {
		return false, fmt.Errorf("the game's Fraction: %v", err)
	}
	if frac == nil {
		return false, nil
	}
	f, _ := frac.Float64()
	if r := g.AnswerRule(); r.Kind.Exact() {
		// An exact answer is the fraction's own (props takes it from the
		// fraction); the float value, for the referee, must be its nearest.
		want, err := r.FromRat(frac)
		switch {
		case err != nil:
			return true, fmt.Errorf("the exact fraction %s as %s: %v", clip(frac.RatString()), r, err)
		case !sol.Exact.Equal(want):
			return true, fmt.Errorf("the exact answer %s is not %s, the fraction %s as %s", sol.Exact, want, clip(frac.RatString()), r)
		case math.Abs(sol.Value-f) > 1e-9*math.Max(1, math.Abs(f)):
			return true, fmt.Errorf("the float answer %.17g is not the exact fraction %s = %.17g", sol.Value, clip(frac.RatString()), f)
		}
		return true, nil
	}
	if !g.Agrees(props.Solution{Value: f, Fraction: frac}, answer.FloatValue(sol.Value), true) {
		return true, fmt.Errorf("the float answer %.17g is not accepted against the exact fraction %s = %.17g", sol.Value, clip(frac.RatString()), f)
	}
	return true, nil
}

// checkInvariants: every invariant holds on the samples' boards, then on
// generated boards (props.InvariantsHold). The samples may reach sizes the
// generator, kept small for speed, does not.
func checkInvariants(t rapid.TB, g props.Game, _ options) {
	invs := g.Invariants()
	if len(invs) == 0 {
		t.Skipf("%s has no invariants; they are recommended (Spec.Invariants): an exact property sees analyst bugs smaller than the referee's noise", g.Name())
		return
	}
	names, boards := sampleBoards(g)
	for i, b := range boards {
		sol, err := g.Solve(b)
		if err != nil {
			t.Fatalf("%s: Solve: %v", names[i], err)
			return
		}
		for _, inv := range invs {
			if err := inv.Check(b, sol); err != nil {
				t.Fatalf("%s: invariant %s: %v", names[i], inv.Name, err)
				return
			}
		}
	}
	rapid.Check(t, props.InvariantsHold(g))
}

// checkAgreement: the analyst's outcome distribution and the referee's
// outcomes agree on generated boards (props.Agreement); a pass logs its
// closest calls (closest.go).
func checkAgreement(t rapid.TB, g props.Game, o options) {
	closest := &agreementCloseCalls{g: g}
	rapid.Check(t, props.AgreementObserved(g, o.runs, o.alpha, closest.observe))
	if !t.Failed() {
		closest.log(t)
	}
}
