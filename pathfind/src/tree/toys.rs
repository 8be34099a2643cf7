//! Small games for doctests, tests and benchmarks of the searches (and for trying a search
//! before wiring it to a real game): [`TicTacToe`] (alternating), [`MatrixGame`] and
//! [`Goofspiel`] (simultaneous), [`CoinGuess`] (hidden information).

use rand::{Rng, RngCore, SeedableRng};

use super::{Determinize, Game, Moves, PlayerSet};

/// Ranks of a two-player result with `value` the first player's share: 1 for the better,
/// both 1 when tied.
fn ranks_of(value: f64) -> [u8; 2] {
    if value > 0.5 {
        [1, 2]
    } else if value < 0.5 {
        [2, 1]
    } else {
        [1, 1]
    }
}

// ---------------------------------------------------------------------------------------------

/// Tic-tac-toe: `X` (player 0) and `O` (player 1) alternate, marking one of the 9 cells
/// (numbered 0–8 row by row); three in a row wins. An action is a cell index; an illegal one
/// (taken or off the board) is ignored: nothing changes and the same player is still to move.
/// Outcome: the ranks of the two players (`[1, 2]` X won, `[2, 1]` O won, `[1, 1]` a draw).
///
/// ```
/// use pathfind::tree::Game;
/// use pathfind::tree::toys::TicTacToe;
///
/// let game = TicTacToe;
/// let mut state = game.initial_state(0);
/// for cell in [0, 3, 1, 4, 2] {
///     let mover = game.to_move(&state).iter().next().unwrap();
///     assert_eq!(mover, usize::from(state.marks() % 2));
///     game.advance(&mut state, &[cell]);
/// }
/// assert_eq!(game.outcome(&state), Some([1, 2]));
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TicTacToe;

/// A tic-tac-toe position: each cell empty, X's or O's (one bit per cell and player, so that the
/// win test of every step is a few masks).
///
/// The result is worked out once per move and kept beside the marks: a search asks whether the
/// game is over several times per step (issue 23). Its serde form is the marks alone
/// (`{"marks":[x,o]}`); the result is recomputed when read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(from = "Marks", into = "Marks")
)]
pub struct TicTacToeState {
    /// Bit `i` set: cell `i` holds X's (`marks[0]`) or O's (`marks[1]`) mark.
    marks: [u16; 2],
    /// What the marks mean, always [`Status::of`] them.
    status: Status,
}

/// Where a tic-tac-toe game stands. The two "to move" values are the mover's number, so
/// finding the mover is a compare, not a branch per player.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[repr(u8)]
enum Status {
    /// X to move.
    #[default]
    XToMove = 0,
    /// O to move.
    OToMove = 1,
    /// X has a line.
    XWon,
    /// O has a line.
    OWon,
    /// The board is full without a line.
    Draw,
}

impl Status {
    fn of(marks: [u16; 2]) -> Status {
        if has_line(marks[0]) {
            Status::XWon
        } else if has_line(marks[1]) {
            Status::OWon
        } else if marks[0] | marks[1] == FULL {
            Status::Draw
        } else if (marks[0] | marks[1]).count_ones().is_multiple_of(2) {
            Status::XToMove
        } else {
            Status::OToMove
        }
    }
}

/// The serde form of a [`TicTacToeState`].
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct Marks {
    marks: [u16; 2],
}

#[cfg(feature = "serde")]
impl From<Marks> for TicTacToeState {
    fn from(m: Marks) -> Self {
        TicTacToeState::from_marks(m.marks)
    }
}

#[cfg(feature = "serde")]
impl From<TicTacToeState> for Marks {
    fn from(state: TicTacToeState) -> Self {
        Marks { marks: state.marks }
    }
}

/// The eight lines, as cell masks.
const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

/// Every cell.
const FULL: u16 = 0b111_111_111;

