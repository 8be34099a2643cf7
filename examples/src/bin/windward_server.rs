//! `windward_server`: the windward engine behind the original server's TCP protocol. See
//! `windward_server --help` and `windward::net::Server`.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    examples::windward::net::server_main(&args)
}
