// Tron3D kit API over tron3d-protocol 1 (contest-engines): the base of every player.
// A player file is written as for the Jutge kit:
//
//     #include "Player.hh"
//     #define PLAYER_NAME MyName
//     struct PLAYER_NAME : public Player {
//         static Player* factory() { return new PLAYER_NAME; }   // optional here
//         void play() { ... command(Movement(id, v, use)); ... }
//     };
//     RegisterPlayer(PLAYER_NAME);
//
// and compiled with `build.sh AIMyName.cc OUT` into a program speaking tron3d-protocol 1.
#ifndef Player_hh
#define Player_hh

#include "Action.hh"
#include "Board.hh"
#include "Registry.hh"
#include "Utils.hh"

/// A player: reads the board (its Board part) and commands movements (its Action part).
class Player : public Board, public Action {
    int me_ = 0;

    friend struct KitDriver;

public:
    virtual ~Player() {}

    /// Called once per round, from round 0: read the board, command your bikes.
    virtual void play() = 0;

    /// The player you are, 0-based.
    int me() const { return me_; }
};

#endif
