package Planes;

import java.io.PrintWriter;
import java.io.Writer;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * The Java side of the Dogfight side-by-side measurement (issue 23, `shared/rules/peers.md` §2):
 * the original classes (package `Planes`, compiled from the original sources by `run.sh`, never
 * kept in this repository) driven by the peer's no-logging copy of `Controller.fight`'s loop,
 * which calls the original `Plane.simulateMove` and the original private
 * `Controller.handleCollisions` / `handleShooting` through method handles.
 *
 * <p>Workloads, each timed in CPU time of this thread (and wall time), median of the runs:
 * <ul>
 * <li>`replay_port_fights`: the engine alone, replaying the 2,000 fights between seeded
 *     DumbPlanes (`java.util.Random(seed)`, seeds 1..2000 against 100001..102000) recorded
 *     before timing: the Rust bench of the same name replays the same fights.</li>
 * <li>`dumbplanes_fight_exact`: whole fights, fresh bots every fight: the original
 *     `DumbPlanes` (`Math.random()`, the peer's engine-dumb run), and the seeded copy with
 *     seeds 1, 2 / 3, 4 / ... as the Rust bench draws them.</li>
 * </ul>
 * Both print a checksum over the fights (rounds and winners) that the Rust runner prints too.
 */
public class DogfightPeer {
    static final int ARENA = 14;
    static final int ROUNDS = 100;
    static final PrintWriter NULL = new PrintWriter(Writer.nullWriter());
    static MethodHandle collisions;
    static MethodHandle shooting;

    /** The DumbPlanes logic drawing from `new Random(seed)` instead of `Math.random()`. */
    static final class SeededDumbPlanes extends PlaneControl {
        final Random rng;
        SeededDumbPlanes(long seed) {
            super(ARENA, ROUNDS);
            rng = new Random(seed);
        }
        @Override
        public Move[] act() {
            Move[] moves = new Move[2];
            for (int i = 0; i < 2; i++) {
                if (!myPlanes[i].isAlive()) {
                    moves[i] = new Move(new Direction("N"), false, false);
                    continue;
                }
                Direction[] possible = myPlanes[i].getPossibleDirections();
                for (int j = 0; j < possible.length * 3; j++) {
                    int random = (int) Math.floor((rng.nextDouble() * possible.length));
                    if (myPlanes[i].getPosition().add(possible[random].getAsPoint3D()).isInArena(arenaSize)) {
                        moves[i] = new Move(possible[random], rng.nextDouble() > 0.5, myPlanes[i].canShoot() && rng.nextDouble() > 0.2);
                        continue;
                    }
                    random = (int) Math.floor((rng.nextDouble() * possible.length));
                    moves[i] = new Move(possible[random], rng.nextDouble() > 0.5, myPlanes[i].canShoot() && rng.nextDouble() > 0.2);
                }
            }
            return moves;
        }
    }

    /** One recorded move: a heading and two flags. */
    record Rec(Direction dir, boolean change, boolean shoot) {}

    /** Replays recorded moves (it only allocates the two `Move` objects a round). */
    static final class ReplayBot extends PlaneControl {
        Rec[][] rounds;
        int next;
        ReplayBot() {
            super(ARENA, ROUNDS);
        }
        void load(Rec[][] fight) {
            rounds = fight;
            next = 0;
        }
        @Override
        public Move[] act() {
            Rec[] r = rounds[next++];
            return new Move[] {new Move(r[0].dir, r[0].change, r[0].shoot), new Move(r[1].dir, r[1].change, r[1].shoot)};
        }
    }

    /** Records what a bot answers (before `simulateMove` can replace an invalid direction). */
    static final class Recorder extends PlaneControl {
        final PlaneControl inner;
        final List<Rec[]> moves = new ArrayList<>();
        Recorder(PlaneControl inner) {
            super(ARENA, ROUNDS);
            this.inner = inner;
        }
        @Override
        public void setRoundsLeft(int rounds) {
            inner.setRoundsLeft(rounds);
        }
        void give(Plane a, Plane b, Plane c, Plane d) {
            inner.setPlane1(a);
            inner.setPlane2(b);
            inner.setEnemyPlane1(c);
            inner.setEnemyPlane2(d);
        }
        @Override
        public Move[] act() {
            Move[] m = inner.act();
            moves.add(new Rec[] {
                new Rec(m[0].direction, m[0].changeDirection, m[0].shoot),
                new Rec(m[1].direction, m[1].changeDirection, m[1].shoot)});
            return m;
        }
    }

    /** `Controller.fight` without logging; `rounds[0]` counts the rounds played. */
    static int fight(PlaneControl p1, PlaneControl p2, int[] rounds) throws Throwable {
        Plane[] a = {new Plane(ARENA, 0, new Direction("S"), 0, ARENA / 2 - 2, 0),
                     new Plane(ARENA, 0, new Direction("S"), 0, ARENA / 2 + 1, 0)};
        Plane[] b = {new Plane(ARENA, 0, new Direction("N"), ARENA - 1, ARENA / 2 + 1, ARENA - 1),
                     new Plane(ARENA, 0, new Direction("N"), ARENA - 1, ARENA / 2 - 2, ARENA - 1)};
        for (int i = ROUNDS - 1; i >= 0; i--) {
            if (p1 instanceof Recorder r) {
                r.give(a[0].copy(), a[1].copy(), b[0].copy(), b[1].copy());
            } else {
                p1.setPlane1(a[0].copy());
                p1.setPlane2(a[1].copy());
                p1.setEnemyPlane1(b[0].copy());
                p1.setEnemyPlane2(b[1].copy());
            }
            if (p2 instanceof Recorder r) {
                r.give(b[0].copy(), b[1].copy(), a[0].copy(), a[1].copy());
            } else {
                p2.setPlane1(b[0].copy());
                p2.setPlane2(b[1].copy());
                p2.setEnemyPlane1(a[0].copy());
                p2.setEnemyPlane2(a[1].copy());
            }
            p1.setRoundsLeft(i);
            p2.setRoundsLeft(i);
            Move[] m1 = p1.act();
            Move[] m2 = p2.act();
            Move[] moves = new Move[4];
            moves[0] = m1.length <= 0 ? new Move(a[0].getDirection(), false, false) : m1[0];
            moves[1] = m1.length <= 1 ? new Move(a[1].getDirection(), false, false) : m1[1];
            moves[2] = m2.length <= 0 ? new Move(b[0].getDirection(), false, false) : m2[0];
            moves[3] = m2.length <= 1 ? new Move(b[1].getDirection(), false, false) : m2[1];
            a[0] = a[0].simulateMove(moves[0]);
            a[1] = a[1].simulateMove(moves[1]);
            b[0] = b[0].simulateMove(moves[2]);
            b[1] = b[1].simulateMove(moves[3]);
            Plane[] temp = {a[0], a[1], b[0], b[1]};
            collisions.invokeExact(temp, NULL);
            shooting.invokeExact(temp, moves, NULL);
            rounds[0]++;
            if (!a[0].isAlive() && !a[1].isAlive() && !b[0].isAlive() && !b[1].isAlive()) {
                return 0;
            }
            if (!a[0].isAlive() && !a[1].isAlive()) {
                return -1;
            }
            if (!b[0].isAlive() && !b[1].isAlive()) {
                return 1;
            }
        }
        return (a[0].isAlive() ? 1 : 0) + (a[1].isAlive() ? 1 : 0) - (b[0].isAlive() ? 1 : 0) - (b[1].isAlive() ? 1 : 0);
    }

    /**
     * The checksum both sides print: fight index, result (the winner's sign, as `matchUp`
     * scores it) and length mixed, wrapping.
     */
    static long mix(long sum, long fight, int winner, int rounds) {
        return sum * 1_000_003L + (fight + 1) * 7 + (Integer.signum(winner) + 2) * 131 + rounds;
    }

    static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    static double median(double[] xs) {
        double[] s = xs.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    public static void main(String[] args) throws Throwable {
        Method c = Controller.class.getDeclaredMethod("handleCollisions", Plane[].class, PrintWriter.class);
        Method s = Controller.class.getDeclaredMethod("handleShooting", Plane[].class, Move[].class, PrintWriter.class);
        c.setAccessible(true);
        s.setAccessible(true);
        collisions = MethodHandles.lookup().unreflect(c);
        shooting = MethodHandles.lookup().unreflect(s);
        String which = args.length > 0 ? args[0] : "all";
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 7;

        // Record the 2,000 seeded fights (the check: the Rust side replays the same ones).
        int fights = 2000;
        Rec[][][] p1Moves = new Rec[fights][][];
        Rec[][][] p2Moves = new Rec[fights][][];
        long recordSum = 0;
        int recordRounds = 0;
        for (int f = 0; f < fights; f++) {
            Recorder r1 = new Recorder(new SeededDumbPlanes(f + 1));
            Recorder r2 = new Recorder(new SeededDumbPlanes(100_001 + f));
            int[] rounds = {0};
            int w = fight(r1, r2, rounds);
            recordSum = mix(recordSum, f, w, rounds[0]);
            recordRounds += rounds[0];
            p1Moves[f] = r1.moves.toArray(new Rec[0][]);
            p2Moves[f] = r2.moves.toArray(new Rec[0][]);
        }
        System.out.printf("java record: %d fights, %d rounds, checksum %016x%n", fights, recordRounds, recordSum);

        if (which.equals("all") || which.equals("replay")) {
            ReplayBot b1 = new ReplayBot();
            ReplayBot b2 = new ReplayBot();
            int passes = 50;
            double[] cpu = new double[runs];
            double[] wall = new double[runs];
            for (int run = -3; run < runs; run++) { // three warm-up runs
                long sum = 0;
                int total = 0;
                long c0 = CPU.getCurrentThreadCpuTime();
                long w0 = System.nanoTime();
                for (int p = 0; p < passes; p++) {
                    sum = 0;
                    for (int f = 0; f < fights; f++) {
                        b1.load(p1Moves[f]);
                        b2.load(p2Moves[f]);
                        int[] rounds = {0};
                        int w = fight(b1, b2, rounds);
                        sum = mix(sum, f, w, rounds[0]);
                        total += rounds[0];
                    }
                }
                long c1 = CPU.getCurrentThreadCpuTime();
                long w1 = System.nanoTime();
                if (sum != recordSum) {
                    throw new IllegalStateException("replay differs from the recording");
                }
                if (run >= 0) {
                    cpu[run] = (double) (c1 - c0) / total;
                    wall[run] = (double) (w1 - w0) / total;
                }
            }
            System.out.printf("java replay_port_fights: %d rounds a run, ns/round CPU median %.1f (min %.1f, max %.1f), wall median %.1f; checksum %016x%n",
                recordRounds * passes, median(cpu), Arrays.stream(cpu).min().getAsDouble(), Arrays.stream(cpu).max().getAsDouble(), median(wall), recordSum);
        }
        if (which.equals("all") || which.equals("exact")) {
            int perRun = 20_000;
            for (String kind : new String[] {"seeded", "original"}) {
                double[] cpu = new double[runs];
                double[] wall = new double[runs];
                long sum = 0;
                int rounds = 0;
                for (int run = -3; run < runs; run++) {
                    sum = 0;
                    rounds = 0;
                    long c0 = CPU.getCurrentThreadCpuTime();
                    long w0 = System.nanoTime();
                    for (int f = 0; f < perRun; f++) {
                        PlaneControl p1 = kind.equals("seeded") ? new SeededDumbPlanes(2L * f + 1) : new DumbPlanes(ARENA, ROUNDS);
                        PlaneControl p2 = kind.equals("seeded") ? new SeededDumbPlanes(2L * f + 2) : new DumbPlanes(ARENA, ROUNDS);
                        int[] r = {0};
                        int w = fight(p1, p2, r);
                        sum = mix(sum, f, w, r[0]);
                        rounds += r[0];
                    }
                    long c1 = CPU.getCurrentThreadCpuTime();
                    long w1 = System.nanoTime();
                    if (run >= 0) {
                        cpu[run] = (c1 - c0) / 1000.0 / perRun;
                        wall[run] = (w1 - w0) / 1000.0 / perRun;
                    }
                }
                System.out.printf("java dumbplanes_fight_exact (%s): %d fights a run, %d rounds, us/fight CPU median %.2f (min %.2f, max %.2f), wall median %.2f; checksum %s%n",
                    kind, perRun, rounds, median(cpu), Arrays.stream(cpu).min().getAsDouble(), Arrays.stream(cpu).max().getAsDouble(), median(wall),
                    kind.equals("seeded") ? String.format("%016x", sum) : "(unseeded)");
            }
        }
    }
}
