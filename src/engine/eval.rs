//! Static evaluation, in hundredths of a man, from the side to move's point
//! of view. Only called on quiet positions (no capture for the side to move).
//!
//! Every tunable constant is a field of [`Weights`], each with a line saying
//! what it rewards. Terms that matter in the middle game and in the ending are given
//! as a pair and blended by the number of men left (`phase`: 24 men = all
//! middle game, 0 men = all ending).
//!
//! Terms:
//! - material: men, kings (a king is worth several men, more in the ending);
//! - men by square: advancement (tempo) and the centre, a small edge malus;
//! - back-rank guard: own men on c1/e1 (f8/d8 for Black) keep the enemy
//!   from crowning while the enemy still has men;
//! - flank balance: men spread over both wings;
//! - mobility: quiet moves of men and kings for both sides;
//! - runaway men: a man with no piece in its path to the crowning row and
//!   no enemy king to stop it is almost a king;
//! - kings on the main road (a1-h8) and on the double diagonals;
//! - endgame knowledge: lone king against one or two pieces, a lone king on
//!   the main road against three, kings-only endings where the weaker side
//!   still has two kings; against three pieces or more off the main road,
//!   the lone king's safe moves (the fewer, the nearer the win).

use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::square::Color;

/// The tunable constants, in hundredths of a man. [`Weights::DEFAULT`] is
/// what the engine plays with; [`Weights::set`] changes one by name (for
/// tuning matches: `shashki match --a-eval "king_mg=260"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// A man.
    pub man: i32,
    /// A king while many men remain / in the ending.
    pub king_mg: i32,
    pub king_eg: i32,
    /// Advancement of a man by rank (own rank 1 = index 0), middle game /
    /// ending (this is also the tempo count).
    pub advance_mg: [i32; 8],
    pub advance_eg: [i32; 8],
    /// Men on the four central squares (c5, d4, e5, f4, seen from White).
    pub centre: i32,
    /// Men on c3 and e3 (seen from White), behind the centre.
    pub near_centre: i32,
    /// Men on the a- and h-files.
    pub edge: i32,
    /// Each own man on c1 / e1 (inner) and a1 / g1 (outer), seen from
    /// White, times the number of enemy men / 12: the back rank keeps the
    /// enemy from crowning while it still has men.
    pub guard_inner: i32,
    pub guard_outer: i32,
    /// Per man of difference between the two wings beyond one (middle game).
    pub imbalance: i32,
    /// Per quiet move of a man / of a king.
    pub mobility_man: i32,
    pub mobility_king: i32,
    /// A man that cannot be stopped from crowning, by steps still to go
    /// (index 1..=7; counted from rank 4 on).
    pub runaway: [i32; 8],
    /// A man with both rear squares held by own pieces or the board edge.
    pub backed: i32,
    /// A king on the main road (a1-h8), and extra when the enemy has no
    /// piece on it.
    pub king_main_road: i32,
    pub main_road_owned: i32,
    /// A king on one of the double diagonals (g1-a7, h2-b8).
    pub king_double: i32,
    /// The side to move.
    pub tempo: i32,
    /// Divisors applied to the score in known drawish endings: a lone king
    /// against one or two pieces; a lone king on the main road against
    /// three pieces off it; kings only, the weaker side with two or more.
    pub drawish_lone_king: i32,
    pub drawish_main_road: i32,
    pub drawish_kings: i32,
    /// A lone king against three pieces or more (rule 2's endings): each
    /// move the lone king has that does not leave it to be taken, a
    /// malus for the stronger side (fewer is closer to the win: measured
    /// on the three-kings table, docs/endgame-tables.md).
    pub lone_safe: i32,
    /// The fitted region patterns ([`super::patterns`]), in per cent of
    /// their values (0 = off).
    pub patterns: i32,
    /// The region patterns with kings and the side to move
    /// ([`super::kpatterns`]), in per cent of their values (0 = off).
    pub kpatterns: i32,
    /// The network over the whole board ([`super::net`]), in per cent of
    /// its output (0 = off).
    pub net: i32,
}

