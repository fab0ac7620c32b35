"""Checkers (english and huffing rules) and the Victorian peg game: boards,
the engine, perft, PDN and self-play data, in Rust.

A refused text or value raises a ValueError of its kind (the classes
below); an argument of the wrong type TypeError; an integer that does not
fit its argument at all (a negative depth, 2**64) OverflowError; pop and
peek at the start IndexError; a file that cannot be read or written
OSError (FileNotFoundError where it is not there). Nothing given to the
module ends the interpreter (tests/test_fuzz.py)."""

import os
import pathlib
from typing import Dict, Iterable, List, Optional, Tuple, Union

import numpy as np
import numpy.typing as npt

__version__: str

class RulesError(ValueError):
    """A rules text that does not read."""

class PositionError(ValueError):
    """A position text that does not read, or names a position that cannot arise."""

class FenError(PositionError):
    """A checkers FEN that does not read, or names a position that cannot arise."""

class IllegalMoveError(ValueError):
    """A move that does not read, or is not legal in the position."""

class PdnError(ValueError):
    """A PDN text that does not read, or a game in it that is not a legal game."""

class DataError(ValueError):
    """A self-play data file that cannot be read as one."""

class EngineError(ValueError):
    """An engine that cannot be made as asked (threads, hash, evaluation, databases)."""

class Move:
    """A checkers move (under huffing also a huff and its move, or `compel`).

    `str(move)` is its PDN text: `11-15`, `9x18x27`, `h14 11-15`, `compel`.
    """

    @property
    def path(self) -> List[int]:
        """Squares 1-32 the piece passes: its start, then every landing."""
    @property
    def captures(self) -> List[int]:
        """Squares of the pieces jumped, in increasing order."""
    @property
    def is_capture(self) -> bool: ...
    @property
    def crowns(self) -> bool: ...
    @property
    def huff(self) -> Optional[int]:
        """Huffing: the square of the piece removed before the move."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class PegMove:
    """A move of the peg game: `K@7`, `@7`, `24-17`, with a removal `@3x12`."""

    @property
    def path(self) -> List[int]:
        """The hole placed on, or the holes a slide starts and ends on."""
    @property
    def removal(self) -> Optional[int]: ...
    @property
    def is_placement(self) -> bool: ...
    @property
    def is_king(self) -> bool: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Board:
    """A game of checkers under english (default) or huffing rules."""

    def __init__(self, fen: Optional[str] = None, rules: str = "english") -> None: ...
    @property
    def legal_moves(self) -> List[Move]: ...
    def push(self, move: Union[Move, str]) -> Move:
        """Plays a legal move or its text; raises IllegalMoveError."""
    def pop(self) -> Move:
        """Takes back the last move; raises IndexError at the start."""
    def peek(self) -> Move: ...
    @property
    def move_stack(self) -> List[Move]: ...
    def fen(self) -> str: ...
    @property
    def rules(self) -> str: ...
    @property
    def turn(self) -> str:
        """`"black"` (who moves first) or `"white"`."""
    def is_game_over(self) -> bool: ...
    def result(self) -> Optional[str]:
        """`"2-0"`, `"0-2"`, `"1-1"`, or None while the game goes on."""
    def copy(self) -> "Board": ...
    def perft(self, depth: int) -> int: ...
    def planes(self) -> npt.NDArray[np.uint8]:
        """Shape (4, 32) from the side to move's view: men, kings, theirs."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def _repr_svg_(self) -> Optional[str]: ...

class PegBoard:
    """A game of the Victorian peg game."""

    def __init__(self, rules: Optional[str] = None, position: Optional[str] = None) -> None: ...
    @property
    def legal_moves(self) -> List[PegMove]: ...
    def push(self, move: Union[PegMove, str]) -> PegMove: ...
    def pop(self) -> PegMove: ...
    def peek(self) -> PegMove: ...
    @property
    def move_stack(self) -> List[PegMove]: ...
    def fen(self) -> str:
        """The position's text, as `position=` reads it."""
    @property
    def rules(self) -> str: ...
    @property
    def turn(self) -> str: ...
    def is_game_over(self) -> bool: ...
    def result(self) -> Optional[str]: ...
    def copy(self) -> "PegBoard": ...
    def perft(self, depth: int) -> int: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def _repr_svg_(self) -> Optional[str]: ...

