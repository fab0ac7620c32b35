//! The JSON the routes read and write: requests (each field checked,
//! unknown fields refused) and answers. The game-independent board and
//! move views of `parlour_game::view` are written here as JSON with
//! plain names, so the page needs no game's vocabulary.

use parlour_game::view::{
    BoardShape, BoardView, ExtraKind, MarkKind, MoveView, Piece, PieceKind, Setup, Stock,
};
use parlour_game::Side;
use serde::{Deserialize, Serialize};

/// The most moves a game sent to the server may hold.
pub const MOST_MOVES: usize = 2000;

/// A game as the page keeps it: which game, under which rules, from which
/// start, and the moves played since, as the game writes them.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct GameSpec {
    /// The game's name (`checkers`, `pegs`).
    pub game: String,
    /// The rules text (`huffing`, `squares=4`); none: the game's default,
    /// or the rules the start position names.
    #[serde(default)]
    pub rules: Option<String>,
    /// The start position in the game's text (a FEN for checkers); none:
    /// the rules' start.
    #[serde(default)]
    pub start: Option<String>,
    /// The moves played from the start.
    #[serde(default)]
    pub moves: Vec<String>,
}

/// A side, as JSON names it.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SideName {
    /// Black.
    Black,
    /// White.
    White,
}

impl From<SideName> for Side {
    fn from(side: SideName) -> Side {
        match side {
            SideName::Black => Side::Black,
            SideName::White => Side::White,
        }
    }
}

/// A kind of piece, as JSON names it.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum KindName {
    /// A man, a peg.
    Man,
    /// A king, the King.
    King,
}

/// A piece set on the board.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceIn {
    /// Its point.
    pub point: u32,
    /// Whose.
    pub side: SideName,
    /// What.
    pub kind: KindName,
}

/// A count off the board, set.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StockIn {
    /// Whose.
    pub side: SideName,
    /// What it counts, as the board names it.
    pub label: String,
    /// How many.
    pub count: u32,
}

/// A position set up in the editor.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ComposeRequest {
    /// The game.
    pub game: String,
    /// Its rules text (none: the default).
    #[serde(default)]
    pub rules: Option<String>,
    /// The pieces.
    pub pieces: Vec<PieceIn>,
    /// The side to move.
    pub side: SideName,
    /// Counts off the board.
    #[serde(default)]
    pub stock: Vec<StockIn>,
}

impl ComposeRequest {
    /// The setup the game reads.
    pub fn setup(&self) -> Setup {
        Setup {
            pieces: (self.pieces.iter())
                .map(|p| Piece {
                    point: p.point,
                    side: p.side.into(),
                    kind: match p.kind {
                        KindName::Man => PieceKind::Man,
                        KindName::King => PieceKind::King,
                    },
                })
                .collect(),
            side: Some(self.side.into()),
            stock: (self.stock.iter())
                .map(|s| Stock {
                    side: s.side.into(),
                    label: s.label.clone(),
                    count: s.count,
                })
                .collect(),
        }
    }
}

/// A move to play after a game.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayRequest {
    /// The game so far.
    pub position: GameSpec,
    /// The move, as the game writes it.
    #[serde(rename = "move")]
    pub mv: String,
}

/// How strongly the engine plays, as the page's strength control offers
/// it: one choice of [`StrengthChoice`]s. A new kind of strength (a skill
/// level) is a new variant here and new choices in the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Strength {
    /// Think this many milliseconds a move.
    Movetime(u64),
    /// Search to this depth in plies.
    Depth(u32),
    /// Play at this skill level, 1 (weakest) to 9, a second a move at
    /// most (10 is full strength: a time a move).
    Skill(u8),
}

/// One choice of the page's strength control.
#[derive(Clone, Debug, Serialize)]
pub struct StrengthChoice {
    /// What the control shows.
    pub label: String,
    /// What a request sends for it.
    pub strength: Strength,
}

/// A search for the engine's move.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineRequest {
    /// The game so far.
    pub position: GameSpec,
    /// The page asking: one search at a time per page.
    pub page: String,
    /// How strongly to play.
    pub strength: Strength,
}