impl Weights {
    /// The hand-set weights, tuned by self-play matches at fixed node
    /// counts before the fit to data (`shashki match
    /// --a-nodes N --b-nodes N --a-eval ...`): heavier kings, more weight on
    /// mobility, backed men and the back-rank guard, and gentler
    /// advancement in the middle game than the first hand-set values
    /// scored +55 Elo against them at 40 000 nodes a move (300 games).
    pub const HAND_SET: Weights = Weights {
        man: 100,
        king_mg: 300,
        king_eg: 330,
        advance_mg: [0, 1, 2, 4, 7, 12, 20, 0],
        advance_eg: [0, 5, 10, 16, 24, 36, 55, 0],
        centre: 7,
        near_centre: 3,
        edge: -4,
        guard_inner: 20,
        guard_outer: 8,
        imbalance: -6,
        mobility_man: 5,
        mobility_king: 1,
        runaway: [0, 120, 90, 60, 35, 20, 10, 5],
        backed: 5,
        king_main_road: 10,
        main_road_owned: 15,
        king_double: 6,
        tempo: 4,
        drawish_lone_king: 16,
        drawish_main_road: 8,
        drawish_kings: 4,
        lone_safe: 40,
        patterns: 100,
        kpatterns: 0,
        net: 0,
    };

    /// What the engine plays with: [`Weights::HAND_SET`] with the values of
    /// `src/engine/weights.txt` over them (written by `shashki tune fit`;
    /// docs/data-files.md says how to regenerate it).
    pub const DEFAULT: Weights = Weights::from_text(include_bytes!("weights.txt"));

    /// The weights of a `name=value` text, one a line (`#` comments), over
    /// [`Weights::HAND_SET`]; evaluated at compile time for the shipped
    /// file `src/engine/weights.txt`, so a wrong name or number stops the
    /// build.
    pub const fn from_text(text: &[u8]) -> Weights {
        let mut w = Weights::HAND_SET;
        let mut i = 0;
        while i < text.len() {
            // One line: [i, end).
            let mut end = i;
            while end < text.len() && text[end] != b'\n' {
                end += 1;
            }
            if end > i && text[i] != b'#' {
                let mut eq = i;
                while eq < end && text[eq] != b'=' {
                    eq += 1;
                }
                assert!(eq < end, "weights: a line without '='");
                // The value.
                let mut j = eq + 1;
                let mut neg = false;
                if j < end && text[j] == b'-' {
                    neg = true;
                    j += 1;
                }
                assert!(j < end, "weights: a line without a value");
                let mut v: i32 = 0;
                while j < end && text[j] != b'\r' {
                    assert!(text[j].is_ascii_digit(), "weights: a value is not a number");
                    v = v * 10 + (text[j] - b'0') as i32;
                    j += 1;
                }
                if neg {
                    v = -v;
                }
                // The name, with an index for the arrays.
                let mut k = eq;
                while k > i && text[k - 1].is_ascii_digit() {
                    k -= 1;
                }
                let idx = if k < eq { (text[k] - b'0') as usize } else { 8 };
                let n = (i, k);
                if name_is(text, n, b"advance_mg") && idx < 8 {
                    w.advance_mg[idx] = v;
                } else if name_is(text, n, b"advance_eg") && idx < 8 {
                    w.advance_eg[idx] = v;
                } else if name_is(text, n, b"runaway") && idx < 8 {
                    w.runaway[idx] = v;
                } else {
                    assert!(idx == 8, "weights: an index on a plain weight");
                    let f = field_ref(&mut w, text, n);
                    *f = v;
                }
            }
            i = end + 1;
        }
        w
    }

