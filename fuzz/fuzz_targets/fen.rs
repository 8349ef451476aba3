//! FEN: any text is read or refused with an error, never a panic; what is
//! read writes back to a FEN that reads to the same position.
#![no_main]
use libfuzzer_sys::fuzz_target;
use shashki::{fen, Position};
mod common;

fuzz_target!(|data: &[u8]| {
    common::timed(data, || {
        let Ok(text) = std::str::from_utf8(data) else { return };
        let _ = fen::parse_setup(text);
        if let Ok(p) = Position::from_fen(text) {
            let again = Position::from_fen(&p.fen()).expect("a written FEN reads back");
            assert_eq!(again, p);
            let _ = p.legal_moves();
        }
    });
});
