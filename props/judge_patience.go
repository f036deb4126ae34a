package props

import "fmt"

// ParseAnswers implements Judge: one probability a line, one line per deal.
func (Patience) ParseAnswers(out []byte, n int) ([]float64, error) {
	return parseAnswerLines(out, n, func(_ int, f []string) (string, string) {
		if len(f) != 1 {
			return "", fmt.Sprintf("%d fields, want one probability", len(f))
		}
		return f[0], ""
	})
}

// Agrees implements Judge: UVa 1637 asks for an answer accurate to 1e-6
// (absolute: the answer is a probability).
func (Patience) Agrees(ours Solution, theirs float64, _ bool) bool {
	return withinAbs(ours.Value, theirs, 1e-6)
}