/// Bit `m` is set when the marks `m` (a 9-bit set) cover a whole line: one lookup instead of
/// eight tests, since a search asks several times per move (issue 23).
const WINNING: [u64; 8] = {
    let mut table = [0u64; 8];
    let mut marks = 0;
    while marks < 512 {
        let mut i = 0;
        while i < LINES.len() {
            if marks & LINES[i] == LINES[i] {
                table[marks as usize / 64] |= 1 << (marks % 64);
            }
            i += 1;
        }
        marks += 1;
    }
    table
};

/// Whether `marks` cover a whole line.
fn has_line(marks: u16) -> bool {
    let m = usize::from(marks & FULL);
    WINNING[m / 64] >> (m % 64) & 1 == 1
}

impl TicTacToe {
    /// A position from 9 characters `X`, `O`, `.` (row by row), with X moving first, so X has as
    /// many marks as O or one more; `None` otherwise.
    pub fn from_text(text: &str) -> Option<TicTacToeState> {
        let bytes = text.as_bytes();
        if bytes.len() != 9 {
            return None;
        }
        let mut marks = [0u16; 2];
        for (cell, &b) in bytes.iter().enumerate() {
            match b {
                b'.' => {}
                b'X' => marks[0] |= 1 << cell,
                b'O' => marks[1] |= 1 << cell,
                _ => return None,
            }
        }
        let (x, o) = (marks[0].count_ones(), marks[1].count_ones());
        (x == o || x == o + 1).then(|| TicTacToeState::from_marks(marks))
    }
}

impl TicTacToeState {
    fn from_marks(marks: [u16; 2]) -> TicTacToeState {
        TicTacToeState {
            marks,
            status: Status::of(marks),
        }
    }

    /// The player who marked `cell` (0 for X, 1 for O), if any.
    pub fn mark(&self, cell: usize) -> Option<usize> {
        if cell >= 9 {
            return None;
        }
        (0..2).find(|&p| self.marks[p] & (1 << cell) != 0)
    }

    /// How many cells are marked.
    pub fn marks(&self) -> u8 {
        (self.marks[0] | self.marks[1]).count_ones() as u8
    }

    fn occupied(&self) -> u16 {
        self.marks[0] | self.marks[1]
    }

    fn winner(&self) -> Option<usize> {
        match self.status {
            Status::XWon => Some(0),
            Status::OWon => Some(1),
            _ => None,
        }
    }

    /// The player to move, if the game is not over.
    fn mover(&self) -> Option<usize> {
        let status = self.status as u8;
        (status <= Status::OToMove as u8).then_some(usize::from(status))
    }

    fn is_over(&self) -> bool {
        self.mover().is_none()
    }
}

impl Game for TicTacToe {
    type State = TicTacToeState;
    type Action = u8;
    type Events = ();
    type Outcome = [u8; 2];
    type Observation = TicTacToeState;

