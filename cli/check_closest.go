package cli

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/chancecheck/chancecheck/internal/safefile"
	"github.com/chancecheck/chancecheck/internal/solverproc"
	"github.com/chancecheck/chancecheck/props"
)

// The closest calls (issue 31 part 3) of check and stress, shown on every
// run: the answers nearest to the tolerance, the runs nearest to the CPU
// time and memory limits, with the files that hold them under --out and
// their --json form; and --fail-above, which fails a solver whose worst
// answer passes a share of the tolerance.

// closestLimits are what a command's closest calls are measured against:
// its --timeout, --memory and --fail-above.
type closestLimits struct {
	timeout   time.Duration
	memory    string
	failAbove float64
}

func (o checkOptions) closestLimits() closestLimits {
	return closestLimits{timeout: o.timeout, memory: o.memory, failAbove: o.failAbove}
}

// failAboveUsage refuses a negative or NaN --fail-above.
func failAboveUsage(v float64) error {
	if v < 0 || math.IsNaN(v) {
		return usagef("--fail-above must not be negative (0: off)")
	}
	return nil
}

// failAboveHelp is --fail-above's help, the same for every command.
const failAboveHelp = "fail (exit 1) when the worst answer's error passes this share of the judge's tolerance, as 0.5 (0: off)"

// closestFiles are the files the closest calls were written to ("" for
// one not written).
type closestFiles struct{ Error, ErrorAns, Slowest, Memory, Largest string }

// writeClosestFiles writes the worst call of each kind under dir: the
// board with the highest error score (closest.in, and the answer it was
// judged against in closest.ans where ans gives one), the input of the
// slowest run (slowest.in) and of the hungriest (hungriest.in), and the
// largest board judged (largest.in). Nothing
// without --out: a pass creates no directory of its own.
func writeClosestFiles(dir string, c *props.Closest, ans func(props.CloseCall) []byte) (closestFiles, error) {
	var files closestFiles
	if dir == "" {
		return files, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return files, err
	}
	write := func(name string, data []byte) (string, error) {
		path := filepath.Join(dir, name)
		return path, safefile.WriteBytes(path, data)
	}
	var err error
	if w := c.Worst(); w != nil {
		if files.Error, err = write("closest.in", w.Input); err != nil {
			return files, err
		}
		if a := ans(*w); a != nil {
			if files.ErrorAns, err = write("closest.ans", a); err != nil {
				return files, err
			}
		}
	}
	if len(c.Slowest) > 0 {
		if files.Slowest, err = write("slowest.in", c.Slowest[0].Input); err != nil {
			return files, err
		}
	}
	if len(c.Memory) > 0 {
		if files.Memory, err = write("hungriest.in", c.Memory[0].Input); err != nil {
			return files, err
		}
	}
	if len(c.Largest) > 0 {
		if files.Largest, err = write("largest.in", c.Largest[0].Input); err != nil {
			return files, err
		}
	}
	return files, nil
}

// gameAnswer is our answer to a closest call's board as the game prints
// it, for closest.ans; nil when it cannot be printed.
func gameAnswer(g props.Game) func(props.CloseCall) []byte {
	return func(c props.CloseCall) []byte {
		var ans strings.Builder
		if err := g.WriteAnswers(&ans, []props.Solution{c.Ours}); err != nil {
			return nil
		}
		return []byte(ans.String())
	}
}

// aboveFailAbove is the worst answer when --fail-above is set and it is
// above it; nil otherwise.
func (o checkOptions) aboveFailAbove(res *props.Result) *props.CloseCall {
	return o.closestLimits().above(&res.Closest)
}

// above is c's worst answer when --fail-above is set and it is above it;
// nil otherwise.
func (l closestLimits) above(c *props.Closest) *props.CloseCall {
	if l.failAbove <= 0 {
		return nil
	}
	if w := c.Worst(); w != nil && w.Score > l.failAbove {
		return w
	}
	return nil
}

// cpuText says a run's CPU time against --timeout: "1.82 s of 2 s CPU".
func (l closestLimits) cpuText(c props.CloseCall) string {
	if c.CPU <= 0 {
		return fmt.Sprintf("%.2f s wall (CPU time not known; limit %v)", c.Wall.Seconds(), l.timeout)
	}
	return fmt.Sprintf("%.2f s of %g s CPU", c.CPU.Seconds(), l.timeout.Seconds())
}

// memoryText says a run's peak memory against --memory.
func (l closestLimits) memoryText(c props.CloseCall) string {
	if l.memory == "" {
		return solverproc.FormatSize(c.Peak) + " peak (no --memory limit)"
	}
	return fmt.Sprintf("%s peak of --memory %s", solverproc.FormatSize(c.Peak), l.memory)
}

