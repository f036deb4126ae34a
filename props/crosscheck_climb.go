package props

import (
	"context"
	"math"
	"sync"
)

// Climbing (issue 31): part of the search draws boards near the best so
// far for each target (Target) instead of uniform ones, so that a rising
// error score becomes a wrong answer, a rising CPU time a time limit, a
// rising memory peak a memory limit. Targeted property-based testing
// (Löscher and Sagonas, ISSTA 2017) climbs a user's metric the same way.
//
// Which inputs climb. Every other generated input from the climbLag-th on
// is a climbing slot; the rest are the uniform stream, which keeps
// running: a board's number still fixes it (generated board k is drawn
// from sub-seed k), and a slot that climbs leaves its numbers' uniform
// boards undrawn. So climbing takes at most half of the inputs, never all.
// It takes every slot while a target is still climbing (one of its last
// climbStale climbed inputs entered its best boards), and one slot in
// climbIdleEvery otherwise: more while climbing pays.
//
// Determinism. What slot k does is planned when generated input
// k−climbLag is judged, from what the inputs up to it gave, taken in
// their order (judge): the plan does not depend on when results came in,
// nor on Jobs. A slot's worker waits for its plan. The boards of a
// climbing input are drawn from the plan and the slot's number alone
// (climbDraw). Error scores depend on the boards and the solver's answers
// alone, so climbing the error score repeats exactly for the same seed;
// CPU times and memory peaks are measurements, so the boards climbed
// toward them repeat only as far as the measurements rank the same.

const (
	climbLag       = 8 // inputs between the one a plan is made on and the slot it plans
	climbPool      = 5 // best boards kept per target
	climbStale     = 3 // climbed inputs without a new best before climbing slows down
	climbIdleEvery = 8 // then one slot in this many climbs
)

// climbEntry is one of a target's best inputs: its figure and its boards
// (one for a climbed input toward time or memory).
type climbEntry struct {
	score float64
	cases []*climbParent
}

// climbParent is a board that can be climbed from: its case, and the
// choices that draw it, found once (climbDraw).
type climbParent struct {
	gc      genCase
	once    sync.Once
	choices []uint64 // nil: no choices draw it (it is no parent)
	used    int      // how many of choices the generator reads
}

// climbPlan is what a slot does: climb toward target from parents (a
// snapshot of its best), boards boards; none is zero: the uniform stream.
type climbPlan struct {
	target  Target
	parents []*climbEntry
	boards  int
}

// climber keeps each target's best inputs and plans the slots.
type climber struct {
	targets []Target
	pools   map[Target][]*climbEntry
	stale   map[Target]int
	slots   int // slots planned
	climbs  int // of them, those that climb

	mu    sync.Mutex
	plans map[int]chan climbPlan // by generated input
}

func newClimber(t Target) *climber {
	return &climber{targets: t.Each(), pools: map[Target][]*climbEntry{}, stale: map[Target]int{}, plans: map[int]chan climbPlan{}}
}

// slot reports whether generated input k is a climbing slot.
func (cl *climber) slot(k int) bool { return cl != nil && k >= climbLag && k%2 == 1 }

// plan waits for slot k's plan.
func (cl *climber) plan(ctx context.Context, k int) (climbPlan, error) {
	select {
	case p := <-cl.planChan(k):
		return p, nil
	case <-ctx.Done():
		return climbPlan{}, context.Cause(ctx)
	}
}

func (cl *climber) planChan(k int) chan climbPlan {
	cl.mu.Lock()
	defer cl.mu.Unlock()
	ch, ok := cl.plans[k]
	if !ok {
		ch = make(chan climbPlan, 1)
		cl.plans[k] = ch
	}
	return ch
}

// take learns from generated input k's result, in the inputs' order, and
// plans slot k+climbLag.
func (cl *climber) take(k int, r inputResult, batch int) {
	if cl == nil {
		return
	}
	if f := r.figures; f != nil && f.run != nil && len(r.cases) == len(f.run.scores) {
		climbed := len(r.cases) > 0 && r.cases[0].climbed != nil
		var toward Target
		if climbed {
			toward = r.cases[0].climbed.Target
		}
		better := map[Target]bool{}
		for _, t := range cl.targets {
			switch t {
			case ClimbError:
				for i, s := range f.run.scores {
					if s > 0 && !math.IsInf(s, 1) && cl.offer(t, s, r.cases[i:i+1]) {
						better[t] = true
					}
				}
			case ClimbTime:
				// A board's share of its input's CPU time: a climbed input
				// holds one board, a uniform one a batch, whose total would
				// keep every climbed board out of the best (and climbing
				// toward time stale) while telling nothing of which board
				// was slow. CPU time adds up over boards; a memory peak
				// does not.
				if s := f.run.cpu.Seconds() / float64(max(1, len(r.cases))); s > 0 && cl.offer(t, s, r.cases) {
					better[t] = true
				}
			case ClimbMemory:
				if s := float64(f.run.peak); s > 0 && cl.offer(t, s, r.cases) {
					better[t] = true
				}
			}
		}
		for _, t := range cl.targets {
			switch {
			case better[t]:
				cl.stale[t] = 0
			case climbed && t == toward:
				cl.stale[t]++
			}
		}
	}
	if next := k + climbLag; cl.slot(next) {
		cl.planChan(next) <- cl.decide(batch)
	}
}

// offer puts an input's figure among target t's best, if it is; it
// reports whether it was.
func (cl *climber) offer(t Target, score float64, cases []genCase) bool {
	pool := cl.pools[t]
	i := len(pool)
	for i > 0 && score > pool[i-1].score {
		i--
	}
	if i >= climbPool {
		return false
	}
	e := &climbEntry{score: score}
	for _, gc := range cases {
		e.cases = append(e.cases, &climbParent{gc: gc})
	}
	pool = append(pool, nil)
	copy(pool[i+1:], pool[i:])
	pool[i] = e
	cl.pools[t] = pool[:min(len(pool), climbPool)]
	return true
}

// decide plans the next slot: the targets take turns, among those with
// boards to climb from.
func (cl *climber) decide(batch int) climbPlan {
	cl.slots++
	var ready []Target
	for _, t := range cl.targets {
		if len(cl.pools[t]) > 0 {
			ready = append(ready, t)
		}
	}
	if len(ready) == 0 {
		return climbPlan{}
	}
	t := ready[cl.slots%len(ready)]
	if cl.stale[t] >= climbStale && cl.slots%climbIdleEvery != 0 {
		return climbPlan{}
	}
	cl.climbs++
	p := climbPlan{target: t, parents: append([]*climbEntry(nil), cl.pools[t]...), boards: 1}
	if t == ClimbError {
		p.boards = batch // error scores are each board's: a batch is judged board by board
	}
	return p
}