/// An analysis, streamed while the engine thinks.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyseRequest {
    /// The game so far: its current position is analysed.
    pub position: GameSpec,
    /// The page asking: one search at a time per page.
    pub page: String,
    /// Stop after this many seconds (none: until stopped, at most
    /// [`crate::engine::LONGEST_ANALYSIS`]).
    #[serde(default)]
    pub seconds: Option<f64>,
}

/// A page's running search to stop.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StopRequest {
    /// The page.
    pub page: String,
}

/// A game to annotate, streamed position by position.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnnotateRequest {
    /// The game: every position from its start is scored.
    pub position: GameSpec,
    /// The page asking.
    pub page: String,
    /// Milliseconds a position.
    pub movetime_ms: u64,
}

/// A PDN text to read a game from.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImportRequest {
    /// The PDN text.
    pub pdn: String,
    /// The game of a file without a `Game` tag (default: the first game
    /// the server lists).
    #[serde(default)]
    pub game: Option<String>,
    /// Which game of the text, from 1 (default 1).
    #[serde(default)]
    pub number: Option<usize>,
}

/// What the page keeps of a game read from PDN, to write it back as it
/// was: its tags, comments and result.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The tag pairs, in order.
    #[serde(default)]
    pub tags: Vec<(String, String)>,
    /// The comments before the first move.
    #[serde(default)]
    pub lead: Vec<String>,
    /// The comments after each move (may be shorter than the moves).
    #[serde(default)]
    pub comments: Vec<Vec<String>>,
    /// The result the movetext ends with, as written.
    #[serde(default)]
    pub result: Option<String>,
}

/// A game to write as PDN.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExportRequest {
    /// The game.
    pub position: GameSpec,
    /// What was read with it, if it came from PDN.
    #[serde(default)]
    pub record: Option<Record>,
    /// The players' names, for a game played on the page.
    #[serde(default)]
    pub black: Option<String>,
    /// White's name.
    #[serde(default)]
    pub white: Option<String>,
    /// The result of a game that ended otherwise than by the rules (a
    /// resignation), as PDN writes it.
    #[serde(default)]
    pub result: Option<String>,
}

/// A game read from PDN.
#[derive(Debug, Serialize)]
pub struct Imported {
    /// How many games the text holds.
    pub count: usize,
    /// Which was read, from 1.
    pub number: usize,
    /// The game, its moves as the game writes them.
    pub position: GameSpec,
    /// Its tags, comments and result.
    pub record: Record,
}

/// One rule set a game offers.
#[derive(Debug, Serialize)]
pub struct RuleSet {
    /// Its name (`english`, `huffing`, `pegs`).
    pub name: &'static str,
    /// Its rules text.
    pub rules: String,
}

/// A game the server offers.
#[derive(Debug, Serialize)]
pub struct GameEntry {
    /// `--game`'s name.
    pub name: &'static str,
    /// What it is.
    pub about: &'static str,
    /// How moves are typed.
    pub notation: &'static str,
    /// Its rule sets.
    pub rule_sets: Vec<RuleSet>,
    /// Whether `--egdb` gave databases this game reads.
    pub tables: bool,
}

/// What the server offers: its games, the engine's strengths, and what
/// the command line switched on.
#[derive(Debug, Serialize)]
pub struct Catalogue {
    /// The games.
    pub games: Vec<GameEntry>,
    /// The strength control's choices.
    pub strengths: Vec<StrengthChoice>,
    /// Whether `--watch` names a match.
    pub watch: bool,
    /// The most searches at once.
    pub searches: usize,
}

/// Point, piece and mark as JSON.
#[derive(Debug, Serialize)]
pub struct PointJson {
    /// Its number.
    pub n: u32,
    /// Across.
    pub x: f64,
    /// Down.
    pub y: f64,
}

/// A piece.
#[derive(Debug, Serialize)]
pub struct PieceJson {
    /// Its point.
    pub point: u32,
    /// `black` or `white`.
    pub side: &'static str,
    /// `man` or `king`.
    pub kind: &'static str,
}

/// A marked point.
#[derive(Debug, Serialize)]
pub struct MarkJson {
    /// Its point.
    pub point: u32,
    /// `forced`, `punishable` or `blocking`.
    pub kind: &'static str,
}

