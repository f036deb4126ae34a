package inorder

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
)

// fake is deterministic fake work over items 0..n−1: item i's result is
// "r<i>", or "fail<i>" for the items in fails (which Ends is true of),
// and with reverse set every even item waits until the next one has
// ended, so that results come in out of order (with Jobs ≥ 2).
type fake struct {
	n       int
	fails   []int
	reverse bool

	once  sync.Once
	ended []chan struct{} // ended[i] is closed when item i's Do returns
}

func (f *fake) do(ctx context.Context, i int) string {
	f.once.Do(func() {
		f.ended = make([]chan struct{}, f.n)
		for j := range f.ended {
			f.ended[j] = make(chan struct{})
		}
	})
	defer close(f.ended[i])
	if f.reverse && i%2 == 0 && i+1 < f.n {
		select {
		case <-f.ended[i+1]:
		case <-ctx.Done(): // i+1 is past an item that ends the run
		}
	}
	if slices.Contains(f.fails, i) {
		return fmt.Sprintf("fail%d", i)
	}
	return fmt.Sprintf("r%d", i)
}

func (f *fake) ends(i int, r string) bool { return r == fmt.Sprintf("fail%d", i) }

// record runs p with Take recording what it is given, checking the order.
func record(t *testing.T, ctx context.Context, p Plan[string]) ([]string, Summary) {
	t.Helper()
	var taken []string
	p.Take = func(i int, r string) {
		if i != len(taken) {
			t.Errorf("item %d taken after %d items: want them in order", i, len(taken))
		}
		taken = append(taken, r)
	}
	return taken, Run(ctx, p)
}

func TestRunTakesInOrderWhateverJobs(t *testing.T) {
	tests := []struct {
		name string
		f    fake
		want []string
		sum  Summary // Started is checked apart: it depends on Jobs
	}{
		{"none fails", fake{n: 5}, []string{"r0", "r1", "r2", "r3", "r4"}, Summary{Taken: 5}},
		{"no items", fake{n: 0}, nil, Summary{}},
		{"one fails", fake{n: 6, fails: []int{3}}, []string{"r0", "r1", "r2", "fail3"}, Summary{Taken: 4, Ended: true}},
		{"the first fails", fake{n: 6, fails: []int{0}}, []string{"fail0"}, Summary{Taken: 1, Ended: true}},
		{"the last fails", fake{n: 4, fails: []int{3}}, []string{"r0", "r1", "r2", "fail3"}, Summary{Taken: 4, Ended: true}},
		{"the lower of two failures counts", fake{n: 8, fails: []int{5, 2}}, []string{"r0", "r1", "fail2"}, Summary{Taken: 3, Ended: true}},
		{"out of order, none fails", fake{n: 7, reverse: true}, []string{"r0", "r1", "r2", "r3", "r4", "r5", "r6"}, Summary{Taken: 7}},
		// Item 2 ends only after item 3, which fails, has come in: the
		// failure taken is still item 2's.
		{"out of order, the earlier failure comes in later", fake{n: 8, fails: []int{2, 3}, reverse: true}, []string{"r0", "r1", "fail2"}, Summary{Taken: 3, Ended: true}},
		{"out of order, a later failure", fake{n: 8, fails: []int{5}, reverse: true}, []string{"r0", "r1", "r2", "r3", "r4", "fail5"}, Summary{Taken: 6, Ended: true}},
	}
	for i := range tests {
		tt := &tests[i]
		for _, jobs := range []int{0, 1, 2, 3, 7} {
			if tt.f.reverse && jobs < 2 {
				continue // an item waiting for the next one needs two at once
			}
			t.Run(fmt.Sprintf("%s/jobs=%d", tt.name, jobs), func(t *testing.T) {
				f := &fake{n: tt.f.n, fails: tt.f.fails, reverse: tt.f.reverse} // fresh per run: its channels are closed by one
				taken, sum := record(t, context.Background(), Plan[string]{Items: f.n, Jobs: jobs, Do: f.do, Ends: f.ends})
				if !slices.Equal(taken, tt.want) {
					t.Errorf("taken %q, want %q", taken, tt.want)
				}
				if sum.Taken != tt.sum.Taken || sum.Ended != tt.sum.Ended || sum.Cancelled != 0 {
					t.Errorf("summary %+v, want %+v", sum, tt.sum)
				}
				if sum.Started < sum.Taken || sum.Started > f.n || jobs <= 1 && sum.Started != sum.Taken {
					t.Errorf("started %d items, taken %d with %d jobs: want a prefix of the %d, one at a time with one job", sum.Started, sum.Taken, jobs, f.n)
				}
			})
		}
	}
}

