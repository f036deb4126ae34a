package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/chancecheck/chancecheck/internal/safefile"
	"github.com/chancecheck/chancecheck/props"
	"github.com/spf13/cobra"
)

// oracleFaultJSON is the oracle at fault that stopped a check, in --json.
type oracleFaultJSON struct {
	Error     string `json:"error"`
	Input     string `json:"input,omitempty"`
	InFile    string `json:"input_file,omitempty"`
	Reproduce string `json:"reproduce,omitempty"`
}

// oracleFaultFile is the name of the file the input of an oracle at fault
// is written to, in --out.
const oracleFaultFile = "oracle-fault.in"

// oracleStopped reports a check stopped by an oracle at fault (err wraps
// props.ErrInconsistentOracle): the input it was at fault on, written to
// --out and shown with a line that replays it, as text or as --json (so
// that check merge reads a shard that stopped so, and refuses it); exit 2,
// the solver not blamed.
func oracleStopped(cmd *cobra.Command, g props.Game, o checkOptions, shard props.Shard, err error) error {
	return faultStopped(cmd, g, o, shard, err, "the oracle")
}

// generatorStopped reports a check stopped by a board its generator failed
// to give well (err wraps props.ErrGeneratorFault: a game defined by
// programs whose generator crashed, printed nothing or other bytes for the
// same arguments, or whose validator failed), as oracleStopped reports an
// oracle's fault, err naming the program: exit 2, the solver not blamed,
// as stress says it.
func generatorStopped(cmd *cobra.Command, g props.Game, o checkOptions, shard props.Shard, err error) error {
	return faultStopped(cmd, g, o, shard, err, "the generator")
}

// faultStopped reports a check stopped by a program other than the solver,
// who (the oracle, the generator), at fault: err says what it did.
func faultStopped(cmd *cobra.Command, g props.Game, o checkOptions, shard props.Shard, err error, who string) error {
	w := cmd.OutOrStdout()
	fj := &oracleFaultJSON{Error: err.Error()}
	var writeErr error
	var fault *props.OracleFault
	if errors.As(err, &fault) && len(fault.Input) > 0 {
		fj.Input = string(fault.Input)
		fj.InFile, writeErr = writeOracleFault(o.out, fault.Input)
		if writeErr == nil {
			fj.Reproduce = oracleReproduce(cmd, g, fj.InFile)
		}
	}
	if o.json {
		j := checkJSON{Game: g.Name(), Seed: o.seed, GenOptions: o.gen.args(), Failures: map[string]int{},
			TimeoutSec: o.timeout.Seconds(), IdleSec: o.idleLimit().Seconds()}
		if who == "the generator" {
			j.GeneratorFault = fj
		} else {
			j.OracleFault = fj
		}
		if !shard.Whole() {
			j.Shard = &checkShardJSON{Shard: shard, Cases: o.cases, Batch: o.batch, KeepGoing: o.keepGoing, Solver: o.solver, Alpha: o.alpha}
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		if err := enc.Encode(j); err != nil {
			return err
		}
	} else {
		tw := terminalSafe(w)
		if who == "the oracle" { // the generator's error names the generator, or the validator, at fault
			fmt.Fprintf(tw, "check %s: stopped, %s at fault: the solver is not blamed\n", g.Name(), who)
		}
		if fj.Input != "" {
			fmt.Fprintf(tw, "\ninput (%s):\n%s", orNotWritten(fj.InFile), ensureNewline(clip(fj.Input)))
		}
		if fj.Reproduce != "" {
			fmt.Fprintf(tw, "reproduce: %s\n", fj.Reproduce)
		}
	}
	if writeErr != nil {
		return programError{fmt.Errorf("check stopped: %w: the solver is not blamed (its input could not be written: %v)", err, writeErr)}
	}
	return programError{fmt.Errorf("check stopped: %w: the solver is not blamed", err)}
}

// writeOracleFault writes the input of an oracle at fault into dir (a new
// temporary directory when "") and returns its path.
func writeOracleFault(dir string, input []byte) (string, error) {
	if dir == "" {
		var err error
		if dir, err = os.MkdirTemp("", "chancecheck-check-"); err != nil {
			return "", err
		}
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	path := filepath.Join(dir, oracleFaultFile)
	return path, safefile.WriteBytes(path, input)
}

// oracleReproduce is the line that replays an oracle's fault: the game's
// own solve, run more than once, where the check is a top-level command;
// elsewhere (a game defined by programs) the oracle's program on the file.
func oracleReproduce(cmd *cobra.Command, g props.Game, file string) string {
	// A game defined by programs runs under an inner root, "NAME programs",
	// whose game flags this command does not see.
	if p := cmd.Parent(); p != nil && !p.HasParent() && !strings.HasSuffix(p.Use, " programs") {
		return fmt.Sprintf("%s solve %s %s (run it more than once: the answers differ)", p.Use, g.Name(), shellQuote(file))
	}
	return fmt.Sprintf("run the oracle (the brute force) on %s more than once: its answers differ", shellQuote(file))
}

// orNotWritten is path, or says the file was not written.
func orNotWritten(path string) string {
	if path == "" {
		return "not written"
	}
	return path
}

// clip shortens a long input for the terminal; the file holds it whole.
func clip(s string) string {
	const limit = 4096
	if len(s) > limit {
		return s[:limit] + fmt.Sprintf("\n… (%d more bytes)", len(s)-limit)
	}
	return strings.TrimRight(s, "\n") + "\n"
}