/// A side's count off the board.
#[derive(Debug, Serialize)]
pub struct StockJson {
    /// `black` or `white`.
    pub side: &'static str,
    /// What it counts.
    pub label: String,
    /// How many.
    pub count: u32,
}

/// A board to draw.
#[derive(Debug, Serialize)]
pub struct BoardJson {
    /// `squares` or `lines`.
    pub shape: &'static str,
    /// Cells across and down, for `squares`.
    pub files: u32,
    /// Cells down.
    pub ranks: u32,
    /// Extent across.
    pub width: f64,
    /// Extent down.
    pub height: f64,
    /// The points.
    pub points: Vec<PointJson>,
    /// Joined points.
    pub links: Vec<[u32; 2]>,
    /// The pieces.
    pub pieces: Vec<PieceJson>,
    /// Marked points.
    pub marks: Vec<MarkJson>,
    /// Counts off the board.
    pub stock: Vec<StockJson>,
    /// What the side to move must know.
    pub notice: Option<String>,
}

/// The name of a kind of piece.
pub fn kind_name(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::Man => "man",
        PieceKind::King => "king",
    }
}

impl From<BoardView> for BoardJson {
    fn from(view: BoardView) -> BoardJson {
        let (shape, files, ranks) = match view.shape {
            BoardShape::Squares { files, ranks } => ("squares", files, ranks),
            BoardShape::Lines => ("lines", 0, 0),
        };
        BoardJson {
            shape,
            files,
            ranks,
            width: view.width,
            height: view.height,
            points: (view.points.iter())
                .map(|p| PointJson {
                    n: p.number,
                    x: p.x,
                    y: p.y,
                })
                .collect(),
            links: view.links,
            pieces: (view.pieces.iter())
                .map(|p| PieceJson {
                    point: p.point,
                    side: p.side.name(),
                    kind: kind_name(p.kind),
                })
                .collect(),
            marks: (view.marks.iter())
                .map(|m| MarkJson {
                    point: m.point,
                    kind: match m.kind {
                        MarkKind::Forced => "forced",
                        MarkKind::Punishable => "punishable",
                        MarkKind::Blocking => "blocking",
                    },
                })
                .collect(),
            stock: (view.stock.iter())
                .map(|s| StockJson {
                    side: s.side.name(),
                    label: s.label.clone(),
                    count: s.count,
                })
                .collect(),
            notice: view.notice,
        }
    }
}

/// A move's extra choice.
#[derive(Debug, Serialize)]
pub struct ExtraJson {
    /// The point of the piece taken off.
    pub point: u32,
    /// `before` or `after` the move.
    pub when: &'static str,
}

/// A legal move as the page drives it.
#[derive(Debug, Serialize)]
pub struct MoveJson {
    /// Its text, as the game writes it (what the page sends back).
    pub text: String,
    /// The point it lifts from.
    pub from: Option<u32>,
    /// The points it lands on.
    pub path: Vec<u32>,
    /// `man` or `king` for a placement.
    pub place: Option<&'static str>,
    /// Pieces it takes off.
    pub captures: Vec<u32>,
    /// A choice beside the path.
    pub extra: Option<ExtraJson>,
    /// What it does, in words, where a person might not see it.
    pub explain: Option<String>,
}

impl MoveJson {
    /// A move's JSON from its text, view and words.
    pub fn new(text: String, view: MoveView, explain: Option<String>) -> MoveJson {
        MoveJson {
            text,
            from: view.from,
            path: view.path,
            place: view.place.map(kind_name),
            captures: view.captures,
            extra: view.extra.map(|e| ExtraJson {
                point: e.point,
                when: match e.kind {
                    ExtraKind::Before => "before",
                    ExtraKind::After => "after",
                },
            }),
            explain,
        }
    }
}

/// How a game ended.
#[derive(Debug, Serialize)]
pub struct ResultJson {
    /// `black`, `white`, or none for a draw.
    pub winner: Option<&'static str>,
    /// The PDN result (`2-0`, `0-2`, `1-1`).
    pub pdn: &'static str,
    /// Why, in words.
    pub reason: String,
}

