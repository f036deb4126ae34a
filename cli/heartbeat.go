package cli

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/chancecheck/chancecheck/props"
)

// heartbeatEvery is how often check prints its progress line when stderr
// is not a terminal (a CI log, a pipe): often enough that a slow board is
// told from a hang, seldom enough that a log stays readable.
const heartbeatEvery = 10 * time.Second

// ticker makes the ticks of a progress line and the function that stops
// them: time.NewTicker outside the tests, a channel a test sends on in
// them (never a timed test).
type ticker func(every time.Duration) (ticks <-chan time.Time, stop func())

// realTicker is time.NewTicker as a ticker.
func realTicker(every time.Duration) (<-chan time.Time, func()) {
	t := time.NewTicker(every)
	return t.C, t.Stop
}

// startHeartbeat prints a progress line on w at every tick: the boards
// judged so far, and the work in progress the longest with how long it
// has run. stop ends it, and returns once no line is being printed.
func startHeartbeat(w io.Writer, name string, watch *props.Watch, ticks <-chan time.Time, stopTicks func()) (stop func()) {
	quit := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-quit:
				return
			case <-ticks:
				fmt.Fprintln(w, heartbeatLine(name, watch.Snapshot()))
			}
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			stopTicks()
			close(quit)
			wg.Wait()
		})
	}
}

// heartbeatLine is one progress line:
//
//	check: 120 board(s) judged; in progress: the analyst on generated board 141, for 12.3s
func heartbeatLine(name string, s props.WatchSnapshot) string {
	line := fmt.Sprintf("%s: %d board(s) judged", name, s.Judged)
	if s.Oldest == "" {
		return line + "; nothing in progress"
	}
	return fmt.Sprintf("%s; in progress: %s, for %v", line, s.Oldest, s.Running.Round(100*time.Millisecond))
}

// judgedCounter is a reports.Options.Progress that keeps watch's count of
// boards judged: the sum of every game's.
func judgedCounter(watch *props.Watch) func(game string, done, total int) {
	var mu sync.Mutex
	byGame := map[string]int{}
	return func(game string, done, _ int) {
		mu.Lock()
		defer mu.Unlock()
		byGame[game] = done
		sum := 0
		for _, n := range byGame {
			sum += n
		}
		watch.SetJudged(sum)
	}
}
