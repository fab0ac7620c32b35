//! The game a Hub session plays, of whichever variant it was set to: the
//! generic code over one [`Variant`] behind the object-safe [`Table`], so
//! that the session holds any game without naming one. A table is made
//! through the list of games, by the variant's name ([`open`]).

use crate::message::Message;
use crate::wire::{read_moves, write_line};
use parlour_game::echo::echo;
use parlour_game::registry::{evaluator, EvalError, EvalSpec, EvaluatorOf, MoveOf};
use parlour_game::{Game, GameList, History, Variant, Visit};
use parlour_search::{Info, Limits, Score, Searcher, Skill};
use std::error::Error;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};

/// Why a table could not be opened or set up.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// A variant no game plays.
    #[error("unknown variant `{name}`: expected {}", .known.join(", "), name = echo(.name))]
    UnknownVariant {
        /// The name given.
        name: String,
        /// The variants there are.
        known: Vec<&'static str>,
    },
    /// Rules of another variant than the session's.
    #[error("rules `{rules}` are not those of the variant {variant}", rules = echo(.rules))]
    WrongVariant {
        /// The rules given.
        rules: String,
        /// The session's variant.
        variant: String,
    },
    /// A `pos` with both or neither of `pos=` and `fen=`.
    #[error("pos takes pos=<position> or fen=<text>, one of them")]
    PosArguments,
    /// `pos pos=...` for a variant without a Hub position.
    #[error("the variant {variant} has no Hub position: send pos fen=<its text>")]
    NoHubPosition {
        /// The session's variant.
        variant: String,
    },
    /// The game's own text (rules, a position, a move) does not read.
    #[error(transparent)]
    Game(Box<dyn Error + Send + Sync>),
    /// The evaluation asked for.
    #[error(transparent)]
    Eval(#[from] EvalError),
    /// A book name that names no book.
    #[error(transparent)]
    BookSpec(#[from] parlour_book::BookSpecError),
    /// The opening book cannot be read, or is for other rules.
    #[error("bad book")]
    Book(#[from] parlour_book::BookError),
}

impl TableError {
    fn game(error: impl Error + Send + Sync + 'static) -> TableError {
        TableError::Game(Box::new(error))
    }
}

/// What the reading thread and the search thread share.
pub(crate) struct Control {
    pub stop: Arc<AtomicBool>,
    pub phase: Mutex<Phase>,
    pub changed: Condvar,
    /// Set just before `done` is written: from then on the search is over
    /// for the GUI, which may send the next `go` at once.
    pub answered: AtomicBool,
}

/// What a `go` asks for: the limits (after pondering without limit until
/// a hit, if `ponder`) and the lines to report (the `multipv` parameter).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Go {
    pub limits: Limits,
    pub ponder: bool,
    pub lines: usize,
    /// The skill level, and the seed of a weaker level's draws.
    pub skill: Skill,
    pub seed: u64,
    /// The least depth a book move is played at without a search.
    pub book_floor: u32,
}

/// What a running search was asked to do, and what has happened since.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    /// `go think` or `go analyze`: answer when done.
    Thinking,
    /// `go ponder`, no answer from the GUI yet.
    Pondering,
    /// `ponder-hit` arrived: think for real.
    Hit,
    /// `stop` arrived.
    Stopped,
}

impl Control {
    pub fn new(phase: Phase) -> Control {
        Control {
            stop: Arc::new(AtomicBool::new(false)),
            phase: Mutex::new(phase),
            changed: Condvar::new(),
            answered: AtomicBool::new(false),
        }
    }

    pub fn set(&self, phase: Phase) {
        let mut guard = self.phase.lock().expect("never poisoned");
        if phase == Phase::Hit && *guard != Phase::Pondering {
            return;
        }
        *guard = phase;
        self.stop.store(true, Ordering::SeqCst);
        self.changed.notify_all();
    }
}

/// Where a search writes its lines.
pub(crate) type Output<'a> = &'a (dyn Fn(&Message) + Sync);

