package programs

import "testing"

// A program's command line in a reproduction is the words run, quoted for
// a shell, not the raw string, which a shell would expand (issue 21).
func TestCommandString(t *testing.T) {
	tests := []struct{ line, want string }{
		{"./gen", "./gen"},
		{"  python3   gen.py ", "python3 gen.py"},
		{`./sol $HOME *.txt`, `./sol '$HOME' '*.txt'`},
		{`"./sol;" rm x`, `'./sol;' rm x`}, // an unquoted ; is refused (solverproc.Split)
		{`sh -c 'echo "$1"' gen`, `sh -c 'echo "$1"' gen`},
	}
	for _, tt := range tests {
		c, err := NewCommand(tt.line, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := c.String(); got != tt.want {
			t.Errorf("NewCommand(%q).String() = %q, want %q", tt.line, got, tt.want)
		}
	}
}
