//! The explorer Amazes bot as a player program (stdin/stdout, CodeCup protocol).

fn main() -> std::process::ExitCode {
    examples::amazes::program::main_for(&mut examples::amazes::bots::ExplorerBot::default())
}
