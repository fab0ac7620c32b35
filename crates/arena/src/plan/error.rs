//! What can be wrong with what a match is told: an engine spec, a time
//! control, a shard, a resignation or draw rule, the openings.

use crate::plan::options::{EngineKind, SpecKey};
use parlour_game::echo::{echo, echo_within};
use parlour_hub::client::CommandLineError;
use parlour_search::{LimitError, SkillError};
use std::error::Error;
use std::path::PathBuf;

/// An engine spec (`search:depth=8`, `hub:CMD,depth=4`) that does not read.
/// A spec that is all kind (no `:`) is quoted once, not again as the kind.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("engine `{}`: {}", echo(.spec), self.problem_text())]
pub struct SpecError {
    /// The spec as given.
    pub spec: String,
    /// What is wrong with it.
    pub problem: SpecProblem,
}

/// What an unknown engine kind is told.
const UNKNOWN_KIND: &str =
    "expected random, greedy, search or hub, as in search:depth=8 or hub:parlour hub,depth=4";

impl SpecError {
    /// The problem, without the kind where the kind is the whole spec: what
    /// to say after the spec itself is quoted.
    pub fn problem_text(&self) -> String {
        match &self.problem {
            SpecProblem::UnknownKind { kind } if *kind == self.spec => {
                format!("unknown kind: {UNKNOWN_KIND}")
            }
            problem => problem.to_string(),
        }
    }
}

