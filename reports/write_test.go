package reports

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A render that fails, as a full disk does, leaves every old file whole,
// no temporary behind and no marker: nothing is renamed before every file
// is written (issue 29: a full disk replaced report.md and kept the old
// others). A rename that fails after the first leaves the directory marked
// incomplete, which ReadDir refuses; a whole write removes the mark.
func TestWriteOutputsKeepsOrMarks(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, FileJSON)
	if err := os.WriteFile(path, []byte("old report\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	newMD := output{FileMarkdown, func(w io.Writer) error { _, err := io.WriteString(w, "# new\n"); return err }}
	boom := errors.New("no space left on device")
	err := writeOutputs(dir, "seed 2", []output{
		newMD,
		{FileJSON, func(w io.Writer) error {
			io.WriteString(w, `{"schema": 3, "half":`)
			return boom
		}},
	})
	if !errors.Is(err, boom) {
		t.Fatalf("got %v, want the render's error", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "old report\n" {
		t.Fatalf("the old file was changed to %q", b)
	}
	assertOnlyFiles(t, dir, FileJSON)

	// A directory where junit.xml should go: its rename fails after
	// report.md's.
	if err := os.MkdirAll(filepath.Join(dir, FileJUnit, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	err = writeOutputs(dir, "seed 2", []output{newMD, {FileJUnit, func(w io.Writer) error { return nil }}})
	if err == nil {
		t.Fatal("a rename over a directory succeeded")
	}
	assertOnlyFiles(t, dir, FileIncomplete, FileJUnit, FileJSON, FileMarkdown)
	if _, _, err := ReadDir(dir); err == nil || !strings.Contains(err.Error(), "may mix two runs") {
		t.Errorf("ReadDir of an incomplete directory: %v, want a refusal", err)
	}
	if err := os.RemoveAll(filepath.Join(dir, FileJUnit)); err != nil {
		t.Fatal(err)
	}

	if err := writeOutputs(dir, "seed 2", []output{{FileJSON, func(w io.Writer) error { _, err := io.WriteString(w, "new\n"); return err }}}); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "new\n" {
		t.Fatalf("file holds %q after a good write", b)
	}
	assertOnlyFiles(t, dir, FileJSON, FileMarkdown)
}

// A directory whose report.json and timings.json are of two runs (another
// seed) is refused by ReadDir, and so by report merge (issue 29: two
// reports into one --out mixed seeds and merge accepted the mix).
func TestReadDirRefusesMixedRuns(t *testing.T) {
	opt := testOptions()
	// Snakes, whose coverage classes under seeds 7 and 8 the other tests
	// draw too (classDraws): patience's cost a second of CPU each.
	opt.Games = opt.Games[:1]
	opt.Boards = 1
	r1, t1 := mustRun(t, opt)
	opt.Seed++
	_, t2 := mustRun(t, opt)
	dir := t.TempDir()
	if err := WriteDir(dir, r1, t1); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ReadDir(dir); err != nil {
		t.Fatalf("ReadDir of one run: %v", err)
	}
	if err := writeOutputs(dir, "seed 2", []output{{FileTimings, func(w io.Writer) error { return writeTimingsJSON(w, t2) }}}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ReadDir(dir); err == nil || !strings.Contains(err.Error(), "mixes runs") {
		t.Errorf("ReadDir of a mixed directory: %v, want a refusal", err)
	}
	if _, _, err := MergeDirs([]string{dir}); err == nil {
		t.Error("MergeDirs accepted a mixed directory")
	}
}

func assertOnlyFiles(t *testing.T, dir string, names ...string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range ents {
		got = append(got, e.Name())
	}
	if strings.Join(got, ",") != strings.Join(names, ",") {
		t.Fatalf("directory holds %v, want %v", got, names)
	}
}

// WriteDir writes all five files, and each is what its writer renders.
func TestWriteDirOutputs(t *testing.T) {
	opt := testOptions()
	opt.Games = opt.Games[1:2]
	r, tim := mustRun(t, opt)
	dir := filepath.Join(t.TempDir(), "out")
	if err := WriteDir(dir, r, tim); err != nil {
		t.Fatal(err)
	}
	assertOnlyFiles(t, dir, FileJUnit, FileHTML, FileJSON, FileMarkdown, FileTimings)
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if got := read(FileJSON); got != string(jsonBytes(t, r)) {
		t.Error("report.json is not WriteJSON's output")
	}

	html := read(FileHTML)
	if n := strings.Count(html, "<svg"); n != 3*len(r.Games) {
		t.Errorf("report.html has %d inline SVG plots, want %d", n, 3*len(r.Games))
	}
	// Self-contained: nothing fetched (the SVG namespace URIs are names, not fetches).
	for _, bad := range []string{"<script", "<link", "<img", "src=", "url(", "@import", `href="http`} {
		if strings.Contains(html, bad) {
			t.Errorf("report.html contains %q: not self-contained", bad)
		}
	}
	for _, want := range []string{"patience", "calibration", "α = 1e-06"} {
		if !strings.Contains(html, want) {
			t.Errorf("report.html lacks %q", want)
		}
	}

	md := read(FileMarkdown)
	if !strings.HasPrefix(md, "# chancecheck agreement report: ✅ pass") || !strings.Contains(md, "| patience |") {
		t.Errorf("report.md starts %q", md[:min(len(md), 80)])
	}
	if len(md) > 1<<20 {
		t.Errorf("report.md is %d bytes, over GitHub's 1 MiB step summary limit", len(md))
	}

	var suites junitSuites
	if err := xml.Unmarshal([]byte(read(FileJUnit)), &suites); err != nil {
		t.Fatalf("junit.xml: %v", err)
	}
	g := r.Games[0]
	if len(suites.Suites) != 1 || suites.Suites[0].Tests != 2+len(g.Invariants)+len(r.Plan.Games[0].Coverage) || suites.Failures != 0 {
		t.Errorf("junit.xml: %+v", suites)
	}
	if _, _, err := ReadDir(dir); err != nil {
		t.Errorf("ReadDir of what WriteDir wrote: %v", err)
	}
}

// A failing report says so in every output.
func TestOutputsShowFailure(t *testing.T) {
	o := Options{Games: nil, Boards: 40, Runs: 4096, Seed: 3, Alpha: 1e-6}
	o.Games = append(o.Games, biased{testOptions().Games[1], 2.5})
	r, tim := mustRun(t, o)
	if r.Pass {
		t.Fatal("the biased run passed")
	}
	var md, html, junit bytes.Buffer
	if err := WriteMarkdown(&md, r, tim); err != nil {
		t.Fatal(err)
	}
	if err := WriteHTML(&html, r, tim); err != nil {
		t.Fatal(err)
	}
	if err := WriteJUnit(&junit, r, tim); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(md.String(), "# chancecheck agreement report: ❌ FAIL") {
		t.Errorf("report.md: %.80s", md.String())
	}
	if !strings.Contains(html.String(), "badge fail") {
		t.Error("report.html shows no failure")
	}
	if !strings.Contains(junit.String(), `<testcase name="calibration" classname="chancecheck.patience">`+"\n      <failure") {
		t.Errorf("junit.xml: the calibration test case has no failure:\n%s", junit.String())
	}
}
