#!/bin/sh
# repack.sh FYNE_TARBALL BINDIR OUT
#
# make package's second step. `fyne package -os linux` makes a tarball of banmen alone (its
# binary, a desktop entry, the icon and a Makefile that installs them); Banmen is four
# programs, so this adds banmen-cli, banmen-engine and banmen-guard beside banmen in
# usr/local/bin (banmen finds its engine and its guard next to itself), puts Banmen's own
# desktop entry (the record types it opens, %f) and record types (MIME) in place of fyne's
# entry, adds the licence notices of what is linked in (THIRD_PARTY_LICENSES.txt, at the top),
# and makes the tarball's Makefile install and uninstall all of it.
set -eu
tarball=$1 bindir=$2 out=$3
here=$(cd "$(dirname "$0")/.." && pwd) # assets/
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
tar -xJf "$tarball" -C "$stage"
root=$stage/banmen
if [ ! -x "$root/usr/local/bin/banmen" ] || [ ! -f "$root/Makefile" ]; then
	echo "repack: $tarball is not the tarball fyne package makes (no banmen/usr/local/bin/banmen or banmen/Makefile)" >&2
	exit 1
fi
for p in banmen-cli banmen-engine banmen-guard; do
	if [ ! -x "$bindir/$p" ]; then
		echo "repack: $bindir/$p is missing: run make build first" >&2
		exit 1
	fi
	install -m 755 "$bindir/$p" "$root/usr/local/bin/$p"
done
# the licence notices of everything linked in (internal/tools/licenses), beside the Makefile
if [ ! -f "$bindir/THIRD_PARTY_LICENSES.txt" ]; then
	echo "repack: $bindir/THIRD_PARTY_LICENSES.txt is missing: make package writes it" >&2
	exit 1
fi
install -m 644 "$bindir/THIRD_PARTY_LICENSES.txt" "$root/THIRD_PARTY_LICENSES.txt"
install -D -m 644 "$bindir/THIRD_PARTY_LICENSES.txt" "$root/usr/local/share/doc/banmen/THIRD_PARTY_LICENSES.txt"
# Exec=banmen %f: the tarball's user-install writes the full path in, as for fyne's own entry
sed 's|@BINDIR@/||' "$here/desktop/io.banmen.app.desktop.in" >"$root/usr/local/share/applications/io.banmen.app.desktop"
install -D -m 644 "$here/desktop/io.banmen.app.xml" "$root/usr/local/share/mime/packages/io.banmen.app.xml"
# every line of fyne's Makefile that installs or removes banmen is repeated for the other
# programs; every line about the desktop entry, for the record types; every line about the
# icon, for the licence notices (share/doc/banmen)
awk '
{ print }
/usr\/local\/bin\/\$\(Exec\)|bin\/\$\(Exec\)$/ {
	n = split("banmen-cli banmen-engine banmen-guard", progs, " ")
	for (i = 1; i <= n; i++) { l = $0; gsub(/\$\(Exec\)/, progs[i], l); print l }
}
/applications\/\$\(AppID\)\.desktop/ && !/sed / {
	l = $0; gsub(/applications\/\$\(AppID\)\.desktop/, "mime/packages/$(AppID).xml", l); print l
}
/(pixmaps|icons)\/\$\(Icon\)/ {
	l = $0; gsub(/(pixmaps|icons)\/\$\(Icon\)/, "doc/banmen/THIRD_PARTY_LICENSES.txt", l); print l
}' "$root/Makefile" >"$stage/Makefile"
mv "$stage/Makefile" "$root/Makefile"
XZ_OPT=${XZ_OPT:--T0} tar -cJf "$out.tmp" -C "$stage" banmen
mv "$out.tmp" "$out"
echo "package: $out"
