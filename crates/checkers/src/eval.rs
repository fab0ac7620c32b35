//! The static evaluation of a checkers position, for both rule sets, and
//! which actions are tactical: checkers' side of [`parlour_game::Evaluate`].
//!
//! Scores are in hundredths of a man from the side to move's view. Each
//! side is scored from its own view by one function: White's pieces are
//! turned round (bit i to bit 31 - i, a half turn of the board, which maps
//! the diagonals onto themselves) so that both sides move "up" the board,
//! towards higher square numbers, and every table is written once, for
//! Black. The terms:
//!
//! - material: a man 100, a king [`KING`];
//! - the back-rank guard (men on 1 and 3, less on 2 and 4) while the
//!   adversary still has men to crown;
//! - the centre (men on 14, 15, 18, 19; kings away from the edges);
//! - mobility: the number of steps open;
//! - tempo: men's advance, counted in the endgame only, where running to the
//!   crown matters more than keeping a formation;
//! - runaway men: a man with no adversary piece in the cone in front of it
//!   cannot be stopped from crowning, and is worth nearly a king;
//! - the endgame, when one side is ahead: the stronger side's kings are
//!   drawn to the weaker side's pieces, trading down is good for it, and the
//!   weaker side's kings are better in a double corner (1/5, 28/32), where
//!   they are hard to trap, and worse in a single corner;
//! - huffing: after an offence the offender's most valuable huffable piece
//!   ([`crate::huffing::huffable`]) is counted as nine-tenths lost, since
//!   the side to move may huff it.
//!
//! Everything is bitboard arithmetic and table look-ups: no allocation.

use crate::geometry::{coords, step, CONE};
use crate::learned::Model;
use crate::moves::Action;
use crate::network::Network;
use crate::position::{Pending, Position};
use parlour_game::tables::SharedTables;
use parlour_game::{EvalId, Evaluate, Evaluator, Proven, Side};
use std::sync::Arc;

/// Endgame databases of checkers positions, as a search asks them: the
/// crate that builds them (`parlour-egdb`) implements this, so the
/// evaluation can hold them without this crate depending on it.
pub use parlour_game::EndgameTables;

/// A man's value.
pub const MAN: i32 = 100;
/// A king's value: a king moves both ways, so it is worth more than a man.
pub const KING: i32 = 140;

/// Squares 1-4, seen by the side whose back row they are.
const BACK_ROW: u32 = 0x0000_000F;
/// Squares 14, 15, 18, 19.
const CENTRE: u32 = (1 << 13) | (1 << 14) | (1 << 17) | (1 << 18);
/// Squares 10, 11, 22, 23 around the centre.
const NEAR_CENTRE: u32 = (1 << 9) | (1 << 10) | (1 << 21) | (1 << 22);
/// The board's edge squares (the first and last column, the two back rows).
const EDGE: u32 = 0xF000_000F | 0x1010_1010 | 0x0808_0808;
/// The double corners: 1 and 5, 28 and 32.
const DOUBLE_CORNERS: u32 = (1 << 0) | (1 << 4) | (1 << 27) | (1 << 31);
/// The single corners: 4 and 29.
const SINGLE_CORNERS: u32 = (1 << 3) | (1 << 28);

/// `DISTANCE[a][b]`: the king-move distance between two squares.
static DISTANCE: [[u8; 32]; 32] = {
    let mut t = [[0u8; 32]; 32];
    let mut a = 0;
    while a < 32 {
        let mut b = 0;
        while b < 32 {
            let (ra, ca) = coords(a);
            let (rb, cb) = coords(b);
            let dr = if ra > rb { ra - rb } else { rb - ra };
            let dc = if ca > cb { ca - cb } else { cb - ca };
            t[a][b] = if dr > dc { dr as u8 } else { dc as u8 };
            b += 1;
        }
        a += 1;
    }
    t
};

/// Rows 5-7 (squares 17-28, never 29-32 for a man): where a runaway is
/// worth looking for.
const RUNAWAY_ROWS: u32 = 0x0FFF_0000;

/// The bonus for advancing a man to each row, counted in the endgame.
const ADVANCE: [i32; 8] = [0, 1, 2, 4, 6, 9, 12, 0];

/// One side's pieces, turned so that the side moves up the board.
#[derive(Clone, Copy)]
struct View {
    men: u32,
    kings: u32,
}

