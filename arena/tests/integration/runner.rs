//! The tournament runner and the results table, on a toy game small enough to reason about.
//!
//! The toy: `players` players each secretly add 1, 2 or 3 to their own total every round, for
//! `rounds` rounds; the highest total wins. Bot `three` always adds 3, `one` always 1, `random`
//! draws from its seed. So `three` beats `one` every time, and `three` against `three` is always a
//! shared first place.

use arena::results::{Results, ResultsError, Shard, TournamentSpec, ranks_from_scores};
use arena::runner::{
    Entry, GameSetup, RunOptions, Watch, game_seed, play_game, run_playable, run_playable_watched,
};
use arena::{Bot, Playable};
use pathfind::tree::{Game, Moves, Outcome, PlayerSet};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

#[derive(Debug, Clone, PartialEq)]
struct Toy {
    players: usize,
    rounds: u32,
}

/// The final totals: the scores, placed by [`ranks_from_scores`].
#[derive(Debug, Clone, PartialEq)]
struct Totals(Vec<u32>);

impl Outcome for Totals {
    fn ranks(&self) -> Vec<u32> {
        ranks_from_scores(&self.scores())
    }
    fn scores(&self) -> Vec<f64> {
        self.0.iter().map(|&t| f64::from(t)).collect()
    }
}

#[derive(Debug, Clone, PartialEq)]
struct ToyState {
    round: u32,
    totals: Vec<u32>,
    /// Drawn from the game's seed, so that a game's seed visibly matters.
    bonus_player: usize,
}

impl Game for Toy {
    type State = ToyState;
    type Action = u32;
    type Events = ();
    type Outcome = Totals;
    type Observation = ToyState;

    fn moves(&self) -> Moves {
        Moves::Simultaneous
    }
    fn players(&self) -> usize {
        self.players
    }
    fn initial_state(&self, seed: u64) -> ToyState {
        ToyState {
            round: 0,
            totals: vec![0; self.players],
            bonus_player: (seed % self.players as u64) as usize,
        }
    }
    fn to_move(&self, state: &ToyState) -> PlayerSet {
        if state.round >= self.rounds {
            PlayerSet::EMPTY
        } else {
            PlayerSet::all(self.players)
        }
    }
    fn legal_actions(&self, state: &ToyState, player: usize, buf: &mut Vec<u32>) {
        buf.clear();
        if self.to_move(state).contains(player) {
            buf.extend([1, 2, 3]);
        }
    }
    fn advance(&self, state: &mut ToyState, actions: &[u32]) {
        if self.is_terminal(state) {
            return;
        }
        for (total, &add) in state.totals.iter_mut().zip(actions) {
            *total += add.clamp(1, 3);
        }
        state.round += 1;
        if state.round == self.rounds {
            // The seed's player gets one point at the end: games with different seeds differ.
            state.totals[state.bonus_player] += 1;
        }
    }
    fn is_terminal(&self, state: &ToyState) -> bool {
        state.round >= self.rounds
    }
    fn outcome(&self, state: &ToyState) -> Option<Totals> {
        self.is_terminal(state)
            .then(|| Totals(state.totals.clone()))
    }
    fn returns(&self, state: &ToyState, out: &mut [f64]) {
        let best = state.totals.iter().copied().max().unwrap_or(0).max(1);
        for (out, &total) in out.iter_mut().zip(&state.totals) {
            *out = f64::from(total) / f64::from(best);
        }
    }
    fn observe(&self, state: &ToyState, _player: usize) -> ToyState {
        state.clone()
    }
}

struct Constant(u32);

impl Bot<Toy> for Constant {
    fn name(&self) -> String {
        format!("constant {}", self.0)
    }
    fn act(&mut self, _: &Toy, _: &ToyState, _: usize) -> u32 {
        self.0
    }
}

struct Random(Pcg64Mcg);

