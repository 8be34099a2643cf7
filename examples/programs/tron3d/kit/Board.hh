// Tron3D kit API over tron3d-protocol 1 (contest-engines): the board a player reads.
// Names, types and meanings follow the Jutge Tron3D kit's player API; the implementation is ours:
// every field is filled from the arena's lines (PROTOCOL.md), once per round.
#ifndef Board_hh
#define Board_hh

#include "Utils.hh"

/// The bonus items: lying on a vertex, or held by a bike.
enum Bonus { None = 0, Turbo, Ghost, Points, BonusEnumSize };

/// A vertex of the board's graph.
struct Vertex {
    int id;                  ///< this vertex's id, 0-based
    int bike;                ///< the live bike standing here, -1 if none
    int wall;                ///< the bike whose wall stands here, -1 if free
    Bonus bonus;             ///< the item lying here (None if none)
    vector<int> neighbours;  ///< the vertices reachable from here, in the board's order
};

/// A bike.
struct Bike {
    int id;              ///< this bike's id; bike k belongs to player k % nb_players()
    int player;          ///< its owner
    Bonus bonus;         ///< the item it holds (None, Turbo or Ghost)
    int vertex;          ///< where it stands (a dead bike: where it crashed)
    int turbo_duration;  ///< rounds of turbo left (it must move on odd rounds while > 0)
    int ghost_duration;  ///< moves through walls left
    bool alive;          ///< true until it explodes
};

/// The game's parameters and the current round's state, as the arena tells them.
class Board {
    string map_;
    int nb_players_ = 0;
    int nb_bikes_ = 0;
    int nb_rounds_ = 0;
    int bonus_round_ = 0;
    int turbo_duration_ = 0;
    int ghost_duration_ = 0;
    int score_bonus_ = 0;
    vector<int> spawn_vertices_;
    vector<int> bonus_vertices_;
    int round_ = 0;
    vector<Vertex> vertices_;
    vector<Bike> bikes_;
    vector<int> score_;

    friend struct KitDriver;

public:
    /// The game and its version.
    static string version() { return "tron3d v1.2"; }

    /// The board's name ("cube", "plane", ...).
    string map() const { return map_; }
    /// The number of players.
    int nb_players() const { return nb_players_; }
    /// The number of bikes per player.
    int nb_bikes() const { return nb_bikes_; }
    /// The number of rounds of the game.
    int nb_rounds() const { return nb_rounds_; }
    /// The round from which bonus items lie on bonus_vertices().
    int bonus_round() const { return bonus_round_; }
    /// The rounds of compulsory moves a Turbo gives.
    int turbo_duration() const { return turbo_duration_; }
    /// The moves through walls a Ghost gives.
    int ghost_duration() const { return ghost_duration_; }
    /// The points a Points item gives.
    int score_bonus() const { return score_bonus_; }
    /// The number of vertices of the board.
    int nb_vertices() const { return (int)vertices_.size(); }
    /// The vertices where bonus items appear at bonus_round().
    vector<int> bonus_vertices() const { return bonus_vertices_; }
    /// Whether the game runs on the judge's server: always false here.
    bool secgame() const { return false; }
    /// The current round, from 0; on odd rounds only bikes in turbo move.
    int round() const { return round_; }

    bool player_ok(int player) const { return player >= 0 && player < nb_players_; }
    bool bike_ok(int id) const { return id >= 0 && id < (int)bikes_.size(); }
    bool vertex_ok(int id) const { return id >= 0 && id < (int)vertices_.size(); }

    /// Whether vertex_b is a neighbour of vertex_a (walls not considered).
    bool is_neighbour(int vertex_a, int vertex_b) const {
        check(vertex_ok(vertex_a));
        const vector<int>& n = vertices_[vertex_a].neighbours;
        return find(n.begin(), n.end(), vertex_b) != n.end();
    }

    /// The current score of a player.
    int score(int player) const {
        check(player_ok(player));
        return score_[player];
    }

    /// The share of CPU time used in the last round (the judge's; not known here): 0.
    double status(int player) const {
        check(player_ok(player));
        return 0.0;
    }

    /// The vertex v.
    const Vertex& vertex(int v) const {
        check(vertex_ok(v));
        return vertices_[v];
    }

    /// The bike with this id.
    const Bike& bike(int id) const {
        check(bike_ok(id));
        return bikes_[id];
    }

    /// The ids of a player's bikes, ascending, dead ones included.
    vector<int> bikes(int player) const {
        vector<int> ids;
        for (const Bike& b : bikes_)
            if (b.player == player) ids.push_back(b.id);
        return ids;
    }
};

/// An item as the kit writes it: n, t, g or p.
inline char bonus2char(Bonus b) {
    switch (b) {
        case Turbo: return 't';
        case Ghost: return 'g';
        case Points: return 'p';
        default: return 'n';
    }
}

/// An item from its letter (anything else is None).
inline Bonus char2bonus(char c) {
    switch (c) {
        case 't': return Turbo;
        case 'g': return Ghost;
        case 'p': return Points;
        default: return None;
    }
}

#endif
