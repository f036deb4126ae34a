package props

import (
	"context"
	"errors"
)

// unconfirmedError is the end of a check's context (Time ran out, or an
// interrupt) while a failure it had seen was being confirmed: run again
// alone, its board re-solved by the oracle, its boards run alone to find
// the failing one. The failure is no verdict on the solver — it may not
// recur — and no pass either (Result.Unconfirmed).
type unconfirmedError struct {
	seen *Failure // as met, with CutWhile saying what was cut
	err  error    // the context's end
}

func (e *unconfirmedError) Error() string { return e.err.Error() }
func (e *unconfirmedError) Unwrap() error { return e.err }

// unconfirmed is err, met while confirming f, as an unconfirmedError when
// ctx has ended (what says what confirming was doing); err unchanged when
// the error is the harness's, or says already what was seen: the failure
// of a board confirmed within a batch's is the more precise.
func unconfirmed(ctx context.Context, f *Failure, what string, err error) error {
	if ctx.Err() == nil || f == nil || err == nil || asUnconfirmed(err) != nil {
		return err
	}
	f.CutWhile = what
	return &unconfirmedError{seen: f, err: err}
}

// asUnconfirmed is the unconfirmedError in err's chain; nil when none.
func asUnconfirmed(err error) *unconfirmedError {
	var u *unconfirmedError
	if errors.As(err, &u) {
		return u
	}
	return nil
}

// cut takes in input seq, which Time cut before it was judged in its turn
// (inorder.Plan.Cut), in order: the first failure such an input had seen
// — being confirmed, or whole but behind an earlier input still in
// progress — becomes the Result's Unconfirmed.
func (s *searcher) cut(_ int, r inputResult) {
	if s.out.Unconfirmed != nil {
		return
	}
	f := r.failure
	switch u := asUnconfirmed(r.err); {
	case u != nil:
		f = u.seen
	case r.err != nil || f == nil || f.NotReproduced:
		return
	default:
		f.CutWhile = "an earlier input was still in progress, so it was not judged in its turn"
	}
	s.out.Unconfirmed = f
}
