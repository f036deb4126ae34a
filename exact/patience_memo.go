package exact

import "math/bits"

// patienceMemo maps position keys (Σ h_p·5^p, never 0 in the table since
// the empty table is answered directly) to win probabilities. It is an
// open-addressing hash table with linear probing, a power-of-two size kept
// at most half full, and a list of used slots: reset clears only what the
// last deal touched, so a deal that reaches 200 positions costs 200
// clears, not a sweep over the 5^9 possible keys.
type patienceMemo struct {
	keys  []uint32 // 0 = empty slot
	vals  []float64
	used  []uint32 // slots holding a key
	shift uint     // 32 − log2(len(keys))
	n     int      // keys stored
}

const patienceMemoMinBits = 10

func (m *patienceMemo) reset() {
	if m.keys == nil {
		m.alloc(patienceMemoMinBits)
		return
	}
	for _, i := range m.used {
		m.keys[i] = 0
	}
	m.used = m.used[:0]
	m.n = 0
}

func (m *patienceMemo) alloc(logSize uint) {
	m.keys = make([]uint32, 1<<logSize)
	m.vals = make([]float64, 1<<logSize)
	m.used = make([]uint32, 0, 1<<(logSize-1))
	m.shift = 32 - logSize
	m.n = 0
}

// slot is the home slot of key: Fibonacci hashing of the key's bits.
func (m *patienceMemo) slot(key uint32) uint32 { return (key * 0x9e3779b1) >> m.shift }

// find returns the slot holding key and true, or false when key is absent.
func (m *patienceMemo) find(key uint32) (uint32, bool) {
	mask := uint32(len(m.keys) - 1)
	for i := m.slot(key); ; i = (i + 1) & mask {
		switch m.keys[i] {
		case key:
			return i, true
		case 0:
			return i, false
		}
	}
}

// put stores v under key, which must be absent.
func (m *patienceMemo) put(key uint32, v float64) {
	if 2*(m.n+1) > len(m.keys) {
		m.grow()
	}
	mask := uint32(len(m.keys) - 1)
	i := m.slot(key)
	for m.keys[i] != 0 {
		i = (i + 1) & mask
	}
	m.keys[i], m.vals[i] = key, v
	m.used = append(m.used, i)
	m.n++
}

func (m *patienceMemo) grow() {
	oldKeys, oldVals, oldUsed := m.keys, m.vals, m.used
	m.alloc(uint(bits.Len(uint(len(oldKeys)))))
	for _, i := range oldUsed {
		m.put(oldKeys[i], oldVals[i])
	}
}

func patienceLowest(set uint16) int { return bits.TrailingZeros16(set) }
