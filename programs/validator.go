package programs

import (
	"context"
	"fmt"
	"strings"

	"github.com/chancecheck/chancecheck/props"
)

// RoleValidator is the role of a validator: a program that reads an input
// on stdin and exits 0 when it is valid, non-zero otherwise, with the
// reason on stderr (testlib's validators, Polygon's rule).
const RoleValidator Role = "validator"

// validateInput runs the validator v on input, the generator's output by
// the command line gen. An input it rejects (a non-zero exit) is the
// generator's fault, unless the validator is wrong, and the fault says both;
// a validator that runs out of time or memory, or is killed by a signal,
// is the validator's fault. Neither is the solver's.
func validateInput(ctx context.Context, v Program, gen string, input []byte) (*Fault, error) {
	res, err := v.Run(ctx, nil, input)
	if ctx.Err() != nil {
		return nil, ctx.Err() // an interruption is no verdict
	}
	if err != nil {
		return nil, fmt.Errorf("a program %w: the %s %s: %v", props.ErrStart, RoleValidator, v, err)
	}
	switch {
	case !res.Exited(): // a limit or a signal: the validator's own fault
		verdict, detail := res.Ended()
		return &Fault{Role: RoleValidator, Verdict: verdict, Command: v.String(), Detail: detail, Input: input, Generator: gen}, nil
	case res.ExitCode != 0: // a rejection
		return &Fault{Role: RoleGenerator, Verdict: props.OutputFormat, Command: gen, Input: input, Validator: v.String(),
			Detail: fmt.Sprintf("the validator %s rejects it (exit status %d; or the validator is wrong)%s",
				v, res.ExitCode, stderrTail(res))}, nil
	}
	return nil, nil
}

// rejection is validateInput's fault as an error for a file or a generated
// input: where it came from, and the validator's reason.
func rejection(where string, f *Fault) error {
	detail := strings.TrimSpace(f.Detail)
	if f.Role == RoleGenerator { // the validator rejected it
		return fmt.Errorf("%s: not a valid input: %s", where, detail)
	}
	return fmt.Errorf("%s: the validator failed (%s): %s: %s", where, f.Verdict, f.Command, detail)
}

// UnvalidatedNote is said under every wrong answer of a run without a
// validator (issue 30 part 5): such a verdict assumes the input is one of
// the problem's, which nothing checked — an input outside its domain (a 2
// in a binary array) fails a correct solver as a wrong answer.
const UnvalidatedNote = "note: the inputs are not validated (no --validator): this verdict assumes the generator's input is one the problem allows; " +
	"give --validator 'CMD' (the input on stdin, exit 0 when it is valid, as testlib's validators) to check each input before any program runs"
