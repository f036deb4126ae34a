package props

import "github.com/chancecheck/chancecheck/internal/climb"

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
)

// ClimbAll is every target.
const ClimbAll = climb.All

// ParseTargets reads targets as the command line gives them: names joined
// by commas ("error,time"), "all" or "none".
func ParseTargets(s string) (Target, error) { return climb.ParseTargets(s) }

// Climbed says how the climber made a board: toward which target, from
// which board (its index, from 0).
type Climbed struct {
	Target Target
	From   int
}
