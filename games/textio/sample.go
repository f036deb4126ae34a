package textio

import (
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
)

// Sample is a published sample of a game: an input file and the output an
// accepted solution prints for it, both verbatim.
type Sample struct {
	Name   string // the file name without its extension: "sample", "sample2"
	Input  string // the input file, byte for byte
	Output string // the expected output, byte for byte
}

// Label names the sample in a message: "sample NAME", or NAME alone where
// it says so already ("sample", "sample2" — not "sample sample").
func (s Sample) Label() string {
	if strings.HasPrefix(strings.ToLower(s.Name), "sample") {
		return s.Name
	}
	return "sample " + s.Name
}

// ReadSamples reads the samples in directory dir of fsys: each NAME.in with
// its NAME.ans, sorted by name. An .in without its .ans, or an .ans without
// its .in, is an error, as is a directory holding no sample; other files are
// ignored.
func ReadSamples(fsys fs.FS, dir string) ([]Sample, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("samples: %w", err)
	}
	names := map[string]bool{}
	for _, e := range entries {
		if !e.IsDir() {
			names[e.Name()] = true
		}
	}
	var out []Sample
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".in")
		if !ok || e.IsDir() {
			if base, ok := strings.CutSuffix(e.Name(), ".ans"); ok && !names[base+".in"] {
				return nil, fmt.Errorf("samples: %s has no %s.in", path.Join(dir, e.Name()), base)
			}
			continue
		}
		if !names[name+".ans"] {
			return nil, fmt.Errorf("samples: %s has no %s.ans", path.Join(dir, e.Name()), name)
		}
		in, err := fs.ReadFile(fsys, path.Join(dir, e.Name()))
		if err != nil {
			return nil, fmt.Errorf("samples: %w", err)
		}
		ans, err := fs.ReadFile(fsys, path.Join(dir, name+".ans"))
		if err != nil {
			return nil, fmt.Errorf("samples: %w", err)
		}
		out = append(out, Sample{Name: name, Input: string(in), Output: string(ans)})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("samples: no NAME.in and NAME.ans in %s", dir)
	}
	// ReadDir's order is the files' ("a-b.in" before "a.in"), not the names'.
	slices.SortFunc(out, func(a, b Sample) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

// MustReadSamples is ReadSamples for samples embedded in a game's package,
// whose absence or breakage is a build mistake: it panics on an error. Each
// game's test of its Samples catches that.
func MustReadSamples(fsys fs.FS, dir string) []Sample {
	s, err := ReadSamples(fsys, dir)
	if err != nil {
		panic(err)
	}
	return s
}
