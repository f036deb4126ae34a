package reports

import (
	"bytes"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
)

// report.json read back and written again is the same bytes, and reading
// keeps every field.
func TestJSONRoundTrip(t *testing.T) {
	r := wholeReport(t)
	b := jsonBytes(t, r)
	back, err := ReadJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if again := jsonBytes(t, back); !bytes.Equal(again, b) {
		t.Fatalf("round trip changed report.json:\n%s", firstDifference(again, b))
	}
	if back.Games[0].Boards[0].Calibration.U == nil || back.Games[0].Calibration == nil {
		t.Fatal("round trip lost the calibration")
	}
}

func TestReadJSONRefusesOtherSchemas(t *testing.T) {
	for _, in := range []string{`{"schema": 1, "tool": "chancecheck"}`, `{"schema": 2, "tool": "other"}`, `{"schema": 2`, ``} {
		if _, err := ReadJSON(strings.NewReader(in)); err == nil {
			t.Errorf("ReadJSON accepted %q", in)
		}
	}
}

// docs/report-schema.md documents every key report.json can hold.
func TestSchemaDocumentsEveryKey(t *testing.T) {
	doc, err := os.ReadFile("../docs/report-schema.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc), fmt.Sprintf("# report.json, schema %d", SchemaVersion)) {
		t.Errorf("docs/report-schema.md does not name schema %d", SchemaVersion)
	}
	for _, key := range jsonKeys(reflect.TypeFor[Report](), map[reflect.Type]bool{}) {
		if !strings.Contains(string(doc), "`"+key+"`") {
			t.Errorf("docs/report-schema.md does not document key %q", key)
		}
	}
}

// jsonKeys lists the JSON keys of t's fields, recursively.
func jsonKeys(t reflect.Type, seen map[reflect.Type]bool) []string {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || seen[t] {
		return nil
	}
	seen[t] = true
	var keys []string
	for f := range t.Fields() {
		name := f.Name
		if tag := f.Tag.Get("json"); tag != "" {
			name, _, _ = strings.Cut(tag, ",")
		}
		keys = append(keys, name)
		keys = append(keys, jsonKeys(f.Type, seen)...)
	}
	return keys
}