impl Bot<Toy> for Random {
    fn name(&self) -> String {
        "random".into()
    }
    fn new_game(&mut self, _: &Toy, _: usize, seed: u64) {
        self.0 = Pcg64Mcg::seed_from_u64(seed);
    }
    fn act(&mut self, _: &Toy, _: &ToyState, _: usize) -> u32 {
        self.0.random_range(1..=3)
    }
}

impl Playable for Toy {
    const NAME: &'static str = "toy";

    fn current_scores(&self, state: &ToyState) -> Vec<f64> {
        Totals(state.totals.clone()).scores()
    }
    fn render_svg(&self, state: &ToyState, out: &mut String) {
        out.push_str("<svg xmlns=\"http://www.w3.org/2000/svg\">");
        for (i, total) in state.totals.iter().enumerate() {
            out.push_str(&format!(
                "<rect x=\"{}\" y=\"0\" width=\"8\" height=\"{total}\"/>",
                10 * i
            ));
        }
        out.push_str("</svg>");
    }
}

/// The toy's bots by name: `three` always adds 3, `one` always 1, `random` draws from its seed.
fn bot(name: &str) -> Result<Box<dyn Bot<Toy>>, String> {
    match name {
        "three" => Ok(Box::new(Constant(3))),
        "one" => Ok(Box::new(Constant(1))),
        "random" => Ok(Box::new(Random(Pcg64Mcg::seed_from_u64(0)))),
        other => Err(format!("unknown toy bot {other:?}")),
    }
}

/// The line-up of `names`, each built by [`bot`] for every game.
fn lineup(names: &[String]) -> Vec<Entry<Toy>> {
    names
        .iter()
        .map(|name| {
            let owned = name.clone();
            Entry::new(name.clone(), move |_: &Toy| {
                bot(&owned).map_err(arena::BoxError::from)
            })
        })
        .collect()
}

fn toy() -> Toy {
    Toy {
        players: 3,
        rounds: 5,
    }
}

fn tournament(lineup: &[&str], games: u64, rotate: bool) -> TournamentSpec {
    TournamentSpec {
        game: "toy".into(),
        setup: "5 rounds".into(),
        lineup: lineup.iter().map(|&s| s.to_owned()).collect(),
        games,
        seed: 42,
        rotate,
        paired: false,
        schedule: arena::results::Schedule::Lineup,
    }
}

fn run(t: &TournamentSpec, jobs: usize, shard: Option<Shard>) -> Results {
    let options = RunOptions {
        jobs: std::num::NonZeroUsize::new(jobs),
        shard,
        progress: false,
        stop: None,
    };
    run_playable(&[toy()], t, &lineup(&t.lineup), &options).unwrap()
}

#[test]
fn a_game_follows_the_contract_and_the_seats() {
    let game = toy();
    let lineup = lineup(&["three", "one", "random"].map(String::from));
    struct Steps(u32);
    impl Watch<Toy> for Steps {
        fn step(&mut self, _: &Toy, actions: &[u32], _: &(), state: &ToyState) {
            assert_eq!(actions.len(), 3);
            self.0 += 1;
            assert_eq!(state.round, self.0);
        }
    }
    let setup = GameSetup {
        index: 1,
        seed: 7,
        seats: vec![1, 2, 0],
    };
    let mut steps = Steps(0);
    let record = play_game(&game, &lineup, &setup, &mut steps).unwrap();
    assert_eq!(steps.0, 5);
    assert_eq!(record.steps, 5);
    assert_eq!(record.seats, [1, 2, 0]);
    // Seat 2 is `three` (15 points, plus 1 if seed 7 gives it the bonus: 7 % 3 = 1, no), seat 0 is
    // `one` (5 points), seat 1 `random` (5..15, plus the bonus).
    assert_eq!(record.scores[2], 15.0);
    assert_eq!(record.scores[0], 5.0);
    assert_eq!(record.ranks[0], 3);
    // A line-up of the wrong size or an unknown bot is an error, not a panic.
    assert!(play_game(&game, &lineup[..2], &setup, &mut ()).is_err());
    let unknown = self::lineup(&["three", "one", "nobody"].map(String::from));
    let error = play_game(&game, &unknown, &setup, &mut ()).unwrap_err();
    assert!(matches!(error, arena::Error::Bot { .. }), "{error}");
}

