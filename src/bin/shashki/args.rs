//! A tiny argument reader shared by the subcommands: `--name value` options,
//! `--flag` switches and positional words, and the choice of a
//! subcommand's own subcommand (`shashki tune gen`).

use shashki::Position;
use std::process::ExitCode;

/// The 840 balanced openings of `tests/data/russian-openings.txt`, compiled
/// in (match, tune and book start from them).
pub const OPENINGS: &str = include_str!("../../../tests/data/russian-openings.txt");

/// An openings file: one FEN a line, blank lines and `#` comments skipped;
/// a line that is not a FEN is an error naming it.
pub fn parse_openings(text: &str) -> Result<Vec<Position>, String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .enumerate()
        .map(|(i, l)| Position::from_fen(l).map_err(|e| format!("opening {}: {e}", i + 1)))
        .collect()
}

/// The compiled-in openings ([`OPENINGS`]).
pub fn openings() -> Result<Vec<Position>, String> {
    parse_openings(OPENINGS)
}

/// A subcommand's entry point: its arguments in, its exit code or error out.
pub type Command = fn(&[String]) -> Result<ExitCode, String>;

/// Runs the command of `table` that the first word of `argv` names, with
/// the words after it; no word or an unknown one is the error `usage`.
pub fn dispatch(
    argv: &[String],
    table: &[(&str, Command)],
    usage: &str,
) -> Result<ExitCode, String> {
    match argv.split_first() {
        Some((word, rest)) => match table.iter().find(|(name, _)| name == word) {
            Some((_, run)) => run(rest),
            None => Err(usage.into()),
        },
        None => Err(usage.into()),
    }
}

pub struct Args {
    pub positional: Vec<String>,
    options: Vec<(String, Option<String>)>,
}

impl Args {
    /// Splits `argv`; `switches` are the `--names` that take no value.
    pub fn parse(argv: &[String], switches: &[&str]) -> Result<Args, String> {
        let mut positional = Vec::new();
        let mut options = Vec::new();
        let mut it = argv.iter();
        while let Some(a) = it.next() {
            if let Some(name) = a.strip_prefix("--") {
                if switches.contains(&name) {
                    options.push((name.to_string(), None));
                } else {
                    let v = it.next().ok_or_else(|| format!("--{name} needs a value"))?;
                    options.push((name.to_string(), Some(v.clone())));
                }
            } else {
                positional.push(a.clone());
            }
        }
        Ok(Args {
            positional,
            options,
        })
    }

    pub fn flag(&self, name: &str) -> bool {
        self.options.iter().any(|(n, _)| n == name)
    }

    pub fn value(&self, name: &str) -> Option<&str> {
        self.options
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .and_then(|(_, v)| v.as_deref())
    }

    #[allow(dead_code)]
    pub fn number<T: std::str::FromStr>(&self, name: &str) -> Result<Option<T>, String> {
        match self.value(name) {
            None => Ok(None),
            Some(v) => v
                .parse()
                .map(Some)
                .map_err(|_| format!("--{name}: '{v}' is not a valid number")),
        }
    }

    /// `--threads N` of a data-building command, by default one a core.
    pub fn threads_or_cores(&self) -> Result<usize, String> {
        Ok(self.number::<usize>("threads")?.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
        }))
    }

    /// Refuses options this command does not know.
    pub fn only(&self, known: &[&str]) -> Result<(), String> {
        match self
            .options
            .iter()
            .find(|(n, _)| !known.contains(&n.as_str()))
        {
            Some((n, _)) => Err(format!("unknown option --{n}")),
            None => Ok(()),
        }
    }

    /// The position from `--fen`, or the start.
    pub fn position(&self) -> Result<shashki::Position, String> {
        match self.value("fen") {
            Some(f) => shashki::Position::from_fen(f).map_err(|e| e.to_string()),
            None => Ok(shashki::Position::start()),
        }
    }
}
