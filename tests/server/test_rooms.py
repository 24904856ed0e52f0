"""Rooms over real WebSockets: create, join by link, play, reconnect, persist."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from tests.server.conftest import Arena, until
from wordarena.client import Client, ClientError
from wordarena.core import lexicon
from wordarena.core.letters import letters
from wordarena.server.room_inputs import Tick
from wordarena.server.rooms.base import Room
from wordarena.store.writes import EventAppended


def room_of(arena: Arena, code: str) -> Room:
    return arena.node.registry.rooms[code]


def wrong_words(arena: Arena, code: str, count: int) -> list[str]:
    state = room_of(arena, code).state
    words = lexicon.word_list(state.options.lang, 5)
    return [words.spelling(k) for k in words.answers if k != state.answer][:count]


def answer_of(arena: Arena, code: str) -> str:
    state = room_of(arena, code).state
    assert state.answer is not None
    return lexicon.word_list(state.options.lang, 5).spelling(state.answer)


async def two_players(arena: Arena, alice: Client, bob: Client, lang: str = "en", rounds: int = 1) -> str:
    if alice.player is None:
        await alice.hello(ui="fr")
    if bob.player is None:
        await bob.hello()
    code = await alice.create(lang=lang)
    await bob.join(code)
    await alice.send({"type": "options", "rounds": rounds})
    await alice.view_where(lambda v: v["options"]["rounds"] == rounds)
    return code


async def start_playing(arena: Arena, alice: Client, bob: Client) -> None:
    await alice.send({"type": "start"})
    await bob.view_where(lambda v: v["phase"] == "card")
    arena.advance(2_600)
    await alice.view_where(lambda v: v["phase"] == "playing")
    await bob.view_where(lambda v: v["phase"] == "playing")


async def test_identity_is_kept_by_token(arena: Arena) -> None:
    async with arena.client() as first:
        welcome = await first.hello()
    assert welcome["token"] and welcome["player"]["name"]
    async with arena.client() as again:
        back = await again.hello(token=welcome["token"])
    assert back["player"]["id"] == welcome["player"]["id"]
    async with arena.client() as stranger:
        with pytest.raises(ClientError) as unknown:  # said so, and no identity is made behind the back
            await stranger.hello(token="forged-token")
        assert unknown.value.code == "bad_token"
        other = await stranger.hello()
    assert other["player"]["id"] != welcome["player"]["id"]


async def test_rename_is_cleaned_and_checked(arena: Arena) -> None:
    async with arena.client() as alice:
        await alice.hello()
        await alice.send({"type": "rename", "name": "  Alice   Liddell "})
        assert (await alice.expect("welcome"))["player"]["name"] == "Alice Liddell"
        for bad in ("", "x" * 21, "bad\u0000name", "zero\u200bwidth"):
            await alice.send({"type": "rename", "name": bad})
            assert (await alice.expect("error"))["code"] == "bad_name"


async def test_create_then_join_by_link(arena: Arena) -> None:
    async with arena.client() as alice, arena.client() as bob:
        code = await two_players(arena, alice, bob)
        assert len(code) >= 12
        view = await alice.view_where(lambda v: len(v["seats"]) == 2)
        assert [s["name"] for s in view["seats"]] == [alice.player["name"], bob.player["name"]]  # type: ignore[index]
        assert view["you"] == 0 and view["host"] == 0
        assert view["options"]["lang"] == "en"


async def test_the_word_language_is_chosen_or_follows_the_interface(arena: Arena) -> None:
    async with arena.client() as alice, arena.client() as bob:
        await alice.hello(ui="ko")
        await alice.send({"type": "create", "lang": "tr"})
        code = (await alice.expect("created"))["room"]
        assert (await alice.view_where(lambda v: v["code"] == code))["options"]["lang"] == "tr"
        await alice.send({"type": "create"})  # B1: the interface language when it is a word language
        code = (await alice.expect("created"))["room"]
        assert (await alice.view_where(lambda v: v["code"] == code))["options"]["lang"] == "ko"
        await alice.send({"type": "create", "lang": "de"})  # not a Duel de Mots language: said so
        assert (await alice.expect("error"))["code"] == "bad_message"
        await bob.hello(ui="de")  # not a word language of Duel de Mots: English
        await bob.send({"type": "create"})
        code = (await bob.expect("created"))["room"]
        assert (await bob.view_where(lambda v: v["code"] == code))["options"]["lang"] == "en"


async def test_bad_codes_get_clear_messages_and_a_full_or_started_room_is_watched(arena: Arena) -> None:
    async with arena.client() as alice, arena.client() as bob, arena.client() as carol:
        await carol.hello()
        await carol.send({"type": "join", "room": "no-such-room"})
        unknown = await carol.expect("error")
        assert unknown["code"] == "unknown_room" and unknown["game"] == "duel"  # whose code it was
        await carol.send({"type": "guess", "word": "crane"})
        none = await carol.expect("error")
        assert none["code"] == "no_room" and none["game"] is None  # no game is concerned
        code = await two_players(arena, alice, bob)
        for _ in range(4):
            await alice.send({"type": "add_bot", "level": "easy"})
        await alice.view_where(lambda v: len(v["seats"]) == 6)
        await carol.send({"type": "join", "room": code})  # full: its link makes her a watcher
        watched = await carol.view_where(lambda v: v["code"] == code)
        assert watched["you"] is None and len(watched["seats"]) == 6
        assert carol.player["id"] not in {s.get("id") for s in watched["seats"]}  # type: ignore[index]
        await alice.send({"type": "remove_bot", "seat": 5})
        await alice.view_where(lambda v: len(v["seats"]) == 5)
        await carol.view_where(lambda v: len(v["seats"]) == 5)  # she watches it live
        await alice.send({"type": "start"})
        await alice.view_where(lambda v: v["phase"] == "card")
        async with arena.client() as dave:
            await dave.hello()
            await dave.send({"type": "join", "room": code})  # started: watched too, no seat taken
            late = await dave.view_where(lambda v: v["code"] == code)
            assert late["you"] is None and len(late["seats"]) == 5
        await carol.send({"type": "guess", "word": "crane"})  # a watcher acts on nothing, and is told
        told = await carol.expect("refused")
        assert (told["code"], told["room"]) == ("not_seated", code)
        assert len(room_of(arena, code).state.seats) == 5


async def test_a_second_tab_replaces_the_first(arena: Arena) -> None:
    async with arena.client() as alice, arena.client() as bob:
        code = await two_players(arena, alice, bob)
        async with arena.client() as alice_tab:
            await alice_tab.hello(token=alice.token)
            view = await alice_tab.join(code)
            assert view["you"] == 0
            assert (await alice.expect("error"))["code"] == "replaced"
            await alice.send({"type": "options", "clock_s": 60})  # the old tab no longer acts
            await alice_tab.send({"type": "options", "clock_s": 120})
            await bob.view_where(lambda v: v["options"]["clock_s"] == 120)
            assert room_of(arena, code).state.options.clock_s == 120


async def test_refused_guesses_and_feedback(arena: Arena) -> None:
    async with arena.client() as alice, arena.client() as bob:
        code = await two_players(arena, alice, bob)
        await alice.send({"type": "guess", "word": "crane"})
        assert (await alice.expect("refused"))["code"] == "round_not_open"
        await start_playing(arena, alice, bob)
        for word, reason in (("zzzzz", "not_in_list"), ("abc", "wrong_length"), ("cr4ne", "not_letters")):
            await alice.guess(word)
            assert (await alice.expect("refused"))["code"] == reason
        word = wrong_words(arena, code, 1)[0]
        await alice.guess(word.upper())
        mine = await alice.view_where(lambda v: len(v["seats"][0]["rows"]) == 1)
        assert mine["seats"][0]["rows"][0]["letters"] == list(word)
        theirs = await bob.view_where(lambda v: len(v["seats"][0]["rows"]) == 1)
        assert set(theirs["seats"][0]["rows"][0]) == {"pattern"}  # colours only, no letters
        await alice.guess(word)
        assert (await alice.expect("refused"))["code"] == "repeated"


async def test_a_guess_that_moves_no_deadline_keeps_the_rooms_timer(arena: Arena) -> None:
    """One timer per deadline: a cancelled one per guess would be garbage for the collector."""
    async with arena.client() as alice, arena.client() as bob:
        code = await two_players(arena, alice, bob)
        await start_playing(arena, alice, bob)
        room = room_of(arena, code)
        timer = room.timer._handle
        assert timer is not None
        word = wrong_words(arena, code, 1)[0]
        await alice.guess(word)
        await bob.view_where(lambda v: len(v["seats"][0]["rows"]) == 1)
        assert room.timer._handle is timer and not timer.cancelled()
        await alice.guess(answer_of(arena, code))  # the 20 s closing: a new deadline, a new timer
        await bob.view_where(lambda v: v["round"]["closing_ms"] == 20_000)
        assert room.timer._handle is not timer and timer.cancelled()


def leaks(frames: list[str], forms: list[str]) -> list[str]:
    return [form for form in forms for frame in frames if form in frame]


def answer_forms(lang: str, key: str, spelling: str) -> list[str]:
    return [
        spelling,
        spelling.upper(),
        key,
        json.dumps(letters(lang, key), ensure_ascii=False)[1:-1],
        json.dumps(letters(lang, key))[1:-1],
    ]


async def play_a_round_and_capture(arena: Arena, lang: str) -> tuple[list[str], list[str], dict[str, Any]]:
    async with arena.client() as alice, arena.client() as bob:
        code = await two_players(arena, alice, bob, lang=lang)
        await start_playing(arena, alice, bob)
        state = room_of(arena, code).state
        assert state.answer is not None
        forms = answer_forms(lang, state.answer, answer_of(arena, code))
        for word in wrong_words(arena, code, 2):
            await alice.guess(word)
            await bob.guess(word)
        await bob.view_where(lambda v: len(v["seats"][1]["rows"]) == 2)
        before = alice.frames + bob.frames
        await alice.guess(answer_of(arena, code))
        await bob.view_where(lambda v: v["round"]["closing_ms"] == 20_000)
        before += bob.frames  # bob, who has not solved, must still see nothing of it
        arena.advance(20_000)
        final = await bob.view_where(lambda v: v["phase"] == "reveal")
        return before, forms, final


async def test_the_answer_never_reaches_a_client_before_the_reveal_fr(arena: Arena) -> None:
    frames, forms, final = await play_a_round_and_capture(arena, "fr")
    assert leaks(frames, forms) == []
    assert final["reveal"]["answer"] == forms[0]


async def test_the_answer_never_reaches_a_client_before_the_reveal_ko(arena: Arena) -> None:
    frames, forms, final = await play_a_round_and_capture(arena, "ko")
    assert leaks(frames, forms) == []
    assert len(final["reveal"]["answer"]) == 2  # two Hangul syllables, as written


async def test_a_full_game_is_stored_with_every_guess(arena: Arena) -> None:
    async with arena.client() as alice, arena.client() as bob:
        code = await two_players(arena, alice, bob)
        await start_playing(arena, alice, bob)
        wrong = wrong_words(arena, code, 1)[0]
        await alice.guess(wrong)
        await alice.guess(answer_of(arena, code))
        for word in wrong_words(arena, code, 6):
            await bob.guess(word)
        view = await alice.view_where(lambda v: v["phase"] == "reveal")
        assert [s["points"] for s in view["reveal"]["seats"]] == [65, 0]
        arena.advance(6_500)
        final = await alice.view_where(lambda v: v["phase"] == "finished")
        assert final["standings"]["winners"] == [0]
        [stored] = arena.node.games.stored_games(code)
        assert [s["total"] for s in stored["seats"]] == [65, 0]
        assert stored["rounds"][0]["seats"][0]["guesses"][0]["word"] == wrong
        assert arena.node.players.get(alice.player["id"]).games_played == 1  # type: ignore[index, union-attr]


async def test_reconnecting_within_60_s_restores_the_screen(arena: Arena) -> None:
    async with arena.client() as alice:
        async with arena.client() as bob:
            code = await two_players(arena, alice, bob)
            await start_playing(arena, alice, bob)
            await bob.guess(wrong_words(arena, code, 1)[0])
            before = await bob.view_where(lambda v: len(v["seats"][1]["rows"]) == 1)
            token = bob.token
        await alice.view_where(lambda v: v["seats"][1]["away"])
        arena.advance(30_000)
        async with arena.client() as bob_again:
            await bob_again.hello(token=token)
            after = await bob_again.join(code)
        assert after["seats"][1]["rows"] == before["seats"][1]["rows"]
        assert after["round"]["clock_ms"] == before["round"]["clock_ms"] - 30_000
        assert not after["seats"][1]["away"]


async def test_away_for_60_s_is_leaving_and_coming_back_is_watching(arena: Arena) -> None:
    async with arena.client() as alice:
        async with arena.client() as bob:
            code = await two_players(arena, alice, bob)
            await start_playing(arena, alice, bob)
            token = bob.token
        await alice.view_where(lambda v: v["seats"][1]["away"])
        arena.advance(60_000)
        view = await alice.view_where(lambda v: v["seats"][1]["gone"])
        assert view["host"] == 0
        await alice.guess(answer_of(arena, code))
        await alice.view_where(lambda v: v["phase"] == "reveal")  # bob no longer holds the round
        arena.advance(6_500)
        await alice.view_where(lambda v: v["phase"] == "finished")
        async with arena.client() as bob:
            await bob.hello(token=token)
            watched = await bob.join(code)  # back by the link: the final result, as a spectator
            assert watched["phase"] == "finished" and watched["you"] == 1 and watched["seats"][1]["gone"]
            assert (
                bob.latest["welcome"]["current"] is None
                and await arena.node.seats.where(bob.player["id"]) is None
            )  # type: ignore[index]
            await bob.guess("crane")
            assert (await bob.expect("refused"))["code"] in ("left", "round_not_open", "game_over")


async def test_quick_game_fills_with_bots_after_15_s(arena: Arena) -> None:
    async with arena.client() as alice, arena.client() as bob:
        await alice.hello()
        await bob.hello()
        await alice.send({"type": "quick", "lang": "es"})
        first = await alice.view_where(lambda v: v["quick"])
        assert first["options"]["rounds"] == 1  # a newcomer's first quick game is one round
        assert first["auto_start_ms"] == 15_000
        await bob.send({"type": "quick", "lang": "es"})
        view = await bob.view_where(lambda v: v["quick"])
        assert view["code"] == first["code"] and len(view["seats"]) == 2
        await alice.send({"type": "quick", "lang": "xx"})
        assert (await alice.expect("error"))["code"] == "bad_message"
        arena.advance(15_000)
        started = await alice.view_where(lambda v: v["phase"] == "card")
        assert len(started["seats"]) == 4
        assert [s["bot"] is not None for s in started["seats"]] == [False, False, True, True]
        assert all("(bot)" in s["name"] for s in started["seats"][2:])


async def test_a_finished_room_says_so(arena: Arena) -> None:
    async with arena.client() as alice, arena.client() as bob, arena.client() as carol:
        code = await two_players(arena, alice, bob)
        await start_playing(arena, alice, bob)
        arena.advance(90_000)
        await alice.view_where(lambda v: v["phase"] == "reveal")
        arena.advance(6_500)
        await alice.view_where(lambda v: v["phase"] == "finished")
        await carol.hello()
        await carol.send({"type": "join", "room": code})
        assert (await carol.expect("refused"))["code"] == "game_over"
        await alice.send({"type": "play_again"})
        lobby = await bob.view_where(lambda v: v["phase"] == "lobby")
        assert [s["total"] for s in lobby["seats"]] == [0, 0]


async def test_a_room_stopped_with_inputs_pending_settles_them(arena: Arena) -> None:
    """`settled` (and whoever waits on an input) hung for ever when a room stopped with inputs queued."""
    async with arena.client() as alice:
        await alice.hello()
        code = await alice.create(lang="en")
        room = room_of(arena, code)
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        room.post(Tick(done=done))  # queued, not yet taken by the room's task
        waiting = asyncio.ensure_future(room.settled())
        await room.stop()
        async with asyncio.timeout(5):  # a deadline, not a wait: before the fix this never resolved
            await done
            await waiting


async def test_inputs_reaching_a_closing_room_are_turned_away_with_an_error(arena: Arena) -> None:
    """A join, a guess and a resync queued while the room closes are all answered, not dropped in silence."""
    async with arena.client() as alice, arena.client() as bob:
        await alice.hello()
        await bob.hello()
        code = await alice.create(lang="en")
        journal, gate, writing = arena.node.journal, asyncio.Event(), asyncio.Event()
        original = journal.write

        def held(writes: Any) -> asyncio.Future[None]:
            async def later() -> None:
                writing.set()
                await gate.wait()
                await original(writes)

            return asyncio.ensure_future(later())

        journal.write = held  # type: ignore[method-assign]
        await alice.send({"type": "leave"})  # the last person: the lobby closes once this is stored
        await writing.wait()
        await bob.send({"type": "join", "room": code})
        await bob.send({"type": "guess", "word": "crane"})
        await bob.send({"type": "resync"})
        await until(lambda: room_of(arena, code).inbox.qsize() == 3)
        gate.set()
        await until(lambda: code not in arena.node.registry.rooms)
        await bob.send({"type": "ping", "t": 1})
        await bob.expect("pong")  # what the room said went out before
        errors = [m["code"] for m in bob.received if m["type"] == "error"]
        assert errors == ["unknown_room", "no_room", "no_room"]


async def test_a_room_code_is_given_once_its_maker_is_durably_seated(arena: Arena) -> None:
    """Found by the kill -9 harness: `created` went out before the maker's seat was stored, and a
    crash in between left a stored room with nobody in it, which closed before they came back."""
    async with arena.client() as alice, arena.client() as bob:
        await alice.hello()
        await bob.hello()
        journal, gate, holding = arena.node.journal, asyncio.Event(), asyncio.Event()
        original = journal.write

        async def held(writes: Any) -> None:
            if any(isinstance(w, EventAppended) for w in writes):  # the seat, not the room's opening
                holding.set()
                await gate.wait()
            await original(writes)

        journal.write = held  # type: ignore[method-assign]
        await alice.send({"type": "create", "lang": "en"})
        await holding.wait()
        # The room waits on the held write (settle would wait with it): a round trip of another
        # tab lets whatever went out to alice meanwhile arrive.
        await bob.send({"type": "ping", "t": 1})
        await bob.expect("pong")
        assert [m["type"] for m in alice.received if m["type"] in ("created", "room")] == []
        gate.set()
        code = (await alice.expect("created"))["room"]
        view = await alice.expect("room")
        assert view["code"] == code and view["seats"][0]["name"] == alice.player["name"]  # type: ignore[index]


async def test_leave_then_join_again_at_once_keeps_the_tab_in_the_room(arena: Arena) -> None:
    """Found by the fuzz: the room processed the leave after the tab had joined again, and its
    "detached" made the tab forget the room it was a member of again (its next actions: no_room)."""
    async with arena.client() as alice, arena.client() as bob:
        code = await two_players(arena, alice, bob)
        await bob.send({"type": "leave"})
        await bob.send({"type": "join", "room": code})
        await alice.view_where(lambda v: len(v["seats"]) == 2 and v["seats"][1]["name"] == bob.player["name"])  # type: ignore[index]
        await arena.settle()
        await bob.send({"type": "add_bot", "level": "easy"})  # bob is not the host: refused by the room
        assert (await bob.until(lambda m: m["type"] in ("error", "refused")))["code"] == "not_host"


async def test_a_quick_room_made_for_a_tab_that_closed_on_the_way_closes(arena: Arena) -> None:
    """Found by the fuzz benchmark: the desk made a quick room for a tab that closed meanwhile; nobody
    ever sat in it, and it stayed open for ever (in the store too), with the desk counting a phantom seat."""
    node, gate, creating = arena.node, asyncio.Event(), asyncio.Event()
    original = node.registry.create_room

    async def held(*args: Any, **kwargs: Any) -> Room:
        creating.set()
        await gate.wait()
        return await original(*args, **kwargs)

    node.registry.create_room = held  # type: ignore[method-assign]
    async with arena.client() as alice:
        await alice.hello()
        await alice.send({"type": "quick", "lang": "fr"})
        await creating.wait()
    await until(lambda: not node.delivery.conns)  # alice's tab is gone before the room exists
    gate.set()
    await until(lambda: len(node.registry.rooms) == 1)
    await arena.settle()
    [room] = node.registry.rooms.values()
    assert room.people() == []
    await arena.settle(60_000)
    assert node.registry.rooms == {}
    assert node.link.desk is not None and node.link.desk.state.quick_rooms == {}


async def test_a_watcher_of_a_started_room_sees_colours_only_until_the_reveal(arena: Arena) -> None:
    async with arena.client() as alice, arena.client() as bob, arena.client() as watcher:
        code = await two_players(arena, alice, bob)
        await start_playing(arena, alice, bob)
        await watcher.hello()
        await watcher.send({"type": "join", "room": code})
        await watcher.view_where(lambda v: v["code"] == code and v["phase"] == "playing")
        wrong = wrong_words(arena, code, 1)[0]
        await alice.guess(wrong)
        seen = await watcher.view_where(lambda v: len(v["seats"][0]["rows"]) == 1)
        assert seen["you"] is None and seen["seats"][0]["rows"] == [
            {"pattern": seen["seats"][0]["rows"][0]["pattern"]}
        ]
        answer = answer_of(arena, code)
        text = json.dumps(watcher.received)
        assert (
            wrong not in text and answer not in text and '"letters"' not in text
        )  # nothing before the reveal
        await alice.guess(answer)
        for word in wrong_words(arena, code, 6):
            await bob.guess(word)
        revealed = await watcher.view_where(lambda v: v["phase"] == "reveal")
        assert revealed["reveal"]["answer"] == answer
