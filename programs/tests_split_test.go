package programs

import (
	"strconv"
	"strings"
	"testing"
)

// Hand-made outputs: the cases split by lines, and each disagreement of
// the count line with what follows named.
func TestSplitTests(t *testing.T) {
	tests := []struct {
		name, out string
		want      []string // the cases; nil: an error
		lines     [][2]int // each case's first and last line
		err       string   // what the error says
	}{
		{"two cases of two lines", "2\n1\n50\n2\n50 50\n", []string{"1\n50\n", "2\n50 50\n"}, [][2]int{{2, 3}, {4, 5}}, ""},
		{"one case, no final newline", "1\n3\n100 0 100", []string{"3\n100 0 100\n"}, [][2]int{{2, 3}}, ""},
		{"CRLF and trailing blank lines", "2\r\n7\r\n8\r\n\n\n", []string{"7\n", "8\n"}, [][2]int{{2, 2}, {3, 3}}, ""},
		{"count line with spaces", " 3 \na\nb\nc\n", []string{"a\n", "b\n", "c\n"}, [][2]int{{2, 2}, {3, 3}, {4, 4}}, ""},
		{"nothing", "", nil, nil, "printed nothing"},
		{"blank", "\n \n", nil, nil, "printed nothing"},
		{"no count line", "n=3\n1 2 3\n", nil, nil, `line 1: "n=3"`},
		{"zero cases", "0\n", nil, nil, "at least 1"},
		{"negative", "-2\na\nb\n", nil, nil, "at least 1"},
		{"count only", "4\n", nil, nil, "nothing follows"},
		{"too few lines", "5\na\nb\n", nil, nil, "only 2 line(s) follow"},
		{"uneven", "3\na\nb\nc\nd\n", nil, nil, "do not split into 3 cases"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := splitTests([]byte(tt.out))
			if tt.want == nil {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one saying %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("%d cases, want %d", len(got), len(tt.want))
			}
			for j, w := range tt.want {
				if string(got[j].input) != w || got[j].first != tt.lines[j][0] || got[j].last != tt.lines[j][1] {
					t.Errorf("case %d: %q lines %d–%d, want %q lines %v", j+1, got[j].input, got[j].first, got[j].last, w, tt.lines[j])
				}
			}
		})
	}
}

// Whatever a generator prints, splitTests returns cases or an error, never
// panics; cases, packed again under their count line, are the output as
// read (CRLF as LF, the trailing blank lines gone), each of as many lines.
func FuzzSplitTests(f *testing.F) {
	for _, s := range []string{"2\n1\n50\n2\n50 50\n", "1\nx", "3\na\nb\n", "0\n", "\r\n", "2\n\n\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, out []byte) {
		tests, err := splitTests(out)
		if err != nil {
			return
		}
		inputs := make([][]byte, len(tests))
		for j, c := range tests {
			inputs[j] = c.input
			if c.last-c.first != tests[0].last-tests[0].first {
				t.Fatalf("case %d has lines %d–%d, case 1 %d–%d: not as many lines", j+1, c.first, c.last, tests[0].first, tests[0].last)
			}
		}
		norm := strings.TrimRight(strings.ReplaceAll(string(out), "\r\n", "\n"), "\n")
		_, rest, _ := strings.Cut(norm, "\n")
		if want := strconv.Itoa(len(tests)) + "\n" + rest + "\n"; string(packInput(inputs)) != want {
			t.Fatalf("the cases packed again are %q, want %q", packInput(inputs), want)
		}
	})
}
