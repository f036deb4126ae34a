//go:build unix

package safefile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ClaimDir makes the directory before the run, refuses a second claim
// while the first holds it, removes what a killed run left, and takes
// back a directory it made that stayed empty (issue 29: report --out NEW
// under an unwritable parent failed after the whole run; two reports into
// one --out mixed their files; .NAME.tmp-* files stayed forever).
func TestClaimDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new", "out")
	c, err := ClaimDir("--out", dir)
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		t.Fatalf("the directory was not made: %v", err)
	}
	_, err = ClaimDir("--out", dir)
	if !errors.Is(err, ErrBusy) || !strings.Contains(err.Error(), "--out "+dir) {
		t.Errorf("a second claim: %v, want ErrBusy naming --out and the directory", err)
	}
	c.Release()
	if _, err := os.Stat(filepath.Dir(dir)); err == nil {
		t.Error("a directory ClaimDir made and nothing was written to is still there")
	}

	// A killed run's temporaries go; other files, look-alikes included, stay.
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	stale := []string{".report.md.tmp-0123456789abcdef", ".junit.xml.tmp-fedcba9876543210"}
	keep := []string{"report.md", ".report.md.tmp-notours", "tmp-0123456789abcdef"}
	for _, name := range append(stale, keep...) {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c, err = ClaimDir("--out", dir)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	for _, name := range stale {
		if _, err := os.Lstat(filepath.Join(dir, name)); err == nil {
			t.Errorf("stale temporary %s left", name)
		}
	}
	for _, name := range keep {
		if _, err := os.Lstat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s was removed", name)
		}
	}
}

// A directory that cannot be made is an error of ClaimDir, naming the
// flag and the directory: before the run, not after it.
func TestClaimDirUnmakeable(t *testing.T) {
	parent := t.TempDir()
	if os.Getuid() == 0 {
		// Root writes anywhere a mode allows; /sys refuses even root.
		parent = "/sys"
		if err := os.Mkdir("/sys/chancecheck-probe", 0o755); err == nil {
			os.Remove("/sys/chancecheck-probe")
			t.Skip("root can make directories in /sys here")
		}
	} else if err := os.Chmod(parent, 0o555); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(parent, "new", "out")
	_, err := ClaimDir("--out", dir)
	if err == nil || !strings.Contains(err.Error(), "--out "+dir) || !strings.Contains(err.Error(), "cannot make") {
		t.Errorf("ClaimDir of %s: %v, want an error saying it cannot be made", dir, err)
	}
}

// WriteFiles renames nothing until every file is written: a render that
// fails leaves every old file and no temporary.
func TestWriteFilesAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a", "b"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("old "+name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	text := func(s string) func(io.Writer) error {
		return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
	}
	disk := errors.New("no space left on device")
	tests := []struct {
		name    string
		files   []File
		before  error
		want    error
		a, b    string
		renamed bool
	}{
		{"the second render fails", []File{{"a", text("new a")}, {"b", func(io.Writer) error { return disk }}}, nil, disk, "old a", "old b", false},
		{"before fails", []File{{"a", text("new a")}, {"b", text("new b")}}, disk, disk, "old a", "old b", false},
		{"all written", []File{{"a", text("new a")}, {"b", text("new b")}}, nil, nil, "new a", "new b", true},
	}
	for _, tt := range tests {
		ran := false
		err := WriteFiles(dir, tt.files, func() error { return tt.before }, func() error { ran = true; return nil })
		if !errors.Is(err, tt.want) || ran != tt.renamed {
			t.Errorf("%s: %v (after ran: %v), want %v", tt.name, err, ran, tt.want)
		}
		for name, want := range map[string]string{"a": tt.a, "b": tt.b} {
			if got, _ := os.ReadFile(filepath.Join(dir, name)); string(got) != want {
				t.Errorf("%s: %s holds %q, want %q", tt.name, name, got, want)
			}
		}
		if left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp-*")); len(left) > 0 {
			t.Errorf("%s: temporary files left: %v", tt.name, left)
		}
	}
}
