//! The words of an engine spec: its kind (`search` in `search:depth=8`)
//! and the options each kind takes (`depth`, `name`, ...).

use std::fmt;

/// The kinds of engine a match plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineKind {
    /// Uniformly random legal moves.
    Random,
    /// The best move one ply deep by an evaluation.
    Greedy,
    /// parlour's alpha-beta searcher.
    Search,
    /// An outside program speaking Hub.
    Hub,
}

/// An option of an engine spec, the word before its `=`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpecKey {
    /// `depth=N`: a depth in plies.
    Depth,
    /// `nodes=N`: a node budget per move.
    Nodes,
    /// `movetime=MS`: a time per move.
    Movetime,
    /// `tc=SECONDS+INCREMENT`: a game clock.
    Tc,
    /// `threads=N`: search threads.
    Threads,
    /// `hash=MIB`: the transposition table's size.
    Hash,
    /// `eval=SPEC`: the evaluation, as the game names it.
    Eval,
    /// `egdb=DIR`: endgame databases.
    Egdb,
    /// `book=FILE|default|off`: an opening book (`default`: the one built
    /// in; `off`: none).
    Book,
    /// `bookpick=best|varied:N`: how a book move is picked.
    BookPick,
    /// `bookfloor=PLIES`: the least depth a book move is played at.
    BookFloor,
    /// `name=NAME`: the display name.
    Name,
    /// `seed=N`: a random player's own seed.
    Seed,
    /// `startup=SECONDS`: how long a Hub engine's handshake may take.
    Startup,
    /// `margin=MS`: how far past its time a Hub engine may answer.
    Margin,
    /// `skill=N`: a search's skill level, 1 (weakest) to 10 (full).
    Skill,
}

/// The options one kind of engine takes, in the order its help lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AllowedOptions(&'static [SpecKey]);

impl EngineKind {
    /// The word that names the kind in a spec.
    pub fn name(self) -> &'static str {
        match self {
            EngineKind::Random => "random",
            EngineKind::Greedy => "greedy",
            EngineKind::Search => "search",
            EngineKind::Hub => "hub",
        }
    }

    /// The kind `word` names, if any.
    pub fn named(word: &str) -> Option<EngineKind> {
        [
            EngineKind::Random,
            EngineKind::Greedy,
            EngineKind::Search,
            EngineKind::Hub,
        ]
        .into_iter()
        .find(|k| k.name() == word)
    }

    /// The options a spec of this kind takes.
    pub fn options(self) -> AllowedOptions {
        use SpecKey::*;
        AllowedOptions(match self {
            EngineKind::Random => &[Seed, Name],
            EngineKind::Greedy => &[Eval, Name],
            EngineKind::Hub => &[Depth, Nodes, Movetime, Tc, Name, Startup, Margin],
            EngineKind::Search => &[
                Depth, Nodes, Movetime, Tc, Threads, Hash, Eval, Egdb, Skill, Book, BookPick,
                BookFloor, Name,
            ],
        })
    }
}

impl fmt::Display for EngineKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl SpecKey {
    /// The word that names the option.
    pub fn name(self) -> &'static str {
        match self {
            SpecKey::Depth => "depth",
            SpecKey::Nodes => "nodes",
            SpecKey::Movetime => "movetime",
            SpecKey::Tc => "tc",
            SpecKey::Threads => "threads",
            SpecKey::Hash => "hash",
            SpecKey::Eval => "eval",
            SpecKey::Egdb => "egdb",
            SpecKey::Book => "book",
            SpecKey::BookPick => "bookpick",
            SpecKey::BookFloor => "bookfloor",
            SpecKey::Name => "name",
            SpecKey::Seed => "seed",
            SpecKey::Startup => "startup",
            SpecKey::Margin => "margin",
            SpecKey::Skill => "skill",
        }
    }
}

impl fmt::Display for SpecKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl AllowedOptions {
    /// The option of these that `word` names.
    pub fn find(self, word: &str) -> Option<SpecKey> {
        self.0.iter().copied().find(|k| k.name() == word)
    }
}

impl fmt::Display for AllowedOptions {
    /// The options' names, as `seed, name`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, key) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(key.name())?;
        }
        Ok(())
    }
}

/// The prefix of a Hub engine's own parameter in its spec,
/// `param.NAME=VALUE`, sent to it with `set-param`.
pub const HUB_PARAM: &str = "param.";

/// Splits what follows `hub:` into the command and its options: the
/// trailing comma-separated items (commas inside quotes do not count) of the
/// form `key=value` with a key a Hub engine takes (or `param.NAME`).
pub(crate) fn split_hub(rest: &str) -> (&str, Vec<&str>) {
    // The commas outside quotes, as a shell would read the quotes.
    let mut commas = Vec::new();
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for (i, c) in rest.char_indices() {
        match (quote, c) {
            _ if escaped => escaped = false,
            (Some('\''), '\'') | (Some('"'), '"') => quote = None,
            (Some('"'), '\\') | (None, '\\') => escaped = true,
            (None, '\'' | '"') => quote = Some(c),
            (None, ',') => commas.push(i),
            _ => {}
        }
    }
    let mut end = rest.len();
    let mut options = Vec::new();
    for &comma in commas.iter().rev() {
        let item = &rest[comma + 1..end];
        let known = item.split_once('=').is_some_and(|(key, _)| {
            let key = key.trim();
            key.starts_with(HUB_PARAM) || EngineKind::Hub.options().find(key).is_some()
        });
        if !known {
            break;
        }
        options.push(item);
        end = comma;
    }
    options.reverse();
    (&rest[..end], options)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_lists_its_options() {
        assert_eq!(EngineKind::Random.options().to_string(), "seed, name");
        assert_eq!(
            EngineKind::Search.options().to_string(),
            "depth, nodes, movetime, tc, threads, hash, eval, egdb, skill, book, bookpick, \
             bookfloor, name"
        );
        assert_eq!(
            EngineKind::Hub.options().find("margin"),
            Some(SpecKey::Margin)
        );
        assert_eq!(EngineKind::Greedy.options().find("depth"), None);
        assert_eq!(EngineKind::named("hub"), Some(EngineKind::Hub));
        assert_eq!(EngineKind::named("alphabeta"), None);
    }
}
