//! PDN, the portable draughts notation both games' records use: writing
//! tag pairs and numbered, wrapped movetext, and reading games back into
//! their tags, their moves' texts and their result, and from those into a
//! game of a [`Variant`] ([`PdnGame::replay`]).

use crate::file::FileKind;
use crate::registry::{parse_line, LineError, MoveErrorOf, Variant};
use crate::{History, Side};

/// A PDN file: a thousand games take about a megabyte, and the largest
/// published collections of games a few hundred.
pub const PDN_FILE: FileKind = FileKind::new("a PDN file", 256 << 20);

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
    let moves: Vec<Annotated<'_>> = moves
        .iter()
        .map(|mv| Annotated {
            text: mv.as_ref(),
            comments: &[],
            variations: &[],
        })
        .collect();
    annotated_movetext(first, &[], &moves, tail)
}

/// A move as [`annotated_movetext`] writes it: its text (with any mark,
/// `11-15?`), the comments after it, without their braces, and the
/// variations after those, without their parentheses (each the movetext
/// of other moves instead of this one, as [`variation_movetext`] writes
/// it).
#[derive(Clone, Copy, Debug)]
pub struct Annotated<'a> {
    /// The move's text and mark.
    pub text: &'a str,
    /// The comments that follow it.
    pub comments: &'a [String],
    /// The variations that follow its comments.
    pub variations: &'a [String],
}

