//! The fuzz tests' inputs and their check, shared by this crate's
//! `fuzz.rs` and the command line's (`crates/cli/tests/fuzz.rs`, which
//! includes this file by its path): valid texts with random edits, so that
//! most cases get deep into a parser, or random text; and the rule every
//! error meets.

use parlour_game::echo::full_message;
use proptest::prelude::*;
use std::error::Error;

/// Checks that an error reads as one printable line of at most `longest`
/// characters.
pub fn check_message(input: &str, error: &dyn Error, longest: usize) -> Result<(), TestCaseError> {
    // As the binary prints it: the error and its causes on one line.
    let text = full_message(error);
    prop_assert!(!text.is_empty(), "no message for {input:?}");
    prop_assert!(
        !text.chars().any(char::is_control),
        "a control character in {text:?} for {input:?}"
    );
    prop_assert!(
        text.chars().count() <= longest,
        "{} characters for an input of {}: {text}",
        text.chars().count(),
        input.chars().count()
    );
    Ok(())
}

/// The characters the texts are made of, and a few that are not.
const ALPHABET: &[char] = &[
    '0', '1', '2', '3', '4', '5', '9', ':', ',', '-', 'x', 'K', 'W', 'B', 'O', 'C', '.', 'b', 'w',
    'e', '/', 'h', '@', '=', ' ', '"', '\n', '\u{1b}', 'é', '\0', '+', 's', 'r', 't', '{', '}',
];

/// `seeds` with up to `edits` random insertions, deletions and
/// replacements; or random text of up to 300 characters.
pub fn mutated(seeds: &'static [&'static str], edits: usize) -> BoxedStrategy<String> {
    let edit = (
        any::<prop::sample::Index>(),
        0..3u8,
        prop::sample::select(ALPHABET),
    );
    let mutated = (
        prop::sample::select(seeds),
        prop::collection::vec(edit, 0..=edits),
    )
        .prop_map(|(seed, edits)| {
            let mut chars: Vec<char> = seed.chars().collect();
            for (at, op, c) in edits {
                let i = at.index(chars.len() + 1);
                match op {
                    0 => chars.insert(i, c),
                    1 if i < chars.len() => {
                        chars.remove(i);
                    }
                    _ if i < chars.len() => chars[i] = c,
                    _ => chars.push(c),
                }
            }
            chars.into_iter().collect::<String>()
        });
    prop_oneof![3 => mutated, 1 => ".{0,300}"].boxed()
}
