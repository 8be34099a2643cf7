package Planes;

// A cell of the arena, or a displacement: x is the N/S axis, y is W/E, z is D/U.
// Written for contest-engines after the 2014 challenge text; mutable, as the original's.
public class Point3D {
    public int x, y, z;

    public Point3D(int x, int y, int z) {
        this.x = x;
        this.y = y;
        this.z = z;
    }

    // Returns the sum of this Point3D and the one specified in the argument.
    public Point3D add(Point3D point3D) {
        return new Point3D(x + point3D.x, y + point3D.y, z + point3D.z);
    }

    // Returns the product of this Point3D and a factor.
    public Point3D multiply(int factor) {
        return new Point3D(x * factor, y * factor, z * factor);
    }

    // Returns true if both Point3D are the same (an overload, as in the original: not equals(Object)).
    public boolean equals(Point3D point3D) {
        return point3D != null && x == point3D.x && y == point3D.y && z == point3D.z;
    }

    // Returns true if Point3D is within a 0-based arena of a specified size.
    public boolean isInArena(int size) {
        return x >= 0 && x < size && y >= 0 && y < size && z >= 0 && z < size;
    }
}
