package props

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/chancecheck/chancecheck/answer"
	"github.com/chancecheck/chancecheck/montecarlo"
	"pgregory.net/rapid"
)

// DefaultDigits is how many decimals a game prints when its Spec leaves
// Digits zero.
const DefaultDigits = 9

// DefaultClass is the one coverage class of a game without Classify.
const DefaultClass = "all"

// Define makes a Game of a game without choices. It panics when a required
// part of s is missing, naming it: a Spec is code, not input, and the
// mistake shows the first time the program or its tests run.
func Define[B any](s Spec[B]) Game {
	if (s.Play == nil) == (s.Referee == nil) {
		panic(specError(s.Name, "needs one of Play and Referee (the referee), not both"))
	}
	if s.Solve == nil {
		panic(specError(s.Name, "needs Solve (the analyst)"))
	}
	return newDefined[B, noPolicy](s, nil)
}

// DefineWithPolicy makes a Game of a game with choices: the analyst and the
// referee come from c, and s must leave Solve, Play and Referee nil.
func DefineWithPolicy[B, P any](s Spec[B], c Choices[B, P]) Game {
	if s.Solve != nil || s.Play != nil || s.Referee != nil {
		panic(specError(s.Name, "with Choices, Solve, Play and Referee belong in the Choices"))
	}
	if c.Solve == nil || c.Referee == nil {
		panic(specError(s.Name, "Choices needs Solve and Referee"))
	}
	return newDefined(s, &c)
}

// noPolicy is the policy type of a game without choices.
type noPolicy struct{}

func specError(name, msg string) string {
	if name == "" {
		name = "(unnamed)"
	}
	return fmt.Sprintf("props: game %s: %s", name, msg)
}

func newDefined[B, P any](s Spec[B], c *Choices[B, P]) defined[B, P] {
	var missing []string
	for _, part := range []struct {
		name string
		ok   bool
	}{
		{"Name", s.Name != ""},
		{"Parse", s.Parse != nil},
		{"Write", s.Write != nil},
		{"Generator (or Params and GeneratorWith)", s.Generator != nil || s.GeneratorWith != nil},
	} {
		if !part.ok {
			missing = append(missing, part.name)
		}
	}
	if len(missing) > 0 {
		panic(specError(s.Name, "needs "+strings.Join(missing, ", ")))
	}
	if strings.ContainsAny(s.Name, " \t\n/") {
		panic(specError(s.Name, "the name must be one word, without '/'"))
	}
	if s.Outcome == 0 {
		s.Outcome = WinLoss // the Spec's zero value
	}
	if s.Outcome != WinLoss && s.Outcome != Count {
		panic(specError(s.Name, fmt.Sprintf("unknown Outcome %d", s.Outcome)))
	}
	if s.Digits < 0 {
		panic(specError(s.Name, "Digits must not be negative"))
	}
	if s.Generator != nil && s.GeneratorWith != nil {
		panic(specError(s.Name, "give Generator or GeneratorWith, not both"))
	}
	if msg := checkAnswerKind(s); msg != "" {
		panic(specError(s.Name, msg))
	}
	if t := s.Tolerance; !(t.Abs >= 0 && t.Rel >= 0) {
		panic(specError(s.Name, fmt.Sprintf("Tolerance %+v: the errors allowed must not be negative", t)))
	}
	if msg := checkParams(s.Params, s.Presets, s.GeneratorWith != nil); msg != "" {
		panic(specError(s.Name, msg))
	}
	if msg := checkCoverage(s.Coverage); msg != "" {
		panic(specError(s.Name, msg))
	}
	if s.CoverageWith != nil && s.GeneratorWith == nil {
		panic(specError(s.Name, "CoverageWith goes with Params and GeneratorWith"))
	}
	d := defined[B, P]{spec: s, choices: c, digits: s.Digits, values: map[string]int{}, judge: pickJudge(s)}
	if d.digits == 0 {
		d.digits = DefaultDigits
	}
	for _, p := range s.Params {
		d.values[p.Name] = p.Default
	}
	if msg := checkCoverage(d.Coverage()); msg != "" {
		panic(specError(s.Name, msg))
	}
	d.gen = d.generator()
	return d
}

// generator is the game's generator under the values in force.
func (d defined[B, P]) generator() *rapid.Generator[Board] {
	gen := d.spec.Generator
	if d.spec.GeneratorWith != nil {
		gen = d.spec.GeneratorWith(maps.Clone(d.values))
	}
	return rapid.Map(gen, func(b B) Board { return b })
}

// defined is a Game made from a Spec; P is the policy type of a game with
// choices (noPolicy otherwise).
type defined[B, P any] struct {
	spec    Spec[B]
	choices *Choices[B, P] // nil: a game without choices
	digits  int
	values  map[string]int // the generator's parameter values in force; never written after newDefined or WithParams
	gen     *rapid.Generator[Board]
	rules   *rulesHook // a game defined by rules: its engine limits; nil otherwise
	judge   answerJudge
}

