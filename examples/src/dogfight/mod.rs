//! dogfight bots and the `play dogfight` command. (Being built: see issue list.)

use crate::Args;

/// Runs `play dogfight`.
pub fn play(_args: &Args) -> Result<(), String> {
    Err("dogfight: not built yet".into())
}

/// Runs `play verify dogfight FILE...`.
pub fn verify(_files: &[String]) -> Result<String, String> {
    Err("dogfight: not built yet".into())
}
