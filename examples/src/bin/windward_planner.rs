//! `windward_planner`: the planner bot as a client of a Windward server (the original's, or
//! `windward_server`): `windward_planner [--host H] [--port P] [--name NAME] [--school S] [--lockstep]`.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    examples::windward::net::client_main("planner", &args)
}
