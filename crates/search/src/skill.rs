//! Skill levels: fixed ways of playing weaker than full strength, for
//! people who want a game they can win.
//!
//! A level below [`Skill::FULL`] caps the search's depth (so it sees
//! less, whatever the time), searches a few lines at once (multi-PV) and
//! plays, by a seeded draw, one of the moves whose score is within the
//! level's margin of the best. The margin stays below a man's worth at
//! every level, so a weak level misses what its short search cannot see
//! but never gives away what it sees; a proven win is always played
//! straight. The levels' strengths were measured, not guessed: README's
//! ladder, each level against the next.

use crate::{Info, Limits, Line, Score, SearchResult, Searcher};
use parlour_game::echo::echo;
use parlour_game::{Evaluate, History};
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// A skill level, from 1 (weakest) to 10 (full strength).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Skill(u8);

/// How a level below full strength plays.
struct Level {
    /// The deepest iteration a search of this level finishes.
    depth: u32,
    /// The lines searched at once, among which the level chooses.
    lines: usize,
    /// How far below the best line's score (hundredths of a man) a line
    /// may be and still be chosen.
    margin: i32,
}

/// Levels 1 to 9; level 10 is the search as asked. Each level finishes
/// its depth (a few hundred nodes at level 1), so it always has its lines
/// to choose from.
const LEVELS: [Level; 9] = [
    Level {
        depth: 1,
        lines: 6,
        margin: 90,
    },
    Level {
        depth: 2,
        lines: 5,
        margin: 75,
    },
    Level {
        depth: 3,
        lines: 5,
        margin: 60,
    },
    Level {
        depth: 4,
        lines: 4,
        margin: 48,
    },
    Level {
        depth: 5,
        lines: 4,
        margin: 36,
    },
    Level {
        depth: 6,
        lines: 3,
        margin: 26,
    },
    Level {
        depth: 8,
        lines: 3,
        margin: 18,
    },
    Level {
        depth: 10,
        lines: 2,
        margin: 10,
    },
    Level {
        depth: 12,
        lines: 2,
        margin: 5,
    },
];

/// A skill level outside 1 to 10, or not a number.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("skill {} is out of range: a skill level is {} to {}", .0, Skill::MIN.0, Skill::FULL.0)]
pub struct SkillError(String);

impl Skill {
    /// The weakest level.
    pub const MIN: Skill = Skill(1);
    /// Full strength: the search as asked, its best move.
    pub const FULL: Skill = Skill(10);

    /// Level `level`, 1 to 10.
    pub fn new(level: u64) -> Result<Skill, SkillError> {
        match u8::try_from(level) {
            Ok(n) if (Skill::MIN.0..=Skill::FULL.0).contains(&n) => Ok(Skill(n)),
            _ => Err(SkillError(echo(&level).to_string())),
        }
    }

    /// The level's number.
    pub fn level(self) -> u8 {
        self.0
    }

    fn weaker(self) -> Option<&'static Level> {
        LEVELS.get(usize::from(self.0) - 1)
    }

    /// The limits a search at this level takes where `given` are asked
    /// for: the level's depth beside them (the shallower where both have
    /// one).
    pub fn limits(self, given: Limits) -> Limits {
        match self.weaker() {
            None => given,
            Some(level) => Limits {
                depth: Some(given.depth.map_or(level.depth, |d| d.min(level.depth))),
                ..given
            },
        }
    }

    /// The lines a search at this level searches where `asked` are asked
    /// for (a caller's multi-PV): at least the level's own.
    pub fn lines(self, asked: usize) -> usize {
        self.weaker().map_or(asked, |level| asked.max(level.lines))
    }

    /// The line this level plays of `lines` (a finished depth's, best
    /// first), drawn by `seed` among those within the level's margin of
    /// the best, the better the likelier; `None` where there are none.
    /// Full strength, and a proven win, take the best.
    pub fn choose<M>(self, lines: &[Line<M>], seed: u64) -> Option<usize> {
        let best = lines.first()?.score;
        let level = match self.weaker() {
            Some(level) if !matches!(best, Score::Win(_)) => level,
            _ => return Some(0),
        };
        let best = best.internal();
        // Each line within the margin weighs one more than its distance
        // inside it: the best weighs margin + 1, the worst allowed 1.
        let weights: Vec<u64> = lines
            .iter()
            .map(|line| (level.margin + 1 - (best - line.score.internal())).max(0) as u64)
            .collect();
        let total: u64 = weights.iter().sum();
        let mut draw = mix(seed) % total;
        for (i, w) in weights.iter().enumerate() {
            if draw < *w {
                return Some(i);
            }
            draw -= w;
        }
        Some(0)
    }
}

