package engine

import "context"

// checkpoint is where a long loop of the engine looks at its context: every
// period-th call of done reads ctx.Err(), which takes a lock, so a loop of
// cheap steps (a float row, a state explored) pays for it once in many
// steps, while a loop of dear ones (a big.Rat row, whose numbers grow with
// the cycle) asks with a small period. A solve stops within about period
// steps of its context's end: well under a second for every period used.
type checkpoint struct {
	ctx context.Context
	n   uint32
}

// Periods of checkpoint.done: a power of two minus one, as a mask.
const (
	everyRatStep   = 1<<2 - 1  // a big.Rat elimination step: the row's numbers may be huge
	everyFloatStep = 1<<10 - 1 // a float64 or modular elimination step, a sweep's state
	everyState     = 1<<12 - 1 // a state explored or swept once
)

// done returns ctx's error at every (mask+1)-th call, nil between.
func (c *checkpoint) done(mask uint32) error {
	c.n++
	if c.n&mask != 0 || c.ctx == nil {
		return nil
	}
	return c.ctx.Err()
}

// err is ctx's error now, for the loops whose steps are dear enough (a
// round of policy iteration, an elimination order tried) to ask each time.
func (c *checkpoint) err() error {
	if c.ctx == nil {
		return nil
	}
	return c.ctx.Err()
}
