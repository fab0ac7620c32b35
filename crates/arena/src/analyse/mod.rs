//! Analysis of recorded games, as CheckerBoard's "analyse game": every
//! move of a PDN game gets the engine's score of the position it left
//! (a [`Note`], from the mover's view), and a move after which the engine
//! finds a clearly better one is marked `?` or `??` with that move and its
//! line. The notes are PDN comments this module reads back: a position
//! whose note is already in the game is not searched again, so an
//! analysed game analysed again comes out unchanged.
//!
//! The flow is two calls, so a caller can build the game's evaluator in
//! between: [`prepare`] replays a [`PdnGame`] as a game of a [`Variant`]
//! and reads the notes it holds; [`analyse`] searches what is missing
//! and returns a [`GameAnalysis`], whose [`GameAnalysis::pdn`] is the
//! annotated game and [`GameAnalysis::scored`] the game as the analysis
//! page shows it.

mod note;
mod page;
mod write;

pub use note::{flip, score_text, NotANote, Note, Thresholds, Verdict};
pub use parlour_report::{analysis_page, analysis_section, PlyScore, ScoredGame};
pub use write::write_game;

use parlour_game::pdn::{PdnGame, ReplayError};
use parlour_game::registry::{EvaluatorOf, MoveOf};
use parlour_game::{Game, History, Outcome, Side, Variant};
use parlour_search::{Limits, Score, Searcher};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// What a mistake's comment says after its note: `; better MOVE SCORE,
/// line MOVES`.
const BETTER: &str = "; better ";

/// A game read from PDN and replayed, with the notes it already holds.
pub struct Prepared<V: Variant> {
    game: PdnGame,
    history: History<V::Position>,
    texts: Vec<String>,
    /// `notes[k]`: the note of the position after `k` plies, from its side
    /// to move's view, where the game holds one.
    notes: Vec<Option<Note>>,
    /// `better[i]`: the better-move text a mistake at ply `i` carries.
    better: Vec<Option<String>>,
    /// Other comments, before the first move and after each ply's.
    lead: Vec<String>,
    others: Vec<Vec<String>>,
}

impl<V: Variant> Prepared<V> {
    /// The rules the game is played under.
    pub fn rules(&self) -> V {
        V::rules_of(self.history.start())
    }

    /// The start position.
    pub fn start(&self) -> &V::Position {
        self.history.start()
    }

    /// The number of plies.
    pub fn plies(&self) -> usize {
        self.texts.len()
    }

    /// How many positions (the start and the one after each ply) have no
    /// note yet: the searches [`analyse`] makes, apart from re-searches
    /// for a better move's line.
    pub fn missing(&self) -> usize {
        self.notes.iter().filter(|n| n.is_none()).count()
    }
}

/// Replays `game` (under its `Rules` tag, else `rules`; from its `FEN` or
/// `Position` tag, else the start) and reads its notes: the comment before
/// the first move is the start position's, each move's first comment its
/// own; other comments are kept and written back after them.
pub fn prepare<V: Variant>(game: &PdnGame, rules: V) -> Result<Prepared<V>, ReplayError<V>> {
    let history = game.replay(rules)?;
    let texts = V::split_line(&game.moves);
    let mut notes = vec![None; texts.len() + 1];
    let mut better = vec![None; texts.len()];
    let mut lead = Vec::new();
    for text in game.leading_comments() {
        match text.parse::<Note>() {
            Ok(note) if notes[0].is_none() => notes[0] = Some(note),
            _ => lead.push(text.to_string()),
        }
    }
    let mut others = Vec::with_capacity(texts.len());
    for (i, comments) in game.comments_per_ply(&texts).into_iter().enumerate() {
        let mut rest = Vec::new();
        for text in comments {
            let (head, tail) = match text.split_once(BETTER) {
                Some((head, tail)) => (head, Some(tail)),
                None => (text, None),
            };
            match head.parse::<Note>() {
                Ok(note) if notes[i + 1].is_none() => {
                    // Notes are written from the mover's view.
                    notes[i + 1] = Some(Note {
                        score: flip(note.score),
                        ..note
                    });
                    better[i] = tail.map(str::to_string);
                }
                _ => rest.push(text.to_string()),
            }
        }
        others.push(rest);
    }
    Ok(Prepared {
        game: game.clone(),
        history,
        texts,
        notes,
        better,
        lead,
        others,
    })
}

