//! Shards: one of `N` parts of a match, so that `N` machines each play one
//! and `parlour report` merges their results. Shard `K/N` plays exactly the
//! games whose index is `K - 1` modulo `N`; since every game's engines,
//! colours, opening and seed follow from its index alone, the `N` shards
//! together play the games of the whole match.

use crate::plan::error::ShardError;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Shard `index` of `count` (`2/4`), numbered from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Shard {
    index: u32,
    count: u32,
}

impl Shard {
    /// Shard `index` of `count`, checked: `1 <= index <= count`.
    pub fn new(index: u32, count: u32) -> Result<Shard, ShardError> {
        if count == 0 || index == 0 || index > count {
            return Err(ShardError::Range { index, count });
        }
        Ok(Shard { index, count })
    }

    /// The shard's number, from 1.
    pub fn index(self) -> u32 {
        self.index
    }

    /// How many shards the match is cut into.
    pub fn count(self) -> u32 {
        self.count
    }

    /// Whether the game of index `game` (from 0) is this shard's.
    pub fn holds(self, game: usize) -> bool {
        game % self.count as usize == (self.index - 1) as usize
    }
}

impl fmt::Display for Shard {
    /// `2/4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = ShardError;

    /// `K/N`, as in `2/4`.
    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let shape = || ShardError::Shape {
            text: text.to_string(),
        };
        let (k, n) = text.trim().split_once('/').ok_or_else(shape)?;
        let number = |t: &str| t.trim().parse::<u32>().map_err(|_| shape());
        Shard::new(number(k)?, number(n)?)
    }
}

impl TryFrom<String> for Shard {
    type Error = ShardError;

    fn try_from(text: String) -> Result<Shard, ShardError> {
        text.parse()
    }
}

impl From<Shard> for String {
    fn from(shard: Shard) -> String {
        shard.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_read_and_split_the_games() {
        let s: Shard = " 2/3 ".parse().unwrap();
        assert_eq!((s.index(), s.count()), (2, 3));
        assert_eq!(s.to_string(), "2/3");
        let held: Vec<usize> = (0..10).filter(|&g| s.holds(g)).collect();
        assert_eq!(held, [1, 4, 7]);
        // Every game is in exactly one shard.
        let shards: Vec<Shard> = (1..=3).map(|k| Shard::new(k, 3).unwrap()).collect();
        for g in 0..30 {
            assert_eq!(shards.iter().filter(|s| s.holds(g)).count(), 1);
        }
        assert!(Shard::new(1, 1).unwrap().holds(5));
        assert_eq!(serde_json::to_string(&s).unwrap(), "\"2/3\"");
        assert_eq!(serde_json::from_str::<Shard>("\"2/3\"").unwrap(), s);
        assert!(serde_json::from_str::<Shard>("\"4/3\"").is_err());
    }

    #[test]
    fn bad_shards_are_explained() {
        for (text, error) in [
            ("3", ShardError::Shape { text: "3".into() }),
            ("a/3", ShardError::Shape { text: "a/3".into() }),
            (
                "-1/3",
                ShardError::Shape {
                    text: "-1/3".into(),
                },
            ),
            ("0/3", ShardError::Range { index: 0, count: 3 }),
            ("4/3", ShardError::Range { index: 4, count: 3 }),
            ("1/0", ShardError::Range { index: 1, count: 0 }),
        ] {
            assert_eq!(text.parse::<Shard>(), Err(error), "{text}");
        }
    }
}
