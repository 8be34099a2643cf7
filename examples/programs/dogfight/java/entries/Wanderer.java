package Planes;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

// A 2014-style entry written for contest-engines' Java adapter: each plane flies a random move
// among those that do not doom it to the walls, turns half of the time, and fires whenever an
// enemy plane is on its line of fire after the move. Seeded, so a fight can be replayed.
public class Wanderer extends PlaneControl {
    private final Random random = new Random(2014);
    private int fightsSeen;

    public Wanderer(int arenaSize, int rounds) {
        super(arenaSize, rounds);
    }

    @Override
    public Move[] act() {
        Move[] moves = new Move[2];
        for (int i = 0; i < 2; i++) {
            Plane me = myPlanes[i];
            if (!me.isAlive()) {
                moves[i] = new Move(new Direction("N"), false, false);
                continue;
            }
            List<Move> safe = new ArrayList<>();
            for (Direction direction : me.getPossibleDirections()) {
                for (boolean turn : new boolean[] {false, true}) {
                    Move move = new Move(direction, turn, false);
                    Plane next = me.simulateMove(move);
                    if (next.isAlive() && !next.isSuicidal()) {
                        safe.add(move);
                    }
                }
            }
            Move move = safe.isEmpty()
                    ? new Move(me.getDirection(), false, false)
                    : safe.get(random.nextInt(safe.size()));
            Plane next = me.simulateMove(new Move(move.direction, move.changeDirection, false));
            move.shoot = me.canShoot() && onLine(next, enemyPlanes);
            moves[i] = move;
        }
        return moves;
    }

    private static boolean onLine(Plane shooter, Plane[] targets) {
        Point3D[] line = shooter.getShootRange();
        if (line == null) {
            return false;
        }
        for (Point3D cell : line) {
            for (Plane target : targets) {
                if (target.isAlive() && cell.equals(target.getPosition())) {
                    return true;
                }
            }
        }
        return false;
    }

    @Override
    public void newFight(int fightsFought, int myScore, int enemyScore) {
        fightsSeen++;
        System.out.println("Wanderer: fight " + fightsFought + ", score " + myScore + "-" + enemyScore);
    }
}