/// What is wrong with an engine spec.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SpecProblem {
    /// Not `random`, `greedy`, `search` or `hub`.
    #[error("unknown kind `{}`: {UNKNOWN_KIND}", echo_within(.kind, 24))]
    UnknownKind {
        /// The kind given.
        kind: String,
    },
    /// An option without `=`.
    #[error("option `{}` is not of the form name=value", echo(.option))]
    NotNameValue {
        /// The option.
        option: String,
    },
    /// An option the kind does not take.
    #[error(
        "unknown option `{}` for {kind}: its options are {}",
        echo_within(.key, 24),
        .kind.options()
    )]
    UnknownOption {
        /// The option's name.
        key: String,
        /// The engine's kind.
        kind: EngineKind,
    },
    /// A Hub parameter without a name, or with white space in it.
    #[error("`param.{}`: a parameter's name is one word, as param.NAME=VALUE", echo(.name))]
    BadParam {
        /// The name given.
        name: String,
    },
    /// A Hub parameter given twice.
    #[error("parameter `{}` is given twice", echo(.name))]
    RepeatedParam {
        /// The name.
        name: String,
    },
    /// An option given twice.
    #[error("option `{key}` is given twice")]
    Repeated {
        /// The option.
        key: SpecKey,
    },
    /// A count that is not a whole number above 0.
    #[error("{key} must be a whole number above 0, not `{}`", echo(.value))]
    NotPositive {
        /// The option.
        key: SpecKey,
        /// Its value.
        value: String,
    },
    /// A count too large to keep.
    #[error("{key} {value} is too large")]
    TooLarge {
        /// The option.
        key: SpecKey,
        /// Its value.
        value: u64,
    },
    /// `seed=` not a whole number.
    #[error("seed must be a whole number, not `{}`", echo(.value))]
    Seed {
        /// The value given.
        value: String,
    },
    /// `startup=` not a number of seconds above 0.
    #[error("startup must be a number of seconds above 0, not `{}`", echo(.value))]
    Startup {
        /// The value given.
        value: String,
    },
    /// `name=` empty.
    #[error("the name is empty")]
    EmptyName,
    /// `name=` with quotes or line breaks, which records cannot hold.
    #[error("a name may not contain quotes or line breaks")]
    BadName,
    /// `eval=` empty.
    #[error("the evaluation is empty: write eval=NAME, as in eval=handwritten")]
    EmptyEval,
    /// `book=` that names no book.
    #[error(transparent)]
    Book(#[from] parlour_book::BookSpecError),
    /// `bookpick=` that is no way to pick.
    #[error(transparent)]
    BookPick(#[from] parlour_book::PickError),
    /// `egdb=` empty.
    #[error("the endgame databases' directory is empty: write egdb=DIR")]
    EmptyEgdb,
    /// A `tc=` that does not read.
    #[error(transparent)]
    TimeControl(#[from] TimeControlError),
    /// Limits out of range, or that cannot go together.
    #[error(transparent)]
    Limit(#[from] LimitError),
    /// A skill level out of range.
    #[error(transparent)]
    Skill(#[from] SkillError),
    /// A Hub engine with no command.
    #[error(
        "the engine command is empty: write hub:COMMAND,depth=N (or nodes, movetime, tc), as \
         in hub:parlour hub,depth=4"
    )]
    EmptyCommand,
    /// A Hub engine command that does not split into words.
    #[error(transparent)]
    Command(#[from] CommandLineError),
    /// A Hub engine with no limit.
    #[error("a hub engine needs a limit: depth=N, nodes=N, movetime=MS or tc=SECONDS+INCREMENT")]
    HubNoLimit,
}

/// A time control (`tc=10+0.1`) that does not read.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum TimeControlError {
    /// A time out of range.
    #[error("tc `{}`: {source}", echo(.text))]
    Range {
        /// The whole text.
        text: String,
        /// The range it is out of.
        source: LimitError,
    },
    /// A time that is not a number of seconds.
    #[error("tc `{}`: the {what} `{}` is not a number of seconds", echo(.text), echo(.value))]
    NotSeconds {
        /// The whole text.
        text: String,
        /// `base time` or `increment`.
        what: &'static str,
        /// The value given.
        value: String,
    },
    /// No base time.
    #[error("tc `{}`: the base time must be more than 0", echo(.text))]
    NoBase {
        /// The whole text.
        text: String,
    },
}

/// A shard (`K/N`) that does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    /// Not two whole numbers with a `/` between them.
    #[error("shard `{}`: write K/N, as in 2/4 (shard 2 of 4)", echo(.text))]
    Shape {
        /// The text given.
        text: String,
    },
    /// A shard number outside 1..=N.
    #[error("shard {index}/{count}: the shard's number must be from 1 to {count}")]
    Range {
        /// The shard's number.
        index: u32,
        /// How many shards.
        count: u32,
    },
}

/// Openings that cannot be had.
#[derive(Debug, thiserror::Error)]
pub enum OpeningError {
    /// `random:...` other than `random:plies=N,balanced=M`.
    #[error(
        "openings `{}`: write random:plies=N (N from 1 to 1000), random:balanced=M \
         (keep openings a short search scores within M hundredths of level) or both, \
         as random:plies=6,balanced=50",
        echo(.text)
    )]
    RandomPlies {
        /// The text given.
        text: String,
    },
    /// An empty openings text.
    #[error("the openings are empty: name a deck or a file")]
    Empty,
    /// A deck the game does not have.
    #[error("unknown opening deck `{}`: the decks are {}", echo(.name), .decks.join(", "))]
    UnknownDeck {
        /// The name given.
        name: String,
        /// The game's decks.
        decks: &'static [&'static str],
    },
    /// An openings file that cannot be read.
    #[error(
        "cannot read openings file `{}` (the built-in openings are start, random, \
         random:plies=N{})",
        echo(&.path.display()),
        .decks.iter().map(|d| format!(", {d}")).collect::<String>()
    )]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
        /// The game's decks.
        decks: &'static [&'static str],
    },
    /// An openings file with no opening in it.
    #[error("openings file `{}` holds no opening", echo(.file))]
    NoOpening {
        /// The file.
        file: String,
    },
    /// A position or line of moves that does not read.
    #[error("{name}")]
    Text {
        /// The opening's name (`file:line`, a ballot).
        name: String,
        /// What the game says is wrong.
        source: Box<dyn Error + Send + Sync>,
    },
    /// An opening at whose start the game is over.
    #[error("opening {name}: the game is already over at its start")]
    OverAtStart {
        /// The opening's name.
        name: String,
    },
    /// An opening with a move that is not legal.
    #[error("opening {name}: move {mv} is not legal")]
    Illegal {
        /// The opening's name.
        name: String,
        /// The move.
        mv: String,
    },
    /// `--opening-start` past the end of the openings.
    #[error("the openings start at number {start}, but there are only {openings}")]
    StartBeyond {
        /// The number asked for, from 1.
        start: usize,
        /// How many openings there are.
        openings: usize,
    },
    /// `--opening-start` with random openings, which have no order.
    #[error("random openings have no first one to start from")]
    StartRandom,
    /// An opening after which the game is over.
    #[error("opening {name}: the game is over after move {mv}")]
    OverAfter {
        /// The opening's name.
        name: String,
        /// The last move.
        mv: String,
    },
}