impl View {
    #[inline(always)]
    fn of(pos: &Position, side: Side) -> View {
        let (men, kings) = (pos.men(side).0, (pos.pieces(side) & pos.kings()).0);
        let view = View { men, kings };
        match side {
            Side::Black => view,
            Side::White => view.turned(),
        }
    }

    /// The same pieces seen from the other side of the board.
    #[inline(always)]
    fn turned(self) -> View {
        View {
            men: self.men.reverse_bits(),
            kings: self.kings.reverse_bits(),
        }
    }

    #[inline(always)]
    fn all(self) -> u32 {
        self.men | self.kings
    }

    #[inline(always)]
    fn material(self) -> i32 {
        self.men.count_ones() as i32 * MAN + self.kings.count_ones() as i32 * KING
    }
}

/// A cheap measure of the steps open to `own`, which moves up the board:
/// the empty squares its pieces can step to forward, plus those its kings
/// can step to backward (a square two pieces can reach counts once).
#[inline(always)]
fn mobility(own: View, empty: u32) -> i32 {
    let up = (step(own.all(), 0) | step(own.all(), 1)) & empty;
    let down = (step(own.kings, 2) | step(own.kings, 3)) & empty;
    (up.count_ones() + down.count_ones()) as i32
}

/// The terms that depend only on `own` and `opp`, from `own`'s view.
#[inline(always)]
fn side_score(own: View, opp: View, endgame: bool) -> i32 {
    let mut score = 0;
    let empty = !(own.all() | opp.all());

    // The back-rank guard matters while the adversary has men to crown.
    if opp.men != 0 {
        let guard = own.men & BACK_ROW;
        score +=
            9 * ((guard & 0b0101).count_ones() as i32) + 4 * ((guard & 0b1010).count_ones() as i32);
        // Both bridge squares held together stop a lone man crowning.
        if guard & 0b0101 == 0b0101 {
            score += 6;
        }
    }

    score += 7 * (own.men & CENTRE).count_ones() as i32
        + 3 * (own.men & NEAR_CENTRE).count_ones() as i32;
    score += 4 * (own.kings & (CENTRE | NEAR_CENTRE)).count_ones() as i32
        - 6 * (own.kings & EDGE).count_ones() as i32;

    score += 2 * mobility(own, empty);

    // Runaways: no adversary piece can reach the man's path in time.
    let mut runners = own.men & RUNAWAY_ROWS;
    while runners != 0 {
        let sq = runners.trailing_zeros() as usize;
        runners &= runners - 1;
        if CONE[sq] & opp.all() == 0 {
            let rows_to_go = 7 - (sq / 4) as i32;
            score += 32 - 6 * rows_to_go;
        }
    }

    if endgame {
        let mut men = own.men;
        while men != 0 {
            let sq = men.trailing_zeros() as usize;
            men &= men - 1;
            score += ADVANCE[sq / 4];
        }
    }
    score
}

/// The endgame terms for the side ahead, `strong`, against `weak` (both
/// views turned the same way, as Black's): positive is good for `strong`.
#[inline(always)]
fn endgame_drive(strong: View, weak: View, lead: i32, total: i32) -> i32 {
    let mut score = 0;
    let targets = weak.all();
    if targets == 0 {
        return 0;
    }
    // The stronger side's kings come close to the weaker side's pieces.
    let mut kings = strong.kings;
    while kings != 0 {
        let k = kings.trailing_zeros() as usize;
        kings &= kings - 1;
        let mut nearest = 7;
        let mut t = targets;
        while t != 0 {
            let s = t.trailing_zeros() as usize;
            t &= t - 1;
            nearest = nearest.min(DISTANCE[k][s] as i32);
        }
        score += 4 * (7 - nearest);
    }
    // Trading down when ahead: fewer pieces make the lead tell more.
    score += lead * (24 - total) / 48;
    // The weaker side's kings hold out in a double corner and are caught
    // in a single corner.
    score -= 14 * (weak.kings & DOUBLE_CORNERS).count_ones() as i32;
    score += 10 * (weak.kings & SINGLE_CORNERS).count_ones() as i32;
    score
}