/// How an analysis searches and judges.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// The limit of every search.
    pub limits: Limits,
    /// When a move is marked.
    pub thresholds: Thresholds,
}

/// One analysed move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyAnalysis {
    /// The move as the game wrote it.
    pub text: String,
    /// The score of the position it left, from the mover's view.
    pub note: Note,
    /// Its mark.
    pub verdict: Verdict,
    /// For a marked move: `MOVE SCORE, line MOVES`, the engine's move
    /// instead, its score from the mover's view and its line.
    pub better: Option<String>,
    /// The game's other comments after this move.
    pub others: Vec<String>,
}

/// A game analysed: its tags, the start position's note (from the side to
/// move's view) and every move's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameAnalysis {
    /// The tag pairs, as read.
    pub tags: Vec<(String, String)>,
    /// Who made the first move.
    pub first: Side,
    /// The start position's note.
    pub start: Note,
    /// The game's other comments before its first move.
    pub lead: Vec<String>,
    /// Each ply in turn.
    pub plies: Vec<PlyAnalysis>,
    /// The result the movetext ends with, as written.
    pub result: Option<String>,
    /// How many searches this analysis made.
    pub searches: usize,
}

/// One position done, for progress: `done` of `total` positions (the
/// start and one per ply), `searched` if it was searched now.
#[derive(Clone, Copy, Debug)]
pub struct Step<'a> {
    /// Positions done so far, this one included.
    pub done: usize,
    /// Positions in the game.
    pub total: usize,
    /// Whether it was searched now (not read from the game).
    pub searched: bool,
    /// The move that led to it (none for the start).
    pub mv: Option<&'a str>,
    /// Its note, from the mover's view (for the start, the side to move's).
    pub note: Note,
}

/// The searcher and evaluator an analysis uses.
struct Engine<'a, V: Variant> {
    searcher: &'a mut Searcher,
    eval: &'a EvaluatorOf<V>,
    limits: Limits,
    stop: &'a Arc<AtomicBool>,
    searches: usize,
}

impl<V: Variant> Engine<'_, V> {
    /// The note of `history`'s position, from its side to move's view, and
    /// the best move and line where there is one: the rules' verdict on a
    /// finished game, else a search.
    fn note(&mut self, history: &History<V::Position>) -> (Note, Vec<MoveOf<V>>) {
        if let Some((outcome, _)) = history.ending() {
            let score = match outcome {
                Outcome::Draw => Score::Value(0),
                Outcome::Win(side) if side == history.current().side_to_move() => Score::Win(0),
                Outcome::Win(_) => Score::Loss(0),
            };
            let time = Duration::ZERO;
            return (
                Note {
                    score,
                    depth: 0,
                    time,
                },
                Vec::new(),
            );
        }
        self.searches += 1;
        let result = self
            .searcher
            .search(history, self.limits, self.eval, self.stop, |_| {});
        let mut line = result.pv;
        if let Some(mv) = result.best_move {
            if line.first() != Some(&mv) {
                line = vec![mv];
            }
        }
        let note = Note {
            score: result.score,
            depth: result.depth,
            time: result.time,
        };
        (note, line)
    }
}

