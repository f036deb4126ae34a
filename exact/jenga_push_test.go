package exact

import "testing"

// Every ref a base floor keeps leads to the class-1 group of the base with
// that code pushed onto it, in the frame the ref says; and a removal whose
// floor left is the base's swap reads it with the frame swapped.
func TestJengaPushRefs(t *testing.T) {
	s, err := solveJenga(readJengaTower(t, "sample.in"), true)
	if err != nil {
		t.Fatal(err)
	}
	tb := s.tables
	floorOfRow := map[uint32]uint64{} // class-1 row → canonical floor
	for _, st := range s.steps {
		if st.class == 1 {
			floorOfRow[uint32(st.row)] = s.keys[2*st.block]
		}
	}
	checked := 0
	for b := range len(s.keys) / 2 {
		row := s.groupRows[jengaRowsPerFloor*b+3]
		if row < 0 {
			continue
		}
		base, swap := s.keys[2*b], s.keys[2*b+1]
		for code := 1; code < jengaPushCodes; code++ {
			ref := s.pushRefs[int(row)*jengaPushCodes+code]
			if ref == jengaNoRef {
				continue
			}
			k := insertCode(base, uint8(code))
			w := insertCode(swap, tb.swapLive[code])
			frames := map[uint32]uint64{0: k, 1: w, 2: k} // the floor each frame says is canonical
			floor, ok := floorOfRow[ref>>jengaRefShift]
			frame := ref >> 2 & 3
			switch {
			case !ok:
				t.Fatalf("base %#x, code %d: ref %#x names no class-1 group", base, code, ref)
			case floor != min(k, w) || frames[frame] != floor || (frame == 2) != (k == w):
				t.Fatalf("base %#x, code %d: ref to floor %#x in frame %d, want floor %#x (pushed %#x, swap %#x)",
					base, code, floor, frame, min(k, w), k, w)
			}
			// Read from the base's swap, the same group is the swapped code
			// pushed onto the swap: w as it is, k its swap.
			want := uint32(2)
			switch {
			case w < k:
				want = 0
			case k < w:
				want = 1
			}
			if got := tb.reframe[1][frame]; got != want {
				t.Fatalf("base %#x, code %d: read from the swap in frame %d, want %d", base, code, got, want)
			}
			checked++
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d cached refs checked on the sample", checked)
	}
}

// Solves hand their scratch on (jengaScratchPool): one solve must leave
// nothing in it that changes the next, whatever tower that is.
func TestJengaSolvesReuseScratch(t *testing.T) {
	towers := []string{"sample.in", "bench-n6-mixed.in", "slow-n6.in"}
	first := map[string]*JengaSolution{}
	for round := range 2 {
		for _, f := range towers {
			s, err := SolveJenga(readJengaTower(t, f))
			if err != nil {
				t.Fatal(err)
			}
			if round == 0 {
				first[f] = s
				continue
			}
			if s.Expected != first[f].Expected || s.States() != first[f].States() {
				t.Errorf("%s solved again after others: %v (%d states), first %v (%d states)",
					f, s.Expected, s.States(), first[f].Expected, first[f].States())
			}
		}
	}
}
