// Package docstest holds the documentation's own checks, as tests: the
// README stays a front door (at most MaxReadmeLines lines, linking every
// page of docs/), every relative link of the README and of docs/*.md leads
// to a file or heading that exists, and the Kubernetes manifests and shell
// scripts that docs/ci.md shows are well-formed.
//
// It has no code of its own: the package exists for its tests.
package docstest

// MaxReadmeLines bounds README.md: a newcomer reads it in five minutes, and
// the rest lives in docs/, one page per subject.
const MaxReadmeLines = 200
