//! The registry of games: what a game tells everything outside its own
//! crate ([`Variant`]), and the list of games that the command line, the
//! Hub server and the arena go through ([`GameList`]).
//!
//! A game implements [`Variant`] once, on its rules value (checkers'
//! `Rules`, the peg game's `PegRules`): how its rules, positions and moves
//! are written, what the Hub protocol calls it, its PDN tags, its opening
//! decks, its bench positions, its diagram, and how it builds an evaluator
//! from a user's text. Code that serves every game is generic over
//! `V: Variant`; it reaches the game a user named through a [`GameList`],
//! a tuple of `Variant` types, with a [`Visit`]or: one generic function
//! that the list calls with the type of the game asked for. So the only
//! place that knows which games there are is the list itself (the crate
//! `parlour-games`), and adding a game is a crate, a dependency line and
//! one entry in that tuple.
//!
//! ```
//! use parlour_game::registry::{GameList, Variant, Visit};
//!
//! struct Name;
//! impl Visit for Name {
//!     type Output = &'static str;
//!     fn visit<V: Variant>(self) -> &'static str {
//!         V::NAME
//!     }
//! }
//! // With no game listed, no name is found.
//! assert_eq!(<() as GameList>::find(|_| true, Name), None);
//! ```

use crate::echo::{echo, echo_within};
use crate::tables::{SharedTables, TablesError, TablesSlot};
use crate::view::{BoardView, MoveView, Setup};
use crate::{Evaluate, Game};
use std::cmp::Ordering;
use std::error::Error;
use std::fmt;
use std::path::Path;

