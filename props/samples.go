package props

import (
	"embed"
	"fmt"
	"path"
	"sort"
	"strings"
)

// publishedSamples holds copies of the published samples (inputs and the
// outputs accepted solutions print), one folder per game, files NAME.in and
// NAME.ans.
//
//go:embed testdata/samples
var publishedSamples embed.FS

// samplesOf reads the embedded samples of one game, sorted by name.
func samplesOf(game string) ([]Sample, error) {
	dir := path.Join("testdata/samples", game)
	entries, err := publishedSamples.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("samples of %s: %w", game, err)
	}
	var out []Sample
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".in")
		if !ok {
			continue
		}
		in, err := publishedSamples.ReadFile(path.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		ans, err := publishedSamples.ReadFile(path.Join(dir, name+".ans"))
		if err != nil {
			return nil, fmt.Errorf("sample %s/%s has no .ans: %w", game, name, err)
		}
		out = append(out, Sample{Name: name, Input: string(in), Output: string(ans)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// mustSamples is samplesOf for the samples compiled into the binary, whose
// absence is a build mistake, caught by the tests.
func mustSamples(game string) []Sample {
	s, err := samplesOf(game)
	if err != nil {
		panic(err)
	}
	return s
}
