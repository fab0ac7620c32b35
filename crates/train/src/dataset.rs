//! The data a model is trained on: the positions of self-play files,
//! decoded for one game's model, each distinct position once with its
//! results and search scores averaged; where the game's endgame databases
//! hold a position, its exact value as its result.

use crate::data::DataFile;
use crate::error::TrainError;
use ahash::AHashMap;
use parlour_game::{EndgameTables, Learn, Outcome, Proven, Side};
use rayon::prelude::*;

/// Distinct positions with their averaged results and scores.
#[derive(Clone, Debug)]
pub struct Dataset<G> {
    /// The positions.
    pub positions: Vec<G>,
    /// The average result from the side to move's view: 1 won, 0 lost.
    pub results: Vec<f32>,
    /// The average search score from the side to move's view, decisive
    /// scores (forced wins and losses) counted as `±SCORE_WIN`.
    pub scores: Vec<f32>,
    /// For each position, the game it first came from (file and index
    /// mixed): the validation split goes by this.
    pub games: Vec<u64>,
    /// Records read, before duplicates were merged.
    pub records: usize,
}

impl<G> Default for Dataset<G> {
    /// No positions.
    fn default() -> Dataset<G> {
        Dataset {
            positions: Vec::new(),
            results: Vec::new(),
            scores: Vec::new(),
            games: Vec::new(),
            records: 0,
        }
    }
}

impl<G: Learn> Dataset<G> {
    /// The positions of `files`, decoded under the rules of `template`
    /// (which must be the model the data was recorded for), duplicates
    /// merged.
    pub fn load(template: &G, files: &[DataFile]) -> Result<Dataset<G>, TrainError> {
        let key = template.positions_key();
        let mut index: AHashMap<u64, usize> = AHashMap::new();
        let mut data = Dataset::default();
        let mut counts: Vec<u32> = Vec::new();
        for (f, file) in files.iter().enumerate() {
            if file.positions_key() != key || file.code_len != template.code_len() {
                return Err(TrainError::WrongData {
                    found: file.settings.clone(),
                    expected: key.clone(),
                });
            }
            for game in &file.games {
                for record in &game.positions {
                    let pos =
                        template
                            .decode(&record.code)
                            .map_err(|e| TrainError::BadPosition {
                                game: game.index,
                                reason: e.reason,
                            })?;
                    let result = result_for(game.outcome, pos.side_to_move());
                    data.records += 1;
                    let score = record.score as f32;
                    match index.get(&pos.hash()) {
                        Some(&i) => {
                            data.results[i] += result;
                            data.scores[i] += score;
                            counts[i] += 1;
                        }
                        None => {
                            index.insert(pos.hash(), data.positions.len());
                            data.positions.push(pos);
                            data.results.push(result);
                            data.scores.push(score);
                            data.games.push(((f as u64) << 32) | game.index as u64);
                            counts.push(1);
                        }
                    }
                }
            }
        }
        for (i, &n) in counts.iter().enumerate() {
            data.results[i] /= n as f32;
            data.scores[i] /= n as f32;
        }
        Ok(data)
    }

    /// The number of distinct positions.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Gives every position that `tables` hold its exact value as its
    /// result (1 won, 0.5 drawn, 0 lost) instead of its games' average.
    /// The search's score stays: it is the other half of the target, the
    /// engine's graded opinion, which a network can learn from the board
    /// where it cannot learn every database value (replacing it with
    /// `±SCORE_WIN` or 0 measured worse; docs/learning.md).
    pub fn label_from_tables(&mut self, tables: &dyn EndgameTables<G>) -> TableLabels {
        self.positions
            .par_iter()
            .zip(self.results.par_iter_mut())
            .filter_map(|(pos, result)| {
                let exact = match tables.probe(pos)? {
                    Proven::Win => 1.0,
                    Proven::Draw => 0.5,
                    Proven::Loss => 0.0,
                };
                let corrected = (*result - exact).abs() > 0.25;
                *result = exact;
                Some(TableLabels {
                    held: 1,
                    corrected: usize::from(corrected),
                })
            })
            .reduce(TableLabels::default, |a, b| TableLabels {
                held: a.held + b.held,
                corrected: a.corrected + b.corrected,
            })
    }
}

/// What [`Dataset::label_from_tables`] changed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableLabels {
    /// Distinct positions the databases hold, now labelled exactly.
    pub held: usize,
    /// Of those, the ones whose games had said otherwise (an average
    /// result more than a quarter from the exact one: a won position
    /// drawn or lost, a drawn one decided).
    pub corrected: usize,
}

/// The result of an outcome from `side`'s view: 1 won, 0.5 drawn, 0 lost.
pub fn result_for(outcome: Outcome, side: Side) -> f32 {
    match outcome {
        Outcome::Draw => 0.5,
        Outcome::Win(s) if s == side => 1.0,
        Outcome::Win(_) => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlour_checkers::{Position, Rules};
    use parlour_game::Game;

    /// Tables of the positions of at most three pieces, where the side
    /// with more pieces wins (a stand-in for the real databases).
    #[derive(Debug)]
    struct MoreWins;

    impl EndgameTables<Position> for MoreWins {
        fn probe(&self, pos: &Position) -> Option<Proven> {
            let [mine, theirs] = [pos.side_to_move(), pos.side_to_move().opponent()]
                .map(|side| pos.pieces(side).count());
            (mine + theirs <= self.max_pieces()).then_some(match mine.cmp(&theirs) {
                std::cmp::Ordering::Greater => Proven::Win,
                std::cmp::Ordering::Equal => Proven::Draw,
                std::cmp::Ordering::Less => Proven::Loss,
            })
        }

        fn max_pieces(&self) -> u32 {
            3
        }
    }

    #[test]
    fn the_tables_give_the_positions_they_hold_their_exact_results() {
        // (position, its games' average result and search score)
        let rows = [
            ("W:WK10:BK3", 1.0, 120.0),         // drawn, though its game was won
            ("W:WK10,K18:BK3", 1.0, 300.0),     // won, and its game was won
            ("B:WK10,K18:BK3", 0.5, -40.0),     // lost, though its game was drawn
            ("B:W21-32:B1-12", 0.5, 0.0),       // the start: not in the tables
            ("W:W9,K18:BK3,K30", 0.75, 1500.0), // four pieces: not held either
        ];
        let mut data = Dataset {
            positions: rows
                .iter()
                .map(|r| Position::from_fen(r.0, Rules::ENGLISH).unwrap())
                .collect(),
            results: rows.iter().map(|r| r.1).collect(),
            scores: rows.iter().map(|r| r.2).collect(),
            games: (0..rows.len() as u64).collect(),
            records: rows.len(),
        };
        let labels = data.label_from_tables(&MoreWins);
        assert_eq!(
            labels,
            TableLabels {
                held: 3,
                corrected: 2
            }
        );
        assert_eq!(data.results, [0.5, 1.0, 0.0, 0.5, 0.75]);
        assert_eq!(data.scores, rows.map(|r| r.2));
    }
}