func (defined[B, P]) defined() {}

func (d defined[B, P]) Name() string { return d.spec.Name }

func (d defined[B, P]) Title() string {
	if d.spec.Title == "" {
		return d.spec.Name
	}
	return d.spec.Title
}

func (d defined[B, P]) Outcome() OutcomeKind { return d.spec.Outcome }

// board converts a harness board back to B; a board of another game is a
// mistake of the caller, reported as an error rather than a panic.
func (d defined[B, P]) board(b Board) (B, error) {
	v, ok := b.(B)
	if !ok {
		var want B
		return want, fmt.Errorf("%s: a board of type %T, want %T", d.spec.Name, b, want)
	}
	return v, nil
}

func (d defined[B, P]) boards(bs []Board) ([]B, error) {
	out := make([]B, len(bs))
	for i, b := range bs {
		v, err := d.board(b)
		if err != nil {
			return nil, fmt.Errorf("board %d: %w", i+1, err)
		}
		out[i] = v
	}
	return out, nil
}

func toBoards[B any](bs []B, err error) ([]Board, error) {
	if err != nil {
		return nil, err
	}
	out := make([]Board, len(bs))
	for i, b := range bs {
		out[i] = b
	}
	return out, nil
}

func (d defined[B, P]) Parse(r io.Reader, file string) ([]Board, error) {
	return toBoards(d.spec.Parse(r, file))
}

func (d defined[B, P]) ParseRelaxed(r io.Reader, file string) ([]Board, error) {
	if d.spec.ParseRelaxed == nil {
		return nil, fmt.Errorf("%s has no relaxed limits: %w", d.spec.Name, ErrUnsupported)
	}
	return toBoards(d.spec.ParseRelaxed(r, file))
}

func (d defined[B, P]) WriteInput(w io.Writer, boards []Board) error {
	if n := len(boards); n == 0 || n > d.MaxBoardsPerInput() {
		return fmt.Errorf("%s: an input holds 1 to %d boards, not %d", d.spec.Name, d.MaxBoardsPerInput(), n)
	}
	bs, err := d.boards(boards)
	if err != nil {
		return err
	}
	return d.spec.Write(w, bs)
}

func (d defined[B, P]) MaxBoardsPerInput() int { return max(1, d.spec.MaxBoardsPerInput) }

func (d defined[B, P]) Generator() *rapid.Generator[Board] { return d.gen }

func (d defined[B, P]) Params() []Param { return slices.Clone(d.spec.Params) }

func (d defined[B, P]) Presets() []Preset { return slices.Clone(d.spec.Presets) }

func (d defined[B, P]) ParamValues() map[string]int { return maps.Clone(d.values) }

func (d defined[B, P]) Classify(b Board) string {
	v, err := d.board(b)
	if err != nil || d.spec.Classify == nil {
		return DefaultClass
	}
	return d.spec.Classify(v)
}

func (d defined[B, P]) Samples() []Sample { return slices.Clone(d.spec.Samples) }

func (d defined[B, P]) Solve(b Board) (Solution, error) {
	return d.SolveContext(context.Background(), b)
}

// SolveContext is Solve that stops, with an error wrapping ctx's, when ctx
// is done, where the analyst can (a game defined by rules: the engine looks
// at ctx); an analyst that takes no context runs to its end.
func (d defined[B, P]) SolveContext(ctx context.Context, b Board) (Solution, error) {
	v, err := d.board(b)
	if err != nil {
		return Solution{}, err
	}
	var sol Solution
	switch {
	case d.choices != nil:
		var pol P
		if d.choices.solveContext != nil {
			sol, pol, err = d.choices.solveContext(ctx, v)
		} else {
			sol, pol, err = d.choices.Solve(v)
		}
		sol.Policy = pol
	case d.spec.solveContext != nil:
		sol, err = d.spec.solveContext(ctx, v)
		sol.Policy = nil
	default:
		sol, err = d.spec.Solve(v)
		sol.Policy = nil
	}
	if err != nil {
		return Solution{}, err
	}
	if sol, err = d.complete(sol); err != nil {
		return Solution{}, err
	}
	return d.withExact(v, sol)
}

