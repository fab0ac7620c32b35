//! A slow, plain reference generator for checkers, written straight from the
//! contract (`docs/rules/checkers.md`) to check the bitboard generator against.
//!
//! Nothing here is shared with `src/`: the board is an array of 32
//! `Option<Piece>`, squares are turned into (row, column) coordinates and
//! back, and every rule is a few lines of ordinary code. Speed does not
//! matter; being obviously right does.
//!
//! - Squares 1-32 are numbered row by row from Black's side; row 0 holds
//!   1-4 (Black's back row), row 7 holds 29-32 (White's). On even rows the
//!   dark squares are the odd columns, on odd rows the even columns, so 1
//!   touches 5 and 6 and 4 touches only 8.
//! - Black's men move towards row 7 and are crowned there; White's move
//!   towards row 0. Kings move both ways, one square (no flying kings).
//! - A capture is a path: the piece jumps, and goes on jumping while it
//!   can; jumped pieces stay on the board until the move ends (they cannot
//!   be jumped twice, nothing lands on them); the piece's own start square
//!   is empty while it captures; a man that reaches the far row is crowned
//!   and his move ends.
//! - english: a capture is compulsory and only complete paths are moves.
//! - huffing: every step and every capture path with each of its prefixes;
//!   a step while a capture was open is a neglect, a capture stopped while
//!   its piece could jump on is stopped short. With an offence pending the
//!   adversary may let it stand (any move), huff (`hX M`) or `compel`.

// Each test file uses its own part of this module.
#![allow(dead_code)]

use std::fmt;

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    /// Moves first, from squares 1-12 towards 29-32.
    Black,
    /// Moves second, from squares 21-32 towards 1-4.
    White,
}

impl Colour {
    /// The other player.
    pub fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// The row direction in which this player's men move.
    fn forward(self) -> i32 {
        match self {
            Colour::Black => 1,
            Colour::White => -1,
        }
    }

    /// The row where this player's men are crowned.
    fn crown_row(self) -> i32 {
        match self {
            Colour::Black => 7,
            Colour::White => 0,
        }
    }
}

/// A man or a king of one colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Whose piece it is.
    pub colour: Colour,
    /// Whether it is a king.
    pub king: bool,
}

/// The two rule sets of the contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefRules {
    /// Compulsory capture, complete sequences only.
    English,
    /// Optional capture, punished by huff or compel.
    Huffing,
}

/// The (row, column) of square `n` (1-32).
pub fn coords(n: u8) -> (i32, i32) {
    assert!((1..=32).contains(&n), "square {n} is off the board");
    let i = (n - 1) as i32;
    let row = i / 4;
    let col = 2 * (i % 4) + if row % 2 == 0 { 1 } else { 0 };
    (row, col)
}

/// The square number at (row, column), if that is a dark square on the board.
pub fn square_at(row: i32, col: i32) -> Option<u8> {
    if !(0..8).contains(&row) || !(0..8).contains(&col) || (row + col) % 2 == 0 {
        return None;
    }
    Some((row * 4 + col / 2 + 1) as u8)
}

/// A move: a step, or a capture path through its landing squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefMove {
    /// The start square, then every square landed on (one for a step).
    pub squares: Vec<u8>,
    /// Whether it jumps.
    pub capture: bool,
    /// The squares of the jumped pieces, in the order jumped.
    pub captured: Vec<u8>,
    /// Whether a man was crowned by it.
    pub crowns: bool,
    /// Huffing: a step made while a capture was open, or a capture stopped
    /// while a further jump was open.
    pub offends: bool,
}

impl RefMove {
    /// The square the piece left.
    pub fn from(&self) -> u8 {
        self.squares[0]
    }

    /// The square the piece stopped on.
    pub fn to(&self) -> u8 {
        *self.squares.last().expect("a move has squares")
    }
}

impl fmt::Display for RefMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.capture { "x" } else { "-" };
        let names: Vec<String> = self.squares.iter().map(|s| s.to_string()).collect();
        f.write_str(&names.join(sep))
    }
}

