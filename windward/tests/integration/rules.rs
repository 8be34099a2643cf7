//! Unit tests of every non-movement rule (rules §6–§9, edge cases of §14), on a shipped map.

use windward::rules::{
    self, CardAction, Draw, Recipient, Status, bus_stop_arrival, card_order, coffee_stop_arrival,
    max_hand, process_powerup, score, tick_timers,
};
use windward::state::{CARD_TICKS, FULL_COFFEE};
use windward::{
    Card, CardKind, CompanyId, Config, Event, Game, PassengerId, PlayerId, Point, State, TileType,
};

fn game() -> Game {
    Game::new(windward::mapgen::default_map(0), Config::default()).unwrap()
}

/// Chance outcomes given in order, for exact expectations.
struct Fixed(Vec<usize>);
impl rules::Chance for Fixed {
    fn pick(&mut self, _d: Draw, n: usize) -> usize {
        if self.0.is_empty() {
            0
        } else {
            self.0.remove(0).min(n - 1)
        }
    }
}

const P0: PlayerId = PlayerId(0);

fn stop_of(state: &State, c: CompanyId) -> Point {
    state.company_stops[c.index()]
}

/// Puts passenger `p` in player 0's car, picked up at `from`.
fn board(state: &mut State, p: PassengerId, from: CompanyId) {
    let ps = &mut state.passengers[p.index()];
    ps.lobby = None;
    ps.car = Some(P0);
    ps.start = Some(from);
    state.players[0].passenger = Some(p);
}

/// The first passenger that has an enemy, its first enemy, and its destination.
fn passenger_with_an_enemy(state: &State) -> (PassengerId, PassengerId, CompanyId) {
    let p = (0..12)
        .map(PassengerId)
        .find(|p| !state.passengers[p.index()].enemies.is_empty())
        .expect("every setup has enemies");
    let passenger = &state.passengers[p.index()];
    (p, passenger.enemies[0], passenger.destination.unwrap())
}

fn statuses(events: &[Event]) -> Vec<Status> {
    events.iter().map(|e| e.status).collect()
}

fn arrive(state: &mut State, stop: Point, events: &mut Vec<Event>) -> bool {
    bus_stop_arrival(state, P0, stop, stop, &mut Fixed(vec![]), events)
}

fn arrive_at(state: &mut State, company: CompanyId, events: &mut Vec<Event>) -> bool {
    let stop = stop_of(state, company);
    arrive(state, stop, events)
}

#[test]
fn unassigned_stop_does_nothing() {
    let g = game();
    let mut s = g.initial_state(1);
    let all = g.map().tiles_of(TileType::BusStop);
    let free = all
        .iter()
        .copied()
        .find(|t| s.company_at(*t).is_none())
        .expect("14 stops, 12 companies");
    s.players[0].hand.push(Card::new(CardKind::StopCar));
    let before = s.clone();
    let mut ev = Vec::new();
    assert!(!arrive(&mut s, free, &mut ev));
    assert!(ev.is_empty());
    assert_eq!(s, before, "no card unlock either");
}

#[test]
fn pick_up_follows_the_pickup_list_and_unlocks_the_hand() {
    let g = game();
    let mut s = g.initial_state(2);
    let tim = PassengerId::from_name("Tim Cook").unwrap();
    let apple = tim.home();
    s.players[0].hand.push(Card::new(CardKind::StopCar));
    s.players[0].pickup.extend([PassengerId(0), tim]);
    let mut ev = Vec::new();
    assert!(arrive_at(&mut s, apple, &mut ev));
    assert_eq!(
        ev,
        vec![Event {
            to: Recipient::All,
            about: P0,
            status: Status::PassengerPickedUp,
            card: None
        }]
    );
    assert_eq!(s.players[0].passenger, Some(tim));
    let ps = &s.passengers[tim.index()];
    assert_eq!((ps.lobby, ps.car, ps.start), (None, Some(P0), Some(apple)));
    assert_eq!(s.players[0].pickup.as_slice(), &[PassengerId(0)]);
    assert!(s.players[0].hand[0].ok_to_play);
    assert_eq!(
        s.players[0].car.coffee, FULL_COFFEE,
        "picking up costs no coffee"
    );

    // Nobody wanted here: no action.
    let mut s2 = g.initial_state(2);
    let mut ev = Vec::new();
    arrive_at(&mut s2, apple, &mut ev);
    assert_eq!(statuses(&ev), vec![Status::PassengerNoAction]);
    assert_eq!(s2.players[0].passenger, None);
}

