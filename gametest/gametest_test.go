package gametest

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// The die game passes every check: the planted failures below come from
// the plants.
func TestRunPassesACorrectGame(t *testing.T) {
	Run(t, dieGame())
}

// plantedBug is one bug planted in the die game, the check meant to catch
// it, and what that check's failure must say.
type plantedBug struct {
	name  string
	check func(rapid.TB, props.Game, options)
	plant func(*props.Spec[int])
	opts  []Option
	want  []string
}

func plantedBugs() []plantedBug {
	wrongValue := func(delta float64) func(int) (props.Solution, error) {
		return func(s int) (props.Solution, error) {
			sol, err := solveDie(s)
			sol.Value += delta
			sol.Fraction = nil
			return sol, err
		}
	}
	printf := func(format string) func(io.Writer, []props.Solution, int) error {
		return func(w io.Writer, sols []props.Solution, _ int) error {
			for i, s := range sols {
				fmt.Fprintf(w, format, i+1, s.Value)
			}
			return nil
		}
	}
	return []plantedBug{
		// samples
		{"samples/wrong answer", checkSamples,
			func(s *props.Spec[int]) { s.Solve = wrongValue(0.5) },
			nil, []string{"sample: board 1: the game answers 2.5", "does not accept the published 2"}},
		{"samples/published output unreadable", checkSamples,
			func(s *props.Spec[int]) {
				s.Samples = []props.Sample{{Name: "short", Input: "2\n2\n6\n", Output: "2.0\n"}}
			},
			nil, []string{"sample short: the published output does not parse as 2 answer(s)"}},
		{"samples/input invalid", checkSamples,
			func(s *props.Spec[int]) {
				s.Samples = []props.Sample{{Name: "bad", Input: "2\n2\n1\n", Output: "2\n1\n"}}
			},
			nil, []string{"sample bad: the input does not parse", "1 sides, want 2 to 12"}},
		{"samples/printed answers unreadable", checkSamples,
			func(s *props.Spec[int]) { s.WriteAnswers = printf("Case %d: %.9f\n") },
			nil, []string{"own printed answers do not parse with its ParseAnswers", "Case 1: 2.000000000"}},
		{"samples/printed answer rejected", checkSamples,
			func(s *props.Spec[int]) {
				s.WriteAnswers = func(w io.Writer, sols []props.Solution, digits int) error {
					for _, sol := range sols {
						fmt.Fprintf(w, "%.*f\n", digits, sol.Value+0.01) // off in the second decimal
					}
					return nil
				}
			},
			nil, []string{"which its own judge does not accept"}},
		{"samples/text differs", checkSamples,
			func(s *props.Spec[int]) { s.Digits = 6 },
			[]Option{ExactSamples()}, []string{`prints "2.000000\n6.000000\n", not the published "2.000000000\n6.000000000\n"`}},

		// valid
		{"valid/generator draws invalid boards", checkValid,
			func(s *props.Spec[int]) { s.Generator = rapid.IntRange(1, dieMaxSides) },
			nil, []string{"a generated board is not valid", "1 sides, want 2 to 12", "board: 1\n"}},

		{"valid/parse panics on a cut-off input", checkValid,
			func(s *props.Spec[int]) {
				s.Parse = func(r io.Reader, file string) ([]int, error) {
					text, err := io.ReadAll(r)
					lines := strings.Split(string(text), "\n")
					_ = lines[1] // the line after the count: out of range on "1"
					if err != nil {
						return nil, err
					}
					return parseDice(dieMaxCases)(strings.NewReader(string(text)), file)
				}
			},
			nil, []string{"Parse panics on the first 0 bytes of a generated board's input", "index out of range [1] with length 1"}},

		// round-trip
		{"round-trip/write clips sides", checkRoundTrip,
			func(s *props.Spec[int]) {
				s.Write = func(w io.Writer, dice []int) error {
					clipped := make([]int, len(dice))
					for i, d := range dice {
						clipped[i] = min(d, 9)
					}
					return writeDice(w, clipped)
				}
			},
			nil, []string{"board 1 of 1 parses back as another board", "written: 10\n", "parsed:  9\n"}},
		{"round-trip/parse reverses cases", checkRoundTrip,
			func(s *props.Spec[int]) {
				s.Parse = func(r io.Reader, file string) ([]int, error) {
					dice, err := parseDice(dieMaxCases)(r, file)
					for i, j := 0, len(dice)-1; i < j; i, j = i+1, j-1 {
						dice[i], dice[j] = dice[j], dice[i]
					}
					return dice, err
				}
			},
			nil, []string{"board 1 of 2 parses back as another board"}},
		{"round-trip/parse limit below MaxBoardsPerInput", checkRoundTrip,
			func(s *props.Spec[int]) { s.Parse = parseDice(dieMaxCases - 1) },
			nil, []string{"5 board(s) do not parse back", "5 cases, want 1 to 4"}},

		// answer-matches-solve
		{"answer-matches-solve/last bit", checkAnswer,
			func(s *props.Spec[int]) {
				s.Answer = func(s int) (props.Solution, error) {
					return props.Solution{Value: math.Nextafter(float64(s), math.Inf(1))}, nil
				}
			},
			nil, []string{"sample, board 1: the game's Answer gives 2.0000000000000004", "its Solve 2 ", "bit for bit"}},
		{"answer-matches-solve/valid route's last bit", checkAnswer,
			func(s *props.Spec[int]) {
				s.AnswerValid = func(s int) (props.Solution, error) {
					return props.Solution{Value: math.Nextafter(float64(s), math.Inf(-1))}, nil
				}
			},
			nil, []string{"sample, board 1: the game's AnswerValid gives 1.9999999999999998", "AnswerValid must agree with Solve bit for bit"}},
		{"fraction-matches-value/drift", checkFraction,
			func(s *props.Spec[int]) {
				s.Fraction = func(s int) (*big.Rat, error) { return big.NewRat(int64(s)*1000+1, 1000), nil }
				s.Solve = func(s int) (props.Solution, error) {
					sol, err := solveDie(s)
					sol.Fraction = nil // so that the game's Fraction is asked
					return sol, err
				}
			},
			nil, []string{"sample, board 1: the float answer 2 is not accepted against the exact fraction 2001/1000"}},
		{"answer-matches-solve/fraction", checkAnswer,
			func(s *props.Spec[int]) {
				s.Answer = func(s int) (props.Solution, error) {
					return props.Solution{Value: float64(s), Fraction: big.NewRat(int64(s)+1, 1)}, nil
				}
			},
			nil, []string{"Answer gives the fraction 3, its Solve 2"}},

		// invariants
		{"invariants/on a sample board", checkInvariants,
			func(s *props.Spec[int]) { s.Invariants[0].Check = brokenFor(6) },
			nil, []string{"sample, board 2: invariant mean-is-sides: planted for 6"}},
		{"invariants/on a generated board", checkInvariants,
			func(s *props.Spec[int]) { s.Invariants[0].Check = brokenFor(11) },
			nil, []string{"[rapid] failed", "die: invariant mean-is-sides: planted for 11"}},

		// agreement
		{"agreement/referee rolls a die too many", checkAgreement,
			func(s *props.Spec[int]) {
				s.Play = func(s int, rng *rand.Rand) (int, error) { return playDie(s+1, rng) }
			},
			nil, []string{"die: referee disagrees with the analyst: dkw test over 20000 runs"}},

		// classes
		{"classes/empty class", checkClasses,
			func(s *props.Spec[int]) {
				s.Classify = func(s int) string {
					if s >= 7 {
						return ""
					}
					return "small"
				}
			},
			nil, []string{"Classify gives a board no class", "board: 7\n"}},
		{"classes/not a function of the board", checkClasses,
			func(s *props.Spec[int]) {
				calls := 0
				s.Classify = func(int) string { calls++; return fmt.Sprint("call-parity-", calls%2) }
			},
			nil, []string{"a class must be a function of the board"}},

		// simplifiers
		{"simplifiers/a circle", checkSimplifiers,
			func(s *props.Spec[int]) {
				s.Simplifiers = []func(int) []int{func(s int) []int { // 2 → 3 → … → 12 → 2
					if s == dieMaxSides {
						return []int{2}
					}
					return []int{s + 1}
				}}
			},
			nil, []string{"the simplifiers go round in a circle"}},
		{"simplifiers/no end", checkSimplifiers,
			func(s *props.Spec[int]) {
				// Dice of any size are valid here, and the "simplifier" adds a side.
				s.Parse = func(r io.Reader, file string) ([]int, error) {
					var n, d int
					_, err := fmt.Fscan(r, &n, &d)
					if err == nil && d < 2 {
						err = errors.New("fewer than 2 sides")
					}
					return []int{d}, err
				}
				s.MaxBoardsPerInput = 1
				s.Simplifiers = []func(int) []int{func(s int) []int { return []int{s + 1} }}
			},
			nil, []string{"simplifying does not end: 1 simpler boards still offered after 25 steps"}},
	}
}

