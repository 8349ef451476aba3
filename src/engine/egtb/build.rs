//! The retrograde builder: every material of up to five pieces, solved
//! under the game's draw counts (see the module docs for the model).

use super::index::{flip, Material};
use super::model::{lone_clock, lone_moves, stored_threshold, Model};
use super::{Entry, Kind, THR_ANY};
use crate::game::draws::{lone_king_side, main_road_side};
use crate::movegen::{Move, MoveList};
use crate::position::Position;
use crate::square::Color;
use std::collections::HashMap;

/// A value during the build, packed in 16 bits: kind (2 bits, 0 = not yet
/// known), distance in plies (8 bits), threshold (6 bits).
type Packed = u16;
const UNKNOWN: Packed = 0;

fn pack(kind: Kind, dtm: u32, thr: u8) -> Packed {
    // Distances over 255 plies (possible only with five pieces, whose files
    // keep no distances) are held at 255; results and thresholds are exact.
    let dtm = dtm.min(255);
    let k = match kind {
        Kind::Win => 1,
        Kind::Loss => 2,
        Kind::Draw => 3,
    };
    k | (dtm as u16) << 2 | u16::from(thr.min(THR_ANY)) << 10
}

fn unpack(v: Packed) -> (Kind, u32, u8) {
    let kind = match v & 3 {
        1 => Kind::Win,
        2 => Kind::Loss,
        3 => Kind::Draw,
        _ => unreachable!("unknown value read"),
    };
    (kind, u32::from((v >> 2) & 0xFF), (v >> 10) as u8)
}

/// A solved material: the values of the states where the material has
/// just arisen (clock 0), for every main-road count.
pub struct Solved {
    model: Model,
    size: usize,
    c0: Vec<Packed>,
    /// Every clock's value, for the materials that rule 2 can enter with
    /// its count running ([`Model::keeps_clock`]).
    full: Option<Vec<Packed>>,
    /// What goes into the file: one entry per number and side to move.
    pub entries: Vec<Entry>,
    /// Stored won or lost positions of a clocked material (not "dual")
    /// whose distance at some running clock that keeps the result differs
    /// from the stored (clock 0) distance: near the end of the count the
    /// fastest line no longer fits, and a longer one through a capture or a
    /// crowning (which restarts the count) wins instead.
    pub changed_distances: usize,
    /// Of those, the positions where the distance differs at a clock that
    /// leaves room for the whole fastest line: zero, which is what
    /// [`super::play::exact_distance`] relies on.
    pub unstable_distances: usize,
}

impl Solved {
    fn get(&self, idx: usize, turn: Color, r: usize) -> Packed {
        self.c0[(turn as usize * self.size + idx) * self.model.road + r]
    }

    /// The value at clock `c` (only kept for [`Model::keeps_clock`]).
    fn get_at(&self, idx: usize, turn: Color, c: usize, r: usize) -> Packed {
        if c == 0 {
            return self.get(idx, turn, r);
        }
        let full = self
            .full
            .as_ref()
            .expect("a material entered with rule 2 running keeps every clock");
        full[((turn as usize * self.size + idx) * self.model.clock + c) * self.model.road + r]
    }
}

enum Child {
    /// The side to move has no piece left: lost, distance 0.
    Lost,
    /// Another material (a capture or a crowning): its value with the
    /// main-road count carried over and, where rule 2 goes on running,
    /// the clock standing for its count ([`lone_clock`]; else 0).
    Other(usize, usize),
    /// Another material that rule 2 goes on running into, from a dual
    /// material where its count follows rule 4's plies (the threshold
    /// dimension): the child's clock depends on them. Main-road count,
    /// whether the stronger side made this move.
    OtherLone(usize, bool),
    /// The same material: number, side, clock, main-road count, and
    /// whether rule 4's plies go on (the dual threshold applies).
    Same(usize, Color, usize, usize, bool),
}

fn road_after(before: &Position, after: &Position, r: usize) -> usize {
    match (main_road_side(before), main_road_side(after)) {
        (Some(a), Some(b)) if a == b => r + usize::from(before.turn() == a),
        _ => 0,
    }
}

struct Work<'a> {
    m: Material,
    model: Model,
    size: usize,
    vals: Vec<Packed>,
    solved: &'a HashMap<Material, Solved>,
}

