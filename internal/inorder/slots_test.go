package inorder

import (
	"context"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
)

// waitWaiting spins until n items wait for a slot of s.
func waitWaiting(s *Slots, n int) {
	for {
		s.mu.Lock()
		k := len(s.waiting)
		s.mu.Unlock()
		if k == n {
			return
		}
		runtime.Gosched()
	}
}

// TestSlotsServeInOrder checks that the slots are taken in the items'
// order, whatever order the items came to wait in.
func TestSlotsServeInOrder(t *testing.T) {
	for _, arrivals := range [][]int{{5, 3, 4}, {3, 4, 5}, {9, 1, 7, 2}} {
		s := NewSlots(1)
		if err := s.Acquire(context.Background(), 0); err != nil {
			t.Fatal(err)
		}
		for i := 1; i < 10; i++ {
			if !slices.Contains(arrivals, i) {
				s.Done(i) // needs no slot
			}
		}
		got := make(chan int)
		for k, i := range arrivals {
			go func() {
				if err := s.Acquire(context.Background(), i); err != nil {
					t.Error(err)
				}
				got <- i
			}()
			waitWaiting(s, k+1) // one at a time, in the order given
		}
		prev := -1
		for range arrivals {
			s.Release()
			i := <-got
			if i < prev {
				t.Errorf("arrivals %v: item %d served after %d", arrivals, i, prev)
			}
			prev = i
		}
		s.Release()
	}
}

// TestSlotsNoOvertaking checks that an item does not take a free slot
// before an earlier item has taken its own or said it needs none.
func TestSlotsNoOvertaking(t *testing.T) {
	s := NewSlots(1)
	got := make(chan error)
	go func() { got <- s.Acquire(context.Background(), 1) }()
	waitWaiting(s, 1)
	s.mu.Lock()
	free := s.free
	s.mu.Unlock()
	if free != 1 {
		t.Fatalf("item 1 took the slot before item 0 had its turn")
	}
	s.Done(0)
	if err := <-got; err != nil {
		t.Fatal(err)
	}
}

// TestSlotsCancelledWaiterHoldsNone checks that an item whose context ends
// while it waits returns the error and takes no slot.
func TestSlotsCancelledWaiterHoldsNone(t *testing.T) {
	s := NewSlots(1)
	if err := s.Acquire(context.Background(), 0); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error)
	go func() { errc <- s.Acquire(ctx, 1) }()
	s.Done(0)
	waitWaiting(s, 1)
	cancel()
	if err := <-errc; err == nil {
		t.Fatal("Acquire with its context cancelled returned nil")
	}
	s.Release()
	s.mu.Lock()
	free := s.free
	s.mu.Unlock()
	if free != 1 {
		t.Fatalf("%d slot(s) free after the only holder released, want 1", free)
	}
}

// TestSlotsBound checks that no more than n items hold a slot at once.
func TestSlotsBound(t *testing.T) {
	for _, n := range []int{1, 2, 3} {
		s := NewSlots(n)
		var inUse, most atomic.Int32
		var wg sync.WaitGroup
		for i := range 40 {
			wg.Go(func() {
				defer s.Done(i)
				if err := s.Acquire(context.Background(), i); err != nil {
					t.Error(err)
					return
				}
				k := inUse.Add(1)
				for m := most.Load(); k > m && !most.CompareAndSwap(m, k); m = most.Load() {
				}
				runtime.Gosched()
				inUse.Add(-1)
				s.Release()
			})
		}
		wg.Wait()
		if m := most.Load(); m > int32(n) || m < 1 {
			t.Errorf("n = %d: %d held a slot at once", n, m)
		}
	}
}

// waitDeferred spins until n deferred items wait for a slot of s.
func waitDeferred(s *Slots, n int) {
	for {
		s.mu.Lock()
		k := 0
		for _, c := range s.deferred {
			if c != nil {
				k++
			}
		}
		s.mu.Unlock()
		if k == n {
			return
		}
		runtime.Gosched()
	}
}

// TestSlotsDefer checks an item out of the order: the items after a
// deferred one take their turns without waiting for it (a climbing slot
// whose plan is not made held up every later input's solver); once it
// asks, it takes the first slot freed, ahead of an item waiting its turn;
// and a deferred item that never asks, or whose context ends, holds none.
func TestSlotsDefer(t *testing.T) {
	s := NewSlots(2)
	s.Defer(0)
	for i := 1; i <= 2; i++ { // both slots, past item 0
		if err := s.Acquire(context.Background(), i); err != nil {
			t.Fatal(err)
		}
	}
	got := make(chan int, 2)
	go func() {
		if err := s.Acquire(context.Background(), 3); err != nil {
			t.Error(err)
		}
		got <- 3
	}()
	waitWaiting(s, 1)
	go func() {
		if err := s.Acquire(context.Background(), 0); err != nil {
			t.Error(err)
		}
		got <- 0
	}()
	waitDeferred(s, 1)
	s.Release()
	if first := <-got; first != 0 {
		t.Errorf("item %d took the freed slot before the deferred item 0", first)
	}
	s.Release()
	if second := <-got; second != 3 {
		t.Errorf("item %d took the second slot, want 3", second)
	}

	// A deferred item whose context ends while it waits holds no slot;
	// one that never asks is ended by Done.
	s = NewSlots(1)
	s.Defer(0)
	s.Defer(1)
	if err := s.Acquire(context.Background(), 2); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error)
	go func() { errc <- s.Acquire(ctx, 0) }()
	waitDeferred(s, 1)
	cancel()
	if err := <-errc; err == nil {
		t.Fatal("a deferred Acquire with its context cancelled returned nil")
	}
	s.Done(0)
	s.Done(1)
	s.Release()
	s.mu.Lock()
	free, left := s.free, len(s.deferred)
	s.mu.Unlock()
	if free != 1 || left != 0 {
		t.Errorf("%d slot(s) free, %d item(s) still deferred; want 1 and 0", free, left)
	}
}
