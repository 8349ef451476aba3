//! An independent solver for the endgame-table tests: the whole game graph
//! from a root, states being (position, the game's own `DrawCounters`),
//! solved backwards. Shared by `tests/egtb.rs` (fresh counts) and
//! `tests/egtb_trainer.rs` (running counts).

use shashki::engine::egtb::Kind;
use shashki::game::DrawCounters;
use shashki::Position;
use std::collections::HashMap;

// ---------------------------------------------------------------------
// An independent solver: the whole game graph from a root, states being
// (position, the game's own DrawCounters), solved backwards. After a
// capture the counts are fresh but for rule 2's (see below), so those
// positions are solved once and shared.

pub struct Solver {
    /// Every state solved so far (each solve settles a closed graph).
    known: HashMap<(Position, DrawCounters), (Kind, u32)>,
    /// Roots whose graph was over the cap.
    too_big: HashMap<Position, ()>,
    cap: usize,
}

impl Solver {
    pub fn new(cap: usize) -> Solver {
        Solver {
            known: HashMap::new(),
            too_big: HashMap::new(),
            cap,
        }
    }

    pub fn fresh(&mut self, pos: &Position) -> Option<(Kind, u32)> {
        let c = DrawCounters::new(pos);
        if let Some(v) = self.known.get(&(*pos, c)) {
            return Some(*v);
        }
        if self.too_big.contains_key(pos) {
            return None;
        }
        let v = self.solve(pos, c);
        if v.is_none() {
            self.too_big.insert(*pos, ());
        }
        v
    }

    /// `None` when the graph has more states than the cap.
    pub fn solve(&mut self, root: &Position, counts: DrawCounters) -> Option<(Kind, u32)> {
        enum Kid {
            Known(Kind, u32),
            State(usize),
        }
        let mut ids: HashMap<(Position, DrawCounters), usize> = HashMap::new();
        let mut states: Vec<(Position, DrawCounters)> = vec![(*root, counts)];
        let mut kids: Vec<Vec<Kid>> = Vec::new();
        let mut value: Vec<Option<(Kind, u32)>> = Vec::new();
        ids.insert((*root, counts), 0);
        let mut i = 0;
        let mut max_known = 0;
        while i < states.len() {
            let (pos, c) = states[i];
            let mut list = Vec::new();
            let mut v = None;
            if pos.pieces(pos.turn()).is_empty() || !pos.has_any_move() {
                v = Some((Kind::Loss, 0));
            } else if c.draw(&pos).is_some() {
                v = Some((Kind::Draw, 0));
            } else {
                for mv in pos.legal_moves().iter() {
                    let next = pos.play(mv).unwrap();
                    let c2 = c.after(&pos, mv, &next);
                    // After a capture every count is fresh, except rule 2's
                    // when the lone king takes one of four kings or more (or
                    // the man beside three): such a child stays in the graph.
                    if mv.is_capture() && c2 == DrawCounters::new(&next) {
                        let (k, d) = self.fresh(&next)?;
                        max_known = max_known.max(d);
                        list.push(Kid::Known(k, d));
                    } else if let Some(&(k, d)) = self.known.get(&(next, c2)) {
                        max_known = max_known.max(d);
                        list.push(Kid::Known(k, d));
                    } else {
                        let id = *ids.entry((next, c2)).or_insert_with(|| {
                            states.push((next, c2));
                            states.len() - 1
                        });
                        list.push(Kid::State(id));
                    }
                }
            }
            if states.len() > self.cap {
                return None;
            }
            kids.push(list);
            value.push(v);
            i += 1;
        }
        let mut k = 1;
        loop {
            let mut changed = false;
            for s in 0..states.len() {
                if value[s].is_some() {
                    continue;
                }
                let mut win = false;
                let mut all_win = true;
                let mut longest = 0;
                for kid in &kids[s] {
                    let kv = match kid {
                        Kid::Known(k, d) => Some((*k, *d)),
                        Kid::State(j) => value[*j],
                    };
                    match kv {
                        Some((Kind::Loss, d)) if d + 1 == k => win = true,
                        Some((Kind::Win, d)) => longest = longest.max(d + 1),
                        _ => all_win = false,
                    }
                }
                if win {
                    value[s] = Some((Kind::Win, k));
                    changed = true;
                } else if all_win && longest == k {
                    value[s] = Some((Kind::Loss, k));
                    changed = true;
                }
            }
            if !changed && k > max_known + 1 {
                break;
            }
            k += 1;
        }
        for (s, v) in states.iter().zip(&value) {
            self.known.insert(*s, v.unwrap_or((Kind::Draw, 0)));
        }
        Some(value[0].unwrap_or((Kind::Draw, 0)))
    }
}
