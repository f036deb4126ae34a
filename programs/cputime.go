package programs

import (
	"context"
	"sync/atomic"
	"time"
)

// A cpuMeter adds up the CPU time of the programs run under a context
// (props.RunResult.CPU): shrinking's time is counted in it, so that a
// loaded machine, which stretches every run's wall-clock time, does not
// starve shrinking of tries. A program that reports no CPU time (a Func)
// adds nothing: its tries are bounded by ShrinkTries and the wall-clock
// backstop (shrinkWallFactor).
type cpuMeter struct{ ns atomic.Int64 }

type cpuMeterKey struct{}

// withCPUMeter returns ctx carrying a new meter.
func withCPUMeter(ctx context.Context) (context.Context, *cpuMeter) {
	m := &cpuMeter{}
	return context.WithValue(ctx, cpuMeterKey{}, m), m
}

// countCPU adds d to ctx's meter, if it carries one.
func countCPU(ctx context.Context, d time.Duration) {
	if m, ok := ctx.Value(cpuMeterKey{}).(*cpuMeter); ok {
		m.ns.Add(int64(d))
	}
}

// total is the CPU time counted so far.
func (m *cpuMeter) total() time.Duration { return time.Duration(m.ns.Load()) }

// shrinkWallFactor bounds shrinking's wall-clock time at this many times
// ShrinkTime: a backstop for programs whose CPU time is not known, or
// that wait without working.
const shrinkWallFactor = 10
