//! What a deep perft run counts, as one line at the head of its share's
//! output and of its results file: the game, rules, position, depth, how
//! it was cut, and which share it is. Shares merge, and a results file
//! resumes, only under the same identity.
//!
//! ```text
//! perft-share game=checkers rules=english position=B:W21-32:B1-12 depth=14 split-depth=4 counting=every units=805 frontier=5c1f0e4d2a3b6978 share=2/3
//! ```

use super::split::Share;
use std::fmt;
use std::str::FromStr;

/// The word an identity line starts with.
pub const IDENTITY_WORD: &str = "perft-share";

/// Which paths are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counting {
    /// Every move path (the published tables' count).
    Every,
    /// Moves with the same effect merged (`perft --unique`).
    Unique,
}

impl Counting {
    fn name(self) -> &'static str {
        match self {
            Counting::Every => "every",
            Counting::Unique => "unique",
        }
    }
}

/// A deep perft run's identity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Identity {
    /// The game's name (`checkers`).
    pub game: String,
    /// The rules as the game writes them (no white space).
    pub rules: String,
    /// The root position as the game writes it (no white space).
    pub position: String,
    /// Plies counted.
    pub depth: u32,
    /// Plies from the root to the units.
    pub split_depth: u32,
    /// Which paths are counted.
    pub counting: Counting,
    /// The units at the split depth.
    pub units: usize,
    /// The frontier's fingerprint ([`super::split::Frontier::fingerprint`]).
    pub fingerprint: u64,
    /// Which share of the units this run counts.
    pub share: Share,
}

/// A line that is not an identity, or one with a field missing or wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IdentityError {
    /// The line does not start with [`IDENTITY_WORD`].
    #[error("not a perft identity line")]
    NotIdentity,
    /// A field is missing.
    #[error("the identity has no `{field}`")]
    Missing {
        /// Its name.
        field: &'static str,
    },
    /// A field's value does not read, or a field is not known.
    #[error("the identity's `{item}` does not read")]
    Bad {
        /// The `name=value` item.
        item: String,
    },
}

/// A field of two identities that differs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The field's name.
    pub field: &'static str,
    /// Its value in the first identity.
    pub first: String,
    /// Its value in the second.
    pub second: String,
}

const FIELDS: [&str; 9] = [
    "game",
    "rules",
    "position",
    "depth",
    "split-depth",
    "counting",
    "units",
    "frontier",
    "share",
];

impl Identity {
    /// The fields in their written order, as written.
    fn fields(&self) -> [(&'static str, String); 9] {
        let values = [
            self.game.clone(),
            self.rules.clone(),
            self.position.clone(),
            self.depth.to_string(),
            self.split_depth.to_string(),
            self.counting.name().to_string(),
            self.units.to_string(),
            format!("{:016x}", self.fingerprint),
            self.share.to_string(),
        ];
        std::array::from_fn(|i| (FIELDS[i], values[i].clone()))
    }

    /// The first field, in written order, where `other` differs from this
    /// identity; the share's number is left out when `same_share` is false
    /// (its count is always compared).
    pub fn difference(&self, other: &Identity, same_share: bool) -> Option<Difference> {
        if !same_share && self.share.count() != other.share.count() {
            return Some(Difference {
                field: "share",
                first: format!("K/{}", self.share.count()),
                second: format!("K/{}", other.share.count()),
            });
        }
        let theirs = other.fields();
        self.fields()
            .into_iter()
            .zip(theirs)
            .find(|((field, a), (_, b))| a != b && (same_share || *field != "share"))
            .map(|((field, first), (_, second))| Difference {
                field,
                first,
                second,
            })
    }
}

impl fmt::Display for Identity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(IDENTITY_WORD)?;
        for (name, value) in self.fields() {
            write!(f, " {name}={value}")?;
        }
        Ok(())
    }
}

impl FromStr for Identity {
    type Err = IdentityError;

