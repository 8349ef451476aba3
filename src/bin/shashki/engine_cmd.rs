//! `bestmove`, `match` and the search half of `bench` (engine layer).

use std::process::ExitCode;

pub fn bestmove(_argv: &[String]) -> Result<ExitCode, String> {
    Err("bestmove: not implemented yet".into())
}

pub fn run_match(_argv: &[String]) -> Result<ExitCode, String> {
    Err("match: not implemented yet".into())
}

pub fn bench(_argv: &[String]) -> Result<ExitCode, String> {
    Ok(ExitCode::SUCCESS)
}
