package specs

import (
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/internal/rapidtest"
	"pgregory.net/rapid"
)

// expectPropertyFails runs prop under rapid and fails t unless the property
// fails. It returns rapid's report (which holds the shrunk counterexample)
// and removes the fail file rapid wrote for it.
func expectPropertyFails(t *testing.T, prop func(*rapid.T)) string {
	t.Helper()
	rec := rapidtest.NewRecorder(t, "planted-"+strings.NewReplacer("/", "-", " ", "-").Replace(t.Name()))
	rapid.Check(rec, prop)
	if !rec.Failed() {
		t.Fatalf("the property passed although a bug was planted")
	}
	return rec.Output()
}