// An item after one that ends the run is cancelled as soon as that one's
// result is in, and never taken.
func TestRunCancelsItemsPastTheEnd(t *testing.T) {
	const fail = 2
	for _, jobs := range []int{1, 2, 4, 8} {
		t.Run(fmt.Sprintf("jobs=%d", jobs), func(t *testing.T) {
			var mu sync.Mutex
			cancelled := 0
			do := func(ctx context.Context, i int) string {
				if i == fail {
					return "fail"
				}
				if i > fail {
					<-ctx.Done() // ends only when cancelled
					mu.Lock()
					cancelled++
					mu.Unlock()
					return "cancelled"
				}
				return "ok"
			}
			taken, sum := record(t, context.Background(), Plan[string]{Items: 100, Jobs: jobs, Do: do,
				Ends: func(_ int, r string) bool { return r == "fail" }})
			if want := []string{"ok", "ok", "fail"}; !slices.Equal(taken, want) {
				t.Errorf("taken %q, want %q", taken, want)
			}
			if want := min(jobs, 100) + fail; sum.Started > want {
				t.Errorf("started %d items, want at most %d", sum.Started, want)
			}
			if !sum.Ended || sum.Cancelled != 0 {
				t.Errorf("summary %+v: want Ended and nothing cancelled by Stop", sum)
			}
			if cancelled != sum.Started-fail-1 {
				t.Errorf("%d items past the failure ended, %d were started: each must be cancelled", cancelled, sum.Started-fail-1)
			}
		})
	}
}

// When the run's context ends, no item is started, and those in progress
// are taken with what their cancelled context made of them.
func TestRunContextEnds(t *testing.T) {
	const at = 3
	for _, jobs := range []int{1, 2, 5} {
		t.Run(fmt.Sprintf("jobs=%d", jobs), func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			do := func(ictx context.Context, i int) string {
				switch {
				case i == at:
					cancel()
					return "cancelling"
				case i > at:
					<-ictx.Done()
					return "interrupted"
				}
				return "ok"
			}
			taken, sum := record(t, ctx, Plan[string]{Items: 100, Jobs: jobs, Do: do})
			if sum.Taken != sum.Started || sum.Ended || sum.Cancelled != 0 {
				t.Errorf("summary %+v: want every item started taken, none ending the run or cancelled by Stop", sum)
			}
			want := []string{"ok", "ok", "ok", "cancelling"}
			for range sum.Taken - len(want) {
				want = append(want, "interrupted")
			}
			if !slices.Equal(taken, want) {
				t.Errorf("taken %q, want %q", taken, want)
			}
			if sum.Started > at+jobs {
				t.Errorf("started %d items with %d jobs: none may start after the context ends", sum.Started, jobs)
			}
		})
	}
}

// Stop cancels the items in progress: the results in before the first of
// them are taken, it and the later ones counted as cancelled.
func TestRunStop(t *testing.T) {
	const at = 4
	for _, jobs := range []int{1, 2, 3, 6} {
		t.Run(fmt.Sprintf("jobs=%d", jobs), func(t *testing.T) {
			stop := make(chan struct{})
			do := func(ctx context.Context, i int) string {
				if i == at {
					close(stop)
				}
				if i >= at {
					<-ctx.Done() // ends only when cancelled
					return "cancelled"
				}
				return "ok"
			}
			taken, sum := record(t, context.Background(), Plan[string]{Items: 100, Jobs: jobs, Do: do, Stop: stop})
			for i, r := range taken {
				if r != "ok" {
					t.Errorf("item %d taken as %q: a cancelled item is not taken", i, r)
				}
			}
			if sum.Taken > at || sum.Cancelled < 1 || sum.Cancelled != sum.Started-sum.Taken || sum.Ended {
				t.Errorf("summary %+v: want at most %d taken, the rest started cancelled", sum, at)
			}
			if jobs == 1 && (sum.Taken != at || sum.Cancelled != 1) {
				t.Errorf("summary %+v with one job: want %d taken and one cancelled", sum, at)
			}
		})
	}
}

