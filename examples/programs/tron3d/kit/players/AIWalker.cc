// A test player in the Tron3D kit's style: a random walk that keeps off walls.
// Each bike due to move goes to a random free neighbour; a bike walled in uses a held Ghost,
// and a held Turbo is used when there are at least two free neighbours.
#include "Player.hh"

using namespace std;

#define PLAYER_NAME Walker

struct PLAYER_NAME : public Player {
    static Player* factory() { return new PLAYER_NAME; }

    void play() {
        vector<int> mine = bikes(me());
        for (int i = 0; i < (int)mine.size(); ++i) {
            const Bike& b = bike(mine[i]);
            if (!b.alive) continue;
            if (round() % 2 == 1 && b.turbo_duration <= 0) continue;
            const vector<int>& next = vertex(b.vertex).neighbours;
            vector<int> free;
            for (int v : next)
                if (vertex(v).wall == -1) free.push_back(v);
            Movement m(b.id);
            if (!free.empty()) {
                m.next_vertex = free[rand() % free.size()];
                m.use_bonus = b.bonus == Turbo && free.size() >= 2;
            } else {
                m.next_vertex = next[rand() % next.size()];
                m.use_bonus = b.bonus == Ghost;
            }
            command(m);
        }
    }
};

RegisterPlayer(PLAYER_NAME);
