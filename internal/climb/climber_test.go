package climb

import (
	"context"
	"maps"
	"math"
	"testing"
)

// takeAll feeds the climber inputs 0..n−1 (run(k) each, nil for none) and
// returns the plans of the slots among them that were planned.
func takeAll(cl *Climber[int], n, batch int, run func(k int, plan Plan[int]) *Run[int]) map[int]Plan[int] {
	plans := map[int]Plan[int]{}
	for k := range n {
		var p Plan[int]
		if cl.Slot(k) {
			var err error
			if p, err = cl.Wait(context.Background(), k); err != nil {
				panic(err)
			}
			plans[k] = p
		}
		cl.Take(k, run(k, p), batch)
	}
	return plans
}

func TestSlots(t *testing.T) {
	cl := New[int](All)
	for k, want := range map[int]bool{0: false, 1: false, lag - 1: false, lag: false, lag + 1: true, lag + 2: false, lag + 3: true} {
		if got := cl.Slot(k); got != want {
			t.Errorf("Slot(%d) = %v, want %v", k, got, want)
		}
	}
	if New[int](0) != nil || (*Climber[int])(nil).Slot(lag+1) {
		t.Error("no targets: want a nil climber, which has no slots")
	}
}

// Narrowing a batch of four boards whose last is slow: hand-derived. The
// start-up is 1 s (input 0, one board); the batch (input 1, boards 10..13)
// took 11 s. Slot lag+1 re-runs boards 10 and 11: 2 s, so boards 12 and 13
// took 11 − 2 + 1 = 10 s with one start-up: 4.5 s a board past it, the
// best; the next narrowing re-runs board 12 alone (1 s) and leaves board
// 13 with 10 − 1 + 1 = 10 s: 9 s past the start-up.
func TestNarrowingFindsTheSlowBoard(t *testing.T) {
	cl := New[int](Time)
	cpu := map[int]float64{10: 0, 11: 1, 12: 0, 13: 9} // seconds past the start-up
	plans := takeAll(cl, 3*lag, 4, func(k int, p Plan[int]) *Run[int] {
		switch {
		case k == 0:
			return &Run[int]{Parents: []int{0}, Scores: []float64{0}, CPU: 1}
		case k == 1:
			return &Run[int]{Parents: []int{10, 11, 12, 13}, Scores: make([]float64, 4), CPU: 11}
		case p.Narrow != nil:
			run := &Run[int]{Parents: p.Narrow.Parents[:p.Boards], Scores: make([]float64, p.Boards), CPU: 1, Toward: Time}
			for _, b := range run.Parents {
				run.CPU += cpu[b]
			}
			return run
		}
		return nil // the solver did not run: nothing learnt
	})
	// A slot is planned lag inputs ahead: the second narrowing is planned
	// once the first one's result is in.
	var narrowings []Plan[int]
	for k := range 3 * lag {
		if p := plans[k]; p.Narrow != nil {
			narrowings = append(narrowings, p)
		}
	}
	if len(narrowings) != 2 {
		t.Fatalf("%d narrowings, want 2: %+v", len(narrowings), narrowings)
	}
	if first := narrowings[0]; first.Boards != 2 || first.Narrow.Parents[0] != 10 {
		t.Errorf("first narrowing %+v, want boards 10..13, its first 2 re-run", first)
	}
	if second := narrowings[1]; second.Boards != 1 || second.Narrow.Parents[0] != 12 {
		t.Errorf("second narrowing %+v, want boards 12..13, its first re-run", second)
	}
	best := cl.sorted(Time)[0]
	if len(best.Parents) != 1 || best.Parents[0] != 13 || cl.Best(Time) != 9 {
		t.Errorf("best: boards %v at %v s, want board 13 at 9 s past the start-up", best.Parents, cl.Best(Time))
	}
}

