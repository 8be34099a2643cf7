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

/// `EngineTypeError`: an argument of the wrong type, both an [`EngineError`] and a `TypeError`
/// (a class with two bases, which `create_exception!` cannot make: built once by `type()`).
static ENGINE_TYPE_ERROR: pyo3::sync::PyOnceLock<Py<pyo3::types::PyType>> =
    pyo3::sync::PyOnceLock::new();

/// The class `EngineTypeError`.
pub fn engine_type_error(py: Python<'_>) -> PyResult<&Bound<'_, pyo3::types::PyType>> {
    let class = ENGINE_TYPE_ERROR.get_or_try_init(py, || -> PyResult<_> {
        let namespace = pyo3::types::PyDict::new(py);
        namespace.set_item("__module__", "contest_engines")?;
        namespace.set_item(
            "__doc__",
            "An argument of the wrong type (a string where an integer is due, a float action \
             index): both an EngineError and a TypeError.",
        )?;
        let bases = (
            py.get_type::<EngineError>(),
            py.get_type::<pyo3::exceptions::PyTypeError>(),
        );
        let class =
            py.get_type::<pyo3::types::PyType>()
                .call1(("EngineTypeError", bases, namespace))?;
        Ok(class.cast_into::<pyo3::types::PyType>()?.unbind())
    })?;
    Ok(class.bind(py))
}

/// An `EngineTypeError` with `message`.
pub fn type_error(py: Python<'_>, message: impl std::fmt::Display) -> PyErr {
    match engine_type_error(py) {
        Ok(class) => PyErr::from_type(class.clone(), message.to_string()),
        Err(e) => e,
    }
}

/// The extension module `contest_engines._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("EngineError", py.get_type::<EngineError>())?;
    m.add("EngineTypeError", engine_type_error(py)?)?;
    m.add("VerifyError", py.get_type::<VerifyError>())?;
    m.add("SEARCHES", search::KINDS.to_vec())?;
    m.add_function(pyo3::wrap_pyfunction!(search::check_search, m)?)?;
    games::dogfight::register(m)?;
    games::tron3d::register(m)?;
    games::cloudwars::register(m)?;
    games::amazes::register(m)?;
    games::windward::register(m)?;
    games::tictactoe::register(m)?;
    bots::register(m)?;
    // The crate's version, the package's `contest_engines.__version__` (the wheel's too).
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
