//! The five games as [`Engine`]s: how each is built from its shipped geometry and a config, how
//! its recordings are replayed, and what information-set search believes in it.

use std::path::PathBuf;
use std::sync::Arc;

use pathfind::replay::{Summary, VerifyError};
use pathfind::tree;

use crate::engine::{Engine, HiddenGame, Perfect, overlay};

/// The parts of an [`Engine`] impl that are the same for every perfect-information game:
/// IS-MCTS runs on [`Perfect`], whose belief is the state.
macro_rules! perfect_information {
    () => {
        type Hidden = Perfect<Self>;

        fn hidden(game: &Arc<Self>) -> HiddenGame<'_, Self> {
            HiddenGame::Owned(Perfect(game.clone()))
        }

        fn belief(_game: &Self, state: &Self::State, _player: usize) -> Self::State {
            state.clone()
        }
    };
}

/// The parts of an [`Engine`] impl that [`arena::Playable`] answers: scores, pictures, the
/// replay page.
macro_rules! playable {
    () => {
        fn scores_now(&self, state: &Self::State) -> Vec<f64> {
            arena::Playable::current_scores(self, state)
        }

        fn svg(&self, state: &Self::State, out: &mut String) {
            arena::Playable::render_svg(self, state, out)
        }

        fn replay_page(
            &self,
            path: &std::path::Path,
            names: &[String],
            states: &[&Self::State],
            options: &arena::viewer::ViewerOptions,
        ) -> Result<usize, String> {
            arena::viewer::write_html(path, self, names, states.iter().copied(), options)
                .map(|summary| summary.frames)
                .map_err(|e| e.to_string())
        }
    };
}

/// A whole number from `board`, or an error naming what `board` may be.
fn index(board: &str, what: &str) -> Result<usize, String> {
    board
        .trim()
        .parse()
        .map_err(|_| format!("board {board:?}: expected {what}"))
}

/// Dogfight: `board` is the arena's edge (default 14, the tournament's); `config` overlays
/// `::dogfight::Config`.
impl Engine for ::dogfight::Game {
    const NAME: &'static str = "dogfight";
    playable!();

    fn build(board: Option<&str>, config: Option<serde_json::Value>) -> Result<Self, String> {
        let size = match board {
            None => ::dogfight::Arena::STANDARD_SIZE,
            Some(board) => {
                let size = index(
                    board,
                    "the arena's edge, a whole number (14 in the tournament)",
                )?;
                u32::try_from(size).map_err(|_| format!("arena edge {size} is too large"))?
            }
        };
        let arena = ::dogfight::Arena::new(size).map_err(|e| e.to_string())?;
        let config = overlay(::dogfight::Config::default(), config)?;
        ::dogfight::Game::new(arena, config).map_err(|e| e.to_string())
    }

    fn verify(paths: &[PathBuf]) -> Result<Summary, VerifyError> {
        ::dogfight::replay::verify_files(paths)
    }

    perfect_information!();
}

/// Tron3D: `board` is a shipped board (`cube6`, the default; `cube12`, `ico2`, `ico3`, `grid13`,
/// `grid17`) or the text of a `.map` file; `config` overlays the board's config (a `.map` file:
/// `::tron3d::Config::default()`).
impl Engine for ::tron3d::Game {
    const NAME: &'static str = "tron3d";
    playable!();

    fn build(board: Option<&str>, config: Option<serde_json::Value>) -> Result<Self, String> {
        let board = board.unwrap_or("cube6");
        let (board, default) = match ::tron3d::Preset::from_name(board) {
            Some(preset) => (preset.board(), preset.config()),
            None if board.contains('\n') => (
                ::tron3d::format::parse_map("map", board).map_err(|e| format!(".map text: {e}"))?,
                ::tron3d::Config::default(),
            ),
            None => {
                let names: Vec<&str> = ::tron3d::Preset::ALL.iter().map(|p| p.name()).collect();
                return Err(format!(
                    "board {board:?}: not a shipped board ({}) nor the text of a .map file",
                    names.join(", ")
                ));
            }
        };
        let config = overlay(default, config)?;
        ::tron3d::Game::new(board, config).map_err(|e| e.to_string())
    }

