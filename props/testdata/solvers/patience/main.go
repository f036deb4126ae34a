// Command patience solves Double Patience (UVa 1637) by memoised recursion
// over the pile heights, as a contestant would. An optional first argument
// plants a contestant's slip:
//
//	ordered   the moves are summed over unordered pairs but counted as ordered pairs
//	topfirst  each line is read as if its first card were the top of the pile
//	hash20    the memo is a table of 2^20 entries indexed by the low 20 bits of
//	          a 32-bit FNV-1a hash of the heights, with no key stored: two
//	          positions whose hashes share those bits share a value
package main

import (
	"bufio"
	"fmt"
	"os"
)

type solver struct {
	rank [9][4]byte
	memo []float64
	bug  string
}

// hashBits sizes hash20's table: 2^20 doubles, 8 MB, where 5^9 would take
// 15.6 MB; the reachable positions are a few thousand, so a contestant
// trusts collisions to be rare and stores no key.
const hashBits = 20

// fnv1a is the 32-bit FNV-1a hash of the heights.
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
		s := &solver{memo: memo, bug: bug}
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
		for i := range memo {
			memo[i] = -1
		}
		var h [9]int
		for i := range h {
			h[i] = 4
		}
		fmt.Fprintf(out, "%.6f\n", s.win(h))
	}
}

func (s *solver) win(h [9]int) float64 {
	key, empty := 0, true
	for _, x := range h {
		key = key*5 + x
		empty = empty && x == 0
	}
	if s.bug == "hash20" {
		key = int(fnv1a(h) & (1<<hashBits - 1))
	}
	if empty {
		return 1
	}
	if s.memo[key] >= 0 {
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
	s.memo[key] = v
	return v
}
