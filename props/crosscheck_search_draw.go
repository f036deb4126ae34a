package props

import (
	"context"

	"github.com/chancecheck/chancecheck/internal/rapidflags"
	"github.com/chancecheck/chancecheck/montecarlo"
)

// draw makes input seq and runs it: a published sample, or a batch of
// generated boards drawn and solved by the analyst here, then run by the
// solver in its turn (solverSlots).
func (s *searcher) draw(ctx context.Context, seq int) inputResult {
	defer s.slots.done(seq)
	if seq < len(s.samples) {
		return s.drawSample(ctx, seq)
	}
	k := seq - len(s.samples)
	if s.climber.Slot(k) {
		// A climbing slot is an input of its own: its boards are numbered
		// apart (climbed boards), and a slot that does not climb is empty.
		if !s.climber.Made(k) {
			// Its plan waits on the input lag before it: the inputs after
			// this one need not wait for its turn at a solver too (with
			// Jobs above lag they all would).
			s.slots.deferTurn(seq)
		}
		p, err := s.climber.Wait(ctx, k)
		if err != nil {
			return inputResult{err: err}
		}
		return s.runCases(ctx, seq, s.climbDraw(p, s.climber.SlotsBelow(k)*s.batch, p.Boards))
	}
	// The uniform stream: the same boards, numbered the same, as without
	// climbing.
	first := (k - s.climber.SlotsBelow(k)) * s.batch
	last := first + s.batch
	if s.c.Cases > 0 {
		last = min(last, s.boards)
	}
	cases := make([]genCase, 0, last-first)
	for p := first; p < last; p++ {
		i := s.c.Shard.board(p)
		seed := montecarlo.SubSeed(s.c.Seed, uint64(i))
		cases = append(cases, genCase{index: i, seed: seed, board: rapidflags.Example(s.gen, exampleSeed(seed))})
	}
	return s.runCases(ctx, seq, cases)
}

// drawSample runs published sample seq.
func (s *searcher) drawSample(ctx context.Context, seq int) inputResult {
	r := inputResult{sample: true, oracles: map[string]int{}}
	if r.err = s.slots.acquire(ctx, seq); r.err != nil {
		return r
	}
	defer s.slots.release()
	r.failure, r.boards, r.figures, r.err = s.c.checkSample(ctx, s.samples[seq], &r.notJudged, r.oracles)
	return r
}

// runCases solves the boards of input seq with the analyst and runs the
// solver on those judged, in one input.
func (s *searcher) runCases(ctx context.Context, seq int, drawn []genCase) inputResult {
	c := s.c
	r := inputResult{oracles: map[string]int{}, climbed: len(drawn) > 0 && drawn[0].climbed != nil}
	cases := make([]genCase, 0, len(drawn))
	for _, gc := range drawn {
		// A board no oracle can judge is left out of the input: it is
		// nobody's failure, and no answer to it could pass either.
		sol, ok, err := c.solveOrSkip(ctx, gc.board, casesSource([]genCase{gc}), &r.notJudged)
		if err != nil {
			r.err = err
			return r
		}
		// Coverage is judged on the uniform stream alone: a climbed board
		// is no draw from the generator's mix.
		uniform := gc.climbed == nil
		if !ok {
			if uniform {
				r.unjudged = append(r.unjudged, c.Game.Classify(gc.board))
			}
			continue
		}
		gc.sol = &sol
		cases = append(cases, gc)
		if uniform {
			r.classes = append(r.classes, c.Game.Classify(gc.board))
		}
		r.oracles[sol.OracleOf()]++
	}
	r.boards, r.cases = len(cases), cases
	if len(cases) > 0 {
		if r.err = s.slots.acquire(ctx, seq); r.err != nil {
			return r
		}
		defer s.slots.release()
		r.failure, r.figures, r.err = c.checkGenerated(ctx, cases)
	}
	return r
}
