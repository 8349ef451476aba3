//! The bindings' conversions of page input: move objects and search
//! options (as the JSON text `JSON.stringify` gives), side names, levels.
//! Each is a value or a `bad_argument`, never a panic; limits read are sane.
#![no_main]
use libfuzzer_sys::fuzz_target;
use shashki::web::convert;
mod common;

fuzz_target!(|data: &[u8]| {
    common::timed(data, || {
        let Ok(text) = std::str::from_utf8(data) else { return };
        let g = shashki::game::Game::new();
        let legal = g.legal_moves();
        if let Ok(i) = convert::move_input_from_json(text) {
            if let Err(e) = convert::resolve_input(g.position(), &i, &legal) {
                assert!(!e.code.is_empty());
            }
        }
        if let Ok(o) = convert::search_options_from_json(text) {
            if let Ok(l) = o.limits() {
                assert!(l.movetime_ms.is_some() || l.depth.is_some() || l.nodes.is_some());
                assert!(l.movetime_ms.is_none_or(|m| m > 0.0 && m <= 600_000.0));
            }
        }
        if let Err(e) = convert::side(text) {
            assert_eq!(e.code, "bad_argument");
        }
        if let Ok(n) = text.trim().parse::<f64>() {
            if let Ok(l) = convert::level(n) {
                assert!((1..=shashki::engine::MAX_LEVEL).contains(&l));
            }
        }
    });
});
