//go:build unix

package safefile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A link planted at the name is replaced, and its target is left as it
// was; the file is new, whole, and of mode 0644 less the umask (issue 21:
// check --out wrote through a planted counterexample.in link, and gen's
// files were 0600).
func TestWriteDoesNotFollowLinks(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "precious")
	if err := os.WriteFile(target, []byte("keep me\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		plant func(path string) error
	}{
		{"nothing there", func(string) error { return nil }},
		{"a link to a file", func(path string) error { return os.Symlink(target, path) }},
		{"a dangling link", func(path string) error { return os.Symlink(filepath.Join(dir, "nowhere"), path) }},
		{"an old file", func(path string) error { return os.WriteFile(path, []byte("old\n"), 0o600) }},
	}
	umask := syscall.Umask(0o022) // the tests' umask, restored below
	defer syscall.Umask(umask)
	for i, tt := range tests {
		path := filepath.Join(dir, "counterexample"+string(rune('a'+i))+".in")
		if err := tt.plant(path); err != nil {
			t.Fatal(err)
		}
		if err := WriteBytes(path, []byte("3 1\n")); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		fi, err := os.Lstat(path)
		if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm() != 0o644 {
			t.Errorf("%s: %v, mode %v: want a regular file of mode 0644", tt.name, err, fi.Mode())
		}
		if b, _ := os.ReadFile(path); string(b) != "3 1\n" {
			t.Errorf("%s: the file holds %q", tt.name, b)
		}
	}
	if b, _ := os.ReadFile(target); string(b) != "keep me\n" {
		t.Errorf("the link's target was overwritten: %q", b)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp-*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// A render that fails leaves the old file and no temporary one.
func TestWriteFailureKeepsTheOld(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "report.md")
	if err := os.WriteFile(path, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := Write(path, func(w io.Writer) error {
		io.WriteString(w, "half")
		return errors.New("boom")
	})
	if err == nil || !strings.Contains(err.Error(), "boom") {
		t.Fatalf("error %v, want boom", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "old\n" {
		t.Errorf("the old file became %q", b)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp-*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

func TestCheckDir(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a-file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, dir, err string
	}{
		{"an existing directory", dir, ""},
		{"a new directory", filepath.Join(dir, "new", "deeper"), ""},
		{"a file", file, "not a directory"},
		{"below a file", filepath.Join(file, "sub"), "is a file"},
	}
	if os.Getuid() != 0 { // root writes anywhere
		ro := filepath.Join(dir, "read-only")
		if err := os.Mkdir(ro, 0o555); err != nil {
			t.Fatal(err)
		}
		tests = append(tests, struct{ name, dir, err string }{"a read-only directory", ro, "cannot write there"})
	}
	for _, tt := range tests {
		err := CheckDir("--out", tt.dir)
		if tt.err == "" && err != nil || tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("%s: %v, want an error saying %q", tt.name, err, tt.err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "new")); err == nil {
		t.Error("CheckDir made a directory: it only checks")
	}
}
