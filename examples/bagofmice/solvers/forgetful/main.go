// Command forgetful is the classic slip at Bag of mice (Codeforces 148D):
// it forgets the mouse that jumps out after the dragon's draw. It reads
// "w b" and prints a probability with 9 decimals, right on both published
// samples (1 3 and 5 5) and wrong elsewhere; chancecheck's check catches it.
package main

import "fmt"

func main() {
	var w, b int
	if _, err := fmt.Scan(&w, &b); err != nil {
		panic(err)
	}
	p := make([][]float64, w+1)
	for i := range p {
		p[i] = make([]float64, b+1)
		for j := 0; i > 0 && j <= b; j++ {
			n := float64(i + j)
			p[i][j] = float64(i) / n
			if j >= 2 { // black, black: and then the bag is as the dragon left it
				p[i][j] += float64(j) / n * float64(j-1) / (n - 1) * p[i][j-2]
			}
		}
	}
	fmt.Printf("%.9f\n", p[w][b])
}
