//! `play`'s typed command line, from the library: consistent, each game's help lists exactly its
//! roster's bots, `--games 0` refused, and the distance behind the suggestions.

use clap::CommandFactory;
use clap::error::ErrorKind;
use examples::cli::{Cli, command, edit_distance, parse};

#[test]
fn the_command_line_is_consistent() {
    Cli::command().debug_assert();
    command().debug_assert();
}

#[test]
fn each_game_help_lists_exactly_its_roster_bots() {
    use examples::roster::Roster;
    fn check<G: Roster>(game: &str) {
        let help = command()
            .find_subcommand_mut(game)
            .unwrap()
            .render_long_help()
            .to_string();
        let listed: Vec<&str> = help
            .split("Bots:\n")
            .nth(1)
            .unwrap_or_else(|| panic!("{game}: no bot list in\n{help}"))
            .lines()
            .take_while(|line| line.starts_with("  "))
            .filter_map(|line| line.split_whitespace().next())
            .collect();
        let names: Vec<&str> = G::bot_names()
            .iter()
            .map(|(name, _)| name.split_whitespace().next().unwrap())
            .collect();
        assert_eq!(listed, names, "{game}");
    }
    check::<dogfight::Game>("dogfight");
    check::<tron3d::Game>("tron3d");
    check::<examples::cloudwars::Match>("cloudwars");
    check::<amazes::Game>("amazes");
    check::<windward::Game>("windward");
}

#[test]
fn zero_games_is_an_error() {
    let error = parse(["play", "dogfight", "--games", "0"]).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::ValueValidation, "{error}");
    assert!(parse(["play", "dogfight", "--games", "1"]).is_ok());
}

#[test]
fn edit_distances() {
    assert_eq!(edit_distance("--fight", "--fights"), 1);
    assert_eq!(edit_distance("--maps", "--map"), 1);
    assert_eq!(edit_distance("kitten", "sitting"), 3);
}
