package testenv

import (
	"os"
	"os/exec"
	"testing"
)

// TestGoPrograms builds a program and runs it; a package that is not
// there is an error.
func TestGoPrograms(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip(err)
	}
	paths, dir, err := GoPrograms("./testdata/hello")
	if dir != "" {
		defer os.RemoveAll(dir)
	}
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(paths["hello"]).Output()
	if err != nil || string(out) != "hello\n" {
		t.Errorf("%s: %q, %v; want hello", paths["hello"], out, err)
	}
	if _, dir, err := GoPrograms("./testdata/none"); err == nil {
		t.Error("a package that is not there: no error")
	} else if dir != "" {
		os.RemoveAll(dir)
	}
}
