// Tron3D kit API over tron3d-protocol 1 (contest-engines): player registration.
#ifndef Registry_hh
#define Registry_hh

class Player;

/// Where `RegisterPlayer` records the one player class of this program.
struct Registry {
    typedef Player* (*Factory)();
    static Factory& factory() {
        static Factory f = nullptr;
        return f;
    }
    static int Register(const char* name, Factory f);
    static const char*& name() {
        static const char* n = "";
        return n;
    }
};

inline int Registry::Register(const char* name, Factory f) {
    factory() = f;
    Registry::name() = name;
    return 0;
}

/// Registers the player class `x` (write `RegisterPlayer(PLAYER_NAME);` after its definition).
#define RegisterPlayer(x) \
    static int kit_registered_##x = Registry::Register(#x, []() -> Player* { return new x; })

#endif
