package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/chancecheck/chancecheck/internal/safefile"
	"github.com/chancecheck/chancecheck/programs"
)

// stressFiles are where stress --out wrote the first failure: the input
// the solver read (counterexample.in) and, where the brute force answered,
// its answer (counterexample.ans); Ans is "" without one.
type stressFiles struct{ In, Ans string }

// writeStressCounterexample writes the first failure of o into dir, as
// check --out writes its counterexample: the input as the solver read it
// (under its count line with --tests, the whole pack for a pack's own
// failure) and the brute force's answer as a correct solver prints it.
func writeStressCounterexample(dir string, s *programs.Stress, o *programs.Result) (*stressFiles, error) {
	f := o.First
	if dir == "" || f == nil {
		return nil, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	input := f.Input
	switch {
	case f.Pack != nil && f.Pack.Only:
		input = f.Pack.Input
	case s.Tests > 1 || s.GeneratorWritesTests:
		input = append(fmt.Appendf(nil, "1\n"), f.Input...)
	}
	files := &stressFiles{In: filepath.Join(dir, "counterexample.in")}
	// Never through a link planted in the directory (safefile).
	if err := safefile.WriteBytes(files.In, input); err != nil {
		return nil, err
	}
	if f.HasBrute && (f.Pack == nil || !f.Pack.Only) {
		files.Ans = filepath.Join(dir, "counterexample.ans")
		if err := safefile.WriteBytes(files.Ans, []byte(f.BruteValue.Text(12)+"\n")); err != nil {
			return nil, err
		}
	}
	return files, nil
}

// writeStressFiles prints where the counterexample was written.
func writeStressFiles(w io.Writer, files *stressFiles) {
	if files == nil {
		return
	}
	written := []string{files.In + " (the input, as the solver read it)"}
	if files.Ans != "" {
		written = append(written, files.Ans+" (the brute force's answer)")
	}
	fmt.Fprintf(w, "written: %s\n", strings.Join(written, ", "))
}
