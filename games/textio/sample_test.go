package textio

import (
	"strings"
	"testing"
	"testing/fstest"
)

func TestReadSamples(t *testing.T) {
	fsys := fstest.MapFS{
		"s/b.in":    {Data: []byte("2\n")},
		"s/b.ans":   {Data: []byte("4\n")},
		"s/a-b.in":  {Data: []byte("1 1\n")},
		"s/a-b.ans": {Data: []byte("2\n")},
		"s/a.in":    {Data: []byte("1\n")},
		"s/a.ans":   {Data: []byte("1\n")},
		"s/README":  {Data: []byte("ignored")},
	}
	got, err := ReadSamples(fsys, "s")
	if err != nil {
		t.Fatal(err)
	}
	want := []Sample{{"a", "1\n", "1\n"}, {"a-b", "1 1\n", "2\n"}, {"b", "2\n", "4\n"}}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("sample %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestReadSamplesRefusesBrokenPairs(t *testing.T) {
	tests := []struct {
		name string
		fsys fstest.MapFS
		want string
	}{
		{"no ans", fstest.MapFS{"s/a.in": {}}, "s/a.in has no a.ans"},
		{"no in", fstest.MapFS{"s/a.in": {}, "s/a.ans": {}, "s/b.ans": {}}, "s/b.ans has no b.in"},
		{"empty", fstest.MapFS{"s/README": {}}, "no NAME.in and NAME.ans in s"},
		{"no dir", fstest.MapFS{}, "samples: open s"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadSamples(tt.fsys, "s")
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

func TestMustReadSamplesPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic on a missing directory")
		}
	}()
	MustReadSamples(fstest.MapFS{}, "s")
}

// TestSampleLabel checks how a sample is named in messages: a name that
// says "sample" already stands alone.
func TestSampleLabel(t *testing.T) {
	for _, tt := range []struct{ name, want string }{
		{"sample", "sample"},
		{"sample2", "sample2"},
		{"Sample-big", "Sample-big"},
		{"1", "sample 1"},
		{"maze", "sample maze"},
	} {
		if got := (Sample{Name: tt.name}).Label(); got != tt.want {
			t.Errorf("Sample{Name: %q}.Label() = %q, want %q", tt.name, got, tt.want)
		}
	}
}
