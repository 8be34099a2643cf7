package Planes;

// One plane as an entry sees it, with the helpers of the 2014 challenge. Entries get copies:
// changing them changes nothing in the fight.
public class Plane {
    private Point3D position;
    private Direction direction;
    private int arenaSize;
    private boolean alive = true;
    private int coolDown = 0;

    // A plane with cool down 0 (the challenge text's constructors); it is alive iff in the arena.
    public Plane(int arenaSize, Direction direction, int x, int y, int z) {
        this(arenaSize, 0, direction, x, y, z);
    }

    public Plane(int arenaSize, Direction direction, Point3D position) {
        this(arenaSize, 0, direction, position.x, position.y, position.z);
    }

    // The final controller's constructors, with the cool down.
    public Plane(int arenaSize, int coolDown, Direction direction, int x, int y, int z) {
        this.arenaSize = arenaSize;
        this.coolDown = coolDown;
        this.direction = direction;
        this.position = new Point3D(x, y, z);
        this.alive = position.isInArena(arenaSize);
    }

    public Plane(int arenaSize, int coolDown, Direction direction, Point3D position) {
        this(arenaSize, coolDown, direction, position.x, position.y, position.z);
    }

    // The coordinates; -1 for a dead plane.
    public int getX() {
        return alive ? position.x : -1;
    }

    public int getY() {
        return alive ? position.y : -1;
    }

    public int getZ() {
        return alive ? position.z : -1;
    }

    // Returns the position as a Point3D (this plane's own, mutable).
    public Point3D getPosition() {
        return position;
    }

    // Returns the distance between the plane and the specified wall ('N', 'S', 'W', 'E', 'D',
    // 'U'): 0 means right next to it, arenaSize - 1 at the opposite side. -1 for any other
    // character or a dead plane.
    public int getDistanceFromWall(char wall) {
        if (!alive) {
            return -1;
        }
        switch (wall) {
            case 'N': return position.x;
            case 'S': return arenaSize - 1 - position.x;
            case 'W': return position.y;
            case 'E': return arenaSize - 1 - position.y;
            case 'D': return position.z;
            case 'U': return arenaSize - 1 - position.z;
            default: return -1;
        }
    }

    // Returns the heading of the plane (the heading it died with, for a dead plane).
    public Direction getDirection() {
        return direction;
    }

    // Returns all possible turning directions for the plane; none for a dead plane.
    public Direction[] getPossibleDirections() {
        return alive ? direction.getPossibleDirections() : new Direction[0];
    }

    // Returns the cool down before the plane will be able to shoot, 0 means it is ready to shoot
    // this turn.
    public int getCoolDown() {
        return coolDown;
    }

    public void setCoolDown(int coolDown) {
        this.coolDown = coolDown;
    }

    // Returns true if the plane is alive and ready to shoot.
    public boolean canShoot() {
        return alive && coolDown == 0;
    }

    // Returns every cell a shot would cover from here along the heading (without first making a
    // move): all in-arena cells of the ray, the plane's own excluded. null for a dead plane.
    public Point3D[] getShootRange() {
        if (!alive) {
            return null;
        }
        int reach = arenaSize;
        for (char wall : direction.getMainDirections()) {
            reach = Math.min(reach, getDistanceFromWall(wall));
        }
        reach = Math.max(reach, 0);
        Point3D step = direction.getAsPoint3D();
        Point3D[] range = new Point3D[reach];
        for (int i = 0; i < reach; i++) {
            range[i] = position.add(step.multiply(i + 1));
        }
        return range;
    }

    // Returns the cells this plane can move to within one turn (some may be outside the arena).
    // null for a dead plane.
    public Point3D[] getRange() {
        if (!alive) {
            return null;
        }
        Direction[] directions = getPossibleDirections();
        Point3D[] range = new Point3D[directions.length];
        for (int i = 0; i < directions.length; i++) {
            range[i] = position.add(directions[i].getAsPoint3D());
        }
        return range;
    }

    // Returns a plane that represents this plane after making a certain move, not taking into
    // account other planes; the cool down is unchanged (see updateCoolDown()). As in the
    // original, an invalid direction is replaced by the heading IN THE MOVE ITSELF.
    public Plane simulateMove(Move move) {
        if (!alive) {
            return copy();
        }
        if (!direction.isValidDirection(move.direction)) {
            move.direction = direction;
        }
        Direction heading = move.changeDirection ? move.direction : direction;
        return new Plane(arenaSize, coolDown, heading, position.add(move.direction.getAsPoint3D()));
    }

    // Modifies this plane's cool down as the controller does after shooting.
    public void updateCoolDown(boolean shot) {
        coolDown = (shot && canShoot()) ? Controller.COOLDOWN : Math.max(0, coolDown - 1);
    }

    public boolean isAlive() {
        return alive;
    }

    public void setAlive(boolean alive) {
        this.alive = alive;
    }

    // Returns a copy of itself.
    public Plane copy() {
        Plane copy = new Plane(arenaSize, coolDown,
                new Direction(direction.getNSDir(), direction.getWEDir(), direction.getDUDir()),
                new Point3D(position.x, position.y, position.z));
        copy.setAlive(alive);
        return copy;
    }

    // Returns a string representing its status.
    public String getAsString() {
        if (!alive) {
            return "dead";
        }
        return "x: " + position.x + " y: " + position.y + " z: " + position.z
                + " direction: " + direction.getAsString() + " cool down: " + coolDown;
    }

    // Returns the wrapper protocol's line for this plane: "alive X Y Z DIR CD" or "dead 0 0 0 N 0".
    public String getDataString() {
        if (!alive) {
            return "dead 0 0 0 N 0";
        }
        return "alive " + position.x + " " + position.y + " " + position.z + " "
                + direction.getAsString() + " " + coolDown;
    }

    // Returns true if the walls alone must kill this plane, whatever it does (true for a dead
    // plane). Use it with simulateMove() to avoid the walls or prune enemy moves.
    public boolean isSuicidal() {
        char[] walls = direction.getMainDirections();
        boolean doomed = true;
        for (char wall : walls) {
            int distance = getDistanceFromWall(wall);
            doomed &= walls.length == 3 ? distance < 2 : distance < 1;
        }
        return doomed;
    }
}