// complete checks what the analyst said and fills in the win/loss
// distribution [1−p, p]: a win/loss value is a probability and its
// distribution, when given, is [1−p, p]; a count game gives its own
// distribution; no value is NaN or infinite.
func (d defined[B, P]) complete(sol Solution) (Solution, error) {
	v := sol.Value
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return Solution{}, fmt.Errorf("%s: the analyst's answer is %v", d.spec.Name, v)
	}
	if sol.Endless {
		return sol, nil // the declared answer of a board no play ends: no distribution
	}
	if d.spec.Outcome == Count {
		if sol.PMF == nil {
			return Solution{}, fmt.Errorf("%s: the analyst gave no outcome distribution (PMF), which a count game needs", d.spec.Name)
		}
		return sol, nil
	}
	if !(v >= 0 && v <= 1) {
		hint := ""
		if v > 1 || len(sol.PMF) > 2 {
			hint = " (a game whose outcome is a count sets Outcome: props.Count)"
		}
		return Solution{}, fmt.Errorf("%s: a win/loss game's answer is a probability, not %v%s", d.spec.Name, v, hint)
	}
	if sol.PMF == nil {
		sol.PMF = []float64{1 - v, v}
		return sol, nil
	}
	if len(sol.PMF) != 2 || sol.PMFTail != 0 || sol.PMF[1] != v || math.Abs(sol.PMF[0]+sol.PMF[1]-1) > 1e-12 {
		return Solution{}, fmt.Errorf("%s: a win/loss game's outcome distribution is [1−p, p] = [%v, %v], not %d entries %v with a cut tail of %g (a game whose outcome is a count sets Outcome: props.Count)",
			d.spec.Name, 1-v, v, len(sol.PMF), clipPMF(sol.PMF), sol.PMFTail)
	}
	return sol, nil
}

// clipPMF shortens a distribution for an error message.
func clipPMF(pmf []float64) []float64 {
	if len(pmf) > 4 {
		return pmf[:4]
	}
	return pmf
}

func (d defined[B, P]) Answer(b Board) (Solution, error) {
	return d.AnswerContext(context.Background(), b)
}

// AnswerContext is Answer that stops when ctx is done, as SolveContext.
func (d defined[B, P]) AnswerContext(ctx context.Context, b Board) (Solution, error) {
	if d.spec.Answer == nil {
		return d.SolveContext(ctx, b)
	}
	v, err := d.board(b)
	if err != nil {
		return Solution{}, err
	}
	var sol Solution
	if d.spec.answerContext != nil {
		sol, err = d.spec.answerContext(ctx, v)
	} else {
		sol, err = d.spec.Answer(v)
	}
	if err != nil {
		return Solution{}, err
	}
	return d.withExact(v, sol)
}

// AnswerValid is Answer of a board the game's Parse or ParseRelaxed
// returned (Spec.AnswerValid). It is not part of Game: a caller asks for it
// with a type assertion on ValidAnswerer.
func (d defined[B, P]) AnswerValid(b Board) (Solution, error) {
	return d.AnswerValidContext(context.Background(), b)
}

// AnswerValidContext is AnswerValid that stops when ctx is done, as
// SolveContext.
func (d defined[B, P]) AnswerValidContext(ctx context.Context, b Board) (Solution, error) {
	if d.spec.AnswerValid == nil {
		return d.AnswerContext(ctx, b)
	}
	v, err := d.board(b)
	if err != nil {
		return Solution{}, err
	}
	sol, err := d.spec.AnswerValid(v)
	if err != nil {
		return Solution{}, err
	}
	return d.withExact(v, sol)
}

func (d defined[B, P]) Fraction(b Board, sol Solution) (*big.Rat, error) {
	if sol.Fraction != nil {
		return sol.Fraction, nil
	}
	if d.spec.Fraction == nil {
		return nil, nil
	}
	v, err := d.board(b)
	if err != nil {
		return nil, err
	}
	return d.spec.Fraction(v)
}

func (d defined[B, P]) Simulate(ctx context.Context, b Board, sol Solution, cfg montecarlo.Config) (montecarlo.Histogram, error) {
	v, err := d.board(b)
	if err != nil {
		return montecarlo.Histogram{}, err
	}
	if sol.Endless {
		return montecarlo.Histogram{}, fmt.Errorf("%s: no play ends on this board (its answer, %v, is the one the rules declare for it), so the referee has nothing to play: %w", d.spec.Name, sol.Value, ErrCannotJudge)
	}
	if d.spec.Outcome == Count {
		if p := massAbove(sol, montecarlo.MaxOutcome); p > UnplayableMass {
			return montecarlo.Histogram{}, fmt.Errorf("%s: %w: by the analyst, an outcome above %d (the most one run may count) has probability %.3g, above the %g a board played may have",
				d.spec.Name, ErrTooLongToPlay, montecarlo.MaxOutcome, p, UnplayableMass)
		}
	}
	var players func() montecarlo.Player
	switch {
	case d.choices != nil:
		pol, ok := sol.Policy.(P)
		if !ok {
			var want P
			return montecarlo.Histogram{}, fmt.Errorf("%s: the solution's policy is a %T, want a %T", d.spec.Name, sol.Policy, want)
		}
		players, err = d.choices.Referee(v, pol)
	case d.spec.Referee != nil:
		players, err = d.spec.Referee(v)
	default:
		play := d.spec.Play
		players = func() montecarlo.Player {
			return func(rng *rand.Rand) (int, error) { return play(v, rng) }
		}
	}
	if err != nil {
		return montecarlo.Histogram{}, err
	}
	if d.spec.Outcome == WinLoss {
		players = winLossOnly(players)
	}
	return montecarlo.Run(ctx, cfg, players)
}

