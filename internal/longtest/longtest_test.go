package longtest

import "testing"

func TestEnabled(t *testing.T) {
	for _, tt := range []struct {
		value string
		want  bool
	}{
		{"", false},
		{"0", false},
		{"1", true},
		{"yes", true},
	} {
		t.Setenv(Env, tt.value)
		if got := Enabled(); got != tt.want {
			t.Errorf("%s=%q: Enabled() = %v, want %v", Env, tt.value, got, tt.want)
		}
	}
}

// Skip skips exactly when the long tests are off.
func TestSkip(t *testing.T) {
	for _, on := range []bool{false, true} {
		value := "0"
		if on {
			value = "1"
		}
		t.Setenv(Env, value)
		ran := false
		t.Run(value, func(t *testing.T) {
			Skip(t, "a test of Skip")
			ran = true
		})
		if ran != on {
			t.Errorf("%s=%s: the test ran = %v, want %v", Env, value, ran, on)
		}
	}
}
