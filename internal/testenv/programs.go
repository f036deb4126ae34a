package testenv

import (
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
)

// GoPrograms returns the executables of the Go main packages pkgs (as go
// build names them, relative to the test's directory: "./solvers/correct",
// "./testdata/static", or an import path), keyed by the last element of
// each package's path; a test binary builds them once (sync.Once) for
// the tests that run them.
//
// `go run -exec echo PKG` prints the path of the executable go run would
// start: since Go 1.24 go run keeps the executables it links in the build
// cache, so on a warm cache this is a lookup (some 0.2 s of CPU a program)
// where a go build into a fresh directory links each anew (0.4 s and more).
// Where a printed file does not outlast go run (an executable not cached
// yet), the programs are built by one go build into a directory of their
// own: dir, which the caller removes when done (in TestMain); dir is ""
// when every program came from the cache.
func GoPrograms(pkgs ...string) (paths map[string]string, dir string, err error) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		return nil, "", fmt.Errorf("testenv: no go command to build %s: %w", strings.Join(pkgs, " "), err)
	}
	paths = map[string]string{}
	for _, p := range pkgs {
		name := path.Base(p)
		out, err := exec.Command(goCmd, "run", "-exec", "echo", p).Output()
		exe := strings.TrimSpace(string(out))
		if err != nil || !filepath.IsAbs(exe) || filepath.Base(exe) != name {
			break
		}
		if st, err := os.Stat(exe); err != nil || !st.Mode().IsRegular() {
			break
		}
		paths[name] = exe
	}
	if len(paths) == len(pkgs) {
		return paths, "", nil
	}
	if dir, err = os.MkdirTemp("", "chancecheck-programs-"); err != nil {
		return nil, "", fmt.Errorf("testenv: %w", err)
	}
	args := []string{"build", "-o", dir + string(filepath.Separator)}
	for _, p := range pkgs {
		args = append(args, p)
		paths[path.Base(p)] = filepath.Join(dir, path.Base(p))
	}
	if out, err := exec.Command(goCmd, args...).CombinedOutput(); err != nil {
		return nil, dir, fmt.Errorf("testenv: go build %s: %v\n%s", strings.Join(pkgs, " "), err, out)
	}
	return paths, dir, nil
}
