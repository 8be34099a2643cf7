// Tron3D kit API over tron3d-protocol 1 (contest-engines): the movements a player commands.
#ifndef Action_hh
#define Action_hh

#include "Utils.hh"

/// A movement: bike `unit` goes to its neighbour `next_vertex`, using its held item first when
/// `use_bonus` is true. The target defaults to -99 (no vertex: a bike that must move explodes).
struct Movement {
    int unit;         ///< the bike's id
    int next_vertex;  ///< where it goes: one of its vertex's neighbours
    bool use_bonus;   ///< whether it uses its held item first

    Movement(int unit = -1, int next_vertex = -99, bool use_bonus = false)
        : unit(unit), next_vertex(next_vertex), use_bonus(use_bonus) {}
};

/// The movements commanded in one round, in command order.
class Action {
    vector<Movement> movements_;
    set<int> commanded_;

    friend struct KitDriver;

public:
    /// Commands a movement; a second one for the same bike in a round is ignored (false).
    bool command(const Movement& m) {
        if (commanded_.count(m.unit)) return false;
        commanded_.insert(m.unit);
        movements_.push_back(m);
        return true;
    }

    /// The movements commanded so far this round.
    const vector<Movement>& movements() const { return movements_; }
};

#endif
