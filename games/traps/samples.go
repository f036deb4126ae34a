package traps

import (
	"embed"

	"github.com/chancecheck/chancecheck/games/textio"
)

// published holds the statement's four samples (SDOI 2011) verbatim,
// samples/sample1.in … sample4.in with the outputs an accepted solution
// prints (.ans), and one hand-made case, sixteenth.in: one trap between start
// and exit, harmful with probability 15/16, one life, so p = 1/16 = 0.0625
// exactly, which the statement's rounding half up prints as 0.063 where a C
// printf prints 0.062. (Sample 2 as Luogu renders it, with blank lines
// between rows, is a parser test: testdata/sample2-luogu.in.)
//
//go:embed samples
var published embed.FS

// Samples returns the published samples and the sixteenth case with their
// expected outputs, sorted by name. It panics only if the embedded files are
// broken, which the package's tests catch.
func Samples() []textio.Sample { return textio.MustReadSamples(published, "samples") }
