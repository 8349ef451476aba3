//! `game`: play moves from a position and print the status (game layer).

use std::process::ExitCode;

pub fn game(_argv: &[String]) -> Result<ExitCode, String> {
    Err("game: not implemented yet".into())
}
