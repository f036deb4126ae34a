package programs

import (
	"context"
	"io"
	"strings"
	"testing"
)

// An input file past MaxInput is refused with its name and the cap, read
// no further than the cap (issue 29: programs solve read a 100 MB input
// into 600 MB of memory); one of exactly MaxInput is taken.
func TestParseInputCap(t *testing.T) {
	tests := []struct {
		size int64
		err  string
	}{
		{MaxInput, ""},
		{MaxInput + 1, "big.in: the input is over 16 MiB"},
		{100 << 20, "big.in: the input is over 16 MiB"},
	}
	for _, tt := range tests {
		r := &countingReader{r: io.LimitReader(repeat('7'), tt.size)}
		_, err := parseInput(context.Background(), r, "big.in", nil)
		if tt.err == "" && err != nil || tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("%d bytes: %v, want an error saying %q", tt.size, err, tt.err)
		}
		if r.n > MaxInput+1 {
			t.Errorf("%d bytes: read %d, past the cap", tt.size, r.n)
		}
	}
}

// repeat is an endless reader of one byte.
type repeat byte

func (c repeat) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(c)
	}
	return len(p), nil
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}