/// [`movetext`] with comments and variations: `lead` before the first
/// move, each move's own after it (a comment's braces become parentheses,
/// as a comment cannot hold them), then its variations in parentheses. A
/// long comment or variation wraps like the moves do.
pub fn annotated_movetext(
    first: Side,
    lead: &[String],
    moves: &[Annotated<'_>],
    tail: &[String],
) -> String {
    let mut words: Vec<String> = lead.iter().flat_map(|c| braced(c)).collect();
    numbered_words(first, 0, moves, &mut words);
    words.extend(tail.iter().cloned());
    wrap(&words)
}

/// The movetext of a variation, on one line: `moves` played from the
/// position after `ply` plies of a game whose first move was made by
/// `first`, numbered as the game's moves are there (`12. 9-14 22-18 13.
/// 5-9`, or `12... 22-18 9-14` from White's move), each with its comments
/// and variations.
pub fn variation_movetext(first: Side, ply: usize, moves: &[Annotated<'_>]) -> String {
    let mut words = Vec::new();
    numbered_words(first, ply, moves, &mut words);
    words.join(" ")
}

/// A comment's words, in braces (its own braces made parentheses).
fn braced(text: &str) -> Vec<String> {
    let text = format!("{{{}}}", text.replace('{', "(").replace('}', ")"));
    text.split(' ').map(str::to_string).collect()
}

/// Pushes the words of `moves`, the first played after `ply` plies of a
/// game `first` opened: Black's moves numbered `N.`, a first move of
/// White's `N...`; each move's comments and variations after it.
fn numbered_words(first: Side, ply: usize, moves: &[Annotated<'_>], words: &mut Vec<String>) {
    for (k, mv) in moves.iter().enumerate() {
        let i = ply + k;
        // Ply i is the first mover's when i is even.
        let by_black = i.is_multiple_of(2) == (first == Side::Black);
        let number = (i + usize::from(first == Side::White)) / 2 + 1;
        if by_black {
            words.push(format!("{number}."));
        } else if k == 0 {
            words.push(format!("{number}..."));
        }
        words.push(mv.text.to_string());
        words.extend(mv.comments.iter().flat_map(|c| braced(c)));
        for variation in mv.variations {
            words.extend(format!("({variation})").split(' ').map(str::to_string));
        }
    }
}

/// Words joined by spaces into lines shorter than 80 columns (a longer
/// word alone on its line).
fn wrap(words: &[String]) -> String {
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
        line.push_str(word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// A whole game in PDN: its tag pairs in order, a blank line, then its
/// [`movetext`] (the moves from `first`'s, then the words of `tail`).
pub fn game<S: AsRef<str>>(
    tags: &[(String, String)],
    first: Side,
    moves: &[S],
    tail: &[String],
) -> String {
    let mut out: String = tags.iter().map(|(key, value)| tag(key, value)).collect();
    out.push('\n');
    out.push_str(&movetext(first, moves, tail));
    out
}

/// A `{comment}` of a game's movetext, and where it stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Comment {
    /// How many of the movetext's move words come before it (0: before
    /// the first move).
    pub after_words: usize,
    /// Its text, without the braces, white space (line breaks too)
    /// collapsed to single spaces and trimmed.
    pub text: String,
}

/// One game of a PDN file as read: its tag pairs in order, the texts of
/// its moves, its comments and the result its movetext ends with; the
/// move numbers and variations left out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PdnGame {
    /// The tag pairs, `(key, value)`, the value unescaped.
    pub tags: Vec<(String, String)>,
    /// The movetext's words that are moves, space-separated, for the
    /// game's `split_line` (a checkers huff `h14 11-15` is two words).
    pub moves: String,
    /// The movetext's result as written (`2-0`, `1-1`, `*`, `1/2-1/2`),
    /// if it has one.
    pub result: Option<String>,
    /// The `{comments}` outside variations, in order.
    pub comments: Vec<Comment>,
    /// The `(variations)` outside variations, in order.
    pub variations: Vec<Variation>,
}

/// A `(variation)` of a game's movetext, and where it stands: other
/// moves instead of the move before it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variation {
    /// How many of the movetext's move words come before it.
    pub after_words: usize,
    /// Its movetext, without the outer parentheses, white space collapsed
    /// to single spaces and trimmed (its comments and the variations
    /// inside it kept).
    pub text: String,
}

impl Variation {
    /// Its movetext read as a game's (without tags): its moves, their
    /// comments and the variations inside it.
    pub fn read(&self) -> Result<PdnGame, PdnError> {
        let mut reader = Reader::default();
        reader.read_line(&self.text, 1);
        if let Some(open) = &reader.open {
            return Err(open.unclosed());
        }
        Ok(reader.finish())
    }
}

impl PdnGame {
    /// The value of the first tag called `key`.
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The comments that follow the move of each ply, given each move's
    /// text as `V::split_line` cuts the moves (a move may be more than
    /// one word): `[i]` holds those after ply `i`'s move and before the
    /// next move's; comments before the first move are left out.
    pub fn comments_per_ply(&self, move_texts: &[String]) -> Vec<Vec<&str>> {
        let comments = self.comments.iter();
        per_ply(
            move_texts,
            comments.map(|c| (c.after_words, c.text.as_str())),
        )
    }

    /// The variations that follow the move of each ply, as
    /// [`PdnGame::comments_per_ply`] gives the comments: `[i]` holds the
    /// texts of those after ply `i`'s move (other moves instead of it).
    pub fn variations_per_ply(&self, move_texts: &[String]) -> Vec<Vec<&str>> {
        let variations = self.variations.iter();
        per_ply(
            move_texts,
            variations.map(|v| (v.after_words, v.text.as_str())),
        )
    }

    /// The comments before the first move.
    pub fn leading_comments(&self) -> impl Iterator<Item = &str> {
        self.comments
            .iter()
            .filter(|c| c.after_words == 0)
            .map(|c| c.text.as_str())
    }

    /// The game played out as a game of `V`: under the rules of its
    /// `Rules` tag (else `rules`), from the position of its `FEN` or
    /// `Position` tag (else the rules' start), its moves read and played
    /// in turn.
    pub fn replay<V: Variant>(&self, rules: V) -> Result<History<V::Position>, ReplayError<V>> {
        let rules = match self.tag("Rules") {
            Some(text) => V::parse_rules(text).map_err(ReplayError::Rules)?,
            None => rules,
        };
        let start = match self.tag("FEN").or(self.tag("Position")) {
            Some(text) => V::parse_position(Some(rules), text).map_err(ReplayError::Start)?,
            None => rules.start(),
        };
        let moves = parse_line::<V>(&start, &self.moves).map_err(ReplayError::Moves)?;
        let mut history = History::new(start);
        for mv in moves {
            history.push(mv);
        }
        Ok(history)
    }
}

/// Texts placed after a number of move words, put with the ply whose
/// move's words all come before them (none before the first move).
fn per_ply<'a>(
    move_texts: &[String],
    items: impl Iterator<Item = (usize, &'a str)>,
) -> Vec<Vec<&'a str>> {
    let mut ends = Vec::with_capacity(move_texts.len());
    let mut words = 0;
    for text in move_texts {
        words += text.split_whitespace().count();
        ends.push(words);
    }
    let mut out = vec![Vec::new(); move_texts.len()];
    for (after_words, text) in items {
        // The last ply whose words all come before the text.
        let plies = ends.partition_point(|&end| end <= after_words);
        if plies > 0 {
            out[plies - 1].push(text);
        }
    }
    out
}

/// Why a PDN game is not a game of `V` ([`PdnGame::replay`]).
#[derive(Debug, thiserror::Error)]
pub enum ReplayError<V: Variant> {
    /// The `Rules` tag does not read.
    #[error("the Rules tag")]
    Rules(#[source] V::Error),
    /// The start position's tag does not read.
    #[error("the start position (the FEN or Position tag)")]
    Start(#[source] V::Error),
    /// A move does not read, or is not legal where it is played.
    #[error("the moves")]
    Moves(#[source] LineError<MoveErrorOf<V>>),
}

/// What is wrong with a PDN text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PdnError {
    /// A tag line that is not `[Key "value"]`.
    #[error("line {line}: a tag pair must read [Key \"value\"]")]
    BadTag {
        /// The line's number, from 1.
        line: usize,
    },
    /// A comment or variation still open at the end of the text.
    #[error("a {what} opened on line {line} is never closed")]
    Unclosed {
        /// `comment` or `variation`.
        what: &'static str,
        /// Where it opened, from 1.
        line: usize,
    },
    /// No game in the text.
    #[error("no game in the text")]
    Empty,
}

/// Whether a movetext word is a game's result.
fn is_result(word: &str) -> bool {
    matches!(
        word,
        "*" | "1-0" | "0-1" | "2-0" | "0-2" | "1-1" | "0-0" | "1/2-1/2"
    )
}

/// Reads `[Key "value"]`.
fn read_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.trim_end().strip_suffix(']')?;
    let (key, rest) = inner.split_once(char::is_whitespace)?;
    let quoted = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next()?),
            '"' => return None,
            c => value.push(c),
        }
    }
    (!key.is_empty()).then(|| (key.to_string(), value))
}