    fn from_str(line: &str) -> Result<Identity, IdentityError> {
        let mut items = line.split_whitespace();
        if items.next() != Some(IDENTITY_WORD) {
            return Err(IdentityError::NotIdentity);
        }
        let mut values: [Option<&str>; 9] = [None; 9];
        for item in items {
            let bad = || IdentityError::Bad {
                item: item.to_string(),
            };
            let (name, value) = item.split_once('=').ok_or_else(bad)?;
            let i = FIELDS.iter().position(|f| *f == name).ok_or_else(bad)?;
            if values[i].replace(value).is_some() {
                return Err(bad());
            }
        }
        let get = |i: usize| values[i].ok_or(IdentityError::Missing { field: FIELDS[i] });
        let read = |i: usize| -> Result<u64, IdentityError> {
            let text = get(i)?;
            let radix = if FIELDS[i] == "frontier" { 16 } else { 10 };
            u64::from_str_radix(text, radix).map_err(|_| IdentityError::Bad {
                item: format!("{}={text}", FIELDS[i]),
            })
        };
        let number = |i: usize| -> Result<u32, IdentityError> {
            u32::try_from(read(i)?).map_err(|_| IdentityError::Bad {
                item: format!("{}={}", FIELDS[i], values[i].unwrap_or_default()),
            })
        };
        let counting = match get(5)? {
            "every" => Counting::Every,
            "unique" => Counting::Unique,
            other => {
                return Err(IdentityError::Bad {
                    item: format!("counting={other}"),
                })
            }
        };
        let share = get(8)?.parse().map_err(|_| IdentityError::Bad {
            item: format!("share={}", values[8].unwrap_or_default()),
        })?;
        Ok(Identity {
            game: get(0)?.to_string(),
            rules: get(1)?.to_string(),
            position: get(2)?.to_string(),
            depth: number(3)?,
            split_depth: number(4)?,
            counting,
            units: read(6)? as usize,
            fingerprint: read(7)?,
            share,
        })
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn identity(share: &str) -> Identity {
        Identity {
            game: "checkers".into(),
            rules: "english".into(),
            position: "B:W21-32:B1-12".into(),
            depth: 14,
            split_depth: 4,
            counting: Counting::Every,
            units: 805,
            fingerprint: 0x5c1f_0e4d_2a3b_6978,
            share: share.parse().unwrap(),
        }
    }

    #[test]
    fn an_identity_reads_back() {
        let id = identity("2/3");
        let line = id.to_string();
        assert_eq!(
            line,
            "perft-share game=checkers rules=english position=B:W21-32:B1-12 depth=14 \
             split-depth=4 counting=every units=805 frontier=5c1f0e4d2a3b6978 share=2/3"
        );
        assert_eq!(line.parse::<Identity>(), Ok(id.clone()));
        let pegs = Identity {
            rules: String::new(),
            ..id.clone()
        };
        assert_eq!(pegs.to_string().parse::<Identity>(), Ok(pegs));
        assert_eq!(
            "perft game=x".parse::<Identity>(),
            Err(IdentityError::NotIdentity)
        );
        let missing = line.replace(" depth=14", "");
        assert_eq!(
            missing.parse::<Identity>(),
            Err(IdentityError::Missing { field: "depth" })
        );
        for bad in [
            "depth=x",
            "share=4/3",
            "colour=red",
            "depth=14",
            "counting=some",
        ] {
            let text = format!("{line} {bad}");
            assert!(
                matches!(text.parse::<Identity>(), Err(IdentityError::Bad { .. })),
                "{bad}"
            );
        }
    }

    #[test]
    fn differences_are_named() {
        let a = identity("1/3");
        assert_eq!(a.difference(&identity("2/3"), false), None);
        let d = a.difference(&identity("2/3"), true).unwrap();
        assert_eq!((d.field, d.second.as_str()), ("share", "2/3"));
        let d = a.difference(&identity("2/4"), false).unwrap();
        assert_eq!((d.first.as_str(), d.second.as_str()), ("K/3", "K/4"));
        let deeper = Identity {
            depth: 15,
            ..identity("2/3")
        };
        let d = a.difference(&deeper, false).unwrap();
        assert_eq!((d.field, d.first.as_str()), ("depth", "14"));
    }
}