    fn verify(paths: &[PathBuf]) -> Result<Summary, VerifyError> {
        ::tron3d::replay::verify_files(paths)
    }

    perfect_information!();
}

/// CloudWars: no board (the world is drawn from the seed); `config` overlays
/// `::cloudwars::Config` (width, height, players, ...).
impl Engine for ::cloudwars::Game {
    const NAME: &'static str = "cloudwars";
    playable!();

    fn build(board: Option<&str>, config: Option<serde_json::Value>) -> Result<Self, String> {
        if let Some(board) = board {
            return Err(format!(
                "board {board:?}: CloudWars has no board (its world is drawn from the seed; \
                 set width and height in config)"
            ));
        }
        let config = overlay(::cloudwars::Config::default(), config)?;
        ::cloudwars::Game::new(config).map_err(|e| e.to_string())
    }

    fn verify(paths: &[PathBuf]) -> Result<Summary, VerifyError> {
        ::cloudwars::replay::verify_files(paths)
    }

    perfect_information!();
}

/// Amazes: `board` is a shipped maze (0 to 9, default 0) or the text of a maze file; `config`
/// overlays `::amazes::Config` sized for the maze.
impl Engine for ::amazes::Game {
    const NAME: &'static str = "amazes";
    playable!();

    fn build(board: Option<&str>, config: Option<serde_json::Value>) -> Result<Self, String> {
        let file = match board {
            None => ::amazes::mazes::get(0),
            Some(text) if text.contains('\n') => {
                ::amazes::MazeFile::parse(text).map_err(|e| format!("maze text: {e}"))?
            }
            Some(board) => {
                let i = index(board, "a shipped maze (0 to 9) or the text of a maze file")?;
                if i >= ::amazes::mazes::COUNT {
                    return Err(format!(
                        "board {i}: the shipped mazes are 0 to {}",
                        ::amazes::mazes::COUNT - 1
                    ));
                }
                ::amazes::mazes::get(i)
            }
        };
        // As `play amazes` sizes it: the maze's size, and a start distance the maze allows.
        let size = file.maze.size();
        let default = ::amazes::Config {
            size,
            min_start_distance2: ::amazes::Config::default()
                .min_start_distance2
                .min(2 * (size as u32 - 1).pow(2)),
            ..::amazes::Config::default()
        };
        let config = overlay(default, config)?;
        ::amazes::Game::new(file.maze, config).map_err(|e| e.to_string())
    }

    fn verify(paths: &[PathBuf]) -> Result<Summary, VerifyError> {
        ::amazes::replay::verify_files(paths)
    }

    /// The game's own determinization: mazes consistent with the player's discoveries.
    type Hidden = ::amazes::Game;

    fn hidden(game: &Arc<Self>) -> HiddenGame<'_, Self> {
        HiddenGame::Borrowed(&**game)
    }

    fn belief(game: &Self, state: &Self::State, player: usize) -> ::amazes::Belief {
        let player = if player == 0 {
            ::amazes::Player::Red
        } else {
            ::amazes::Player::Blue
        };
        ::amazes::Belief::from_state(game, state, player)
    }
}

/// Windward: `board` is a shipped map (1, 2 or 3, default 1) or the text of a map XML file;
/// `config` overlays `::windward::Config`.
impl Engine for ::windward::Game {
    const NAME: &'static str = "windward";
    playable!();

    fn build(board: Option<&str>, config: Option<serde_json::Value>) -> Result<Self, String> {
        let map = match board {
            None => ::windward::mapgen::default_map(0),
            Some(text) if text.trim_start().starts_with('<') => {
                ::windward::Map::parse(text.as_bytes()).map_err(|e| format!("map XML: {e}"))?
            }
            Some(board) => match index(board, "a shipped map (1, 2 or 3) or a map's XML text")? {
                i @ 1..=3 => ::windward::mapgen::default_map(i - 1),
                i => return Err(format!("board {i}: the shipped maps are 1, 2 and 3")),
            },
        };
        let config = overlay(::windward::Config::default(), config)?;
        ::windward::Game::new(map, config).map_err(|e| e.to_string())
    }

