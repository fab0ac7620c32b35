"""The SVG diagram a notebook draws (`_repr_svg_`), checked without a
notebook: well-formed XML, one piece drawn for every piece on the board,
of its side and kind, on its square."""

import random
import xml.etree.ElementTree as ET

import parlour

SVG = "{http://www.w3.org/2000/svg}"


def drawn(svg, kinds, key):
    """{number: class} of the groups whose class starts with one of `kinds`."""
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    pieces = {}
    for g in root.iter(SVG + "g"):
        cls = g.get("class", "")
        if cls.split(" ")[0] in kinds:
            number = int(g.get(key))
            assert number not in pieces, "square %d drawn twice" % number
            pieces[number] = cls
    return pieces


def checkers_pieces(fen):
    """{square: "piece SIDE KIND"} of a FEN as parlour writes it."""
    pieces = {}
    for field in fen.split(":")[1:3]:
        side = {"W": "white", "B": "black"}[field[0]]
        for item in filter(None, field[1:].split(",")):
            king = item.startswith("K")
            pieces[int(item.lstrip("K"))] = "piece %s %s" % (side, "king" if king else "man")
    return pieces


def peg_pieces(text):
    """{hole: "peg SIDE" or "king SIDE"} of a peg position's text."""
    pieces = {}
    for field in text.split("/")[:2]:
        side = {"b": "black", "w": "white"}[field[0]]
        for item in filter(None, field[2:].split(",")):
            king = item.startswith("K")
            pieces[int(item.lstrip("K"))] = "%s %s" % ("king" if king else "peg", side)
    return pieces


def test_every_checkers_piece_is_drawn():
    rng = random.Random(11)
    for rules in ("english", "huffing"):
        board = parlour.Board(rules=rules)
        for _ in range(150):
            pieces = drawn(board._repr_svg_(), {"piece"}, "data-square")
            assert pieces == checkers_pieces(board.fen()), board.fen()
            if board.is_game_over():
                break
            board.push(rng.choice(board.legal_moves))
    kings = drawn(parlour.Board("W:WK1,K2,13:BK30,20")._repr_svg_(), {"piece"}, "data-square")
    assert sorted(kings.values()).count("piece white king") == 2


def test_every_peg_is_drawn():
    rng = random.Random(12)
    board = parlour.PegBoard()
    for _ in range(60):
        pieces = drawn(board._repr_svg_(), {"peg", "king"}, "data-hole")
        assert pieces == peg_pieces(board.fen()), board.fen()
        if board.is_game_over():
            break
        board.push(rng.choice(board.legal_moves))
    assert len(pieces) > 6


def test_checkers_is_drawn_as_published():
    """Black at the top, as published diagrams: Black's men on 1-12 are
    drawn above White's on 21-32."""
    root = ET.fromstring(parlour.Board()._repr_svg_())
    height = {}
    for g in root.iter(SVG + "g"):
        if g.get("class", "").startswith("piece"):
            height[int(g.get("data-square"))] = float(g.find(SVG + "circle").get("cy"))
    assert max(height[s] for s in range(1, 13)) < min(height[s] for s in range(21, 33))
