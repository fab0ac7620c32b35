//! The rules value: which rule set, and the quiet-ply draw limit.

use crate::error::RulesError;
use std::fmt;
use std::str::FromStr;

/// Which game of checkers is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum RuleSet {
    /// Today's English draughts / American checkers: capture is compulsory.
    #[default]
    English,
    /// The seed text's older game: a missed capture may be let stand,
    /// compelled, or punished by a huff.
    Huffing,
}

impl RuleSet {
    /// The name as written on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            RuleSet::English => "english",
            RuleSet::Huffing => "huffing",
        }
    }
}

/// The default of `quiet_plies`: 40 moves each.
pub const DEFAULT_QUIET_PLIES: u16 = 80;

/// A rules value, written `english`, `huffing`, or either with
/// `,quiet_plies=N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The rule set.
    pub set: RuleSet,
    /// Plies with no capture and no man moved after which the game is drawn.
    pub quiet_plies: u16,
}

impl Rules {
    /// English rules with the default draw limit.
    pub const ENGLISH: Rules = Rules {
        set: RuleSet::English,
        quiet_plies: DEFAULT_QUIET_PLIES,
    };
    /// Huffing rules with the default draw limit.
    pub const HUFFING: Rules = Rules {
        set: RuleSet::Huffing,
        quiet_plies: DEFAULT_QUIET_PLIES,
    };

    /// Whether these are the huffing rules.
    #[inline]
    pub const fn is_huffing(self) -> bool {
        matches!(self.set, RuleSet::Huffing)
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules::ENGLISH
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.set.name())?;
        if self.quiet_plies != DEFAULT_QUIET_PLIES {
            write!(f, ",quiet_plies={}", self.quiet_plies)?;
        }
        Ok(())
    }
}

impl FromStr for Rules {
    type Err = RulesError;

    fn from_str(text: &str) -> Result<Rules, RulesError> {
        let mut parts = text.split(',').map(str::trim);
        let set = match parts.next().unwrap_or("") {
            "english" => RuleSet::English,
            "huffing" => RuleSet::Huffing,
            other => {
                return Err(RulesError::UnknownRuleSet {
                    name: other.to_string(),
                })
            }
        };
        let mut rules = Rules {
            set,
            quiet_plies: DEFAULT_QUIET_PLIES,
        };
        let mut seen = false;
        for part in parts {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| RulesError::NotNameValue {
                    option: part.to_string(),
                })?;
            match key.trim() {
                "quiet_plies" if !seen => {
                    seen = true;
                    rules.quiet_plies =
                        value
                            .trim()
                            .parse()
                            .ok()
                            .filter(|&n| n > 0)
                            .ok_or_else(|| RulesError::QuietPlies {
                                value: value.to_string(),
                            })?;
                }
                "quiet_plies" => return Err(RulesError::Repeated),
                other => {
                    return Err(RulesError::UnknownOption {
                        option: other.to_string(),
                    })
                }
            }
        }
        Ok(rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_text_round_trips() {
        for text in [
            "english",
            "huffing",
            "huffing,quiet_plies=100",
            "english,quiet_plies=7",
        ] {
            let rules: Rules = text.parse().unwrap();
            assert_eq!(rules.to_string(), text);
        }
        assert_eq!(
            "english,quiet_plies=80"
                .parse::<Rules>()
                .unwrap()
                .to_string(),
            "english"
        );
    }

    #[test]
    fn bad_rules_are_explained() {
        let option = |o: &str| RulesError::NotNameValue { option: o.into() };
        let quiet = |v: &str| RulesError::QuietPlies { value: v.into() };
        for (text, error) in [
            ("", RulesError::UnknownRuleSet { name: "".into() }),
            (
                "italian",
                RulesError::UnknownRuleSet {
                    name: "italian".into(),
                },
            ),
            ("english,quiet_plies", option("quiet_plies")),
            ("english,quiet_plies=x", quiet("x")),
            (
                "huffing,depth=3",
                RulesError::UnknownOption {
                    option: "depth".into(),
                },
            ),
            ("english,quiet_plies=0", quiet("0")),
            ("english,quiet_plies=4,quiet_plies=5", RulesError::Repeated),
        ] {
            assert_eq!(text.parse::<Rules>(), Err(error), "{text}");
        }
    }
}
