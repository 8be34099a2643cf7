package Planes;

// One plane's order for a round: where to move, whether to turn to face that way, whether to fire.
public class Move {
    public Direction direction;
    public boolean changeDirection;
    public boolean shoot;

    public Move(Direction direction, boolean changeDirection, boolean shoot) {
        this.direction = direction;
        this.changeDirection = changeDirection;
        this.shoot = shoot;
    }
}
