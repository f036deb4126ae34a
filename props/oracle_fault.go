package props

import "errors"

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