    fn moves(&self) -> Moves {
        Moves::Alternating
    }
    fn players(&self) -> usize {
        2
    }
    fn initial_state(&self, _seed: u64) -> TicTacToeState {
        TicTacToeState::default()
    }
    fn to_move(&self, state: &TicTacToeState) -> PlayerSet {
        state.mover().map_or(PlayerSet::EMPTY, PlayerSet::only)
    }
    fn legal_actions(&self, state: &TicTacToeState, player: usize, buf: &mut Vec<u8>) {
        buf.clear();
        if state.mover() == Some(player) {
            let mut free = !state.occupied() & FULL;
            while free != 0 {
                buf.push(free.trailing_zeros() as u8);
                free &= free - 1;
            }
        }
    }
    fn advance(&self, state: &mut TicTacToeState, actions: &[u8]) {
        let Some(&cell) = actions.first() else {
            return;
        };
        let Some(mover) = state.mover() else {
            return;
        };
        if cell >= 9 || state.occupied() & (1 << cell) != 0 {
            return;
        }
        state.marks[mover] |= 1 << cell;
        // Only the mover's new mark can have made a line.
        state.status = if has_line(state.marks[mover]) {
            [Status::XWon, Status::OWon][mover]
        } else if state.occupied() == FULL {
            Status::Draw
        } else {
            [Status::OToMove, Status::XToMove][mover]
        };
    }
    fn is_terminal(&self, state: &TicTacToeState) -> bool {
        state.is_over()
    }
    fn outcome(&self, state: &TicTacToeState) -> Option<[u8; 2]> {
        match state.winner() {
            Some(0) => Some([1, 2]),
            Some(_) => Some([2, 1]),
            None => (state.marks() == 9).then_some([1, 1]),
        }
    }
    fn returns(&self, state: &TicTacToeState, out: &mut [f64]) {
        let x = match state.winner() {
            Some(0) => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        out[0] = x;
        out[1] = 1.0 - x;
    }
    fn observe(&self, state: &TicTacToeState, _player: usize) -> TicTacToeState {
        *state
    }
}

// ---------------------------------------------------------------------------------------------

/// Why a [`MatrixGame`] was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MatrixError {
    /// No rows, or a row with no columns.
    #[error("a matrix game needs at least one row and one column")]
    Empty,
    /// A row whose length differs from the first row's.
    #[error("row {row} has {len} columns, the first row has {expected}")]
    Ragged {
        /// The row.
        row: usize,
        /// Its length.
        len: usize,
        /// The first row's length.
        expected: usize,
    },
    /// A payoff outside `[0, 1]` (or NaN).
    #[error("payoff {value} at row {row}, column {column} is outside [0, 1]")]
    OutOfRange {
        /// The row.
        row: usize,
        /// The column.
        column: usize,
        /// The payoff.
        value: f64,
    },
}

/// A one-shot simultaneous two-player game given by its payoff matrix: player 0 picks a row,
/// player 1 a column (actions are indices), player 0 gets `payoffs[row][column]` and player 1
/// the rest of 1. The better share ranks first. An out-of-range index is ignored (the step does
/// nothing).
///
/// ```
/// use pathfind::tree::Game;
/// use pathfind::tree::toys::MatrixGame;
///
/// // Matching pennies: the row player wins when the coins match.
/// let game = MatrixGame::new(vec![vec![1.0, 0.0], vec![0.0, 1.0]]).unwrap();
/// let state = game.step(&game.initial_state(0), &[1, 1]);
/// assert_eq!(game.outcome(&state), Some([1, 2]));
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MatrixGame {
    payoffs: Vec<Vec<f64>>,
}

/// A [`MatrixGame`] state: the row and column played, once played.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MatrixState {
    /// The row and column played.
    pub played: Option<(usize, usize)>,
}

impl MatrixGame {
    /// The game of `payoffs` (rows × columns, each in `[0, 1]`).
    pub fn new(payoffs: Vec<Vec<f64>>) -> Result<MatrixGame, MatrixError> {
        let expected = payoffs.first().map_or(0, Vec::len);
        if expected == 0 {
            return Err(MatrixError::Empty);
        }
        for (row, values) in payoffs.iter().enumerate() {
            if values.len() != expected {
                return Err(MatrixError::Ragged {
                    row,
                    len: values.len(),
                    expected,
                });
            }
            for (column, &value) in values.iter().enumerate() {
                if !(0.0..=1.0).contains(&value) {
                    return Err(MatrixError::OutOfRange { row, column, value });
                }
            }
        }
        Ok(MatrixGame { payoffs })
    }

    fn value(&self, state: &MatrixState) -> Option<f64> {
        state.played.map(|(r, c)| self.payoffs[r][c])
    }
}

impl Game for MatrixGame {
    type State = MatrixState;
    type Action = usize;
    type Events = ();
    type Outcome = [u8; 2];
    type Observation = MatrixState;

