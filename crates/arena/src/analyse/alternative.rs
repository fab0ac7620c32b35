//! The other moves an analysis shows beside a move: a marked move's
//! better move, or with more lines ([`super::Settings::lines`]) the
//! engine's best moves of the position before every move, the move played
//! left out. Each is a PDN variation after the move and its note, the
//! alternative's own note after its first move, from the mover's view, as
//! a move's note is in the game:
//!
//! `3. 12-16? {-0.95/8 0.004s} (3. 9-14 {+0.05/8 0.004s} 26-23 4. 5-9)`
//!
//! This module writes them, reads them back, and chooses which to show.

use super::{Note, Thresholds, Verdict};
use parlour_game::pdn::{self, Annotated, Variation};
use parlour_game::registry::parse_line;
use parlour_game::{Side, Variant};
use parlour_search::Line;

/// A move instead of the one played, as a variation shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alternative {
    /// The move and the engine's line after it, as texts.
    pub line: Vec<String>,
    /// Its score from the mover's view, with the depth and time of the
    /// search that found it.
    pub note: Note,
}

impl Alternative {
    /// The line of a search of the position before the move.
    pub(super) fn searched<M: std::fmt::Display>(line: &Line<M>, search: &Note) -> Alternative {
        Alternative {
            line: line.pv.iter().map(ToString::to_string).collect(),
            note: Note {
                score: line.score,
                ..*search
            },
        }
    }

    /// The variation's movetext (without its parentheses), in place of
    /// the move of ply `ply` of a game `first` opened: its moves numbered
    /// as PDN numbers them there, its note after its first move.
    pub fn movetext(&self, first: Side, ply: usize) -> String {
        let note = [self.note.to_string()];
        let moves: Vec<Annotated<'_>> = self
            .line
            .iter()
            .enumerate()
            .map(|(k, text)| Annotated {
                text,
                comments: if k == 0 { &note } else { &[] },
                variations: &[],
            })
            .collect();
        pdn::variation_movetext(first, ply, &moves)
    }

    /// Reads [`Alternative::movetext`] back, in the position `before`
    /// the move it replaces: `None` for a variation that is not one (its
    /// moves not legal there, no note after its first move, or comments
    /// or variations of other kinds in it).
    pub fn read<V: Variant>(text: &str, before: &V::Position) -> Option<Alternative> {
        let variation = Variation {
            after_words: 0,
            text: text.to_string(),
        };
        let game = variation.read().ok()?;
        let line = V::split_line(&game.moves);
        parse_line::<V>(before, &game.moves).ok()?;
        let first_words = line.first()?.split_whitespace().count();
        match (game.comments.as_slice(), game.variations.is_empty()) {
            ([comment], true) if comment.after_words == first_words => Some(Alternative {
                line,
                note: comment.text.parse().ok()?,
            }),
            _ => None,
        }
    }
}

