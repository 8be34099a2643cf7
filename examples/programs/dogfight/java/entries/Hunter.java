package Planes;

// A 2014-style entry written for contest-engines' Java adapter: each plane picks, among the moves
// that keep it out of the walls' reach (isSuicidal), the one whose gun covers the most cells an
// enemy can reach next round, then the one closest to an enemy, and fires when its gun covers one.
public class Hunter extends PlaneControl {

    public Hunter(int arenaSize, int rounds) {
        super(arenaSize, rounds);
    }

    @Override
    public Move[] act() {
        Move[] moves = new Move[2];
        Point3D taken = null; // where my first plane goes: my second must not collide with it
        for (int i = 0; i < 2; i++) {
            Plane me = myPlanes[i];
            if (!me.isAlive()) {
                moves[i] = new Move(new Direction("N"), false, false);
                continue;
            }
            Move best = null;
            Point3D bestCell = null;
            int bestScore = Integer.MIN_VALUE;
            for (Direction direction : me.getPossibleDirections()) {
                for (int turn = 0; turn < 2; turn++) {
                    Move move = new Move(direction, turn == 1, false);
                    Plane next = me.simulateMove(move);
                    if (!next.isAlive() || next.isSuicidal() || next.getPosition().equals(taken)) {
                        continue;
                    }
                    int covered = 0;
                    int nearest = Integer.MAX_VALUE;
                    for (Plane enemy : enemyPlanes) {
                        if (!enemy.isAlive()) {
                            continue;
                        }
                        nearest = Math.min(nearest, distance(next.getPosition(), enemy.getPosition()));
                        for (Point3D target : next.getShootRange()) {
                            for (Point3D reach : enemy.getRange()) {
                                if (target.equals(reach)) {
                                    covered++;
                                }
                            }
                        }
                    }
                    int score = (me.canShoot() ? 100 * covered : 0) - nearest;
                    if (score > bestScore) {
                        bestScore = score;
                        best = new Move(direction, turn == 1, me.canShoot() && covered > 0);
                        bestCell = next.getPosition();
                    }
                }
            }
            if (best == null) { // every move ends at a wall: fly on and fire, just in case
                best = new Move(me.getDirection(), false, me.canShoot());
            } else {
                taken = bestCell;
            }
            moves[i] = best;
        }
        return moves;
    }

    private static int distance(Point3D a, Point3D b) {
        return Math.max(Math.abs(a.x - b.x), Math.max(Math.abs(a.y - b.y), Math.abs(a.z - b.z)));
    }

    @Override
    public void newFight(int fightsFought, int myScore, int enemyScore) {
    }

    @Override
    public void newOpponent(int fights) {
    }
}