impl Work<'_> {
    fn slot(&self, idx: usize, turn: Color, c: usize, r: usize) -> usize {
        ((turn as usize * self.size + idx) * self.model.clock + c) * self.model.road + r
    }

    fn child(&self, pos: &Position, mv: &Move, next: &Position, c: usize, r: usize) -> Child {
        if next.pieces(next.turn()).is_empty() {
            return Child::Lost;
        }
        let r2 = if self.model.road > 1 || mv.crowns() {
            road_after(pos, next, r)
        } else {
            0
        };
        if mv.is_capture() || mv.crowns() {
            if let Some(strong) = lone_king_side(pos) {
                if lone_king_side(next) == Some(strong) {
                    let moved = pos.turn() == strong;
                    if self.model.dual {
                        return Child::OtherLone(r2, moved);
                    }
                    let s = lone_moves(c as u32, moved) + u32::from(moved);
                    return Child::Other(r2, lone_clock(s, next.turn() == strong));
                }
            }
            return Child::Other(r2, 0);
        }
        let man_move = !pos.kings().contains(mv.from());
        let c2 = if self.model.acyclic || (self.model.clock == 30 && man_move) {
            0
        } else {
            c + 1
        };
        Child::Same(self.m.index(next), next.turn(), c2, r2, self.model.dual)
    }

    /// The value of a state that a count has just drawn: lost if the side
    /// to move has no move (the win is checked first), else a draw.
    fn counted_out(next: &Position) -> Packed {
        if next.has_any_move() {
            pack(Kind::Draw, 0, THR_ANY)
        } else {
            pack(Kind::Loss, 0, THR_ANY)
        }
    }

    fn value_of(&mut self, child: &Child, next: &Position) -> (Packed, bool) {
        match *child {
            Child::Lost => (pack(Kind::Loss, 0, THR_ANY), false),
            Child::Other(r, c) => (self.other(next, r, c), false),
            Child::OtherLone(..) => unreachable!("read per rule-4 count in compute"),
            Child::Same(idx, turn, c, r, linked) => {
                if c >= self.model.clock || r >= 5 {
                    return (Self::counted_out(next), false);
                }
                (self.solve(idx, turn, c, r), linked)
            }
        }
    }

    /// The value of `next`, in another material, at main-road count `r`
    /// and clock `c`.
    fn other(&self, next: &Position, r: usize, c: usize) -> Packed {
        if r >= 5 {
            return Self::counted_out(next);
        }
        let m = Material::of(next);
        let (m, p) = if m.canonical() {
            (m, *next)
        } else {
            (m.flipped(), flip(next))
        };
        let s = &self.solved[&m];
        if c >= s.model.clock.max(1) && c > 0 {
            return Self::counted_out(next);
        }
        s.get_at(m.index(&p), p.turn(), c, r)
    }

    /// The value of one state (memoised; the states of a counted material
    /// form no cycle: every ply either raises the clock or is a man move,
    /// which cannot be undone).
    fn solve(&mut self, idx: usize, turn: Color, c: usize, r: usize) -> Packed {
        let slot = self.slot(idx, turn, c, r);
        if self.vals[slot] != UNKNOWN {
            return self.vals[slot];
        }
        let pos = self.m.position(idx, turn).expect("a legal number");
        let v = self.compute(&pos, c, r);
        self.vals[slot] = v;
        v
    }

    fn compute(&mut self, pos: &Position, c: usize, r: usize) -> Packed {
        let mut list = MoveList::new();
        pos.generate_moves(&mut list);
        if list.is_empty() {
            return pack(Kind::Loss, 0, THR_ANY);
        }
        // Rule 2 (three kings or more against a lone king): the clock
        // counts every ply since the balance arose, or stands for a count
        // carried in (`lone_clock`); in a dual material rule 4's cap
        // bounds it too.
        if let Some(strong) = lone_king_side(pos) {
            if lone_moves(c as u32, pos.turn() == strong) >= 15 {
                return pack(Kind::Draw, 0, THR_ANY);
            }
        }
        // Rule 4 with the dual model: plies 0..=59 may still be played.
        let cap: i32 = if self.model.dual {
            self.model.dual_cap(pos.turn())
        } else {
            i32::from(THR_ANY)
        };
        let inf = i32::from(THR_ANY);
        let mut win_thr = -1i32;
        let mut win_dtm = u32::MAX;
        let mut loss_thr = inf;
        let mut loss_dtm = 0u32;
        for mv in list.iter() {
            let next = pos.play_unchecked(mv);
            let child = self.child(pos, mv, &next, c, r);
            let (kind, dtm, here) = if let Child::OtherLone(r2, moved) = child {
                // Rule 2's count goes on into the child: read it at the
                // clock each of this state's rule-4 counts leads to, and
                // keep the longest run of rule-4 counts with the result
                // of the first (the result can only fall as they grow).
                let at = |b: i32| {
                    let s = lone_moves(b as u32, moved) + u32::from(moved);
                    unpack(self.other(&next, r2, lone_clock(s, !moved)))
                };
                let (kind, dtm, _) = at(0);
                let mut here = 0;
                while here < cap && at(here + 1).0 == kind {
                    here += 1;
                }
                (kind, dtm, if here == cap { inf } else { here })
            } else {
                let (v, linked) = self.value_of(&child, &next);
                let (kind, dtm, thr) = unpack(v);
                let thr = i32::from(thr);
                // The child's threshold, read in this state's rule-4 plies.
                let here = if linked && thr < inf { thr - 1 } else { inf };
                (kind, dtm, here)
            };
            match kind {
                Kind::Loss if here >= 0 => {
                    win_thr = win_thr.max(here);
                    win_dtm = win_dtm.min(dtm + 1);
                    loss_thr = -1;
                }
                Kind::Win => {
                    loss_thr = loss_thr.min(here);
                    loss_dtm = loss_dtm.max(dtm + 1);
                }
                _ => loss_thr = -1,
            }
        }
        if win_thr >= 0 {
            pack(Kind::Win, win_dtm, win_thr.min(cap) as u8)
        } else if loss_thr >= 0 {
            pack(Kind::Loss, loss_dtm, loss_thr.min(cap) as u8)
        } else {
            pack(Kind::Draw, 0, THR_ANY)
        }
    }
}