#[test]
fn delivery_scores_moves_the_passenger_on_and_uses_coffee() {
    let g = game();
    let mut s = g.initial_state(3);
    let p = PassengerId::from_name("Meg Whitman").unwrap(); // 2 points
    let dest = s.passengers[p.index()].destination.unwrap();
    let next = s.passengers[p.index()].route[0];
    board(&mut s, p, p.home());
    // Clear the destination lobby of the passenger's enemies.
    for e in s.passengers[p.index()].enemies.clone() {
        s.passengers[e.index()].lobby = Some(p.home());
    }
    let mut ev = Vec::new();
    arrive_at(&mut s, dest, &mut ev);
    assert_eq!(statuses(&ev), vec![Status::PassengerDelivered]);
    let pl = &s.players[0];
    assert_eq!((pl.points, pl.car.coffee, pl.passenger), (2.0, 2, None));
    assert_eq!(pl.delivered.as_slice(), &[p]);
    let ps = &s.passengers[p.index()];
    assert_eq!(
        (ps.lobby, ps.car, ps.start, ps.destination),
        (Some(dest), None, None, Some(next))
    );
    assert_eq!(ps.route.len(), 9);
}

#[test]
fn transit_cards_pay_their_bonus_and_an_extra_coffee() {
    let g = game();
    for (kind, bonus) in [
        (CardKind::MultDeliverAtCompany, 0.2f32),
        (CardKind::MultDeliveringPassenger, 0.2),
        (CardKind::MultDeliveryQuarterSpeed, 0.5),
    ] {
        let mut s = g.initial_state(4);
        let p = PassengerId::from_name("Shirley Clawson").unwrap(); // 3 points
        let dest = s.passengers[p.index()].destination.unwrap();
        board(&mut s, p, p.home());
        for e in s.passengers[p.index()].enemies.clone() {
            s.passengers[e.index()].lobby = Some(p.home());
        }
        s.players[0].this_transit = Some(Card {
            ok_to_play: true,
            ..Card::new(kind)
        });
        s.players[0]
            .car
            .vehicle
            .set_quarter_speed(kind == CardKind::MultDeliveryQuarterSpeed);
        let mut ev = Vec::new();
        arrive_at(&mut s, dest, &mut ev);
        assert_eq!(s.players[0].points, 3.0 + 3.0 * bonus, "{kind:?}");
        assert_eq!(s.players[0].car.coffee, 1, "{kind:?}: two servings");
        assert_eq!(s.players[0].this_transit, None);
        assert!(
            !s.players[0].car.vehicle.motion.quarter,
            "{kind:?}: back to full speed"
        );
    }
}

#[test]
fn quarter_speed_transit_keeps_the_all_cars_slowdown() {
    let g = game();
    let mut s = g.initial_state(4);
    let p = PassengerId(0);
    let dest = s.passengers[0].destination.unwrap();
    board(&mut s, p, p.home());
    for e in s.passengers[0].enemies.clone() {
        s.passengers[e.index()].lobby = Some(p.home());
    }
    s.players[0].this_transit = Some(Card::new(CardKind::MultDeliveryQuarterSpeed));
    s.players[0].car.vehicle.set_quarter_speed(true);
    s.players[0].ticks_to_full_speed = 5;
    arrive_at(&mut s, dest, &mut Vec::new());
    assert!(
        s.players[0].car.vehicle.motion.quarter,
        "ALL_OTHER_CARS still running"
    );
}

#[test]
fn an_enemy_in_the_lobby_refuses_the_drop_one_way() {
    let g = game();
    let mut s = g.initial_state(5);
    let (p, enemy, dest) = passenger_with_an_enemy(&s);
    board(&mut s, p, p.home());
    s.passengers[enemy.index()].lobby = Some(dest);
    let mut ev = Vec::new();
    arrive_at(&mut s, dest, &mut ev);
    assert_eq!(statuses(&ev), vec![Status::PassengerRefusedEnemy]);
    assert_eq!(s.players[0].passenger, Some(p));
    assert_eq!(
        s.players[0].car.coffee, FULL_COFFEE,
        "a refusal uses no coffee"
    );

    // The relation is one-way: carrying the enemy to p's lobby is fine unless p is its enemy too.
    let mut s = g.initial_state(5);
    if !s.passengers[enemy.index()].enemies.contains(&p) {
        let edest = s.passengers[enemy.index()].destination.unwrap();
        for e in s.passengers[enemy.index()].enemies.clone() {
            s.passengers[e.index()].lobby = Some(enemy.home());
        }
        board(&mut s, enemy, enemy.home());
        s.passengers[p.index()].lobby = Some(edest);
        let mut ev = Vec::new();
        arrive_at(&mut s, edest, &mut ev);
        assert_eq!(statuses(&ev), vec![Status::PassengerDelivered]);
    }
}