/// Reads every game of a PDN text, in order: a game is its tag pairs and
/// the movetext after them (a new tag after movetext starts the next
/// game). Move numbers (`1.`, `1...`, also joined to a move as `1.11-15`),
/// `;` comments to the end of the line, `$` annotations and `!`/`?` marks
/// are left out of the moves; `{comments}` and `(variations)` are kept
/// beside them ([`PdnGame::comments`], [`PdnGame::variations`]).
///
/// ```
/// use parlour_game::pdn::read_games;
/// let games = read_games("[Event \"x\"]\n1. 11-15 23-19 {a note} 2. 8-11 *\n").unwrap();
/// assert_eq!(games[0].tag("Event"), Some("x"));
/// assert_eq!(games[0].moves, "11-15 23-19 8-11");
/// ```
pub fn read_games(text: &str) -> Result<Vec<PdnGame>, PdnError> {
    let mut games = Vec::new();
    let mut reader = Reader::default();
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        let trimmed = line.trim();
        if reader.open.is_none() && trimmed.starts_with('[') {
            if reader.in_moves {
                games.push(reader.finish());
            }
            let tag = read_tag(trimmed).ok_or(PdnError::BadTag { line: number })?;
            reader.game.tags.push(tag);
            continue;
        }
        reader.read_line(line, number);
    }
    if let Some(open) = &reader.open {
        return Err(open.unclosed());
    }
    if reader.in_moves || !reader.game.tags.is_empty() {
        games.push(reader.finish());
    }
    if games.is_empty() {
        return Err(PdnError::Empty);
    }
    Ok(games)
}