/// Solves the materials up to `pieces` pieces, smallest first (of
/// `pieces` pieces only those with at most `top_men` men: a material
/// needs only smaller ones and those with fewer men), on `threads` threads (materials that do not depend on each other are
/// solved at the same time; the result does not depend on the number).
/// `progress` hears about each material as it is done, in build order.
pub fn build_all(
    pieces: u32,
    top_men: u32,
    threads: usize,
    mut progress: impl FnMut(&Material, &Solved),
) -> HashMap<Material, Solved> {
    assert!(
        (2..=5).contains(&pieces),
        "the count model is exact up to 5 pieces"
    );
    let mut solved = HashMap::new();
    for n in 2..=pieces {
        let all: Vec<Material> = Material::all_with(n)
            .into_iter()
            .filter(Material::canonical)
            .filter(|m| n < pieces || m.men() <= top_men)
            .collect();
        // A material needs the smaller ones and those with one man fewer
        // (a crowning): the materials with as many men are independent.
        let mut start = 0;
        while start < all.len() {
            let men = all[start].men();
            let end = start + all[start..].iter().take_while(|m| m.men() == men).count();
            let level = &all[start..end];
            let mut done: Vec<Option<Solved>> = (0..level.len()).map(|_| None).collect();
            let next = std::sync::atomic::AtomicUsize::new(0);
            let shared = &solved;
            std::thread::scope(|scope| {
                let workers: Vec<_> = (0..threads.clamp(1, level.len()))
                    .map(|_| {
                        std::thread::Builder::new()
                            // The memoised pass recurses along lines of play.
                            .stack_size(1 << 30)
                            .spawn_scoped(scope, || {
                                let mut mine = Vec::new();
                                loop {
                                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                                    if i >= level.len() {
                                        break mine;
                                    }
                                    mine.push((i, build_one(level[i], shared)));
                                }
                            })
                            .expect("a build thread starts")
                    })
                    .collect();
                for w in workers {
                    for (i, s) in w.join().expect("a build thread finishes") {
                        done[i] = Some(s);
                    }
                }
            });
            for (m, s) in level.iter().zip(done) {
                let s = s.expect("every material of the level is solved");
                progress(m, &s);
                solved.insert(*m, s);
            }
            start = end;
        }
    }
    solved
}

fn build_one(m: Material, solved: &HashMap<Material, Solved>) -> Solved {
    let model = Model::of(&m);
    let size = m.size();
    let mut w = Work {
        m,
        model,
        size,
        vals: vec![UNKNOWN; 2 * size * model.clock * model.road],
        solved,
    };
    if model.clock == 1 && !model.acyclic {
        solve_cyclic(&mut w);
    } else {
        for turn in [Color::White, Color::Black] {
            for idx in 0..size {
                if m.position(idx, turn).is_none() {
                    continue;
                }
                for r in 0..model.road {
                    // Clock values up to where the result changes (the
                    // threshold); the memo shares the work.
                    for c in 0..model.clock {
                        let v0 = w.solve(idx, turn, 0, r);
                        if model.keeps_clock() {
                            w.solve(idx, turn, c, r);
                            continue;
                        }
                        // A draw stays one as the clock runs.
                        if v0 & 3 == 3 {
                            break;
                        }
                        let v = w.solve(idx, turn, c, r);
                        if v & 3 != v0 & 3 {
                            break;
                        }
                    }
                }
            }
        }
    }
    finish(w)
}

