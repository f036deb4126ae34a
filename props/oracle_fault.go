package props

import "errors"

// ErrGeneratorFault is wrapped by the error of a game on a board its
// generator failed to give well (a generator program that crashed, printed
// nothing, printed other bytes for the same arguments, or printed an input
// no program takes; or the validator of its inputs failed): check stops
// with it, the error naming the program at fault, exit 2, the solver not
// blamed and the analyst not said to have failed.
var ErrGeneratorFault = errors.New("the generator is at fault")

// An OracleFault is the error of a check stopped by an oracle at fault
// (ErrInconsistentOracle): Err says what the oracle did, and Input is the
// input it did it on, in the game's input format, so that the stop names
// its board and can be replayed.
type OracleFault struct {
	Err   error
	Input []byte
}

func (f *OracleFault) Error() string { return f.Err.Error() }
func (f *OracleFault) Unwrap() error { return f.Err }

// withInput wraps an oracle's fault met on input as an OracleFault; any
// other error, or one that names its input already, is returned as it is.
func withInput(err error, input []byte) error {
	var f *OracleFault
	if err == nil || !errors.Is(err, ErrInconsistentOracle) || errors.As(err, &f) {
		return err
	}
	return &OracleFault{Err: err, Input: input}
}