    fn moves(&self) -> Moves {
        Moves::Simultaneous
    }
    fn players(&self) -> usize {
        2
    }
    fn initial_state(&self, _seed: u64) -> MatrixState {
        MatrixState::default()
    }
    fn to_move(&self, state: &MatrixState) -> PlayerSet {
        if state.played.is_some() {
            PlayerSet::EMPTY
        } else {
            PlayerSet::all(2)
        }
    }
    fn legal_actions(&self, state: &MatrixState, player: usize, buf: &mut Vec<usize>) {
        buf.clear();
        if self.to_move(state).contains(player) {
            let n = if player == 0 {
                self.payoffs.len()
            } else {
                self.payoffs[0].len()
            };
            buf.extend(0..n);
        }
    }
    fn advance(&self, state: &mut MatrixState, actions: &[usize]) {
        if let (None, &[r, c]) = (state.played, actions)
            && r < self.payoffs.len()
            && c < self.payoffs[0].len()
        {
            state.played = Some((r, c));
        }
    }
    fn is_terminal(&self, state: &MatrixState) -> bool {
        state.played.is_some()
    }
    fn outcome(&self, state: &MatrixState) -> Option<[u8; 2]> {
        self.value(state).map(ranks_of)
    }
    fn returns(&self, state: &MatrixState, out: &mut [f64]) {
        let v = self.value(state).unwrap_or(0.5);
        out[0] = v;
        out[1] = 1.0 - v;
    }
    fn observe(&self, state: &MatrixState, _player: usize) -> MatrixState {
        *state
    }
}

// ---------------------------------------------------------------------------------------------

/// Goofspiel for two players with cards `1..=n` (`n` from 1 to 13): each player holds one of
/// each; the prize cards `1..=n` are shuffled by the seed and dealt face up (so this version has
/// perfect information). Each round both bid a card from their hand at once; the higher bid
/// wins the round's prize, equal bids discard it. After `n` rounds the larger prize total wins.
/// An action is a card value; a card not in hand is replaced by the lowest card in hand.
///
/// ```
/// use pathfind::tree::Game;
/// use pathfind::tree::toys::Goofspiel;
///
/// let game = Goofspiel::new(3).unwrap();
/// let mut state = game.initial_state(7);
/// while !game.is_terminal(&state) {
///     let round = state.round();
///     game.advance(&mut state, &[3 - round, 1 + round]);
/// }
/// assert_eq!(state.scores().iter().sum::<u16>() + state.discarded(), 6);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Goofspiel {
    cards: u8,
}

/// A [`Goofspiel`] state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GoofspielState {
    /// The prizes in order of play (the first `n` entries).
    prizes: [u8; 13],
    /// Bit `v` set when card `v` is still in the player's hand.
    hands: [u16; 2],
    scores: [u16; 2],
    round: u8,
    cards: u8,
}

impl Goofspiel {
    /// Goofspiel with `cards` cards per suit; `None` unless `1 <= cards <= 13`.
    pub fn new(cards: u8) -> Option<Goofspiel> {
        (1..=13).contains(&cards).then_some(Goofspiel { cards })
    }
}

impl GoofspielState {
    /// Rounds played.
    pub fn round(&self) -> u8 {
        self.round
    }
    /// The players' prize totals.
    pub fn scores(&self) -> [u16; 2] {
        self.scores
    }
    /// The prize of the current round, if any is left.
    pub fn prize(&self) -> Option<u8> {
        (self.round < self.cards).then(|| self.prizes[usize::from(self.round)])
    }
    /// The total of the prizes discarded on equal bids.
    pub fn discarded(&self) -> u16 {
        let dealt: u16 = self.prizes[..usize::from(self.round)]
            .iter()
            .map(|&p| u16::from(p))
            .sum();
        dealt - self.scores[0] - self.scores[1]
    }
    fn lowest(&self, player: usize) -> u8 {
        self.hands[player].trailing_zeros() as u8
    }
}

impl Game for Goofspiel {
    type State = GoofspielState;
    type Action = u8;
    type Events = ();
    type Outcome = [u8; 2];
    type Observation = GoofspielState;