    /// Sets the weight `name` (a field name; array entries as
    /// `advance_mg3`, `runaway1`, ...) to `value`.
    pub fn set(&mut self, name: &str, value: i32) -> Result<(), String> {
        let split = name.find(|c: char| c.is_ascii_digit());
        let (base, index) = match split {
            Some(i) => (&name[..i], name[i..].parse::<usize>().ok()),
            None => (name, None),
        };
        let array = match base {
            "advance_mg" => Some(&mut self.advance_mg),
            "advance_eg" => Some(&mut self.advance_eg),
            "runaway" => Some(&mut self.runaway),
            _ => None,
        };
        if let Some(arr) = array {
            return match index {
                Some(i) if i < 8 => {
                    arr[i] = value;
                    Ok(())
                }
                _ => Err(format!("weight {name}: give an index 0-7, e.g. {base}3")),
            };
        }
        let field = match name {
            "man" => &mut self.man,
            "king_mg" => &mut self.king_mg,
            "king_eg" => &mut self.king_eg,
            "centre" => &mut self.centre,
            "near_centre" => &mut self.near_centre,
            "edge" => &mut self.edge,
            "guard_inner" => &mut self.guard_inner,
            "guard_outer" => &mut self.guard_outer,
            "imbalance" => &mut self.imbalance,
            "mobility_man" => &mut self.mobility_man,
            "mobility_king" => &mut self.mobility_king,
            "backed" => &mut self.backed,
            "king_main_road" => &mut self.king_main_road,
            "main_road_owned" => &mut self.main_road_owned,
            "king_double" => &mut self.king_double,
            "tempo" => &mut self.tempo,
            "drawish_lone_king" => &mut self.drawish_lone_king,
            "drawish_main_road" => &mut self.drawish_main_road,
            "drawish_kings" => &mut self.drawish_kings,
            "lone_safe" => &mut self.lone_safe,
            "patterns" => &mut self.patterns,
            "kpatterns" => &mut self.kpatterns,
            "net" => &mut self.net,
            _ => return Err(format!("no weight named '{name}'")),
        };
        if name.starts_with("drawish") && value < 1 {
            return Err(format!("weight {name} is a divisor: at least 1"));
        }
        *field = value;
        Ok(())
    }

    /// Applies `name=value,name=value` settings.
    pub fn parse_settings(&mut self, text: &str) -> Result<(), String> {
        for item in text.split(',').map(str::trim).filter(|t| !t.is_empty()) {
            let (name, value) = item
                .split_once('=')
                .ok_or_else(|| format!("'{item}': expected name=value"))?;
            let value: i32 = value
                .trim()
                .parse()
                .map_err(|_| format!("'{item}': the value is not a whole number"))?;
            self.set(name.trim(), value)?;
        }
        Ok(())
    }
}

/// True when `text[n.0..n.1]` is `name`.
const fn name_is(text: &[u8], n: (usize, usize), name: &[u8]) -> bool {
    if n.1 - n.0 != name.len() {
        return false;
    }
    let mut i = 0;
    while i < name.len() {
        if text[n.0 + i] != name[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The plain weight named `text[n.0..n.1]`.
const fn field_ref<'a>(w: &'a mut Weights, text: &[u8], n: (usize, usize)) -> &'a mut i32 {
    if name_is(text, n, b"man") {
        &mut w.man
    } else if name_is(text, n, b"king_mg") {
        &mut w.king_mg
    } else if name_is(text, n, b"king_eg") {
        &mut w.king_eg
    } else if name_is(text, n, b"centre") {
        &mut w.centre
    } else if name_is(text, n, b"near_centre") {
        &mut w.near_centre
    } else if name_is(text, n, b"edge") {
        &mut w.edge
    } else if name_is(text, n, b"guard_inner") {
        &mut w.guard_inner
    } else if name_is(text, n, b"guard_outer") {
        &mut w.guard_outer
    } else if name_is(text, n, b"imbalance") {
        &mut w.imbalance
    } else if name_is(text, n, b"mobility_man") {
        &mut w.mobility_man
    } else if name_is(text, n, b"mobility_king") {
        &mut w.mobility_king
    } else if name_is(text, n, b"backed") {
        &mut w.backed
    } else if name_is(text, n, b"king_main_road") {
        &mut w.king_main_road
    } else if name_is(text, n, b"main_road_owned") {
        &mut w.main_road_owned
    } else if name_is(text, n, b"king_double") {
        &mut w.king_double
    } else if name_is(text, n, b"tempo") {
        &mut w.tempo
    } else if name_is(text, n, b"lone_safe") {
        &mut w.lone_safe
    } else if name_is(text, n, b"patterns") {
        &mut w.patterns
    } else if name_is(text, n, b"kpatterns") {
        &mut w.kpatterns
    } else if name_is(text, n, b"net") {
        &mut w.net
    } else {
        panic!("weights: unknown weight name")
    }
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::DEFAULT
    }
}

const fn sq_rank(sq: usize) -> usize {
    sq / 4
}

const fn sq_file(sq: usize) -> usize {
    let r = sq / 4;
    (sq % 4) * 2 + (r & 1)
}

const fn index_of(file: usize, rank: usize) -> usize {
    rank * 4 + file / 2
}

const fn bit(file: usize, rank: usize) -> u32 {
    1 << index_of(file, rank)
}

