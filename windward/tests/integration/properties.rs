//! Property tests: message round-trips, no panic on any input bytes, setup invariants, and random
//! sequences of rule events keeping every passenger, coffee, card and score invariant (rules §14).

use proptest::prelude::*;
use windward::protocol;
use windward::rules::{self, CardAction};
use windward::strategy;
use windward::{Card, CardKind, CompanyId, Map, PassengerId, PlayerId, State, TileType};

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        ..ProptestConfig::default()
    }
}

/// Passenger state: each passenger is in exactly one place, and the players agree.
fn check_passengers(state: &State) {
    for p in PassengerId::all() {
        let ps = &state.passengers[p.index()];
        match ps.car {
            Some(pl) => {
                assert_eq!(ps.lobby, None, "{}: in a car and a lobby", p.name());
                assert_eq!(state.players[pl.index()].passenger, Some(p));
                assert!(ps.start.is_some());
            }
            None => assert!(state.players.iter().all(|pl| pl.passenger != Some(p))),
        }
        assert!(ps.enemies.len() <= p.points() as usize + 2 && !ps.enemies.contains(&p));
        let mut all: Vec<CompanyId> = ps.route.iter().copied().chain(ps.destination).collect();
        let n = all.len();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), n, "{}: route has duplicates", p.name());
    }
    for pl in &state.players {
        assert!((0..=3).contains(&pl.car.coffee), "coffee {}", pl.car.coffee);
        let mut d = pl.delivered.to_vec();
        d.sort();
        d.dedup();
        assert_eq!(
            d.len(),
            pl.delivered.len(),
            "a passenger delivered twice by one player"
        );
        assert!(pl.pickup.iter().all(|p| !pl.delivered.contains(p)));
    }
}

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn client_messages_round_trip(msg in strategy::client_message()) {
        let xml = msg.to_xml();
        prop_assert_eq!(protocol::parse_client(xml.as_bytes()).unwrap(), msg.clone());
        let framed = protocol::frame(&xml);
        let (body, used) = protocol::read_frame(&framed).unwrap().unwrap();
        prop_assert_eq!(used, framed.len());
        prop_assert_eq!(body, xml.as_bytes());
    }

    #[test]
    fn no_panic_on_any_message_or_map_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let _ = protocol::parse_client(&bytes);
        let _ = protocol::parse_server(&bytes);
        let _ = protocol::read_frame(&bytes);
        if let Ok(map) = Map::parse(&bytes) {
            let _ = map.validate();
        }
    }

    #[test]
    fn no_panic_on_mutated_maps_and_messages(pos in 0usize..66_000, byte in any::<u8>(), cut in 0usize..66_000) {
        let mut xml = windward::mapgen::DEFAULT_MAP_FILES[2].to_vec();
        let at = pos % xml.len();
        xml[at] = byte;
        if let Ok(map) = Map::parse(&xml) {
            let _ = map.validate();
        }
        xml.truncate(cut % xml.len());
        prop_assert!(Map::parse(&xml).is_err() || cut % 66_085 == 0);
        let msg = b"<order action=\"PLAY\"><powerup card=\"STOP_CAR\" player=\"Penny\" /></order>";
        let mut m = msg.to_vec();
        let at = pos % m.len();
        m[at] = byte;
        let _ = protocol::parse_client(&m);
    }
}