/// A resignation rule (`SCORE,MOVES`) or a draw rule
/// (`PLIES,SCORE,MOVES`) that does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// Not as many comma-separated items as the rule has.
    #[error("`{}`: write {}, whole numbers", echo(.text), .names.join(","))]
    Shape {
        /// The text given.
        text: String,
        /// The rule's items (`SCORE`, `MOVES`).
        names: &'static [&'static str],
    },
    /// An item that is not a whole number.
    #[error("{name} `{}` is not a whole number", echo_within(.value, 40))]
    NotANumber {
        /// The text given.
        text: String,
        /// Which item.
        name: &'static str,
        /// Its value.
        value: String,
    },
    /// A rule that never applies: no move in a row.
    #[error("`{}`: MOVES must be at least 1", echo(.text))]
    NoMoves {
        /// The text given.
        text: String,
    },
    /// A score too large to compare with a player's.
    #[error("`{}`: SCORE is too large", echo(.text))]
    ScoreTooLarge {
        /// The text given.
        text: String,
    },
}

/// Why a match header (edited by hand) describes no match `parlour match`
/// could have played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HeaderProblem {
    /// Fewer than two engines.
    #[error("it names {count} engine(s); a match has two or more")]
    TooFewEngines {
        /// How many it names.
        count: usize,
    },
    /// Two engines of one name.
    #[error("engine {number} is named `{}`, as an engine before it is", echo(.name))]
    SameName {
        /// The second engine's number, from 1.
        number: usize,
        /// The name.
        name: String,
    },
    /// An odd number of games per pairing, or none.
    #[error("it plays {per_pairing} games per pairing; a match plays an even number, at least 2")]
    GamesPerPairing {
        /// The number it names.
        per_pairing: usize,
    },
    /// More games than can be counted.
    #[error(
        "its {pairings} pairings of {per_pairing} games each are more games than can be counted"
    )]
    TooManyGames {
        /// The pairings.
        pairings: usize,
        /// The games of each.
        per_pairing: usize,
    },
    /// No opening to play.
    #[error("it lists no opening")]
    NoOpening,
}

/// Why a match cannot be planned: what it is told does not make a match.
#[derive(Debug, thiserror::Error)]
pub enum PlanError {
    /// The endgame databases of `--adjudicate-egdb` cannot be had.
    #[error("the endgame databases to adjudicate by, in `{}`", echo(&.dir.display()))]
    Databases {
        /// The folder given.
        dir: PathBuf,
        /// Why not.
        source: parlour_game::tables::TablesError,
    },
    /// Fewer than two engines.
    #[error(
        "a match needs at least two engines, and {count} {} given",
        if *.count == 1 { "was" } else { "were" }
    )]
    TooFewEngines {
        /// How many were given.
        count: usize,
    },
    /// Two engines with one name.
    #[error("two engines are named `{}`: give one another name with name=...", echo(.name))]
    SameName {
        /// The name.
        name: String,
    },
    /// An engine spec that does not read.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// No game at once.
    #[error("concurrency must be at least 1")]
    Concurrency,
    /// An SPRT with other than two engines.
    #[error("an SPRT needs exactly two engines")]
    SprtEngines,
    /// Resuming without a results file.
    #[error("resume needs the results file of the match to continue")]
    ResumeWithoutResults,
    /// One file for both the PDN and the results.
    #[error("the PDN and the results must go to two files, not both to `{}`", echo(&.path.display()))]
    SameFile {
        /// The file.
        path: PathBuf,
    },
    /// The HTML report to go over the results or the PDN.
    #[error("the HTML report must go to a file of its own, not to `{}`", echo(&.path.display()))]
    HtmlOverRecords {
        /// The file.
        path: PathBuf,
    },
    /// The HTML report's folder is not there.
    #[error("cannot write the HTML report `{}`: its folder `{}` is not there", echo(&.path.display()), echo(&.folder.display()))]
    HtmlFolder {
        /// The report's path.
        path: PathBuf,
        /// Its folder.
        folder: PathBuf,
    },
    /// An SPRT on a shard.
    #[error(
        "an SPRT cannot run on a shard, which cannot stop the whole match: play the shards, \
         then apply the SPRT to their merged games with `parlour report --sprt`"
    )]
    SprtShard,
    /// Random openings and no game count.
    #[error("random openings never run out: say how many rounds or games to play")]
    Endless,
    /// No games to play.
    #[error("a match of no games: give at least one round or game")]
    NoGames,
    /// More games than one match plays.
    #[error("a match of {games} games is too long: one match plays at most {most}",
            most = super::MOST_GAMES)]
    TooManyGames {
        /// The games the match would play.
        games: usize,
    },
    /// A shard that holds no game: more shards than games.
    #[error(
        "shard {index}/{count} holds no game: the match has {games}, so at most {games} shards"
    )]
    EmptyShard {
        /// The shard's number, from 1.
        index: u32,
        /// How many shards.
        count: u32,
        /// The match's games.
        games: usize,
    },
    /// The openings.
    #[error(transparent)]
    Openings(#[from] OpeningError),
}
