package longtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Python makes python3, for the rest of t, the interpreter itself rather
// than a version manager's shim: it puts the directory of the interpreter
// that python3 runs (its sys.executable) first on PATH. A shim (pyenv's is
// a shell script that runs pyenv) costs several times the interpreter's
// own start-up on every start, and a walk-through starts Python some
// hundred times; the interpreter and its version are the same. It skips t
// when python3 is not installed. Not for parallel tests (it sets PATH).
func Python(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	out, err := exec.Command("python3", "-c", "import sys; print(sys.executable)").Output()
	if err != nil {
		t.Fatalf("python3 -c 'import sys; print(sys.executable)': %v", err)
	}
	exe := strings.TrimSpace(string(out))
	if exe == "" {
		return // an embedded interpreter that does not know its path: leave PATH alone
	}
	t.Setenv("PATH", filepath.Dir(exe)+string(os.PathListSeparator)+os.Getenv("PATH"))
}