/// One ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RefAction {
    /// A move (letting any pending offence stand).
    Move(RefMove),
    /// Remove the offender's piece on the square, then make the move.
    Huff(u8, RefMove),
    /// Make the offender capture.
    Compel,
}

impl fmt::Display for RefAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RefAction::Move(m) => write!(f, "{m}"),
            RefAction::Huff(x, m) => write!(f, "h{x} {m}"),
            RefAction::Compel => f.write_str("compel"),
        }
    }
}

/// What the previous action left for the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RefPending {
    /// Nothing.
    Nothing,
    /// The adversary's last move offended.
    Offence(RefMove),
    /// A neglect was compelled: the side to move must make a complete capture.
    CompelCapture,
    /// A capture stopped short was compelled: the piece on its last square
    /// must complete it.
    CompelRest(RefMove),
}

/// The board: `board[n - 1]` is what stands on square `n`.
pub type Board = [Option<Piece>; 32];

/// A position under the reference rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPos {
    /// What stands on each square.
    pub board: Board,
    /// Whose turn it is.
    pub to_move: Colour,
    /// The rule set.
    pub rules: RefRules,
    /// What the previous action left pending.
    pub pending: RefPending,
}

fn get(board: &Board, n: u8) -> Option<Piece> {
    board[(n - 1) as usize]
}

fn set(board: &mut Board, n: u8, piece: Option<Piece>) {
    board[(n - 1) as usize] = piece;
}

/// The (row, column) directions a piece may move and capture in.
fn directions(piece: Piece) -> Vec<(i32, i32)> {
    let f = piece.colour.forward();
    if piece.king {
        vec![(f, -1), (f, 1), (-f, -1), (-f, 1)]
    } else {
        vec![(f, -1), (f, 1)]
    }
}

/// Whether `piece` standing on `n` is a man on his crowning row.
fn crowned_on(piece: Piece, n: u8) -> bool {
    !piece.king && coords(n).0 == piece.colour.crown_row()
}

/// The single jumps open to `piece` from square `at`: (jumped square,
/// landing square). `captured` are pieces already jumped in this move: they
/// are still on the board (so nothing lands on them) but cannot be jumped
/// again.
fn single_jumps(board: &Board, at: u8, piece: Piece, captured: &[u8]) -> Vec<(u8, u8)> {
    let (r, c) = coords(at);
    let mut out = Vec::new();
    for (dr, dc) in directions(piece) {
        let (Some(over), Some(land)) =
            (square_at(r + dr, c + dc), square_at(r + 2 * dr, c + 2 * dc))
        else {
            continue;
        };
        let victim = matches!(get(board, over), Some(p) if p.colour != piece.colour);
        if victim && !captured.contains(&over) && get(board, land).is_none() {
            out.push((over, land));
        }
    }
    out
}

/// Whether any piece of `colour` has a jump open.
pub fn capture_open(board: &Board, colour: Colour) -> bool {
    (1..=32u8).any(|n| match get(board, n) {
        Some(p) if p.colour == colour => !single_jumps(board, n, p, &[]).is_empty(),
        _ => false,
    })
}

/// Every step of `colour`'s pieces; `offends` marks them all (a neglect).
fn steps(board: &Board, colour: Colour, offends: bool) -> Vec<RefMove> {
    let mut out = Vec::new();
    for n in 1..=32u8 {
        let Some(piece) = get(board, n) else { continue };
        if piece.colour != colour {
            continue;
        }
        let (r, c) = coords(n);
        for (dr, dc) in directions(piece) {
            let Some(to) = square_at(r + dr, c + dc) else {
                continue;
            };
            if get(board, to).is_none() {
                out.push(RefMove {
                    squares: vec![n, to],
                    capture: false,
                    captured: vec![],
                    crowns: crowned_on(piece, to),
                    offends,
                });
            }
        }
    }
    out
}

