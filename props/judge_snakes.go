package props

import (
	"fmt"
	"strconv"
)

// ParseAnswers implements Judge: one line "Case i: E" per board, i counting from 1.
func (Snakes) ParseAnswers(out []byte, n int) ([]float64, error) {
	return parseAnswerLines(out, n, func(i int, f []string) (string, string) {
		want := "Case " + strconv.Itoa(i+1) + ":"
		if len(f) != 3 || f[0] != "Case" || f[1] != strconv.Itoa(i+1)+":" {
			return "", fmt.Sprintf("want %q followed by the expected number of throws", want)
		}
		return f[2], ""
	})
}

// Agrees implements Judge: LightOJ 1151 accepts an error below 1e-6,
// absolute or relative.
func (Snakes) Agrees(ours Solution, theirs float64, _ bool) bool {
	return withinAbsOrRel(ours.Value, theirs, 1e-6)
}
