// Command correct solves Bag of mice (Codeforces 148D): it reads "w b" and
// prints the princess's win probability with 9 decimals. It is a user's
// solver, written apart from package mice, that chancecheck's check passes.
package main

import "fmt"

func main() {
	var w, b int
	if _, err := fmt.Scan(&w, &b); err != nil {
		panic(err)
	}
	// p[i][j]: the princess's chance with i white and j black mice, her turn.
	p := make([][]float64, w+1)
	for i := range p {
		p[i] = make([]float64, b+1)
		for j := 0; i > 0 && j <= b; j++ {
			n := float64(i + j)
			p[i][j] = float64(i) / n
			if j >= 2 { // black, black, then a mouse jumps out: white or black
				p[i][j] += float64(j) / n * float64(j-1) / (n - 1) * float64(i) / (n - 2) * p[i-1][j-2]
			}
			if j >= 3 {
				p[i][j] += float64(j) / n * float64(j-1) / (n - 1) * float64(j-2) / (n - 2) * p[i][j-3]
			}
		}
	}
	fmt.Printf("%.9f\n", p[w][b])
}
