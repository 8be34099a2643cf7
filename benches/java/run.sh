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
lscpu | grep -E '^(Model name|CPU family|Model):'
java -version 2>&1 | head -1
# A workload's checksum, from one side's output: `checksum <hex>` on its line.
checksum() { sed -n "s/^$1 $2.*checksum \([0-9a-f]*\)\$/\1/p" "$3"; }
# A workload's CPU-time median, from one side's output: `CPU median <number>` on its line.
cpu_median() { sed -n "s/^$1 $2.*CPU median \([0-9.]*\).*/\1/p" "$3"; }
i=1
while [ "$i" -le "$pairs" ]; do
    echo "pair $i, load average $(cut -d' ' -f1-3 /proc/loadavg)"
    java -cp "$build" Planes.DogfightPeer "$which" "$runs" | grep -v '^java record' | tee "$build/java.out"
    echo "  load average $(cut -d' ' -f1-3 /proc/loadavg)"
    "$rust" "$which" "$runs" | tee "$build/rust.out"
    # The same fights on both sides, or the figures compare different games: a copy of the
    # originals from before the cooldown fix (2014-07-30, `shared/rules/dogfight.md` §1.1)
    # plays other fights, and its times would be reported as if they were the original's.
    for workload in replay_port_fights dumbplanes_fight_exact; do
        java_sum=$(checksum java "$workload" "$build/java.out" | head -1)
        rust_sum=$(checksum rust "$workload" "$build/rust.out")
        [ -z "$java_sum$rust_sum" ] && continue
        if [ "$java_sum" != "$rust_sum" ]; then
            echo "run.sh: $workload checksums differ (java ${java_sum:-none}, rust ${rust_sum:-none}):" \
                "the Java sources in $DOGFIGHT_JAVA_SRC are not the rules the Rust port follows" >&2
            exit 1
        fi
        echo "  $workload: both sides played the same fights (checksum $rust_sum)"
        # The pair's ratio, from the CPU-time medians (for the whole fights, Java's first line:
        # its seeded copy of `DumbPlanes`, which plays the same fights as ours).
        java_t=$(cpu_median java "$workload" "$build/java.out" | head -1)
        rust_t=$(cpu_median rust "$workload" "$build/rust.out")
        awk -v w="$workload" -v j="$java_t" -v r="$rust_t" \
            'BEGIN { printf "  %s: ours %.2fx the original (java %s, rust %s, CPU medians)\n", w, j / r, j, r }'
    done
    i=$((i + 1))
done