/// The squares whose (file, rank) satisfy a condition, at compile time.
macro_rules! mask_where {
    (|$f:tt, $r:tt| $cond:expr) => {{
        let mut m = 0u32;
        let mut sq = 0;
        while sq < 32 {
            let $f = sq_file(sq);
            let $r = sq_rank(sq);
            if $cond {
                m |= 1 << sq;
            }
            sq += 1;
        }
        m
    }};
}

// Everything below is seen from the side being scored: Black's boards are
// turned 180 degrees (`u32::reverse_bits`) so that both sides move "up".
const CENTRE_SQUARES: u32 = bit(2, 4) | bit(3, 3) | bit(4, 4) | bit(5, 3);
const NEAR_CENTRE_SQUARES: u32 = bit(2, 2) | bit(4, 2);
const LEFT_WING: u32 = mask_where!(|f, _r| f < 4);
const INNER_GUARD: u32 = bit(2, 0) | bit(4, 0);
const OUTER_GUARD: u32 = bit(0, 0) | bit(6, 0);
/// Squares whose south-west / south-east neighbour is off the board.
const NO_SW: u32 = mask_where!(|f, r| f == 0 || r == 0);
const NO_SE: u32 = mask_where!(|f, r| f == 7 || r == 0);
/// Squares whose north-east / north-west neighbour is off the board.
const NO_NE: u32 = mask_where!(|f, r| f == 7 || r == 7);
const NO_NW: u32 = mask_where!(|f, r| f == 0 || r == 7);
/// Men far enough up to be worth a runaway check.
const RUNAWAY_RANKS: u32 = mask_where!(|_f, r| r >= 3);

/// A man's square value (advancement, centre, edge), middle game and
/// ending packed in one `i32` (`mg * 65536 + eg`), so sums of packed values
/// add both at once.
const fn man_square_packed(w: &Weights, sq: usize) -> i32 {
    let r = sq_rank(sq);
    let f = sq_file(sq);
    let b = 1u32 << sq;
    let mut mg = w.advance_mg[r];
    if b & CENTRE_SQUARES != 0 {
        mg += w.centre;
    }
    if b & NEAR_CENTRE_SQUARES != 0 {
        mg += w.near_centre;
    }
    if f == 0 || f == 7 {
        mg += w.edge;
    }
    mg * 65536 + w.advance_eg[r]
}

/// `t[i][b]`: the packed square values of the men in byte `i` of the board
/// whose bits are `b`.
const fn men_by_byte(w: &Weights) -> [[i32; 256]; 4] {
    let mut t = [[0i32; 256]; 4];
    let mut i = 0;
    while i < 4 {
        let mut b = 0;
        while b < 256 {
            let mut sum = 0;
            let mut bit = 0;
            while bit < 8 {
                if b & (1 << bit) != 0 {
                    sum += man_square_packed(w, i * 8 + bit);
                }
                bit += 1;
            }
            t[i][b] = sum;
            b += 1;
        }
        i += 1;
    }
    t
}

/// An evaluation function: the weights and the tables built from them.
#[derive(Clone)]
pub struct Evaluator {
    w: Weights,
    men_by_byte: [[i32; 256]; 4],
}

impl Evaluator {
    pub const fn new(w: Weights) -> Evaluator {
        Evaluator {
            men_by_byte: men_by_byte(&w),
            w,
        }
    }

    pub fn weights(&self) -> &Weights {
        &self.w
    }
}

impl Default for Evaluator {
    fn default() -> Evaluator {
        DEFAULT.clone()
    }
}

/// The engine's evaluator, built at compile time.
pub static DEFAULT: Evaluator = Evaluator::new(Weights::DEFAULT);

#[inline]
fn unpack(packed: i32) -> (i32, i32) {
    let eg = packed as i16 as i32;
    ((packed - eg) >> 16, eg)
}

/// Squares a man on `sq` could reach on its way to the last row, one file
/// wider on each side (pieces there could step into its path).
const fn cones() -> [u32; 32] {
    let mut t = [0u32; 32];
    let mut sq = 0;
    while sq < 32 {
        let r = sq_rank(sq) as i32;
        let f = sq_file(sq) as i32;
        let mut m = 0u32;
        let mut s2 = 0;
        while s2 < 32 {
            let ahead = sq_rank(s2) as i32 - r;
            let f2 = sq_file(s2) as i32;
            let df = if f2 > f { f2 - f } else { f - f2 };
            if ahead > 0 && df <= ahead + 1 {
                m |= 1 << s2;
            }
            s2 += 1;
        }
        t[sq] = m;
        sq += 1;
    }
    t
}

