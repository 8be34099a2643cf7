//! The native half of the Python package `contest_engines` (PyO3): the five engines behind one
//! Python API over the game contract [`pathfind::tree::Game`], and the contract's searches run
//! in Rust with the GIL released. The Python half (`python/contest_engines/`) re-exports it per
//! game and adds what is plain Python. See `python/README.md` for the API a bot author uses.

mod bots;
mod engine;
mod games;
mod module;
mod render;
mod search;
mod tensor;

use pyo3::prelude::*;

pyo3::create_exception!(
    contest_engines,
    EngineError,
    pyo3::exceptions::PyValueError,
    "An engine refused an argument (a player out of range, an illegal action, malformed JSON, a \
     state that does not fit the game, a bad config); the message is the Rust error's."
);

pyo3::create_exception!(
    contest_engines,
    VerifyError,
    EngineError,
    "A recording did not replay: a file could not be read or parsed, or a state differs (the \
     message names the trace, step, field, expected and got)."
);

/// The extension module `contest_engines._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("EngineError", py.get_type::<EngineError>())?;
    m.add("VerifyError", py.get_type::<VerifyError>())?;
    m.add("SEARCHES", search::KINDS.to_vec())?;
    games::dogfight::register(m)?;
    games::tron3d::register(m)?;
    games::cloudwars::register(m)?;
    games::amazes::register(m)?;
    games::windward::register(m)?;
    games::tictactoe::register(m)?;
    bots::register(m)?;
    Ok(())
}
