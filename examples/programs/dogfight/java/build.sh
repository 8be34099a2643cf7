#!/bin/sh
# Builds a 2014 Dogfight Java entry (a class extending PlaneControl, `package Planes;`) with
# contest-engines' adapter into a program bot for `play dogfight`:
#
#   examples/programs/dogfight/java/build.sh MyEntry.java [MORE.java ...] OUTDIR
#   play dogfight --bots cmd:OUTDIR/bot,search
#
# The classes go to OUTDIR, and OUTDIR/bot is the launcher script (see README.md beside this file).
set -eu
if [ "$#" -lt 2 ]; then
    echo "usage: $0 ENTRY.java [MORE.java ...] OUTDIR" >&2
    exit 2
fi
here=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
entry=$1
shift
sources=$entry
while [ "$#" -gt 1 ]; do
    sources="$sources $1"
    shift
done
out=$1
[ -f "$entry" ] || { echo "$0: $entry: no such file" >&2; exit 2; }
command -v javac >/dev/null 2>&1 || { echo "$0: javac not found (a JDK, e.g. Debian's default-jdk-headless)" >&2; exit 2; }

# The entry's class: its file name, in the package its file declares (Planes for 2014 entries).
name=$(basename -- "$entry" .java)
package=$(sed -n 's/^[[:space:]]*package[[:space:]]\{1,\}\([A-Za-z0-9_.]\{1,\}\)[[:space:]]*;.*/\1/p' "$entry" | head -n 1)
class=${package:+$package.}$name

mkdir -p -- "$out"
# shellcheck disable=SC2086 # the sources are words on purpose
javac -encoding UTF-8 -nowarn -d "$out" "$here"/Planes/*.java $sources

cat > "$out/bot" <<SCRIPT
#!/bin/sh
# The Dogfight program bot for $class, written by build.sh: the wrapper's argv follows.
dir=\$(CDPATH= cd -- "\$(dirname -- "\$0")" && pwd)
exec java -XX:+UseSerialGC -XX:-UsePerfData -Xmx1g -cp "\$dir" Planes.Launcher $class "\$@"
SCRIPT
chmod +x "$out/bot"
echo "$out/bot: $class"
