package Planes;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

// The adapter's main class: it speaks the wrapper protocol (../PROTOCOL.md) on standard input and
// output and drives one PlaneControl entry, as the 2014 Java controller drove it.
//
//   java -cp OUTDIR Planes.Launcher ENTRY_CLASS [ARG...] ARENA_SIZE ROUNDS
//
// ENTRY_CLASS is the entry's class name (e.g. Planes.Hunter); the last two arguments are the
// wrapper's argv. The entry is created with (arena size, rounds) from `NEW CONTEST` (from argv if
// another line comes first) and lives until the input closes, when close() is called.
// What the entry writes to System.out goes to standard error, never into the protocol.
public final class Launcher {
    private final Class<? extends PlaneControl> entryClass;
    private final BufferedReader in;
    private final PrintStream out;
    private int arenaSize;
    private int rounds;
    private PlaneControl entry;

    private Launcher(Class<? extends PlaneControl> entryClass, BufferedReader in, PrintStream out,
            int arenaSize, int rounds) {
        this.entryClass = entryClass;
        this.in = in;
        this.out = out;
        this.arenaSize = arenaSize;
        this.rounds = rounds;
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            System.err.println("usage: Planes.Launcher ENTRY_CLASS [ARENA_SIZE ROUNDS]");
            System.exit(2);
        }
        Class<? extends PlaneControl> entryClass;
        try {
            entryClass = Class.forName(args[0]).asSubclass(PlaneControl.class);
        } catch (ClassNotFoundException | ClassCastException e) {
            System.err.println("Planes.Launcher: " + args[0] + " is not a PlaneControl class: " + e);
            System.exit(2);
            return;
        }
        int arenaSize = Controller.ARENA_SIZE;
        int rounds = Controller.ROUNDS;
        if (args.length >= 3) {
            arenaSize = parseOr(args[args.length - 2], arenaSize);
            rounds = parseOr(args[args.length - 1], rounds);
        }
        PrintStream protocol = new PrintStream(
                new FileOutputStream(FileDescriptor.out), false, StandardCharsets.US_ASCII);
        System.setOut(System.err); // an entry's debug prints must not reach the controller
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        new Launcher(entryClass, in, protocol, arenaSize, rounds).run();
    }

    private static int parseOr(String text, int fallback) {
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    private PlaneControl entry() {
        if (entry == null) {
            try {
                entry = entryClass.getConstructor(int.class, int.class).newInstance(arenaSize, rounds);
            } catch (ReflectiveOperationException e) {
                Throwable cause = e.getCause() != null ? e.getCause() : e;
                System.err.println("Planes.Launcher: cannot create " + entryClass.getName()
                        + "(int arenaSize, int rounds): " + cause);
                cause.printStackTrace();
                System.exit(3);
            }
        }
        return entry;
    }

    private void run() throws IOException {
        String line;
        while ((line = in.readLine()) != null) {
            String[] words = line.trim().split("\\s+");
            if (line.startsWith("NEW CONTEST")) {
                if (entry == null && words.length >= 4) {
                    arenaSize = parseOr(words[2], arenaSize);
                    rounds = parseOr(words[3], rounds);
                }
                entry();
            } else if (line.startsWith("NEW OPPONENT")) {
                int fights = words.length >= 3 ? parseOr(words[2], Controller.FIGHTS) : Controller.FIGHTS;
                PlaneControl e = entry();
                guard("newOpponent", () -> e.newOpponent(fights));
            } else if (line.startsWith("NEW FIGHT")) {
                int fight = words.length >= 5 ? parseOr(words[2], 0) : 0;
                int mine = words.length >= 5 ? parseOr(words[3], 0) : 0;
                int theirs = words.length >= 5 ? parseOr(words[4], 0) : 0;
                PlaneControl e = entry();
                guard("newFight", () -> e.newFight(fight, mine, theirs));
            } else if (line.startsWith("ROUNDS LEFT")) {
                entry().setRoundsLeft(words.length >= 3 ? parseOr(words[2], 0) : 0);
            } else if (line.equals("NEW TURN")) {
                Plane[] planes = new Plane[4];
                for (int i = 0; i < 4; i++) {
                    String planeLine = in.readLine();
                    if (planeLine == null) {
                        finish();
                        return;
                    }
                    planes[i] = parsePlane(planeLine, arenaSize);
                }
                turn(planes);
            } else if (!line.isEmpty()) {
                System.err.println("Planes.Launcher: ignored the line " + line);
            }
        }
        finish();
    }

    private void finish() {
        if (entry != null) {
            guard("close", entry::close);
        }
        out.flush();
    }

    // One plane line of the protocol: "alive X Y Z DIR CD" or "dead X Y Z DIR CD".
    static Plane parsePlane(String line, int arenaSize) {
        String[] words = line.trim().split("\\s+");
        Plane plane;
        if (words.length == 6) {
            plane = new Plane(arenaSize, parseOr(words[5], 0), new Direction(words[4]),
                    parseOr(words[1], 0), parseOr(words[2], 0), parseOr(words[3], 0));
            if (!words[0].equals("alive")) {
                plane.setAlive(false);
            }
        } else {
            System.err.println("Planes.Launcher: a plane line that is not 6 words, read as dead: " + line);
            plane = new Plane(arenaSize, 0, new Direction("N"), 0, 0, 0);
            plane.setAlive(false);
        }
        return plane;
    }

    private void turn(Plane[] planes) {
        PlaneControl e = entry();
        // The entry gets copies, as from the original controller; `planes` stay ours.
        e.setPlane1(planes[0].copy());
        e.setPlane2(planes[1].copy());
        e.setEnemyPlane1(planes[2].copy());
        e.setEnemyPlane2(planes[3].copy());
        Move[][] moves = new Move[1][];
        guard("act", () -> moves[0] = e.act());
        out.print(replyLine(planes[0], move(moves[0], 0)) + "\n" + replyLine(planes[1], move(moves[0], 1)) + "\n");
        out.flush();
    }

    private static Move move(Move[] moves, int index) {
        return moves != null && moves.length > index ? moves[index] : null;
    }

    // The reply line for one of my planes, with the Java controller's reading of the move: a
    // missing move (or one without a direction) flies straight without firing; a direction the
    // plane cannot take is replaced by its heading IN THE MOVE, firing if asked (so a Move shared
    // by both planes sees the first plane's correction, as in the original). A dead plane's line
    // is ignored by the controller: it is always "N 0 0".
    static String replyLine(Plane plane, Move move) {
        if (!plane.isAlive()) {
            return "N 0 0";
        }
        if (move == null || move.direction == null) {
            return plane.getDirection().getAsString() + " 0 0";
        }
        if (!plane.getDirection().isValidDirection(move.direction)) {
            move.direction = plane.getDirection();
        }
        return move.direction.getAsString() + " " + (move.changeDirection ? 1 : 0) + " " + (move.shoot ? 1 : 0);
    }

    // Runs one call into the entry; what it throws is printed on standard error and the call's
    // effect is lost (for act(): both planes fly straight without firing this round).
    private static void guard(String what, Runnable call) {
        try {
            call.run();
        } catch (RuntimeException | StackOverflowError e) {
            System.err.println("Planes.Launcher: the entry's " + what + "() threw " + e);
            e.printStackTrace();
        }
    }
}
