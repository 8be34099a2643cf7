#!/bin/sh
# The hot benchmarks in fresh processes, to see whether one binary runs at one speed (issue 40):
#   CONTEST_DATA=../shared/data benches/spread.sh [PROCESSES] [dogfight|cloudwars|amazes|all]
# Each round starts a new process of each benchmark, one after the other:
#   dogfight   `dogfight_peer replay 9`: ns of CPU time per round, of 9 runs of 0.3 s;
#   cloudwars  `cloudwars_peer replay 9`: µs of CPU time per update, of 9 runs of 0.25 s;
#   amazes     `efficiency amazes 15`: the search efficiency the READMEs report (search steps per
#              second / bare playout steps per second), the median over 15 pairs of 0.1 s runs of
#              the two side by side, so that each ratio's two runs share the machine's moment.
# Prints every process's figure as it comes, then per benchmark the minimum, median and maximum
# over the processes and the spread, max / min - 1. Dogfight and CloudWars give two figures a
# process: the median of its runs and its fastest run. Where a machine's neighbours slow some
# runs down (issue 40: within one process, on the AMD EPYC 25/17), the medians' spread measures
# the neighbours and the fastest runs' spread the code. Amazes gives the median pair's ratio (and
# prints the lowest and highest pair's, and each side's median speed, which move with the
# neighbours). Each round ends with `machine_noise 5`, two fixed loops (benches/benches/
# machine_noise.rs): a latency-bound one, which another guest on our core hardly slows, and a
# throughput-bound one, which runs at the core's full width as our engines do and loses what a
# neighbour takes. Their spreads over the rounds are the machine's, for the same code every time:
# a spread of the engines near the throughput loop's is the machine's too. Also prints the CPU
# (`lscpu`), and the load average before each round: figures taken beside a build mean nothing.
set -eu
processes=${1:-20}
which=${2:-all}
: "${CONTEST_DATA:?set CONTEST_DATA to the data folder (../shared/data): the CloudWars workload reads it}"
export CONTEST_DATA
root=$(cd "$(dirname "$0")/.." && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
(cd "$root" && cargo bench -p benches --bench dogfight_peer --bench cloudwars_peer \
    --bench efficiency --bench machine_noise --no-run --message-format=json 2>/dev/null) |
    sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' > "$out/bins"
bin() { grep "/$1-[0-9a-f]*\$" "$out/bins" | tail -1; }
dogfight=$(bin dogfight_peer)
cloudwars=$(bin cloudwars_peer)
efficiency=$(bin efficiency)
noise=$(bin machine_noise)
for b in "$dogfight" "$cloudwars" "$efficiency" "$noise"; do
    [ -x "$b" ] || { echo "spread.sh: could not build the benches" >&2; exit 1; }
done
lscpu | grep -E '^(Model name|CPU family|Model):'
# A peer runner's line `... CPU median M (min F, max S) ...`: appends M to $out/NAME and F to
# $out/NAME-fastest, and prints both.
runs() {
    sed -n 's/.*CPU median \([0-9.]*\) (min \([0-9.]*\),.*/\1 \2/p' "$2" | head -1 |
        while read -r median fastest; do
            echo "$median" >> "$out/$1"
            echo "$fastest" >> "$out/$1-fastest"
            echo "median $median, fastest run $fastest"
        done
}
# The efficiency runner's line `... efficiency: median R (min L, max H) over N pairs; search M
# steps/s median S, bare M steps/s median B`: appends R to $out/NAME, and prints the five.
pairs() {
    n='\([0-9.]*\)'
    sed -n "s/.*efficiency: median $n (min $n, max $n).*search M steps\/s median $n, bare M steps\/s median $n.*/\1 \2 \3 \4 \5/p" "$2" |
        head -1 | while read -r ratio low high search bare; do
            echo "$ratio" >> "$out/$1"
            echo "$ratio (pairs $low to $high; search $search, bare $bare M steps/s)"
        done
}
i=1
while [ "$i" -le "$processes" ]; do
    echo "process $i, load average $(cut -d' ' -f1-3 /proc/loadavg)"
    if [ "$which" = all ] || [ "$which" = dogfight ]; then
        "$dogfight" replay 9 > "$out/run"
        runs dogfight "$out/run" | sed 's/^/  dogfight replay_port_fights ns\/round: /'
    fi
    if [ "$which" = all ] || [ "$which" = cloudwars ]; then
        "$cloudwars" replay 9 > "$out/run"
        runs cloudwars "$out/run" | sed 's/^/  cloudwars s2_replay us\/update: /'
    fi
    if [ "$which" = all ] || [ "$which" = amazes ]; then
        "$efficiency" amazes 15 > "$out/run"
        pairs amazes "$out/run" | sed 's/^/  amazes search efficiency: /'
    fi
    "$noise" 5 > "$out/run"
    for loop in latency throughput; do
        sed -n "s/^machine_noise $loop: median \([0-9.]*\).*/\1/p" "$out/run" | tee -a "$out/$loop loop" |
            sed "s/^/  machine $loop loop ns\/iteration: /"
    done
    i=$((i + 1))
done
echo "load average $(cut -d' ' -f1-3 /proc/loadavg)"
for name in dogfight dogfight-fastest cloudwars cloudwars-fastest amazes "latency loop" "throughput loop"; do
    [ -s "$out/$name" ] || continue
    sort -n "$out/$name" | awk -v name="$name" '{ x[NR] = $1 } END {
        printf "%s over %d processes: min %s, median %s, max %s, spread %.1f%%\n",
            name, NR, x[1], x[int((NR + 1) / 2)], x[NR], (x[NR] / x[1] - 1) * 100 }'
done
