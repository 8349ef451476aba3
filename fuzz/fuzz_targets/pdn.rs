//! PDN: any text is read or refused with a typed error; every game read
//! writes back to PDN that reads to the same moves and position.
#![no_main]
use libfuzzer_sys::fuzz_target;
use shashki::game::{pdn, Game};
mod common;

fuzz_target!(|data: &[u8]| {
    common::timed(data, || {
        let Ok(text) = std::str::from_utf8(data) else { return };
        let Ok(games) = pdn::parse_games(text) else { return };
        for g in &games {
            let back = Game::from_pdn(&g.to_pdn()).expect("written PDN reads back");
            assert_eq!(back.position(), g.position());
            assert_eq!(back.ply(), g.ply());
            assert_eq!(back.status(), g.status());
        }
    });
});
