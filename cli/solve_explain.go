package cli

import (
	"context"
	"fmt"
	"io"
	"maps"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/chancecheck/chancecheck/props"
)

// boardCost is what solving one board took: its wall time and the bytes
// the Go heap allocated meanwhile (runtime.MemStats.TotalAlloc), the
// boards being solved one at a time.
type boardCost struct {
	elapsed   time.Duration
	allocated uint64
}

// answerMeasured is answerAllContext one board at a time, measuring each:
// for `solve --explain`, whose time and memory must be the board's own.
func answerMeasured(ctx context.Context, g props.Game, boards []props.Board) ([]props.Solution, []boardCost, int, error) {
	sols := make([]props.Solution, len(boards))
	costs := make([]boardCost, len(boards))
	var ms runtime.MemStats
	for i, b := range boards {
		runtime.ReadMemStats(&ms)
		before, start := ms.TotalAlloc, time.Now()
		sol, err := props.AnswerWithin(ctx, g, b)
		if ctx.Err() != nil {
			return nil, nil, -1, fmt.Errorf("%w while solving: %v", errInterrupted, context.Cause(ctx))
		}
		if err != nil {
			return nil, nil, i, err
		}
		costs[i].elapsed = time.Since(start)
		runtime.ReadMemStats(&ms)
		costs[i].allocated = ms.TotalAlloc - before
		sols[i] = sol
	}
	return sols, costs, -1, nil
}

// writeExplain prints how each board was solved, one paragraph a board:
//
//	explain 1: the rules engine (float64, error at most 1e-10)
//	  5028 states, 3 components (2 induction, 1 hub method (float64)), largest cycle 5026 states
//	  method float64, proved bound 3.1e-12; no fraction: a cycle of 5026 states, more than ...
//	  0.31 s, 45.2 MiB allocated
func writeExplain(w io.Writer, sols []props.Solution, costs []boardCost) {
	for i, sol := range sols {
		fmt.Fprintf(w, "explain %d: %s\n", i+1, sol.OracleOf())
		if p := sol.Proof; p != nil {
			fmt.Fprintf(w, "  %d states, %d components (%s), %d with a cycle, the largest of %d states\n",
				p.States, p.Components, methodList(p.ByMethod), p.Cycles, p.LargestCycle)
			bound := "exact fraction, no error"
			if sol.Fraction == nil || p.Bound > 0 {
				bound = fmt.Sprintf("proved bound %.3g", p.Bound)
			}
			fmt.Fprintf(w, "  method %s, %s", p.Method, bound)
			if p.NoFraction != "" {
				fmt.Fprintf(w, "; no fraction: %s", p.NoFraction)
			}
			fmt.Fprintln(w)
		} else {
			fmt.Fprintln(w, "  no proof: the game's own analyst, without the rules engine")
		}
		c := costs[i]
		fmt.Fprintf(w, "  %.3f s, %.1f MiB allocated\n", c.elapsed.Seconds(), float64(c.allocated)/(1<<20))
	}
}

// methodList is "2 induction, 1 exact elimination", methods by name.
func methodList(by map[string]int) string {
	var parts []string
	for _, m := range slices.Sorted(maps.Keys(by)) {
		if by[m] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", by[m], m))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}