/// A comment or variation still open at the end of a line.
enum Open {
    /// A `{comment}`: the line it opened on, its text so far.
    Comment { line: usize, text: String },
    /// A `(variation)`.
    Variation(OpenVariation),
}

impl Open {
    /// The error of a text that ends with it open.
    fn unclosed(&self) -> PdnError {
        match self {
            Open::Comment { line, .. } => PdnError::Unclosed {
                what: "comment",
                line: *line,
            },
            Open::Variation(v) => PdnError::Unclosed {
                what: "variation",
                line: v.line,
            },
        }
    }
}

/// A variation being read: where it opened, how deep its parentheses
/// stand, whether a comment inside it is open (its parentheses do not
/// count), and its text so far.
struct OpenVariation {
    line: usize,
    depth: usize,
    in_comment: bool,
    text: String,
}

impl OpenVariation {
    /// Takes its next character: true at the parenthesis that closes it.
    fn take(&mut self, c: char) -> bool {
        match c {
            '}' if self.in_comment => self.in_comment = false,
            _ if self.in_comment => {}
            '{' => self.in_comment = true,
            '(' => self.depth += 1,
            ')' if self.depth == 1 => return true,
            ')' => self.depth -= 1,
            _ => {}
        }
        self.text.push(c);
        false
    }
}

/// The movetext of one game being read.
#[derive(Default)]
struct Reader {
    game: PdnGame,
    /// The move words and results so far.
    words: Vec<String>,
    open: Option<Open>,
    /// Whether a movetext word has been read.
    in_moves: bool,
}

impl Reader {
    /// Reads a line of movetext (line `number` of the text).
    fn read_line(&mut self, line: &str, number: usize) {
        let mut word = String::new();
        for c in line.chars() {
            match &mut self.open {
                Some(Open::Comment { text, .. }) if c != '}' => text.push(c),
                Some(Open::Comment { .. }) => self.close(),
                Some(Open::Variation(v)) => {
                    if v.take(c) {
                        self.close();
                    }
                }
                None => match c {
                    '{' | '(' | ';' => {
                        push_word(&mut word, &mut self.words);
                        let text = String::new();
                        self.open = match c {
                            '{' => Some(Open::Comment { line: number, text }),
                            '(' => Some(Open::Variation(OpenVariation {
                                line: number,
                                depth: 1,
                                in_comment: false,
                                text,
                            })),
                            _ => break,
                        };
                    }
                    c if c.is_whitespace() => push_word(&mut word, &mut self.words),
                    c => {
                        self.in_moves = true;
                        word.push(c);
                    }
                },
            }
        }
        push_word(&mut word, &mut self.words);
        match &mut self.open {
            Some(Open::Comment { text, .. }) => text.push(' '),
            Some(Open::Variation(v)) => v.text.push(' '),
            None => {}
        }
    }

    /// Ends the open comment or variation, keeping its text.
    fn close(&mut self) {
        let after_words = self.words.iter().filter(|w| !is_result(w)).count();
        let collapse = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
        match self.open.take() {
            Some(Open::Comment { text, .. }) => self.game.comments.push(Comment {
                after_words,
                text: collapse(&text),
            }),
            Some(Open::Variation(v)) => self.game.variations.push(Variation {
                after_words,
                text: collapse(&v.text),
            }),
            None => {}
        }
    }

