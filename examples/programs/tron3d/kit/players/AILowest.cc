// A test player in the Tron3D kit's style, deterministic: each bike due to move takes its
// lowest-numbered free neighbour (none free: its lowest-numbered neighbour), and uses any item
// it holds. lowest.py beside this file is the same logic written against tron3d-protocol 1;
// the two must play the same moves. Both write what they know to standard error in the
// protocol's own lines (the game once, then every round), so that a test can check that the
// kit's answers equal what the arena sent.
#include "Player.hh"

using namespace std;

#define PLAYER_NAME Lowest

struct PLAYER_NAME : public Player {
    static Player* factory() { return new PLAYER_NAME; }

    static string join(const vector<int>& v) {
        ostringstream out;
        for (int i = 0; i < (int)v.size(); ++i) out << (i ? " " : "") << v[i];
        return out.str();
    }

    // What this player knows, as the protocol's lines (the spawn list is not part of the API).
    void tell() {
        if (round() == 0) {
            cerr << "me " << me() << "\nnb_players " << nb_players() << "\nnb_bikes " << nb_bikes()
                 << "\nnb_rounds " << nb_rounds() << "\nbonus_round " << bonus_round()
                 << "\nturbo_duration " << turbo_duration() << "\nghost_duration "
                 << ghost_duration() << "\nscore_bonus " << score_bonus() << "\nmap " << map()
                 << "\nvertices " << nb_vertices() << "\n";
            for (int v = 0; v < nb_vertices(); ++v) cerr << join(vertex(v).neighbours) << "\n";
            cerr << "bonus " << bonus_vertices().size() << "\n" << join(bonus_vertices()) << "\n";
        }
        cerr << "round " << round() << "\nscore";
        for (int p = 0; p < nb_players(); ++p) cerr << " " << score(p);
        cerr << "\nwalls";
        for (int v = 0; v < nb_vertices(); ++v) cerr << " " << vertex(v).wall;
        cerr << "\nitems";
        for (int v = 0; v < nb_vertices(); ++v) cerr << " " << bonus2char(vertex(v).bonus);
        int k = 0;
        for (int p = 0; p < nb_players(); ++p) k += (int)bikes(p).size();
        cerr << "\nbikes " << k << "\n";
        for (int id = 0; id < k; ++id) {
            const Bike& b = bike(id);
            cerr << b.player << " " << bonus2char(b.bonus) << " " << b.vertex << " "
                 << b.turbo_duration << " " << b.ghost_duration << " " << (b.alive ? 1 : 0) << "\n";
        }
    }

    void play() {
        tell();
        vector<bool> taken(nb_vertices(), false);
        vector<int> mine = bikes(me());
        for (int i = 0; i < (int)mine.size(); ++i) {
            const Bike& b = bike(mine[i]);
            if (!b.alive) continue;
            if (round() % 2 == 1 && b.turbo_duration <= 0) continue;
            int target = -1, lowest = -1;
            for (int v : vertex(b.vertex).neighbours) {
                if (lowest == -1 || v < lowest) lowest = v;
                if (vertex(v).wall == -1 && !taken[v] && (target == -1 || v < target)) target = v;
            }
            if (target == -1) target = lowest;
            taken[target] = true;
            command(Movement(b.id, target, b.bonus != None));
        }
    }
};

RegisterPlayer(PLAYER_NAME);
