//! What an analysis writes after a move: the engine's score of the
//! position the move left, from the mover's view, with the depth and the
//! time the search took, in the form cutechess-cli writes for chess
//! (`+0.35/14 0.101s`, a proven win `+W23/14`, a loss `-L23/14`); and the
//! verdict on the move (`?`, `??`) from the scores before and after it.

use parlour_search::Score;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A search's verdict on one position: its score, from one side's view,
/// the depth it reached and the time it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Note {
    /// The score (an evaluation in hundredths of the game's unit, for
    /// checkers a man; or a proven win or loss in plies).
    pub score: Score,
    /// The depth reached, in plies.
    pub depth: u32,
    /// The time the search took (kept to the millisecond in text).
    pub time: Duration,
}

/// The same score from the other side's view.
pub fn flip(score: Score) -> Score {
    Score::from_internal(-score.internal())
}

/// A score as a comment writes it: `+0.35`, `-1.20`, `+0.00`, `+W23`,
/// `-L23`.
pub fn score_text(score: Score) -> String {
    match score {
        Score::Value(v) => {
            let sign = if v < 0 { '-' } else { '+' };
            let a = v.unsigned_abs();
            format!("{sign}{}.{:02}", a / 100, a % 100)
        }
        Score::Win(n) => format!("+W{n}"),
        Score::Loss(n) => format!("-L{n}"),
    }
}

/// Reads [`score_text`]'s form back.
fn read_score(text: &str) -> Option<Score> {
    if let Some(n) = text.strip_prefix("+W") {
        return n.parse().ok().map(Score::Win);
    }
    if let Some(n) = text.strip_prefix("-L") {
        return n.parse().ok().map(Score::Loss);
    }
    let (sign, rest) = match text.as_bytes().first()? {
        b'+' => (1, &text[1..]),
        b'-' => (-1, &text[1..]),
        _ => return None,
    };
    let (whole, cents) = rest.split_once('.')?;
    if cents.len() != 2
        || !whole
            .bytes()
            .chain(cents.bytes())
            .all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let value = whole.parse::<i32>().ok()? * 100 + cents.parse::<i32>().ok()?;
    Some(Score::Value(sign * value))
}

impl fmt::Display for Note {
    /// `+0.35/14 0.101s`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = self.time.as_millis();
        write!(
            f,
            "{}/{} {}.{:03}s",
            score_text(self.score),
            self.depth,
            ms / 1000,
            ms % 1000
        )
    }
}

/// A comment that is not a [`Note`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a score comment (`+0.35/14 0.101s`)")]
pub struct NotANote(pub String);

impl FromStr for Note {
    type Err = NotANote;

    /// Reads `+0.35/14 0.101s` (what `Display` writes).
    fn from_str(text: &str) -> Result<Note, NotANote> {
        let fail = || NotANote(text.to_string());
        let (score, rest) = text.split_once('/').ok_or_else(fail)?;
        let (depth, time) = rest.split_once(' ').ok_or_else(fail)?;
        let secs = time.strip_suffix('s').ok_or_else(fail)?;
        let (whole, ms) = secs.split_once('.').ok_or_else(fail)?;
        if ms.len() != 3 || !whole.bytes().chain(ms.bytes()).all(|b| b.is_ascii_digit()) {
            return Err(fail());
        }
        let millis = whole.parse::<u64>().map_err(|_| fail())? * 1000
            + ms.parse::<u64>().map_err(|_| fail())?;
        Ok(Note {
            score: read_score(score).ok_or_else(fail)?,
            depth: depth.parse().map_err(|_| fail())?,
            time: Duration::from_millis(millis),
        })
    }
}

/// What an analysis says of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    /// No mark.
    Good,
    /// `?`: a better move scored at least [`Thresholds::mistake`] more.
    Mistake,
    /// `??`: a better move scored at least [`Thresholds::blunder`] more,
    /// or the move turned a position scored won or level into a proven
    /// loss.
    Blunder,
}

impl Verdict {
    /// The mark after the move: ``, `?`, `??`.
    pub fn mark(self) -> &'static str {
        match self {
            Verdict::Good => "",
            Verdict::Mistake => "?",
            Verdict::Blunder => "??",
        }
    }
}

/// When a move is marked, in hundredths of the game's unit (for
/// checkers, of a man).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thresholds {
    /// How much more the best move must score for a `?` (default 100, a
    /// man).
    pub mistake: i32,
    /// How much more for a `??` (default 200, two men).
    pub blunder: i32,
    /// A position scored above this (default -50, half a man down) that a
    /// move turns into a proven loss makes the move a `??`.
    pub level: i32,
}

impl Default for Thresholds {
    fn default() -> Thresholds {
        Thresholds {
            mistake: 100,
            blunder: 200,
            level: -50,
        }
    }
}

impl Thresholds {
    /// The verdict on a move given the score of the best move and of the
    /// move played, both from the mover's view. A proven result counts as
    /// far beyond any evaluation, nearer results further.
    pub fn judge(&self, best: Score, played: Score) -> Verdict {
        let gap = i64::from(best.internal()) - i64::from(played.internal());
        let into_loss = matches!(played, Score::Loss(_))
            && !matches!(best, Score::Loss(_))
            && best.internal() > self.level;
        if into_loss || gap >= i64::from(self.blunder) {
            Verdict::Blunder
        } else if gap >= i64::from(self.mistake) {
            Verdict::Mistake
        } else {
            Verdict::Good
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_read_back_what_they_write() {
        let cases = [
            (Score::Value(35), 14, 101, "+0.35/14 0.101s"),
            (Score::Value(-120), 9, 2500, "-1.20/9 2.500s"),
            (Score::Value(0), 1, 0, "+0.00/1 0.000s"),
            (Score::Value(-5), 3, 7, "-0.05/3 0.007s"),
            (Score::Win(23), 14, 40, "+W23/14 0.040s"),
            (Score::Loss(4), 20, 1000, "-L4/20 1.000s"),
        ];
        for (score, depth, ms, text) in cases {
            let note = Note {
                score,
                depth,
                time: Duration::from_millis(ms),
            };
            assert_eq!(note.to_string(), text);
            assert_eq!(text.parse::<Note>(), Ok(note));
        }
        for bad in [
            "adjudicated",
            "+0.3/4 0.1s",
            "0.35/14 0.101s",
            "+1.00/x 0.100s",
            "",
        ] {
            assert_eq!(bad.parse::<Note>(), Err(NotANote(bad.to_string())), "{bad}");
        }
    }

    #[test]
    fn moves_are_judged_by_what_they_give_away() {
        let t = Thresholds::default();
        let v = Score::Value;
        assert_eq!(t.judge(v(20), v(-60)), Verdict::Good);
        assert_eq!(t.judge(v(20), v(-80)), Verdict::Mistake);
        assert_eq!(t.judge(v(20), v(-180)), Verdict::Blunder);
        assert_eq!(t.judge(v(-40), Score::Loss(9)), Verdict::Blunder);
        assert_eq!(t.judge(Score::Loss(9), Score::Loss(3)), Verdict::Good);
        assert_eq!(t.judge(Score::Win(5), Score::Win(9)), Verdict::Good);
        assert_eq!(t.judge(Score::Win(5), v(300)), Verdict::Blunder);
        assert_eq!(flip(Score::Win(3)), Score::Loss(3));
        assert_eq!(flip(v(-7)), v(7));
    }
}