static CONE: [u32; 32] = cones();

const MAIN_ROAD: u32 = Bitboard::MAIN_ROAD.0;
/// g1-a7 and h2-b8 (the set is its own 180-degree turn).
const DOUBLE: u32 = {
    let mut m = 0;
    let mut i = 0;
    while i < 7 {
        m |= bit(6 - i, i);
        m |= bit(7 - i, 1 + i);
        i += 1;
    }
    m
};

use crate::bitboard::{north_east, north_west, south_east, south_west};

#[inline]
fn pop(b: u32) -> i32 {
    b.count_ones() as i32
}

/// True when the side to move has a quiet move (a man's step forward, or
/// a king with an empty neighbouring square). Cheaper than counting.
#[inline]
pub fn has_quiet_move(pos: &Position) -> bool {
    let us = pos.turn();
    let empty = pos.empty().0;
    let men = pos.men_of(us).0;
    let steps = match us {
        Color::White => north_east(men) | north_west(men),
        Color::Black => south_east(men) | south_west(men),
    };
    if steps & empty != 0 {
        return true;
    }
    let k = pos.kings_of(us).0;
    k != 0 && (north_east(k) | north_west(k) | south_east(k) | south_west(k)) & empty != 0
}

impl Evaluator {
    /// One side's terms, seen from its own side (`own`, `kings`, `enemy` are
    /// already turned for Black). Returns (middle game, ending, man moves).
    #[inline]
    fn side_terms(
        &self,
        own: u32,
        kings: u32,
        enemy: u32,
        enemy_men: i32,
        enemy_kings: i32,
    ) -> (i32, i32, i32) {
        let w = &self.w;
        let men = own & !kings;
        let occupied = own | enemy;
        let mut mg = 0;
        let mut eg = 0;
        if men != 0 {
            // Men by square: four table lookups, one per byte of the board.
            let packed = self.men_by_byte[0][(men & 0xFF) as usize]
                + self.men_by_byte[1][((men >> 8) & 0xFF) as usize]
                + self.men_by_byte[2][((men >> 16) & 0xFF) as usize]
                + self.men_by_byte[3][(men >> 24) as usize];
            let (m, e) = unpack(packed);
            mg += m;
            eg += e;

            // Back-rank guard while the enemy still has men.
            let guard =
                pop(men & INNER_GUARD) * w.guard_inner + pop(men & OUTER_GUARD) * w.guard_outer;
            mg += guard * enemy_men / 12;

            // Wings.
            let left = pop(men & LEFT_WING);
            let diff = (2 * left - pop(men)).abs();
            if diff > 1 {
                mg += w.imbalance * (diff - 1);
            }

            // Men with both rear squares held (or off the board): a man on s is
            // backed from the south-west when s is the north-east step of an own
            // piece.
            let backed = men & (north_east(own) | NO_SW) & (north_west(own) | NO_SE);
            mg += w.backed * pop(backed);

            // Runaways only count when no enemy king can come back to stop them.
            // A runaway's cone holds both squares in front of it, so only men
            // with those empty (or off the board) are looked at.
            if enemy_kings == 0 {
                let empty = !occupied;
                let mut m =
                    men & RUNAWAY_RANKS & (south_west(empty) | NO_NE) & (south_east(empty) | NO_NW);
                while m != 0 {
                    let sq = m.trailing_zeros() as usize;
                    m &= m - 1;
                    if CONE[sq] & occupied == 0 {
                        let bonus = w.runaway[7 - sq_rank(sq)];
                        mg += bonus;
                        eg += bonus;
                    }
                }
            }
        }

        // Kings' diagonals.
        if kings != 0 {
            let on_road = pop(kings & MAIN_ROAD);
            let mut k = on_road * w.king_main_road + pop(kings & DOUBLE) * w.king_double;
            if on_road > 0 && enemy & MAIN_ROAD == 0 {
                k += w.main_road_owned;
            }
            mg += k;
            eg += k;
        }
        let empty = !occupied;
        let man_moves = pop(north_east(men) & empty) + pop(north_west(men) & empty);
        (mg, eg, man_moves)
    }

