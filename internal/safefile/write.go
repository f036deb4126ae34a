package safefile

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Perm is the mode files are created with, less the umask.
const Perm = 0o644

// Write writes what render writes to path: through a new temporary file in
// the same directory, synced and renamed over path. Readers see the old
// file or the whole new one; a render that fails leaves the old file; a
// symbolic link at path is replaced, never followed.
func Write(path string, render func(io.Writer) error) (err error) {
	f, err := createTemp(path)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	w := bufio.NewWriter(f)
	if err = render(w); err != nil {
		return fmt.Errorf("rendering %s: %w", path, err)
	}
	if err = w.Flush(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err = f.Sync(); err != nil {
		return fmt.Errorf("syncing %s: %w", path, err)
	}
	if err = f.Close(); err != nil {
		return fmt.Errorf("closing %s: %w", path, err)
	}
	return os.Rename(f.Name(), path)
}

// WriteBytes is Write of data.
func WriteBytes(path string, data []byte) error {
	return Write(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// tempRandBytes is how many random bytes name a temporary file (in hex).
const tempRandBytes = 8

// createTemp creates a new file beside path, of a random name, with
// O_EXCL: a name that exists, a link included, is never opened. Unlike
// os.CreateTemp (mode 0600) its mode is Perm less the umask.
func createTemp(path string) (*os.File, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	for range 100 {
		var r [tempRandBytes]byte
		if _, err := rand.Read(r[:]); err != nil {
			return nil, err
		}
		name := filepath.Join(dir, "."+base+".tmp-"+hex.EncodeToString(r[:]))
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, Perm)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, err
	}
	return nil, fmt.Errorf("%s: no free temporary name", dir)
}