#[test]
fn abandoning_is_free_and_the_abandoned_passenger_is_not_re_picked_at_once() {
    let g = game();
    let mut s = g.initial_state(6);
    let p = PassengerId(1);
    let dest = s.passengers[1].destination.unwrap();
    let elsewhere = CompanyId::all()
        .find(|&c| c != dest && c != p.home())
        .unwrap();
    for q in PassengerId::all() {
        if s.passengers[q.index()].lobby == Some(elsewhere) {
            s.passengers[q.index()].lobby = Some(p.home());
        }
    }
    board(&mut s, p, p.home());
    let other = PassengerId(2);
    s.passengers[other.index()].lobby = Some(elsewhere);
    s.players[0].pickup.extend([p, other]);
    let mut ev = Vec::new();
    arrive_at(&mut s, elsewhere, &mut ev);
    assert_eq!(statuses(&ev), vec![Status::PassengerDeliveredAndPickedUp]);
    assert_eq!(s.players[0].points, 0.0);
    assert_eq!(s.players[0].passenger, Some(other));
    assert_eq!(s.passengers[p.index()].lobby, Some(elsewhere));
    assert_eq!(s.players[0].car.coffee, 2);
    // Later it may be picked up again.
    let mut s2 = s.clone();
    s2.players[0].passenger = None;
    s2.passengers[other.index()].car = None;
    s2.passengers[other.index()].lobby = Some(p.home());
    let mut ev = Vec::new();
    arrive_at(&mut s2, elsewhere, &mut ev);
    assert_eq!(s2.players[0].passenger, Some(p));
}

#[test]
fn coffee_runs_out_and_refuses_pick_ups() {
    let g = game();
    let mut s = g.initial_state(7);
    let tim = PassengerId::from_name("Tim Cook").unwrap();
    s.players[0].pickup.push(tim);
    s.players[0].car.coffee = 0;
    let mut ev = Vec::new();
    arrive_at(&mut s, tim.home(), &mut ev);
    assert_eq!(statuses(&ev), vec![Status::PassengerRefusedNoCoffee]);
    assert_eq!(s.players[0].passenger, None);

    // Delivering the last serving: delivered, pick-up refused.
    let mut s = g.initial_state(7);
    let p = PassengerId(0);
    let dest = s.passengers[0].destination.unwrap();
    board(&mut s, p, p.home());
    for e in s.passengers[0].enemies.clone() {
        s.passengers[e.index()].lobby = Some(p.home());
    }
    let waiting =
        PassengerId::all().find(|q| *q != p && s.passengers[q.index()].lobby == Some(dest));
    let waiting = waiting.unwrap_or_else(|| {
        s.passengers[3].lobby = Some(dest);
        PassengerId(3)
    });
    if s.passengers[0].enemies.contains(&waiting) {
        return; // the refusal is covered above
    }
    s.players[0].pickup.push(waiting);
    s.players[0].car.coffee = 1;
    let mut ev = Vec::new();
    arrive_at(&mut s, dest, &mut ev);
    assert_eq!(
        statuses(&ev),
        vec![Status::PassengerDeliveredAndPickUpRefused]
    );
    assert_eq!(s.players[0].car.coffee, 0);
}

#[test]
fn next_stop_cards_need_two_coffees_and_the_right_target() {
    let g = game();
    let tim = PassengerId::from_name("Tim Cook").unwrap();
    // Too little coffee: illegal, the card stays.
    let mut s = g.initial_state(8);
    s.players[0].pickup.push(tim);
    s.players[0].car.coffee = 1;
    let card = Card {
        passenger: Some(tim),
        ok_to_play: true,
        ..Card::new(CardKind::MultDeliveringPassenger)
    };
    s.players[0].next_bus_stop = Some(card);
    let mut ev = Vec::new();
    arrive_at(&mut s, tim.home(), &mut ev);
    assert_eq!(
        statuses(&ev),
        vec![Status::PowerUpIllegalToPlay, Status::PassengerPickedUp]
    );
    assert_eq!(s.players[0].next_bus_stop, Some(card));
    assert_eq!(s.players[0].this_transit, None);

    // Right passenger: played, to everyone.
    let mut s = g.initial_state(8);
    s.players[0].pickup.push(tim);
    s.players[0].next_bus_stop = Some(card);
    let mut ev = Vec::new();
    arrive_at(&mut s, tim.home(), &mut ev);
    assert_eq!(
        ev[0],
        Event {
            to: Recipient::All,
            about: P0,
            status: Status::PowerUpPlayed,
            card: Some(card)
        }
    );
    assert_eq!(s.players[0].this_transit, Some(card));
    assert_eq!(s.players[0].next_bus_stop, None);

    // Wrong company: illegal and lost, no extra coffee later.
    let mut s = g.initial_state(8);
    let dest = s.passengers[tim.index()].destination.unwrap();
    let wrong = CompanyId::all().find(|&c| c != dest).unwrap();
    s.players[0].pickup.push(tim);
    s.players[0].next_bus_stop = Some(Card {
        company: Some(wrong),
        ..Card::new(CardKind::MultDeliverAtCompany)
    });
    let mut ev = Vec::new();
    arrive_at(&mut s, tim.home(), &mut ev);
    assert_eq!(
        statuses(&ev),
        vec![Status::PowerUpIllegalToPlay, Status::PassengerPickedUp]
    );
    assert_eq!(
        (s.players[0].this_transit, s.players[0].next_bus_stop),
        (None, None)
    );

    // Quarter-speed card slows the car.
    let mut s = g.initial_state(8);
    s.players[0].pickup.push(tim);
    s.players[0].next_bus_stop = Some(Card::new(CardKind::MultDeliveryQuarterSpeed));
    arrive_at(&mut s, tim.home(), &mut Vec::new());
    assert!(s.players[0].car.vehicle.motion.quarter);
}

