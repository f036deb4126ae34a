package reports

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"sync"
	"testing"

	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/props/specs"
)

// testOptions is a small run over the cheaper games: enough boards for every
// code path (samples, generated boards, σ = 0 boards, calibration), fast
// enough for the suite.
func testOptions() Options {
	return Options{
		Games:  []props.Game{specs.Snakes(), specs.Patience(), specs.Traps(specs.TrapsConfig{})},
		Boards: 5, Runs: 4096, Seed: 7, Alpha: 1e-6,
		drawClasses: classDraws.draw,
	}
}

// classDraws holds drawClasses' counts for each (game, parameter values,
// seed, n) the tests' runs ask for, drawn once per test binary: drawing
// and classifying CoverageDraws boards of each built-in game is most of a
// small run's CPU, and the tests run the same games under the same seeds
// many times (shards, worker counts, the same run read twice). The counts
// are drawClasses' own, so every report is what it would be without it.
// The key holds what decides the draw for the games these tests define:
// two games of one name differ in their generator only through their
// parameter values (dice's goals change no board).
var classDraws = classMemo{counts: map[string]map[string]int{}}

type classMemo struct {
	mu     sync.Mutex
	counts map[string]map[string]int
}

// draw is drawClasses(g, seed, n), drawn the first time and copied after:
// a plan owns the map it is given.
func (m *classMemo) draw(g props.Game, seed uint64, n int) map[string]int {
	key := fmt.Sprintf("%s %v %d %d", g.Name(), g.ParamValues(), seed, n)
	m.mu.Lock()
	defer m.mu.Unlock()
	c, ok := m.counts[key]
	if !ok {
		c = drawClasses(g, seed, n)
		m.counts[key] = c
	}
	return maps.Clone(c)
}

// whole is the report of testOptions(), run once per test binary and shared
// by the tests that only read it (wholeReport): a run takes seconds, and
// four tests read the same one.
var whole struct {
	once sync.Once
	r    *Report
	err  error
}

// wholeReport returns the report of testOptions(), GOMAXPROCS workers. The
// callers must not change it.
func wholeReport(t *testing.T) *Report {
	t.Helper()
	whole.once.Do(func() { whole.r, _, whole.err = Run(context.Background(), testOptions()) })
	if whole.err != nil {
		t.Fatal(whole.err)
	}
	return whole.r
}

// mustRun runs opt, drawing coverage classes through classDraws unless
// opt says otherwise.
func mustRun(t *testing.T, opt Options) (*Report, *Timings) {
	t.Helper()
	if opt.drawClasses == nil {
		opt.drawClasses = classDraws.draw
	}
	r, tim, err := Run(context.Background(), opt)
	if err != nil {
		t.Fatal(err)
	}
	return r, tim
}

func jsonBytes(t *testing.T, r *Report) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteJSON(&buf, r); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