/// A well-spread 64-bit hash of `x` (splitmix64's finaliser).
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Default for Skill {
    fn default() -> Skill {
        Skill::FULL
    }
}

impl fmt::Display for Skill {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Skill {
    type Err = SkillError;

    fn from_str(s: &str) -> Result<Skill, SkillError> {
        let n: u64 = s
            .trim()
            .parse()
            .map_err(|_| SkillError(echo(s).to_string()))?;
        Skill::new(n)
    }
}

impl Searcher {
    /// [`Searcher::search`] at `skill`: under the level's limits (see
    /// [`Skill::limits`]), of the level's lines, answering with the line
    /// the level chooses, drawn by `seed` mixed with the position's hash
    /// (so that one seed plays different games from different positions,
    /// and the same game from the same). `on_info` sees the first line's
    /// reports only, as a single search's; the result's lines are all
    /// those searched. Full strength is [`Searcher::search`] itself.
    #[allow(clippy::too_many_arguments)]
    pub fn search_skill<G: Evaluate>(
        &mut self,
        history: &History<G>,
        limits: Limits,
        skill: Skill,
        seed: u64,
        eval: &G::Evaluator,
        stop: &Arc<AtomicBool>,
        mut on_info: impl FnMut(&Info<G::Move>) + Send,
    ) -> SearchResult<G::Move> {
        if skill == Skill::FULL {
            return self.search(history, limits, eval, stop, on_info);
        }
        let lines = skill.lines(1);
        let mut result =
            self.search_lines(history, skill.limits(limits), eval, stop, lines, |info| {
                if info.multipv == 1 {
                    on_info(info)
                }
            });
        let seed = seed ^ history.current().hash();
        if let Some(chosen) = skill.choose(&result.lines, seed).filter(|&i| i > 0) {
            let line = result.lines[chosen].clone();
            result.best_move = Some(line.first());
            result.score = line.score;
            result.proven = false;
            result.pv = line.pv;
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(score: Score, mv: u8) -> Line<u8> {
        Line {
            score,
            pv: vec![mv],
        }
    }

    #[test]
    fn levels_are_one_to_ten() {
        assert!(Skill::new(0).is_err());
        assert!(Skill::new(11).is_err());
        assert!(Skill::new(u64::MAX).is_err());
        assert_eq!("7".parse::<Skill>().unwrap().level(), 7);
        assert!("x".parse::<Skill>().is_err());
        let long = "9".repeat(500);
        let message = long.parse::<Skill>().unwrap_err().to_string();
        assert!(message.len() < 160, "{message}");
    }

    #[test]
    fn weaker_levels_search_less_and_more_widely() {
        let given = Limits::nodes(1_000_000);
        assert_eq!(Skill::FULL.limits(given), given);
        assert_eq!(Skill::FULL.lines(1), 1);
        let mut caps = Vec::new();
        for n in 1..10 {
            let skill = Skill::new(n).unwrap();
            let limits = skill.limits(given);
            assert_eq!(limits.nodes, Some(1_000_000));
            caps.push(limits.depth.unwrap());
            assert!(skill.lines(1) >= 2);
        }
        assert!(caps.windows(2).all(|w| w[0] < w[1]), "{caps:?}");
        // A shallower depth asked for stays.
        let skill = Skill::new(9).unwrap();
        assert_eq!(skill.limits(Limits::depth(3)).depth, Some(3));
    }

    #[test]
    fn a_level_plays_only_moves_within_its_margin() {
        let lines = [
            line(Score::Value(50), 1),
            line(Score::Value(40), 2),
            line(Score::Value(-60), 3),
            line(Score::Loss(3), 4),
        ];
        let mut seen = [0u32; 4];
        for seed in 0..2000 {
            let weakest = Skill::MIN.choose(&lines, seed).unwrap();
            seen[weakest] += 1;
            assert_eq!(Skill::FULL.choose(&lines, seed), Some(0));
        }
        // Level 1's margin (90) lets the second line in, not the third.
        assert!(seen[0] > seen[1] && seen[1] > 0, "{seen:?}");
        assert_eq!(seen[2] + seen[3], 0, "{seen:?}");
        // The same seed, the same choice.
        assert_eq!(Skill::MIN.choose(&lines, 7), Skill::MIN.choose(&lines, 7));
    }

    #[test]
    fn a_proven_win_is_played_straight() {
        let lines = [line(Score::Win(5), 1), line(Score::Win(7), 2)];
        assert!((0..100).all(|seed| Skill::MIN.choose(&lines, seed) == Some(0)));
        assert_eq!(Skill::MIN.choose::<u8>(&[], 1), None);
    }
}
