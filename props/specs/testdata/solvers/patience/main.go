// Command patience solves Double Patience (UVa 1637) by memoised recursion
// over the pile heights, as a contestant would. An optional first argument
// plants a contestant's slip:
//
//	ordered   the moves are summed over unordered pairs but counted as ordered pairs
//	topfirst  each line is read as if its first card were the top of the pile
//	hash32    the memo is a map keyed by the 32-bit FNV-1a hash of the
//	          heights instead of the heights: two positions whose hashes
//	          collide share a value
//	lossmemo  the memo holds the probability of getting stuck, with 0 for
//	          "not computed yet": a position George is sure to clear from
//	          is never remembered, so the search enters it again on every
//	          path that reaches it. The answers are right; the time is
//	          exponential on the rare deals with a large sure-to-clear
//	          part. A right but slow solver: a time limit on rare deals
package main

import (
	"bufio"
	"fmt"
	"os"
)

type solver struct {
	rank   [9][4]byte
	memo   []float64
	hashed map[uint32]float64 // hash32's memo
	bug    string
}

// fnv1a is the 32-bit FNV-1a hash of the heights. A contestant trusts 2^32
// values to tell a few thousand reachable positions apart; of the 5^9
// height vectors, 754 share a hash with another one, so a deal goes wrong
// only when its search reaches both of a colliding pair.
func fnv1a(h [9]int) uint32 {
	x := uint32(2166136261)
	for _, v := range h {
		x ^= uint32(v)
		x *= 16777619
	}
	return x
}

func main() {
	bug := ""
	if len(os.Args) > 1 {
		bug = os.Args[1]
	}
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	memo := make([]float64, 1953125) // 5^9 height vectors
	for {
		s := &solver{memo: memo, hashed: map[uint32]float64{}, bug: bug}
		ok := true
		for p := 0; p < 9 && ok; p++ {
			for i := 0; i < 4; i++ {
				var card string
				if _, err := fmt.Fscan(in, &card); err != nil {
					ok = false
					break
				}
				if bug == "topfirst" {
					s.rank[p][3-i] = card[0]
				} else {
					s.rank[p][i] = card[0]
				}
			}
		}
		if !ok {
			return
		}
		unknown := -1.0
		if bug == "lossmemo" {
			unknown = 0
		}
		for i := range memo {
			memo[i] = unknown
		}
		var h [9]int
		for i := range h {
			h[i] = 4
		}
		if bug == "lossmemo" {
			fmt.Fprintf(out, "%.6f\n", 1-s.stuck(&h, len(memo)-1))
			continue
		}
		fmt.Fprintf(out, "%.6f\n", s.win(h))
	}
}

// pow5[i] is what pile i's height weighs in a memo index: 5^(8−i).
var pow5 = [9]int{390625, 78125, 15625, 3125, 625, 125, 25, 5, 1}

// stuck is lossmemo's search: the probability that George gets stuck from
// the heights h, whose memo index is key. A contestant's fast version of
// win: the index is kept up to date rather than recomputed, and each
// pile's top is read once.
func (s *solver) stuck(h *[9]int, key int) float64 {
	if key == 0 {
		return 0 // the table is clear
	}
	if v := s.memo[key]; v != 0 {
		return v
	}
	sum, pairs := 0.0, 0
	for i := 0; i < 9; i++ {
		if h[i] == 0 {
			continue
		}
		top := s.rank[i][h[i]-1]
		for j := i + 1; j < 9; j++ {
			if h[j] > 0 && s.rank[j][h[j]-1] == top {
				pairs++
				h[i]--
				h[j]--
				sum += s.stuck(h, key-pow5[i]-pow5[j])
				h[i]++
				h[j]++
			}
		}
	}
	v := 1.0 // no move: stuck
	if pairs > 0 {
		v = sum / float64(pairs)
	}
	s.memo[key] = v
	return v
}

func (s *solver) win(h [9]int) float64 {
	key, empty := 0, true
	for _, x := range h {
		key = key*5 + x
		empty = empty && x == 0
	}
	if empty {
		return 1
	}
	if s.bug == "hash32" {
		if v, ok := s.hashed[fnv1a(h)]; ok {
			return v
		}
	} else if s.memo[key] >= 0 {
		return s.memo[key]
	}
	sum, pairs := 0.0, 0
	for i := 0; i < 9; i++ {
		for j := i + 1; j < 9; j++ {
			if h[i] > 0 && h[j] > 0 && s.rank[i][h[i]-1] == s.rank[j][h[j]-1] {
				pairs++
				if s.bug == "ordered" {
					pairs++
				}
				h[i]--
				h[j]--
				sum += s.win(h)
				h[i]++
				h[j]++
			}
		}
	}
	v := 0.0
	if pairs > 0 {
		v = sum / float64(pairs)
	}
	if s.bug == "hash32" {
		s.hashed[fnv1a(h)] = v
	} else {
		s.memo[key] = v
	}
	return v
}
