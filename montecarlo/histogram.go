package montecarlo

import "math"

// Histogram counts how often each outcome (a non-negative integer) occurred.
type Histogram struct {
	Counts []int64 // Counts[k] is the number of runs whose outcome was k
}

// Add records one outcome.
func (h *Histogram) Add(outcome int) {
	if outcome >= len(h.Counts) {
		grown := make([]int64, max(outcome+1, 2*len(h.Counts)))
		copy(grown, h.Counts)
		h.Counts = grown
	}
	h.Counts[outcome]++
}

// Merge adds the counts of o. Counts are sums, so merging is order-free.
func (h *Histogram) Merge(o Histogram) {
	if len(o.Counts) > len(h.Counts) {
		grown := make([]int64, len(o.Counts))
		copy(grown, h.Counts)
		h.Counts = grown
	}
	for k, c := range o.Counts {
		h.Counts[k] += c
	}
	h.trim()
}

func (h *Histogram) trim() {
	n := len(h.Counts)
	for n > 0 && h.Counts[n-1] == 0 {
		n--
	}
	h.Counts = h.Counts[:n]
}

// N is the number of runs recorded.
func (h Histogram) N() int64 {
	var n int64
	for _, c := range h.Counts {
		n += c
	}
	return n
}

// Mean is the average outcome (NaN when empty).
func (h Histogram) Mean() float64 {
	var n, s float64
	for k, c := range h.Counts {
		n += float64(c)
		s += float64(k) * float64(c)
	}
	if n == 0 {
		return math.NaN()
	}
	return s / n
}