/// A game under one set of rules, as everything outside the game's crate
/// sees it. The implementor is the game's rules value: a `--rules` text
/// reads into it, and it makes the start position.
///
/// Only the items without a default are needed; the defaults suit a game
/// that has no Hub form of its own, no opening decks and no bench
/// positions, and whose only evaluation is its default one.
pub trait Variant: Copy + Eq + Default + fmt::Debug + fmt::Display + Send + Sync + 'static {
    /// The game's positions, which carry these rules; a game learns its
    /// evaluation by the game-independent pipeline ([`crate::Learn`]).
    type Position: Game + Evaluate + crate::Learn;
    /// What can be wrong with a text of the game (its rules, a position).
    type Error: Error + Send + Sync + 'static;

    /// The name `--game` takes (`checkers`).
    const NAME: &'static str;
    /// What the game is and how its rules are written, for `--help`.
    const ABOUT: &'static str;
    /// The command-line flag that gives a position of the game, without
    /// its dashes (`fen` for checkers, `position` for the peg game).
    const POSITION_FLAG: &'static str = "position";

    /// Reads a rules text (`english,quiet_plies=60`; the peg game's
    /// `squares=4,reserve=2`).
    fn parse_rules(text: &str) -> Result<Self, Self::Error>;

    /// The rules a position is played under.
    fn rules_of(pos: &Self::Position) -> Self;

    /// The start position under these rules.
    fn start(&self) -> Self::Position;

    /// Reads a position written as its `Display` writes it. `rules` are
    /// the rules given beside it, if any (`--rules`): without them a
    /// position is under the game's default rules, or under rules its own
    /// text names, which must then agree with any given.
    fn parse_position(rules: Option<Self>, text: &str) -> Result<Self::Position, Self::Error>;

    /// Splits a line of moves written with white space between them into
    /// one text per move. The default splits at every space; a game whose
    /// move texts hold spaces (a checkers huff, `h14 11-15`) keeps them
    /// together.
    fn split_line(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    /// Whether a line of an openings file is a position rather than a
    /// line of moves.
    fn looks_like_position(line: &str) -> bool {
        line.contains(':')
    }

    /// The position drawn for a person, with the numbers of its squares.
    fn diagram(pos: &Self::Position) -> String {
        format!("{pos}\n")
    }

    /// [`Variant::diagram`] as the player of `viewer` sees the board, his
    /// side nearest him; the default draws every side the same (a board
    /// with no sides, as the peg game's).
    fn diagram_for(pos: &Self::Position, viewer: crate::Side) -> String {
        let _ = viewer;
        Self::diagram(pos)
    }

    /// The position drawn as a standalone SVG picture, as a diagram of a
    /// book shows it: `viewer`'s side at the bottom (a board with no sides
    /// ignores it), and `line`, moves played in turn from `pos` (a
    /// principal variation, the best move first), drawn as numbered
    /// arrows. `None` for a game with no such picture.
    fn diagram_svg(
        pos: &Self::Position,
        viewer: crate::Side,
        line: &[MoveOf<Self>],
    ) -> Option<String> {
        let _ = (pos, viewer, line);
        None
    }

    /// The position as a board a front end draws and clicks on
    /// ([`crate::view`]); `None`, the default, for a game with no such
    /// view (a front end then offers it no board).
    fn view(pos: &Self::Position) -> Option<BoardView> {
        let _ = pos;
        None
    }

    /// What the legal move `mv` of `pos` does on [`Variant::view`]'s
    /// board; `None` where the game has no view.
    fn move_view(pos: &Self::Position, mv: MoveOf<Self>) -> Option<MoveView> {
        let _ = (pos, mv);
        None
    }

    /// The position a person set up on [`Variant::view`]'s board under
    /// these rules, checked as the game checks its text; `None` where
    /// the game has no view.
    fn compose(&self, setup: &Setup) -> Option<Result<Self::Position, Self::Error>> {
        let _ = setup;
        None
    }

    /// How moves are typed, for a person's `help`.
    fn notation(&self) -> &'static str {
        "moves as `parlour moves` lists them"
    }

    /// What a person might not see in the move `mv` played in `pos`, in
    /// words (checkers: whose piece a huff removes, and which capture it
    /// punishes); `None` for a move that says it all.
    fn explain(pos: &Self::Position, mv: MoveOf<Self>) -> Option<String> {
        let _ = (pos, mv);
        None
    }

    /// The generated board of these rules drawn with its tables, for games
    /// whose board is generated (`parlour board`); `None` for a fixed
    /// board.
    fn board(&self) -> Option<String> {
        None
    }

    /// The names the Hub protocol's `variant` parameter gives the game's
    /// rule sets (checkers: `english`, `huffing`).
    fn hub_variants() -> &'static [&'static str] {
        &[Self::NAME]
    }

    /// The Hub variant these rules belong to, one of
    /// [`Variant::hub_variants`].
    fn hub_variant(&self) -> &'static str {
        Self::NAME
    }

    /// The default rules of a Hub variant, if it is one of this game's.
    fn for_hub_variant(name: &str) -> Option<Self> {
        (name == Self::NAME).then(Self::default)
    }

    /// The position in the Hub protocol's own form (`pos pos=...`), where
    /// the game has one; `None` sends parlour's text (`pos fen=...`).
    fn hub_position(pos: &Self::Position) -> Option<String> {
        let _ = pos;
        None
    }

    /// Reads the Hub protocol's own form of a position under these rules;
    /// `None` where the game has no such form.
    fn parse_hub_position(&self, text: &str) -> Option<Result<Self::Position, Self::Error>> {
        let _ = text;
        None
    }

    /// A move (legal in `pos`) as a Hub line writes it.
    fn hub_move(pos: &Self::Position, mv: <Self::Position as Game>::Move) -> String {
        let _ = pos;
        mv.to_string()
    }

    /// The legal move a Hub line's text names in `pos`.
    fn parse_hub_move(pos: &Self::Position, text: &str) -> Result<MoveOf<Self>, MoveErrorOf<Self>> {
        pos.parse_move(text)
    }

    /// The game's own PDN tags for a game under these rules that starts
    /// at the position written `start`, in order. The default names the
    /// game, its rules (where not the default) and a start that is not the
    /// usual one.
    fn pdn_tags(&self, start: &str) -> Vec<(String, String)> {
        let mut tags = vec![("Game".to_string(), Self::NAME.to_string())];
        if *self != Self::default() {
            tags.push(("Rules".to_string(), self.to_string()));
        }
        if start != self.start().to_string() {
            tags.push(("FEN".to_string(), start.to_string()));
        }
        tags
    }

    /// The names of the game's built-in opening decks.
    fn decks() -> &'static [&'static str] {
        &[]
    }

    /// A built-in deck by name: each opening's name and its moves from
    /// the start, as a line [`Variant::split_line`] reads. `None` if there
    /// is no such deck.
    fn deck(&self, name: &str) -> Option<Vec<(String, &'static str)>> {
        let _ = name;
        None
    }

    /// The openings of a match that names none (`random` plies unless the
    /// game has a deck).
    fn default_openings() -> &'static str {
        "random"
    }

    /// The engines of a match that names none: a short match that means
    /// something for this game.
    fn match_engines() -> [&'static str; 2] {
        ["search:depth=6", "greedy"]
    }

    /// The evaluation the game plays under these rules when none is
    /// named: what `default` means on every way in (`best`, `match`,
    /// `play`, `analyse`, `selfplay`, the Hub engine, Python, the board).
    /// Generic code has no other road to a default evaluation.
    fn default_evaluator(&self) -> EvaluatorOf<Self>;

    /// The evaluator a name other than `default` gives under these rules:
    /// one of the game's own words (`handwritten`) or the path of a
    /// weights file. The default takes none.
    fn evaluator(&self, name: &str) -> Result<EvaluatorOf<Self>, EvalError> {
        Err(EvalError::Unknown {
            spec: name.to_string(),
            game: Self::NAME,
            expected: "default",
        })
    }

    /// Where the opener of the game's endgame tables is installed, and how
    /// its evaluator takes them ([`crate::tables`]); `None`, the default,
    /// for a game without tables.
    fn tables() -> Option<&'static TablesSlot<Self::Position, EvaluatorOf<Self>>> {
        None
    }

    /// The game's positions in `parlour bench`, searched in this order.
    fn bench() -> &'static [BenchCase] {
        &[]
    }

    /// Runs `run` on the game's positions with moves that have the same
    /// effect merged (checkers: captures of the same pieces from and to
    /// the same squares, `perft --unique`); `None` where the game has no
    /// such form.
    fn with_unique_paths<W: WithGame>(pos: &Self::Position, run: W) -> Option<W::Output> {
        let _ = (pos, run);
        None
    }
}

