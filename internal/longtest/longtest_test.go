package longtest

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestEnabled(t *testing.T) {
	for _, tt := range []struct {
		value string
		want  bool
	}{
		{"", false},
		{"0", false},
		{"1", true},
		{"yes", true},
	} {
		t.Setenv(Env, tt.value)
		if got := Enabled(); got != tt.want {
			t.Errorf("%s=%q: Enabled() = %v, want %v", Env, tt.value, got, tt.want)
		}
	}
}

// Skip skips exactly when the long tests are off.
func TestSkip(t *testing.T) {
	for _, on := range []bool{false, true} {
		value := "0"
		if on {
			value = "1"
		}
		t.Setenv(Env, value)
		ran := false
		t.Run(value, func(t *testing.T) {
			Skip(t, "a test of Skip")
			ran = true
		})
		if ran != on {
			t.Errorf("%s=%s: the test ran = %v, want %v", Env, value, ran, on)
		}
	}
}

// After Python, python3 on PATH is the interpreter itself: the one whose
// sys.executable it reports (a shim's would be another file).
func TestPython(t *testing.T) {
	Python(t)
	found, err := exec.LookPath("python3")
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(found, "-c", "import sys; print(sys.executable)").Output()
	if err != nil {
		t.Fatal(err)
	}
	if exe := strings.TrimSpace(string(out)); filepath.Dir(exe) != filepath.Dir(found) {
		t.Errorf("python3 on PATH is %s, which runs %s: not the interpreter itself", found, exe)
	}
}
