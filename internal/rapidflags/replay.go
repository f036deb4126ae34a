package rapidflags

import (
	"errors"
	"flag"
	"fmt"
	"math/bits"
	"os"
	"path/filepath"
	"strconv"

	"pgregory.net/rapid"
)

// Choices are a choice sequence: the words rapid's primitives read from
// their bit stream, in order, each masked to the bits the draw needs
// (data.go:46-56, 70-81). The same generator drawing from the same
// choices draws the same value; changing a few words changes a few
// choices, which is how a search draws values near a given one.
type Choices []uint64

// Seeded returns the first n words of the choice sequence that
// Generator.Example(int(seed)) reads: Bob Jenkins' small noncryptographic
// PRNG, 64-bit ("A Small Noncryptographic PRNG", burnsidean.net/bob/rand/smallprng.html),
// seeded as rapid seeds it (data.go:184-205). TestSeededIsExample pins it.
func Seeded(seed uint64, n int) Choices {
	a, b, c, d := uint64(0xf1ea5eed), seed, seed, seed
	next := func() uint64 {
		e := a - bits.RotateLeft64(b, 7)
		a = b ^ bits.RotateLeft64(c, 13)
		b = c + bits.RotateLeft64(d, 37)
		c = d + e
		d = e + a
		return d
	}
	for range 20 {
		next()
	}
	out := make(Choices, n)
	for i := range out {
		out[i] = next()
	}
	return out
}

// failFileVersion is the version rapid v1.3.0 writes in its fail files and
// accepts in the ones it replays (persist.go:21, engine.go:376).
const failFileVersion = "v0.4.8"

// ErrOverrun is Replay's error when the property drew past the end of the
// choices, or the generator rejected what they drew (a filter): no value.
var ErrOverrun = errors.New("rapidflags: the choices ran out or were rejected")

// Replayer draws values from given choices (Replay). Its fail file lives
// in a temporary directory of its own until Close.
type Replayer struct {
	name, file string
	text       []byte
}

// NewReplayer makes a Replayer; name is the rapid.TB's name, which no test
// uses (rapid replays the fail files it finds under testdata/rapid/NAME/
// in the working directory too).
func NewReplayer(name string) (*Replayer, error) {
	dir, err := os.MkdirTemp("", "chancecheck-replay-")
	if err != nil {
		return nil, fmt.Errorf("rapidflags: %w", err)
	}
	return &Replayer{name: name, file: filepath.Join(dir, "choices.fail")}, nil
}

// Close removes the Replayer's directory.
func (r *Replayer) Close() error { return os.RemoveAll(filepath.Dir(r.file)) }

// Replay runs draw once on the choices, through rapid's replay of a fail
// file (engine.go:368-397; rapid offers no other way to feed it given
// choices outside a fuzz test). draw should draw and keep what it drew.
// ErrOverrun says the choices ran out before draw returned. Replays, like
// Checks, run one at a time.
func (r *Replayer) Replay(choices Choices, draw func(*rapid.T)) (err error) {
	mu.Lock()
	defer mu.Unlock()
	r.text = append(r.text[:0], failFileVersion+"#1\n"...)
	for _, w := range choices {
		r.text = append(r.text, "0x"...)
		r.text = strconv.AppendUint(r.text, w, 16)
		r.text = append(r.text, '\n')
	}
	if err := os.WriteFile(r.file, r.text, 0o600); err != nil {
		return fmt.Errorf("rapidflags: %w", err)
	}
	file, name := r.file, r.name
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("rapidflags: rapid panicked: %v", p)
		}
	}()
	program := flag.CommandLine
	restoreShort := readyForShort()
	defer restoreShort()
	// rapid.seed is left as it is: the check rapid runs after the file
	// draws nothing, so its seed matters not, and a uniform board drawn
	// beside a replay (Generator.Example reads rapid.seed) reads a flag
	// nobody writes.
	restore, err := setFlags(program, []flagValue{{"rapid.checks", oneCheck()}, {"rapid.failfile", file}})
	defer restore()
	if err != nil {
		return err
	}
	// The first run reads the file (engine.go:381-383). When draw returns,
	// rapid goes on with its own check on its own seed (rapid.checks=1),
	// which draws nothing: a failing property would cost rapid's report of
	// the failure. When the choices run out (rapid's invalidData), the
	// file is "no longer valid" (engine.go:387-390), and the same happens.
	calls, drawn := 0, false
	rapid.Check(&quietTB{name: name}, func(t *rapid.T) {
		restoreShort()
		if calls++; calls == 1 {
			draw(t)
			drawn = true
		}
	})
	if !drawn {
		return ErrOverrun
	}
	return nil
}