// Error climbing gets stale after stale inputs without a new best, then
// climbs one slot in idleEvery (hand-counted from the slot rule).
func TestStaleErrorClimbsLess(t *testing.T) {
	cl := New[int](Error)
	plans := takeAll(cl, lag+1+2*40, 1, func(k int, p Plan[int]) *Run[int] {
		if k == 0 {
			return &Run[int]{Parents: []int{0}, Scores: []float64{0.5}}
		}
		return &Run[int]{Parents: []int{k}, Scores: []float64{0.1}, Toward: p.Target} // never in the pool's top: no new best
	})
	climbed := 0
	for _, p := range plans {
		if p.Target == Error {
			climbed++
		}
	}
	// The pool fills up with 0.1s first: every input enters it until it
	// holds poolSize, which resets staleness; the slots are 40.
	if climbed < 3 || climbed > 40/idleEvery+poolSize+stale+1 {
		t.Errorf("%d of 40 slots climbed: want climbing to slow to one in %d once stale", climbed, idleEvery)
	}
	if climbed == 40 {
		t.Error("every slot climbed: staleness never set in")
	}
}

// The slots' arithmetic, against counting them one by one.
func TestSlotsBelowAndInputs(t *testing.T) {
	cl := New[int](All)
	slots, uniform := 0, 0
	for k := range 100 {
		if got := cl.SlotsBelow(k); got != slots {
			t.Fatalf("SlotsBelow(%d) = %d, want %d", k, got, slots)
		}
		if !cl.Slot(k) {
			uniform++
			if got := cl.Inputs(uniform); got != k+1 {
				t.Fatalf("Inputs(%d) = %d, want %d", uniform, got, k+1)
			}
		} else {
			slots++
		}
	}
}

// A time climb that keeps finding slower inputs (each 10% slower than
// the last, from 10 s, against 1 s a uniform input) still takes no more
// than its share of the solver's CPU time: measuredShare of the uniform
// inputs', give or take the slots planned before the last results came in
// (lag/2 of them).
func TestMeasuredClimbsKeepTheirShare(t *testing.T) {
	cl := New[int](Time)
	next, uniform, measured, climbs := 10.0, 0.0, 0.0, 0
	takeAll(cl, 400, 1, func(k int, p Plan[int]) *Run[int] {
		if p.Target == Time {
			climbs++
			measured += next
			run := &Run[int]{Parents: []int{k}, Scores: []float64{0}, CPU: next, Toward: Time}
			next *= 1.1
			return run
		}
		uniform++
		return &Run[int]{Parents: []int{k}, Scores: []float64{0}, CPU: 1}
	})
	if climbs == 0 {
		t.Fatal("nothing climbed")
	}
	if limit := measuredShare*uniform + float64(lag/2)*next; measured > limit {
		t.Errorf("%d climbs took %.0f s of CPU against %.0f s uniform: want at most %.0f", climbs, measured, uniform, limit)
	}
}

// The error score's and the size's plans depend on error scores and sizes
// alone: two runs whose CPU times differ (every target climbed) plan the
// same error and size climbs.
func TestErrorPlansIgnoreMeasurements(t *testing.T) {
	errorPlans := func(cpu func(k int) float64) map[int]int {
		cl := New[int](All)
		plans := takeAll(cl, 200, 1, func(k int, p Plan[int]) *Run[int] {
			parent, score := k, float64(k)/10000
			if p.Target == Time || p.Target == Memory {
				// A board only the measured climb draws, with a high
				// error score.
				parent, score = 1000+k, 0.9+float64(k)/10000
			}
			size := float64(parent%13 + 1)
			return &Run[int]{Parents: []int{parent}, Scores: []float64{score}, Sizes: []float64{size}, CPU: cpu(k), Peak: cpu(k), Toward: p.Target}
		})
		out := map[int]int{}
		for k, p := range plans {
			if !p.Target.Measured() && p.Target != 0 {
				out[k] = int(p.Target)<<20 | p.Parents[0].Parents[0]
			}
		}
		return out
	}
	a := errorPlans(func(int) float64 { return 1 })                           // time goes stale at once
	b := errorPlans(func(k int) float64 { return math.Pow(1.1, float64(k)) }) // every input a new best
	if len(a) == 0 || !maps.Equal(a, b) {
		t.Errorf("error plans (slot: best parent) differ with the CPU times:\n%v\n%v", a, b)
	}
}