/// Walks one piece's capture paths depth first.
fn walk(
    board: &Board,
    piece: Piece,
    path: &mut Vec<u8>,
    captured: &mut Vec<u8>,
    prefixes: bool,
    out: &mut Vec<RefMove>,
) {
    let at = *path.last().expect("a path has a start");
    for (over, land) in single_jumps(board, at, piece, captured) {
        path.push(land);
        captured.push(over);
        let mv = |offends: bool, crowns: bool| RefMove {
            squares: path.clone(),
            capture: true,
            captured: captured.clone(),
            crowns,
            offends,
        };
        if crowned_on(piece, land) {
            // Crowning ends the move: complete, whatever else is open.
            out.push(mv(false, true));
        } else if single_jumps(board, land, piece, captured).is_empty() {
            out.push(mv(false, false));
        } else {
            if prefixes {
                // Stopping here, with a further jump open, is stopped short.
                out.push(mv(true, false));
            }
            walk(board, piece, path, captured, prefixes, out);
        }
        path.pop();
        captured.pop();
    }
}

/// The capture paths of the piece on `from`: complete ones only, or with
/// `prefixes` every prefix too.
fn captures_of(board: &Board, from: u8, prefixes: bool) -> Vec<RefMove> {
    let piece = get(board, from).expect("a piece to capture with");
    // The capturing piece's start square is empty while it captures.
    let mut lifted = *board;
    set(&mut lifted, from, None);
    let mut out = Vec::new();
    walk(
        &lifted,
        piece,
        &mut vec![from],
        &mut Vec::new(),
        prefixes,
        &mut out,
    );
    out
}

/// Every capture path of `colour`'s pieces.
fn all_captures(board: &Board, colour: Colour, prefixes: bool) -> Vec<RefMove> {
    let mut out = Vec::new();
    for n in 1..=32u8 {
        if matches!(get(board, n), Some(p) if p.colour == colour) {
            out.extend(captures_of(board, n, prefixes));
        }
    }
    out
}

/// English: the complete captures if there is any, else the steps.
fn english_moves(board: &Board, colour: Colour) -> Vec<RefMove> {
    let captures = all_captures(board, colour, false);
    if captures.is_empty() {
        steps(board, colour, false)
    } else {
        captures
    }
}

/// Huffing, judged on `board`: every step (a neglect if a capture was open)
/// and every capture path with its prefixes.
fn huffing_moves(board: &Board, colour: Colour) -> Vec<RefMove> {
    let mut out = steps(board, colour, capture_open(board, colour));
    out.extend(all_captures(board, colour, true));
    out
}

/// Makes `colour`'s move `mv` on `board`: the piece moves, the jumped
/// pieces leave, a man reaching the far row is crowned.
fn apply(board: &Board, mv: &RefMove) -> Board {
    let mut b = *board;
    let mut piece = get(&b, mv.from()).expect("a piece to move");
    set(&mut b, mv.from(), None);
    for &c in &mv.captured {
        set(&mut b, c, None);
    }
    if mv.crowns {
        piece.king = true;
    }
    set(&mut b, mv.to(), Some(piece));
    b
}

/// Takes back the step `mv`: the piece goes back, a crowned man uncrowned.
fn take_back(board: &Board, mv: &RefMove) -> Board {
    assert!(!mv.capture, "only a step is taken back");
    let mut b = *board;
    let mut piece = get(&b, mv.to()).expect("the piece that moved");
    if mv.crowns {
        piece.king = false;
    }
    set(&mut b, mv.to(), None);
    set(&mut b, mv.from(), Some(piece));
    b
}

impl RefPos {
    /// The start position.
    pub fn start(rules: RefRules) -> RefPos {
        let mut board = [None; 32];
        for n in 1..=12 {
            set(
                &mut board,
                n,
                Some(Piece {
                    colour: Colour::Black,
                    king: false,
                }),
            );
        }
        for n in 21..=32 {
            set(
                &mut board,
                n,
                Some(Piece {
                    colour: Colour::White,
                    king: false,
                }),
            );
        }
        RefPos {
            board,
            to_move: Colour::Black,
            rules,
            pending: RefPending::Nothing,
        }
    }