/// A move of the game `V`.
pub type MoveOf<V> = <<V as Variant>::Position as Game>::Move;
/// What can be wrong with a move text of the game `V`.
pub type MoveErrorOf<V> = <<V as Variant>::Position as Game>::MoveError;
/// The evaluator of the game `V`.
pub type EvaluatorOf<V> = <<V as Variant>::Position as Evaluate>::Evaluator;

/// An evaluation as a user names it (`--eval`, `eval=` in an engine
/// spec, the Hub's `eval` parameter, Python's `eval=`), read once where
/// the text enters: the game's default, or a name the game resolves (one
/// of its words, or a weights file's path). `default` reads as
/// [`EvalSpec::Default`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum EvalSpec {
    /// The game's default evaluation ([`Variant::default_evaluator`]).
    #[default]
    Default,
    /// A name the game resolves ([`Variant::evaluator`]).
    Named(String),
}

impl std::str::FromStr for EvalSpec {
    type Err = EvalError;

    /// `default`, or any other name, trimmed; an empty text is an error.
    fn from_str(text: &str) -> Result<EvalSpec, EvalError> {
        match text.trim() {
            "" => Err(EvalError::Empty),
            "default" => Ok(EvalSpec::Default),
            name => Ok(EvalSpec::Named(name.to_string())),
        }
    }
}

impl fmt::Display for EvalSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalSpec::Default => f.write_str("default"),
            EvalSpec::Named(name) => f.write_str(name),
        }
    }
}

/// The evaluator `spec` names for the game `rules` plays (its default, or
/// [`Variant::evaluator`]), with the game's endgame tables kept in
/// `tables` beside it where a folder is given ([`Variant::tables`]).
pub fn evaluator<V: Variant>(
    rules: &V,
    spec: &EvalSpec,
    tables: Option<&Path>,
) -> Result<EvaluatorOf<V>, EvalError> {
    let eval = match spec {
        EvalSpec::Default => rules.default_evaluator(),
        EvalSpec::Named(name) => rules.evaluator(name)?,
    };
    let Some(dir) = tables else {
        return Ok(eval);
    };
    let slot = V::tables().ok_or(TablesError::NoTables { game: V::NAME });
    slot.and_then(|slot| slot.attach(eval, dir))
        .map_err(|e| EvalError::Tables {
            dir: dir.to_path_buf(),
            source: Box::new(e),
        })
}

/// The game `V`'s endgame tables kept in `dir` ([`Variant::tables`]).
pub fn tables<V: Variant>(dir: &Path) -> Result<SharedTables<V::Position>, TablesError> {
    let slot = V::tables().ok_or(TablesError::NoTables { game: V::NAME })?;
    slot.open(dir)
}

/// One position of `parlour bench`: rules, a position (`None`: the start)
/// and moves played from it, comma-separated, and the depth to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchCase {
    /// The rules text (empty: the default rules).
    pub rules: &'static str,
    /// The position's text, or `None` for the start.
    pub position: Option<&'static str>,
    /// Moves played from the position first, comma-separated.
    pub moves: &'static str,
    /// The depth to search to.
    pub depth: u32,
}

