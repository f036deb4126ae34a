package props

import (
	"fmt"

	"github.com/chancecheck/chancecheck/internal/climb"
)

// Target is what the climber (CrossCheck.Climb) moves toward: a set of
// the targets below. It is stress's too (programs.Stress.Climb): both
// routes climb with one climber (internal/climb).
type Target = climb.Target

// The targets. Each is measured on every board judged (Closest); the
// climber draws boards near the best so far.
const (
	// ClimbError is the error score (ErrorScore): a rising one becomes a
	// wrong answer.
	ClimbError = climb.Error
	// ClimbTime is the solver's CPU time: a rising one becomes a time limit.
	ClimbTime = climb.Time
	// ClimbMemory is the solver's peak memory: a rising one becomes a
	// memory limit.
	ClimbMemory = climb.Memory
	// ClimbSize is a board's size, its bytes alone in the input format:
	// boards at the limits are where a fixed capacity overflows and a
	// short hash key collides.
	ClimbSize = climb.Size
)

// ClimbAll is every target.
const ClimbAll = climb.All

// ParseTargets reads targets as the command line gives them: names joined
// by commas ("error,time"), "all" or "none".
func ParseTargets(s string) (Target, error) { return climb.ParseTargets(s) }

// Climbed says how the climber made a board: toward which target, from
// which board (its index, from 0: a generated board's, or where
// FromClimbed a climbed board's). Climbed boards are numbered apart from
// the generated (uniform) boards, whose numbers are the same with
// climbing as without.
type Climbed struct {
	Target      Target
	From        int
	FromClimbed bool
}

// board names a board numbered i (from 0): "generated board 18", or
// "climbed board 18" where climbed.
func board(i int, climbed bool) string {
	if climbed {
		return fmt.Sprintf("climbed board %d", i+1)
	}
	return fmt.Sprintf("generated board %d", i+1)
}

// Source names the board climbed, numbered i: "climbed board 3 (from
// generated board 18 toward a higher error score)".
func (c *Climbed) Source(i int) string {
	return fmt.Sprintf("%s (from %s toward %s)", board(i, true), board(c.From, c.FromClimbed), c.Target.Goal())
}