#[test]
fn the_hand_limit_is_enforced_at_a_company_stop() {
    let g = game();
    let mut s = g.initial_state(9);
    let p = PassengerId(0);
    let dest = s.passengers[0].destination.unwrap();
    board(&mut s, p, p.home());
    for e in s.passengers[0].enemies.clone() {
        s.passengers[e.index()].lobby = Some(p.home());
    }
    let hand = [
        CardKind::StopCar,
        CardKind::RelocateAllCars,
        CardKind::MovePassenger,
        CardKind::ChangeDestination,
    ];
    s.players[0].hand.extend(hand.map(Card::new));
    let mut ev = Vec::new();
    // Discard index 1 (RELOCATE_ALL_CARS): 1 point -> limit 3.
    let stop = stop_of(&s, dest);
    bus_stop_arrival(&mut s, P0, stop, stop, &mut Fixed(vec![1]), &mut ev);
    assert_eq!(
        statuses(&ev),
        vec![Status::PowerUpHandTooMany, Status::PassengerDelivered]
    );
    assert_eq!(ev[0].card.map(|c| c.kind), Some(CardKind::RelocateAllCars));
    assert_eq!(ev[0].to, Recipient::Only);
    assert_eq!(s.players[0].hand.len(), 3);
    assert!(s.players[0].hand.iter().all(|c| c.ok_to_play));
}

#[test]
fn coffee_stores_restock_only_an_empty_car() {
    let g = game();
    let mut s = g.initial_state(10);
    let store = s.coffee_stores[0];
    s.players[0].car.coffee = 0;
    s.players[0].hand.push(Card::new(CardKind::StopCar));
    let mut ev = Vec::new();
    assert!(coffee_stop_arrival(&mut s, P0, store, &mut ev));
    assert_eq!(
        ev,
        vec![Event {
            to: Recipient::All,
            about: P0,
            status: Status::CoffeeStoreCarRestocked,
            card: None
        }]
    );
    assert_eq!(s.players[0].car.coffee, 3);
    assert!(s.players[0].hand[0].ok_to_play);

    board(&mut s, PassengerId(0), PassengerId(0).home());
    s.players[0].car.coffee = 1;
    let mut ev = Vec::new();
    assert!(!coffee_stop_arrival(&mut s, P0, store, &mut ev));
    assert_eq!(
        ev,
        vec![Event {
            to: Recipient::Only,
            about: P0,
            status: Status::CoffeeStoreNoStockUp,
            card: None
        }]
    );
    assert_eq!(s.players[0].car.coffee, 1);
}

#[test]
fn draw_discard_and_play() {
    let g = game();
    let mut s = g.initial_state(11);
    let tile = s.players[0].car.tile();
    let mut ev = Vec::new();
    let deck: Vec<Card> = s.players[0].deck.to_vec();
    for c in &deck[..4] {
        card_order(&mut s, P0, CardAction::Draw, c, tile, &mut ev);
    }
    assert!(ev.is_empty());
    assert_eq!(s.players[0].hand.len(), 4);
    assert!(
        s.players[0].hand.iter().all(|c| c.ok_to_play),
        "drawn at score 0: playable"
    );
    card_order(&mut s, P0, CardAction::Draw, &deck[4], tile, &mut ev);
    assert_eq!(statuses(&ev), vec![Status::PowerUpDrawTooMany]);
    assert_eq!(s.players[0].deck.len(), 9);

    // Discard is silent.
    ev.clear();
    card_order(&mut s, P0, CardAction::Discard, &deck[0], tile, &mut ev);
    assert!(ev.is_empty());
    assert_eq!(s.players[0].hand.len(), 3);
    // Play a card that is only in the deck.
    card_order(&mut s, P0, CardAction::Play, &deck[5], tile, &mut ev);
    assert_eq!(statuses(&ev), vec![Status::PowerUpPlayNotExist]);

    // With points, a drawn card waits for a stop.
    let mut s = g.initial_state(11);
    s.players[0].points = 1.0;
    let mut ev = Vec::new();
    let relocate = Card::new(CardKind::RelocateAllCars);
    card_order(&mut s, P0, CardAction::Draw, &relocate, tile, &mut ev);
    assert!(!s.players[0].hand[0].ok_to_play);
    card_order(&mut s, P0, CardAction::Play, &relocate, tile, &mut ev);
    assert_eq!(statuses(&ev), vec![Status::PowerUpPlayNotReady]);
    s.players[0].hand[0].ok_to_play = true;
    card_order(&mut s, P0, CardAction::Play, &relocate, tile, &mut ev);
    assert_eq!(
        s.players[0].in_action.map(|c| c.kind),
        Some(CardKind::RelocateAllCars)
    );
    assert!(s.players[0].hand.is_empty());

    // Targets are written into the card found (even by DRAW).
    let mut ev = Vec::new();
    let stop = Card {
        player: Some(PlayerId(4)),
        ..Card::new(CardKind::StopCar)
    };
    card_order(&mut s, P0, CardAction::Draw, &stop, tile, &mut ev);
    assert_eq!(s.players[0].hand[0].player, Some(PlayerId(4)));

    // Unknown cards are ignored.
    let none = Card {
        company: Some(CompanyId(0)),
        ..Card::new(CardKind::MultDeliveringPassenger)
    };
    card_order(&mut s, P0, CardAction::Play, &none, tile, &mut ev);
    assert!(ev.is_empty());
}