proptest! {
    #![proptest_config(config(12))]

    #[test]
    fn simple_astar_is_bfs_short_on_generated_maps((game, _) in strategy::game_and_state(), picks in proptest::collection::vec((0usize..64, 0usize..2000), 8)) {
        let road: Vec<windward::Point> = (0..game.map().squares.len())
            .filter(|&i| game.map().squares[i].kind.is_driveable())
            .map(|i| game.map().point(i))
            .collect();
        for (s, t) in picks {
            let (from, stop) = (road[t % road.len()], s % game.stops().len());
            let path = windward::astar::simple_astar(game.map(), from, game.stops()[stop]);
            prop_assert_eq!(path.len() - 1, game.distance_to_stop(stop, from) as usize);
            prop_assert!(path.windows(2).all(|w| w[0].manhattan(w[1]) == 1 && game.map().is_driveable(w[1])));
        }
    }

    #[test]
    fn generated_maps_round_trip_and_validate(map in strategy::map()) {
        map.validate().unwrap();
        prop_assert_eq!(Map::parse(&map.to_xml()).unwrap(), map);
    }

    #[test]
    fn setup_invariants_and_determinism((game, state) in strategy::game_and_state(), seed in any::<u64>()) {
        check_passengers(&state);
        for pl in &state.players {
            prop_assert_eq!(pl.deck.len(), 13);
            let mult: Vec<&Card> = pl.deck[..6].iter().collect();
            for (i, c) in mult.iter().enumerate() {
                prop_assert!(matches!(c.kind, CardKind::MultDeliverAtCompany | CardKind::MultDeliveringPassenger));
                if let Some(p) = c.passenger { prop_assert_eq!(p.points(), 1); }
                prop_assert!(!mult[..i].contains(c), "distinct multiplier cards");
            }
            let fixed: Vec<CardKind> = pl.deck[6..].iter().map(|c| c.kind).collect();
            prop_assert_eq!(fixed, CardKind::FIXED.to_vec());
            prop_assert_eq!(pl.car.coffee, 3);
        }
        for p in PassengerId::all() {
            let ps = &state.passengers[p.index()];
            prop_assert_eq!(ps.lobby, Some(p.home()));
            prop_assert_eq!(ps.route.len(), 10);
            prop_assert!(ps.destination != Some(p.home()) && !ps.route.contains(&p.home()));
        }
        let mut stops = state.company_stops.to_vec();
        stops.sort();
        stops.dedup();
        prop_assert_eq!(stops.len(), 12);
        prop_assert!(state.company_stops.iter().all(|&t| game.map().square(t).unwrap().kind == TileType::BusStop));
        prop_assert_eq!(game.initial_state(seed), game.initial_state(seed));
        let json = serde_json::to_string(&state).unwrap();
        let back: State = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back, state);
    }

    /// Random rule events: arrivals at random stops, card messages, instant cards and timers.
    #[test]
    fn random_rule_events_keep_the_invariants(
        (game, mut state) in strategy::game_and_state(),
        events in proptest::collection::vec((0u8..5, strategy::player(), 0usize..64, strategy::card_action(), strategy::card()), 1..120),
    ) {
        let mut out = Vec::new();
        let mut points = [0f32; 10];
        for (what, p, k, action, card) in events {
            let i = p.index();
            // A broad pick-up list, as bots send.
            if state.players[i].pickup.is_empty() {
                let all: Vec<PassengerId> = PassengerId::all().collect();
                rules::apply_pickup_list(&mut state, p, &all);
            }
            out.clear();
            match what {
                0 | 1 => {
                    let stop = game.stops()[k % game.bus_stop_count()];
                    rules::with_state_rng(&mut state, |s, rng| rules::bus_stop_arrival(s, p, stop, stop, rng, &mut out));
                    if let Some(last) = out.last() {
                        prop_assert!(!last.status.is_card_status());
                    }
                }
                2 => {
                    let n = game.stops().len() - game.bus_stop_count();
                    let stop = game.stops()[game.bus_stop_count() + k % n];
                    rules::coffee_stop_arrival(&mut state, p, stop, &mut out);
                }
                3 => {
                    let tile = state.players[i].car.tile();
                    let card = if k % 2 == 0 { state.players[i].deck.first().copied().unwrap_or(card) } else { card };
                    let in_hand = state.players[i].hand.iter().any(|c| {
                        c.kind == card.kind
                            && (card.kind.takes_target() || (c.company == card.company && c.passenger == card.passenger))
                    });
                    rules::card_order(&mut state, p, action, &card, tile, &mut out);
                    if action == CardAction::Play && in_hand && out.is_empty() {
                        let pl = &state.players[i];
                        prop_assert!(pl.in_action.is_some() || pl.next_bus_stop.is_some());
                    }
                }
                _ => {
                    rules::with_state_rng(&mut state, |s, rng| rules::process_powerup(&game, s, p, rng, &mut out));
                    for _ in 0..k {
                        rules::tick_timers(&mut state);
                    }
                }
            }
            check_passengers(&state);
            for (j, pl) in state.players.iter().enumerate() {
                prop_assert!(pl.points >= points[j], "points never go down");
                points[j] = pl.points;
                let s = rules::score(&state, PlayerId(j as u8), pl.car.tile());
                prop_assert!(s >= pl.points && s <= pl.points + 2.0);
                prop_assert!(pl.ticks_to_full_speed >= 0);
            }
        }
    }
}
