package estimate

import (
	"math"
	"sort"
)

// Budget splits one family-wise false-alarm budget over many checks by
// Bonferroni's inequality: if each of Checks checks falsely fails with
// probability at most PerCheck, some check falsely fails with probability at
// most Alpha.
type Budget struct {
	Alpha  float64 // family-wise false-alarm probability for the whole run
	Checks int     // number of checks sharing it
}

// PerCheck is Alpha / Checks (Alpha itself when Checks ≤ 1).
func (b Budget) PerCheck() float64 {
	if b.Checks <= 1 {
		return b.Alpha
	}
	return b.Alpha / float64(b.Checks)
}

// Holm is the Holm (1979) step-down procedure: it sorts the m p-values
// ascending and rejects the i-th smallest (i = 0, 1, …) while
// p ≤ alpha/(m−i), stopping at the first that is not. It controls the
// family-wise error rate at alpha under any dependence and rejects everything
// Bonferroni rejects. reject[i] refers to pvalues[i]; NaN is never rejected.
func Holm(pvalues []float64, alpha float64) (reject []bool) {
	m := len(pvalues)
	reject = make([]bool, m)
	order := make([]int, m)
	for i := range order {
		order[i] = i
	}
	key := func(i int) float64 {
		if math.IsNaN(pvalues[i]) {
			return math.Inf(1)
		}
		return pvalues[i]
	}
	sort.SliceStable(order, func(a, b int) bool { return key(order[a]) < key(order[b]) })
	for rank, i := range order {
		if !(key(i) <= alpha/float64(m-rank)) {
			break
		}
		reject[i] = true
	}
	return reject
}