// Size climbs on while its boards keep reaching the largest size seen (a
// tie is progress: the limit is the goal), goes stale once they fall
// short, and never climbs where every board has one size. Counts from the
// slot rule: 40 slots, the error score silent (every score 0).
func TestSizeClimbsWhileAtTheLimit(t *testing.T) {
	sizeSlots := func(size func(k int, p Plan[int]) float64) int {
		cl := New[int](Size)
		plans := takeAll(cl, lag+1+2*40, 1, func(k int, p Plan[int]) *Run[int] {
			return &Run[int]{Parents: []int{k}, Scores: []float64{0}, Sizes: []float64{size(k, p)}, Toward: p.Target}
		})
		n := 0
		for _, p := range plans {
			if p.Target == Size {
				n++
			}
		}
		return n
	}
	// Uniform boards of 10 or 26 bytes; climbed ones at 26, or at 10.
	uniform := func(k int) float64 { return []float64{10, 26}[k%2] }
	atLimit := sizeSlots(func(k int, p Plan[int]) float64 {
		if p.Target == Size {
			return 26
		}
		return uniform(k)
	})
	short := sizeSlots(func(k int, p Plan[int]) float64 {
		if p.Target == Size {
			return 10
		}
		return uniform(k)
	})
	flat := sizeSlots(func(int, Plan[int]) float64 { return 26 })
	if atLimit != 40 {
		t.Errorf("climbed boards at the limit: %d of 40 slots climbed, want all", atLimit)
	}
	// Slots are planned lag inputs ahead: lag/2 of them before the first
	// climbed board is taken.
	if short < 1 || short > 40/idleEvery+lag/2+stale+1 {
		t.Errorf("climbed boards short of the limit: %d of 40 slots climbed, want about one in %d once stale", short, idleEvery)
	}
	if flat != 0 {
		t.Errorf("boards of one size: %d slots climbed toward size, want none", flat)
	}
}

// TestFallbackSlotsShareBetweenTimeAndMemory checks that the slots the
// error score and the size have no use for (an exact game whose boards all
// have one size) go to time and memory in turn while both still climb.
// They used the slot count for a turn, always even there: every one went
// to time (147 against 49 before; a review found it).
func TestFallbackSlotsShareBetweenTimeAndMemory(t *testing.T) {
	cl := New[int](All)
	plans := takeAll(cl, 400, 1, func(k int, p Plan[int]) *Run[int] {
		// Every uniform run is a new best for time and memory, so both
		// stay fresh; climbed runs are cheap, so the share never binds.
		if p.Target != 0 {
			return &Run[int]{Parents: []int{k}, Scores: []float64{0}, Sizes: []float64{10}, CPU: 1, Peak: 1, Toward: p.Target}
		}
		x := math.Pow(1.1, float64(k))
		return &Run[int]{Parents: []int{k}, Scores: []float64{0}, Sizes: []float64{10}, CPU: x, Peak: x}
	})
	count := map[Target]int{}
	for _, p := range plans {
		count[p.Target]++
	}
	if count[Time] == 0 || count[Time] > count[Memory]*5/4 || count[Memory] > count[Time]*5/4 {
		t.Errorf("time took %d slots, memory %d: want them in turn", count[Time], count[Memory])
	}
}

// TestFruitlessSlotsGoStale checks that a target whose slots all come to
// nothing (every board refused by the analyst, or none replayed: Take
// gets no run) goes stale as one whose boards found no new best does.
// It kept every slot of its group for ever (40 of 40; a review found it).
func TestFruitlessSlotsGoStale(t *testing.T) {
	cl := New[int](Size)
	plans := takeAll(cl, lag+1+2*40, 20, func(k int, p Plan[int]) *Run[int] {
		if p.Target == Size {
			return nil // every climbed board refused: nothing judged
		}
		sizes := make([]float64, 20)
		parents := make([]int, 20)
		for i := range sizes {
			sizes[i], parents[i] = float64(10+(k*20+i)%17), k*20+i
		}
		return &Run[int]{Parents: parents, Scores: make([]float64, 20), Sizes: sizes}
	})
	n := 0
	for _, p := range plans {
		if p.Target == Size {
			n++
		}
	}
	// Before it goes stale: stale slots' results, and the lag/2 slots
	// planned while they were in flight; after: one slot in idleEvery.
	if n > 40/idleEvery+lag/2+stale+1 {
		t.Errorf("%d of 40 slots climbed toward size, each finding nothing: want it to go stale", n)
	}
}
