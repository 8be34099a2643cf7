package Planes;

// Only the original controller's constants, which the API refers to (Plane.updateCoolDown uses
// COOLDOWN). The controller itself is the arena (`play dogfight`); Launcher speaks to it.
public final class Controller {
    public static final int ARENA_SIZE = 14;
    public static final int ROUNDS = 100;
    public static final int FIGHTS = 10;
    public static final int COOLDOWN = 1;

    private Controller() {}
}
