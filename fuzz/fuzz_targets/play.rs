//! A sequence of `Game.play` calls as the page makes them, through the
//! bindings' plain-Rust layer: each line is notation text, or a move object
//! when it starts with `{`; `<` undoes, `>` redoes. A refused move leaves
//! the game exactly as it was (position, record, status, PDN).
#![no_main]
use libfuzzer_sys::fuzz_target;
use shashki::game::Game;
use shashki::web::convert::{self, MoveRequest};
mod common;

fuzz_target!(|data: &[u8]| {
    common::timed(data, || {
        let Ok(text) = std::str::from_utf8(data) else { return };
        let mut g = Game::new();
        for line in text.split('\n').take(256) {
            match line {
                "<" => {
                    g.undo();
                    continue;
                }
                ">" => {
                    g.redo();
                    continue;
                }
                _ => {}
            }
            let req = if line.starts_with('{') {
                match convert::move_input_from_json(line) {
                    Ok(i) => MoveRequest::Object(i),
                    Err(e) => {
                        assert_eq!(e.code, "bad_argument");
                        continue;
                    }
                }
            } else {
                MoveRequest::Text(line.to_string())
            };
            let before = (g.position().fen(), g.ply(), g.record_len(), g.status(), g.to_pdn());
            match convert::play(&mut g, &req) {
                Ok(v) => {
                    assert_eq!(g.ply(), before.1 + 1);
                    assert_eq!(g.history().last().unwrap().notation, v.notation);
                }
                Err(e) => {
                    assert!(!e.code.is_empty() && !e.message.is_empty());
                    let after = (g.position().fen(), g.ply(), g.record_len(), g.status(), g.to_pdn());
                    assert_eq!(after, before, "a refused move changed the game");
                }
            }
        }
        let _ = (convert::history(&g), convert::status(&g), convert::board(&g));
    });
});
