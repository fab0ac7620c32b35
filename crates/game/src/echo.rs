//! Input as a message shows it. An error that quotes what a person or a
//! program typed must stay one short, printable line whatever was typed: a
//! 100 kB FEN, a line of a binary file, an escape sequence that would
//! repaint the terminal. [`echo`] cuts the text to [`ECHO_CHARS`] characters
//! and escapes control characters; every parser's error writes its input
//! through it, and [`printable`] makes a whole message safe to print;
//! [`full_message`] writes an error with its causes on one line.

use std::fmt::{self, Display, Write};

/// The most characters of an input that a message repeats.
pub const ECHO_CHARS: usize = 80;

/// Text shown as input: at most [`ECHO_CHARS`] characters shown, control
/// characters escaped (`\u{1b}`, `\n`, each escape counted at its shown
/// length), and how long it was where it was cut.
#[derive(Clone, Copy, Debug)]
pub struct Echo<'a, T: ?Sized>(&'a T, usize);

/// `text` as a message quotes it (see [`Echo`]).
///
/// ```
/// use parlour_game::echo::echo;
/// assert_eq!(echo("11-15").to_string(), "11-15");
/// assert_eq!(echo("a\u{1b}[31m").to_string(), "a\\u{1b}[31m");
/// // Escapes count at their shown length: 16 of the 40 fit in 80.
/// let bells = "\u{7}".repeat(40);
/// assert_eq!(
///     echo(&bells).to_string(),
///     format!("{}... (40 characters)", "\\u{7}".repeat(16))
/// );
/// let long = "1,".repeat(100);
/// assert_eq!(
///     echo(&long).to_string(),
///     format!("{}... (200 characters)", &long[..80])
/// );
/// ```
pub fn echo<T: Display + ?Sized>(text: &T) -> Echo<'_, T> {
    Echo(text, ECHO_CHARS)
}

/// `text` as [`echo`] shows it, cut to `chars` characters: for a part that
/// is short when it is right (a name, a keyword) beside a longer quote.
///
/// ```
/// use parlour_game::echo::echo_within;
/// assert_eq!(echo_within("search", 8).to_string(), "search");
/// assert_eq!(echo_within("searching", 8).to_string(), "searchin... (9 characters)");
/// ```
pub fn echo_within<T: Display + ?Sized>(text: &T, chars: usize) -> Echo<'_, T> {
    Echo(text, chars)
}

/// A number as a message quotes it: as written where that is short (at
/// most 16 characters), else in scientific form with four significant
/// digits, so that `1e308` never fills a line.
///
/// ```
/// use parlour_game::echo::number;
/// assert_eq!(number(0.05), "0.05");
/// assert_eq!(number(1e308), "1.000e308");
/// assert_eq!(number(-1234567890123456789.0), "-1.235e18");
/// assert_eq!(number(f64::NAN), "NaN");
/// ```
pub fn number(x: f64) -> String {
    let plain = x.to_string();
    if plain.len() <= 16 {
        plain
    } else {
        format!("{x:.3e}")
    }
}

impl<T: Display + ?Sized> Display for Echo<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.0.to_string();
        let mut shown = 0;
        for c in text.chars() {
            let width = if c.is_control() {
                c.escape_debug().count()
            } else {
                1
            };
            if shown + width > self.1 {
                return write!(f, "... ({} characters)", text.chars().count());
            }
            write_char(f, c)?;
            shown += width;
        }
        Ok(())
    }
}

/// Writes `c`, escaped if it is a control character.
fn write_char(f: &mut impl Write, c: char) -> fmt::Result {
    if c.is_control() {
        write!(f, "{}", c.escape_debug())
    } else {
        f.write_char(c)
    }
}

/// A whole message made safe to print on one line: every control
/// character escaped. (The parts quoting input are already short, through
/// [`echo`]; this catches what no parser wrote, such as an operating
/// system's message about a file name.)
///
/// ```
/// use parlour_game::echo::printable;
/// assert_eq!(printable("bad `\u{7}`\nnext"), "bad `\\u{7}`\\nnext");
/// ```
pub fn printable(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    for c in message.chars() {
        write_char(&mut out, c).expect("writing to a String never fails");
    }
    out
}

/// An error and every cause after it, as one line (`a: b: c`): each
/// error's message says only what is wrong at its level and leaves its
/// cause to its `source`, so a reader that is not anyhow joins them.
///
/// ```
/// use parlour_game::echo::full_message;
/// #[derive(Debug, thiserror::Error)]
/// #[error("bad --depth")]
/// struct Flag(#[source] std::num::ParseIntError);
/// let error = Flag("x".parse::<u8>().unwrap_err());
/// assert_eq!(full_message(&error), "bad --depth: invalid digit found in string");
/// ```
pub fn full_message(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(e) = cause {
        text.push_str(": ");
        text.push_str(&e.to_string());
        cause = e.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_unchanged_and_long_text_is_cut() {
        assert_eq!(echo("B:W21-32:B1-12").to_string(), "B:W21-32:B1-12");
        let exact = "x".repeat(ECHO_CHARS);
        assert_eq!(echo(&exact).to_string(), exact);
        let long = "é".repeat(100_000);
        let shown = echo(&long).to_string();
        assert!(shown.starts_with(&"é".repeat(ECHO_CHARS)));
        assert!(shown.ends_with("... (100000 characters)"), "{shown}");
    }

    #[test]
    fn control_characters_are_escaped() {
        let shown = echo("\u{7}\t\r\n\u{1b}[2J\u{0}").to_string();
        assert_eq!(shown, "\\u{7}\\t\\r\\n\\u{1b}[2J\\0");
        assert!(!shown.chars().any(char::is_control));
        assert_eq!(echo(&'\u{7}').to_string(), "\\u{7}");
    }
}