    /// The evaluation from White's point of view, before endgame scaling and
    /// without the side-to-move bonus.
    fn white_score(&self, pos: &Position) -> i32 {
        let w = &self.w;
        let white = pos.pieces(Color::White).0;
        let black = pos.pieces(Color::Black).0;
        let kings = pos.kings().0;
        let wk = pop(white & kings);
        let bk = pop(black & kings);
        let wm = pop(white) - wk;
        let bm = pop(black) - bk;
        let phase = (wm + bm).min(24);

        let (wmg, weg, wmoves) = self.side_terms(white, white & kings, black, bm, bk);
        let (bmg, beg, bmoves) = self.side_terms(
            black.reverse_bits(),
            (black & kings).reverse_bits(),
            white.reverse_bits(),
            wm,
            wk,
        );
        let mg = (wm - bm) * w.man + (wk - bk) * w.king_mg + wmg - bmg;
        let eg = (wm - bm) * w.man + (wk - bk) * w.king_eg + weg - beg;
        let mut score = (mg * phase + eg * (24 - phase)) / 24;
        if w.patterns != 0 && wm + bm > 0 {
            let men = !kings;
            score += super::patterns::white_score(white & men, black & men) * w.patterns / 100;
        }
        score += (wmoves - bmoves) * w.mobility_man;
        if kings != 0 {
            let king_moves = |c: Color, man_moves: i32| {
                if pos.kings_of(c).any() {
                    pos.with_turn(c).count_quiet() as i32 - man_moves
                } else {
                    0
                }
            };
            score += (king_moves(Color::White, wmoves) - king_moves(Color::Black, bmoves))
                * w.mobility_king;
        }
        score
    }

    /// Known drawish material: divides the score towards zero.
    fn endgame_scale(&self, pos: &Position, score: i32) -> i32 {
        let wt = &self.w;
        let w = pos.pieces(Color::White);
        let b = pos.pieces(Color::Black);
        let kings = pos.kings();
        for (weak, strong, lone) in [(w, b, Color::White), (b, w, Color::Black)] {
            let weak_kings = (weak & kings).count();
            if weak.count() == 1 && weak_kings == 1 {
                // A lone king.
                let n = strong.count();
                if n <= 2 {
                    return score / wt.drawish_lone_king;
                }
                if n == 3
                    && (weak & Bitboard::MAIN_ROAD).any()
                    && (strong & Bitboard::MAIN_ROAD).is_empty()
                {
                    return score / wt.drawish_main_road;
                }
                // Three pieces or more against it: take the lone king's
                // safe squares away.
                let k = lone_safe_moves(pos, lone) * wt.lone_safe;
                return if lone == Color::White {
                    score + k
                } else {
                    score - k
                };
            }
        }
        // Kings only on both sides, the weaker side keeping at least two kings.
        if (w | b) & !kings == Bitboard::EMPTY && w.count().min(b.count()) >= 2 {
            return score / wt.drawish_kings;
        }
        score
    }

    /// The static evaluation of `pos` for the side to move (men = 100).
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let mut s = self.white_score(pos);
        if self.w.kpatterns != 0 {
            // Read from the mover's side: the same for a position and its
            // colour mirror, so the White score changes sign exactly.
            let k = super::kpatterns::mover_score(pos) * self.w.kpatterns / 100;
            s += if pos.turn() == Color::White { k } else { -k };
        }
        if pos.kings().any() {
            // Every drawish ending below has a king.
            s = self.endgame_scale(pos, s);
        }
        let s = if pos.turn() == Color::White { s } else { -s };
        let mut s = s + self.w.tempo;
        if self.w.net != 0 && super::net::applies(pos) {
            // Fitted to what the rest leaves over, and read from the
            // mover's side like the patterns with kings.
            s += super::net::mover_score(pos) * self.w.net / 100;
        }
        s
    }
}

/// The moves of `lone`'s only piece (a king) after which the other side
/// has nothing to take, as if `lone` were to move. Left out of the
/// WebAssembly build (0 there): it costs 340 bytes of the gzipped module,
/// over the 150 KB budget, and the browser fetches the endgame tables for
/// these endings (docs/endgame-tables.md).
#[cfg(not(target_arch = "wasm32"))]
#[inline(never)]
fn lone_safe_moves(pos: &Position, lone: Color) -> i32 {
    let p = pos.with_turn(lone);
    p.legal_moves()
        .iter()
        .filter(|mv| !p.play_unchecked(mv).has_capture())
        .count() as i32
}

