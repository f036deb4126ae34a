package props

import "time"

// judge takes in one input's result, in sequence order: the counts, the
// closest calls, the first failure.
func (s *searcher) judge(seq int, r inputResult) {
	out := s.out
	if r.err != nil {
		s.err = r.err
		return
	}
	if !r.sample {
		s.climber.Take(seq-len(s.samples), climbRun(s.c.Game, r), s.batch)
	}
	s.closest.add(r.figures)
	if n := r.notJudged; n.boards > 0 {
		if out.NotJudged == 0 {
			out.NotJudgedReason = n.reason
		}
		out.NotJudged += n.boards
		out.OverBoardTime += n.overBudget
		if !r.sample && !r.climbed {
			out.NotJudgedGenerated += n.boards
		}
	}
	for o, n := range r.oracles {
		out.Oracles[o] += n
	}
	if r.sample {
		out.Samples += r.boards
	} else if r.climbed {
		for _, gc := range r.cases {
			out.Climbed[gc.climbed.Target]++
		}
	} else {
		out.Generated += r.boards
		for _, cl := range r.classes {
			out.Classes[cl]++
		}
		for _, cl := range r.unjudged {
			out.NotJudgedClasses[cl]++
		}
	}
	if f := r.failure; f != nil && f.NotReproduced {
		out.NotReproduced = append(out.NotReproduced, f)
		s.progress()
		return
	}
	if f := r.failure; f != nil {
		out.Counts[f.Verdict]++
		if out.TimeToFailure == 0 {
			out.TimeToFailure = time.Since(s.start)
		}
		switch {
		case r.sample && out.SampleFailure == nil:
			out.SampleFailure = f
		case !r.sample && out.First == nil:
			out.First, out.FirstBoard = f, f.Board
		}
	}
	s.progress()
}

// progress tells Watch and Progress the counts so far.
func (s *searcher) progress() {
	c, out := s.c, s.out
	if c.Watch != nil {
		c.Watch.SetJudged(out.Samples + out.Generated)
	}
	if c.Progress != nil {
		fails := 0
		for _, n := range out.Counts {
			fails += n
		}
		c.Progress(Progress{Checked: out.Samples + out.Generated, Failures: fails, Elapsed: time.Since(s.start)})
	}
}
