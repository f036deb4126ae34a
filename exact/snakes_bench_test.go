package exact

import (
	"testing"

	"github.com/chancecheck/chancecheck/games/snakes"
	"github.com/chancecheck/chancecheck/generators"
)

// benchSnakesBoards are 1,000 generated boards, the same on every run.
func benchSnakesBoards() []snakes.Board {
	gen := generators.Snakes()
	boards := make([]snakes.Board, 1000)
	for i := range boards {
		boards[i] = gen.Example(i)
	}
	return boards
}

func BenchmarkExactSnakes(b *testing.B) {
	boards := benchSnakesBoards()
	i := 0
	for b.Loop() {
		if _, err := ExpectedThrows(boards[i%len(boards)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkExactSnakesDense(b *testing.B) {
	boards := benchSnakesBoards()
	i := 0
	for b.Loop() {
		if _, err := ExpectedThrowsDense(boards[i%len(boards)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkExactSnakesRat(b *testing.B) {
	boards := benchSnakesBoards()[:50]
	i := 0
	for b.Loop() {
		if _, err := ExpectedThrowsRat(boards[i%len(boards)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkSnakesValidate(b *testing.B) {
	boards := benchSnakesBoards()
	i := 0
	for b.Loop() {
		if err := boards[i%len(boards)].Validate(); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkExactSnakesEmptyBoard(b *testing.B) {
	for b.Loop() {
		if _, err := ExpectedThrows(snakes.Board{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSnakesValidateEmptyBoard(b *testing.B) {
	for b.Loop() {
		if err := (snakes.Board{}).Validate(); err != nil {
			b.Fatal(err)
		}
	}
}