#[test]
fn results_are_identical_for_every_number_of_jobs() {
    let t = tournament(&["three", "random", "random"], 60, true);
    let one = run(&t, 1, None);
    assert_eq!(one.records.len(), 60);
    for jobs in [2, 3, 8] {
        assert_eq!(run(&t, jobs, None), one, "--jobs {jobs}");
    }
    // The seeds matter: the random bots do not play the same in every game.
    let scores: Vec<&Vec<f64>> = one.records.iter().map(|r| &r.scores).collect();
    assert!(scores.windows(2).any(|w| w[0] != w[1]));
    // And the base seed matters.
    let other = run(&TournamentSpec { seed: 43, ..t }, 2, None);
    assert_ne!(other.records, one.records);
}

#[test]
fn results_are_identical_across_batches_and_thread_counts() {
    // More games than one batch of the runner (1024), on more threads than the machine has
    // cores: every game is its own work unit and a batch's games finish in any order.
    let t = tournament(&["three", "random", "random"], 1100, true);
    let one = run(&t, 1, None);
    assert!(one.records.iter().zip(0..).all(|(r, i)| r.index == i));
    for jobs in [2, 5] {
        assert_eq!(run(&t, jobs, None), one, "--jobs {jobs}");
    }
}

/// The runner hands out one game at a time: while one thread is held up by a long game, the
/// other threads play every other game (with long runs of consecutive games as work units, the
/// games after the long one would wait for it, and the last thread would play them alone).
#[test]
fn a_long_game_holds_up_no_other_game() {
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::time::{Duration, Instant};
    let t = tournament(&["three", "one", "random"], 200, false);
    let options = RunOptions {
        jobs: std::num::NonZeroUsize::new(2),
        shard: None,
        progress: false,
        stop: None,
    };
    let game = toy();
    let entries = lineup(&t.lineup);
    let finished = AtomicU64::new(0);
    let results = arena::runner::run(
        &t,
        &options,
        |setup| {
            if setup.index == 0 {
                // Game 0 ends only once all 199 others have (a generous limit turns a hang
                // into a failure; a busy machine needs a fraction of a second).
                let start = Instant::now();
                while finished.load(Ordering::SeqCst) < t.games - 1 {
                    if start.elapsed() > Duration::from_secs(120) {
                        return Err(format!(
                            "games held up behind game 0: {} of 199 finished",
                            finished.load(Ordering::SeqCst)
                        )
                        .into());
                    }
                    std::thread::sleep(Duration::from_millis(1));
                }
            }
            let record = play_game(&game, &entries, setup, &mut ())?;
            finished.fetch_add(1, Ordering::SeqCst);
            Ok((record, ()))
        },
        |_, ()| Ok(()),
    )
    .unwrap();
    assert_eq!(results, run(&t, 1, None));
}

