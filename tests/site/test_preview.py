"""The link preview: a 1200×630 PNG of the grids' colours in the site's theme, and never a letter."""

from __future__ import annotations

import copy
import io
import itertools
from typing import Any

import pytest
from PIL import Image

from wordarena.site.preview import (
    CONTRAST,
    DARK,
    LIGHT,
    SIZE,
    Grid,
    grids_of_replay,
    render,
    replay_preview,
    tile_boxes,
)


def rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def centre(box: tuple[int, int, int, int]) -> tuple[int, int]:
    return (box[0] + box[2]) // 2, (box[1] + box[3]) // 2


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


SIX = [
    Grid(rows=("--Y--", "G-Y--", "GGGGG"), length=5, slots=6, highlight=True),
    Grid(rows=("-----",) * 6, length=5, slots=6),
    Grid(rows=("YY---", "GGGGG"), length=5, slots=6, highlight=True),
    Grid(rows=(), length=5, slots=6),
    Grid(rows=("-Y-Y-", "--GY-", "G-G-G", "GGGGG"), length=5, slots=6),
    Grid(rows=("Y----",), length=5, slots=6),
]


def test_a_duel_preview_is_a_png_of_the_og_size() -> None:
    png = render(SIX)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    image = decode(png)
    assert (image.format, image.size, image.mode) == ("PNG", SIZE, "RGB")


def test_tiles_have_the_themes_colours() -> None:
    image = decode(render(SIX))
    boxes = tile_boxes(SIX)
    assert image.getpixel(centre(boxes[0][2][0])) == rgb(DARK.correct)  # GGGGG
    assert image.getpixel(centre(boxes[0][0][2])) == rgb(DARK.present)  # --Y--
    assert image.getpixel(centre(boxes[1][0][0])) == rgb(DARK.absent)
    assert image.getpixel(centre(boxes[3][0][0])) == rgb(DARK.background)  # an empty slot: outlined only
    edge = (centre(boxes[3][0][0])[0], boxes[3][0][0][1] + 1)
    assert image.getpixel(edge) == rgb(DARK.border)
    assert image.getpixel((2, 2)) == rgb(DARK.background)


def test_light_and_high_contrast_palettes() -> None:
    light = decode(render(SIX, theme="light"))
    boxes = tile_boxes(SIX)
    assert light.getpixel(centre(boxes[0][2][0])) == rgb(LIGHT.correct)
    assert light.getpixel((2, 2)) == rgb(LIGHT.background)
    contrast = decode(render(SIX, theme="light", contrast=True))
    assert contrast.getpixel(centre(boxes[0][2][0])) == rgb(CONTRAST["correct"])  # orange, not green
    assert contrast.getpixel(centre(boxes[0][0][2])) == rgb(CONTRAST["present"])


def test_every_tile_is_inside_the_picture_and_none_overlap() -> None:
    board = [Grid(rows=("G-Y---",) * 11 + ("GGGGGG",), length=6, slots=12, owners=(0, 1) * 6)]
    for grids in (SIX, board, SIX[:2]):
        boxes = [box for grid in tile_boxes(grids) for row in grid for box in row]
        assert all(0 <= b[0] < b[2] < SIZE[0] and 96 <= b[1] < b[3] < SIZE[1] for b in boxes)
        for a, b in itertools.pairwise(boxes):
            assert a[2] < b[0] or a[3] < b[1] or b[2] < a[0] or b[3] < a[1]


def test_a_shared_board_marks_each_row_with_its_players_colour() -> None:
    board = [Grid(rows=("--Y---", "G-Y---", "GGGGGG"), length=6, slots=12, owners=(0, 1, 0))]
    image = decode(render(board))
    boxes = tile_boxes(board)
    for row, player in enumerate((0, 1, 0)):
        left, top, _, bottom = boxes[0][row][0]
        marks = {image.getpixel((x, (top + bottom) // 2)) for x in range(left - 20, left)}
        assert rgb(DARK.players[player]) in marks
    assert image.getpixel(centre(boxes[0][2][5])) == rgb(DARK.correct)


def test_the_same_patterns_give_the_same_bytes() -> None:
    assert render(SIX) == render(list(SIX))
    assert render(SIX) != render(SIX[:5])


def test_bad_grids_are_refused() -> None:
    with pytest.raises(ValueError):
        Grid(rows=("GGGG",), length=5, slots=6)
    with pytest.raises(ValueError):
        Grid(rows=("GGGGX",), length=5, slots=6)
    with pytest.raises(ValueError):
        Grid(rows=("GGGGG",) * 7, length=5, slots=6)
    with pytest.raises(ValueError):
        Grid(rows=("GGGGG",), length=5, slots=6, owners=(2,))
    with pytest.raises(ValueError):
        render([])


# ---------------------------------------------------------------- from replay documents


def duel_document(answer: str, words: list[str]) -> dict[str, Any]:
    guesses = [
        {"player": 0, "word": words[0], "pattern": "--Y--", "at_ms": 1000, "letters": list(words[0].upper())},
        {"player": 1, "word": words[1], "pattern": "GGGGG", "at_ms": 1200, "letters": list(words[1].upper())},
        {"player": 0, "word": words[1], "pattern": "GGGGG", "at_ms": 4000, "letters": list(words[1].upper())},
    ]
    return {
        "mode": "duel",
        "lang": "en",
        "length": 5,
        "players": [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bo"}],
        "rounds": [
            {"number": 1, "answer": answer, "answer_letters": list(answer.upper()), "guesses": guesses}
        ],
        "winners": [1],
    }


def test_a_replay_preview_holds_no_letter_of_its_words() -> None:
    one = duel_document("crane", ["pilot", "crane"])
    other = duel_document("moist", ["bunch", "moist"])
    png = replay_preview(one)
    # Only the colours reach the drawing: other words with the same colours, the same picture.
    assert png == replay_preview(other)
    assert b"crane" not in png.lower() and b"pilot" not in png.lower()
    assert not {k for k in decode(png).info if k not in ("dpi",)}  # no text chunk
    assert grids_of_replay(one) == [
        Grid(rows=("--Y--", "GGGGG"), length=5, slots=6),
        Grid(rows=("GGGGG",), length=5, slots=6, highlight=True),
    ]


def test_a_tournament_duels_preview_is_its_board() -> None:
    document = {
        "mode": "tournament_duel",
        "length": 4,
        "guesses": [
            {"player": 1, "word": "abcd", "pattern": "-Y--", "at_ms": 10},
            {"player": 0, "word": "efgh", "pattern": "GGGG", "at_ms": 20},
        ],
        "outcome": {"winner": 0, "draw": False},
    }
    (grid,) = grids_of_replay(document)
    assert grid == Grid(rows=("-Y--", "GGGG"), length=4, slots=12, owners=(1, 0))
    image = decode(replay_preview(document, theme="light"))
    box = tile_boxes([grid])[0][1][3]
    assert image.getpixel(centre(box)) == rgb(LIGHT.correct)


def test_a_chosen_round_of_a_duel() -> None:
    document = duel_document("crane", ["pilot", "crane"])
    second = copy.deepcopy(document["rounds"][0])
    second["number"] = 2
    second["guesses"] = [{"player": 0, "word": "x", "pattern": "-----", "at_ms": 5}]
    document["rounds"].append(second)
    assert grids_of_replay(document)[0].rows == ("-----",)
    assert grids_of_replay(document, round_number=1)[0].rows == ("--Y--", "GGGGG")
