"""Why a game refuses an action. A refusal consumes nothing: no row, no turn, no penalty (A2).

Each code is sent to the player as a ``refused`` message (docs/protocol.md lists
them from `MEANINGS`, so the document cannot drift from the code).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Refusal(StrEnum):
    # a guess (A2, B2, C4)
    NOT_LETTERS = "not_letters"
    WRONG_LENGTH = "wrong_length"
    NOT_IN_LIST = "not_in_list"
    REPEATED = "repeated"
    ON_BOARD = "on_board"
    ROUND_NOT_OPEN = "round_not_open"
    SEAT_DONE = "seat_done"
    NOT_YOUR_TURN = "not_your_turn"
    DUEL_OVER = "duel_over"
    NO_DUEL = "no_duel"
    NOT_IN_DUEL = "not_in_duel"
    NOT_PLAYING = "not_playing"
    BOT_SEAT = "bot_seat"
    # a seat
    ALREADY_SEATED = "already_seated"
    NOT_SEATED = "not_seated"
    ROOM_FULL = "room_full"
    LOBBY_FULL = "lobby_full"
    ROOM_CLOSED = "room_closed"
    LOBBY_CLOSED = "lobby_closed"
    GAME_STARTED = "game_started"
    STARTED = "started"
    GAME_OVER = "game_over"
    NO_WATCHERS = "no_watchers"
    LEFT = "left"
    # the host's and the shell's decisions
    NOT_HOST = "not_host"
    BAD_OPTION = "bad_option"
    NOT_ALLOWED = "not_allowed"
    NO_SUCH_BOT = "no_such_bot"
    TOO_FEW_SEATS = "too_few_seats"
    NEED_PLAYERS = "need_players"
    NOT_FINISHED = "not_finished"
    BAD_NAME = "bad_name"


MEANINGS: Final[dict[Refusal, str]] = {
    Refusal.NOT_LETTERS: "a character outside the word language's alphabet (docs/spec.md, A3)",
    Refusal.WRONG_LENGTH: "not the game's word length",
    Refusal.NOT_IN_LIST: "not in the word list: the row shakes",
    Refusal.REPEATED: "Duel de Mots: you already played that word this round",
    Refusal.ON_BOARD: "Tournament: that word is already on the shared board",
    Refusal.ROUND_NOT_OPEN: "the round card or the round intro is still showing",
    Refusal.SEAT_DONE: "Duel de Mots: you solved it or used your six rows",
    Refusal.NOT_YOUR_TURN: "Tournament: it is your opponent's turn",
    Refusal.DUEL_OVER: "Tournament: your duel is over",
    Refusal.NO_DUEL: "Tournament: you have no duel this round (a bye)",
    Refusal.NOT_IN_DUEL: "Tournament: you do not play that duel",
    Refusal.NOT_PLAYING: "Tournament: no duel is being played",
    Refusal.BOT_SEAT: "Tournament: bots play by themselves",
    Refusal.ALREADY_SEATED: "you already have a seat here",
    Refusal.NOT_SEATED: "you have no seat here",
    Refusal.ROOM_FULL: "Duel de Mots: the room has six seats taken",
    Refusal.LOBBY_FULL: "Tournament: the lobby has eight players",
    Refusal.ROOM_CLOSED: "Duel de Mots: the room no longer exists",
    Refusal.LOBBY_CLOSED: "Tournament: the lobby no longer exists",
    Refusal.GAME_STARTED: "Duel de Mots: the game has already started",
    Refusal.STARTED: "Tournament: the tournament has already started",
    Refusal.GAME_OVER: "Duel de Mots: the game is over",
    Refusal.NO_WATCHERS: "Duel de Mots: the host closed the room to watchers (D5)",
    Refusal.LEFT: "you have left this game",
    Refusal.NOT_HOST: "Duel de Mots: only the host can do that",
    Refusal.BAD_OPTION: "Duel de Mots: not one of the allowed options",
    Refusal.NOT_ALLOWED: "Duel de Mots: a quick game keeps the default options",
    Refusal.NO_SUCH_BOT: "Duel de Mots: there is no bot in that seat",
    Refusal.TOO_FEW_SEATS: "Duel de Mots: at least two seats must be filled to start",
    Refusal.NEED_PLAYERS: "Tournament: a rated tournament starts with eight people",
    Refusal.NOT_FINISHED: "Duel de Mots: play again only after the final standings",
    Refusal.BAD_NAME: "a nickname that breaks the rules (docs/protocol.md, Nicknames)",
}


class Rejection(Exception):
    """An action that does nothing; a game turns it into a `Refused` effect for its player."""

    def __init__(self, code: Refusal, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