    /// The offender's pieces that may be huffed for `offence`, where they
    /// stand now.
    pub fn huffable(&self, offence: &RefMove) -> Vec<u8> {
        if offence.capture {
            // Stopped short: the capturing piece only.
            return vec![offence.to()];
        }
        // A neglect: every piece that had a jump open before the move.
        let offender = self.to_move.other();
        let before = take_back(&self.board, offence);
        let mut out = Vec::new();
        for n in 1..=32u8 {
            match get(&before, n) {
                Some(p) if p.colour == offender && !single_jumps(&before, n, p, &[]).is_empty() => {
                    out.push(if n == offence.from() { offence.to() } else { n });
                }
                _ => {}
            }
        }
        out
    }

    /// Every legal action.
    pub fn actions(&self) -> Vec<RefAction> {
        let colour = self.to_move;
        let moves = |ms: Vec<RefMove>| ms.into_iter().map(RefAction::Move).collect::<Vec<_>>();
        match (self.rules, &self.pending) {
            (RefRules::English, _) => moves(english_moves(&self.board, colour)),
            (RefRules::Huffing, RefPending::Nothing) => moves(huffing_moves(&self.board, colour)),
            (RefRules::Huffing, RefPending::Offence(offence)) => {
                let mut out = moves(huffing_moves(&self.board, colour));
                for x in self.huffable(offence) {
                    let mut huffed = self.board;
                    set(&mut huffed, x, None);
                    for m in huffing_moves(&huffed, colour) {
                        out.push(RefAction::Huff(x, m));
                    }
                }
                out.push(RefAction::Compel);
                out
            }
            (RefRules::Huffing, RefPending::CompelCapture) => {
                moves(all_captures(&self.board, colour, false))
            }
            (RefRules::Huffing, RefPending::CompelRest(partial)) => {
                moves(captures_of(&self.board, partial.to(), false))
            }
        }
    }

    /// The position after `action`, which must be legal here.
    pub fn play(&self, action: &RefAction) -> RefPos {
        let after_move = |board: &Board, mv: &RefMove| RefPos {
            board: apply(board, mv),
            to_move: self.to_move.other(),
            rules: self.rules,
            pending: if self.rules == RefRules::Huffing && mv.offends {
                RefPending::Offence(mv.clone())
            } else {
                RefPending::Nothing
            },
        };
        match action {
            RefAction::Move(mv) => after_move(&self.board, mv),
            RefAction::Huff(x, mv) => {
                let mut huffed = self.board;
                set(&mut huffed, *x, None);
                after_move(&huffed, mv)
            }
            RefAction::Compel => {
                let RefPending::Offence(offence) = &self.pending else {
                    panic!("compel with no offence pending")
                };
                let (board, pending) = if offence.capture {
                    (self.board, RefPending::CompelRest(offence.clone()))
                } else {
                    (take_back(&self.board, offence), RefPending::CompelCapture)
                };
                RefPos {
                    board,
                    to_move: self.to_move.other(),
                    rules: self.rules,
                    pending,
                }
            }
        }
    }

