package belief

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/chancecheck/chancecheck/games/traps"
)

func TestKnowledgeDigits(t *testing.T) {
	for kinds := 0; kinds <= traps.MaxKinds; kinds++ {
		for k := Knowledge(0); int(k) < Count(kinds); k++ {
			if got := FromKnown(k.Known(kinds), kinds); got != k {
				t.Fatalf("K=%d: %d → %v → %d", kinds, k, k.Known(kinds), got)
			}
			for tk := range kinds {
				for _, r := range []traps.Reveal{traps.Unknown, traps.Harmless, traps.Harmful} {
					w := k.With(tk, r)
					if w.Of(tk) != r {
						t.Fatalf("With(%d,%d).Of = %d", tk, r, w.Of(tk))
					}
					for o := range kinds {
						if o != tk && w.Of(o) != k.Of(o) {
							t.Fatalf("With(%d) changed kind %d", tk, o)
						}
					}
				}
			}
		}
	}
}

// The numbers of the statement's explanation of sample 2 (weights 30 30 20 20):
// P(A harmful) = (30+20)/100 and P(B harmless | A harmful) = 30/50.
func TestSampleTwoExplanation(t *testing.T) {
	p, err := NewPrior(2, []int{30, 30, 20, 20})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		k    Knowledge
		kind int
		want *big.Rat
	}{
		{0, 0, big.NewRat(1, 2)},
		{Knowledge(0).With(0, traps.Harmful), 1, big.NewRat(2, 5)},
		{Knowledge(0).With(0, traps.Harmless), 1, big.NewRat(2, 5)},
		{0, 1, big.NewRat(2, 5)},
		{Knowledge(0).With(1, traps.Harmful), 1, big.NewRat(1, 1)},
		{Knowledge(0).With(1, traps.Harmless), 1, big.NewRat(0, 1)},
	}
	for _, tt := range tests {
		got, err := p.PHarmful(tt.k, tt.kind)
		if err != nil || got.Cmp(tt.want) != 0 {
			t.Errorf("P(%c harmful | %s) = %v (%v), want %v", 'A'+tt.kind, tt.k.Format(2), got, err, tt.want)
		}
	}
}

// Chained updates from the prior agree with conditioning the prior directly,
// for every reachable knowledge of sample 4 (correlated weights), and the
// unreachable ones are refused.
func TestUpdateMatchesPosterior(t *testing.T) {
	weights := []int{143, 37, 335, 0, 95, 25, 223, 57}
	p, err := NewPrior(3, weights)
	if err != nil {
		t.Fatal(err)
	}
	prior, _ := p.Posterior(0)
	for k := Knowledge(0); int(k) < Count(3); k++ {
		post, perr := prior, error(nil)
		for tk := range 3 {
			if r := k.Of(tk); r != traps.Unknown && perr == nil {
				post, perr = Update(post, tk, r == traps.Harmful)
			}
		}
		direct, derr := p.Posterior(k)
		if (perr != nil) != (derr != nil) || (derr != nil) != !p.Reachable(k) {
			t.Fatalf("%s: update error %v, posterior error %v, reachable %v", k.Format(3), perr, derr, p.Reachable(k))
		}
		if derr != nil {
			continue
		}
		sum := new(big.Rat)
		for i := range direct {
			if direct[i].Cmp(post[i]) != 0 {
				t.Errorf("%s: state %d: chained %v, direct %v", k.Format(3), i, post[i], direct[i])
			}
			sum.Add(sum, direct[i])
		}
		if sum.Cmp(big.NewRat(1, 1)) != 0 {
			t.Errorf("%s: posterior sums to %v", k.Format(3), sum)
		}
	}
}

func TestNewPriorErrors(t *testing.T) {
	for _, tt := range []struct {
		kinds   int
		weights []int
	}{{1, []int{1}}, {6, make([]int, 64)}, {1, []int{0, 0}}, {1, []int{1, -1}}} {
		if _, err := NewPrior(tt.kinds, tt.weights); err == nil {
			t.Errorf("NewPrior(%d, %v) accepted", tt.kinds, tt.weights)
		}
	}
}

func ExamplePrior_PHarmful() {
	// Sample 2: weights for (none, A, B, both) harmful.
	p, _ := NewPrior(2, []int{30, 30, 20, 20})
	aBad := Knowledge(0).With(0, traps.Harmful)
	pa, _ := p.PHarmful(0, 0)
	pb, _ := p.PHarmful(aBad, 1)
	fmt.Println(pa, pb, aBad.Format(2))
	// Output: 1/2 2/5 +?
}

func ExampleUpdate() {
	p, _ := NewPrior(2, []int{30, 30, 20, 20})
	post, _ := p.Posterior(0)
	post, _ = Update(post, 0, true) // A turned out harmful
	fmt.Println(post)
	// Output: [0/1 3/5 0/1 2/5]
}

// Mass(k) is by definition the sum of the weights of the joint states
// consistent with k; NewPrior computes it by a recursion over k's digits.
// Every knowledge of every number of kinds is held to the definition, under
// weights drawn from a fixed seed, a zero weight among them.
func TestMassIsTheSumOfConsistentWeights(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 1))
	for kinds := 0; kinds <= traps.MaxKinds; kinds++ {
		for trial := range 3 {
			weights := make([]int, 1<<kinds)
			for i := range weights {
				weights[i] = rng.IntN(traps.MaxWeight + 1)
			}
			weights[rng.IntN(len(weights))] = 0
			weights[0]++ // some weight is positive
			p, err := NewPrior(kinds, weights)
			if err != nil {
				t.Fatal(err)
			}
			for k := Knowledge(0); int(k) < Count(kinds); k++ {
				var want int64
				for combo, w := range weights {
					if k.Consistent(combo, kinds) {
						want += int64(w)
					}
				}
				if got := p.Mass(k); got != want {
					t.Fatalf("K=%d trial %d: Mass(%s) = %d, want %d", kinds, trial, k.Format(kinds), got, want)
				}
			}
		}
	}
}
