package docstest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v4"
)

// TestReadmeIsAFrontDoor: README.md is at most MaxReadmeLines lines and
// links every page of docs/.
func TestReadmeIsAFrontDoor(t *testing.T) {
	readme, err := readPage("README.md")
	if err != nil {
		t.Fatal(err)
	}
	pages, err := docPages()
	if err != nil || len(pages) == 0 {
		t.Fatalf("docs/*.md: %v pages, %v", len(pages), err)
	}
	for _, bad := range frontDoorProblems(readme, pages) {
		t.Error(bad)
	}
}

// TestLinksResolve: every relative link of README.md and docs/*.md names a
// file of the tree and, into a Markdown file, one of its headings.
func TestLinksResolve(t *testing.T) {
	pages, err := docPages()
	if err != nil {
		t.Fatal(err)
	}
	exists := func(rel string) bool {
		_, err := os.Stat(filepath.Join(root, filepath.FromSlash(rel)))
		return err == nil
	}
	anchorsOf := func(rel string) (map[string]bool, error) {
		p, err := readPage(rel)
		return p.anchors, err
	}
	links := 0
	for _, rel := range append([]string{"README.md"}, pages...) {
		p, err := readPage(rel)
		if err != nil {
			t.Fatal(err)
		}
		links += len(p.relativeLinks())
		for _, bad := range brokenLinks(p, exists, anchorsOf) {
			t.Error(bad)
		}
	}
	if links < 20 {
		t.Errorf("only %d relative links found: is the link pattern still right?", links)
	}
}

// TestCheckersCatchPlantedFaults shows each check above able to fail: a
// README too long or missing a page, a link to no file, to no heading, out
// of the tree, each planted in a small page of its own.
func TestCheckersCatchPlantedFaults(t *testing.T) {
	files := map[string]string{
		"docs/a.md": "# A page\n\n## What \"agree\" means, and why\n\n```markdown\n## not a heading\n```\n",
		"docs/b.md": "# B\n",
	}
	exists := func(rel string) bool { _, ok := files[rel]; return ok }
	anchorsOf := func(rel string) (map[string]bool, error) { return parsePage(rel, files[rel]).anchors, nil }
	tests := []struct {
		name, text, want string
	}{
		{"no file", "see [a](docs/c.md)\n", "no file docs/c.md"},
		{"no heading", "see [a](docs/a.md#nowhere)\n", "has no heading #nowhere"},
		{"a heading inside code", "see [a](docs/a.md#not-a-heading)\n", "has no heading #not-a-heading"},
		{"out of the tree", "see [a](../outside.md)\n", "no file ../outside.md"},
		{"no heading on the page itself", "# Top\n\nsee [up](#bottom)\n", "README.md has no heading #bottom"},
		{"a link in code is no link", "see `[a](docs/c.md)`\n\n```\n[b](docs/d.md)\n```\n", ""},
		{"good links", "see [a](docs/a.md#what-agree-means-and-why), [b](docs/b.md), [site](https://example.org/x)\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bad := brokenLinks(parsePage("README.md", tt.text), exists, anchorsOf)
			if got := strings.Join(bad, "\n"); tt.want == "" && got != "" || tt.want != "" && !strings.Contains(got, tt.want) {
				t.Errorf("problems %q, want %q", got, tt.want)
			}
		})
	}
	long := strings.Repeat("line\n", MaxReadmeLines+1) + "[a](docs/a.md)\n"
	bad := strings.Join(frontDoorProblems(parsePage("README.md", long), []string{"docs/a.md", "docs/b.md"}), "\n")
	if !strings.Contains(bad, "more than 200") || !strings.Contains(bad, "no link to docs/b.md") || strings.Contains(bad, "no link to docs/a.md") {
		t.Errorf("a long README that misses docs/b.md: %q", bad)
	}
}

// TestYAMLBlocksParse: every YAML block of the README and docs/ (workflow
// snippets, Kubernetes manifests) parses.
func TestYAMLBlocksParse(t *testing.T) {
	n := 0
	for _, p := range allPages(t) {
		for _, b := range p.blocks {
			if b.lang != "yaml" && b.lang != "yml" {
				continue
			}
			n++
			var v any
			if err := yaml.Unmarshal([]byte(b.body), &v); err != nil {
				t.Errorf("%s:%d: the YAML block does not parse: %v", p.path, b.line, err)
			}
		}
	}
	if n == 0 {
		t.Error("no YAML block found")
	}
}

// TestShellBlocksParse: every sh and bash block of the README and docs/
// (commands, the sbatch script) is well-formed for bash -n.
func TestShellBlocksParse(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash to check the shell blocks with")
	}
	n := 0
	for _, p := range allPages(t) {
		for _, b := range p.blocks {
			if b.lang != "sh" && b.lang != "bash" {
				continue
			}
			n++
			if msg, err := shellSyntax(bash, b.body); err != nil {
				t.Errorf("%s:%d: bash -n: %v\n%s", p.path, b.line, err, msg)
			}
		}
	}
	if n == 0 {
		t.Error("no shell block found")
	}
	if msg, err := shellSyntax(bash, "if true; then echo\n"); err == nil {
		t.Errorf("bash -n passed a script without fi: %s", msg)
	}
}

// shellSyntax runs shell -n over script.
func shellSyntax(shell, script string) (string, error) {
	cmd := exec.Command(shell, "-n")
	cmd.Stdin = strings.NewReader(script)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// allPages reads README.md and docs/*.md.
func allPages(t *testing.T) []page {
	t.Helper()
	rels, err := docPages()
	if err != nil {
		t.Fatal(err)
	}
	var pages []page
	for _, rel := range append([]string{"README.md"}, rels...) {
		p, err := readPage(rel)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, p)
	}
	return pages
}
