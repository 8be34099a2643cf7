// A test player in the Tron3D kit's style: space first.
// Each bike due to move goes to the free neighbour from which a flood fill over free vertices
// reaches the most; vertices next to an enemy head count less, a lying item breaks ties. Our
// own bikes keep off each other's targets. A trapped bike uses a held Ghost.
#include "Player.hh"

using namespace std;

#define PLAYER_NAME Flood

struct PLAYER_NAME : public Player {
    static Player* factory() { return new PLAYER_NAME; }

    int room(int from, const vector<bool>& blocked) {
        vector<bool> seen(nb_vertices(), false);
        queue<int> q;
        q.push(from);
        seen[from] = true;
        int count = 0;
        while (!q.empty()) {
            int v = q.front();
            q.pop();
            ++count;
            for (int u : vertex(v).neighbours) {
                if (!seen[u] && !blocked[u]) {
                    seen[u] = true;
                    q.push(u);
                }
            }
        }
        return count;
    }

    void play() {
        vector<bool> blocked(nb_vertices(), false);
        for (int v = 0; v < nb_vertices(); ++v) blocked[v] = vertex(v).wall != -1;
        set<int> danger;
        for (int p = 0; p < nb_players(); ++p) {
            if (p == me()) continue;
            for (int id : bikes(p))
                if (bike(id).alive)
                    for (int u : vertex(bike(id).vertex).neighbours) danger.insert(u);
        }
        for (int id : bikes(me())) {
            const Bike& b = bike(id);
            if (!b.alive || (round() % 2 == 1 && b.turbo_duration <= 0)) continue;
            const vector<int>& next = vertex(b.vertex).neighbours;
            int best = -1;
            double best_value = -1;
            for (int u : next) {
                if (blocked[u] && b.ghost_duration <= 0) continue;
                double value = room(u, blocked) * (danger.count(u) ? 0.5 : 1.0);
                if (vertex(u).bonus != None) value += 0.25;
                if (value > best_value) {
                    best_value = value;
                    best = u;
                }
            }
            Movement m(id);
            if (best >= 0) {
                m.next_vertex = best;
                m.use_bonus = b.bonus == Turbo && best_value > 30;
            } else if (b.bonus == Ghost) {
                m.next_vertex = next[0];
                m.use_bonus = true;
            } else {
                m.next_vertex = next[0];  // walled in: nothing helps
            }
            blocked[m.next_vertex] = true;
            command(m);
        }
    }
};

RegisterPlayer(PLAYER_NAME);