#[test]
fn a_second_transit_card_replaces_the_first() {
    let g = game();
    let mut s = g.initial_state(12);
    let tile = s.players[0].car.tile();
    let a = Card {
        ok_to_play: true,
        ..Card::new(CardKind::MultDeliveryQuarterSpeed)
    };
    let b = Card {
        ok_to_play: true,
        company: Some(CompanyId(2)),
        ..Card::new(CardKind::MultDeliverAtCompany)
    };
    s.players[0].hand.extend([a, b]);
    card_order(&mut s, P0, CardAction::Play, &a, tile, &mut Vec::new());
    card_order(&mut s, P0, CardAction::Play, &b, tile, &mut Vec::new());
    assert_eq!(s.players[0].next_bus_stop, Some(b));
    assert!(s.players[0].hand.is_empty());
}

fn play_instant(g: &Game, s: &mut State, card: Card, outcomes: Vec<usize>) -> Vec<Event> {
    s.players[0].in_action = Some(card);
    let mut ev = Vec::new();
    process_powerup(g, s, P0, &mut Fixed(outcomes), &mut ev);
    assert_eq!(s.players[0].in_action, None);
    ev
}

#[test]
fn all_other_cars_quarter_speed_stacks_and_wears_off() {
    let g = game();
    let mut s = g.initial_state(13);
    let card = Card::new(CardKind::AllOtherCarsQuarterSpeed);
    let ev = play_instant(&g, &mut s, card, vec![]);
    assert_eq!(
        ev,
        vec![Event {
            to: Recipient::All,
            about: P0,
            status: Status::PowerUpPlayed,
            card: Some(card)
        }]
    );
    play_instant(&g, &mut s, card, vec![]);
    assert_eq!(s.players[0].ticks_to_full_speed, 0);
    assert!(!s.players[0].car.vehicle.motion.quarter);
    assert_eq!(s.players[1].ticks_to_full_speed, 2 * CARD_TICKS);
    assert!(s.players[1].car.vehicle.motion.quarter);
    s.players[2].this_transit = Some(Card::new(CardKind::MultDeliveryQuarterSpeed));
    for _ in 0..2 * CARD_TICKS {
        tick_timers(&mut s);
    }
    assert!(!s.players[1].car.vehicle.motion.quarter);
    assert!(
        s.players[2].car.vehicle.motion.quarter,
        "a quarter-speed transit keeps it"
    );
}

#[test]
fn stop_car_is_a_non_stacking_flat_and_is_refused_on_stops() {
    let g = game();
    let mut s = g.initial_state(14);
    let card = Card {
        player: Some(PlayerId(3)),
        ..Card::new(CardKind::StopCar)
    };
    let ev = play_instant(&g, &mut s, card, vec![]);
    assert_eq!(statuses(&ev), vec![Status::PowerUpPlayed]);
    let m = &s.players[3].car.vehicle.motion;
    assert!(m.flat && m.speed() == 0.0 && m.ticks_to_fix_flat == CARD_TICKS);
    for _ in 0..100 {
        tick_timers(&mut s);
    }
    play_instant(&g, &mut s, card, vec![]);
    assert_eq!(
        s.players[3].car.vehicle.motion.ticks_to_fix_flat, CARD_TICKS,
        "assignment, not +1800"
    );
    for _ in 0..CARD_TICKS {
        tick_timers(&mut s);
    }
    assert!(!s.players[3].car.vehicle.motion.flat);

    // No target: illegal and gone. On a stop: back to the hand.
    let ev = play_instant(&g, &mut s, Card::new(CardKind::StopCar), vec![]);
    assert_eq!(
        (statuses(&ev), s.players[0].hand.len()),
        (vec![Status::PowerUpIllegalToPlay], 0)
    );
    let stop = s.company_stops[0];
    s.players[3].car.place(stop, windward::Heading::North);
    let ev = play_instant(&g, &mut s, card, vec![]);
    assert_eq!(statuses(&ev), vec![Status::PowerUpIllegalToPlay]);
    assert_eq!(s.players[0].hand.as_slice(), &[card]);
}

