package props

import "errors"

// ErrCannotJudge is wrapped by the error of an oracle (a game's Solve, the
// rules engine behind it, a brute force) on a board it cannot judge within
// its limits: a cycle too large for the engine, a board too big to solve or
// to simulate. Such a board is nobody's fault: check, stress and report skip
// it and count it on a line of its own, never as a failure of the solver and
// never as a pass. The wrapping error names the limit and, where there is
// one, the flag that raises it.
var ErrCannotJudge = errors.New("no oracle can judge this board")

// ErrOutOfTime is the error of a game's program run as a process (a
// referee, or a brute force as the analyst) that ran out of its time or
// idleness limit on a board: the board is too big for it, which is
// nobody's fault and no verdict. It wraps ErrCannotJudge and reads as it
// does; the error wrapping it names the program and the limit.
var ErrOutOfTime error = cannotJudge(ErrCannotJudge.Error())

// cannotJudge is a sentinel error of its own that wraps ErrCannotJudge
// (ErrOutOfTime, ErrTooLongToPlay): errors.Is finds both.
type cannotJudge string

func (e cannotJudge) Error() string { return string(e) }
func (e cannotJudge) Unwrap() error { return ErrCannotJudge }