/// Materials with no count (2-3 pieces, not both sides with kings): the
/// classic retrograde by passes, pass k settling the states lost or won in
/// exactly k plies; what is left at the end is drawn.
fn solve_cyclic(w: &mut Work) {
    let m = w.m;
    let size = w.size;
    // Children of every state: a settled value, or a state of this material.
    enum C {
        Known(Packed),
        Here(usize),
    }
    let mut kids: Vec<Vec<C>> = Vec::with_capacity(2 * size);
    let mut max_known = 0;
    for turn in [Color::White, Color::Black] {
        for idx in 0..size {
            let mut v = Vec::new();
            if let Some(pos) = m.position(idx, turn) {
                let mut list = MoveList::new();
                pos.generate_moves(&mut list);
                if list.is_empty() {
                    let slot = w.slot(idx, turn, 0, 0);
                    w.vals[slot] = pack(Kind::Loss, 0, THR_ANY);
                }
                for mv in list.iter() {
                    let next = pos.play_unchecked(mv);
                    match w.child(&pos, mv, &next, 0, 0) {
                        Child::Same(i, t, _, _, _) => v.push(C::Here(w.slot(i, t, 0, 0))),
                        other => {
                            let (p, _) = w.value_of(&other, &next);
                            max_known = max_known.max(unpack(p).1);
                            v.push(C::Known(p));
                        }
                    }
                }
            }
            kids.push(v);
        }
    }
    let mut k = 1;
    loop {
        let mut changed = false;
        for (s, kid) in kids.iter().enumerate() {
            if w.vals[s] != UNKNOWN || kid.is_empty() {
                continue;
            }
            let mut win = false;
            let mut all_win = true;
            let mut max_win = 0;
            for c in kid {
                let v = match c {
                    C::Known(p) => *p,
                    C::Here(i) => w.vals[*i],
                };
                if v == UNKNOWN {
                    all_win = false;
                    continue;
                }
                let (kind, dtm, _) = unpack(v);
                match kind {
                    Kind::Loss if dtm + 1 == k => win = true,
                    Kind::Win => max_win = max_win.max(dtm + 1),
                    _ => all_win = false,
                }
            }
            if win {
                w.vals[s] = pack(Kind::Win, k, THR_ANY);
                changed = true;
            } else if all_win && max_win == k {
                w.vals[s] = pack(Kind::Loss, k, THR_ANY);
                changed = true;
            }
        }
        if !changed && k > max_known + 1 {
            break;
        }
        k += 1;
    }
    for (s, kid) in kids.iter().enumerate() {
        if w.vals[s] == UNKNOWN && !kid.is_empty() {
            w.vals[s] = pack(Kind::Draw, 0, THR_ANY);
        }
    }
}

fn finish(w: Work) -> Solved {
    let Work {
        m,
        model,
        size,
        vals,
        ..
    } = w;
    let mut c0 = vec![UNKNOWN; 2 * size * model.road];
    let mut entries = vec![Entry::NONE; 2 * size];
    let mut changed_distances = 0;
    let mut unstable_distances = 0;
    for turn in [Color::White, Color::Black] {
        for idx in 0..size {
            let Some(pos) = m.position(idx, turn) else {
                continue;
            };
            let at = |c: usize, r: usize| {
                vals[((turn as usize * size + idx) * model.clock + c) * model.road + r]
            };
            for r in 0..model.road {
                c0[(turn as usize * size + idx) * model.road + r] = at(0, r);
            }
            if pos.has_capture() {
                continue; // resolved by search when probed
            }
            let (kind, dtm, thr) = unpack(at(0, 0));
            // The clock threshold: the largest clock at which the result
            // still holds (rule 4's plies for the dual model).
            let thr = if kind == Kind::Draw {
                THR_ANY
            } else if model.dual {
                stored_threshold(&m, turn, thr)
            } else if model.clock == 1 {
                thr
            } else {
                let mut t = 0;
                while t + 1 < model.clock
                    && at(t + 1, 0) != UNKNOWN
                    && at(t + 1, 0) & 3 == at(0, 0) & 3
                {
                    t += 1;
                }
                if t + 1 == model.clock {
                    THR_ANY
                } else {
                    t as u8
                }
            };
            if kind != Kind::Draw && model.clock > 1 && !model.dual {
                let last = if thr == THR_ANY {
                    model.clock - 1
                } else {
                    thr as usize
                };
                let differs = |t: usize| at(t, 0) != UNKNOWN && unpack(at(t, 0)).1 != dtm;
                if (1..=last).any(differs) {
                    changed_distances += 1;
                }
                // The fastest line fits in what is left of the count (with
                // a ply to spare: rule 2 can fall a ply before rule 5).
                if (1..=last).any(|t| t + (dtm as usize) < model.clock && differs(t)) {
                    unstable_distances += 1;
                }
            }
            entries[turn as usize * size + idx] = Entry::new(kind, dtm, thr);
        }
    }
    Solved {
        model,
        size,
        c0,
        full: model.keeps_clock().then_some(vals),
        entries,
        changed_distances,
        unstable_distances,
    }
}
