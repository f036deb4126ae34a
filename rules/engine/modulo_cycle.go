package engine

import (
	"fmt"
	"slices"
)

// maxHubsForOrder is the most hubs for which the modular elimination takes
// the hub order (every other state first, successors first, then the hubs:
// each row fills in at most the hubs' columns); a cycle with more (a chain
// that steps back and forth) takes the order of exploration, which is
// breadth first and so banded for a chain.
const maxHubsForOrder = 32

// solveCycle solves a cycle's linear system modulo p under the policy: for
// each state, W·x_i − Σ_{j in the cycle} w_ij x_j = Σ_j w_ij r_ij +
// Σ_{j outside} w_ij v_j, by sparse elimination in a few orders until one
// meets no pivot that is 0 modulo p.
func (m *modSolver[S]) solveCycle(comp []int32) error {
	g := m.g
	for l, v := range comp {
		m.local[v] = int32(l)
	}
	defer func() {
		for _, v := range comp {
			m.local[v] = -1
		}
	}()
	var orders [][]int32 // as states
	h := g.splitAtHubs(comp, m.local)
	if len(h.hubs) <= maxHubsForOrder {
		orders = append(orders, append(slices.Clone(h.post), h.hubs...))
	}
	for _, places := range sparseOrders(comp) {
		ord := make([]int32, len(places))
		for i, l := range places {
			ord[i] = comp[l]
		}
		orders = append(orders, ord)
	}
	edges := 0
	for _, v := range comp {
		lo, hi := g.edgeRange(v)
		edges += int(hi - lo)
	}
	budget := eliminationBudget(edges)
	stuck := int32(-1)
	for _, ord := range orders {
		if err := m.stop.err(); err != nil {
			return err
		}
		x, at, ok := m.eliminate(ord, budget)
		if ok {
			for i, v := range ord {
				m.val[v] = x[i]
			}
			return nil
		}
		if at >= 0 {
			stuck = at
		}
	}
	if stuck < 0 {
		return g.cycleError(comp, fmt.Sprintf("its elimination modulo %d fills in past its budget (%d entries, %d steps) in each of %d orders tried", m.p, maxFill, budget, len(orders)))
	}
	return fmt.Errorf("engine: a cycle of %d states through %v: the elimination meets a pivot that is a multiple of %d at state %v in each of %d orders tried (the value's denominator may be one): %w", len(comp), g.States[comp[0]], m.p, g.States[stuck], len(orders), ErrResidueUnproved)
}

// eliminate solves the cycle's system with its states in order ord, row by
// row (each row is reduced by the finished rows before it, in increasing
// order of column, then divided by its pivot), and back-substitutes. It
// returns the values in the order of ord, or the state whose pivot was 0
// (−1 when the fill-in or the work passed its bound: maxFill, budget).
func (m *modSolver[S]) eliminate(ord []int32, budget int) ([]uint64, int32, bool) {
	g, p := m.g, m.p
	n := len(ord)
	pos := make([]int32, n) // by place in the cycle
	for i, v := range ord {
		pos[m.local[v]] = int32(i)
	}
	acc := make([]uint64, n)
	mark := make([]int32, n) // row+1 where the column was touched
	var touched []int32
	var lower int32Heap
	uStart := make([]int32, 1, n+1)
	var uCol []int32
	var uVal []uint64
	c := make([]uint64, n)
	touch := func(col int32, row int32) {
		if mark[col] != row+1 {
			mark[col] = row + 1
			acc[col] = 0
			touched = append(touched, col)
			if col < row {
				lower.push(col)
			}
		}
	}
	for i32, v := range ord {
		i := int32(i32)
		touched = touched[:0]
		touch(i, i)
		mv := g.moveStart[v] + m.policy[v]
		lo, hi := g.branches(mv)
		var b uint64
		for e := lo; e < hi; e++ {
			w := m.weight(mv, e)
			acc[i] = m.add(acc[i], w)
			b = m.add(b, m.mul(w, uint64(g.rewardOf(mv, e))%p))
			to := g.to[e]
			if l := m.local[to]; l >= 0 {
				col := pos[l]
				touch(col, i)
				acc[col] = m.sub(acc[col], w)
			} else {
				b = m.add(b, m.mul(w, m.val[to]))
			}
		}
		for lower.len() > 0 {
			j := lower.pop()
			f := acc[j]
			acc[j] = 0
			if budget -= 1 + int(uStart[j+1]-uStart[j]); budget < 0 {
				return nil, -1, false
			}
			if f == 0 {
				continue
			}
			for k := uStart[j]; k < uStart[j+1]; k++ {
				col := uCol[k]
				touch(col, i)
				acc[col] = m.sub(acc[col], m.mul(f, uVal[k]))
			}
			b = m.sub(b, m.mul(f, c[j]))
		}
		piv := acc[i]
		if piv == 0 {
			return nil, v, false
		}
		inv := m.inv(piv)
		for _, col := range touched {
			if col > i && acc[col] != 0 {
				uCol = append(uCol, col)
				uVal = append(uVal, m.mul(acc[col], inv))
			}
		}
		if len(uCol) > maxFill {
			return nil, -1, false
		}
		uStart = append(uStart, int32(len(uCol)))
		c[i] = m.mul(b, inv)
	}
	if factor := m.faults.factor; factor != nil {
		uStart, uCol, uVal = factor(ord, uStart, uCol, uVal)
	}
	x := make([]uint64, n)
	for i := n - 1; i >= 0; i-- {
		sum := c[i]
		for k := uStart[i]; k < uStart[i+1]; k++ {
			sum = m.sub(sum, m.mul(uVal[k], x[uCol[k]]))
		}
		x[i] = sum
	}
	return x, 0, true
}

// int32Heap is a min-heap of columns, without container/heap's interface
// calls in the elimination's inner loop.
type int32Heap []int32

func (h *int32Heap) len() int { return len(*h) }

func (h *int32Heap) push(x int32) {
	*h = append(*h, x)
	a := *h
	for i := len(a) - 1; i > 0; {
		parent := (i - 1) / 2
		if a[parent] <= a[i] {
			break
		}
		a[parent], a[i] = a[i], a[parent]
		i = parent
	}
}

func (h *int32Heap) pop() int32 {
	a := *h
	top := a[0]
	last := len(a) - 1
	a[0] = a[last]
	a = a[:last]
	for i := 0; ; {
		l, r, small := 2*i+1, 2*i+2, i
		if l < len(a) && a[l] < a[small] {
			small = l
		}
		if r < len(a) && a[r] < a[small] {
			small = r
		}
		if small == i {
			break
		}
		a[i], a[small] = a[small], a[i]
		i = small
	}
	*h = a
	return top
}