/// Why a text names no evaluator.
#[derive(Debug, thiserror::Error)]
pub enum EvalError {
    /// An empty name.
    #[error("an evaluation's name is empty: give `default`, a name the game takes, or a file")]
    Empty,
    /// The text names none of the game's evaluations.
    #[error("unknown evaluation `{spec}`: {game} takes {expected}", spec = echo(.spec))]
    Unknown {
        /// The text given.
        spec: String,
        /// The game asked.
        game: &'static str,
        /// The evaluations it takes, in words.
        expected: &'static str,
    },
    /// The text names an evaluation that could not be made (weights that
    /// could not be read).
    #[error("cannot load the evaluation `{spec}`", spec = echo(.spec))]
    Load {
        /// The text given.
        spec: String,
        /// What went wrong.
        #[source]
        source: Box<dyn Error + Send + Sync>,
    },
    /// The endgame databases to search with could not be opened.
    #[error("cannot open the endgame databases in `{}`", echo_within(&.dir.display(), 40))]
    Tables {
        /// The folder given.
        dir: std::path::PathBuf,
        /// What went wrong.
        #[source]
        source: Box<dyn Error + Send + Sync>,
    },
}

/// Generic code run on whichever game a user asked for: [`GameList::find`]
/// calls `visit` with that game's [`Variant`] type.
pub trait Visit {
    /// What the code gives back.
    type Output;
    /// Runs the code for the game `V`.
    fn visit<V: Variant>(self) -> Self::Output;
}

/// Generic code over any [`Game`] value, for a game to run on a form of
/// its positions of its own choosing ([`Variant::with_unique_paths`]).
pub trait WithGame {
    /// What the code gives back.
    type Output;
    /// Runs the code on `pos`.
    fn run<G: Game>(self, pos: &G) -> Self::Output;
}

/// What a list tells of each game without visiting it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// [`Variant::NAME`].
    pub name: &'static str,
    /// [`Variant::ABOUT`].
    pub about: &'static str,
    /// [`Variant::POSITION_FLAG`].
    pub position_flag: &'static str,
    /// [`Variant::hub_variants`].
    pub hub_variants: &'static [&'static str],
    /// Whether the game's board is generated, and drawn by
    /// [`Variant::board`].
    pub has_board: bool,
}

impl GameInfo {
    /// What the game `V` tells of itself.
    pub fn of<V: Variant>() -> GameInfo {
        GameInfo {
            name: V::NAME,
            about: V::ABOUT,
            position_flag: V::POSITION_FLAG,
            hub_variants: V::hub_variants(),
            has_board: V::default().board().is_some(),
        }
    }
}

/// A list of games: a tuple of [`Variant`] types (up to eight), in the
/// order commands list them.
pub trait GameList: 'static {
    /// What each game tells of itself, in order.
    fn games() -> Vec<GameInfo>;

    /// Visits the first game `pick` chooses; `None` if it chooses none.
    fn find<W: Visit>(pick: impl Fn(&GameInfo) -> bool, visitor: W) -> Option<W::Output>;

    /// The games' names, in order.
    fn names() -> Vec<&'static str> {
        Self::games().iter().map(|g| g.name).collect()
    }

    /// Every Hub variant of every game, in order.
    fn hub_variants() -> Vec<&'static str> {
        Self::games()
            .iter()
            .flat_map(|g| g.hub_variants.iter().copied())
            .collect()
    }

    /// Visits the game called `name`, or says which games there are.
    fn visit<W: Visit>(name: &str, visitor: W) -> Result<W::Output, UnknownGame> {
        Self::find(|g| g.name == name, visitor).ok_or_else(|| UnknownGame {
            name: name.to_string(),
            known: Self::names(),
        })
    }

    /// Visits the game that plays the Hub variant `name`, or says which
    /// variants there are.
    fn visit_hub_variant<W: Visit>(name: &str, visitor: W) -> Result<W::Output, UnknownGame> {
        Self::find(|g| g.hub_variants.contains(&name), visitor).ok_or_else(|| UnknownGame {
            name: name.to_string(),
            known: Self::hub_variants(),
        })
    }
}

/// A name that no game of a list answers to.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown game `{name}`: expected {}", .known.join(", "), name = echo(.name))]
pub struct UnknownGame {
    /// The name asked for.
    pub name: String,
    /// The names there are.
    pub known: Vec<&'static str>,
}

impl GameList for () {
    fn games() -> Vec<GameInfo> {
        Vec::new()
    }

    fn find<W: Visit>(_pick: impl Fn(&GameInfo) -> bool, _visitor: W) -> Option<W::Output> {
        None
    }
}

