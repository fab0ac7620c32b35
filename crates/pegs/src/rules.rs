//! `PegRules`: every default of the contract's section B as a named field,
//! written `squares=3,diagonals=1,pegs=9,reserve=3,quiet_plies=100` (any
//! subset, any order; `Display` names only the fields that differ from the
//! default).

use crate::board::{Board, MAX_SQUARES, MIN_SQUARES};
use crate::hole::MAX_HOLES;
use parlour_game::echo::echo;
use std::fmt;
use std::str::FromStr;

/// The rules of one peg game. Every value is in range: rules are made by
/// [`PegRules::new`] or read from text, both of which check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PegRules {
    pub(crate) squares: u8,
    pub(crate) diagonals: bool,
    pub(crate) pegs: u8,
    pub(crate) reserve: u8,
    pub(crate) quiet_plies: u16,
}

impl PegRules {
    /// The defaults of the contract: 3 squares with diagonals, 9 pegs, a
    /// reserve of 3, a draw after 100 quiet plies.
    pub const DEFAULT: PegRules = PegRules {
        squares: 3,
        diagonals: true,
        pegs: 9,
        reserve: 3,
        quiet_plies: 100,
    };

    /// Rules of `squares` concentric squares (2-6), with or without
    /// `diagonals`, `pegs` ordinary pegs in hand (1-48), a `reserve` for
    /// forcing the King (0-48), and a draw after `quiet_plies` plies
    /// without a capture or placement (at least 1).
    pub fn new(
        squares: u8,
        diagonals: bool,
        pegs: u8,
        reserve: u8,
        quiet_plies: u16,
    ) -> Result<PegRules, RulesError> {
        let check = |field, value: u32, min: u32, max: u32| {
            if (min..=max).contains(&value) {
                Ok(())
            } else {
                Err(RulesError::OutOfRange {
                    field,
                    value,
                    min,
                    max,
                })
            }
        };
        let holes = MAX_HOLES as u32;
        check(
            "squares",
            squares.into(),
            MIN_SQUARES.into(),
            MAX_SQUARES.into(),
        )?;
        check("pegs", pegs.into(), 1, holes)?;
        check("reserve", reserve.into(), 0, holes)?;
        check("quiet_plies", quiet_plies.into(), 1, u16::MAX.into())?;
        Ok(PegRules {
            squares,
            diagonals,
            pegs,
            reserve,
            quiet_plies,
        })
    }

    /// Concentric squares of 8 holes, 2-6.
    pub const fn squares(&self) -> u8 {
        self.squares
    }

    /// Whether corners connect across squares.
    pub const fn diagonals(&self) -> bool {
        self.diagonals
    }

    /// Ordinary pegs each side starts with in hand (the King is extra).
    pub const fn pegs(&self) -> u8 {
        self.pegs
    }

    /// Reserve pegs each side has for forcing the King (rule A5).
    pub const fn reserve(&self) -> u8 {
        self.reserve
    }

    /// Plies without a capture or a placement after which the game is
    /// drawn.
    pub const fn quiet_plies(&self) -> u16 {
        self.quiet_plies
    }

    /// The generated board of these rules.
    pub fn board(&self) -> &'static Board {
        Board::get(self.squares, self.diagonals)
    }

    /// Every field, the defaults included, as [`FromStr`] reads them back:
    /// `squares=3,diagonals=1,pegs=9,reserve=3,quiet_plies=100`.
    pub fn full_text(&self) -> String {
        format!(
            "squares={},diagonals={},pegs={},reserve={},quiet_plies={}",
            self.squares,
            u8::from(self.diagonals),
            self.pegs,
            self.reserve,
            self.quiet_plies
        )
    }
}

impl Default for PegRules {
    fn default() -> Self {
        PegRules::DEFAULT
    }
}

impl fmt::Display for PegRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = PegRules::DEFAULT;
        let mut fields: Vec<String> = Vec::new();
        if self.squares != d.squares {
            fields.push(format!("squares={}", self.squares));
        }
        if self.diagonals != d.diagonals {
            fields.push(format!("diagonals={}", self.diagonals as u8));
        }
        if self.pegs != d.pegs {
            fields.push(format!("pegs={}", self.pegs));
        }
        if self.reserve != d.reserve {
            fields.push(format!("reserve={}", self.reserve));
        }
        if self.quiet_plies != d.quiet_plies {
            fields.push(format!("quiet_plies={}", self.quiet_plies));
        }
        f.write_str(&fields.join(","))
    }
}

fn number<T: FromStr>(name: &str, value: &str) -> Result<T, RulesError> {
    value.parse().map_err(|_| RulesError::NotANumber {
        field: name.to_string(),
        value: value.to_string(),
    })
}

impl FromStr for PegRules {
    type Err = RulesError;

