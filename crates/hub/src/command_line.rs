//! An outside engine's command line split into words, as a shell would
//! split it for simple cases: what `hub:COMMAND` runs.

/// A command line that cannot be split into words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommandLineError {
    /// A quote with no closing quote.
    #[error("unclosed {quote} in `{}`", parlour_game::echo::echo(.command))]
    Unclosed {
        /// The quote character.
        quote: char,
        /// The command line.
        command: String,
    },
    /// Nothing but white space.
    #[error("the engine command is empty")]
    Empty,
}

/// What an engine that declares no `variant` parameter plays: Hub engines
/// for checkers play english checkers, as pydraughts assumes.
/// Splits a command line into words as a shell would for simple cases:
/// on whitespace, with `'...'` and `"..."` grouping and `\` escaping the
/// next character outside single quotes.
pub fn split_command(command: &str) -> Result<Vec<String>, CommandLineError> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = command.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => words.extend(word.take()),
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => w.push(c),
                        None => {
                            return Err(CommandLineError::Unclosed {
                                quote: '\'',
                                command: command.to_string(),
                            })
                        }
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => w.extend(chars.next()),
                        Some(c) => w.push(c),
                        None => {
                            return Err(CommandLineError::Unclosed {
                                quote: '"',
                                command: command.to_string(),
                            })
                        }
                    }
                }
            }
            '\\' => {
                let next = chars.next();
                word.get_or_insert_with(String::new).extend(next);
            }
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    if words.is_empty() {
        return Err(CommandLineError::Empty);
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_split_like_a_shell() {
        assert_eq!(
            split_command("  ./parlour hub --rules 'huffing,quiet_plies=9' \"a b\" c\\ d").unwrap(),
            [
                "./parlour",
                "hub",
                "--rules",
                "huffing,quiet_plies=9",
                "a b",
                "c d"
            ]
        );
        assert_eq!(split_command("x ''").unwrap(), ["x", ""]);
        assert_eq!(split_command("   "), Err(CommandLineError::Empty));
        assert_eq!(
            split_command("x 'y"),
            Err(CommandLineError::Unclosed {
                quote: '\'',
                command: "x 'y".into()
            })
        );
    }
}