/// A search to run on the search thread.
pub(crate) type Job = Box<dyn FnOnce(&mut Searcher, &Control, Output<'_>) + Send>;

/// One game of some variant: its rules, evaluation, and the moves since
/// its start.
pub(crate) trait Table: Send {
    /// Sets the position of a `pos` line: `pos=` (the game's Hub form) or
    /// `fen=` (its own text), then `moves`.
    fn set_position(
        &mut self,
        pos: Option<&str>,
        fen: Option<&str>,
        moves: &str,
    ) -> Result<(), TableError>;

    /// The search `go` asks for of the current position.
    fn search(&self, go: Go) -> Job;
}

/// A game of the variant `V`.
struct GameTable<V: Variant> {
    rules: V,
    /// Whether the rules were given (`set-param name=rules`), rather than
    /// the variant's own: without them a position text may carry its own.
    given: bool,
    eval: EvaluatorOf<V>,
    history: History<V::Position>,
    /// The opening book, played from (its best move) before a search.
    book: Option<Arc<parlour_book::Book>>,
}

impl<V: Variant> Table for GameTable<V> {
    fn set_position(
        &mut self,
        pos: Option<&str>,
        fen: Option<&str>,
        moves: &str,
    ) -> Result<(), TableError> {
        let start = match (pos, fen) {
            (Some(text), None) => self
                .rules
                .parse_hub_position(text)
                .ok_or_else(|| TableError::NoHubPosition {
                    variant: self.rules.hub_variant().to_string(),
                })?
                .map_err(TableError::game)?,
            (None, Some(text)) => {
                let rules = (self.given || self.rules != V::default()).then_some(self.rules);
                V::parse_position(rules, text).map_err(TableError::game)?
            }
            _ => return Err(TableError::PosArguments),
        };
        let mut history = History::new(start);
        for mv in read_moves::<V>(&start, moves).map_err(TableError::game)? {
            history.push(mv);
        }
        self.history = history;
        Ok(())
    }

    fn search(&self, go: Go) -> Job {
        let root = *self.history.current();
        let book_move = self
            .book
            .as_ref()
            .filter(|_| !go.ponder)
            .and_then(|book| book.choose(&root, parlour_book::Pick::Best, go.book_floor, 0));
        if let Some(choice) = book_move {
            // A book move is played without a search.
            return Box::new(move |_, control, out| {
                let score = hub_score(Score::from_internal(choice.value));
                out(&Message::new("info")
                    .arg("depth", choice.depth)
                    .arg("score", score)
                    .arg("pv", write_line::<V>(&root, &[choice.mv])));
                control.answered.store(true, Ordering::SeqCst);
                out(&Message::new("done").arg("move", V::hub_move(&root, choice.mv)));
            });
        }
        let history = self.history.clone();
        let eval = self.eval.clone();
        Box::new(move |searcher, control, out| {
            run_search::<V>(searcher, &history, &eval, go, control, out)
        })
    }
}

/// A score as Scan writes it: in men, wins and losses as ±(100 - plies/100).
pub fn hub_score(score: Score) -> String {
    match score {
        Score::Value(v) => format!("{:.2}", f64::from(v) / 100.0),
        Score::Win(n) => format!("{:.2}", 100.0 - f64::from(n.min(9999)) / 100.0),
        Score::Loss(n) => format!("{:.2}", -100.0 + f64::from(n.min(9999)) / 100.0),
    }
}

/// The `info` line of a finished depth (`nps` in millions, as Scan), with
/// the line's rank (`multipv=K`) where several lines were asked for.
pub fn info_message<V: Variant>(
    root: &V::Position,
    info: &Info<MoveOf<V>>,
    ranked: bool,
) -> Message {
    Message::new("info")
        .arg("depth", info.depth)
        .arg_if(ranked, "multipv", info.multipv)
        .arg("score", hub_score(info.score))
        .arg("nodes", info.nodes)
        .arg("time", format!("{:.3}", info.time.as_secs_f64()))
        .arg("nps", format!("{:.3}", info.nps as f64 / 1e6))
        .arg_if(info.tbhits > 0, "tbhits", info.tbhits)
        .arg("pv", write_line::<V>(root, &info.pv))
}

/// The search thread's work: search (ponder, then think on a hit), then
/// answer `done`.
fn run_search<V: Variant>(
    searcher: &mut Searcher,
    history: &History<V::Position>,
    eval: &EvaluatorOf<V>,
    go: Go,
    control: &Control,
    out: Output<'_>,
) {
    let root = *history.current();
    let ranked = go.lines > 1;
    let report = |info: &Info<MoveOf<V>>| out(&info_message::<V>(&root, info, ranked));
    let (limits, lines, stop) = (go.limits, go.lines, &control.stop);
    let mut search = |limits: Limits| match go.skill {
        Skill::FULL => searcher.search_lines(history, limits, eval, stop, lines, report),
        skill => searcher.search_skill(history, limits, skill, go.seed, eval, stop, report),
    };
    let first = if go.ponder {
        Limits {
            until_proven: limits.until_proven,
            ..Limits::INFINITE
        }
    } else {
        limits
    };
    let mut result = search(first);
    if go.ponder {
        let mut phase = control.phase.lock().expect("never poisoned");
        while *phase == Phase::Pondering {
            phase = control.changed.wait(phase).expect("never poisoned");
        }
        if *phase == Phase::Hit {
            // Under the lock, so that a `stop` from now on is never lost.
            control.stop.store(false, Ordering::SeqCst);
            *phase = Phase::Thinking;
            drop(phase);
            result = search(limits);
        }
    }
    let done = match result.best_move {
        Some(mv) => {
            let mut done = Message::new("done").arg("move", V::hub_move(&root, mv));
            if let Some(&reply) = result.pv.get(1).filter(|_| result.pv[0] == mv) {
                done = done.arg("ponder", V::hub_move(&root.play(mv), reply));
            }
            done
        }
        None => {
            out(&Message::new("error").arg("message", "the game is over: no legal move"));
            Message::new("done")
        }
    };
    control.answered.store(true, Ordering::SeqCst);
    out(&done);
}

/// What a table is opened with: the session's variant, rules text and
/// evaluation text.
pub(crate) struct Settings<'a> {
    pub variant: &'a str,
    pub rules: Option<&'a str>,
    pub eval: Option<&'a EvalSpec>,
    pub egdb: Option<&'a std::path::Path>,
    pub book: Option<&'a Arc<parlour_book::Book>>,
    /// How the book was named: the built-in one serves its own rules only.
    pub book_spec: &'a parlour_book::BookSpec,
}