#[cfg(target_arch = "wasm32")]
fn lone_safe_moves(_: &Position, _: Color) -> i32 {
    0
}

/// The static evaluation of `pos` for the side to move (men = 100), with
/// the default weights.
pub fn evaluate(pos: &Position) -> i32 {
    DEFAULT.evaluate(pos)
}

/// Material only (man 100, king 300), for the side to move: the baseline
/// opponent's evaluation.
pub fn material(pos: &Position) -> i32 {
    let us = pos.turn();
    let them = us.opposite();
    let v = |c: Color| pos.men_of(c).count() as i32 * 100 + pos.kings_of(c).count() as i32 * 300;
    v(us) - v(them)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval_fen(f: &str) -> i32 {
        evaluate(&Position::from_fen(f).unwrap())
    }

    #[test]
    fn weights_text_agrees_with_set() {
        let text = "# comment\nking_mg=280\nadvance_eg3=-7\nrunaway1=111\ntempo=0\r\nedge=-9\n";
        let parsed = Weights::from_text(text.as_bytes());
        let mut set = Weights::HAND_SET;
        set.parse_settings("king_mg=280,advance_eg3=-7,runaway1=111,tempo=0,edge=-9")
            .unwrap();
        assert_eq!(parsed, set);
        assert_ne!(parsed, Weights::HAND_SET);
        assert_eq!(Weights::from_text(b"# nothing\n"), Weights::HAND_SET);
    }

    #[test]
    fn start_is_level_and_symmetric() {
        let s = Position::start();
        // Without the patterns with kings and the network, which value the
        // side to move's men, the start is level: only the tempo bonus.
        let mut no_kings = Weights::DEFAULT;
        no_kings.kpatterns = 0;
        no_kings.net = 0;
        let e = Evaluator::new(no_kings);
        assert_eq!(
            e.evaluate(&s),
            no_kings.tempo,
            "start position: only the tempo bonus"
        );
        assert_eq!(mirror(&s).turn(), Color::Black);
        assert_eq!(e.evaluate(&mirror(&s)), no_kings.tempo);
        // With them, the tempo, the mover's patterns and the network's
        // output, the same for both.
        let k = super::super::kpatterns::mover_score(&s) * Weights::DEFAULT.kpatterns / 100;
        let n = super::super::net::mover_score(&s) * Weights::DEFAULT.net / 100;
        assert_eq!(evaluate(&s), Weights::DEFAULT.tempo + k + n);
        assert_eq!(evaluate(&mirror(&s)), evaluate(&s));
    }

    #[test]
    fn colour_mirror() {
        // A position and its colour-mirror (rotated 180 degrees, colours and
        // side to move swapped) evaluate the same for the side to move.
        let fens = [
            "W:Wa1,c3,e3,Kd4,g3:Bb6,d6,f6,Kh8",
            "B:Wc1,e1,b2,d4,h4:Ba7,c7,e7,g5,h6",
            "W:Wc3,e3,g3:Ba7,c7",
            "W:WKb2:BKg7,Kh8,e7",
            "B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Ba5,b6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8",
        ];
        for f in fens {
            let pa = Position::from_fen(f).unwrap();
            let pb = mirror(&pa);
            assert_eq!(mirror(&pb), pa);
            assert_eq!(evaluate(&pa), evaluate(&pb), "{f} vs {}", pb.fen());
        }
    }

    fn mirror(p: &Position) -> Position {
        let rot = |b: Bitboard| Bitboard(b.0.reverse_bits());
        Position::try_from(crate::position::Setup {
            white: rot(p.pieces(Color::Black)),
            black: rot(p.pieces(Color::White)),
            kings: rot(p.kings()),
            turn: Some(p.turn().opposite()),
        })
        .unwrap()
    }

    #[test]
    fn quiet_move_detection_matches_the_generator() {
        let mut pos = Position::start();
        let mut seed = 11u64;
        for _ in 0..3000 {
            let moves = pos.legal_moves();
            if !pos.has_capture() {
                assert_eq!(has_quiet_move(&pos), !moves.is_empty(), "{}", pos.fen());
            }
            if moves.is_empty() {
                pos = Position::start();
                continue;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            pos = pos.play_unchecked(&moves[(seed % moves.len() as u64) as usize]);
        }
        for f in [
            "W:Wa1:Bb2,c3",
            "B:Wa1:Bb2,c3",
            "W:WKa1:Bb2,c3",
            "B:Wc3,d4,e3:Bd2",
        ] {
            let p = Position::from_fen(f).unwrap();
            assert_eq!(has_quiet_move(&p), p.count_quiet() > 0, "{f}");
        }
    }

    #[test]
    fn weights_by_name() {
        let mut w = Weights::DEFAULT;
        w.parse_settings("king_mg=280, advance_mg3=9,runaway1=150")
            .unwrap();
        assert_eq!((w.king_mg, w.advance_mg[3], w.runaway[1]), (280, 9, 150));
        assert!(w.set("no_such", 1).is_err());
        assert!(w.set("runaway", 1).is_err());
        assert!(w.set("runaway8", 1).is_err());
        assert!(w.set("drawish_kings", 0).is_err());
        assert!(w.parse_settings("centre").is_err());
        assert!(w.parse_settings("centre=x").is_err());
        // Other weights, other scores; the default evaluator is the default.
        let p = Position::from_fen("W:Wa1,c3,e3,g3,b4:Bb6,d6,f6,h6").unwrap();
        assert_eq!(Evaluator::default().evaluate(&p), evaluate(&p));
        let mut w = Weights::DEFAULT;
        w.set("man", 150).unwrap();
        assert_eq!(Evaluator::new(w).evaluate(&p) - evaluate(&p), 50);
    }

    #[test]
    fn more_material_is_better() {
        assert!(eval_fen("W:Wa1,c3,e3,g3:Bb6,d6,f6") > 50);
        assert!(eval_fen("W:WKa1,c3:Bb6,d6,f6") > eval_fen("W:Wa1,c3:Bb6,d6,f6"));
    }

    #[test]
    fn endgame_knowledge() {
        // One king against one king: level.
        assert!(eval_fen("W:WKa1:BKh6").abs() <= Weights::DEFAULT.tempo + 5);
        // Two kings against one: almost level.
        assert!(eval_fen("W:WKa1,Kc3:BKh6").abs() < 50);
        // Three kings against a lone king on the main road: drawish.
        let on_road = eval_fen("W:WKa3,Kc1,Kh4:BKd4");
        let off_road = eval_fen("W:WKa3,Kc1,Kh4:BKd6");
        assert!(on_road < off_road / 3, "{on_road} vs {off_road}");
        assert!(off_road > 300);
    }

    #[test]
    fn lone_king_safe_moves() {
        // Against three kings, each move of the lone king that leaves
        // nothing to take (counted here through the move generator of the
        // position after it) costs the stronger side `lone_safe`.
        let mut none = Weights::DEFAULT;
        none.lone_safe = 0;
        let none = Evaluator::new(none);
        let w = Weights::DEFAULT.lone_safe;
        assert!(w > 0);
        let mut seen = [false; 2];
        for fen in [
            "W:WKa1,Kb2,Kc3:BKd6",
            "B:WKa1,Kb2,Kc3:BKd6",
            "W:WKc1,Ke1,Kb6:BKh4",
            "W:WKa1,Kc1,Ke1:BKh8",
            "B:WKa1,Kc1,Ke1:BKh8",
            "B:WKd6:BKa1,Kb2,Kc3",
            "W:WKa1,Kc3,e3:BKh6",
        ] {
            let p = Position::from_fen(fen).unwrap();
            let lone = if p.pieces(Color::White).count() == 1 {
                Color::White
            } else {
                Color::Black
            };
            let q = p.with_turn(lone);
            let safe = q
                .legal_moves()
                .iter()
                .filter(|mv| {
                    !q.play_unchecked(mv)
                        .legal_moves()
                        .iter()
                        .any(|r| r.is_capture())
                })
                .count() as i32;
            seen[usize::from(safe == 0)] = true;
            let for_mover = if p.turn() == lone {
                safe * w
            } else {
                -safe * w
            };
            assert_eq!(evaluate(&p) - none.evaluate(&p), for_mover, "{fen}");
        }
        assert!(seen[0], "every sample had a safe move");
    }
}