func TestRunStopClosedBeforehand(t *testing.T) {
	stop := make(chan struct{})
	close(stop)
	taken, sum := record(t, context.Background(), Plan[string]{Items: 10, Jobs: 3, Stop: stop,
		Do: func(context.Context, int) string { return "ok" }})
	if len(taken) != 0 || sum != (Summary{}) {
		t.Errorf("taken %q, summary %+v: want nothing started", taken, sum)
	}
}

// A panic, recovered, is taken in its turn: a failure before it still
// comes first, and it ends the run when Ends says so.
func TestRunRecover(t *testing.T) {
	tests := []struct {
		name  string
		panic int
		fail  int // -1: none
		want  []string
	}{
		{"a panic ends the run", 2, -1, []string{"ok", "ok", "panic 2: boom"}},
		{"a failure before it comes first", 3, 1, []string{"ok", "fail"}},
		{"a failure after it comes too late", 1, 3, []string{"ok", "panic 1: boom"}},
	}
	for _, tt := range tests {
		for _, jobs := range []int{1, 4} {
			t.Run(fmt.Sprintf("%s/jobs=%d", tt.name, jobs), func(t *testing.T) {
				do := func(_ context.Context, i int) string {
					switch i {
					case tt.panic:
						panic("boom")
					case tt.fail:
						return "fail"
					}
					return "ok"
				}
				taken, sum := record(t, context.Background(), Plan[string]{Items: 6, Jobs: jobs, Do: do,
					Ends:    func(_ int, r string) bool { return r != "ok" },
					Recover: func(i int, p any) string { return fmt.Sprintf("panic %d: %v", i, p) }})
				if !slices.Equal(taken, tt.want) || !sum.Ended {
					t.Errorf("taken %q, summary %+v; want %q, ended", taken, sum, tt.want)
				}
			})
		}
	}
}

// Cut hands back, in order and after the last Take, what Stop kept from
// Take: the item in progress when Stop came, with what its cancelled
// context made of it, and the later items, whole when they had ended
// first. Item 4 ends only when cancelled; item 5 (with two jobs or more)
// ends first and closes Stop as it does, once items 0..3 are taken (not
// merely ended: Run takes them on its own goroutine, and a Stop between
// their end and their Take cut them, a flake), so that its whole result
// is in.
func TestRunCut(t *testing.T) {
	const at = 4
	for _, jobs := range []int{1, 2, 3, 6} {
		t.Run(fmt.Sprintf("jobs=%d", jobs), func(t *testing.T) {
			stop := make(chan struct{})
			var once sync.Once
			tookBefore := make(chan struct{}) // closed when the items before at are taken
			closeStop := func() { once.Do(func() { <-tookBefore; close(stop) }) }
			do := func(ctx context.Context, i int) string {
				switch {
				case i < at:
					return "ok"
				case i == at:
					if jobs == 1 {
						closeStop() // no item after it runs meanwhile
					}
					<-ctx.Done()
					return "seen"
				case i == at+1:
					defer closeStop()
					return "whole"
				}
				<-ctx.Done()
				return "late"
			}
			var cutAt []int
			var cut []string
			taken := 0
			sum := Run(context.Background(), Plan[string]{Items: 100, Jobs: jobs, Do: do, Stop: stop,
				Take: func(int, string) {
					if taken++; len(cut) > 0 {
						t.Errorf("an item taken after Cut was called")
					}
					if taken == at {
						close(tookBefore)
					}
				},
				Cut: func(i int, r string) { cutAt, cut = append(cutAt, i), append(cut, r) }})
			if sum.Taken != at || sum.Cancelled != sum.Started-at {
				t.Fatalf("summary %+v: want %d taken and the rest started cancelled", sum, at)
			}
			want := []string{"seen"}
			if jobs > 1 {
				want = append(want, "whole")
			}
			for len(want) < sum.Cancelled {
				want = append(want, "late")
			}
			if !slices.Equal(cut, want) {
				t.Errorf("cut %q, want %q", cut, want)
			}
			for k, i := range cutAt {
				if i != at+k {
					t.Errorf("cut items %v: want %d.. in order", cutAt, at)
					break
				}
			}
		})
	}
}
