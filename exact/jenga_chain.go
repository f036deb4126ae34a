package exact

import "fmt"

// jengaChain is a Jenga game under a fixed policy as a Markov chain over
// states numbered so that every move leads to a smaller number (the moves
// form a DAG; see jenga.go). A throw stays in state s with probability
// stay[s] (black, or a colour without a move) and otherwise follows one of
// s's edges; a state without edges is the end of the game.
type jengaChain struct {
	stay  []float64
	first []int32 // edges of s are first[s] .. first[s+1]-1
	to    []int32
	p     []float64
	start int32
}

// addState appends a state with the given edges and returns its number.
// Every edge must lead to a state added before.
func (c *jengaChain) addState(stay float64, to []int32, p []float64) int32 {
	if len(c.first) == 0 {
		c.first = append(c.first, 0)
	}
	s := int32(len(c.stay))
	c.stay = append(c.stay, stay)
	c.to = append(c.to, to...)
	c.p = append(c.p, p...)
	c.first = append(c.first, int32(len(c.to)))
	return s
}

func (c *jengaChain) states() int { return len(c.stay) }

func (c *jengaChain) terminal(s int32) bool { return c.first[s] == c.first[s+1] }

// expected returns the expected number of throws from every state:
// E(s) = (1 + Σ p·E(to)) / (1 − stay) on the DAG, in increasing order.
func (c *jengaChain) expected() []float64 {
	e := make([]float64, c.states())
	for s := range e {
		if c.terminal(int32(s)) {
			continue
		}
		v := 1.0
		for j := c.first[s]; j < c.first[s+1]; j++ {
			v += c.p[j] * e[c.to[j]]
		}
		e[s] = v / (1 - c.stay[s])
	}
	return e
}

// JengaMaxThrows bounds the throw-by-throw iteration of a distribution; the
// mass left beyond it is reported as the tail.
const JengaMaxThrows = 100000

// pmf returns the distribution of the number of throws from the start,
// iterating the state distribution throw by throw until the mass still in
// play is below tail (or JengaMaxThrows throws), and that remaining mass.
func (c *jengaChain) pmf(tail float64) ([]float64, float64, error) {
	if !(tail > 0) {
		return nil, 0, fmt.Errorf("jenga: tail bound must be positive, got %g", tail)
	}
	d := make([]float64, c.states())
	var out []float64
	if c.terminal(c.start) {
		return []float64{1}, 0, nil
	}
	d[c.start] = 1
	out = append(out, 0)
	alive := 1.0
	for t := 1; alive >= tail && t <= JengaMaxThrows; t++ {
		// Moves go to smaller numbers, so one pass in increasing order
		// updates d in place: a state's inflow this throw arrives after
		// its own mass has been moved on.
		ended := 0.0
		for s := range d {
			m := d[s]
			if m == 0 {
				continue
			}
			d[s] = m * c.stay[s]
			for j := c.first[s]; j < c.first[s+1]; j++ {
				if to := c.to[j]; c.terminal(to) {
					ended += m * c.p[j]
				} else {
					d[to] += m * c.p[j]
				}
			}
		}
		out = append(out, ended)
		alive = 0 // summed afresh, so rounding cannot build up over many throws
		for _, m := range d {
			alive += m
		}
	}
	return out, alive, nil
}
