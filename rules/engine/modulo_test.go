package engine

import (
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/rules"
)

const judgePrime = 998244353

// birthDeath is a walk on 0..n from start: up with weight up, down with
// weight down (at 0, down stays), a restart to 0 with weight back, each
// step paying 1; reaching n ends it. One cycle of n states, banded.
func birthDeath(n, start int, up, down, back int64) rules.Rules[int] {
	return rules.Rules[int]{
		Start: start,
		End:   func(s int) (int, bool) { return 0, s >= n },
		Chance: func(s int) []rules.Branch[int] {
			outs := []rules.Branch[int]{{Weight: up, Next: s + 1, Reward: 1}, {Weight: down, Next: max(s-1, 0), Reward: 1}}
			if back > 0 {
				outs = append(outs, rules.Branch[int]{Weight: back, Next: 0, Reward: 1})
			}
			return outs
		},
	}
}

// modCases are games of chance whose residues are checked against the
// exact fraction taken modulo the prime.
func modCases() []struct {
	name string
	r    rules.Rules[int]
} {
	cases := []struct {
		name string
		r    rules.Rules[int]
	}{
		{"walk", birthDeath(40, 0, 3, 2, 0)},
		{"walk from the middle", birthDeath(40, 20, 2, 3, 0)},
		{"walk with restarts", birthDeath(30, 5, 5, 2, 1)},
		{"landing with loops", landing(60, 1, 2)},
	}
	for _, tt := range solveCases() {
		if tt.policy == nil {
			cases = append(cases, struct {
				name string
				r    rules.Rules[int]
			}{tt.name, tt.rules})
		}
	}
	return cases
}

func TestSolveModuloAgainstFractions(t *testing.T) {
	for _, tt := range modCases() {
		t.Run(tt.name, func(t *testing.T) {
			exact, err := Solve(tt.r, Options{ExactStates: 1 << 20, ExactCost: -1})
			if err != nil {
				t.Fatal(err)
			}
			want, err := ratModulo(exact.Fraction, judgePrime)
			if err != nil {
				t.Fatal(err)
			}
			got, err := SolveModulo(tt.r, judgePrime, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("residue %d, want %d (%s mod %d)", got, want, exact.Fraction.RatString(), judgePrime)
			}
		})
	}
}

// Planted: an elimination that forgets a row's fill-in gives a wrong
// residue on some cycle.
func TestSolveModuloPlantedFillIn(t *testing.T) {
	for _, tt := range modCases() {
		exact, _ := Solve(tt.r, Options{ExactStates: 1 << 20, ExactCost: -1})
		want, _ := ratModulo(exact.Fraction, judgePrime)
		g, err := Explore(tt.r, DefaultMaxStates)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := g.SolveModulo(judgePrime, Options{faults: faultFillIn(g)}); err == nil && got != want {
			return
		}
	}
	t.Error("the planted fill-in bug gave the right residue on every case")
}

// Hand-derived residues (throws until a six: 6; the gambler's ruin: 1/3,
// which is 5 modulo 7), and the refusals: a modulus that is not a prime,
// probabilities w/W with W a multiple of p, a pivot 0 modulo p in every
// order — never a wrong residue.
func TestSolveModuloHandDerivedAndRefusals(t *testing.T) {
	six := chance(map[int][]rules.Branch[int]{0: {w(1, done, 1), w(5, 0, 1)}})
	if got, err := SolveModulo(six, judgePrime, Options{}); err != nil || got != 6 {
		t.Errorf("until a six: %d, %v; want 6", got, err)
	}
	// 1/3 mod 7 = 5 (3·5 = 15 ≡ 1): the gambler's ruin.
	ruin := startAt(1, chance(map[int][]rules.Branch[int]{1: {w(1, 2, 0), w(1, lose, 0)}, 2: {w(1, win, 0), w(1, 1, 0)}}))
	if got, err := SolveModulo(ruin, 7, Options{}); err != nil || got != 5 {
		t.Errorf("gambler's ruin mod 7: %d, %v; want 5", got, err)
	}
	for _, tt := range []struct {
		name string
		r    rules.Rules[int]
		p    uint64
		want string
	}{
		{"weights sum to p", chance(map[int][]rules.Branch[int]{0: {w(2, win, 0), w(3, lose, 0)}}), 5, "sum to a multiple of 5"},
		{"not a prime", six, 91, "not a prime"},
		// Throws until an exit of weight 5 against 1: 6/5 throws, whose
		// denominator is p: the one pivot, 6 − 1, is 0 modulo 5.
		{"a zero pivot in every order", chance(map[int][]rules.Branch[int]{0: {w(5, done, 1), w(1, 0, 1)}}), 5, "a pivot that is a multiple of 5"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := SolveModulo(tt.r, tt.p, Options{})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one saying %q", err, tt.want)
			}
			if tt.name != "not a prime" && !errors.Is(err, ErrResidueUnproved) {
				t.Errorf("error %v does not wrap ErrResidueUnproved", err)
			}
		})
	}
}

