package safefile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// ErrBusy is the error of ClaimDir for a directory another run holds.
var ErrBusy = errors.New("another run is writing there")

// A Claim is an output directory held by one run from before its work
// until its files are written: made, proved writable, locked against a
// second run that would write there at the same time (where the system
// has file locks), and cleared of the temporary files a killed run left.
type Claim struct {
	dir  string
	made string   // the topmost directory ClaimDir made; "" when none
	lock *os.File // the directory, locked; nil where there are no locks
}

// ClaimDir claims dir for a run's output, before the run: it makes the
// directory (and its parents) if need be, proves that files can be
// created in it, locks it (a second claim, by this process or another,
// fails with ErrBusy until Release), and removes the temporary files
// (".NAME.tmp-*") that a run killed while writing left there. The error
// names flag (such as "--out") and what is wrong.
func ClaimDir(flag, dir string) (*Claim, error) {
	if err := CheckDir(flag, dir); err != nil {
		return nil, err
	}
	c := &Claim{dir: dir}
	if _, err := os.Stat(dir); err != nil {
		top := filepath.Clean(dir)
		for up := filepath.Dir(top); up != top; up = filepath.Dir(up) {
			if _, err := os.Stat(up); err == nil {
				break
			}
			top = up
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("%s %s: cannot make the directory: %w", flag, dir, err)
		}
		c.made = top
	}
	if err := probe(flag, dir); err != nil {
		c.Release()
		return nil, err
	}
	lock, err := lockDir(dir)
	if err != nil {
		c.Release()
		if errors.Is(err, ErrBusy) {
			return nil, fmt.Errorf("%s %s: %w (it holds the directory's lock): wait for it to end, or give another directory", flag, dir, ErrBusy)
		}
		return nil, fmt.Errorf("%s %s: locking: %w", flag, dir, err)
	}
	c.lock = lock
	removeStaleTemps(dir)
	return c, nil
}

// Dir is the directory claimed.
func (c *Claim) Dir() string { return c.dir }

// Release lets the directory go; the directories ClaimDir made that are
// still empty (the run wrote nothing) are removed. Release of nil does
// nothing.
func (c *Claim) Release() {
	if c == nil {
		return
	}
	if c.lock != nil {
		c.lock.Close() // closing the descriptor drops its lock
		c.lock = nil
	}
	if c.made != "" {
		// Remove fails, as it should, on a directory that is not empty.
		for d := filepath.Clean(c.dir); os.Remove(d) == nil && d != c.made; d = filepath.Dir(d) {
		}
		c.made = ""
	}
}

// removeStaleTemps removes the temporary files createTemp names
// (".NAME.tmp-" and 16 hex digits) from dir: the claim's lock says no run
// is writing them.
func removeStaleTemps(dir string) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		if isTempName(e.Name()) && e.Type().IsRegular() {
			_ = os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// isTempName reports whether name is one createTemp makes.
func isTempName(name string) bool {
	i := strings.LastIndex(name, ".tmp-")
	if !strings.HasPrefix(name, ".") || i < 1 || len(name)-i-len(".tmp-") != 2*tempRandBytes {
		return false
	}
	for _, r := range name[i+len(".tmp-"):] {
		if !strings.ContainsRune("0123456789abcdef", r) {
			return false
		}
	}
	return true
}
