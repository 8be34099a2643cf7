package Planes;

// A heading or a move: each axis is -1, 0 or 1. NS is x (N = -1), WE is y (W = -1), DU is z (D = -1).
public class Direction {
    private int NS, WE, DU;

    private static int sign(int v) {
        return v > 0 ? 1 : v < 0 ? -1 : 0;
    }

    // Creates a direction from 3 integers (each reduced to its sign).
    public Direction(int NSDir, int WEDir, int DUDir) {
        NS = sign(NSDir);
        WE = sign(WEDir);
        DU = sign(DUDir);
    }

    // Creates a direction from a direction string: N wins over S, W over E, D over U; other
    // characters are ignored (so "" is the zero direction, never a legal move).
    public Direction(String direction) {
        NS = direction.contains("N") ? -1 : direction.contains("S") ? 1 : 0;
        WE = direction.contains("W") ? -1 : direction.contains("E") ? 1 : 0;
        DU = direction.contains("D") ? -1 : direction.contains("U") ? 1 : 0;
    }

    // Returns this direction as a String, its letters in the order NS, WE, DU (e.g. "SWU").
    public String getAsString() {
        return new String(getMainDirections());
    }

    // -1 means heading north.
    public int getNSDir() {
        return NS;
    }

    // -1 means heading west.
    public int getWEDir() {
        return WE;
    }

    // -1 means heading down.
    public int getDUDir() {
        return DU;
    }

    // Returns a Point3D representing the direction (one step along it).
    public Point3D getAsPoint3D() {
        return new Point3D(NS, WE, DU);
    }

    // Returns the letters of the non-zero axes, in the order NS, WE, DU.
    public char[] getMainDirections() {
        StringBuilder letters = new StringBuilder(3);
        if (NS != 0) letters.append(NS < 0 ? 'N' : 'S');
        if (WE != 0) letters.append(WE < 0 ? 'W' : 'E');
        if (DU != 0) letters.append(DU < 0 ? 'D' : 'U');
        return letters.toString().toCharArray();
    }

    // Returns all directions this one may turn to (9 from a face or an edge, 7 from a corner),
    // enumerated NS outermost, then WE, then DU, each from -1 to 1.
    public Direction[] getPossibleDirections() {
        java.util.List<Direction> list = new java.util.ArrayList<>(9);
        for (int a = -1; a <= 1; a++) {
            for (int b = -1; b <= 1; b++) {
                for (int c = -1; c <= 1; c++) {
                    Direction candidate = new Direction(a, b, c);
                    if (isValidDirection(candidate)) {
                        list.add(candidate);
                    }
                }
            }
        }
        return list.toArray(new Direction[0]);
    }

    // Returns true if a direction is a valid direction to change to: no axis flips, at most two
    // axes differ, and one non-zero axis is kept.
    public boolean isValidDirection(Direction direction) {
        int dx = direction.NS - NS, dy = direction.WE - WE, dz = direction.DU - DU;
        boolean keepsOne = (direction.NS != 0 && direction.NS == NS)
                || (direction.WE != 0 && direction.WE == WE)
                || (direction.DU != 0 && direction.DU == DU);
        return dx * dx + dy * dy + dz * dz < 3 && keepsOne;
    }
}
