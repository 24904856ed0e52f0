"""The link preview of a finished game: a PNG of its coloured grids, without a letter, and the site's name.

A link pasted into a chat shows this picture (the page's ``og:image``, 1200×630,
the size chats expect). It is drawn from colour patterns alone (``G``, ``Y``,
``-``): no word reaches the drawing, so it cannot give an answer away, and the
same patterns always give the same bytes (cache them by the game's id).

- Duel de Mots: one grid of 6 rows per player, for one round (the last by
  default); the winners' grids are underlined in gold.
- A Tournament duel: the shared board, up to 12 rows, each row marked with the
  colour of the player who played it (the board's colours): the winning row too.

Colours are the site's theme (``web/style.css``): light, dark, and the
high-contrast palette (orange and blue) for either.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from PIL import Image, ImageDraw, ImageFont

SIZE: Final = (1200, 630)
SITE_NAME: Final = "Word Arena"
DUEL_ROWS: Final = 6
BOARD_ROWS: Final = 12

Theme = Literal["light", "dark"]
Box = tuple[int, int, int, int]  # left, top, right, bottom (inclusive)


@dataclass(frozen=True)
class Palette:
    background: str
    border: str  # an empty tile's outline
    correct: str
    present: str
    absent: str
    brand: str
    players: tuple[str, str]  # a duel's two players
    medal: str


#: The colours of web/style.css (``--bg``, ``--border``, ``--correct``... ``--player-a/-b``, ``.medal-1``).
LIGHT: Final = Palette(
    "#f6f7f8", "#d3d6da", "#4f8f4a", "#c2a333", "#7a7d80", "#4f8f4a", ("#7152d1", "#c8377a"), "#d4a017"
)
DARK: Final = Palette(
    "#121213", "#3a3a3c", "#538d4e", "#b59f3b", "#4a4c4f", "#4f8f4a", ("#a08cf0", "#ef6fa8"), "#d4a017"
)
#: ``:root.contrast``: orange and blue instead of green and amber.
CONTRAST: Final = {"correct": "#f5793a", "present": "#85c0f9", "absent": "#3a3a3c"}
CONTRAST_BORDER: Final = {"light": "#6f7276", "dark": "#8a8d91"}


def palette(theme: Theme = "dark", contrast: bool = False) -> Palette:
    base = LIGHT if theme == "light" else DARK
    if not contrast:
        return base
    return Palette(
        base.background,
        CONTRAST_BORDER[theme],
        CONTRAST["correct"],
        CONTRAST["present"],
        CONTRAST["absent"],
        base.brand,
        base.players,
        base.medal,
    )


@dataclass(frozen=True)
class Grid:
    """One grid to draw: its rows' patterns, its width and height in tiles."""

    rows: tuple[str, ...]  # patterns of G, Y and -
    length: int  # tiles per row
    slots: int  # rows of the grid, played or not
    owners: tuple[int, ...] = ()  # per row, the player (0 or 1) who played it: a shared board
    highlight: bool = False  # the winner's

    def __post_init__(self) -> None:
        if len(self.rows) > self.slots:
            raise ValueError(f"{len(self.rows)} rows do not fit a grid of {self.slots}")
        if any(len(row) != self.length or not set(row) <= set("GY-") for row in self.rows):
            raise ValueError("a row is a pattern of G, Y and - of the grid's length")
        if self.owners and (len(self.owners) != len(self.rows) or not set(self.owners) <= {0, 1}):
            raise ValueError("owners name the player (0 or 1) of every row")


# ---------------------------------------------------------------- layout

_MARGIN: Final = 48
_TITLE: Final = 96  # the band at the top holding the site's name
_MAX_TILE: Final = 64


@dataclass(frozen=True)
class _Layout:
    tile: int
    gap: int  # between tiles
    spacing: int  # between grids
    left: int
    top: int
    marker: int  # width of a shared board's row markers (0 without)


