//! The rules by which a match ends games before the rules of the game do:
//! a most plies, resignation on a player's own score, and a draw when both
//! players' scores stay level. The referee of each game applies them
//! (`play/referee.rs`); the header records them.

use crate::plan::error::RuleError;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Resignation: a player whose own score has been at or below `-score`
/// for `moves` of its moves in a row resigns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResignRule {
    /// The score (positive) a player must be down by.
    pub score: i32,
    /// For how many of its moves in a row.
    pub moves: u32,
}

/// Draw by agreed score: from ply `after_plies` on, when both players'
/// scores have been within `score` of 0 for `moves` of their moves in a
/// row, the game is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawRule {
    /// The first ply at which a draw may be adjudicated.
    pub after_plies: u32,
    /// The largest score (either way) that counts as level.
    pub score: i32,
    /// For how many moves of each player in a row.
    pub moves: u32,
}

/// Ending games before the rules do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Adjudication {
    /// A game still going after this many plies (the opening's included)
    /// is drawn.
    pub max_plies: Option<u32>,
    /// Optional resignation by score.
    pub resign: Option<ResignRule>,
    /// Optional draw by agreed score.
    pub draw: Option<DrawRule>,
}

impl Default for Adjudication {
    /// A draw at 1000 plies; no resignation, no draw by score.
    fn default() -> Self {
        Adjudication {
            max_plies: Some(1000),
            resign: None,
            draw: None,
        }
    }
}

/// Reads `text` as exactly `K` comma-separated whole numbers, named
/// `names` in what an error says.
fn numbers<const K: usize>(
    text: &str,
    names: &'static [&'static str; K],
) -> Result<[u32; K], RuleError> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if parts.len() != K {
        return Err(RuleError::Shape {
            text: text.to_string(),
            names,
        });
    }
    let mut out = [0u32; K];
    for (i, part) in parts.iter().enumerate() {
        out[i] = part.parse().map_err(|_| RuleError::NotANumber {
            text: text.to_string(),
            name: names[i],
            value: part.to_string(),
        })?;
    }
    Ok(out)
}

/// The score and moves of a rule, checked: at least one move, a score a
/// player's can be compared with.
fn score_and_moves(text: &str, score: u32, moves: u32) -> Result<(i32, u32), RuleError> {
    if moves == 0 {
        return Err(RuleError::NoMoves {
            text: text.to_string(),
        });
    }
    let score = i32::try_from(score).map_err(|_| RuleError::ScoreTooLarge {
        text: text.to_string(),
    })?;
    Ok((score, moves))
}

impl FromStr for ResignRule {
    type Err = RuleError;

    /// `SCORE,MOVES`, as in `300,3`.
    fn from_str(text: &str) -> Result<ResignRule, RuleError> {
        let [score, moves] = numbers(text, &["SCORE", "MOVES"])?;
        let (score, moves) = score_and_moves(text, score, moves)?;
        Ok(ResignRule { score, moves })
    }
}

impl FromStr for DrawRule {
    type Err = RuleError;

    /// `PLIES,SCORE,MOVES`, as in `40,10,8`.
    fn from_str(text: &str) -> Result<DrawRule, RuleError> {
        let [after_plies, score, moves] = numbers(text, &["PLIES", "SCORE", "MOVES"])?;
        let (score, moves) = score_and_moves(text, score, moves)?;
        Ok(DrawRule {
            after_plies,
            score,
            moves,
        })
    }
}

impl fmt::Display for ResignRule {
    /// `SCORE,MOVES`, as the rule reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.score, self.moves)
    }
}

impl fmt::Display for DrawRule {
    /// `PLIES,SCORE,MOVES`, as the rule reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{},{}", self.after_plies, self.score, self.moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_read_and_write_back() {
        let resign: ResignRule = " 300, 3 ".parse().unwrap();
        assert_eq!(
            resign,
            ResignRule {
                score: 300,
                moves: 3
            }
        );
        assert_eq!(resign.to_string(), "300,3");
        let draw: DrawRule = "40,10,8".parse().unwrap();
        assert_eq!(draw.to_string(), "40,10,8");
        assert_eq!(draw.to_string().parse::<DrawRule>(), Ok(draw));
    }

    #[test]
    fn bad_rules_are_explained() {
        let s = |t: &str| t.to_string();
        let shape = "300".parse::<ResignRule>().unwrap_err();
        assert_eq!(shape.to_string(), "`300`: write SCORE,MOVES, whole numbers");
        assert_eq!(
            "300".parse::<ResignRule>(),
            Err(RuleError::Shape {
                text: s("300"),
                names: &["SCORE", "MOVES"]
            })
        );
        assert_eq!(
            "300,x".parse::<ResignRule>(),
            Err(RuleError::NotANumber {
                text: s("300,x"),
                name: "MOVES",
                value: s("x")
            })
        );
        assert_eq!(
            "40,10,0".parse::<DrawRule>(),
            Err(RuleError::NoMoves { text: s("40,10,0") })
        );
        let big = "3000000000,2";
        assert_eq!(
            big.parse::<ResignRule>(),
            Err(RuleError::ScoreTooLarge { text: s(big) })
        );
    }
}
