package reports

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Output file names inside a report directory.
const (
	FileJSON     = "report.json"
	FileTimings  = "timings.json"
	FileMarkdown = "report.md"
	FileHTML     = "report.html"
	FileJUnit    = "junit.xml"
)

// WriteDir writes every output of the report into dir (created if need be):
// report.json, timings.json (when t is not nil), report.md, report.html and
// junit.xml. Each file is rendered into a temporary file in dir, synced and
// renamed over its name (writeAtomic), so a crash leaves either the old
// file or the new one, never half of one. report.json is renamed last: when
// it is new, so are the others.
func WriteDir(dir string, r *Report, t *Timings) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("reports: %w", err)
	}
	type output struct {
		name   string
		render func(io.Writer) error
	}
	outs := []output{
		{FileMarkdown, func(w io.Writer) error { return WriteMarkdown(w, r, t) }},
		{FileHTML, func(w io.Writer) error { return WriteHTML(w, r, t) }},
		{FileJUnit, func(w io.Writer) error { return WriteJUnit(w, r, t) }},
	}
	if t != nil {
		outs = append(outs, output{FileTimings, func(w io.Writer) error { return writeTimingsJSON(w, t) }})
	}
	outs = append(outs, output{FileJSON, func(w io.Writer) error { return WriteJSON(w, r) }})
	for _, o := range outs {
		if err := writeAtomic(filepath.Join(dir, o.name), o.render); err != nil {
			return err
		}
	}
	return nil
}

// writeAtomic writes what render writes to path through a temporary file
// in the same directory, synced and renamed over path: readers see the old
// file or the whole new one, and a render that fails leaves the old file.
func writeAtomic(path string, render func(io.Writer) error) (err error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("reports: %w", err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	w := bufio.NewWriter(f)
	if err = render(w); err != nil {
		return fmt.Errorf("reports: rendering %s: %w", filepath.Base(path), err)
	}
	if err = w.Flush(); err != nil {
		return fmt.Errorf("reports: writing %s: %w", path, err)
	}
	if err = f.Chmod(0o644); err != nil {
		return fmt.Errorf("reports: %w", err)
	}
	if err = f.Sync(); err != nil {
		return fmt.Errorf("reports: syncing %s: %w", path, err)
	}
	if err = f.Close(); err != nil {
		return fmt.Errorf("reports: closing %s: %w", path, err)
	}
	if err = os.Rename(f.Name(), path); err != nil {
		return fmt.Errorf("reports: %w", err)
	}
	return nil
}

// ReadDir reads the report.json (and timings.json, when present) of a
// report directory.
func ReadDir(dir string) (*Report, *Timings, error) {
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