    /// The game read: its result the last result word, its moves the
    /// other words; the reader left empty for the next game.
    fn finish(&mut self) -> PdnGame {
        let mut words = std::mem::take(&mut self.words);
        let mut game = std::mem::take(&mut self.game);
        game.result = words.iter().rev().find(|w| is_result(w)).cloned();
        words.retain(|w| !is_result(w));
        game.moves = words.join(" ");
        self.in_moves = false;
        game
    }
}

/// Ends the movetext word being read: a move or a result is kept, a move
/// number (also one joined to its move, `1.11-15`), an annotation (`$3`)
/// and marks (`!`, `?`) are not.
fn push_word(word: &mut String, words: &mut Vec<String>) {
    let w = std::mem::take(word);
    let w = w.trim_end_matches(['!', '?']);
    // `12.` or `12...` alone, or joined to the move after it.
    let digits = w.len() - w.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let w = if digits > 0 && w[digits..].starts_with('.') {
        w[digits..].trim_start_matches('.')
    } else {
        w
    };
    if !w.is_empty() && !w.starts_with('$') {
        words.push(w.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_read_back_with_their_tags_and_moves() {
        let text = "[Event \"a \\\"b\\\"\"]\n[Game \"pegs\"]\n\n1. K@11 K@14 2.@2 ; rest\n\
                    {a\ncomment} (2. @3 (2. @4)) $1 @5! 1-0\n\n[Event \"two\"]\n1... 23-19 *\n";
        let games = read_games(text).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("Event"), Some("a \"b\""));
        assert_eq!(games[0].tag("Game"), Some("pegs"));
        assert_eq!(games[0].moves, "K@11 K@14 @2 @5");
        assert_eq!(games[0].result.as_deref(), Some("1-0"));
        assert_eq!(games[1].moves, "23-19");
        assert_eq!(games[1].result.as_deref(), Some("*"));
        assert_eq!(games[1].tag("Game"), None);
    }

    #[test]
    fn bad_pdn_is_an_error() {
        assert_eq!(read_games(""), Err(PdnError::Empty));
        assert_eq!(read_games("[Event x]\n"), Err(PdnError::BadTag { line: 1 }));
        assert_eq!(
            read_games("1. 11-15\n{open\n"),
            Err(PdnError::Unclosed {
                what: "comment",
                line: 2
            })
        );
        // What this module writes, it reads.
        let moves = ["11-15", "23-19", "8-11"];
        let written = format!(
            "{}\n{}",
            tag("Event", "e"),
            movetext(Side::Black, &moves, &["*".into()])
        );
        assert_eq!(read_games(&written).unwrap()[0].moves, moves.join(" "));
    }

    #[test]
    fn a_game_written_whole_reads_back() {
        let tags = [("Event".to_string(), "e".to_string())];
        let text = game(&tags, Side::White, &["23-19", "8-11"], &["1-1".into()]);
        assert_eq!(text, "[Event \"e\"]\n\n1... 23-19 2. 8-11 1-1\n");
        let read = &read_games(&text).unwrap()[0];
        assert_eq!(
            (read.tags.as_slice(), read.moves.as_str()),
            (&tags[..], "23-19 8-11")
        );
        assert_eq!(read.result.as_deref(), Some("1-1"));
    }

    #[test]
    fn variations_are_written_numbered_and_read_back() {
        let note = ["-0.40/10 0.100s".to_string()];
        let better = variation_movetext(
            Side::Black,
            2,
            &[
                Annotated {
                    text: "9-14",
                    comments: &["+0.60/10 0.100s".to_string()],
                    variations: &[],
                },
                Annotated {
                    text: "22-18",
                    comments: &[],
                    variations: &[],
                },
                Annotated {
                    text: "5-9",
                    comments: &[],
                    variations: &[],
                },
            ],
        );
        assert_eq!(better, "2. 9-14 {+0.60/10 0.100s} 22-18 3. 5-9");
        let white = variation_movetext(
            Side::Black,
            1,
            &[Annotated {
                text: "22-18",
                comments: &[],
                variations: &[],
            }],
        );
        assert_eq!(white, "1... 22-18");
        let variations = [better.clone(), white];
        let moves = [
            Annotated {
                text: "11-15",
                comments: &[],
                variations: &[],
            },
            Annotated {
                text: "23-19",
                comments: &[],
                variations: &[],
            },
            Annotated {
                text: "12-16?",
                comments: &note,
                variations: &variations,
            },
        ];
        let text = annotated_movetext(Side::Black, &[], &moves, &["*".into()]);
        assert_eq!(
            text,
            "1. 11-15 23-19 2. 12-16? {-0.40/10 0.100s} (2. 9-14 {+0.60/10 0.100s} 22-18 3.\n\
             5-9) (1... 22-18) *\n"
        );
        let game = &read_games(&text).unwrap()[0];
        assert_eq!(game.moves, "11-15 23-19 12-16");
        assert_eq!(game.result.as_deref(), Some("*"));
        let texts: Vec<String> = game.moves.split(' ').map(str::to_string).collect();
        assert_eq!(game.comments_per_ply(&texts)[2], ["-0.40/10 0.100s"]);
        let per_ply = game.variations_per_ply(&texts);
        assert!(per_ply[0].is_empty() && per_ply[1].is_empty());
        assert_eq!(per_ply[2], [better.as_str(), "1... 22-18"]);
        let line = game.variations[0].read().unwrap();
        assert_eq!(line.moves, "9-14 22-18 5-9");
        assert_eq!(line.comments[0].text, "+0.60/10 0.100s");
        assert_eq!(line.comments[0].after_words, 1);
        // Parentheses in a comment inside a variation do not close it;
        // variations inside one stay in its text.
        let nested = read_games("1. 11-15 ({a) b} 9-14 (10-14) {c}) 23-19 *").unwrap();
        assert_eq!(nested[0].moves, "11-15 23-19");
        assert_eq!(nested[0].variations[0].text, "{a) b} 9-14 (10-14) {c}");
        let inner = nested[0].variations[0].read().unwrap();
        assert_eq!((inner.moves.as_str(), inner.variations.len()), ("9-14", 1));
        assert_eq!(
            read_games("1. 11-15 (9-14 {x)\n"),
            Err(PdnError::Unclosed {
                what: "variation",
                line: 1
            })
        );
    }

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

    #[test]
    fn comments_are_kept_with_the_ply_they_follow() {
        let moves = [
            Annotated {
                text: "11-15",
                comments: &["+0.10/4 0.001s".to_string()],
                variations: &[],
            },
            Annotated {
                text: "23-19?",
                comments: &["a {long} note".repeat(8), "two".to_string()],
                variations: &[],
            },
            Annotated {
                text: "8-11",
                comments: &[],
                variations: &[],
            },
        ];
        let text = annotated_movetext(Side::Black, &["start".into()], &moves, &["*".into()]);
        assert!(text.lines().all(|l| l.len() <= 79), "{text}");
        assert!(text.starts_with("{start} 1. 11-15 {+0.10/4 0.001s} 23-19? {a (long) note"));
        let game = &read_games(&text).unwrap()[0];
        assert_eq!(game.moves, "11-15 23-19 8-11");
        assert_eq!(game.leading_comments().collect::<Vec<_>>(), ["start"]);
        let texts: Vec<String> = game.moves.split(' ').map(str::to_string).collect();
        let per_ply = game.comments_per_ply(&texts);
        assert_eq!(per_ply[0], ["+0.10/4 0.001s"]);
        assert_eq!(per_ply[1], ["a (long) note".repeat(8).as_str(), "two"]);
        assert!(per_ply[2].is_empty());
        // A move of two words (a huff) takes the comments after its second.
        let huff = read_games("1. h14 11-15 {x} 23-19 {y} *").unwrap();
        let texts = ["h14 11-15".to_string(), "23-19".to_string()];
        assert_eq!(huff[0].comments_per_ply(&texts), [vec!["x"], vec!["y"]]);
    }
}
