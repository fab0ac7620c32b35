"""Random calls of every public function and method of the parlour module
with extreme and malformed arguments: each call must return, or raise an
exception of the kinds the stub documents (ValueError and its parlour
subclasses, TypeError for an argument of the wrong type, OverflowError for
an integer too large for its argument, IndexError for pop and peek at the
start, OSError for a file that cannot be read or written), with a message
of at most 300 characters. A panic, a crash or a hang is a failure.

Run by test_fuzz.py in a child interpreter, so that a crash is reported
rather than taking pytest with it:

    python fuzzing.py SEED CASES

The inputs are valid texts (positions, moves, rules, PDN) reached by
random play and then edited at random, or extreme values; the same seed
draws the same calls.
"""

import math
import os
import random
import sys
import tempfile
import traceback

import parlour

LONGEST = 300
ALLOWED = (ValueError, TypeError, OverflowError, IndexError, OSError)

# Numbers at and around every range's ends; valid ones are all cheap, so a
# call that is accepted ends soon.
INTS = [-(2**63), -1, 0, 1, 2, 3, 65, 101, 257, 1025, 2**31, 2**32, 2**63, 2**64, 10**30]
FLOATS = [math.nan, math.inf, -math.inf, -1.0, -0.0, 0.0, 1e-300, 0.005, 0.02, 1e9, 1e308]
ODD = [None, True, [], {}, b"bytes", object(), 1.5, "3"]
ALPHABET = "0123456789:,;-xXWBKbwkh@/=+ .|()[]{}\"'\\\n\t\x00é漢"