#[test]
fn shards_merged_equal_one_run_also_through_files() {
    let t = tournament(&["three", "random", "one"], 25, true);
    let whole = run(&t, 2, None);
    let dir = std::env::temp_dir().join(format!("runner-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut parts = Vec::new();
    // Shards written out of order and read back: the merge sorts by game index.
    for index in [2, 0, 3, 1] {
        let shard = Shard { index, count: 4 };
        let part = run(&t, 1 + index as usize % 2, Some(shard));
        assert_eq!(part.shard, Some(shard));
        assert_eq!(
            part.records.len() as u64,
            shard.range(25).end - shard.range(25).start
        );
        let path = dir.join(format!("shard-{index}.json"));
        part.save(&path).unwrap();
        parts.push((path.display().to_string(), Results::load(&path).unwrap()));
    }
    let merged = Results::merge(parts.clone()).unwrap();
    assert_eq!(merged, whole);
    assert_eq!(merged.table(), whole.table());

    // A shard given twice, a missing shard and a shard of another tournament are errors.
    let mut twice = parts.clone();
    twice.push(parts[0].clone());
    assert!(matches!(
        Results::merge(twice),
        Err(ResultsError::Duplicate { .. })
    ));
    assert!(matches!(
        Results::merge(parts[1..].to_vec()),
        Err(ResultsError::Missing { missing: 6, .. })
    ));
    let mut other = parts.clone();
    other[1].1.tournament.seed = 1;
    assert!(matches!(
        Results::merge(other),
        Err(ResultsError::OtherTournament { field: "seed", .. })
    ));
    assert!(matches!(
        Results::merge(Vec::new()),
        Err(ResultsError::Nothing)
    ));

    // A file that is not a results file is a typed error naming it.
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{\"format\": 1}").unwrap();
    let error = Results::load(&bad).unwrap_err();
    assert!(matches!(error, ResultsError::Format { .. }), "{error}");
    assert!(error.to_string().contains("bad.json"), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_table_counts_wins_shares_scores_and_ranks() {
    // `three` beats `one` every game whichever seat it is in.
    let t = tournament(&["three", "one", "one"], 30, true);
    let results = run(&t, 2, None);
    let rows = results.standings();
    assert_eq!(rows.len(), 2, "one row per distinct bot");
    let (three, one) = (&rows[0], &rows[1]);
    assert_eq!((three.games, three.wins, three.shared_wins), (30, 30, 0));
    assert_eq!(three.win_rate(), 1.0);
    assert_eq!(three.mean_rank(), 1.0);
    assert_eq!(one.games, 60, "two seats per game");
    assert_eq!(one.wins, 0);
    // `one` is tied for second unless it has the bonus: mean rank between 2 and 3.
    assert!(one.mean_rank() >= 2.0 && one.mean_rank() < 3.0);
    // 15 + the bonus in the games where seed % 3 lands on its seat.
    let bonus: f64 = results
        .records
        .iter()
        .enumerate()
        .filter(|(i, r)| r.seats[(game_seed(42, *i as u64) % 3) as usize] == 0)
        .count() as f64;
    assert_eq!(three.mean_score(), 15.0 + bonus / 30.0);
    let (low, high) = three.win_rate_interval();
    assert!(low > 0.88 && high == 1.0, "{low} {high}");
    let table = results.table();
    assert!(table.contains("three"), "{table}");
    assert!(table.contains("100.0%"), "{table}");

    // Two `three`s share the first place unless the bonus lands on one of them.
    let t = tournament(&["three", "three", "one"], 12, false);
    let rows = run(&t, 1, None).standings();
    let bonus_on_one = (0..12).filter(|&i| game_seed(42, i) % 3 == 2).count() as u64;
    assert_eq!(rows[0].games, 24);
    assert_eq!(rows[0].wins, 12 - bonus_on_one);
    assert_eq!(rows[0].shared_wins, 2 * bonus_on_one);
}

#[test]
fn seats_rotate_unless_fixed() {
    let t = tournament(&["three", "one", "random"], 9, true);
    let results = run(&t, 2, None);
    for seat in 0..3 {
        for entry in 0..3 {
            let n = results
                .records
                .iter()
                .filter(|r| r.seats[seat] == entry)
                .count();
            assert_eq!(n, 3, "entry {entry} in seat {seat}");
        }
    }
    let fixed = run(&TournamentSpec { rotate: false, ..t }, 2, None);
    assert!(fixed.records.iter().all(|r| r.seats == [0, 1, 2]));
}

#[test]
fn watchers_see_every_step_and_reach_the_sink_in_order() {
    #[derive(Default)]
    struct Totals(Vec<Vec<u32>>);
    impl Watch<Toy> for Totals {
        fn start(&mut self, _: &Toy, state: &ToyState) {
            self.0.push(state.totals.clone());
        }
        fn step(&mut self, _: &Toy, _: &[u32], _: &(), state: &ToyState) {
            self.0.push(state.totals.clone());
        }
    }
    let t = tournament(&["three", "random", "one"], 12, true);
    let options = RunOptions {
        jobs: std::num::NonZeroUsize::new(2),
        shard: None,
        progress: false,
        stop: None,
    };
    let mut seen = Vec::new();
    let results = run_playable_watched(
        &[toy()],
        &t,
        &lineup(&t.lineup),
        &options,
        |_| Totals::default(),
        |setup, totals| {
            seen.push((setup.index, totals.0));
            Ok(())
        },
    )
    .unwrap();
    assert_eq!(results, run(&t, 1, None));
    assert_eq!(
        seen.iter().map(|(i, _)| *i).collect::<Vec<_>>(),
        (0..12).collect::<Vec<_>>()
    );
    for ((_, totals), record) in seen.iter().zip(&results.records) {
        assert_eq!(totals.len(), 6, "the start and 5 steps");
        let last: Vec<f64> = totals[5].iter().map(|&t| f64::from(t)).collect();
        assert_eq!(last, record.scores);
    }
}

/// Paired games: the games of one rotation share a seed (three players: games 0-2, 3-5, ...),
/// their seats rotate as before; unpaired games each have their own.
#[test]
fn paired_games_share_a_seed_within_a_rotation() {
    let t = TournamentSpec {
        paired: true,
        schedule: arena::results::Schedule::Lineup,
        ..tournament(&["three", "one", "random"], 6, true)
    };
    let seeds: Vec<u64> = (0..6).map(|i| t.game_seed(i)).collect();
    assert_eq!(seeds[0], seeds[1]);
    assert_eq!(seeds[1], seeds[2]);
    assert_eq!(seeds[3], seeds[5]);
    assert_ne!(seeds[2], seeds[3]);
    assert_eq!(seeds[0], arena::runner::game_seed(42, 0));
    let unpaired = tournament(&["three", "one", "random"], 6, true);
    assert_ne!(unpaired.game_seed(0), unpaired.game_seed(1));
    // The results file says so, and a file without the field reads as unpaired.
    let results = run(&t, 2, None);
    let text = serde_json::to_string(&results).unwrap();
    assert!(text.contains("\"paired\":true"), "{text}");
    let plain = serde_json::to_string(&run(&unpaired, 2, None)).unwrap();
    assert!(!plain.contains("paired"), "{plain}");
}

/// A sequential run stops where its rule says, at the same game for any number of threads, and
/// a run resumed from the first games' records ends with the same records.
#[test]
fn a_stop_rule_stops_at_the_same_game_for_any_jobs_and_resumes() {
    let t = tournament(&["three", "one", "random"], 1000, true);
    // Stop once 7 games are in, keeping them (the look of 4 games plays 8).
    let rule = || {
        arena::runner::StopRule::new(4, |records: &[arena::results::GameRecord]| {
            (records.len() >= 7).then_some(7)
        })
    };
    let with = |jobs: usize, stop: arena::runner::StopRule| {
        let options = RunOptions {
            jobs: std::num::NonZeroUsize::new(jobs),
            shard: None,
            progress: false,
            stop: Some(stop),
        };
        run_playable(&[toy()], &t, &lineup(&t.lineup), &options).unwrap()
    };
    let one = with(1, rule());
    let two = with(2, rule());
    assert_eq!(one.records.len(), 7);
    assert_eq!(one, two);
    assert_eq!(
        one.tournament.games, 7,
        "the stopped run is a run of its games"
    );
    let full = run(&t, 2, None);
    assert_eq!(one.records[..], full.records[..7]);
    let resumed = with(2, rule().resuming(full.records[..3].to_vec()));
    assert_eq!(resumed.records, one.records);
}

/// A round robin of five bots in three-seat games: every set of three plays one full rotation
/// (3 games, one seed when paired), all C(5,3) = 10 sets in lexicographic order, then again; the
/// games play and the results (seats naming entries beyond the seats) check and tabulate.
#[test]
fn a_round_robin_seats_every_set_of_bots_in_turn() {
    use arena::results::Schedule;
    let names = ["three", "one", "random", "three", "one"];
    let t = TournamentSpec {
        schedule: Schedule::RoundRobin { seats: 3 },
        paired: true,
        ..tournament(&names, 60, true)
    };
    assert_eq!(t.players(), 3);
    assert!(t.schedule_fits());
    assert_eq!(t.seats_of(0), [0, 1, 2]);
    assert_eq!(t.seats_of(1), [1, 2, 0]);
    assert_eq!(t.seats_of(2), [2, 0, 1]);
    assert_eq!(t.seats_of(3), [0, 1, 3]);
    assert_eq!(t.seats_of(29), [4, 2, 3]);
    assert_eq!(t.seats_of(30), [0, 1, 2], "then again");
    let mut sets = std::collections::BTreeSet::new();
    for game in (0..30).step_by(3) {
        let mut set = t.seats_of(game);
        set.sort_unstable();
        sets.insert(set);
        assert_eq!(
            t.game_seed(game),
            t.game_seed(game + 2),
            "a rotation shares a seed"
        );
    }
    assert_eq!(sets.len(), 10);
    let results = run(&t, 2, None);
    assert_eq!(results.records.len(), 60);
    let text = serde_json::to_string(&results).unwrap();
    assert!(
        text.contains(r#""schedule":{"kind":"round_robin","seats":3}"#),
        "{text}"
    );
    let back: Results = serde_json::from_str(&text).unwrap();
    assert_eq!(back, results);
    let table = results.table();
    for name in ["three", "one", "random"] {
        assert!(table.contains(name), "{table}");
    }
}

/// A gauntlet: entry 0 in every game, against every set of the others; the duplicate format:
/// entries 0 and 1 take turns in one seat of the same game, the opponents in the others.
#[test]
fn a_gauntlet_and_a_duplicate_test_seat_their_bots() {
    use arena::results::Schedule;
    let names = ["three", "one", "random", "three"];
    let gauntlet = TournamentSpec {
        schedule: Schedule::Gauntlet { seats: 3 },
        ..tournament(&names, 18, true)
    };
    for game in 0..18 {
        assert!(gauntlet.seats_of(game).contains(&0), "game {game}");
    }
    let mut sets = std::collections::BTreeSet::new();
    for game in (0..9).step_by(3) {
        let mut set = gauntlet.seats_of(game);
        set.sort_unstable();
        sets.insert(set);
    }
    assert_eq!(sets.len(), 3, "C(3, 2) sets of opponents");
    assert_eq!(run(&gauntlet, 2, None).records.len(), 18);

    let duplicate = TournamentSpec {
        schedule: Schedule::Duplicate { seats: 3 },
        ..tournament(&names, 12, true)
    };
    assert!(duplicate.schedule_fits());
    for pair in 0..6 {
        let (a, b) = (
            duplicate.seats_of(2 * pair),
            duplicate.seats_of(2 * pair + 1),
        );
        let seat = a.iter().position(|&e| e == 0).unwrap();
        assert_eq!(b[seat], 1, "the same seat for the old bot");
        for s in (0..3).filter(|&s| s != seat) {
            assert_eq!(a[s], b[s], "the same opponents");
            assert!(a[s] >= 2);
        }
        assert_eq!(seat, (pair % 3) as usize, "the seat turns");
        assert_eq!(
            duplicate.game_seed(2 * pair),
            duplicate.game_seed(2 * pair + 1)
        );
    }
    assert_eq!(run(&duplicate, 2, None).records.len(), 12);
    let wrong = TournamentSpec {
        schedule: Schedule::Duplicate { seats: 3 },
        ..tournament(&names[..3], 12, true)
    };
    assert!(!wrong.schedule_fits());
}
