package jenga

import "fmt"

// MinLevels and MaxLevels are the limits on n of the original statement.
const (
	MinLevels = 2
	MaxLevels = 6
)

// LevelError is a problem with one level of an input tower; Index is the
// level's position from the bottom (0-based), so that a parser can name its line.
type LevelError struct {
	Index int // -1 when the problem is the number of levels
	Msg   string
}

func (e *LevelError) Error() string {
	if e.Index < 0 {
		return e.Msg
	}
	return fmt.Sprintf("level %d: %s", e.Index+1, e.Msg)
}

// Validate checks a tower as the original input allows it: 2 to 6 complete
// levels of red, green and blue blocks. It returns a *LevelError.
func (t Tower) Validate() error { return t.ValidateUpTo(MaxLevels) }

// ValidateUpTo is Validate with maxLevels in place of the statement's 6, for
// experiments with taller towers.
func (t Tower) ValidateUpTo(maxLevels int) error {
	if n := len(t.Levels); n < MinLevels || n > maxLevels {
		return &LevelError{Index: -1, Msg: fmt.Sprintf("a tower has %d..%d levels, found %d", MinLevels, maxLevels, n)}
	}
	for i, l := range t.Levels {
		for p, c := range l {
			if c != Red && c != Green && c != Blue {
				return &LevelError{Index: i, Msg: fmt.Sprintf("the %s block must be R, G or B, found %q", posName(p), c.Letter())}
			}
		}
	}
	return nil
}
