#!/bin/sh
# mkfont.sh makes assets/fonts/NotoSansCJKjp-Banmen.otf, the Japanese font Banmen embeds: the
# Japanese face of Noto Sans CJK (Debian's fonts-noto-cjk) cut down to the characters of
# Japanese text (JIS X 0208 as Shift_JIS/cp932 has it, JIS X 0213:2004, kana, the symbols and
# Latin of Japanese writing), with its CFF outlines kept and the layout tables dropped.
#
#	sudo apt-get install fonts-noto-cjk python3-fonttools
#	sh assets/fonts/mkfont.sh            # or: make font
#
# The same Debian packages give the same file, byte for byte (assets_test.go checks its sha256).
set -eu
src=${1:-/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc}
out=$(dirname "$0")/NotoSansCJKjp-Banmen.otf
py=/usr/bin/python3 # Debian's python3-fonttools is installed for Debian's Python
[ -r "$src" ] || { echo "mkfont.sh: $src is missing: apt-get install fonts-noto-cjk" >&2; exit 1; }
"$py" -c 'import fontTools' 2>/dev/null || { echo "mkfont.sh: fontTools is missing: apt-get install python3-fonttools" >&2; exit 1; }
chars=$(mktemp)
trap 'rm -f "$chars"' EXIT
"$py" - "$src" > "$chars" <<'PY'
import sys
from fontTools.ttLib import TTCollection
# Face 0 of the collection must be the Japanese one.
name = TTCollection(sys.argv[1], lazy=True).fonts[0]["name"].getDebugName(4)
if name != "Noto Sans CJK JP":
    sys.exit("mkfont.sh: face 0 of %s is %r, want 'Noto Sans CJK JP'" % (sys.argv[1], name))
cps = set()
for cp in range(0x20, 0x30000):
    if 0xD800 <= cp <= 0xDFFF:
        continue
    for enc in ("cp932", "euc_jis_2004"):
        try:
            chr(cp).encode(enc)
            cps.add(cp)
            break
        except UnicodeEncodeError:
            pass
blocks = [
    (0x0020, 0x007E), (0x00A0, 0x017F),  # ASCII, Latin-1, Latin Extended-A
    (0x2000, 0x206F),  # General Punctuation
    (0x2100, 0x218F),  # Letterlike Symbols, Number Forms (Ⅰ Ⅱ …)
    (0x2190, 0x23FF),  # Arrows, Mathematical Operators, Miscellaneous Technical
    (0x2460, 0x27BF),  # Enclosed Alphanumerics, Box Drawing, Blocks, Geometric Shapes (▲△), Miscellaneous Symbols (☖☗), Dingbats
    (0x2E80, 0x2FFF),  # CJK Radicals, Ideographic Description Characters
    (0x3000, 0x30FF),  # CJK Symbols and Punctuation, Hiragana, Katakana
    (0x31F0, 0x31FF),  # Katakana Phonetic Extensions
    (0x3200, 0x33FF),  # Enclosed CJK Letters and Months, CJK Compatibility (㍻)
    (0xF900, 0xFAFF),  # CJK Compatibility Ideographs
    (0xFE10, 0xFE1F), (0xFE30, 0xFE4F),  # Vertical Forms, CJK Compatibility Forms
    (0xFF00, 0xFFEF),  # Halfwidth and Fullwidth Forms (０-９, ｱ)
]
for a, b in blocks:
    cps.update(range(a, b + 1))
print("\n".join("U+%04X" % c for c in sorted(cps)))
PY
# --layout-features='' and no GSUB/GPOS: Fyne shapes Japanese UI text without them, and they
# would pull thousands of alternate glyphs (vertical, jp78, …) into the font.
"$py" -m fontTools.subset "$src" --font-number=0 --unicodes-file="$chars" \
	--layout-features='' --drop-tables+=GSUB,GPOS,BASE,VORG,vhea,vmtx \
	--name-IDs='*' --name-languages='*' --output-file="$out"
# Fyne takes a line's height from hhea: Noto's (1.16 + 0.288 em) would make every line of the
# window 45% taller than with IPAexGothic before it (0.88 + 0.12 em). Use the font's own OS/2
# typographic metrics (0.88 + 0.12 em, the CJK ideographic em box) there, as IPAexGothic had.
"$py" - "$out" <<'PY'
import sys
from fontTools.ttLib import TTFont
f = TTFont(sys.argv[1], recalcTimestamp=False)
os2, hhea = f["OS/2"], f["hhea"]
hhea.ascent, hhea.descent, hhea.lineGap = os2.sTypoAscender, os2.sTypoDescender, os2.sTypoLineGap
f.save(sys.argv[1])
PY
echo "mkfont.sh: wrote $out ($(wc -c < "$out") bytes), sha256 $(sha256sum "$out" | cut -d' ' -f1)"
