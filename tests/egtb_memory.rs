//! The memory the endgame tables' unpacked blocks may take
//! (`egtb::set_unpacked_limit`, docs/engine.md, "The endgame tables in
//! the search"). One test in its own binary: the limit and the installed
//! tables belong to the process.

use shashki::engine::egtb::{self, Tables};
use shashki::engine::{Clock, Engine, Limits};
use shashki::game::Game;
use std::path::PathBuf;

/// A late ending of ten pieces: the search probes the five-piece tables
/// below it and unpacks blocks at its deeper nodes.
const ENDING: &str = "B:WKa1,c3,e3,g1,Kf2:BKb8,d6,f6,Kh6,a7";

fn search(limits: &Limits) -> (String, i32, u64) {
    let game = Game::from_fen(ENDING).unwrap();
    let r = Engine::new(1).search(&game, limits, &Clock::frozen());
    let mv = game.position().move_text(&r.best.unwrap());
    (mv, r.score, r.nodes)
}

#[test]
fn unpacked_blocks_stay_within_the_limit() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("www/egtb");
    let (t, problems) = Tables::load_dir(&dir);
    assert!(problems.is_empty(), "{problems:?}");
    egtb::install(t);
    let depth = Limits::depth(13);

    // Without a limit: the blocks the search unpacks, and their size.
    egtb::set_unpacked_limit(usize::MAX);
    let free = search(&depth);
    let blocks = egtb::unpacked_blocks();
    let bytes = egtb::unpacked_bytes();
    assert!(blocks >= 3, "{blocks} blocks unpacked");
    assert!(bytes >= blocks * 4096, "{bytes} bytes in {blocks} blocks");

    // The default limit does not bite on one search: the same search,
    // the same nodes. (A search packs nothing under the limit, so the
    // blocks of the first are still there: forget them first.)
    egtb::forget_unpacked();
    assert_eq!(egtb::unpacked_blocks(), 0);
    assert_eq!(egtb::unpacked_bytes(), 0);
    egtb::set_unpacked_limit(egtb::UNPACKED_LIMIT);
    assert!(bytes < egtb::UNPACKED_LIMIT);
    assert_eq!(search(&depth), free);
    assert_eq!(egtb::unpacked_blocks(), blocks);

    // Over the limit, a search packs every block first. A deeper search
    // unpacks more; with the limit at what it unpacked, the first search
    // again finds nothing unpacked, so it counts the same nodes and ends
    // with its own blocks only.
    let deeper = search(&Limits::depth(15));
    let (blocks15, bytes15) = (egtb::unpacked_blocks(), egtb::unpacked_bytes());
    assert!(
        blocks15 > blocks,
        "{deeper:?}: {blocks15} blocks, {blocks} at depth 13"
    );
    egtb::set_unpacked_limit(bytes15);
    assert_eq!(search(&depth), free);
    assert_eq!(egtb::unpacked_blocks(), blocks);

    // A limit below one block: the search unpacks the first block it
    // wants and no other, and still plays a move.
    egtb::forget_unpacked();
    egtb::set_unpacked_limit(1);
    let (mv, _, _) = search(&depth);
    assert!(Game::from_fen(ENDING)
        .unwrap()
        .position()
        .parse_move(&mv)
        .is_ok());
    assert_eq!(egtb::unpacked_blocks(), 1);
    egtb::keep_unpacked_within_limit();
    assert_eq!(egtb::unpacked_blocks(), 0);
    assert_eq!(egtb::unpacked_bytes(), 0);
}