// writeClosestText prints the closest calls.
func writeClosestText(w io.Writer, o closestLimits, c *props.Closest, files closestFiles) {
	if c.Scored == 0 && len(c.Slowest) == 0 {
		return
	}
	fmt.Fprintf(w, "closest calls (the answers nearest to the judge's tolerance, the runs nearest to the limits):\n")
	at := func(path string) string {
		if path == "" {
			return ""
		}
		return "  → " + path
	}
	if t := c.NoErrorText(); t != "" {
		fmt.Fprintf(w, "  error:  %s\n", t)
	}
	for i, e := range c.Error {
		file := ""
		if i == 0 {
			file = at(files.Error)
		}
		fmt.Fprintf(w, "  error:  %s%s\n", e.ErrorText(c.Exact), file)
	}
	for i, s := range c.Slowest {
		file := ""
		if i == 0 {
			file = at(files.Slowest)
		}
		fmt.Fprintf(w, "  time:   %s on %s%s\n", o.cpuText(s), s.Source, file)
	}
	if len(c.Memory) == 0 && len(c.Slowest) > 0 {
		// The kernel reports a child's peak as at least its parent's at
		// the fork: a solver smaller than the process that started it
		// shows none of its own.
		fmt.Fprintf(w, "  memory: not measured: every run's peak stayed below that of the process that started it, which hides it (--memory starts solvers from a small helper, which measures small peaks)\n")
	}
	for i, m := range c.Memory {
		file := ""
		if i == 0 {
			file = at(files.Memory)
		}
		fmt.Fprintf(w, "  memory: %s on %s%s\n", o.memoryText(m), m.Source, file)
	}
	if len(c.Largest) > 0 { // the largest alone: how near the search came to the input's limits
		l := c.Largest[0]
		fmt.Fprintf(w, "  size:   %d bytes, the largest board judged (alone, in the input format), on %s%s\n", len(l.Input), l.Source, at(files.Largest))
	}
	if o.failAbove > 0 {
		fmt.Fprintf(w, "  --fail-above %g: %s\n", o.failAbove, map[bool]string{true: "the worst answer is above it: FAIL", false: "no answer above it"}[o.above(c) != nil])
	}
}

// closestJSON is the --json form of the closest calls. The "error" list
// depends on the boards and the answers alone; "time" and "memory" are
// timings, which no seed repeats.
type closestJSON struct {
	Scored int             `json:"answers_scored"`
	Exact  bool            `json:"exact_answers,omitempty"` // a score is 0 or ∞ (null)
	Error  []closeCallJSON `json:"error"`
	Time   []closeCallJSON `json:"time"`
	Memory []closeCallJSON `json:"memory,omitempty"`
	// Size are the largest boards judged, by input_bytes (the board
	// alone, in the input format): no timing, the same for the same seed.
	Size      []closeCallJSON `json:"size,omitempty"`
	FailAbove float64         `json:"fail_above,omitempty"`
	// AboveFailAbove says the worst answer's score is above FailAbove:
	// the run failed for it.
	AboveFailAbove bool `json:"above_fail_above,omitempty"`
}

type closeCallJSON struct {
	Source string `json:"source"`
	Board  int    `json:"board,omitempty"` // the generated board's number (stress: the case's), from 1; 0 for a sample
	// Climbed says that board numbers check's climbed boards, apart from
	// the generated ones.
	Climbed bool `json:"climbed,omitempty"`
	Boards  int  `json:"boards"`
	// Score is the error score; null when it is ∞ (a wrong exact answer).
	Score     *float64 `json:"score,omitempty"`
	ScoreText string   `json:"score_text,omitempty"`
	Ours      string   `json:"ours,omitempty"`
	Theirs    *float64 `json:"theirs,omitempty"`
	// Against names what judged the answer where it is not the game's
	// analyst: "the brute force", or "the referee", whose test's p-value
	// and α make the score (ln p / ln α; ours is then its mean).
	Against    string   `json:"against,omitempty"`
	PValue     *float64 `json:"p_value,omitempty"`
	Alpha      float64  `json:"alpha,omitempty"`
	CPUSec     float64  `json:"cpu_seconds,omitempty"`
	WallSec    float64  `json:"wall_seconds,omitempty"`
	LimitSec   float64  `json:"cpu_limit_seconds,omitempty"`
	PeakBytes  int64    `json:"peak_bytes,omitempty"`
	InputBytes int      `json:"input_bytes"`
	File       string   `json:"file,omitempty"`
}

// newClosestJSON is nil for a run with no closest calls (nothing judged,
// or shards merged: each shard's --json has its own).
func newClosestJSON(o closestLimits, c *props.Closest, files closestFiles) *closestJSON {
	if c.Scored == 0 && len(c.Slowest) == 0 {
		return nil
	}
	j := &closestJSON{Scored: c.Scored, Exact: c.Exact, Error: []closeCallJSON{}, Time: []closeCallJSON{},
		FailAbove: o.failAbove, AboveFailAbove: o.above(c) != nil}
	call := func(x props.CloseCall) closeCallJSON {
		return closeCallJSON{Source: x.Source, Board: x.Board + 1, Climbed: x.Climbed, Boards: x.Boards, InputBytes: len(x.Input)}
	}
	for i, e := range c.Error {
		cj := call(e)
		if !math.IsInf(e.Score, 0) {
			s := e.Score
			cj.Score = &s
		}
		t := e.Theirs
		cj.ScoreText, cj.Ours, cj.Theirs, cj.Against = e.ScoreText(c.Exact), props.ValueText(e.Ours), &t, e.Against
		if e.Against == props.AgainstReferee {
			p := e.PValue
			cj.PValue, cj.Alpha, cj.Ours = &p, e.Alpha, strconv.FormatFloat(e.Ours.Value, 'g', -1, 64)
		}
		if i == 0 {
			cj.File = files.Error
		}
		j.Error = append(j.Error, cj)
	}
	for i, s := range c.Slowest {
		cj := call(s)
		cj.CPUSec, cj.WallSec, cj.LimitSec = s.CPU.Seconds(), s.Wall.Seconds(), o.timeout.Seconds()
		if i == 0 {
			cj.File = files.Slowest
		}
		j.Time = append(j.Time, cj)
	}
	for i, m := range c.Memory {
		cj := call(m)
		cj.PeakBytes = m.Peak
		if i == 0 {
			cj.File = files.Memory
		}
		j.Memory = append(j.Memory, cj)
	}
	for i, l := range c.Largest {
		cj := call(l)
		if i == 0 {
			cj.File = files.Largest
		}
		j.Size = append(j.Size, cj)
	}
	return j
}