/// Analyses a prepared game: searches every position without a note
/// (with `searcher` and `eval`, under `settings.limits`), judges every
/// move, and calls `progress` once per position.
pub fn analyse<V: Variant>(
    prepared: Prepared<V>,
    searcher: &mut Searcher,
    eval: &EvaluatorOf<V>,
    settings: &Settings,
    progress: impl FnMut(Step<'_>),
) -> GameAnalysis {
    let stop = Arc::new(AtomicBool::new(false));
    analyse_until(prepared, searcher, eval, settings, &stop, progress)
}

/// [`analyse`] for a caller that may give up on it: once `stop` is set,
/// every search left answers at once (with its first move), so the
/// analysis ends in moments; what it returns then is not worth keeping.
pub fn analyse_until<V: Variant>(
    prepared: Prepared<V>,
    searcher: &mut Searcher,
    eval: &EvaluatorOf<V>,
    settings: &Settings,
    stop: &Arc<AtomicBool>,
    mut progress: impl FnMut(Step<'_>),
) -> GameAnalysis {
    let mut engine = Engine::<V> {
        searcher,
        eval,
        limits: settings.limits,
        stop,
        searches: 0,
    };
    let moves = prepared.history.moves().to_vec();
    let total = moves.len() + 1;
    let mut history = History::new(*prepared.history.start());
    // notes[k] from the side to move's view; lines[k] where searched now.
    let mut notes = Vec::with_capacity(total);
    let mut lines: Vec<Option<Vec<MoveOf<V>>>> = Vec::with_capacity(total);
    for k in 0..total {
        if k > 0 {
            history.push(moves[k - 1]);
        }
        let (note, line) = match prepared.notes[k] {
            Some(note) => (note, None),
            None => {
                let (note, line) = engine.note(&history);
                (note, Some(line))
            }
        };
        progress(Step {
            done: k + 1,
            total,
            searched: line.is_some(),
            mv: k.checked_sub(1).map(|i| prepared.texts[i].as_str()),
            note: if k == 0 { note } else { mover_view(note) },
        });
        notes.push(note);
        lines.push(line);
    }
    let plies = judge_all(&prepared, &mut engine, &notes, &mut lines, settings);
    GameAnalysis {
        tags: prepared.game.tags.clone(),
        first: prepared.history.start().side_to_move(),
        start: notes[0],
        lead: prepared.lead,
        plies,
        result: prepared.game.result.clone(),
        searches: engine.searches,
    }
}

/// A note turned to the mover's view.
fn mover_view(note: Note) -> Note {
    Note {
        score: flip(note.score),
        ..note
    }
}

/// Every move's verdict, and the better move of each marked one (from a
/// search made now, else the game's comment, else a search of the
/// position before the move again).
fn judge_all<V: Variant>(
    prepared: &Prepared<V>,
    engine: &mut Engine<'_, V>,
    notes: &[Note],
    lines: &mut [Option<Vec<MoveOf<V>>>],
    settings: &Settings,
) -> Vec<PlyAnalysis> {
    let moves = prepared.history.moves();
    let mut history = History::new(*prepared.history.start());
    let mut plies = Vec::with_capacity(moves.len());
    for (i, &mv) in moves.iter().enumerate() {
        let played = flip(notes[i + 1].score);
        let mut verdict = settings.thresholds.judge(notes[i].score, played);
        let mut better = None;
        if verdict != Verdict::Good && prepared.better[i].is_some() && lines[i].is_none() {
            better.clone_from(&prepared.better[i]);
        } else if verdict != Verdict::Good {
            if lines[i].is_none() {
                lines[i] = Some(engine.note(&history).1);
            }
            let line = lines[i].as_deref().unwrap_or_default();
            match line.first() {
                // The engine's own move, or none: nothing better to name.
                None => verdict = Verdict::Good,
                Some(&best) if best == mv => verdict = Verdict::Good,
                Some(_) => better = Some(write::better_text::<V>(notes[i].score, line)),
            }
        }
        plies.push(PlyAnalysis {
            text: prepared.texts[i].clone(),
            note: mover_view(notes[i + 1]),
            verdict,
            better,
            others: prepared.others[i].clone(),
        });
        history.push(mv);
    }
    plies
}
