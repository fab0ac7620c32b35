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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analyse::{Note, PlyAnalysis, Verdict};
    use std::time::Duration;

    fn ply(text: &str, score: Score, verdict: Verdict) -> PlyAnalysis {
        PlyAnalysis {
            text: text.into(),
            note: Note {
                score,
                depth: 8,
                time: Duration::ZERO,
            },
            verdict,
            alternatives: Vec::new(),
            others: Vec::new(),
            variations: Vec::new(),
        }
    }

    #[test]
    fn scores_turn_to_blacks_view_whoever_moved_first() {
        let analysis = GameAnalysis {
            tags: vec![("Event".into(), "fen".into()), ("Black".into(), "?".into())],
            first: Side::White,
            start: Note {
                score: Score::Value(0),
                depth: 8,
                time: Duration::ZERO,
            },
            lead: Vec::new(),
            // White's move scored +1.50 for White, Black's +0.25 for
            // Black, then White's move wins (for White).
            plies: vec![
                ply("14x7", Score::Value(150), Verdict::Good),
                ply("9-13", Score::Value(25), Verdict::Mistake),
                ply("7-2", Score::Win(3), Verdict::Good),
            ],
            result: Some("0-2".into()),
            searches: 4,
        };
        let game = analysis.scored(2, "W:W14:B9,10".into());
        assert_eq!(game.title, "Game 2: fen, 0-2");
        assert!(game.white_first);
        assert_eq!(game.moves, ["14x7", "9-13", "7-2"]);
        let texts: Vec<&str> = game.scores.iter().map(|s| s.text.as_str()).collect();
        assert_eq!(texts, ["-1.50", "+0.25", "-L3"]);
        let values: Vec<f64> = game.scores.iter().map(|s| s.value).collect();
        assert_eq!(values, [-1.5, 0.25, f64::NEG_INFINITY]);
        let marks: Vec<&str> = game.scores.iter().map(|s| s.mark.as_str()).collect();
        assert_eq!(marks, ["", "?", ""]);
    }
}
