// Tron3D kit API over tron3d-protocol 1 (contest-engines): the program around a kit player.
// Reads the game's header and each round from standard input (PROTOCOL.md beside the kit's
// folder), fills the player's board, calls its play() and writes one `moves` line with the
// movements it commanded; returns at `end` or when the input closes.
//
// Standard output is the protocol's alone: whatever the player prints (cout, printf) goes to
// standard error instead.
#include "Player.hh"

#include <unistd.h>

struct KitDriver {
    int out = -1;  // the protocol's output (the original standard output)

    static vector<string> words(const string& line) {
        vector<string> ws;
        istringstream in(line);
        string w;
        while (in >> w) ws.push_back(w);
        return ws;
    }

    static bool next_line(string& line) {
        if (!getline(cin, line)) return false;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return true;
    }

    static vector<string> expect(const char* key) {
        string line;
        if (!next_line(line)) exit(0);
        vector<string> ws = words(line);
        if (ws.empty() || ws[0] != key) {
            cerr << "kit: expected '" << key << "', got '" << line << "'" << endl;
            exit(2);
        }
        return ws;
    }

    static int number(const char* key) {
        vector<string> ws = expect(key);
        return ws.size() > 1 ? atoi(ws[1].c_str()) : 0;
    }

    static vector<int> ints(const vector<string>& ws, size_t from) {
        vector<int> v;
        for (size_t i = from; i < ws.size(); ++i) v.push_back(atoi(ws[i].c_str()));
        return v;
    }

    static vector<int> int_line() {
        string line;
        if (!next_line(line)) exit(0);
        return ints(words(line), 0);
    }

    void send(const string& line) {
        string s = line + "\n";
        const char* p = s.data();
        size_t left = s.size();
        while (left > 0) {
            ssize_t n = write(out, p, left);
            if (n <= 0) exit(0);
            p += n;
            left -= (size_t)n;
        }
    }

    void read_header(Player& p) {
        string line;
        if (!next_line(line) || line != "tron3d-protocol 1") {
            cerr << "kit: not tron3d-protocol 1: '" << line << "'" << endl;
            exit(2);
        }
        p.me_ = number("me");
        Board& b = p;
        b.nb_players_ = number("nb_players");
        b.nb_bikes_ = number("nb_bikes");
        b.nb_rounds_ = number("nb_rounds");
        b.bonus_round_ = number("bonus_round");
        b.turbo_duration_ = number("turbo_duration");
        b.ghost_duration_ = number("ghost_duration");
        b.score_bonus_ = number("score_bonus");
        if (!next_line(line) || line.compare(0, 3, "map") != 0) exit(2);
        b.map_ = line.size() > 4 ? line.substr(4) : "";
        int n = number("vertices");
        b.vertices_.assign(n, Vertex());
        for (int v = 0; v < n; ++v) {
            Vertex& x = b.vertices_[v];
            x.id = v;
            x.bike = -1;
            x.wall = -1;
            x.bonus = None;
            x.neighbours = int_line();
        }
        number("spawn");
        b.spawn_vertices_ = int_line();
        number("bonus");
        b.bonus_vertices_ = int_line();
    }

    // Reads one round after its `round R` line; false at `end`.
    bool read_round(Player& p) {
        string line;
        if (!next_line(line)) return false;
        vector<string> ws = words(line);
        if (ws.empty() || ws[0] == "end") return false;
        if (ws[0] != "round" || ws.size() < 2) {
            cerr << "kit: expected 'round', got '" << line << "'" << endl;
            exit(2);
        }
        Board& b = p;
        b.round_ = atoi(ws[1].c_str());
        b.score_ = ints(expect("score"), 1);
        vector<int> walls = ints(expect("walls"), 1);
        vector<string> items = expect("items");
        for (int v = 0; v < (int)b.vertices_.size(); ++v) {
            Vertex& x = b.vertices_[v];
            x.wall = v < (int)walls.size() ? walls[v] : -1;
            x.bonus = v + 1 < (int)items.size() ? char2bonus(items[v + 1][0]) : None;
            x.bike = -1;
        }
        int k = number("bikes");
        b.bikes_.assign(k, Bike());
        for (int i = 0; i < k; ++i) {
            if (!next_line(line)) exit(0);
            vector<string> f = words(line);
            if (f.size() < 6) exit(2);
            Bike& bk = b.bikes_[i];
            bk.id = i;
            bk.player = atoi(f[0].c_str());
            bk.bonus = char2bonus(f[1][0]);
            bk.vertex = atoi(f[2].c_str());
            bk.turbo_duration = atoi(f[3].c_str());
            bk.ghost_duration = atoi(f[4].c_str());
            bk.alive = f[5] == "1";
            // As the judge's server fills it: live bikes in id order, the last one wins.
            if (bk.alive && b.vertex_ok(bk.vertex)) b.vertices_[bk.vertex].bike = i;
        }
        return true;
    }

    // The `moves` line for what the player commanded: only its own bikes, to real vertices
    // (anything else the arena would skip, as the kit does), at most 16.
    string moves_line(const Player& p) {
        ostringstream line;
        line << "moves";
        int n = 0;
        for (const Movement& m : p.movements_) {
            if (!p.bike_ok(m.unit) || p.bike(m.unit).player != p.me()) continue;
            if (!p.vertex_ok(m.next_vertex) || n == 16) continue;
            line << ' ' << m.unit << ' ' << m.next_vertex << ' ' << (m.use_bonus ? 1 : 0);
            ++n;
        }
        return line.str();
    }

    int run() {
        out = dup(1);
        dup2(2, 1);  // the player's prints go to standard error
        cout.rdbuf(cerr.rdbuf());
        if (Registry::factory() == nullptr) {
            cerr << "kit: no player registered (RegisterPlayer(PLAYER_NAME);)" << endl;
            return 2;
        }
        Player* p = Registry::factory()();
        read_header(*p);
        while (read_round(*p)) {
            p->movements_.clear();
            p->commanded_.clear();
            p->play();
            send(moves_line(*p));
        }
        return 0;
    }
};

int main() {
    ios::sync_with_stdio(false);
    KitDriver driver;
    return driver.run();
}
