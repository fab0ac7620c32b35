//! The schedule of a match: who plays whom ([`Tournament`]), how many
//! games each pairing plays ([`GameCount`]), and each game's engines,
//! colours and round, which follow from its index alone (so that shards
//! and resumed runs play the same games).

use serde::{Deserialize, Serialize};

/// Who plays whom when more than two engines take part.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Tournament {
    /// Every engine against every other.
    #[default]
    RoundRobin,
    /// The first engine against each of the others.
    Gauntlet,
}

impl Tournament {
    /// `round-robin` or `gauntlet`.
    pub fn name(self) -> &'static str {
        match self {
            Tournament::RoundRobin => "round-robin",
            Tournament::Gauntlet => "gauntlet",
        }
    }

    /// The pairings of `engines` engines, by index: `(a, b)` with `a`
    /// playing Black in the first game of each pair.
    pub fn pairings(self, engines: usize) -> Vec<(usize, usize)> {
        match self {
            Tournament::RoundRobin => (0..engines)
                .flat_map(|a| (a + 1..engines).map(move |b| (a, b)))
                .collect(),
            Tournament::Gauntlet => (1..engines).map(|b| (0, b)).collect(),
        }
    }
}

/// How many games each pairing plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum GameCount {
    /// Every opening of the openings once, each twice with colours swapped (an
    /// error for random openings, which never run out).
    #[default]
    Deck,
    /// `N` openings, each twice: `2N` games.
    Rounds(u32),
    /// `N` games, rounded up to an even number.
    Games(u32),
}

/// The games of a match, by index.
#[derive(Clone, Debug)]
pub(crate) struct Schedule {
    pub pairings: Vec<(usize, usize)>,
    pub per_pairing: usize,
}

/// One scheduled game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Slot {
    /// The round (opening number), from 0.
    pub round: usize,
    /// The engine playing Black.
    pub black: usize,
    /// The engine playing White.
    pub white: usize,
}

impl Schedule {
    /// The schedule of a match of `engines` engines.
    pub fn new(tournament: Tournament, engines: usize, per_pairing: usize) -> Schedule {
        Schedule {
            pairings: tournament.pairings(engines),
            per_pairing,
        }
    }

    /// The games of the whole match.
    pub fn total(&self) -> usize {
        self.pairings.len() * self.per_pairing
    }

    /// Game `index`: pairs of games (`2k`, `2k+1`) go round the pairings,
    /// so every pairing advances together; the pairing's first engine plays
    /// Black in the first game of a pair, White in the second.
    pub fn slot(&self, index: usize) -> Slot {
        let pair = index / 2;
        let (a, b) = self.pairings[pair % self.pairings.len()];
        let round = pair / self.pairings.len();
        let (black, white) = if index & 1 == 0 { (a, b) } else { (b, a) };
        Slot {
            round,
            black,
            white,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_go_round_the_pairings_with_colours_swapped() {
        let s = Schedule {
            pairings: vec![(0, 1), (0, 2), (1, 2)],
            per_pairing: 4,
        };
        assert_eq!(s.total(), 12);
        let slots: Vec<(usize, usize, usize)> = (0..12)
            .map(|i| {
                let x = s.slot(i);
                (x.round, x.black, x.white)
            })
            .collect();
        assert_eq!(
            slots,
            vec![
                (0, 0, 1),
                (0, 1, 0),
                (0, 0, 2),
                (0, 2, 0),
                (0, 1, 2),
                (0, 2, 1),
                (1, 0, 1),
                (1, 1, 0),
                (1, 0, 2),
                (1, 2, 0),
                (1, 1, 2),
                (1, 2, 1),
            ]
        );
    }
}
