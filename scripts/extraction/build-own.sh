#!/bin/sh
# Rebuilds tests/fixtures/extraction-own/pdfs/ from src/*.html with Debian's Chromium (a different
# producer from scripts/extraction/make-fixtures.mjs, which writes pdf-lib PDFs).
#   scripts/extraction/build-own.sh            every document
#   scripts/extraction/build-own.sh 03 11      only the documents whose names start with 03 or 11
#   scripts/extraction/build-own.sh --dir extraction-own2 [NN …]   another set under tests/fixtures
# PDFs differ byte for byte between builds (creation dates), their text does not.
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
set_name=extraction-own
if [ "${1:-}" = "--dir" ]; then set_name=$2; shift 2; fi
dir="$here/tests/fixtures/$set_name"
[ -d "$dir/src" ] || { echo "pasta $dir/src não encontrada" >&2; exit 1; }
chromium=$(command -v chromium || command -v chromium-browser || true)
[ -n "$chromium" ] || { echo "chromium não encontrado (apt-get install chromium)" >&2; exit 1; }
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
mkdir -p "$dir/pdfs"
for src in "$dir"/src/*.html; do
  name=$(basename "$src" .html)
  if [ $# -gt 0 ]; then
    keep=no
    for p in "$@"; do case "$name" in "$p"*) keep=yes ;; esac; done
    [ "$keep" = yes ] || continue
  fi
  out="$dir/pdfs/$name.pdf"
  "$chromium" --headless --no-sandbox --disable-gpu --no-pdf-header-footer --user-data-dir="$profile" \
    --print-to-pdf="$out" "file://$src" >/dev/null 2>&1
  echo "$name.pdf: $(pdfinfo "$out" | sed -n 's/^Pages: *//p') página(s), $(wc -c <"$out") bytes"
done
