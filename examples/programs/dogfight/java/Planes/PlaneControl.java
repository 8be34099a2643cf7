package Planes;

// The base class an entry extends, as the 2014 challenge defines it. One instance lives for the
// whole run of the program (the arena's Launcher creates it); it holds the arena size and the
// four planes of the current round.
public abstract class PlaneControl {
    // Copies for your information: changing them does not change the fight.
    protected Plane[] myPlanes = new Plane[2];
    protected Plane[] enemyPlanes = new Plane[2];
    protected int arenaSize;
    protected int roundsLeft;

    public PlaneControl(int arenaSize, int rounds) {
        this.arenaSize = arenaSize;
        this.roundsLeft = rounds;
    }

    public final void setRoundsLeft(int rounds) {
        roundsLeft = rounds;
    }

    public final void setPlane1(Plane plane) {
        myPlanes[0] = plane;
    }

    public final void setPlane2(Plane plane) {
        myPlanes[1] = plane;
    }

    public final void setEnemyPlane1(Plane plane) {
        enemyPlanes[0] = plane;
    }

    public final void setEnemyPlane2(Plane plane) {
        enemyPlanes[1] = plane;
    }

    // Notifies you that a new fight is starting: fightsFought is the number of fights already
    // fought against this opponent (0 for the first), the scores the fights each side has won.
    public void newFight(int fightsFought, int myScore, int enemyScore) {}

    // Notifies you that you will be fighting a new opponent, `fights` times.
    public void newOpponent(int fights) {}

    // Called when the run ends (the program's input closed).
    public void close() {}

    // Called once every round: return two moves, index 0 for myPlanes[0], 1 for myPlanes[1];
    // further ones are ignored. A missing move flies straight ahead without shooting; a move in a
    // direction the plane cannot take flies straight ahead, firing if it asks to.
    public abstract Move[] act();
}