class SearchResult:
    """What a search found."""

    @property
    def move(self) -> Optional[Union[Move, PegMove]]: ...
    @property
    def score(self) -> int:
        """Hundredths of a man from the side to move's view; ±(30000 - n) for a forced end."""
    @property
    def mate(self) -> Optional[int]:
        """Plies to a forced win (positive) or loss (negative); None for an evaluation."""
    @property
    def depth(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    @property
    def pv(self) -> List[Union[Move, PegMove]]: ...
    @property
    def proven(self) -> bool:
        """The score is the position's proven value (a win or loss found, or the databases')."""
    @property
    def time(self) -> float: ...
    @property
    def book(self) -> bool:
        """Whether the move came from the engine's opening book (no search)."""

class Engine:
    """The alpha-beta engine; its search releases the GIL and stops on Ctrl-C."""

    def __init__(
        self,
        threads: int = 1,
        hash_mb: int = 64,
        eval: Optional[str] = None,
        egdb: Optional[Union[str, os.PathLike[str]]] = None,
        skill: int = 10,
        seed: int = 0,
        book: Optional[Union[str, os.PathLike[str]]] = None,
        book_floor: int = 16,
    ) -> None:
        """skill 1 (weakest) to 10 (full strength): a weaker level searches less and plays
        one of its best few moves by a draw from seed; ValueError outside 1 to 10.
        book: an opening book made by `parlour book build`, "default" (the
        one built in, for english checkers) or "off"; a position in it is
        answered with its best move, without a search, where that move rests
        on at least book_floor plies of book and search (0: wherever the
        book has the position)."""
    def search(
        self,
        board: Union[Board, PegBoard],
        depth: Optional[int] = None,
        movetime: Optional[float] = None,
        nodes: Optional[int] = None,
    ) -> SearchResult:
        """depth (plies), movetime (seconds) or nodes, else 1 s; a depth beside a time
        or nodes stops early; nodes and a time do not go together (ValueError)."""
    def analyse(
        self,
        board: Union[Board, PegBoard],
        multipv: int = 1,
        depth: Optional[int] = None,
        movetime: Optional[float] = None,
        nodes: Optional[int] = None,
    ) -> List[SearchResult]:
        """The multipv (1 to 256) best moves, each to the same depth with its exact score and
        line, best first; the limits are search's. Always full strength."""
    def solve(
        self,
        board: Union[Board, PegBoard],
        depth: Optional[int] = None,
        movetime: Optional[float] = None,
        nodes: Optional[int] = None,
    ) -> SearchResult:
        """Searches until the value is proven (result.proven) or the limit runs out (a
        minute by default)."""
    def clear(self) -> None: ...
    @property
    def threads(self) -> int: ...
    @property
    def hash_mb(self) -> int: ...
    @property
    def eval(self) -> str: ...
    @property
    def skill(self) -> int: ...
    @property
    def egdb(self) -> Optional[pathlib.Path]: ...
    @property
    def book(self) -> str:
        """The opening book's file, "default" or "off"."""
    @property
    def book_floor(self) -> int:
        """The least depth at which a book move is played without a search."""

class PdnGame:
    """A game of a PDN file: tags, moves, result and the board they lead to."""

    def __init__(
        self,
        board: Union[Board, PegBoard],
        headers: Optional[Dict[str, str]] = None,
        result: Optional[str] = None,
    ) -> None: ...
    @property
    def headers(self) -> Dict[str, str]: ...
    @property
    def moves(self) -> List[str]: ...
    @property
    def result(self) -> Optional[str]: ...
    @property
    def game(self) -> str:
        """`"checkers"` or `"pegs"`."""
    def board(self) -> Union[Board, PegBoard]: ...

def read_pdn(source: Union[str, os.PathLike[str]]) -> List[PdnGame]:
    """Every game of a PDN file (a path) or text; raises PdnError."""

def write_pdn(
    games: Union[PdnGame, Board, PegBoard, Iterable[Union[PdnGame, Board, PegBoard]]],
    path: Optional[Union[str, os.PathLike[str]]] = None,
) -> str:
    """The games as PDN text, also written to `path` where given."""

def ballots(deck: str = "deck") -> List[Tuple[str, List[str]]]:
    """The ACF three-move ballots of a deck: "deck" (156), "all" (174), "tough" (50)."""

def selfplay_records(path: Union[str, os.PathLike[str]]) -> Dict[str, npt.NDArray[np.generic]]:
    """The records of a checkers self-play file: planes, score, result, ply, game."""