// A game with choices: the exact fraction's residue where it is solved
// exactly; beyond, the float policy proved optimal by separation.
func TestSolveModuloChoices(t *testing.T) {
	for _, tt := range largeCycleGames() {
		if tt.r.Moves == nil {
			continue
		}
		t.Run(tt.name, func(t *testing.T) {
			exact, err := Solve(tt.r, Options{ExactStates: 1 << 20, ExactCost: -1})
			if err != nil {
				t.Fatal(err)
			}
			want, _ := ratModulo(exact.Fraction, judgePrime)
			for _, opts := range []Options{{}, floatLarge} {
				got, err := SolveModulo(tt.r, judgePrime, opts)
				if errors.Is(err, ErrResidueUnproved) {
					t.Logf("float: %v", err)
					continue
				}
				if err != nil || got != want {
					t.Errorf("%+v: %d, %v; want %d (%s)", opts, got, err, want, exact.Fraction.RatString())
				}
			}
		})
	}
	// A tie cannot be proved: two moves of the same value.
	tie := choices(rules.Maximise, map[int][]rules.Move[int]{0: {
		{Name: "a", Branches: []rules.Branch[int]{w(1, win, 0), w(1, lose, 0)}},
		{Name: "b", Branches: []rules.Branch[int]{w(1, lose, 0), w(1, win, 0)}},
	}})
	if got, err := SolveModulo(tie, judgePrime, Options{ExactStates: -1}); !errors.Is(err, ErrResidueUnproved) {
		t.Errorf("a tie in float64: %d, %v; want ErrResidueUnproved", got, err)
	}
	if got, err := SolveModulo(tie, judgePrime, Options{}); err != nil || got != (judgePrime+1)/2 {
		t.Errorf("a tie solved exactly: %d, %v; want 1/2 = %d", got, err, (judgePrime+1)/2)
	}
}

// The modular arithmetic agrees with math/big on random residues, for
// small primes and for the largest below 2³².
func TestModularArithmetic(t *testing.T) {
	for _, p := range []uint64{2, 3, 7, judgePrime, 1_000_000_007, 4_294_967_291} {
		m := modSolver[int]{p: p, barrett: ^uint64(0) / p}
		P := new(big.Int).SetUint64(p)
		x := uint64(12345)
		for range 2000 {
			x = x*6364136223846793005 + 1442695040888963407
			a, b := (x>>7)%p, (x>>29)%p
			want := new(big.Int).Mul(new(big.Int).SetUint64(a), new(big.Int).SetUint64(b))
			if got := m.mul(a, b); got != want.Mod(want, P).Uint64() {
				t.Fatalf("p %d: %d·%d = %d, want %v", p, a, b, got, want)
			}
			if got := m.add(a, b); got != (a+b)%p {
				t.Fatalf("p %d: %d+%d = %d", p, a, b, got)
			}
			if got := m.sub(a, b); got != (a+p-b)%p {
				t.Fatalf("p %d: %d−%d = %d", p, a, b, got)
			}
			if a != 0 && m.mul(a, m.inv(a)) != 1 {
				t.Fatalf("p %d: %d has no inverse", p, a)
			}
		}
	}
}

// A game of two players has the residue of its exact value, and none where
// it is solved in float64 only. Hand-derived: he quits (1/3) or rolls
// (1/2 + y/2); she rolls (x/2) or concedes (1), minimising: y = x/2, so
// x = max(1/3, 1/2 + x/4) = 2/3.
func TestSolveModuloTwoPlayers(t *testing.T) {
	moves := map[int][]rules.Move[int]{
		0: {{Name: "quit", Branches: []rules.Branch[int]{w(1, win, 0), w(2, lose, 0)}}, {Name: "roll", Branches: []rules.Branch[int]{w(1, win, 0), w(1, 1, 0)}}},
		1: {{Name: "roll", Branches: []rules.Branch[int]{w(1, lose, 0), w(1, 0, 0)}}, {Name: "concede", Branches: []rules.Branch[int]{w(1, win, 0)}}},
	}
	game := rules.Rules[int]{End: endOf, Moves: func(s int) []rules.Move[int] { return moves[s] }, Mover: func(s int) rules.Goal {
		if s == 0 {
			return rules.Maximise
		}
		return rules.Minimise
	}}
	want, _ := ratModulo(big.NewRat(2, 3), judgePrime)
	if got, err := SolveModulo(game, judgePrime, Options{}); err != nil || got != want {
		t.Errorf("exact: %d, %v; want 2/3 = %d", got, err, want)
	}
	if got, err := SolveModulo(game, judgePrime, Options{ExactStates: -1}); !errors.Is(err, ErrResidueUnproved) {
		t.Errorf("float64 only: %d, %v; want ErrResidueUnproved", got, err)
	}
}
