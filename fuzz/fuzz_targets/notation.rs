//! Move notation: the first line is a FEN (the start position when it does
//! not read), the rest a move text. The reader returns a legal move or a
//! typed error; a move read writes back to text that reads to it again.
#![no_main]
use libfuzzer_sys::fuzz_target;
use shashki::{notation, Position};
mod common;

fuzz_target!(|data: &[u8]| {
    common::timed(data, || {
        let Ok(text) = std::str::from_utf8(data) else { return };
        let (fen, mv) = text.split_once('\n').unwrap_or(("", text));
        let pos = Position::from_fen(fen).unwrap_or_else(|_| Position::start());
        let legal = pos.legal_moves();
        match notation::parse_in(&pos, mv, &legal) {
            Ok(m) => {
                assert!(legal.contains(&m));
                let written = notation::write(&m, &legal);
                assert_eq!(notation::parse_in(&pos, &written, &legal).unwrap(), m);
                assert!(pos.play(&m).is_ok());
            }
            Err(e) => {
                let _ = (e.code(), e.to_string());
            }
        }
    });
});
