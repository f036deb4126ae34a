package exact

import (
	"testing"
)

// BenchmarkExactSnakesPerBoard times each of the 1,000 generated boards on
// its own (sub-benchmarks board-000 … board-999), so the distribution of
// per-board cost can be read, not only its mean: run with -benchtime 2000x
// and take the median of the ns/op column.
func BenchmarkExactSnakesPerBoard(b *testing.B) {
	for i, board := range benchSnakesBoards() {
		if i%10 != 0 { // every tenth board: 100 sub-benchmarks
			continue
		}
		b.Run(boardName(i), func(b *testing.B) {
			for b.Loop() {
				if _, err := ExpectedThrows(board); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func boardName(i int) string {
	const digits = "0123456789"
	return "board-" + string([]byte{digits[i/100%10], digits[i/10%10], digits[i%10]})
}
