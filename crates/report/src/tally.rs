//! The running count of a match: for each pairing of engines, its games
//! (wins, losses, draws from the pairing's first engine's view) and its
//! colour-swapped pairs (pentanomial), fed one finished game at a time in
//! any order.

use crate::error::TallyError;
use crate::record::GameRecord;
use crate::stats::{Pentanomial, Wld};
use std::collections::HashMap;

/// The games of two engines against each other, from `a`'s view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingTally {
    /// The first engine's index in the match.
    pub a: usize,
    /// The second engine's index.
    pub b: usize,
    /// `a`'s wins, losses and draws against `b`.
    pub wld: Wld,
    /// `a`'s colour-swapped pairs against `b` (only pairs with both games
    /// finished).
    pub penta: Pentanomial,
}

/// The count of a whole match.
#[derive(Clone, Debug)]
pub struct Tally {
    engines: Vec<String>,
    pairings: Vec<PairingTally>,
    /// Games whose pair partner (`index ^ 1`) has not finished: the
    /// pairing and the half-points of its `a`.
    waiting: HashMap<usize, (usize, u8)>,
    games: usize,
}

impl Tally {
    /// An empty count of `pairings` among `engines`.
    pub fn new(engines: Vec<String>, pairings: &[(usize, usize)]) -> Tally {
        Tally {
            engines,
            pairings: pairings
                .iter()
                .map(|&(a, b)| PairingTally {
                    a,
                    b,
                    wld: Wld::default(),
                    penta: Pentanomial::default(),
                })
                .collect(),
            waiting: HashMap::new(),
            games: 0,
        }
    }

    /// The engines' names.
    pub fn engines(&self) -> &[String] {
        &self.engines
    }

    /// Every pairing's count.
    pub fn pairings(&self) -> &[PairingTally] {
        &self.pairings
    }

    /// The games counted.
    pub fn games(&self) -> usize {
        self.games
    }

    /// Counts a finished game; an error if its engines are not a pairing of
    /// the match.
    pub fn add(&mut self, record: &GameRecord) -> Result<(), TallyError> {
        let index_of = |name: &str| self.engines.iter().position(|e| e == name);
        let (black, white) = (index_of(&record.black), index_of(&record.white));
        let found = self.pairings.iter().position(|p| {
            (Some(p.a), Some(p.b)) == (black, white) || (Some(p.b), Some(p.a)) == (black, white)
        });
        let Some(p) = found else {
            return Err(TallyError::NotPaired {
                game: record.index + 1,
                black: record.black.clone(),
                white: record.white.clone(),
            });
        };
        let a_name = &self.engines[self.pairings[p].a];
        let half = record
            .half_points_of(a_name)
            .expect("the pairing's engine played this game");
        let pairing = &mut self.pairings[p];
        pairing.wld.add(half);
        match self.waiting.remove(&(record.index ^ 1)) {
            Some((q, other)) if q == p => pairing.penta.add_pair(other, half),
            Some(other) => {
                // Not this game's partner after all; keep waiting.
                self.waiting.insert(record.index ^ 1, other);
                self.waiting.insert(record.index, (p, half));
            }
            None => {
                self.waiting.insert(record.index, (p, half));
            }
        }
        self.games += 1;
        Ok(())
    }

    /// An engine's games against every opponent.
    pub fn engine_wld(&self, engine: usize) -> Wld {
        let mut total = Wld::default();
        for p in &self.pairings {
            if p.a == engine {
                total += p.wld;
            } else if p.b == engine {
                total += p.wld.reversed();
            }
        }
        total
    }

    /// `engine`'s games against `opponent`.
    pub fn head_to_head(&self, engine: usize, opponent: usize) -> Wld {
        let mut total = Wld::default();
        for p in &self.pairings {
            if (p.a, p.b) == (engine, opponent) {
                total += p.wld;
            } else if (p.b, p.a) == (engine, opponent) {
                total += p.wld.reversed();
            }
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Termination;

    fn record(index: usize, black: &str, white: &str, winner: Option<&str>) -> GameRecord {
        GameRecord {
            index,
            round: index / 2 + 1,
            opening: "start".into(),
            opening_plies: 0,
            start: String::new(),
            first: "black".into(),
            black: black.into(),
            white: white.into(),
            result: String::new(),
            winner: winner.map(str::to_string),
            termination: Termination::NoMoves,
            reason: String::new(),
            plies: 0,
            moves: Vec::new(),
            date: String::new(),
            move_ms: Vec::new(),
            move_notes: Vec::new(),
            order: 0,
        }
    }

    #[test]
    fn games_and_pairs_are_counted_in_any_order() {
        let mut t = Tally::new(vec!["A".into(), "B".into()], &[(0, 1)]);
        // Pair 0: A wins as Black, then draws as White -> 1.5 points (WD).
        // Pair 1: A loses as White (game 3) first, then loses as Black.
        t.add(&record(3, "B", "A", Some("black"))).unwrap();
        t.add(&record(0, "A", "B", Some("black"))).unwrap();
        t.add(&record(1, "B", "A", None)).unwrap();
        assert_eq!(t.pairings()[0].penta, Pentanomial([0, 0, 0, 1, 0]));
        t.add(&record(2, "A", "B", Some("white"))).unwrap();
        let p = &t.pairings()[0];
        assert_eq!(p.wld, Wld::new(1, 2, 1));
        assert_eq!(p.penta, Pentanomial([1, 0, 0, 1, 0]));
        assert_eq!(t.engine_wld(1), Wld::new(2, 1, 1));
        assert_eq!(t.head_to_head(1, 0), Wld::new(2, 1, 1));
        assert_eq!(t.games(), 4);
        assert!(t.add(&record(4, "A", "C", None)).is_err());
    }
}
