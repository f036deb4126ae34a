// Command snakes solves Snakes and Ladders (LightOJ 1151) by Gaussian
// elimination over the 100 cells, as a contestant would. An optional first
// argument plants a contestant's slip:
//
//	end99    jumps starting on cell 99 are ignored (a loop bound one short)
//	bounce   a throw past 100 bounces back from 100 instead of being lost
//	weights  a lost throw is not counted: each usable face weighs 1/k, not 1/6
//	sweeps   value iteration (Gauss–Seidel, from 99 down) stopped after a
//	         fixed 2000 sweeps instead of solving the equations: right where
//	         the expectation is moderate, short where it is huge
//	converge value iteration on the transition matrix (Jacobi sweeps, a row
//	         summed over the cells after its own) until the largest relative
//	         change is below 1e-14: right on every board the generator
//	         draws, but its time grows with the expected number of throws,
//	         over a 2 s limit on about 1 board in 10,000 (expectations above
//	         ~24,000 throws): a time limit
//	hog      a board with a jump from 90..99 allocates and fills a 1 GB table
//	         first (a table sized by the wrong bound): a memory limit
package main

import (
	"bufio"
	"fmt"
	"math"
	"os"
)

func main() {
	bug := ""
	if len(os.Args) > 1 {
		bug = os.Args[1]
	}
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	var t int
	fmt.Fscan(in, &t)
	for c := 1; c <= t; c++ {
		var n int
		fmt.Fscan(in, &n)
		var to [101]int
		for i := 0; i < n; i++ {
			var a, b int
			fmt.Fscan(in, &a, &b)
			to[a] = b
		}
		if bug == "end99" {
			to[99] = 0
		}
		if bug == "hog" && (to[90]|to[91]|to[92]|to[93]|to[94]|to[95]|to[96]|to[97]|to[98]|to[99]) != 0 {
			table := make([]float64, 1<<27)
			for i := range table {
				table[i] = float64(i)
			}
			to[0] = int(table[len(table)-1]) & 0 // keeps the table alive to here
		}
		if bug == "converge" {
			fmt.Fprintf(out, "Case %d: %.10f\n", c, converge(to))
			continue
		}
		if bug == "sweeps" {
			fmt.Fprintf(out, "Case %d: %.10f\n", c, iterate(to))
			continue
		}
		fmt.Fprintf(out, "Case %d: %.10f\n", c, solve(to, bug))
	}
}

func solve(to [101]int, bug string) float64 {
	const n = 100
	var a [n][n + 1]float64 // row x-1: equation of cell x
	for x := 1; x <= n; x++ {
		r := &a[x-1]
		switch {
		case x == n:
			r[x-1] = 1
		case to[x] != 0:
			r[x-1], r[to[x]-1] = 1, -1
		default:
			k := 0
			for d := 1; d <= 6; d++ {
				y := x + d
				if y > n {
					if bug != "bounce" {
						continue
					}
					y = 2*n - y
				}
				k++
				if to[y] != 0 {
					y = to[y]
				}
				r[y-1]--
			}
			// A lost throw keeps the player on x: 6·E(x) = 6 + Σ E(dest) + (6−k)·E(x).
			r[x-1] += float64(k)
			r[n] = 6
			if bug == "weights" {
				r[n] = float64(k)
			}
		}
	}
	for col := 0; col < n; col++ {
		p := col
		for i := col + 1; i < n; i++ {
			if math.Abs(a[i][col]) > math.Abs(a[p][col]) {
				p = i
			}
		}
		a[col], a[p] = a[p], a[col]
		for i := 0; i < n; i++ {
			if i != col && a[i][col] != 0 {
				f := a[i][col] / a[col][col]
				for j := col; j <= n; j++ {
					a[i][j] -= f * a[col][j]
				}
			}
		}
	}
	return a[0][n] / a[0][0]
}

// sweeps is how many Gauss–Seidel sweeps iterate makes: "enough" for the
// samples and for boards of a few dozen throws.
const sweeps = 2000

// iterate approximates E(1) by value iteration: E(x) = (6 + Σ E(dest)) / k
// over the k usable faces (a lost throw keeps the player on x), E(100) = 0,
// E(x) = E(to[x]) on a jump's start.
func iterate(to [101]int) float64 {
	const n = 100
	var e [n + 1]float64
	for range sweeps {
		for x := n - 1; x >= 1; x-- {
			if to[x] != 0 {
				e[x] = e[to[x]]
				continue
			}
			sum, k := 6.0, 0
			for d := 1; d <= 6 && x+d <= n; d++ {
				y := x + d
				if to[y] != 0 {
					y = to[y]
				}
				sum += e[y]
				k++
			}
			e[x] = sum / float64(k)
		}
	}
	return e[1]
}

// converge computes E(1) by value iteration on the transition matrix p,
// p[x][y] the chance that a throw from x ends on y (a jump's start is a
// row of its own, E(x) = E(to[x])), with Jacobi sweeps until no value
// moves by more than a relative 1e-14. The error left is about that
// change times the number of throws the chain takes to forget where it
// started, under 1e-7 for every expectation below 10⁶; the sweeps it takes
// grow with the expectation (some 28 sweeps a throw).
func converge(to [101]int) float64 {
	const n = 100
	var p [n + 1][n + 1]float64
	var faces [n + 1]float64
	for x := 1; x < n; x++ {
		for d := 1; d <= 6 && x+d <= n; d++ {
			p[x][x+d]++
			faces[x]++
		}
		for y := x + 1; y <= n; y++ {
			p[x][y] /= faces[x]
		}
	}
	var e, next [n + 1]float64
	for {
		change := 0.0
		for x := 1; x < n; x++ {
			var v float64
			if to[x] != 0 {
				v = e[to[x]]
			} else {
				v = 6 / faces[x]
				for y := x + 1; y <= n; y++ {
					v += p[x][y] * e[y]
				}
			}
			change = math.Max(change, math.Abs(v-e[x])/math.Max(1, v))
			next[x] = v
		}
		e = next
		if change < 1e-14 {
			return e[1]
		}
	}
}
