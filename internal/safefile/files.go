package safefile

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// A File is one file of a set written together by WriteFiles: its name in
// the directory and how to render it.
type File struct {
	Name   string
	Render func(io.Writer) error
}

// WriteFiles writes files into dir as a set: every one is rendered into a
// temporary file of its own and synced before the first is renamed over its
// name, so that a render that fails or a disk that fills (the likeliest
// failures) leaves every old file as it was and no temporary behind.
// Between renames, which cannot fail for want of space, before runs (if
// not nil) after the last temporary is synced and before the first rename
// (it may write a marker; an error stops the write with nothing renamed),
// and after runs after the last rename.
func WriteFiles(dir string, files []File, before, after func() error) (err error) {
	temps := make([]*os.File, 0, len(files))
	defer func() {
		if err != nil {
			for _, f := range temps {
				f.Close()
				os.Remove(f.Name())
			}
		}
	}()
	for _, fl := range files {
		path := filepath.Join(dir, fl.Name)
		f, err := createTemp(path)
		if err != nil {
			return err
		}
		temps = append(temps, f)
		w := bufio.NewWriter(f)
		if err := fl.Render(w); err != nil {
			return fmt.Errorf("rendering %s: %w", path, err)
		}
		if err := w.Flush(); err != nil {
			return fmt.Errorf("writing %s: %w", path, err)
		}
		if err := f.Sync(); err != nil {
			return fmt.Errorf("syncing %s: %w", path, err)
		}
	}
	for _, f := range temps {
		if err := f.Close(); err != nil {
			return fmt.Errorf("closing %s: %w", f.Name(), err)
		}
	}
	if before != nil {
		if err := before(); err != nil {
			return err
		}
	}
	for i, f := range temps {
		if err := os.Rename(f.Name(), filepath.Join(dir, files[i].Name)); err != nil {
			for _, g := range temps[i:] {
				os.Remove(g.Name())
			}
			temps = nil // renamed or removed: nothing for the deferred cleanup
			return err
		}
	}
	if after != nil {
		return after()
	}
	return nil
}
