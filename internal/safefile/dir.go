package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// CheckDir reports whether dir can take a run's output, before the run: it
// is a directory this process can create files in, or it does not exist
// yet and its nearest existing ancestor is a directory (MkdirAll will make
// it). The error names flag (such as "--out") and what is wrong.
func CheckDir(flag, dir string) error {
	fi, err := os.Stat(dir)
	switch {
	case err == nil && !fi.IsDir():
		return fmt.Errorf("%s %s: not a directory (it names a file): give a directory for the output", flag, dir)
	case err == nil:
		return probe(flag, dir)
	case !missing(err):
		return fmt.Errorf("%s %s: %w", flag, dir, err)
	}
	for up := filepath.Dir(filepath.Clean(dir)); ; up = filepath.Dir(up) {
		fi, err := os.Stat(up)
		switch {
		case err == nil && !fi.IsDir():
			return fmt.Errorf("%s %s: %s is a file, so the directory cannot be made", flag, dir, up)
		case err == nil:
			return nil
		case !missing(err):
			return fmt.Errorf("%s %s: %w", flag, dir, err)
		}
		if up == filepath.Dir(up) {
			return nil
		}
	}
}

// missing reports whether a stat error says that the path is not there:
// it does not exist, or a file stands where a directory of it should be
// (ENOTDIR), which the walk up finds and names.
func missing(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}

// probe creates a temporary file in dir and removes it: the one sure test
// that the output can be written there.
func probe(flag, dir string) error {
	f, err := createTemp(filepath.Join(dir, "probe"))
	if err != nil {
		return fmt.Errorf("%s %s: cannot write there: %w", flag, dir, err)
	}
	f.Close()
	return os.Remove(f.Name())
}