impl Visit for Settings<'_> {
    type Output = Result<Box<dyn Table>, TableError>;

    fn visit<V: Variant>(self) -> Self::Output {
        let rules = match self.rules {
            Some(text) => {
                let rules = V::parse_rules(text).map_err(TableError::game)?;
                if rules.hub_variant() != self.variant {
                    return Err(TableError::WrongVariant {
                        rules: rules.to_string(),
                        variant: self.variant.to_string(),
                    });
                }
                rules
            }
            None => V::for_hub_variant(self.variant).unwrap_or_default(),
        };
        // No `eval` is the rules' own default (each checkers rule set's
        // network).
        let default = EvalSpec::Default;
        let eval = evaluator(&rules, self.eval.unwrap_or(&default), self.egdb)?;
        let book = self.book_spec.fit(self.book.cloned(), &rules)?;
        if let Some(book) = &book {
            book.warm::<V>();
        }
        Ok(Box::new(GameTable::<V> {
            rules,
            given: self.rules.is_some(),
            eval,
            history: History::new(rules.start()),
            book,
        }))
    }
}

/// A table at the start of the game of `settings`, from the games of `L`.
pub(crate) fn open<L: GameList>(settings: Settings<'_>) -> Result<Box<dyn Table>, TableError> {
    let variant = settings.variant;
    L::visit_hub_variant(variant, settings).map_err(|e| TableError::UnknownVariant {
        name: variant.to_string(),
        known: e.known,
    })?
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlour_book::{Book, BookMove, BookSpec, Entry, Header};
    use parlour_checkers::{Position, Rules};
    use parlour_game::Game;

    #[test]
    fn a_table_with_a_book_backs_it_up_from_the_start() {
        // A book of two positions on one line (the start, after 11-15):
        // opening a table, as `init` does, backs the second up, so the
        // first move asked for under a clock does not walk the book.
        let mut book = Book::new(Header::new("checkers", "english", 4, 20));
        let mut pos = Position::start(Rules::ENGLISH);
        for text in ["11-15", "22-18"] {
            let moves = vec![BookMove {
                mv: text.into(),
                value: 0,
                depth: 8,
                count: 1,
            }];
            book.insert(pos.hash(), Entry { moves });
            pos = pos.play(pos.parse_move(text).unwrap());
        }
        let book = Arc::new(book);
        let spec = BookSpec::File("test.book".into());
        let settings = Settings {
            variant: "english",
            rules: None,
            eval: None,
            egdb: None,
            book: Some(&book),
            book_spec: &spec,
        };
        assert_eq!(book.backed_up(), 0);
        assert!(open::<parlour_games::Games>(settings).is_ok());
        assert_eq!(book.backed_up(), 1);
    }
}
