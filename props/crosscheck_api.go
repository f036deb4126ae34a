package props

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/chancecheck/chancecheck/answer"
	"pgregory.net/rapid"
)

// CheckSolver checks a solver written as a Go function inside the user's
// own test: the published samples first, then rapid.Check over the game's
// generator, judging every answer by the game's Judge with its strict rule
// (a Go function returns the full float64, so traps is judged to 1e-6, not
// to three decimals). A failure is shrunk by rapid and reported through t
// with the board in the original input format, the analyst's answer (and
// the exact fraction where Solve gives one) and the solver's; rapid's fail
// file replays it on the next run, as for any rapid property. For a game
// with simplifiers, the shrunk board is then taken apart one part at a
// time while it still fails (for DefaultShrinkTime at most), and the
// simplest board found is reported last.
//
// B is the game's board type (the B of its Spec); a board of another type
// fails the check with a message saying so. CheckSolver stops at the first
// published sample the solver gets wrong, before any generated board.
//
// A pass logs its closest calls through t.Logf, as check prints them: the
// answers nearest to the judge's tolerance (their error scores) and the
// slowest calls of solve (wall time: a Go function's own CPU time is not
// measured apart from the test's), so that a passing `go test -v` says how
// close the solver came to failing.
func CheckSolver[B any](t rapid.TB, g Game, solve func(B) (float64, error)) {
	t.Helper()
	solver := func(b Board) (float64, error) {
		v, ok := b.(B)
		if !ok {
			var want B
			return 0, fmt.Errorf("CheckSolver: %s boards are %T, the solver takes %T", g.Name(), b, want)
		}
		return solve(v)
	}
	judge := Judge(g)
	closest := newSolverCloseCalls(g)
	for _, s := range g.Samples() {
		boards, err := g.Parse(strings.NewReader(s.Input), s.Name)
		if err != nil {
			t.Fatalf("%s: %v", s.Label(), err)
			return
		}
		for i, b := range boards {
			msg, fig := checkOneBoard(g, judge, b, solver)
			if msg != "" {
				t.Errorf("%s, case %d: %s", s.Label(), i+1, msg)
			}
			closest.offer(fmt.Sprintf("%s, case %d", s.Label(), i+1), -1, b, fig)
		}
	}
	if t.Failed() {
		return
	}
	gen := g.Generator()
	var failing Board // the last board that failed: rapid's shrunk one, which it replays last
	drawn := 0
	rapid.Check(t, func(rt *rapid.T) {
		b := gen.Draw(rt, "board")
		msg, fig := checkOneBoard(g, judge, b, solver)
		if msg != "" {
			failing = b
			rt.Fatalf("%s", msg)
		}
		closest.offer(fmt.Sprintf("generated board %d", drawn+1), drawn, b, fig)
		drawn++
	})
	if failing == nil {
		if !t.Failed() {
			closest.log(t)
		}
		return
	}
	// rapid shrinks the choices a board was drawn from; a part drawn as a
	// unit can survive that. Take parts away one at a time while it fails.
	var msg string
	deadline := time.Now().Add(DefaultShrinkTime)
	if _, steps := simplest(g, failing, func(b Board) bool {
		if m, _ := checkOneBoard(g, judge, b, solver); m != "" {
			msg = m
			return true
		}
		return false
	}, func() bool { return time.Now().Before(deadline) }); steps > 0 {
		t.Errorf("simpler still (%d parts taken away one at a time after rapid's shrinking): %s", steps, msg)
	}
}

// checkOneBoard judges solver on b; "" when it agrees, else what is wrong
// with the board in the original input format. The figure is the call's,
// for the closest calls (not judged: the analyst or the solver failed).
func checkOneBoard(g Game, judge Judge, b Board, solver func(Board) (float64, error)) (string, boardFigure) {
	ours, err := g.Answer(b)
	if err != nil {
		return fmt.Sprintf("the analyst failed: %v", err), boardFigure{}
	}
	start := time.Now()
	theirs, err := solver(b)
	fig := boardFigure{ours: ours, theirs: theirs, wall: time.Since(start), judged: err == nil}
	var msg string
	switch {
	case err != nil:
		msg = fmt.Sprintf("the solver returned an error: %v", err)
	case !judge.Agrees(ours, answer.FloatValue(theirs), true):
		msg = fmt.Sprintf("wrong answer: the solver says %v, the analyst %v", theirs, ours.Value)
		// Only a fraction the analyst made: Game.Fraction (snakes' rational
		// elimination) would run on every board rapid tries while shrinking.
		if ours.Fraction != nil {
			msg += " = " + ours.Fraction.RatString()
		}
	default:
		return "", fig
	}
	var in bytes.Buffer
	if err := g.WriteInput(&in, []Board{b}); err == nil {
		msg += "\ninput:\n" + in.String()
	}
	return msg, fig
}
