package docstest

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"unicode"
)

// root is the module's root, seen from this package's directory.
const root = "../.."

// page is one Markdown file of the tree: its path from the root, its prose
// lines (outside fenced code), its fenced blocks and its headings' anchors.
type page struct {
	path    string
	lines   int
	prose   []proseLine
	blocks  []block
	anchors map[string]bool
}

// proseLine is a line outside fenced code, with its number from 1.
type proseLine struct {
	n    int
	text string
}

// block is a fenced code block: its info string's first word and its body.
type block struct {
	lang string
	line int // of the opening fence
	body string
}

// readPage reads the Markdown file at rel (from the root).
func readPage(rel string) (page, error) {
	b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		return page{}, err
	}
	return parsePage(rel, string(b)), nil
}

// parsePage splits Markdown text into prose, fenced blocks and headings.
func parsePage(rel, text string) page {
	p := page{path: rel, anchors: map[string]bool{}}
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	p.lines = len(lines)
	seen := map[string]int{}
	var open *block
	var fence string
	for i, line := range lines {
		trimmed := strings.TrimLeft(line, " ")
		if open != nil {
			if strings.HasPrefix(trimmed, fence) && strings.Trim(trimmed, fence[:1]) == "" {
				p.blocks = append(p.blocks, *open)
				open = nil
				continue
			}
			open.body += line + "\n"
			continue
		}
		if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
			fence = trimmed[:3]
			for strings.HasPrefix(trimmed[len(fence):], fence[:1]) {
				fence += fence[:1]
			}
			info := strings.Fields(trimmed[len(fence):])
			open = &block{line: i + 1}
			if len(info) > 0 {
				open.lang = info[0]
			}
			continue
		}
		p.prose = append(p.prose, proseLine{i + 1, line})
		if h, ok := strings.CutPrefix(line, "#"); ok {
			a := slug(strings.TrimLeft(h, "#"))
			if n := seen[a]; n > 0 {
				p.anchors[fmt.Sprintf("%s-%d", a, n)] = true
			} else {
				p.anchors[a] = true
			}
			seen[a]++
		}
	}
	return p
}

// slug is a heading's anchor as GitHub makes it: lower case, spaces as
// hyphens, every character but letters, digits, '-' and '_' left out.
func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

var (
	codeSpan = regexp.MustCompile("`[^`]*`")
	linkRE   = regexp.MustCompile(`\]\(([^)\s]+)\)`)
)

// link is a relative link of a page: the file it names from the root
// ("" for the page itself) and the anchor after '#'.
type link struct {
	line   int
	raw    string
	target string
	anchor string
}

// relativeLinks lists the page's links that name no scheme (http:, ...),
// outside code.
func (p page) relativeLinks() []link {
	var out []link
	for _, l := range p.prose {
		for _, m := range linkRE.FindAllStringSubmatch(codeSpan.ReplaceAllString(l.text, ""), -1) {
			raw := m[1]
			if strings.Contains(raw, "://") || strings.HasPrefix(raw, "mailto:") {
				continue
			}
			file, anchor, _ := strings.Cut(raw, "#")
			if file != "" {
				file = path.Clean(path.Join(path.Dir(p.path), file))
			}
			out = append(out, link{l.n, raw, file, anchor})
		}
	}
	return out
}

// brokenLinks says, for each relative link of p, what is missing: the file
// (looked up by exists) or, in a Markdown file, the heading of the anchor
// (looked up by anchorsOf).
func brokenLinks(p page, exists func(string) bool, anchorsOf func(string) (map[string]bool, error)) []string {
	var bad []string
	for _, l := range p.relativeLinks() {
		target := l.target
		if target == "" {
			target = p.path
		} else if strings.HasPrefix(target, "../") || !exists(target) {
			bad = append(bad, fmt.Sprintf("%s:%d: link %s: no file %s", p.path, l.line, l.raw, target))
			continue
		}
		if l.anchor == "" || !strings.HasSuffix(target, ".md") {
			continue
		}
		anchors, err := anchorsOf(target)
		if err != nil {
			bad = append(bad, fmt.Sprintf("%s:%d: link %s: %v", p.path, l.line, l.raw, err))
		} else if !anchors[l.anchor] {
			bad = append(bad, fmt.Sprintf("%s:%d: link %s: %s has no heading #%s", p.path, l.line, l.raw, target, l.anchor))
		}
	}
	return bad
}

// frontDoorProblems says how a README falls short of a front door: too
// long, or not linking one of the pages.
func frontDoorProblems(readme page, pages []string) []string {
	var bad []string
	if readme.lines > MaxReadmeLines {
		bad = append(bad, fmt.Sprintf("%s: %d lines, more than %d: move the detail into a docs/ page", readme.path, readme.lines, MaxReadmeLines))
	}
	linked := map[string]bool{}
	for _, l := range readme.relativeLinks() {
		linked[l.target] = true
	}
	for _, p := range pages {
		if !linked[p] {
			bad = append(bad, fmt.Sprintf("%s: no link to %s", readme.path, p))
		}
	}
	return bad
}

// docPages lists docs/*.md from the root.
func docPages() ([]string, error) {
	matches, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		return nil, err
	}
	var pages []string
	for _, m := range matches {
		pages = append(pages, "docs/"+filepath.Base(m))
	}
	return pages, nil
}