#[test]
fn change_destination_keeps_the_route_multiset() {
    let g = game();
    let mut s = g.initial_state(15);
    let card = Card {
        player: Some(P0),
        ..Card::new(CardKind::ChangeDestination)
    };
    // No passenger: illegal.
    assert_eq!(
        statuses(&play_instant(&g, &mut s, card, vec![])),
        vec![Status::PowerUpIllegalToPlay]
    );
    let p = PassengerId(5);
    board(&mut s, p, p.home());
    let old = s.passengers[5].destination.unwrap();
    // Place the car far from the destination.
    let dest_stop = s.company_stops[old.index()];
    let far = g
        .map()
        .starts()
        .into_iter()
        .max_by_key(|(t, _)| t.manhattan(dest_stop))
        .unwrap();
    s.players[0].car.place(far.0, far.1);
    let mut before: Vec<CompanyId> = s.passengers[5].route.to_vec();
    before.push(old);
    before.sort();
    let ev = play_instant(&g, &mut s, card, vec![4]);
    assert_eq!(statuses(&ev), vec![Status::PowerUpPlayed]);
    let ps = &s.passengers[5];
    let new = ps.destination.unwrap();
    assert_ne!(new, old);
    let mut after: Vec<CompanyId> = ps.route.to_vec();
    after.push(new);
    after.sort();
    assert_eq!(
        before, after,
        "the route multiset is preserved when the new one was in the route"
    );

    // Within 3 tiles of the destination: returned to the hand.
    let dest_stop = s.company_stops[new.index()];
    s.players[0].car.place(dest_stop, windward::Heading::North);
    let ev = play_instant(&g, &mut s, card, vec![]);
    assert_eq!(statuses(&ev), vec![Status::PowerUpIllegalToPlay]);
    assert_eq!(s.players[0].hand.as_slice(), &[card]);
}

#[test]
fn moving_passengers_avoids_lobby_and_destination() {
    let g = game();
    for k in 0..10 {
        let mut s = g.initial_state(16 + k);
        let p = PassengerId((k % 12) as u8);
        let (lobby, dest) = (
            s.passengers[p.index()].lobby,
            s.passengers[p.index()].destination,
        );
        let card = Card {
            passenger: Some(p),
            ..Card::new(CardKind::MovePassenger)
        };
        let ev = play_instant(&g, &mut s, card, vec![k as usize]);
        assert_eq!(statuses(&ev), vec![Status::PowerUpPlayed]);
        let new = s.passengers[p.index()].lobby;
        assert!(new.is_some() && new != lobby && new != dest);
        // In a car: illegal.
        board(&mut s, p, new.unwrap());
        assert_eq!(
            statuses(&play_instant(&g, &mut s, card, vec![])),
            vec![Status::PowerUpIllegalToPlay]
        );
    }
}

#[test]
fn relocating_passengers_spares_enemies_at_my_destination() {
    let g = game();
    let mut s = g.initial_state(30);
    let (p, enemy, dest) = passenger_with_an_enemy(&s);
    board(&mut s, p, p.home());
    s.passengers[enemy.index()].lobby = Some(dest);
    let before = s.passengers.clone();
    play_instant(
        &g,
        &mut s,
        Card::new(CardKind::RelocateAllPassengers),
        vec![3; 12],
    );
    assert_eq!(s.passengers[enemy.index()].lobby, Some(dest));
    assert_eq!(
        s.passengers[p.index()],
        before[p.index()],
        "in a car: untouched"
    );
    for q in PassengerId::all().filter(|&q| q != p && q != enemy) {
        let (old, new) = (before[q.index()].lobby, s.passengers[q.index()].lobby);
        assert!(
            new != old && new != s.passengers[q.index()].destination,
            "{}",
            q.name()
        );
    }
}

#[test]
fn relocating_cars_puts_them_on_distinct_straight_roads_far_from_their_targets() {
    let g = game();
    let mut s = g.initial_state(40);
    let target = s.company_stops[3];
    s.players[2].car.vehicle.path = vec![target];
    board(&mut s, PassengerId(6), PassengerId(6).home());
    let mut rng = rand_pcg::Pcg64Mcg::new(9);
    s.players[0].in_action = Some(Card::new(CardKind::RelocateAllCars));
    let mut ev = Vec::new();
    process_powerup(&g, &mut s, P0, &mut rng, &mut ev);
    assert_eq!(
        s.players[0].passenger,
        Some(PassengerId(6)),
        "passengers stay aboard"
    );
    assert_eq!(s.passengers[6].car, Some(P0));
    let tiles: Vec<Point> = s.players.iter().map(|p| p.car.tile()).collect();
    for (i, t) in tiles.iter().enumerate() {
        let sq = g.map().square(*t).unwrap();
        assert!(matches!(
            sq.shape,
            windward::RoadShape::EastWest | windward::RoadShape::NorthSouth
        ));
        assert_eq!(sq.kind, TileType::Road);
        assert!(!tiles[..i].contains(t));
    }
    assert!(tiles[2].manhattan(target) >= 4);
    let path = &s.players[2].car.vehicle.path;
    assert_eq!(path.first(), Some(&tiles[2]));
    assert_eq!(path.last(), Some(&target));
    assert_eq!(
        s.players[2].car.vehicle.location.direction(),
        windward::Heading::between(path[0], path[1]).unwrap()
    );
}

