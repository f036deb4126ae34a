//go:build unix

package programs

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// Ending the game's context (Ctrl-C), or the context of the board's
// judging (its budget, --board-time: props.Spec.WithContext), stops the
// brute force in progress: the analyst's call returns with the context's
// error, and the process is gone. The brute force tells its pid on one
// fifo, then reads another that nothing ever writes, so only a kill ends
// it. Before, the analyst ran it under the game's context alone: a board
// past its budget left its brute force running unseen beside the next
// boards (and before that, under context.Background(): the call never
// returned).
func TestGameAnalystStopsWithItsContext(t *testing.T) {
	for _, tc := range []struct {
		name     string
		boardEnd bool // the board's context ends, not the game's
	}{
		{"the game's context (Ctrl-C)", false},
		{"the board's context (its budget)", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			started, never := filepath.Join(dir, "started"), filepath.Join(dir, "never")
			for _, f := range []string{started, never} {
				if err := syscall.Mkfifo(f, 0o600); err != nil {
					t.Skipf("no fifo here: %v", err)
				}
			}
			brute := MustCommand("sh -c " + ShellQuote("echo $$ > "+ShellQuote(started)+"; exec cat "+ShellQuote(never)))
			gameCtx, cancelGame := context.WithCancel(context.Background())
			defer cancelGame()
			boardCtx, cancelBoard := context.WithCancel(context.Background())
			defer cancelBoard()
			g, err := GameContext(gameCtx, GameSpec{Name: "urn", Quantity: Probability, Generator: urnGenerator(), Referee: urnReferee(0), Brute: brute})
			if err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() {
				_, err := g.SolveContext(boardCtx, Input{Text: "1 2\n"})
				done <- err
			}()
			b, err := os.ReadFile(started) // blocks until the brute force has started
			if err != nil {
				t.Fatal(err)
			}
			pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
			if err != nil {
				t.Fatalf("the brute force's pid %q: %v", b, err)
			}
			if tc.boardEnd {
				cancelBoard()
			} else {
				cancelGame()
			}
			if err := <-done; !errors.Is(err, context.Canceled) {
				t.Fatalf("SolveContext, a context cancelled: %v, want context.Canceled", err)
			}
			if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
				t.Errorf("the brute force (pid %d) after SolveContext returned: %v, want it gone (ESRCH)", pid, err)
			}
		})
	}
}