// winLossOnly makes a referee's outcome other than 0 or 1 the run's error:
// a win/loss game's referee that returns a count is a bug, and the binomial
// test would read it as a win.
func winLossOnly(players func() montecarlo.Player) func() montecarlo.Player {
	return func() montecarlo.Player {
		play := players()
		return func(rng *rand.Rand) (int, error) {
			out, err := play(rng)
			if err == nil && out != 0 && out != 1 {
				err = fmt.Errorf("the referee of a win/loss game returned %d, not 1 (a win) or 0 (a loss)", out)
			}
			return out, err
		}
	}
}

// Invariants are the Spec's, and for a count game the distribution's own
// (distributionInvariant): mass 1, and mean equal to the value.
func (d defined[B, P]) Invariants() []Invariant[Board] {
	invs := d.spec.Invariants
	if d.spec.Outcome == Count {
		invs = append(slices.Clone(invs), distributionInvariant[B]())
	}
	out := make([]Invariant[Board], len(invs))
	for i, inv := range invs {
		check := inv.Check
		out[i] = Invariant[Board]{Name: inv.Name, Doc: inv.Doc, Check: func(b Board, sol Solution) error {
			v, err := d.board(b)
			if err != nil {
				return err
			}
			return check(v, sol)
		}}
		if checkContext := inv.CheckContext; checkContext != nil {
			out[i].CheckContext = func(ctx context.Context, b Board, sol Solution) error {
				v, err := d.board(b)
				if err != nil {
					return err
				}
				return checkContext(ctx, v, sol)
			}
		}
	}
	return out
}

// Simpler keeps, of every simplifier's candidates in order, those that are
// valid boards other than b: written in the input format and parsed back,
// a candidate must give one board, and an input other than b's. The
// shrinker must never hand a solver an invalid input, and a simplifier need
// not check its own candidates.
func (d defined[B, P]) Simpler(b Board) []Board {
	v, err := d.board(b)
	if err != nil || len(d.spec.Simplifiers) == 0 {
		return nil
	}
	input := func(c B) (string, bool) {
		var buf bytes.Buffer
		if err := d.spec.Write(&buf, []B{c}); err != nil {
			return "", false
		}
		parsed, err := d.spec.Parse(bytes.NewReader(buf.Bytes()), "simpler")
		return buf.String(), err == nil && len(parsed) == 1
	}
	own, _ := input(v)
	var out []Board
	for _, simpler := range d.spec.Simplifiers {
		for _, c := range simpler(v) {
			if in, ok := input(c); ok && in != own {
				out = append(out, c)
			}
		}
	}
	return out
}

func (d defined[B, P]) Digits() int { return d.digits }

func (d defined[B, P]) WithDigits(n int) Game {
	if n > 0 {
		d.digits = n
	}
	return d
}

func (d defined[B, P]) WriteAnswers(w io.Writer, sols []Solution) error {
	return d.judge.write(w, sols, d.digits)
}

func (d defined[B, P]) ParseAnswers(out []byte, n int) ([]answer.Value, error) {
	return d.judge.ParseAnswers(out, n)
}

func (d defined[B, P]) Agrees(ours Solution, theirs answer.Value, fullPrecision bool) bool {
	return d.judge.Agrees(ours, theirs, fullPrecision)
}

func (d defined[B, P]) JudgeRule() string { return d.judge.text() }

func (d defined[B, P]) answerJudge() answerJudge { return d.judge }

func (d defined[B, P]) HasPolicy() bool { return d.choices != nil && d.choices.WritePolicy != nil }

func (d defined[B, P]) HasRelaxedLimits() bool { return d.spec.ParseRelaxed != nil }

func (d defined[B, P]) WritePolicy(w io.Writer, b Board) error {
	if d.choices == nil || d.choices.WritePolicy == nil {
		return fmt.Errorf("%s has no policy to print: %w", d.spec.Name, ErrUnsupported)
	}
	v, err := d.board(b)
	if err != nil {
		return err
	}
	return d.choices.WritePolicy(w, v)
}

// IsUnsupported reports whether err says a game does not define a part.
func IsUnsupported(err error) bool { return errors.Is(err, ErrUnsupported) }

// WrongAnswerNote is Spec.WrongAnswerNote (wrongAnswerNoter).
func (d defined[B, P]) WrongAnswerNote() string { return d.spec.WrongAnswerNote }