/// The static score from Black's view.
#[inline]
fn score_for_black(pos: &Position) -> i32 {
    let black = View::of(pos, Side::Black);
    let white = View::of(pos, Side::White);
    let mut material = [black.material(), white.material()];

    // Huffing: the side to move may huff one of the offender's pieces.
    if let Pending::Offence(offence) = pos.pending() {
        let offender = pos.side().opponent();
        let at_risk = crate::huffing::huffable(pos, offence);
        let value = if (at_risk & pos.kings()).is_empty() {
            MAN
        } else {
            KING
        };
        if !at_risk.is_empty() {
            material[offender.index()] -= value * 9 / 10;
        }
    }

    let total = (pos.pieces(Side::Black) | pos.pieces(Side::White)).count() as i32;
    let endgame = total <= 12 || !pos.kings().is_empty();
    let mut score = material[0] - material[1];
    // Each side is scored from its own view, its adversary's pieces turned
    // round to match.
    score += side_score(black, white.turned(), endgame);
    score -= side_score(white, black.turned(), endgame);

    let lead = material[0] - material[1];
    if endgame && lead.abs() >= MAN / 2 && total <= 12 {
        if lead > 0 {
            score += endgame_drive(black, white.turned(), lead, total);
        } else {
            score -= endgame_drive(white, black.turned(), -lead, total);
        }
    }
    score
}

/// The hand-written evaluation of `pos`, from the side to move's view.
#[inline]
pub fn handwritten(pos: &Position) -> i32 {
    let score = score_for_black(pos);
    match pos.side() {
        Side::Black => score,
        Side::White => -score,
    }
}

/// Which evaluation a checkers search scores positions with. None is a
/// default: each rule set's default comes from its registry entry
/// ([`crate::Rules`]' `default_evaluator`, the rules' network).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Eval {
    /// The hand-written terms of this module, with guessed weights.
    Handwritten,
    /// A pattern model ([`crate::learned`]): the one built in for a rule
    /// set, or one read from a weights file.
    Patterns(Arc<Model>),
    /// A network ([`crate::network`]), built in or read from a file.
    Network(Arc<Network>),
    /// An evaluation with endgame databases beside it: positions the
    /// databases hold are given their exact value ([`Evaluator::probe`]),
    /// the others the inner evaluation's score.
    WithTables(Box<Eval>, Tables),
}

impl Eval {
    /// This evaluation with endgame databases beside it (replacing any it
    /// had).
    pub fn with_tables(self, tables: SharedTables<Position>) -> Eval {
        let inner = match self {
            Eval::WithTables(inner, _) => inner,
            other => Box::new(other),
        };
        Eval::WithTables(inner, Tables(tables))
    }
}

/// Shared endgame databases inside an [`Eval`]: two are equal when they are
/// the same databases.
#[derive(Clone, Debug)]
pub struct Tables(pub SharedTables<Position>);

impl PartialEq for Tables {
    fn eq(&self, other: &Tables) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Tables {}

impl std::fmt::Display for Eval {
    /// As its identity writes it: `handwritten`, `patterns:` or
    /// `network:` and the weights' fingerprint, `+egdb` where databases
    /// are beside it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.identity().fmt(f)
    }
}

impl Evaluator<Position> for Eval {
    fn identity(&self) -> EvalId {
        match self {
            Eval::Handwritten => EvalId::plain("handwritten"),
            Eval::Patterns(model) => EvalId::learned("patterns", model.fingerprint()),
            Eval::Network(net) => EvalId::learned("network", net.fingerprint()),
            Eval::WithTables(inner, _) => inner.identity().with_tables(),
        }
    }

    #[inline]
    fn evaluate(&self, pos: &Position) -> i32 {
        match self {
            Eval::Handwritten => handwritten(pos),
            Eval::Patterns(model) => model.evaluate(pos),
            Eval::Network(net) => net.evaluate(pos),
            Eval::WithTables(inner, _) => inner.evaluate(pos),
        }
    }

    /// A network's accumulator; nothing for the other evaluations.
    fn state_len(&self) -> usize {
        match self {
            Eval::Network(net) => net.state_len(),
            Eval::WithTables(inner, _) => inner.state_len(),
            _ => 0,
        }
    }

    #[inline]
    fn refresh(&self, pos: &Position, state: &mut [i16]) {
        match self {
            Eval::Network(net) => net.refresh(pos, state),
            Eval::WithTables(inner, _) => inner.refresh(pos, state),
            _ => {}
        }
    }

