//! The JSON forms of the games' values for the Python package (`contest_engines`): each game's
//! state, action, config, observation and outcome to and from JSON text, through serde.
//!
//! Why a crate of its own: the extension pickles states and actions, reads configs and answers
//! observations as Python data, all through these JSON forms, for six games. Written in the
//! extension, serde's code for every one of those types was instantiated there and optimised at
//! opt-level 3 with it: more than a third of the extension's optimisation time (issue 39). Here
//! each form is one non-generic function per type, built once, optimised for size (the `python`
//! profile's `opt-level = "s"` for this crate, in the workspace's Cargo.toml), and the extension
//! calls it. None of them is on a search's or a step's path: they run when a value crosses into
//! Python as data or text.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::value::RawValue;

/// A value with a JSON form (its serde form as JSON text).
pub trait ToJson {
    /// The value as compact JSON text.
    fn to_json(&self) -> Result<String, String>;

    /// The same text as a [`RawValue`], to be written verbatim inside a larger JSON document
    /// (not parsed again to be checked, as `RawValue::from_string` would).
    fn to_raw_json(&self) -> Result<Box<RawValue>, String>;
}

/// A value read from its JSON form.
pub trait FromJson: Sized {
    /// The value of JSON text, or serde_json's message (with line and column) where it is not one.
    fn from_json(text: &str) -> Result<Self, String>;
}

/// The serde path both traits' impls share, generic: instantiated once per type, in this crate.
fn write<T: Serialize + ?Sized>(value: &T) -> Result<String, String> {
    serde_json::to_string(value).map_err(|e| e.to_string())
}

fn write_raw<T: Serialize + ?Sized>(value: &T) -> Result<Box<RawValue>, String> {
    serde_json::value::to_raw_value(value).map_err(|e| e.to_string())
}

fn read<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    serde_json::from_str(text).map_err(|e| e.to_string())
}

/// `ToJson` (and with `both`, `FromJson`) for each type, as non-generic functions compiled here.
/// `#[inline(never)]`: without it a small non-generic function may be inlined across crates, and
/// serde's code would again be optimised in the extension.
macro_rules! json {
    (both: $($t:ty),* $(,)?) => {
        json!(write: $($t),*);
        $(
            impl FromJson for $t {
                #[inline(never)]
                fn from_json(text: &str) -> Result<Self, String> {
                    read(text)
                }
            }
        )*
    };
    (write: $($t:ty),* $(,)?) => {
        $(
            impl ToJson for $t {
                #[inline(never)]
                fn to_json(&self) -> Result<String, String> {
                    write(self)
                }

                #[inline(never)]
                fn to_raw_json(&self) -> Result<Box<RawValue>, String> {
                    write_raw(self)
                }
            }
        )*
    };
}

json!(both:
    dogfight::State, dogfight::Action, dogfight::Config,
    tron3d::State, tron3d::Action, tron3d::Config,
    cloudwars::State, cloudwars::Action, cloudwars::Config,
    amazes::State, amazes::Action, amazes::Config,
    windward::State, windward::Action, windward::Config,
    pathfind::tree::toys::TicTacToeState, u8,
);

// Dogfight's, Tron3D's and CloudWars' observations are their states (full information).
json!(write:
    dogfight::Outcome,
    tron3d::Outcome,
    cloudwars::Outcome,
    amazes::Observation, amazes::Outcome,
    windward::Observation, windward::Outcome,
    [u8; 2],
);