    fn moves(&self) -> Moves {
        Moves::Simultaneous
    }
    fn players(&self) -> usize {
        2
    }
    fn initial_state(&self, seed: u64) -> GoofspielState {
        let mut prizes = [0u8; 13];
        let n = usize::from(self.cards);
        for (i, p) in prizes[..n].iter_mut().enumerate() {
            *p = i as u8 + 1;
        }
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        for i in (1..n).rev() {
            prizes.swap(i, rng.random_range(0..=i));
        }
        let hand = ((1u16 << n) - 1) << 1;
        GoofspielState {
            prizes,
            hands: [hand; 2],
            scores: [0; 2],
            round: 0,
            cards: self.cards,
        }
    }
    fn to_move(&self, state: &GoofspielState) -> PlayerSet {
        if self.is_terminal(state) {
            PlayerSet::EMPTY
        } else {
            PlayerSet::all(2)
        }
    }
    fn legal_actions(&self, state: &GoofspielState, player: usize, buf: &mut Vec<u8>) {
        buf.clear();
        if self.to_move(state).contains(player) {
            buf.extend((1..=state.cards).filter(|&v| state.hands[player] >> v & 1 == 1));
        }
    }
    fn advance(&self, state: &mut GoofspielState, actions: &[u8]) {
        let (Some(prize), &[a, b]) = (state.prize(), actions) else {
            return;
        };
        let mut bids = [a, b];
        for (player, bid) in bids.iter_mut().enumerate() {
            if *bid >= 16 || state.hands[player] >> *bid & 1 == 0 {
                *bid = state.lowest(player);
            }
            state.hands[player] &= !(1 << *bid);
        }
        match bids[0].cmp(&bids[1]) {
            std::cmp::Ordering::Greater => state.scores[0] += u16::from(prize),
            std::cmp::Ordering::Less => state.scores[1] += u16::from(prize),
            std::cmp::Ordering::Equal => {}
        }
        state.round += 1;
    }
    fn is_terminal(&self, state: &GoofspielState) -> bool {
        state.round >= state.cards
    }
    fn outcome(&self, state: &GoofspielState) -> Option<[u8; 2]> {
        self.is_terminal(state).then(|| {
            let [a, b] = state.scores;
            ranks_of(match a.cmp(&b) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Less => 0.0,
                std::cmp::Ordering::Equal => 0.5,
            })
        })
    }
    fn returns(&self, state: &GoofspielState, out: &mut [f64]) {
        let [a, b] = state.scores.map(f64::from);
        let v = if self.is_terminal(state) {
            match a.partial_cmp(&b) {
                Some(std::cmp::Ordering::Greater) => 1.0,
                Some(std::cmp::Ordering::Less) => 0.0,
                _ => 0.5,
            }
        } else {
            // The prize lead as a share of all prizes, squeezed into (0, 1).
            let n = f64::from(state.cards);
            0.5 + 0.5 * (a - b) / (n * (n + 1.0) / 2.0)
        };
        out[0] = v;
        out[1] = 1.0 - v;
    }
    fn observe(&self, state: &GoofspielState, _player: usize) -> GoofspielState {
        *state
    }
}

// ---------------------------------------------------------------------------------------------

/// A one-player hidden-information toy: a coin lands heads with probability
/// `heads_probability`, unseen; the player guesses a face (1 if right, 0 if wrong) or passes
/// (`pass_value`). The outcome is the value earned. A player who knew the face would guess it;
/// one who knows only the probability should guess the likelier face when its probability
/// beats `pass_value`, else pass.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CoinGuess {
    /// What passing earns, in `[0, 1]`. A value outside is clamped into it and NaN counts as 0
    /// (see [`CoinGuess::pass_value`]), so returns always stay in `[0, 1]`.
    pub pass_value: f64,
}

/// The player's choice in [`CoinGuess`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Guess {
    /// Guess heads.
    Heads,
    /// Guess tails.
    Tails,
    /// Take the pass value.
    Pass,
}

