#!/usr/bin/env bash
# Renders a report.html with headless Chromium to a PNG, to check by eye that
# the page looks right in a real browser.
#
#   ci/screenshot.sh [REPORT.html] [OUT.png] [WIDTHxHEIGHT]
#
# Defaults: report/report.html, report/report.png, 1280x2400. Needs the
# Debian package chromium (apt-get install -y chromium) or CHROMIUM=path.
set -euo pipefail
html=${1:-report/report.html}
out=${2:-report/report.png}
size=${3:-1280x2400}
browser=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)}
if [ -z "$browser" ]; then
	echo "screenshot.sh: no chromium found; apt-get install -y chromium, or set CHROMIUM" >&2
	exit 2
fi
[ -f "$html" ] || { echo "screenshot.sh: $html: no such file" >&2; exit 2; }
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
abs_html=$(cd "$(dirname "$html")" && pwd)/$(basename "$html")
abs_out=$(cd "$(dirname "$out")" && pwd)/$(basename "$out")
"$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
	--disable-background-networking --disable-component-update --disable-sync \
	--hide-scrollbars --user-data-dir="$profile" \
	--screenshot="$abs_out" --window-size="${size/x/,}" "file://$abs_html" 2>"$profile/log" || {
	cat "$profile/log" >&2
	exit 1
}
[ -s "$abs_out" ] || { echo "screenshot.sh: chromium wrote no $abs_out" >&2; cat "$profile/log" >&2; exit 1; }
echo "wrote $out"
