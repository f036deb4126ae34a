package programs

import (
	"context"
	"strings"

	"github.com/chancecheck/chancecheck/props"
)

// The generator's checks, one copy for stress and for a game defined by
// programs (check, report, gen): an input is what the generator prints
// for a case's arguments, non-empty, accepted by the validator when there
// is one, and the same bytes every time (checked on the first case).

// generate runs g's generator on c and, when g has one, its validator on
// the input. Printing nothing is the generator's fault; an input the
// validator rejects is too, and the fault carries it (Fault.Input); a
// validator that fails is its own fault.
func (g *GameSpec) generate(ctx context.Context, c Case) ([]byte, *Fault, error) {
	args := c.Args(g.Params)
	input, fault, err := run(ctx, RoleGenerator, g.Generator, args, nil)
	if err != nil || fault != nil {
		return nil, fault, err
	}
	if strings.TrimSpace(string(input)) == "" {
		return nil, &Fault{Role: RoleGenerator, Verdict: props.OutputFormat, Command: commandLine(g.Generator, args), Detail: "it printed nothing: an input was expected"}, nil
	}
	if g.Validator != nil {
		if fault, err := validateInput(ctx, g.Validator, commandLine(g.Generator, args), input); err != nil || fault != nil {
			return nil, fault, err
		}
	}
	return input, nil, nil
}

// deterministic runs g's generator on c again: the generator's fault when
// it prints other bytes than first, which it printed for c before.
func (g *GameSpec) deterministic(ctx context.Context, c Case, first []byte) (*Fault, error) {
	args := c.Args(g.Params)
	again, fault, err := run(ctx, RoleGenerator, g.Generator, args, nil)
	if err != nil || fault != nil {
		return fault, err
	}
	if string(again) != string(first) {
		return &Fault{Role: RoleGenerator, Verdict: props.OutputFormat, Command: commandLine(g.Generator, args),
			Detail: "run twice with the same arguments it printed different inputs: a generator must print the same bytes for the same arguments (seed its random numbers with SEED)"}, nil
	}
	return nil, nil
}

// drawFault is the error of a fault met generating an input by the
// command line gen, for the commands of a game defined by programs: the
// generator's fault (props.ErrGeneratorFault), saying which program
// failed — the generator, or the validator that rejected its input or
// failed on it.
func drawFault(gen string, f *Fault) error {
	if f.Validator != "" || f.Role == RoleValidator {
		return generatorFault{rejection("the input of "+gen, f)}
	}
	return generatorFault{f}
}

// generatorFault marks err as the generator's fault
// (props.ErrGeneratorFault), its message unchanged.
type generatorFault struct{ err error }

func (f generatorFault) Error() string   { return f.err.Error() }
func (f generatorFault) Unwrap() []error { return []error{f.err, props.ErrGeneratorFault} }

// faultInput stands for the input a generator run with the arguments key
// failed to print: no generator's output, which is text, starts with a NUL.
func faultInput(key string) Input { return Input{Text: "\x00the generator failed: " + key, Args: key} }