    #[inline]
    fn update(&self, parent: &Position, child: &Position, state: &mut [i16]) {
        match self {
            Eval::Network(net) => net.update(parent, child, state),
            Eval::WithTables(inner, _) => inner.update(parent, child, state),
            _ => {}
        }
    }

    #[inline]
    fn evaluate_with(&self, pos: &Position, state: &[i16]) -> i32 {
        match self {
            Eval::Network(net) => net.evaluate_with(pos, state),
            Eval::WithTables(inner, _) => inner.evaluate_with(pos, state),
            other => other.evaluate(pos),
        }
    }

    #[inline]
    fn probe(&self, pos: &Position) -> Option<Proven> {
        self.tables_for(pos)?.probe(pos)
    }

    #[inline]
    fn probe_with_distance(&self, pos: &Position) -> Option<(Proven, Option<u32>)> {
        self.tables_for(pos)?.probe_with_distance(pos)
    }
}

impl Eval {
    /// The endgame databases beside this evaluation, if it has some and
    /// `pos` has few enough pieces for them.
    #[inline(always)]
    fn tables_for(&self, pos: &Position) -> Option<&dyn EndgameTables<Position>> {
        match self {
            Eval::WithTables(_, Tables(tables))
                if 32 - pos.empty().count() <= tables.max_pieces() =>
            {
                Some(tables.as_ref())
            }
            _ => None,
        }
    }
}

impl Evaluate for Position {
    type Evaluator = Eval;

    /// Complete captures (not those stopped short, which offend under
    /// huffing), crownings, huffs followed by one of those, and compel.
    #[inline]
    fn is_tactical(&self, action: Action) -> bool {
        match action {
            Action::Move(m) | Action::Huff(_, m) => (m.is_capture() && !m.offends()) || m.crowns(),
            Action::Compel => true,
        }
    }

    /// A capture open to either side (compulsory under english rules,
    /// tempting under huffing: a threat the static score does not weigh),
    /// or an offence or compulsion pending.
    #[inline]
    fn is_unsettled(&self) -> bool {
        self.pending() != Pending::Nothing
            || self.can_capture()
            || self.pass_turn(Pending::Nothing).can_capture()
    }

    /// Nothing pending, no capture and no man about to crown: only steps,
    /// none of them tactical.
    #[inline]
    fn tactical_moves(&self) -> parlour_game::TacticalMoves {
        use parlour_game::TacticalMoves::{NoMove, OnlyQuiet, Unknown};
        if self.pending() != Pending::Nothing || self.board().jumpers() != 0 {
            return Unknown;
        }
        let steps = self.board().step_kinds();
        if steps.crowning {
            Unknown
        } else if steps.any {
            OnlyQuiet
        } else {
            NoMove
        }
    }

    #[inline]
    fn tactical_gain(&self, action: Action) -> i32 {
        match action {
            Action::Move(m) => {
                let kings = (m.captured() & self.kings()).count() as i32;
                m.jumps() as i32 * MAN + kings * (KING - MAN) + if m.crowns() { 40 } else { 0 }
            }
            Action::Huff(_, m) => MAN + m.jumps() as i32 * MAN,
            Action::Compel => MAN / 2,
        }
    }

