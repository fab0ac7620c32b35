//! An analysed game as the analysis page shows it
//! ([`parlour_report::analysis_section`]): its moves with their marks and
//! the score after every ply turned to Black's view.

use super::{flip, score_text, GameAnalysis};
use parlour_game::Side;
use parlour_report::{PlyScore, ScoredGame};
use parlour_search::Score;

impl GameAnalysis {
    /// The game for the analysis page, headed `Game {number}: BLACK vs
    /// WHITE, RESULT` (from its tags; the `Event` where the players are
    /// not named, no result where it is `*`), played from the position
    /// written `start`.
    pub fn scored(&self, number: usize, start: String) -> ScoredGame {
        let tag = |key: &str| {
            self.tags
                .iter()
                .find(|(k, v)| k == key && !v.is_empty() && v != "?")
                .map(|(_, v)| v.as_str())
        };
        let mut title = format!("Game {number}");
        if let (Some(black), Some(white)) = (tag("Black"), tag("White")) {
            title = format!("{title}: {black} vs {white}");
        } else if let Some(event) = tag("Event") {
            title = format!("{title}: {event}");
        }
        if let Some(result) = self.result.as_deref().filter(|r| *r != "*") {
            title = format!("{title}, {result}");
        }
        let scores = self
            .plies
            .iter()
            .enumerate()
            .map(|(i, ply)| {
                let by_black = (i % 2 == 0) == (self.first == Side::Black);
                let score = if by_black {
                    ply.note.score
                } else {
                    flip(ply.note.score)
                };
                PlyScore {
                    value: match score {
                        Score::Value(v) => f64::from(v) / 100.0,
                        Score::Win(_) => f64::INFINITY,
                        Score::Loss(_) => f64::NEG_INFINITY,
                    },
                    text: score_text(score),
                    mark: ply.verdict.mark().to_string(),
                }
            })
            .collect();
        ScoredGame {
            title,
            start,
            white_first: self.first == Side::White,
            moves: self.plies.iter().map(|p| p.text.clone()).collect(),
            scores,
        }
    }
}
