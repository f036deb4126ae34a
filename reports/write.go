package reports

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/chancecheck/chancecheck/internal/safefile"
)

// Output file names inside a report directory.
const (
	FileJSON     = "report.json"
	FileTimings  = "timings.json"
	FileMarkdown = "report.md"
	FileHTML     = "report.html"
	FileJUnit    = "junit.xml"
)

// FileIncomplete marks a report directory while WriteDir writes it: it is
// written first and removed last, so a directory that holds it (a run
// killed between two renames, or a render that failed) may mix two runs'
// files. ReadDir, and so report merge, refuse such a directory.
const FileIncomplete = "INCOMPLETE"

// WriteDir writes every output of the report into dir (created if need be):
// report.json, timings.json (when t is not nil), report.md, report.html and
// junit.xml. Each file is rendered into a new temporary file in dir, synced
// and renamed over its name (internal/safefile: never through a link
// planted there), so a crash leaves either the old file or the new one,
// never half of one; and the directory says it is incomplete
// (FileIncomplete) from before the first rename until after the last.
func WriteDir(dir string, r *Report, t *Timings) error {
	outs := []output{
		{FileMarkdown, func(w io.Writer) error { return WriteMarkdown(w, r, t) }},
		{FileHTML, func(w io.Writer) error { return WriteHTML(w, r, t) }},
		{FileJUnit, func(w io.Writer) error { return WriteJUnit(w, r, t) }},
	}
	if t != nil {
		outs = append(outs, output{FileTimings, func(w io.Writer) error { return writeTimingsJSON(w, t) }})
	}
	outs = append(outs, output{FileJSON, func(w io.Writer) error { return WriteJSON(w, r) }})
	return writeOutputs(dir, fmt.Sprintf("seed %d", r.Plan.Seed), outs)
}

// output is one file of a report directory and how to render it.
type output struct {
	name   string
	render func(io.Writer) error
}

// writeOutputs writes outs into dir (made if need be) as one set
// (safefile.WriteFiles): every file is rendered and synced to a temporary
// before the first rename, so a render that fails or a full disk leaves
// the old files whole and unmarked; the marker stands only between the
// first rename and the last, where a killed run leaves it.
func writeOutputs(dir, run string, outs []output) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("reports: %w", err)
	}
	marker := filepath.Join(dir, FileIncomplete)
	files := make([]safefile.File, len(outs))
	for i, o := range outs {
		files[i] = safefile.File{Name: o.name, Render: o.render}
	}
	err := safefile.WriteFiles(dir, files,
		func() error {
			return safefile.WriteBytes(marker, []byte("chancecheck report ("+run+") is writing this directory, or was stopped while it did: "+
				"until this file is gone its files may mix two runs.\n"))
		},
		func() error { return os.Remove(marker) })
	if err != nil {
		return fmt.Errorf("reports: %w", err)
	}
	return nil
}

// ReadDir reads the report.json (and timings.json, when present) of a
// report directory; one marked incomplete (FileIncomplete) is refused.
func ReadDir(dir string) (*Report, *Timings, error) {
	if _, err := os.Lstat(filepath.Join(dir, FileIncomplete)); err == nil {
		return nil, nil, fmt.Errorf("reports: %s holds %s: it was being written when its run stopped, and its files may mix two runs; run that report again", dir, FileIncomplete)
	}
	f, err := os.Open(filepath.Join(dir, FileJSON))
	if err != nil {
		return nil, nil, fmt.Errorf("reports: %w", err)
	}
	defer f.Close()
	r, err := ReadJSON(f)
	if err != nil {
		return nil, nil, fmt.Errorf("reports: %s: %w", dir, err)
	}
	tf, err := os.Open(filepath.Join(dir, FileTimings))
	if os.IsNotExist(err) {
		return r, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("reports: %w", err)
	}
	defer tf.Close()
	t, err := readTimingsJSON(tf)
	if err != nil {
		return nil, nil, fmt.Errorf("reports: %s: %w", dir, err)
	}
	if err := checkSameRun(r, t); err != nil {
		return nil, nil, fmt.Errorf("reports: %s: %w", dir, err)
	}
	return r, t, nil
}

// MergeDirs reads the report directories of all shards of a run and merges them.
func MergeDirs(dirs []string) (*Report, *Timings, error) {
	var reps []*Report
	var tims []*Timings
	for _, d := range dirs {
		r, t, err := ReadDir(d)
		if err != nil {
			return nil, nil, err
		}
		reps = append(reps, r)
		tims = append(tims, t)
	}
	r, err := Merge(reps)
	if err != nil {
		return nil, nil, err
	}
	return r, mergeTimings(tims), nil
}