    #[inline]
    fn history_key(&self, action: Action) -> usize {
        match action {
            Action::Move(m) => m.squares_key(),
            Action::Huff(_, m) => 1024 + m.squares_key(),
            Action::Compel => 2048,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    fn eval(fen: &str, rules: Rules) -> i32 {
        handwritten(&Position::from_fen(fen, rules).unwrap())
    }

    #[test]
    fn the_start_is_even() {
        for rules in [Rules::ENGLISH, Rules::HUFFING] {
            let start = Position::start(rules);
            assert_eq!(handwritten(&start), 0, "{rules}");
            // The same board with White to move scores the same.
            let white = Position::from_fen("W:W21-32:B1-12", rules).unwrap();
            assert_eq!(handwritten(&white), 0);
        }
    }

    #[test]
    fn the_score_is_symmetric_under_a_half_turn() {
        // Black's men on s and White's on 33 - s, each side to move, give
        // the same score from the mover's view.
        for fen in [
            "B:W24,27,K30:B9,14,18",
            "W:W21,22,25,K13:B5,10,11",
            "B:W24,28:B22,9",
            "W:WK28:BK23,K19",
            "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29",
        ] {
            let a = Position::from_fen(fen, Rules::ENGLISH).unwrap();
            let mirrored = a.rotated();
            assert_eq!(handwritten(&a), handwritten(&mirrored), "{a} vs {mirrored}");
        }
    }

    #[test]
    fn the_score_is_symmetric_on_random_positions() {
        for rules in [Rules::ENGLISH, Rules::HUFFING] {
            for pos in crate::testing::random_positions(rules, 200, 5, 80) {
                if pos.pending() != Pending::Nothing {
                    continue;
                }
                let mirrored = pos.rotated();
                assert_eq!(
                    handwritten(&pos),
                    handwritten(&mirrored),
                    "{pos} vs {mirrored}"
                );
            }
        }
    }

    #[test]
    fn the_quiescence_shortcut_agrees_with_the_moves() {
        use parlour_game::TacticalMoves;
        let mut told = 0;
        for rules in [Rules::ENGLISH, Rules::HUFFING] {
            for pos in crate::testing::random_positions(rules, 3000, 9, 120) {
                let actions = pos.action_vec();
                let tactical = actions.iter().any(|&a| pos.is_tactical(a));
                match pos.tactical_moves() {
                    told_here @ (TacticalMoves::OnlyQuiet | TacticalMoves::NoMove) => {
                        assert!(!tactical, "{pos}: {actions:?}");
                        let has_moves = told_here == TacticalMoves::OnlyQuiet;
                        assert_eq!(has_moves, !actions.is_empty(), "{pos}");
                        told += 1;
                    }
                    // Only where it cannot tell cheaply: something pending,
                    // a capture, or a crowning.
                    TacticalMoves::Unknown => assert!(
                        tactical || pos.pending() != Pending::Nothing,
                        "{pos}: {actions:?}"
                    ),
                }
            }
        }
        assert!(told > 2000, "the shortcut answered {told} times");
        // A side with no move at all: its man's step and jump are blocked.
        let blocked = Position::from_fen("B:W8,11:B4", Rules::ENGLISH).unwrap();
        assert!(blocked.action_vec().is_empty());
        assert_eq!(blocked.tactical_moves(), TacticalMoves::NoMove, "{blocked}");
    }

    #[test]
    fn material_and_kings_count() {
        // A man up is good for the side that has it.
        assert!(eval("B:W24:B9,10", Rules::ENGLISH) > 50);
        assert!(eval("W:W24:B9,10", Rules::ENGLISH) < -50);
        // A king is worth more than a man.
        assert!(eval("B:W30:BK10", Rules::ENGLISH) > eval("B:W30:B10", Rules::ENGLISH));
    }

    #[test]
    fn a_runaway_man_is_worth_more_than_a_blocked_one() {
        let free = eval("B:W24,28:B22,9", Rules::ENGLISH);
        let blocked = eval("B:W26,28:B22,9", Rules::ENGLISH);
        assert!(free > blocked, "{free} <= {blocked}");
    }

    #[test]
    fn a_huffable_piece_counts_as_nearly_lost() {
        // Black played 11-15 when 9x18 was open: White may huff the man
        // on 9.
        let pending = eval("W:W14,30:B9,15:O11-15", Rules::HUFFING);
        let plain = eval("W:W14,30:B9,15", Rules::HUFFING);
        assert!(pending >= plain + 80, "{pending} vs {plain}");
    }

    #[test]
    fn the_stronger_side_wants_its_king_near_the_weaker() {
        let near = eval("B:WK28:BK23,K19", Rules::ENGLISH);
        let far = eval("B:WK28:BK1,K2", Rules::ENGLISH);
        assert!(near > far, "{near} <= {far}");
    }

    #[test]
    fn tactical_actions_are_complete_captures_crownings_huffs_and_compel() {
        let pos = Position::from_fen("W:W14,30:B9,15:O11-15", Rules::HUFFING).unwrap();
        for action in pos.action_vec() {
            let expected = match action {
                Action::Compel => true,
                Action::Move(m) | Action::Huff(_, m) => {
                    m.is_capture() && !m.offends() || m.crowns()
                }
            };
            assert_eq!(pos.is_tactical(action), expected, "{action}");
        }
        let english = Position::from_fen("B:W18:B14", Rules::ENGLISH).unwrap();
        assert!(english.action_vec().iter().all(|&a| english.is_tactical(a)));
    }
}
