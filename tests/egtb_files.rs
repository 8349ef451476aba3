//! The tables as separate files (what the browser's Worker uses): which
//! files a position needs, adding a file from its bytes with its checks,
//! and the verdict the play page shows.

use shashki::engine::egtb::files::{self, AddError};
use shashki::engine::egtb::play::{self, Verdict};
use shashki::engine::egtb::{FormatError, Kind, Material, Tables};
use shashki::game::Game;
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("www/egtb")
}

fn bytes(name: &str) -> Vec<u8> {
    std::fs::read(dir().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn install_for(fen: &str) -> Game {
    let game = Game::from_fen(fen).unwrap();
    for name in files::files_for(game.position()) {
        files::add_installed(&name, &bytes(&name)).unwrap();
    }
    game
}

#[test]
fn files_needed_are_the_material_and_what_it_can_become() {
    let kkk_k = Material {
        wk: 3,
        wm: 0,
        bk: 1,
        bm: 0,
    };
    assert_eq!(
        files::files_for_material(&kkk_k),
        ["w1k0m-b1k0m.egtb", "w1k0m-b2k0m.egtb", "w1k0m-b3k0m.egtb"]
    );
    // Two white men against a black king: the men can crown and be taken.
    let mm_k = Material {
        wk: 0,
        wm: 2,
        bk: 1,
        bm: 0,
    };
    assert_eq!(
        files::files_for_material(&mm_k),
        [
            "w0k1m-b1k0m.egtb",
            "w0k2m-b1k0m.egtb",
            "w1k0m-b1k0m.egtb",
            "w1k0m-b1k1m.egtb",
            "w1k0m-b2k0m.egtb",
        ]
    );
    // Above five pieces: nothing.
    let six = Material {
        wk: 0,
        wm: 3,
        bk: 0,
        bm: 3,
    };
    assert!(files::files_for_material(&six).is_empty());
    // Every material up to five pieces names its own file first among
    // what it needs, and every name is a shipped file.
    let shipped: Vec<String> = std::fs::read_dir(dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    // Five pieces with men: the material's own file and those it can
    // become (three kings and a man against a king: crowned, four kings;
    // the man or a king taken, three kings and a man or three kings ...).
    let with_men = Material {
        wk: 3,
        wm: 1,
        bk: 1,
        bm: 0,
    };
    let need = files::files_for_material(&with_men);
    for f in ["w1k0m-b3k1m.egtb", "w1k0m-b4k0m.egtb", "w1k0m-b3k0m.egtb"] {
        assert!(need.contains(&f.to_string()), "{need:?}");
    }
    for n in 2..=5 {
        for m in Material::all_with(n).into_iter().filter(files::shipped) {
            let need = files::files_for_material(&m);
            assert!(need.contains(&files::file_name(&m)), "{m}");
            for f in &need {
                assert!(shipped.contains(f), "{m} needs {f}, which is not shipped");
            }
        }
    }
}

#[test]
fn add_checks_bytes_and_name_and_refusal_changes_nothing() {
    // The installed set is global and the tests of this file run in
    // parallel: this file is one that no other test here installs (the
    // verdict test's two men against a king can crown into w1k0m-b1k1m).
    let name = "w2k0m-b2k0m.egtb";
    let good = bytes(name);
    // Truncated, damaged, foreign, misnamed: all refused.
    let truncated = &good[..good.len() / 2];
    assert!(matches!(
        files::add_installed(name, truncated),
        Err(AddError::Format(
            FormatError::Truncated | FormatError::Checksum { .. }
        ))
    ));
    let mut damaged = good.clone();
    let mid = damaged.len() / 2;
    damaged[mid] ^= 0x40;
    assert!(matches!(
        files::add_installed(name, &damaged),
        Err(AddError::Format(FormatError::Checksum { .. }))
    ));
    assert!(matches!(
        files::add_installed(name, b"<html>not found</html>"),
        Err(AddError::Format(_))
    ));
    assert!(files::add_installed(name, &[0u8; 4096]).is_err());
    assert_eq!(
        files::add_installed("w1k0m-b2k0m.egtb", &good),
        Err(AddError::WrongName {
            name: "w1k0m-b2k0m.egtb".into(),
            holds: name.into()
        })
    );
    assert!(
        !files::installed_files().contains(&name.to_string()),
        "a refused file is not installed"
    );
    // The sound file is taken.
    assert_eq!(files::add_installed(name, &good), Ok(name.to_string()));
    assert!(files::installed_files().contains(&name.to_string()));
}

#[test]
fn verdict_matches_the_tables_and_shows_distances_where_exact() {
    // `shashki egtb probe`: {"fen":"W:Wa3,c1:BKh8","moves":8,"result":"loss"}
    let mut game = install_for("W:Wa3,c1:BKh8");
    assert_eq!(
        play::verdict(&game),
        Some(Verdict {
            kind: Kind::Loss,
            moves: Some(8)
        })
    );
    // The same as a fresh probe of the files read from the folder.
    let (all, problems) = Tables::load_dir(&dir());
    assert!(problems.is_empty(), "{problems:?}");
    let p = all.probe_fresh(game.position()).unwrap();
    assert_eq!((p.kind, p.moves()), (Kind::Loss, Some(8)));
    // No count runs in this material: the distance stays exact as the game goes on.
    game.play_text("a3-b4").unwrap();
    let v = play::verdict(&game).unwrap();
    let p = all.probe_fresh(game.position()).unwrap();
    assert_eq!((v.kind, v.moves), (p.kind, p.moves()));
    assert_eq!(v.kind, Kind::Win);

    // Two kings against a king (rule 4's count runs): the distance is shown
    // while the whole fastest line fits in what is left of the count
    // (`play::exact_distance`; checked against an exhaustive search in
    // tests/egtb_trainer.rs), and hidden when it does not.
    let mut kk = install_for("W:WKa1,Kc1:BKh8");
    let fresh = play::verdict(&kk).unwrap();
    let p = all.probe_fresh(kk.position()).unwrap();
    assert_eq!((fresh.kind, fresh.moves), (p.kind, p.moves()));
    kk.play_text("c1-d2").unwrap();
    let ran = play::verdict(&kk).expect("the counts fit the model");
    // {"fen":"B:WKa1,Kd2:BKh8","moves":1,"result":"loss"}: 1 ply of 9 left
    assert_eq!((ran.kind, ran.moves), (Kind::Loss, Some(1)));

    // Five pieces: no verdict.
    let five = Game::from_fen("W:Wa3,c1,e1:BKh8,Kg7").unwrap();
    assert_eq!(play::verdict(&five), None);
}

#[test]
fn a_probe_without_unpacking_answers_only_from_unpacked_blocks() {
    // The search's probe near the leaves (`unpack` unset) never unpacks a
    // block: it answers nothing until another probe has unpacked it, then
    // the same as the full probe.
    let (tables, problems) = Tables::load_dir(&dir());
    assert!(problems.is_empty(), "{problems:?}");
    for fen in [
        "W:WKa1,Kc1,e3:BKh8,Kg7", // kings on both sides and a man (format 4)
        "B:WKa1,Kc1,Ke1:BKh8",    // three kings against one
        "W:Wa3,c1,e1:BKh8,Kg7",   // one side without a king
        "W:Wa3,c1:BKh8",          // three pieces
    ] {
        let game = Game::from_fen(fen).unwrap();
        let (pos, counts) = (game.position(), game.counters());
        assert_eq!(
            tables.probe_in(pos, &counts, false),
            None,
            "{fen}: still packed"
        );
        let full = tables.probe(pos, &counts);
        assert!(full.is_some(), "{fen}: the tables answer");
        assert_eq!(
            tables.probe_in(pos, &counts, false),
            full,
            "{fen}: now unpacked"
        );
    }
}