#[test]
fn score_partial_credit_bonus_and_hand_limits() {
    let g = game();
    let mut s = g.initial_state(50);
    let p = PassengerId(0);
    let (from, to) = (p.home(), s.passengers[0].destination.unwrap());
    board(&mut s, p, from);
    s.players[0].points = 2.0;
    let (a, b) = (s.company_stops[from.index()], s.company_stops[to.index()]);
    assert_eq!(score(&s, P0, a), 2.0, "at the start: no credit");
    assert_eq!(score(&s, P0, b), 2.5, "at the destination: half a point");
    let far = Point::new(a.x + (a.x - b.x).signum() * 5, a.y);
    assert_eq!(score(&s, P0, far), 2.0, "further than the start: none");
    // Same start and destination: the original's NaN becomes the points.
    s.passengers[0].start = Some(to);
    assert!(rules::raw_score(&s, P0, b).is_nan());
    assert_eq!(score(&s, P0, b), 2.0);
    assert_eq!(max_hand(rules::raw_score(&s, P0, b)), 1);
    // Eight deliveries: +2, no partial credit.
    s.players[0].delivered.extend((0..8).map(PassengerId));
    assert_eq!(score(&s, P0, b), 4.0);
    assert!(s.is_over());
    assert_eq!(
        [
            max_hand(0.0),
            max_hand(0.49),
            max_hand(0.5),
            max_hand(5.9),
            max_hand(6.0),
            max_hand(8.5)
        ],
        [4, 4, 3, 3, 2, 1]
    );
}

#[test]
fn a_passenger_whose_route_is_used_up_is_done() {
    let g = game();
    let mut s = g.initial_state(60);
    let p = PassengerId(0);
    let dest = s.passengers[0].destination.unwrap();
    s.passengers[0].route.clear();
    board(&mut s, p, p.home());
    for e in s.passengers[0].enemies.clone() {
        s.passengers[e.index()].lobby = Some(p.home());
    }
    arrive_at(&mut s, dest, &mut Vec::new());
    let ps = &s.passengers[0];
    assert_eq!((ps.lobby, ps.car, ps.destination), (None, None, None));
    // MOVE_PASSENGER on a done passenger would crash the original; here it is illegal.
    let card = Card {
        passenger: Some(p),
        ..Card::new(CardKind::MovePassenger)
    };
    assert_eq!(
        statuses(&play_instant(&g, &mut s, card, vec![])),
        vec![Status::PowerUpIllegalToPlay]
    );
}

#[test]
fn pickup_orders_drop_delivered_passengers() {
    let g = game();
    let mut s = g.initial_state(70);
    s.players[0].delivered.push(PassengerId(4));
    rules::apply_pickup_list(&mut s, P0, &[PassengerId(4), PassengerId(2)]);
    assert_eq!(s.players[0].pickup.as_slice(), &[PassengerId(2)]);
    rules::apply_pickup_list(&mut s, P0, &[]);
    assert_eq!(
        s.players[0].pickup.as_slice(),
        &[PassengerId(2)],
        "empty list: no change"
    );
}

#[test]
fn the_round_ends_at_eight_deliveries_or_the_tick_limit() {
    let g = game();
    let mut s = g.initial_state(80);
    assert_eq!(g.outcome(&s), None);
    // Players 3 and 6 both reach 8 in the same tick: the earlier one wins, both get +2.
    for p in [3, 6] {
        s.players[p].delivered.extend((0..8).map(PassengerId));
        s.players[p].points = 9.0;
    }
    s.players[1].points = 10.5;
    let out = g.outcome(&s).unwrap();
    assert_eq!(
        out.reason,
        windward::EndReason::Deliveries {
            winner: PlayerId(3)
        }
    );
    assert_eq!(
        (out.scores[3], out.scores[6], out.scores[1]),
        (11.0, 11.0, 10.5)
    );
    assert_eq!(
        (out.ranks[3], out.ranks[6], out.ranks[1], out.ranks[0]),
        (1, 1, 3, 4)
    );
    assert_eq!(out.delivered[3], 8);

    let mut s = g.initial_state(81);
    s.tick = Config::default().max_ticks;
    assert_eq!(
        g.outcome(&s).unwrap().reason,
        windward::EndReason::TickLimit
    );
}