/// `GameList` for a tuple of `Variant` types: each in turn.
macro_rules! game_list {
    ($($v:ident),+) => {
        impl<$($v: Variant),+> GameList for ($($v,)+) {
            fn games() -> Vec<GameInfo> {
                vec![$(GameInfo::of::<$v>()),+]
            }

            fn find<W: Visit>(pick: impl Fn(&GameInfo) -> bool, visitor: W) -> Option<W::Output> {
                $(
                    if pick(&GameInfo::of::<$v>()) {
                        return Some(visitor.visit::<$v>());
                    }
                )+
                None
            }
        }
    };
}

game_list!(A);
game_list!(A, B);
game_list!(A, B, C);
game_list!(A, B, C, D);
game_list!(A, B, C, D, E);
game_list!(A, B, C, D, E, F);
game_list!(A, B, C, D, E, F, G);
game_list!(A, B, C, D, E, F, G, H);

/// A move of a line that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
// The move is quoted short: its reason quotes it again at length.
#[error("move {number} `{text}`", text = echo_within(.text, 24))]
pub struct LineError<E: Error + 'static> {
    /// The move's number in the line, from 1.
    pub number: usize,
    /// Its text.
    pub text: String,
    /// Why it could not be read.
    #[source]
    pub source: E,
}

/// Reads moves played in turn from `start`, each text read by `read` in the
/// position it is played in.
pub fn read_line<G: Game, S: AsRef<str>, E: Error + 'static>(
    start: &G,
    texts: &[S],
    read: impl Fn(&G, &str) -> Result<G::Move, E>,
) -> Result<Vec<G::Move>, LineError<E>> {
    let mut pos = *start;
    let mut moves = Vec::with_capacity(texts.len());
    for (i, text) in texts.iter().enumerate() {
        let text = text.as_ref().trim();
        let mv = read(&pos, text).map_err(|source| LineError {
            number: i + 1,
            text: text.to_string(),
            source,
        })?;
        pos = pos.play(mv);
        moves.push(mv);
    }
    Ok(moves)
}

/// Reads a line of moves in the game's own notation from `start`
/// ([`Variant::split_line`], then [`Game::parse_move`] for each).
pub fn parse_line<V: Variant>(
    start: &V::Position,
    text: &str,
) -> Result<Vec<MoveOf<V>>, LineError<MoveErrorOf<V>>> {
    read_line(start, &V::split_line(text), |pos, t| pos.parse_move(t))
}

/// The legal moves of `pos` as text, in [`board_order`]: what
/// `parlour moves` prints and a person's `moves` lists.
pub fn sorted_moves<G: Game>(pos: &G) -> Vec<String> {
    let mut list = G::MoveList::default();
    pos.legal_moves(&mut list);
    let mut names: Vec<String> = list.as_ref().iter().map(|m| m.to_string()).collect();
    names.sort_by(|a, b| board_order(a, b));
    names
}

/// Orders move texts as a person reads a board: a run of digits by its
/// number, anything else character by character, so `7-11` comes before
/// `10-14` and `h9 10-14` before `h10 7-11`.
pub fn board_order(a: &str, b: &str) -> Ordering {
    let (mut x, mut y) = (a.as_bytes(), b.as_bytes());
    loop {
        let (p, q) = match (x.first(), y.first()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(p), Some(q)) => (*p, *q),
        };
        if p.is_ascii_digit() && q.is_ascii_digit() {
            let (m, rest_x) = digits(x);
            let (n, rest_y) = digits(y);
            let order = m.len().cmp(&n.len()).then(m.cmp(n));
            if order != Ordering::Equal {
                return order;
            }
            (x, y) = (rest_x, rest_y);
        } else if p != q {
            return p.cmp(&q);
        } else {
            (x, y) = (&x[1..], &y[1..]);
        }
    }
}

/// The run of digits `text` starts with, its leading zeros left out, and
/// the text after the run.
fn digits(text: &[u8]) -> (&[u8], &[u8]) {
    let end = text.iter().take_while(|c| c.is_ascii_digit()).count();
    let zeros = text[..end].iter().take_while(|&&c| c == b'0').count();
    (&text[zeros..end], &text[end..])
}

#[cfg(test)]
mod tests {
    use super::board_order;

    #[test]
    fn board_order_reads_numbers_as_numbers() {
        let mut moves = vec![
            "10-15", "7-11", "10-14", "h10 7-11", "9x18x27", "h9 10-14", "9x18", "K@12", "K@2",
            "compel", "9-13",
        ];
        moves.sort_by(|a, b| board_order(a, b));
        assert_eq!(
            moves,
            [
                "7-11", "9-13", "9x18", "9x18x27", "10-14", "10-15", "K@2", "K@12", "compel",
                "h9 10-14", "h10 7-11"
            ]
        );
    }
}
