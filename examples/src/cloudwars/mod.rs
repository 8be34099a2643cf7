//! cloudwars bots and the `play cloudwars` command. (Being built: see issue list.)

use crate::Args;

/// Runs `play cloudwars`.
pub fn play(_args: &Args) -> Result<(), String> {
    Err("cloudwars: not built yet".into())
}

/// Runs `play verify cloudwars FILE...`.
pub fn verify(_files: &[String]) -> Result<String, String> {
    Err("cloudwars: not built yet".into())
}