#[test]
fn explicit_setups_are_validated() {
    use windward::SetupError;
    let g = game();
    let mut rng = rand_pcg::Pcg64Mcg::new(5);
    let good = windward::Setup::random(g.map(), &mut rng).unwrap();
    assert!(g.state_from_setup(&good, 0).is_ok());
    let mut bad = good.clone();
    bad.starts[3].0 = g.stops()[0];
    assert!(matches!(
        g.state_from_setup(&bad, 0),
        Err(SetupError::BadStart { player: 3, .. })
    ));
    let mut bad = good.clone();
    bad.starts[4] = bad.starts[2];
    assert!(matches!(
        g.state_from_setup(&bad, 0),
        Err(SetupError::SharedStart { a: 2, b: 4, .. })
    ));
    let mut bad = good.clone();
    bad.company_stops[1] = bad.company_stops[0];
    assert!(matches!(
        g.state_from_setup(&bad, 0),
        Err(SetupError::BadCompanyStop {
            company: "Apple",
            ..
        })
    ));
    let mut bad = good.clone();
    bad.coffee_stores[0] = bad.company_stops[0];
    assert!(matches!(
        g.state_from_setup(&bad, 0),
        Err(SetupError::BadCoffeeStore { index: 0, .. })
    ));
    let mut bad = good.clone();
    bad.passengers[2].route[0] = PassengerId(2).home();
    assert!(matches!(
        g.state_from_setup(&bad, 0),
        Err(SetupError::BadRoute {
            passenger: "Jeff Weiner"
        })
    ));
    let mut bad = good.clone();
    bad.passengers[2].enemies.push(PassengerId(2));
    assert!(matches!(
        g.state_from_setup(&bad, 0),
        Err(SetupError::BadEnemies { .. })
    ));
    let mut bad = good;
    bad.decks[9].pop();
    assert!(matches!(
        g.state_from_setup(&bad, 0),
        Err(SetupError::BadDeck { player: 9, len: 12 })
    ));
}

#[test]
fn the_precomputed_tables_are_bfs_distances() {
    let g = game();
    let mut path = Vec::new();
    for (s, &stop) in g.stops().iter().enumerate() {
        // A plain BFS from the stop.
        let cells = g.map().squares.len();
        let mut dist = vec![u16::MAX; cells];
        let mut queue = std::collections::VecDeque::new();
        dist[g.map().index(stop).unwrap()] = 0;
        queue.push_back(stop);
        while let Some(p) = queue.pop_front() {
            let d = dist[g.map().index(p).unwrap()];
            for h in windward::Heading::ALL {
                let q = p.step(h);
                if g.map().is_driveable(q) && dist[g.map().index(q).unwrap()] == u16::MAX {
                    dist[g.map().index(q).unwrap()] = d + 1;
                    queue.push_back(q);
                }
            }
        }
        assert_eq!(g.field(s), dist.as_slice(), "field of stop {stop}");
        for (t, &other) in g.stops().iter().enumerate() {
            assert_eq!(g.stop_distance(t, s), dist[g.map().index(other).unwrap()]);
            g.path_to_stop(other, s, &mut path);
            assert_eq!(path.len() - 1, g.stop_distance(t, s) as usize);
            assert!(
                path.windows(2)
                    .all(|w| w[0].manhattan(w[1]) == 1 && g.map().is_driveable(w[1]))
            );
            assert_eq!((path[0], *path.last().unwrap()), (other, stop));
        }
    }
}

#[test]
fn an_enemy_abandoned_in_the_lobby_also_refuses_the_drop() {
    let g = game();
    let mut s = g.initial_state(90);
    let (p, enemy, dest) = passenger_with_an_enemy(&s);
    // Player 1 abandons the enemy at p's destination.
    let other = PlayerId(1);
    let ps = &mut s.passengers[enemy.index()];
    ps.lobby = None;
    ps.car = Some(other);
    ps.start = Some(enemy.home());
    s.players[1].passenger = Some(enemy);
    let edest = s.passengers[enemy.index()].destination;
    let stop = s.company_stops[dest.index()];
    // The seed is chosen so that this is an abandonment, not a delivery (covered elsewhere).
    assert_ne!(edest, Some(dest));
    for e in s.passengers[enemy.index()].enemies.clone() {
        s.passengers[e.index()].lobby = Some(enemy.home());
    }
    let mut ev = Vec::new();
    bus_stop_arrival(&mut s, other, stop, stop, &mut Fixed(vec![]), &mut ev);
    assert_eq!(statuses(&ev), vec![Status::PassengerAbandoned]);
    // Now player 0 brings p there: refused.
    board(&mut s, p, p.home());
    let mut ev = Vec::new();
    arrive(&mut s, stop, &mut ev);
    assert_eq!(statuses(&ev), vec![Status::PassengerRefusedEnemy]);
}

#[test]
fn malformed_traces_are_errors_not_panics() {
    use serde_json::json;
    let g = game();
    assert!(windward::trace::replay_rules(&g, &[]).is_err());
    assert!(windward::trace::replay_rules(&g, &[json!({"ev": "setup"})]).is_err());
    assert!(
        windward::trace::setup_from_record(&json!({"ev": "setup", "map": "x", "players": [1, 2]}))
            .is_err()
    );
    assert!(windward::trace::card(&json!({"card": "NO_SUCH_CARD"})).is_err());
    assert!(windward::trace::point(&json!([1])).is_err());
}
