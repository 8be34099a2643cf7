//! tron3d bots and the `play tron3d` command. (Being built: see issue list.)

use crate::Args;

/// Runs `play tron3d`.
pub fn play(_args: &Args) -> Result<(), String> {
    Err("tron3d: not built yet".into())
}

/// Runs `play verify tron3d FILE...`.
pub fn verify(_files: &[String]) -> Result<String, String> {
    Err("tron3d: not built yet".into())
}
