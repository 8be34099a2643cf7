//! amazes bots and the `play amazes` command. (Being built: see issue list.)

use crate::Args;

/// Runs `play amazes`.
pub fn play(_args: &Args) -> Result<(), String> {
    Err("amazes: not built yet".into())
}

/// Runs `play verify amazes FILE...`.
pub fn verify(_files: &[String]) -> Result<String, String> {
    Err("amazes: not built yet".into())
}