def _layout(grids: Sequence[Grid], size: tuple[int, int]) -> _Layout:
    width, height = size
    marked = any(g.owners for g in grids)
    columns = sum(g.length for g in grids)
    slots = max(g.slots for g in grids)
    # Tiles, gaps of tile/8, grids tile apart, markers 0.6 tile wide: the largest tile that fits.
    room_x = width - 2 * _MARGIN
    room_y = height - _TITLE - _MARGIN
    per_x = columns + (columns - len(grids)) / 8 + (len(grids) - 1) + (0.75 * len(grids) if marked else 0)
    per_y = slots + (slots - 1) / 8
    tile = int(min(_MAX_TILE, room_x / per_x, room_y / per_y))
    if tile < 4:
        raise ValueError("too many grids for the picture")
    gap = max(1, tile // 8)
    spacing = tile
    marker = int(0.6 * tile) if marked else 0
    widths = [_grid_width(g, tile, gap, marker) for g in grids]
    total = sum(widths) + spacing * (len(grids) - 1)
    grid_height = slots * tile + (slots - 1) * gap
    left = (width - total) // 2
    top = _TITLE + (room_y - grid_height) // 2
    return _Layout(tile, gap, spacing, left, top, marker)


def _grid_width(grid: Grid, tile: int, gap: int, marker: int) -> int:
    extra = marker + gap * 2 if grid.owners else 0
    return extra + grid.length * tile + (grid.length - 1) * gap


def tile_boxes(grids: Sequence[Grid], size: tuple[int, int] = SIZE) -> list[list[list[Box]]]:
    """Where each tile is drawn: per grid, per slot (row), per position, its box."""
    lay = _layout(grids, size)
    boxes = []
    x = lay.left
    for grid in grids:
        start = x + (lay.marker + 2 * lay.gap if grid.owners else 0)
        rows = []
        for r in range(grid.slots):
            y = lay.top + r * (lay.tile + lay.gap)
            rows.append(
                [
                    (
                        start + c * (lay.tile + lay.gap),
                        y,
                        start + c * (lay.tile + lay.gap) + lay.tile - 1,
                        y + lay.tile - 1,
                    )
                    for c in range(grid.length)
                ]
            )
        boxes.append(rows)
        x += _grid_width(grid, lay.tile, lay.gap, lay.marker) + lay.spacing
    return boxes


# ---------------------------------------------------------------- drawing


def render(
    grids: Sequence[Grid], *, theme: Theme = "dark", contrast: bool = False, size: tuple[int, int] = SIZE
) -> bytes:
    """The PNG of ``grids`` side by side under the site's name. The same grids give the same bytes."""
    if not grids:
        raise ValueError("nothing to draw")
    colours = palette(theme, contrast)
    image = Image.new("RGB", size, colours.background)
    draw = ImageDraw.Draw(image)
    lay = _layout(grids, size)
    fills = {"G": colours.correct, "Y": colours.present, "-": colours.absent}
    radius = max(1, lay.tile // 10)
    for grid, rows in zip(grids, tile_boxes(grids, size), strict=True):
        for r, boxes in enumerate(rows):
            played = grid.rows[r] if r < len(grid.rows) else None
            for c, box in enumerate(boxes):
                if played is None:
                    draw.rounded_rectangle(box, radius, outline=colours.border, width=max(2, lay.tile // 16))
                else:
                    draw.rounded_rectangle(box, radius, fill=fills[played[c]])
            if grid.owners and r < len(grid.owners):
                left, top, _, bottom = boxes[0]
                mark = (left - 2 * lay.gap - lay.marker, top, left - 2 * lay.gap - 1, bottom)
                draw.rounded_rectangle(mark, radius, fill=colours.players[grid.owners[r]])
        if grid.highlight:
            first, last = rows[-1][0], rows[-1][-1]
            y = last[3] + max(4, lay.gap * 2)
            draw.rectangle((first[0], y, last[2], y + max(3, lay.tile // 10)), fill=colours.medal)
    _title(draw, colours, size)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def _title(draw: ImageDraw.ImageDraw, colours: Palette, size: tuple[int, int]) -> None:
    font = ImageFont.load_default(size=52)
    left, top, right, bottom = draw.textbbox((0, 0), SITE_NAME, font=font)
    x = (size[0] - (right - left)) // 2 - left
    y = (_TITLE - (bottom - top)) // 2 - top + _MARGIN // 4
    draw.text((x, y), SITE_NAME, fill=colours.brand, font=font)


# ---------------------------------------------------------------- from a replay document


def grids_of_replay(document: Mapping[str, Any], round_number: int | None = None) -> list[Grid]:
    """The grids of a `core.replay` document: a Duel de Mots round (the last by default) or a duel's board."""
    length = int(document["length"])
    if document["mode"] == "tournament_duel":
        guesses = document["guesses"]  # the winning row, all green, carries its player's mark
        rows = tuple(g["pattern"] for g in guesses)
        owners = tuple(int(g["player"]) for g in guesses)
        return [Grid(rows=rows, length=length, slots=BOARD_ROWS, owners=owners)]
    rounds = document["rounds"]
    if not rounds:
        raise ValueError("a game without a round has nothing to show")
    chosen = rounds[-1] if round_number is None else next(r for r in rounds if r["number"] == round_number)
    winners = set(document.get("winners", ()))
    grids = []
    for player in document["players"]:
        seat = player["seat"]
        rows = tuple(g["pattern"] for g in chosen["guesses"] if g["player"] == seat)
        grids.append(Grid(rows=rows, length=length, slots=DUEL_ROWS, highlight=seat in winners))
    return grids


def replay_preview(
    document: Mapping[str, Any],
    *,
    theme: Theme = "dark",
    contrast: bool = False,
    round_number: int | None = None,
) -> bytes:
    """The link preview of a replay document: its grids' PNG."""
    return render(grids_of_replay(document, round_number), theme=theme, contrast=contrast)