    /// The number of action paths `depth` plies long.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let actions = self.actions();
        if depth == 1 {
            return actions.len() as u64;
        }
        actions.iter().map(|a| self.play(a).perft(depth - 1)).sum()
    }

    /// The sorted text of every legal action.
    pub fn action_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.actions().iter().map(|a| a.to_string()).collect();
        names.sort();
        names
    }

    /// The PDN FEN with the contract's `:O` / `:C` extensions: side to
    /// move, the W field, the B field, men ascending then kings ascending.
    pub fn to_fen(&self) -> String {
        let mut out = String::from(match self.to_move {
            Colour::Black => "B",
            Colour::White => "W",
        });
        for (colour, tag) in [(Colour::White, ":W"), (Colour::Black, ":B")] {
            out.push_str(tag);
            let mut items = Vec::new();
            for king in [false, true] {
                for n in 1..=32u8 {
                    if get(&self.board, n) == Some(Piece { colour, king }) {
                        items.push(if king { format!("K{n}") } else { n.to_string() });
                    }
                }
            }
            out.push_str(&items.join(","));
        }
        match &self.pending {
            RefPending::Nothing => {}
            RefPending::Offence(m) => {
                out.push_str(&format!(":O{m}{}", if m.crowns { "K" } else { "" }))
            }
            RefPending::CompelCapture => out.push_str(":C"),
            RefPending::CompelRest(m) => out.push_str(&format!(":C{m}")),
        }
        out
    }

    /// Reads a FEN as [`RefPos::to_fen`] writes it (either field order,
    /// ranges such as `1-12` and a trailing `.` also accepted). It does not
    /// check that a pending offence could have happened.
    pub fn from_fen(text: &str, rules: RefRules) -> Result<RefPos, String> {
        let text = text.trim();
        let text = text.strip_suffix('.').unwrap_or(text);
        let mut fields = text.split(':');
        let to_move = match fields.next() {
            Some("B") => Colour::Black,
            Some("W") => Colour::White,
            other => return Err(format!("bad side to move {other:?}")),
        };
        let mut board = [None; 32];
        let mut pending = RefPending::Nothing;
        for field in fields {
            let (tag, body) = field.split_at(1);
            match tag {
                "W" | "B" => {
                    let colour = if tag == "W" {
                        Colour::White
                    } else {
                        Colour::Black
                    };
                    for item in body.split(',').filter(|s| !s.is_empty()) {
                        let (king, item) = match item.strip_prefix('K') {
                            Some(rest) => (true, rest),
                            None => (false, item),
                        };
                        let (a, b) = item.split_once('-').unwrap_or((item, item));
                        let a: u8 = a.parse().map_err(|_| format!("bad square {a}"))?;
                        let b: u8 = b.parse().map_err(|_| format!("bad square {b}"))?;
                        for n in a..=b {
                            if !(1..=32).contains(&n) || get(&board, n).is_some() {
                                return Err(format!("bad or repeated square {n}"));
                            }
                            set(&mut board, n, Some(Piece { colour, king }));
                        }
                    }
                }
                "O" => {
                    let (body, crowns) = match body.strip_suffix('K') {
                        Some(rest) => (rest, true),
                        None => (body, false),
                    };
                    pending = RefPending::Offence(parse_move(body, crowns)?);
                }
                "C" if body.is_empty() => pending = RefPending::CompelCapture,
                "C" => pending = RefPending::CompelRest(parse_move(body, false)?),
                _ => return Err(format!("bad field {field}")),
            }
        }
        Ok(RefPos {
            board,
            to_move,
            rules,
            pending,
        })
    }
}

/// Reads an offending or compelled move, `11-15` or `9x18x27`.
fn parse_move(text: &str, crowns: bool) -> Result<RefMove, String> {
    let capture = text.contains('x');
    let squares = text
        .split(if capture { 'x' } else { '-' })
        .map(|s| s.parse::<u8>().map_err(|_| format!("bad move {text}")))
        .collect::<Result<Vec<u8>, String>>()?;
    if squares.len() < 2 || (!capture && squares.len() != 2) {
        return Err(format!("bad move {text}"));
    }
    let mut captured = Vec::new();
    if capture {
        for pair in squares.windows(2) {
            let ((r1, c1), (r2, c2)) = (coords(pair[0]), coords(pair[1]));
            if (r1 - r2).abs() != 2 || (c1 - c2).abs() != 2 {
                return Err(format!("bad jump in {text}"));
            }
            captured.push(square_at((r1 + r2) / 2, (c1 + c2) / 2).expect("a dark square"));
        }
    }
    Ok(RefMove {
        squares,
        capture,
        captured,
        crowns,
        offends: true,
    })
}