/// A [`CoinGuess`] state: the face (hidden from the player) and the choice, once made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CoinState {
    /// Whether the coin shows heads.
    pub heads: bool,
    /// The player's choice, once made.
    pub guess: Option<Guess>,
}

/// What the [`CoinGuess`] player knows: the probability of heads.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CoinBelief {
    /// The probability that the coin shows heads. A value outside `[0, 1]` is clamped into it
    /// and NaN reads as 0.5, knowing nothing (see [`CoinBelief::probability`]).
    pub heads_probability: f64,
}

impl CoinBelief {
    /// [`CoinBelief::heads_probability`] as a probability: clamped into `[0, 1]`, NaN read as
    /// 0.5. Sampling uses this, so no belief makes [`Determinize::sample_state`] panic.
    pub fn probability(&self) -> f64 {
        if self.heads_probability.is_nan() {
            0.5
        } else {
            self.heads_probability.clamp(0.0, 1.0)
        }
    }
}

impl CoinGuess {
    /// The coin every game of this toy tosses: heads with this probability.
    pub const HEADS_PROBABILITY: f64 = 0.7;

    /// The `pass_value` field as a return: clamped into
    /// `[0, 1]`, NaN read as 0.
    pub fn pass_value(&self) -> f64 {
        if self.pass_value.is_nan() {
            0.0
        } else {
            self.pass_value.clamp(0.0, 1.0)
        }
    }

    fn value(&self, state: &CoinState) -> Option<f64> {
        state.guess.map(|g| match (g, state.heads) {
            (Guess::Pass, _) => self.pass_value(),
            (Guess::Heads, true) | (Guess::Tails, false) => 1.0,
            _ => 0.0,
        })
    }
}

impl Game for CoinGuess {
    type State = CoinState;
    type Action = Guess;
    type Events = ();
    type Outcome = f64;
    type Observation = CoinBelief;

    fn moves(&self) -> Moves {
        Moves::Alternating
    }
    fn players(&self) -> usize {
        1
    }
    /// Tosses the coin (heads with probability [`CoinGuess::HEADS_PROBABILITY`]).
    fn initial_state(&self, seed: u64) -> CoinState {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        CoinState {
            heads: rng.random_bool(Self::HEADS_PROBABILITY),
            guess: None,
        }
    }
    fn to_move(&self, state: &CoinState) -> PlayerSet {
        if state.guess.is_some() {
            PlayerSet::EMPTY
        } else {
            PlayerSet::only(0)
        }
    }
    fn legal_actions(&self, state: &CoinState, player: usize, buf: &mut Vec<Guess>) {
        buf.clear();
        if self.to_move(state).contains(player) {
            buf.extend([Guess::Heads, Guess::Tails, Guess::Pass]);
        }
    }
    fn advance(&self, state: &mut CoinState, actions: &[Guess]) {
        if let (None, Some(&g)) = (state.guess, actions.first()) {
            state.guess = Some(g);
        }
    }
    fn is_terminal(&self, state: &CoinState) -> bool {
        state.guess.is_some()
    }
    fn outcome(&self, state: &CoinState) -> Option<f64> {
        self.value(state)
    }
    fn returns(&self, state: &CoinState, out: &mut [f64]) {
        out[0] = self.value(state).unwrap_or(0.5);
    }
    fn observe(&self, _state: &CoinState, _player: usize) -> CoinBelief {
        CoinBelief {
            heads_probability: Self::HEADS_PROBABILITY,
        }
    }
}

impl Determinize for CoinGuess {
    type Belief = CoinBelief;

    fn sample_state(
        &self,
        belief: &CoinBelief,
        _player: usize,
        rng: &mut dyn RngCore,
    ) -> CoinState {
        CoinState {
            // `random_bool` panics on NaN; `probability` never gives it.
            heads: rng.random_bool(belief.probability()),
            guess: None,
        }
    }
}