    /// Reads `name=value` fields separated by commas; the empty text is the
    /// default rules.
    fn from_str(text: &str) -> Result<PegRules, RulesError> {
        let d = PegRules::DEFAULT;
        let (mut squares, mut diagonals, mut pegs, mut reserve, mut quiet_plies) =
            (d.squares, d.diagonals, d.pegs, d.reserve, d.quiet_plies);
        let mut seen: Vec<&str> = Vec::new();
        for part in text.split(',').map(str::trim) {
            if part.is_empty() && text.trim().is_empty() {
                continue;
            }
            let (name, value) = part
                .split_once('=')
                .ok_or_else(|| RulesError::NotNameValue {
                    item: part.to_string(),
                })?;
            let (name, value) = (name.trim(), value.trim());
            if seen.contains(&name) {
                return Err(RulesError::Repeated {
                    field: name.to_string(),
                });
            }
            match name {
                "squares" => squares = number(name, value)?,
                "diagonals" => {
                    diagonals = match value {
                        "0" => false,
                        "1" => true,
                        _ => {
                            return Err(RulesError::Diagonals {
                                value: value.to_string(),
                            })
                        }
                    }
                }
                "pegs" => pegs = number(name, value)?,
                "reserve" => reserve = number(name, value)?,
                "quiet_plies" => quiet_plies = number(name, value)?,
                _ => {
                    return Err(RulesError::UnknownField {
                        field: name.to_string(),
                    })
                }
            }
            seen.push(name);
        }
        PegRules::new(squares, diagonals, pegs, reserve, quiet_plies)
    }
}

/// The fields a rules text may name.
const FIELDS: &str = "squares, diagonals, pegs, reserve, quiet_plies";

/// A rules value out of range, or a rules text that does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// A field's value outside its range.
    #[error("peg rules: {field} must be from {min} to {max}, not {value}")]
    OutOfRange {
        /// The field.
        field: &'static str,
        /// The value given.
        value: u32,
        /// The least it may be.
        min: u32,
        /// The most it may be.
        max: u32,
    },
    /// An item without `=`.
    #[error("peg rules: `{item}` is not of the form name=value (fields: {FIELDS})", item = echo(.item))]
    NotNameValue {
        /// The item given.
        item: String,
    },
    /// A field named twice.
    #[error("peg rules: `{field}` is given twice", field = echo(.field))]
    Repeated {
        /// The field.
        field: String,
    },
    /// A field that does not exist.
    #[error("peg rules: unknown field `{field}` (fields: {FIELDS})", field = echo(.field))]
    UnknownField {
        /// The name given.
        field: String,
    },
    /// A value that is not a whole number.
    #[error("peg rules: `{field}={value}`: `{value}` is not a whole number in range", field = echo(.field), value = echo(.value))]
    NotANumber {
        /// The field.
        field: String,
        /// The value given.
        value: String,
    },
    /// `diagonals` other than 0 or 1.
    #[error("peg rules: diagonals must be 0 or 1, not `{value}`", value = echo(.value))]
    Diagonals {
        /// The value given.
        value: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_print_as_nothing() {
        assert_eq!(PegRules::DEFAULT.to_string(), "");
        assert_eq!("".parse::<PegRules>().unwrap(), PegRules::DEFAULT);
        let all = "squares=3,diagonals=1,pegs=9,reserve=3,quiet_plies=100";
        assert_eq!(all.parse::<PegRules>().unwrap(), PegRules::DEFAULT);
    }

    #[test]
    fn rules_round_trip_in_any_order() {
        let r: PegRules = "reserve=2,squares=4".parse().unwrap();
        assert_eq!(r.squares, 4);
        assert_eq!(r.reserve, 2);
        assert_eq!(r.to_string(), "squares=4,reserve=2");
        for text in [
            "squares=4,diagonals=0",
            "pegs=12,quiet_plies=7",
            "diagonals=0,reserve=0",
        ] {
            assert_eq!(text.parse::<PegRules>().unwrap().to_string(), text);
        }
    }

    #[test]
    fn bad_rules_are_explained() {
        let range = |field, value, min, max| RulesError::OutOfRange {
            field,
            value,
            min,
            max,
        };
        let item = |i: &str| RulesError::NotNameValue { item: i.into() };
        for (text, error) in [
            ("squares=7", range("squares", 7, 2, 6)),
            ("squares=1", range("squares", 1, 2, 6)),
            (
                "colour=red",
                RulesError::UnknownField {
                    field: "colour".into(),
                },
            ),
            (
                "pegs=3,pegs=4",
                RulesError::Repeated {
                    field: "pegs".into(),
                },
            ),
            ("pegs", item("pegs")),
            (
                "pegs=x",
                RulesError::NotANumber {
                    field: "pegs".into(),
                    value: "x".into(),
                },
            ),
            ("diagonals=2", RulesError::Diagonals { value: "2".into() }),
            ("pegs=0", range("pegs", 0, 1, 48)),
            ("quiet_plies=0", range("quiet_plies", 0, 1, 65535)),
            ("squares=3,", item("")),
        ] {
            assert_eq!(text.parse::<PegRules>(), Err(error), "{text}");
        }
        assert_eq!(
            PegRules::new(9, true, 9, 3, 100),
            Err(range("squares", 9, 2, 6))
        );
    }

    #[test]
    fn the_full_text_names_every_field() {
        let rules: PegRules = "squares=4,reserve=2".parse().unwrap();
        let text = rules.full_text();
        assert_eq!(
            text,
            "squares=4,diagonals=1,pegs=9,reserve=2,quiet_plies=100"
        );
        assert_eq!(text.parse::<PegRules>().unwrap(), rules);
    }
}