/// Where a move's alternatives can come from: a search of the position
/// before it made now, or the variations the game already holds.
pub(super) enum Source<'a, M> {
    /// The search's lines, best first.
    Searched { lines: &'a [Line<M>], note: Note },
    /// The alternatives read from the game.
    Read(&'a [Alternative]),
}

/// A move's verdict and alternatives, given the verdict its notes give
/// and where its alternatives come from.
pub(super) struct Choice {
    pub verdict: Verdict,
    pub alternatives: Vec<Alternative>,
}

/// Chooses the alternatives to `played` (scored `played_score` from the
/// mover's view): up to `lines` of them, or with one line only a marked
/// move's better move. A marked move whose better move is the move itself
/// (the search's best), is missing, or (read from the game) does not
/// score better by the thresholds, is unmarked.
pub(super) fn choose<M: Copy + Eq + std::fmt::Display>(
    verdict: Verdict,
    played: M,
    played_score: parlour_search::Score,
    source: Source<'_, M>,
    lines: usize,
    thresholds: &Thresholds,
) -> Choice {
    let mut verdict = verdict;
    let alternatives: Vec<Alternative> = match source {
        Source::Searched { lines: found, note } => {
            if found.first().map(Line::first) == Some(played) {
                verdict = Verdict::Good;
            }
            found
                .iter()
                .filter(|line| line.first() != played)
                .take(lines)
                .map(|line| Alternative::searched(line, &note))
                .collect()
        }
        Source::Read(read) => {
            let best = read.first().map(|a| a.note.score);
            if best.is_some_and(|best| thresholds.judge(best, played_score) == Verdict::Good) {
                verdict = Verdict::Good;
            }
            read.iter().take(lines).cloned().collect()
        }
    };
    if alternatives.is_empty() {
        verdict = Verdict::Good;
    }
    let alternatives = if lines == 1 && verdict == Verdict::Good {
        Vec::new()
    } else {
        alternatives
    };
    Choice {
        verdict,
        alternatives,
    }
}

/// Whether the game's own alternatives to a move will do, where the
/// analysis shows `lines` of them and the position before the move has
/// `others` moves besides the one played: with one line, a marked move's
/// better move; with more, as many as a search would give (one fewer
/// where the move played is among the best).
pub(super) fn enough(read: &[Alternative], lines: usize, marked: bool, others: usize) -> bool {
    let wanted = match lines {
        1 if marked => 1,
        1 => 0,
        n => n - 1,
    };
    read.len() >= wanted.min(others)
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlour_checkers::Rules;
    use parlour_game::{Game, History};
    use parlour_search::Score;
    use std::time::Duration;

    fn note(score: Score) -> Note {
        Note {
            score,
            depth: 10,
            time: Duration::from_millis(100),
        }
    }

    fn line(moves: &[&str], score: Score) -> Alternative {
        Alternative {
            line: moves.iter().map(|m| m.to_string()).collect(),
            note: note(score),
        }
    }

    #[test]
    fn an_alternative_reads_back_where_its_moves_are_legal() {
        let start = Rules::ENGLISH.start();
        let better = line(&["9-14", "22-18", "5-9"], Score::Value(60));
        let text = better.movetext(Side::Black, 0);
        assert_eq!(text, "1. 9-14 {+0.60/10 0.100s} 22-18 2. 5-9");
        assert_eq!(Alternative::read::<Rules>(&text, &start), Some(better));
        // White's move, in a game Black opened: `N...`.
        let after = start.play(start.parse_move("11-15").unwrap());
        let white = line(&["22-18"], Score::Loss(7));
        assert_eq!(white.movetext(Side::Black, 1), "1... 22-18 {-L7/10 0.100s}");
        assert_eq!(
            Alternative::read::<Rules>(&white.movetext(Side::Black, 1), &after),
            Some(white)
        );
        // Not an analysis's: illegal there, no note, a note elsewhere, a
        // comment or variation of its own.
        for other in [
            "1... 22-18 {+0.10/4 0.001s}",
            "1. 9-14 22-18",
            "1. 9-14 22-18 {+0.10/4 0.001s}",
            "1. 9-14 {+0.10/4 0.001s} {why}",
            "1. 9-14 {+0.10/4 0.001s} (1. 10-14)",
            "1. 9-14 {a remark}",
        ] {
            assert_eq!(Alternative::read::<Rules>(other, &start), None, "{other}");
        }
    }

    #[test]
    fn the_move_played_is_left_out_and_one_line_shows_only_a_better_move() {
        let start = Rules::ENGLISH.start();
        let history = History::new(start);
        let mv = |t: &str| history.current().parse_move(t).unwrap();
        let searched = |moves: &[&str], v: i32| Line {
            score: Score::Value(v),
            pv: moves.iter().map(|&t| mv(t)).collect(),
        };
        let lines = [
            searched(&["11-15"], 10),
            searched(&["9-14"], 5),
            searched(&["10-14"], 0),
        ];
        let t = Thresholds::default();
        let from = |lines| Source::Searched {
            lines,
            note: note(Score::Value(10)),
        };
        let played = Score::Value(-200);
        // The engine's best move played: unmarked, with three lines the
        // two others.
        let choice = choose(Verdict::Blunder, mv("11-15"), played, from(&lines), 3, &t);
        assert_eq!(choice.verdict, Verdict::Good);
        let firsts: Vec<&str> = choice
            .alternatives
            .iter()
            .map(|a| a.line[0].as_str())
            .collect();
        assert_eq!(firsts, ["9-14", "10-14"]);
        assert_eq!(choice.alternatives[0].note.score, Score::Value(5));
        // Another move played: with one line, the better move alone.
        let choice = choose(
            Verdict::Blunder,
            mv("12-16"),
            played,
            from(&lines[..1]),
            1,
            &t,
        );
        assert_eq!(choice.verdict, Verdict::Blunder);
        assert_eq!(choice.alternatives[0].line, ["11-15"]);
        let choice = choose(Verdict::Good, mv("12-16"), played, from(&lines[..1]), 1, &t);
        assert!(choice.alternatives.is_empty());
        // Read from the game: a better move that is not better by the
        // thresholds leaves the move unmarked.
        let read = [line(&["9-14"], Score::Value(-150))];
        let choice = choose(
            Verdict::Mistake,
            mv("12-16"),
            played,
            Source::Read(&read),
            1,
            &t,
        );
        assert_eq!(choice.verdict, Verdict::Good);
        assert!(choice.alternatives.is_empty());
    }

    #[test]
    fn the_games_alternatives_do_where_there_are_as_many_as_a_search_gives() {
        let one = [line(&["9-14"], Score::Value(5))];
        assert!(enough(&[], 1, false, 6));
        assert!(!enough(&[], 1, true, 6));
        assert!(enough(&one, 1, true, 6));
        assert!(enough(&[], 1, true, 0));
        assert!(!enough(&one, 3, false, 6));
        assert!(enough(&[one[0].clone(), one[0].clone()], 3, false, 6));
        assert!(enough(&one, 3, false, 1));
        assert!(enough(&[], 3, false, 0));
    }
}
