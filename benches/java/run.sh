#!/bin/sh
# Dogfight side by side with the Java original (issue 23), alternated in one sitting:
#   DOGFIGHT_JAVA_SRC=/path/to/originals benches/java/run.sh [replay|exact|all] [PAIRS] [RUNS]
# DOGFIGHT_JAVA_SRC holds the original Planes sources (Controller.java, Plane.java,
# Direction.java, Point3D.java, Move.java, PlaneControl.java, DumbPlanes.java from
# overactor/Dogfight-KOTH or a mirror; see shared/rules/peers.md §2). They are compiled in a
# temporary directory and never copied into this repository. The harness needs only the
# classes' public API, `Controller.COOLDOWN` and the private static `Controller.handleCollisions`
# and `handleShooting`. Prints the CPU model, the load average before every run, and each
# side's checksum (they must agree) and CPU time.
set -eu
: "${DOGFIGHT_JAVA_SRC:?set DOGFIGHT_JAVA_SRC to the directory of the original Planes sources}"
which=${1:-all}
pairs=${2:-3}
runs=${3:-7}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
javac -d "$build" "$DOGFIGHT_JAVA_SRC"/*.java "$here/DogfightPeer.java"
(cd "$root" && cargo bench -p benches --bench dogfight_peer --no-run --message-format=json 2>/dev/null) |
    sed -n 's/.*"executable":"\([^"]*dogfight_peer[^"]*\)".*/\1/p' | tail -1 > "$build/rust_bin"
rust=$(cat "$build/rust_bin")
[ -x "$rust" ] || { echo "could not build the dogfight_peer bench" >&2; exit 1; }
lscpu | grep 'Model name'
java -version 2>&1 | head -1
i=1
while [ "$i" -le "$pairs" ]; do
    echo "pair $i, load average $(cut -d' ' -f1-3 /proc/loadavg)"
    java -cp "$build" Planes.DogfightPeer "$which" "$runs" | grep -v '^java record'
    echo "  load average $(cut -d' ' -f1-3 /proc/loadavg)"
    "$rust" "$which" "$runs"
    i=$((i + 1))
done