class Fuzz:
    def __init__(self, seed, scratch):
        self.rng = random.Random(seed)
        self.scratch = scratch
        self.seeds = self.valid_texts()

    # ----- inputs -----------------------------------------------------

    def valid_texts(self):
        """Positions, moves and PDN reached by random play from the start."""
        rng = self.rng
        texts = {"fen": [], "move": [], "peg": [], "pegmove": [], "pdn": [], "rules": [], "pegrules": []}
        starts = [(lambda: parlour.Board(rules="english"), "fen", "move")] * 4
        starts += [(lambda: parlour.Board(rules="huffing"), "fen", "move")] * 4
        starts += [(parlour.PegBoard, "peg", "pegmove")] * 4
        for new, position, move_kind in starts:
            board = new()
            for _ in range(rng.randrange(0, 40)):
                moves = board.legal_moves
                if not moves:
                    break
                move = rng.choice(moves)
                texts[move_kind].append(str(move))
                board.push(move)
            texts[position].append(board.fen())
            texts["pdn"].append(parlour.write_pdn(board))
        texts["rules"] = ["english", "huffing", "english,quiet_plies=40", "huffing,quiet_plies=100"]
        texts["pegrules"] = ["", "squares=3", "squares=4,pegs=9", parlour.PegBoard().rules]
        return texts

    def mutate(self, text):
        """`text` with one to four random edits."""
        rng = self.rng
        s = list(text)
        for _ in range(rng.randrange(1, 5)):
            at = rng.randrange(0, len(s) + 1)
            kind = rng.randrange(6)
            if kind == 0 and s:
                del s[at : at + rng.randrange(1, 8)]
            elif kind == 1:
                s[at:at] = rng.choices(ALPHABET, k=rng.randrange(1, 4))
            elif kind == 2 and s:
                s[at : at + 1] = [rng.choice(ALPHABET)]
            elif kind == 3 and s:
                span = s[at : at + rng.randrange(1, 6)]
                s[at:at] = span * rng.choice([2, 3, 100, 2000])
            elif kind == 4:
                s = s[: rng.randrange(0, len(s) + 1)]
            else:
                s[at:at] = list(str(rng.choice(INTS)))
        return "".join(s)

    def text(self, kind):
        """A valid text of `kind`, an edited one, or something else."""
        rng = self.rng
        roll = rng.random()
        if roll < 0.4:
            return rng.choice(self.seeds[kind]) if self.seeds[kind] else ""
        if roll < 0.85 and self.seeds[kind]:
            return self.mutate(rng.choice(self.seeds[kind]))
        return self.junk()

    def junk(self):
        rng = self.rng
        return rng.choice(
            [
                "",
                " ",
                "\x00",
                "é" * 10000,
                "x" * 100000,
                "".join(rng.choices(ALPHABET, k=rng.randrange(1, 200))),
                str(rng.choice(INTS)),
                rng.choice(ODD),
                rng.choice(INTS),
            ]
        )

    def int(self):
        return self.rng.choice(INTS + ODD[:2] + [self.rng.choice(FLOATS)])

    def small(self, top):
        """A valid small number up to `top`, or an extreme or odd one."""
        rng = self.rng
        return rng.randrange(1, top + 1) if rng.random() < 0.4 else self.int()

    def pick(self, valid, bad, odds=0.85):
        """One of `valid` most of the time, else one of `bad`."""
        return self.rng.choice(valid if self.rng.random() < odds else bad)

    def path(self):
        """A file the module may be asked to read or write."""
        rng = self.rng
        junk = os.path.join(self.scratch, "junk-%d" % rng.randrange(10))
        if not os.path.exists(junk):
            with open(junk, "wb") as f:
                f.write(bytes(rng.randrange(256) for _ in range(rng.randrange(0, 5000))))
        return rng.choice(
            [
                junk,
                self.scratch,
                os.path.join(self.scratch, "missing", "x"),
                "/dev/null",
                "x" * 5000,
                "\x00",
                "",
                rng.choice(INTS),
                None,
            ]
        )

    def limits(self):
        """Search limits: at least one of them bounds the search to a short
        one unless they are out of range (then the call is refused)."""
        rng = self.rng
        depth = self.pick([None, None, 1, 2, 3], [0, -1, 101, 2**64, 1.5, "3"])
        movetime = self.pick([None, None, 0.005, 0.02], [0.0, -1.0, math.nan, math.inf, 1e9, 1e308, "x"])
        nodes = self.pick([None, None, None, 1, 500, 5000], [0, -1, 10**15 + 1, 2**64, 1.5])
        bounded = depth in (1, 2, 3) or movetime in (0.005, 0.02) or nodes in (1, 500, 5000)
        if not bounded and depth is None and movetime is None and nodes is None:
            depth = 1
        elif not bounded and rng.random() < 0.5:
            movetime = 0.01
        return {"depth": depth, "movetime": movetime, "nodes": nodes}

    def board(self):
        rng = self.rng
        if rng.random() < 0.7:
            try:
                if rng.random() < 0.6:
                    return parlour.Board(self.text("fen"), rng.choice(self.seeds["rules"]))
                return parlour.PegBoard(position=self.text("peg"))
            except ValueError:
                pass
        return rng.choice([parlour.Board(), parlour.Board(rules="huffing"), parlour.PegBoard()])

    # ----- calls ------------------------------------------------------

    def calls(self):
        """(name, function) pairs, one drawn per case."""
        rng = self.rng
        return [
            ("Board()", lambda: parlour.Board(self.text("fen"), self.text("rules"))),
            ("PegBoard()", lambda: parlour.PegBoard(self.text("pegrules"), self.text("peg"))),
            ("board methods", self.board_methods),
            ("Engine()", self.engine_new),
            ("Engine.search", lambda: self.engine().search(self.board(), **self.limits())),
            (
                "Engine.analyse",
                lambda: self.engine().analyse(self.board(), rng.choice([1, 2, 0, -1, 257, 2**64, "2"]), **self.limits()),
            ),
            ("Engine.solve", lambda: self.engine().solve(self.board(), **self.limits())),
            ("PdnGame()", self.pdn_game),
            ("read_pdn(text)", lambda: parlour.read_pdn(self.text("pdn"))),
            ("read_pdn(path)", lambda: parlour.read_pdn(self.path())),
            ("write_pdn", self.write_pdn),
            ("ballots", lambda: parlour.ballots(rng.choice(["deck", "all", "tough", self.junk()]))),
            ("selfplay_records", lambda: parlour.selfplay_records(self.path())),
        ]

    def board_methods(self):
        rng = self.rng
        board = self.board()
        pegs = isinstance(board, parlour.PegBoard)
        for _ in range(rng.randrange(1, 12)):
            op = rng.randrange(10)
            if op == 0:
                moves = board.legal_moves
                board.push(rng.choice(moves) if moves and rng.random() < 0.5 else self.text("pegmove" if pegs else "move"))
            elif op == 1:
                board.pop()
            elif op == 2:
                board.peek()
            elif op == 3:
                board.perft(self.small(2 if pegs else 4))
            elif op == 4:
                board.push(rng.choice(ODD + [parlour.Board().legal_moves[0], parlour.PegBoard().legal_moves[0]]))
            elif op == 5:
                if not pegs:
                    board.planes()
            elif op == 6:
                board._repr_svg_()
            elif op == 7:
                copy = board.copy()
                assert copy == board and hash(copy) == hash(board)
            else:
                for name in ["legal_moves", "move_stack", "fen", "rules", "turn", "is_game_over", "result"]:
                    value = getattr(board, name)
                    if callable(value):
                        value()

    def engine_new(self):
        rng = self.rng
        kwargs = {
            "threads": self.pick([1, 2], [0, -1, 1025, 2**64, "1"]),
            "hash_mb": self.pick([1, 2, 16], [0, -1, 10**9, 2**64, 1.5]),
            "eval": self.pick([None, "default", "network", "patterns", "handwritten", "learned"], ["off", self.path()]),
            "egdb": self.pick([None], [self.path()]),
            "skill": self.pick([10, 1, 5], [0, 11, -1, 2**64, "5"]),
            "seed": self.pick([0, 1, 2**63], [-1, 2**64, "1"]),
            "book": self.pick([None, "off", "default"], [self.path()]),
        }
        for key in list(kwargs):
            if rng.random() < 0.4:
                del kwargs[key]
        return parlour.Engine(**kwargs)

    def engine(self):
        """A small engine, most of the time a valid one."""
        if self.rng.random() < 0.7:
            return parlour.Engine(hash_mb=1, skill=self.rng.choice([10, 10, 3, 1]), seed=self.rng.randrange(100))
        return self.engine_new()

    def pdn_game(self):
        rng = self.rng
        headers = rng.choice(
            [
                None,
                {},
                {"Event": self.junk(), "White": "a\"]\n[b"},
                {self.junk(): "x"},
                {"Result": rng.choice(["2-0", "0-2", "1-1", "*", self.junk()])},
                rng.choice(ODD),
            ]
        )
        result = rng.choice([None, "2-0", "0-2", "1-1", "*", self.junk()])
        game = parlour.PdnGame(self.board(), headers, result)
        parlour.write_pdn(game)
        return game

    def write_pdn(self):
        rng = self.rng
        games = rng.choice([self.board(), [self.board(), self.board()], [], rng.choice(ODD), [1, self.board()]])
        path = self.path() if rng.random() < 0.3 else None
        return parlour.write_pdn(games, path)

    # ----- the run ----------------------------------------------------

    def run(self, cases):
        """Failures of `cases` random calls, as lines of text."""
        failures = []
        calls = self.calls()
        counts = {}
        for case in range(cases):
            name, call = self.rng.choice(calls)
            try:
                call()
                outcome = "returned"
            except ALLOWED as e:
                outcome = type(e).__name__
                message = str(e)
                if len(message) > LONGEST:
                    failures.append("case %d, %s: a %d-character message: %.200r" % (case, name, len(message), message))
            except AssertionError:
                failures.append("case %d, %s: %s" % (case, name, traceback.format_exc(limit=3)))
                outcome = "AssertionError"
            except BaseException as e:  # a panic is a BaseException in pyo3
                if isinstance(e, KeyboardInterrupt):
                    raise
                failures.append("case %d, %s: %s: %.200r" % (case, name, type(e).__name__, str(e)))
                outcome = type(e).__name__
            counts[(name, outcome)] = counts.get((name, outcome), 0) + 1
        return failures, counts


def main():
    seed, cases = int(sys.argv[1]), int(sys.argv[2])
    with tempfile.TemporaryDirectory(prefix="parlour-fuzz-") as scratch:
        failures, counts = Fuzz(seed, scratch).run(cases)
    for (name, outcome), n in sorted(counts.items()):
        print("%-18s %-18s %5d" % (name, outcome, n))
    for line in failures:
        print("FAILED", line)
    print("seed %d: %d cases, %d failures" % (seed, cases, len(failures)))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
