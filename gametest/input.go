package gametest

import (
	"fmt"
	"strings"

	"github.com/chancecheck/chancecheck/internal/rapidflags"
	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// maxGroup caps the boards of one drawn group in the round-trip check, for
// games whose inputs hold very many; the one input of exactly
// MaxBoardsPerInput boards still tests the limit itself.
const maxGroup = 1000

// generatedFile is the file name generated inputs are parsed under, which
// a parse error names.
const generatedFile = "generated.in"

// writeInput is g.WriteInput into a string.
func writeInput(g props.Game, boards []props.Board) (string, error) {
	var b strings.Builder
	err := g.WriteInput(&b, boards)
	return b.String(), err
}

// reparse writes boards as one input and parses it; the input is returned
// for messages.
func reparse(g props.Game, boards []props.Board) (input string, back []props.Board, err error) {
	input, err = writeInput(g, boards)
	if err != nil {
		return input, nil, fmt.Errorf("writing it: %w", err)
	}
	back, err = g.Parse(strings.NewReader(input), generatedFile)
	if err != nil {
		return input, nil, fmt.Errorf("parsing it: %w", err)
	}
	return input, back, nil
}

// checkValid: every generated board writes and parses without error. A
// generator drawing boards the game's own Parse rejects fails here, before
// the other checks trip over its boards. Parse must not panic on a cut-off
// input either (an error is its answer to every bad input), so every prefix
// of the input is parsed too.
func checkValid(t rapid.TB, g props.Game, _ options) {
	rapid.Check(t, func(t *rapid.T) {
		b := g.Generator().Draw(t, "board")
		input, _, err := reparse(g, []props.Board{b})
		if err != nil {
			t.Fatalf("a generated board is not valid: %v\nboard: %+v\ninput:\n%s", err, b, clip(input))
		}
		for n := range len(input) {
			if p := parsePanic(g, input[:n]); p != nil {
				t.Fatalf("Parse panics on the first %d bytes of a generated board's input, where it should return an error: %v\ninput cut to:\n%q",
					n, p, clip(input[:n]))
			}
		}
	})
}

// parsePanic is what Parse panics with on input, nil when it returns.
func parsePanic(g props.Game, input string) (p any) {
	defer func() { p = recover() }()
	_, _ = g.Parse(strings.NewReader(input), generatedFile)
	return nil
}

// checkRoundTrip: writing boards and parsing the input gives them back, one
// board to an input, a drawn group to an input, and exactly
// MaxBoardsPerInput boards to an input.
func checkRoundTrip(t rapid.TB, g props.Game, _ options) {
	rapid.Check(t, func(t *rapid.T) {
		b := g.Generator().Draw(t, "board")
		if err := roundTrip(g, []props.Board{b}); err != nil {
			t.Fatal(err)
		}
	})
	limit := g.MaxBoardsPerInput()
	if t.Failed() || limit == 1 {
		return
	}
	rapid.Check(t, func(t *rapid.T) {
		boards := rapid.SliceOfN(g.Generator(), 2, min(limit, maxGroup)).Draw(t, "boards")
		if err := roundTrip(g, boards); err != nil {
			t.Fatal(err)
		}
	})
	if t.Failed() {
		return
	}
	full := make([]props.Board, limit)
	for i := range full {
		full[i] = rapidflags.Example(g.Generator(), i)
	}
	if err := roundTrip(g, full); err != nil {
		t.Fatalf("an input of MaxBoardsPerInput = %d boards: %v", limit, err)
	}
}

// roundTrip writes boards as one input and says how what it parses back
// differs from them.
func roundTrip(g props.Game, boards []props.Board) error {
	input, back, err := reparse(g, boards)
	switch {
	case err != nil:
		return fmt.Errorf("%d board(s) do not parse back: %v\ninput:\n%s", len(boards), err, clip(input))
	case len(back) != len(boards):
		return fmt.Errorf("%d board(s) written, %d parsed back\ninput:\n%s", len(boards), len(back), clip(input))
	}
	for i := range boards {
		if !sameBoard(back[i], boards[i]) {
			return fmt.Errorf("board %d of %d parses back as another board:\nwritten: %+v\nparsed:  %+v\ninput:\n%s",
				i+1, len(boards), boards[i], back[i], clip(input))
		}
	}
	return nil
}

// clip shortens a long input for a message.
func clip(s string) string {
	const most = 4000
	if len(s) <= most {
		return s
	}
	return s[:most] + fmt.Sprintf("\n… (%d more bytes)\n", len(s)-most)
}
