package jenga

import (
	"embed"

	"github.com/chancecheck/chancecheck/games/textio"
)

// published holds the statement's sample (Codeforces 424E) verbatim:
// samples/sample.in and the output an accepted solution prints, sample.ans.
//
//go:embed samples
var published embed.FS

// Samples returns the published samples with their expected outputs, sorted
// by name. It panics only if the embedded files are broken, which the
// package's tests catch.
func Samples() []textio.Sample { return textio.MustReadSamples(published, "samples") }
