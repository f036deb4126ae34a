package programs

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/chancecheck/chancecheck/internal/solverproc"
)

// parse reads a file as one input.
func (g *programGame) parse(r io.Reader, file string) ([]Input, error) {
	return parseInput(g.ctx, r, file, g.Validator)
}

// write prints in's one input as the generator printed it, or with Tests
// above 1 a count line and each input.
func (g *programGame) write(w io.Writer, in []Input) error {
	for _, b := range in {
		if err := g.drawnFault(b); err != nil {
			return err
		}
	}
	_, err := w.Write(g.packed(in))
	return err
}

// packed is what the solver and the brute force read for in: its one
// input as printed, or with Tests above 1 a count line and each input.
func (g *programGame) packed(in []Input) []byte {
	if g.Tests <= 1 {
		return []byte(in[0].Text)
	}
	inputs := make([][]byte, len(in))
	for i, b := range in {
		inputs[i] = []byte(b.Text)
	}
	return packInput(inputs)
}

// MaxInput is the largest input a game defined by programs takes: the most
// of a program's output that is kept, so the most a generator can give.
const MaxInput = solverproc.MaxStdout

// parseInput reads a whole file as one input; an empty one is an error,
// and so is one the validator, when given, rejects, and so is one past
// MaxInput.
func parseInput(ctx context.Context, r io.Reader, file string, validator Program) ([]Input, error) {
	// Read no more than an input may be, and one byte to tell: a huge file
	// is refused, not held in memory several times over (issue 29: a 100 MB
	// input took 600 MB).
	b, err := io.ReadAll(io.LimitReader(r, MaxInput+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if len(b) > MaxInput {
		return nil, fmt.Errorf("%s: the input is over %s, the most a game defined by programs takes (the most of a generator's output that is kept)",
			file, solverproc.FormatSize(MaxInput))
	}
	if strings.TrimSpace(string(b)) == "" {
		return nil, fmt.Errorf("%s:1: empty input: a game defined by programs takes the generator's output", file)
	}
	if validator != nil {
		fault, err := validateInput(ctx, validator, "", b)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		if fault != nil {
			return nil, rejection(file, fault)
		}
	}
	return []Input{{Text: string(b)}}, nil
}
