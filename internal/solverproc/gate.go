package solverproc

import (
	"context"
	"sync"
)

// A Gate lets a run be repeated with no other run of the Gate (no other
// solver process of the check) running beside it — the check's own work,
// such as the analyst's, goes on: Run
// takes it shared, so that runs go on in parallel as before, and a run in
// a context marked Alone takes it alone, waiting for the runs in progress
// to end and holding back new ones until it is over. A verdict that could
// be the machine's doing (a time limit, a crash, output cut short) is
// confirmed that way before a solver is blamed for it: a busy machine
// slows a solver down, a quiet one does not.
//
// The zero Gate is ready to use; one Gate serves one check.
type Gate struct{ mu sync.RWMutex }

type gateKey struct{}
type aloneKey struct{}

// WithGate returns ctx with g: every Run in it takes g.
func WithGate(ctx context.Context, g *Gate) context.Context {
	return context.WithValue(ctx, gateKey{}, g)
}

// Alone returns ctx marked so that a Run in it takes its Gate alone. It
// does nothing where ctx has no Gate.
func Alone(ctx context.Context) context.Context {
	return context.WithValue(ctx, aloneKey{}, true)
}

// IsAlone reports whether runs in ctx take their Gate alone.
func IsAlone(ctx context.Context) bool {
	v, _ := ctx.Value(aloneKey{}).(bool)
	return v
}

// enter takes ctx's Gate, if any, and returns the function that lets it go.
func enter(ctx context.Context) (leave func()) {
	g, _ := ctx.Value(gateKey{}).(*Gate)
	switch {
	case g == nil:
		return func() {}
	case IsAlone(ctx):
		g.mu.Lock()
		return g.mu.Unlock
	default:
		g.mu.RLock()
		return g.mu.RUnlock
	}
}