// brokenFor is the die's invariant, planted to fail for s sides.
func brokenFor(s int) func(int, props.Solution) error {
	return func(b int, sol props.Solution) error {
		if b == s {
			return fmt.Errorf("planted for %d", s)
		}
		return meanIsSides(b, sol.Value)
	}
}

func TestChecksCatchPlantedBugs(t *testing.T) {
	for _, tc := range plantedBugs() {
		t.Run(tc.name, func(t *testing.T) {
			spec := dieSpec()
			tc.plant(&spec)
			o, err := newOptions(tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			o.maxSteps = 25 // an endless chain fails as it would at MaxSimplifySteps, 400 times sooner
			rec := NewRecorder(t, "planted-"+strings.NewReplacer("/", "-", " ", "-").Replace(tc.name))
			tc.check(rec, props.Define(spec), o)
			if !rec.Failed() {
				t.Fatalf("the check passed although a bug was planted:\n%s", rec.Output())
			}
			for _, w := range tc.want {
				if !strings.Contains(rec.Output(), w) {
					t.Errorf("the failure does not say %q:\n%s", w, rec.Output())
				}
			}
		})
	}
}

// Published outputs may print other digits than the game: the judge decides,
// unless ExactSamples asks for the text.
func TestSamplesJudgeUnlessExact(t *testing.T) {
	spec := dieSpec()
	spec.Digits = 6
	rec := NewRecorder(t, "six-digits")
	checkSamples(rec, props.Define(spec), defaultOptions(t))
	if rec.Failed() {
		t.Errorf("six digits for a sample published with nine failed without ExactSamples:\n%s", rec.Output())
	}
}

func defaultOptions(t *testing.T) options {
	t.Helper()
	o, err := newOptions(nil)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// skipRecorder is a Recorder that records a skip too, instead of skipping
// the test.
type skipRecorder struct {
	*Recorder
	skipped string
}

func (r *skipRecorder) Skipf(format string, args ...any) { r.skipped = fmt.Sprintf(format, args...) }
func (r *skipRecorder) Skip(args ...any)                 { r.skipped = fmt.Sprint(args...) }
func (r *skipRecorder) SkipNow()                         { r.skipped = "SkipNow" }

// A game without samples, invariants, simplifiers, parameters or coverage
// goals skips those checks, saying why, instead of passing them silently.
func TestChecksSkipWhatTheGameDoesNotDefine(t *testing.T) {
	tests := []struct {
		check func(rapid.TB, props.Game, options)
		plant func(*props.Spec[int])
		want  string
	}{
		{checkSamples, func(s *props.Spec[int]) { s.Samples = nil }, "die has no published samples; they are recommended"},
		// A win/loss die: a count game always has the harness's own
		// invariant on its distribution.
		{checkInvariants, func(s *props.Spec[int]) {
			s.Invariants, s.Outcome, s.Fraction, s.Answer = nil, props.WinLoss, nil, nil
			s.Solve = func(sides int) (props.Solution, error) { return props.Solution{Value: 1 / float64(sides)}, nil }
			s.Play = func(sides int, rng *rand.Rand) (int, error) { return btoi(rng.IntN(sides) == 0), nil }
		}, "die has no invariants; they are recommended"},
		{checkSimplifiers, func(s *props.Spec[int]) { s.Simplifiers = nil }, "die offers no simpler board"},
		{checkParams, func(*props.Spec[int]) {}, "die has no generator parameters (Spec.Params)"},
		{checkCoverage, func(*props.Spec[int]) {}, "die declares no coverage goals (Spec.Coverage)"},
	}
	for _, tc := range tests {
		spec := dieSpec()
		tc.plant(&spec)
		rec := &skipRecorder{Recorder: NewRecorder(t, "skip")}
		tc.check(rec, props.Define(spec), defaultOptions(t))
		if rec.Failed() || !strings.Contains(rec.skipped, tc.want) {
			t.Errorf("failed %v, skipped %q; want a skip saying %q\n%s", rec.Failed(), rec.skipped, tc.want, rec.Output())
		}
	}
}

func TestOptions(t *testing.T) {
	o, err := newOptions(nil)
	if err != nil || o.runs != DefaultRuns || o.alpha != props.TestAlpha || o.exact || o.skip != nil || o.maxSteps != MaxSimplifySteps {
		t.Errorf("defaults %+v (%v)", o, err)
	}
	o, err = newOptions([]Option{Runs(5), Alpha(0.01), ExactSamples(), Skip(CheckAgreement), Skip(CheckClasses)})
	if err != nil || o.runs != 5 || o.alpha != 0.01 || !o.exact || strings.Join(o.skip, " ") != "agreement classes" {
		t.Errorf("options %+v (%v)", o, err)
	}
	for _, tc := range []struct {
		opt  Option
		want string
	}{
		{Runs(0), "Runs(0)"},
		{Alpha(0), "Alpha(0)"},
		{Alpha(1), "Alpha(1)"},
		{Alpha(math.NaN()), "Alpha(NaN)"},
		{Skip("agreemnt"), `Skip("agreemnt"): no such check; the checks are samples, valid, round-trip, params, answer-matches-solve, fraction-matches-value, invariants, agreement, classes, coverage, simplifiers`},
	} {
		if _, err := newOptions([]Option{tc.opt}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("got %v, want an error saying %q", err, tc.want)
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
