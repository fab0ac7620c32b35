//! Hub lines: `<command> <arg>=<val> <arg>=<val> ...`, values quoted with
//! double quotes where they hold a space, an `=` or nothing, and arguments
//! without a value acting as flags (`level infinite`, `go think`).

use parlour_game::echo::echo;
use smallvec::SmallVec;
use std::fmt;

/// A line that does not read as a message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MessageError {
    /// `=` with no argument name before it.
    #[error("`=` with no argument name before it")]
    NoName,
    /// A quoted value with no closing quote.
    #[error("the value of `{name}` has no closing quote", name = echo(.name))]
    Unclosed {
        /// The argument.
        name: String,
    },
}

/// A message's arguments: inline up to six, as nearly every line has
/// (`info` has six), so reading a line allocates only its strings.
pub type Args = SmallVec<[(String, Option<String>); 6]>;

/// One line of the protocol, in either direction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The command word (`pos`, `go`, `done`, ...).
    pub command: String,
    /// The arguments in order: a name, and its value unless it is a flag.
    pub args: Args,
}

impl Message {
    /// A message with no arguments yet.
    pub fn new(command: &str) -> Message {
        Message {
            command: command.to_string(),
            args: Args::new(),
        }
    }

    /// Adds `name=value`.
    pub fn arg(mut self, name: &str, value: impl fmt::Display) -> Message {
        self.args.push((name.to_string(), Some(value.to_string())));
        self
    }

    /// Adds `name=value` where `when` holds.
    pub fn arg_if(self, when: bool, name: &str, value: impl fmt::Display) -> Message {
        if when {
            self.arg(name, value)
        } else {
            self
        }
    }

    /// Adds a flag (an argument without a value).
    pub fn flag(mut self, name: &str) -> Message {
        self.args.push((name.to_string(), None));
        self
    }

    /// The value of the first argument called `name`, if it has one.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.args
            .iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, v)| v.as_deref())
    }

    /// Whether an argument (a flag or a valued one) called `name` is there.
    pub fn has(&self, name: &str) -> bool {
        self.args.iter().any(|(n, _)| n == name)
    }

    /// Reads a line. `Ok(None)` for a blank line; an error for an unclosed
    /// quote or an argument with `=` and no name.
    pub fn parse(line: &str) -> Result<Option<Message>, MessageError> {
        let mut chars = line.trim().chars().peekable();
        let mut command = String::new();
        while let Some(&c) = chars.peek() {
            if c.is_whitespace() {
                break;
            }
            command.push(c);
            chars.next();
        }
        if command.is_empty() {
            return Ok(None);
        }
        let mut args = Args::new();
        loop {
            while chars.peek().is_some_and(|c| c.is_whitespace()) {
                chars.next();
            }
            if chars.peek().is_none() {
                break;
            }
            let mut name = String::new();
            while let Some(&c) = chars.peek() {
                if c.is_whitespace() || c == '=' {
                    break;
                }
                name.push(c);
                chars.next();
            }
            if chars.peek() != Some(&'=') {
                if name.is_empty() {
                    return Err(MessageError::NoName);
                }
                args.push((name, None));
                continue;
            }
            chars.next();
            if name.is_empty() {
                return Err(MessageError::NoName);
            }
            let mut value = String::new();
            if chars.peek() == Some(&'"') {
                chars.next();
                let mut closed = false;
                for c in chars.by_ref() {
                    if c == '"' {
                        closed = true;
                        break;
                    }
                    value.push(c);
                }
                if !closed {
                    return Err(MessageError::Unclosed { name });
                }
            } else {
                while let Some(&c) = chars.peek() {
                    if c.is_whitespace() {
                        break;
                    }
                    value.push(c);
                    chars.next();
                }
            }
            args.push((name, Some(value)));
        }
        Ok(Some(Message { command, args }))
    }
}

/// Whether a value must be written in quotes.
fn needs_quotes(value: &str) -> bool {
    value.is_empty() || value.contains(|c: char| c.is_whitespace() || c == '=' || c == '"')
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.command)?;
        for (name, value) in &self.args {
            write!(f, " {name}")?;
            if let Some(value) = value {
                if needs_quotes(value) {
                    // The protocol has no escape for a quote inside a value.
                    write!(f, "=\"{}\"", value.replace('"', "'"))?;
                } else {
                    write!(f, "={value}")?;
                }
            }
        }
        Ok(())
    }
}

/// An error and every cause after it, as one line (`a: b: c`): how errors
/// are written on a Hub line and to a person.
pub(crate) use parlour_game::echo::full_message;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_values_quotes_and_flags() {
        let m = Message::parse("  pos pos=Wbbb moves=\"9-13 22-18\"  ")
            .unwrap()
            .unwrap();
        assert_eq!(m.command, "pos");
        assert_eq!(m.get("pos"), Some("Wbbb"));
        assert_eq!(m.get("moves"), Some("9-13 22-18"));
        let m = Message::parse("level infinite").unwrap().unwrap();
        assert!(m.has("infinite"));
        assert_eq!(m.get("infinite"), None);
        let m = Message::parse("set-param name=x value=\"\"")
            .unwrap()
            .unwrap();
        assert_eq!(m.get("value"), Some(""));
        assert_eq!(Message::parse("   ").unwrap(), None);
        assert_eq!(
            Message::parse("pos moves=\"9-13"),
            Err(MessageError::Unclosed {
                name: "moves".into()
            })
        );
        assert_eq!(Message::parse("pos =3"), Err(MessageError::NoName));
    }

    #[test]
    fn writes_what_it_reads() {
        let m = Message::new("param")
            .arg("name", "variant")
            .arg("value", "english")
            .arg("type", "enum")
            .arg("values", "english huffing pegs");
        let text = m.to_string();
        assert_eq!(
            text,
            "param name=variant value=english type=enum values=\"english huffing pegs\""
        );
        assert_eq!(Message::parse(&text).unwrap().unwrap(), m);
        let m = Message::new("go").flag("think");
        assert_eq!(m.to_string(), "go think");
        assert_eq!(Message::new("x").arg("e", "").to_string(), "x e=\"\"");
    }
}
