package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// batchGame is a game of boards 0 and 1 whose inputs hold up to 4 of them
// under a count line, with no published samples.
func batchGame() props.Game {
	return props.Define(props.Spec[int]{
		Name: "batch",
		Parse: func(r io.Reader, _ string) ([]int, error) {
			var t int
			if _, err := fmt.Fscan(r, &t); err != nil {
				return nil, err
			}
			bs := make([]int, t)
			for i := range bs {
				if _, err := fmt.Fscan(r, &bs[i]); err != nil {
					return nil, err
				}
			}
			return bs, nil
		},
		Write: func(w io.Writer, bs []int) error {
			if _, err := fmt.Fprintln(w, len(bs)); err != nil {
				return err
			}
			for _, b := range bs {
				if _, err := fmt.Fprintln(w, b); err != nil {
					return err
				}
			}
			return nil
		},
		MaxBoardsPerInput: 4,
		Generator:         rapid.IntRange(0, 1),
		Solve:             func(b int) (props.Solution, error) { return props.Solution{Value: float64(b) / 2}, nil },
		Play:              func(b int, rng *rand.Rand) (int, error) { return b * rng.IntN(2), nil },
	})
}

// A run that --time cuts while it is finding which board of a batch over
// the time limit fails is no pass: NOT CONFIRMED, the batch and its
// verdict named, exit 2, and "passed": false with the failure seen under
// "unconfirmed" in --json (issue 31: it ended as a pass saying only that
// inputs in progress were not judged).
//
// The solver answers its first two batches right, then burns CPU on every
// batch (a time limit, again when run alone), and on one board alone first
// leaves a mark, then sleeps: once the mark is there, with --jobs 1 (runs
// one at a time, in the inputs' order), the third batch's boards were being
// run alone when --time ran out, whatever the machine's load. A machine so
// slow that --time ran out before gets a longer --time.
func TestCheckTimeCutsConfirmation(t *testing.T) {
	for _, asJSON := range []bool{false, true} {
		t.Run(fmt.Sprintf("json %v", asJSON), func(t *testing.T) {
			t.Parallel()
			for limit := 2 * time.Second; ; limit *= 2 {
				dir := t.TempDir()
				mark := filepath.Join(dir, "alone")
				script := fmt.Sprintf(`read t
if [ "$t" -gt 1 ]; then
	echo >> %[1]s/runs
	if [ "$(wc -l < %[1]s/runs)" -gt 2 ]; then while :; do :; done; fi
	while read b; do if [ "$b" = 1 ]; then echo 0.5; else echo 0; fi; done
	exit 0
fi
touch %[2]s
exec sleep 1000
`, dir, mark)
				if err := os.WriteFile(filepath.Join(dir, "solver.sh"), []byte(script), 0o644); err != nil {
					t.Fatal(err)
				}
				solver := "sh " + filepath.Join(dir, "solver.sh")
				args := []string{"check", "batch", "--solver", solver, "--batch", "4", "--jobs", "1", "--timeout", "100ms",
					"--idle-timeout", "1h", "--time", limit.String(), "--seed", "1"}
				if asJSON {
					args = append(args, "--json")
				}
				var stdout, stderr bytes.Buffer
				code := Run(context.Background(), args, strings.NewReader(""), &stdout, &stderr, batchGame())
				if _, err := os.Stat(mark); err != nil {
					if limit >= 32*time.Second {
						t.Fatalf("no board was run alone within --time %v: exit %d\n%s\n%s", limit, code, stdout.String(), stderr.String())
					}
					continue // --time ran out before: a slow machine
				}
				if code != exitUsage {
					t.Errorf("exit %d, want %d (nobody could judge)\nstdout:\n%s\nstderr:\n%s", code, exitUsage, stdout.String(), stderr.String())
				}
				if want := "time limit seen on generated boards 9..12, not confirmed"; !strings.Contains(stderr.String(), want) {
					t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
				}
				if !asJSON {
					for _, w := range []string{"check batch: NOT CONFIRMED: TIME LIMIT seen on generated boards 9..12, seed 1",
						"every answer judged before it agreed: 0 sample board(s) and 8 generated board(s)",
						"ran out while its boards were being run alone, to find the failing one: no verdict on the solver"} {
						if !strings.Contains(stdout.String(), w) {
							t.Errorf("stdout lacks %q:\n%s", w, stdout.String())
						}
					}
					if strings.Contains(stdout.String(), "every answer agreed:") {
						t.Errorf("a run cut while confirming a failure reads as a pass:\n%s", stdout.String())
					}
					return
				}
				var j checkJSON
				if err := json.Unmarshal(stdout.Bytes(), &j); err != nil {
					t.Fatalf("%v:\n%s", err, stdout.String())
				}
				u := j.Unconfirmed
				if j.Passed || j.First != nil || j.Generated != 8 || u == nil || u.Verdict != "time limit" || u.Source != "generated boards 9..12" ||
					!strings.Contains(u.CutWhile, "boards were being run alone") {
					t.Errorf("passed %v, first failure %v, %d generated, unconfirmed %+v: want no pass, no failure, 8 generated, the batch's time limit unconfirmed", j.Passed, j.First, j.Generated, u)
				}
				return
			}
		})
	}
}