    fn verify(paths: &[PathBuf]) -> Result<Summary, VerifyError> {
        ::windward::replay::verify_files(paths)
    }

    /// The game's own determinization: other hands and the shuffles redrawn.
    type Hidden = ::windward::Game;

    fn hidden(game: &Arc<Self>) -> HiddenGame<'_, Self> {
        HiddenGame::Borrowed(&**game)
    }

    fn belief(game: &Self, state: &Self::State, player: usize) -> ::windward::Observation {
        tree::Game::observe(game, state, player)
    }
}

/// Tic-tac-toe (`pathfind::tree::toys`), the toy game searches are compared on (OpenSpiel has it
/// too): no board, no config, no recordings.
impl Engine for tree::toys::TicTacToe {
    const NAME: &'static str = "tictactoe";

    fn build(board: Option<&str>, config: Option<serde_json::Value>) -> Result<Self, String> {
        match (board, config) {
            (None, None) => Ok(tree::toys::TicTacToe),
            _ => Err("tic-tac-toe has no board and no config".to_string()),
        }
    }

    fn verify(paths: &[PathBuf]) -> Result<Summary, VerifyError> {
        Err(VerifyError::Format {
            path: paths.first().cloned().unwrap_or_default(),
            message: "tic-tac-toe has no recordings to replay".to_string(),
        })
    }

    fn scores_now(&self, state: &Self::State) -> Vec<f64> {
        let mut out = vec![0.0; 2];
        if tree::Game::is_terminal(self, state) {
            tree::Game::returns(self, state, &mut out);
        }
        out
    }

    fn svg(&self, state: &Self::State, out: &mut String) {
        use std::fmt::Write as _;
        out.push_str(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 3 3\" width=\"150\" \
             height=\"150\">\n<path d=\"M1 0V3M2 0V3M0 1H3M0 2H3\" stroke=\"black\" \
             stroke-width=\"0.04\"/>\n",
        );
        // The marks are shapes, not letters, so that the rasterised picture (`render_rgb`, drawn
        // without fonts) shows them: X a cross, O a ring, in the players' colours.
        for cell in 0..9 {
            if let Some(owner) = state.mark(cell) {
                let (x, y) = (cell % 3, cell / 3);
                let colour = pathfind::palette::player_colour(usize::from(owner != 0));
                let _ = if owner == 0 {
                    writeln!(
                        out,
                        "<path class=\"x\" d=\"M{x}.2 {y}.2L{x}.8 {y}.8M{x}.8 {y}.2L{x}.2 {y}.8\" \
                         stroke=\"{colour}\" stroke-width=\"0.1\" stroke-linecap=\"round\"/>"
                    )
                } else {
                    writeln!(
                        out,
                        "<circle class=\"o\" cx=\"{x}.5\" cy=\"{y}.5\" r=\"0.3\" fill=\"none\" \
                         stroke=\"{colour}\" stroke-width=\"0.1\"/>"
                    )
                };
            }
        }
        out.push_str("</svg>\n");
    }

    fn replay_page(
        &self,
        _path: &std::path::Path,
        _names: &[String],
        _states: &[&Self::State],
        _options: &arena::viewer::ViewerOptions,
    ) -> Result<usize, String> {
        Err("tic-tac-toe has no replay page (render_svg draws a state)".to_string())
    }

    perfect_information!();
}

crate::module::game_module!(
    tictactoe,
    "contest_engines.tictactoe",
    ::pathfind::tree::toys::TicTacToe
);
crate::module::game_module!(dogfight, "contest_engines.dogfight", ::dogfight::Game);
crate::module::game_module!(tron3d, "contest_engines.tron3d", ::tron3d::Game);
crate::module::game_module!(cloudwars, "contest_engines.cloudwars", ::cloudwars::Game);
crate::module::game_module!(amazes, "contest_engines.amazes", ::amazes::Game);
crate::module::game_module!(windward, "contest_engines.windward", ::windward::Game);
