//! The data a model is trained on: the positions of self-play files,
//! decoded for one game's model, each distinct position once with its
//! results and search scores averaged.

use crate::data::DataFile;
use crate::error::TrainError;
use ahash::AHashMap;
use parlour_game::{Learn, Outcome, Side};

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

impl<G: Learn> Dataset<G> {
    /// The positions of `files`, decoded under the rules of `template`
    /// (which must be the model the data was recorded for), duplicates
    /// merged.
    pub fn load(template: &G, files: &[DataFile]) -> Result<Dataset<G>, TrainError> {
        let key = template.positions_key();
        let mut index: AHashMap<u64, usize> = AHashMap::new();
        let mut data = Dataset {
            positions: Vec::new(),
            results: Vec::new(),
            scores: Vec::new(),
            games: Vec::new(),
            records: 0,
        };
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
}

/// The result of an outcome from `side`'s view: 1 won, 0.5 drawn, 0 lost.
pub fn result_for(outcome: Outcome, side: Side) -> f32 {
    match outcome {
        Outcome::Draw => 0.5,
        Outcome::Win(s) if s == side => 1.0,
        Outcome::Win(_) => 0.0,
    }
}
