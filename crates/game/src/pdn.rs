//! Writing PDN, the portable draughts notation both games' records use: tag
//! pairs and numbered, wrapped movetext.

use crate::Side;

/// A tag pair line, `[Key "value"]`, with the value's quotes and
/// backslashes escaped.
pub fn tag(key: &str, value: &str) -> String {
    let value = value.replace('\\', "\\\\").replace('"', "\\\"");
    format!("[{key} \"{value}\"]\n")
}

/// The movetext of a game whose first move was made by `first`: Black's
/// moves numbered `1.`, a game that opens with White's move numbered `1...`,
/// then the words of `tail` (a comment, the result), all wrapped before
/// column 80.
pub fn movetext<S: AsRef<str>>(first: Side, moves: &[S], tail: &[String]) -> String {
    let mut words: Vec<String> = Vec::with_capacity(moves.len() * 2 + tail.len());
    for (i, mv) in moves.iter().enumerate() {
        // Ply i is the first mover's when i is even.
        let by_black = (i % 2 == 0) == (first == Side::Black);
        let number = (i + usize::from(first == Side::White)) / 2 + 1;
        if by_black {
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        words.push(mv.as_ref().to_string());
    }
    words.extend(tail.iter().cloned());
    let mut out = String::new();
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.len() + 1 + word.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_escape_quotes_and_backslashes() {
        assert_eq!(
            tag("Event", r#"a "b" \c"#),
            "[Event \"a \\\"b\\\" \\\\c\"]\n"
        );
    }

    #[test]
    fn moves_are_numbered_from_either_side_and_wrapped() {
        let text = movetext(Side::Black, &["11-15", "23-19", "8-11"], &["*".to_string()]);
        assert_eq!(text, "1. 11-15 23-19 2. 8-11 *\n");
        let text = movetext(Side::White, &["23-19", "8-11"], &["1-1".to_string()]);
        assert_eq!(text, "1... 23-19 2. 8-11 1-1\n");
        let long: Vec<String> = (0..60)
            .map(|i| format!("{}-{}", i % 32 + 1, i % 29 + 1))
            .collect();
        let text = movetext(Side::Black, &long, &[]);
        assert!(text.lines().count() > 3);
        assert!(text.lines().all(|l| l.len() <= 79), "{text}");
    }
}
