//! windward bots and the `play windward` command. (Being built: see issue list.)

use crate::Args;

/// Runs `play windward`.
pub fn play(_args: &Args) -> Result<(), String> {
    Err("windward: not built yet".into())
}

/// Runs `play verify windward FILE...`.
pub fn verify(_files: &[String]) -> Result<String, String> {
    Err("windward: not built yet".into())
}