/// A position: the game it ends, its board and legal moves, and how the
/// game ended if it has.
#[derive(Debug, Serialize)]
pub struct PositionReply {
    /// The game, its moves as the game writes them and its rules and
    /// start written out.
    pub position: GameSpec,
    /// The current position's text.
    pub text: String,
    /// `black` or `white`.
    pub side: &'static str,
    /// The board.
    pub board: BoardJson,
    /// Every legal move, in board order.
    pub moves: Vec<MoveJson>,
    /// Plies since the last capture or irreversible move, and the limit.
    pub quiet_plies: u32,
    /// The quiet-ply limit of the rules.
    pub quiet_limit: u32,
    /// The result, if the game is over by the rules.
    pub result: Option<ResultJson>,
    /// The last move played, for the page to mark it.
    pub last: Option<ArrowJson>,
}

/// A score as the page shows and plots it.
#[derive(Clone, Debug, Serialize)]
pub struct ScoreJson {
    /// As text (`+0.35`, `+W12`), from the side to move's view.
    pub text: String,
    /// For the graph: hundredths of a man from Black's view, a proven
    /// win or loss as ±10000 less its distance.
    pub black: i32,
}

/// One line of an analysis: a finished depth.
#[derive(Clone, Debug, Serialize)]
pub struct LineJson {
    /// Which line (1: the best; more where the engine gives several).
    pub line: u32,
    /// The depth finished.
    pub depth: u32,
    /// Its score.
    pub score: ScoreJson,
    /// The principal variation, as the game writes moves.
    pub pv: Vec<String>,
    /// The best move's view, for the page's arrow.
    pub best: Option<ArrowJson>,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes a second.
    pub nps: u64,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// Endgame database hits.
    pub tbhits: u64,
}

/// Where an arrow goes: a move's from and path.
#[derive(Clone, Debug, Serialize)]
pub struct ArrowJson {
    /// The point it starts from (none: a placement).
    pub from: Option<u32>,
    /// The points it goes through.
    pub path: Vec<u32>,
}

/// The engine's move.
#[derive(Debug, Serialize)]
pub struct EngineReply {
    /// The move, as the game writes it.
    #[serde(rename = "move")]
    pub mv: String,
    /// The search's last line (a book move's: its book value and depth).
    pub line: LineJson,
    /// Whether the move came from the opening book, without a search.
    pub book: bool,
}

/// What the endgame databases say of a position.
#[derive(Debug, Serialize)]
pub struct TablesReply {
    /// `win`, `loss` or `draw` for the side to move; none where the
    /// databases do not hold the position.
    pub value: Option<&'static str>,
    /// Plies to the next conversion under best play, where kept.
    pub plies: Option<u32>,
}

/// One position of an annotation, streamed as it is done.
#[derive(Debug, Serialize)]
pub struct AnnotateStep {
    /// Positions done, this one included.
    pub done: usize,
    /// Positions in the game.
    pub total: usize,
}

/// One annotated move.
#[derive(Debug, Serialize)]
pub struct AnnotatedPly {
    /// The move.
    pub text: String,
    /// `?`, `??` or empty.
    pub mark: &'static str,
    /// The score of the position it left, from the mover's view.
    pub score: ScoreJson,
    /// The search's depth.
    pub depth: u32,
    /// The better move and its line, for a marked move.
    pub better: Option<String>,
}

/// A game annotated.
#[derive(Debug, Serialize)]
pub struct Annotation {
    /// The start position's score, from the side to move's view.
    pub start: ScoreJson,
    /// Every move.
    pub plies: Vec<AnnotatedPly>,
    /// The annotated game as PDN (the page reads it back through the
    /// import route to keep its comments).
    pub pdn: String,
}

/// The server's searches now.
#[derive(Debug, Serialize)]
pub struct Status {
    /// Searches running.
    pub searches: usize,
    /// The most at once.
    pub most: usize,
    /// Pages with a search running.
    pub pages: usize,
    /// Searches started since the server started.
    pub started: u64,
    /// Requests refused because every slot was taken.
    pub refused: u64,
}
