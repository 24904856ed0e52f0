"""Bad input over a real socket: an error message or a close code, never a crashed room."""

from __future__ import annotations

import aiohttp
import pytest

from tests.server.conftest import Arena, until
from wordarena.server import limits, protocol
from wordarena.server.messages import CloseCode


async def test_malformed_json_unknown_types_and_wrong_fields(arena: Arena) -> None:
    async with arena.client() as alice:
        await alice.ws.send_str("{not json")
        assert (await alice.expect("error"))["code"] == "bad_json"
        await alice.send({"type": "guess", "word": "crane"})
        assert (await alice.expect("error"))["code"] == "not_hello"
        await alice.hello()
        for bad in (
            {"type": "teleport"},
            {"no_type": 1},
            {"type": "guess"},
            {"type": "guess", "word": 12345},
            {"type": "remove_bot", "seat": "two"},
            {"type": "guess", "word": "crane", "extra": True},
        ):
            await alice.send(bad)
            error = await alice.expect("error")
            assert error["code"] == "bad_message", bad
            assert error["message"]
        await alice.ws.send_str("[1, 2, 3]")
        assert (await alice.expect("error"))["code"] == "bad_message"
        await alice.ws.send_bytes(b"\x00\x01")
        assert (await alice.expect("error"))["code"] == "bad_message"
        await alice.send({"type": "hello"})
        assert (await alice.expect("error"))["code"] == "bad_message"
        await alice.send({"type": "start"})
        assert (await alice.expect("error"))["code"] == "no_room"
        await alice.send({"type": "ping", "t": 42})
        assert (await alice.expect("pong"))["t"] == 42


async def test_an_oversized_frame_closes_with_1009(arena: Arena) -> None:
    async with arena.client() as alice:
        await alice.hello()
        await alice.send({"type": "rename", "name": "x" * (limits.MAX_FRAME_BYTES + 10)})
        await alice._reader
        assert alice.ws.close_code == CloseCode.TOO_BIG
    metrics = (await _get(arena, "/metrics")).decode()
    assert 'wordarena_errors_total{code="frame_too_big"}' in metrics


async def test_a_flood_at_ten_times_the_rate_is_refused_then_closed(arena: Arena) -> None:
    """Messages that get through now and then do not excuse a flood (fake time: 200 messages a second)."""
    now = [0.0]
    arena.node.rate_clock = lambda: now[0]
    async with arena.client() as alice:
        await alice.hello()
        sent = 0
        while not alice.ws.closed and now[0] < limits.FLOOD_CLOSE_S + 1:
            for _ in range(20):  # a tenth of a second at ten times the rate
                await alice.send({"type": "ping", "t": sent})
                sent += 1
            await until(lambda sent=sent: messages_in(arena) >= sent or alice.ws.closed)  # type: ignore[misc]
            now[0] += 0.1
        await alice._reader
        codes = [m.get("code") for m in alice.received if m["type"] == "error"]
        pongs = sum(m["type"] == "pong" for m in alice.received)
        assert alice.ws.close_code == CloseCode.POLICY
        assert 0 < codes.count("rate_limited") <= limits.FLOOD_CLOSE_S + 1  # told at most once a second
        assert pongs > limits.RATE_BURST  # some got through all along, and it was closed all the same


def messages_in(arena: Arena) -> float:
    return arena.node.metrics.messages_in._value.get()  # type: ignore[attr-defined,no-any-return]


async def test_a_burst_is_refused_but_not_closed(arena: Arena) -> None:
    now = [0.0]
    arena.node.rate_clock = lambda: now[0]
    async with arena.client() as alice:
        await alice.hello()
        for t in range(int(limits.RATE_BURST) + 10):
            await alice.send({"type": "ping", "t": t})
        assert (await alice.expect("error"))["code"] == "rate_limited"
        await until(lambda: messages_in(arena) >= limits.RATE_BURST + 11)
        now[0] += limits.FLOOD_PAUSE_S + 1  # a pause: the flood is over
        await alice.send({"type": "ping", "t": -1})
        await alice.until(lambda m: m.get("t") == -1)
        assert not alice.ws.closed


async def test_a_room_survives_its_players_bad_input(arena: Arena) -> None:
    async with arena.client() as alice, arena.client() as bob:
        await alice.hello()
        await bob.hello()
        code = await alice.create(lang="en")
        await bob.join(code)
        await bob.join(code)  # a double join is just a reconnection
        for message in (
            {"type": "options", "clock_s": 7},
            {"type": "add_bot", "level": "god"},
            {"type": "start"},
        ):
            await bob.send(message)
            assert (await bob.expect("refused"))["code"] in ("not_host", "bad_option")
        await alice.send({"type": "options", "lang": "xx"})
        assert (await alice.expect("refused"))["code"] == "bad_option"
        await alice.send({"type": "start"})
        view = await bob.view_where(lambda v: v["phase"] == "card")
        assert len(view["seats"]) == 2


@pytest.mark.parametrize("origin", ["http://evil.example", "null"])
async def test_a_foreign_origin_is_refused(arena: Arena, origin: str) -> None:
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        async with arena.client(origin=origin):
            pass
    assert refused.value.status == 403


async def test_the_own_origin_is_accepted(arena: Arena) -> None:
    async with arena.client(origin=arena.url) as alice:
        assert (await alice.hello())["player"]["id"]


async def _get(arena: Arena, path: str) -> bytes:
    async with aiohttp.ClientSession() as session, session.get(arena.url + path) as response:
        assert response.status == 200
        return await response.read()


async def test_health_metrics_alphabets_and_pages(arena: Arena) -> None:
    assert b'"ok"' in await _get(arena, "/healthz")
    async with arena.client() as alice:
        await alice.hello()
        await alice.create(lang="fr")
        await alice.send({"type": "options", "rounds": 1})
        await alice.send({"type": "add_bot", "level": "easy"})
        await alice.send({"type": "start"})
        await alice.view_where(lambda v: v["phase"] == "card")
        arena.advance(2_600)
        await alice.view_where(lambda v: v["phase"] == "playing")
        await alice.guess("zzzzz")
        await alice.expect("refused")
        await alice.guess("abime")
        await alice.view_where(lambda v: len(v["seats"][0]["rows"]) == 1)
        metrics = (await _get(arena, "/metrics")).decode()
    for name in ("wordarena_rooms 1.0", "wordarena_connections 1.0", "wordarena_guess_latency_seconds_count"):
        assert name in metrics
    assert 'wordarena_errors_total{code="not_in_list"} 1.0' in metrics
    assert 'wordarena_messages_total{direction="in"}' in metrics
    alphabets = (await _get(arena, "/api/alphabets")).decode()
    assert '"ㅂ"' in alphabets and '"oʻ"' in alphabets


async def test_a_store_outage_is_said_and_changes_nothing(arena: Arena) -> None:
    from sqlalchemy.exc import OperationalError

    def down(*args: object) -> None:
        raise OperationalError("SELECT", {}, Exception("connection refused"))

    arena.node.players.create = down  # type: ignore[method-assign]
    async with arena.client() as alice:
        await alice.send({"type": "hello"})
        assert (await alice.expect("error"))["code"] == "unavailable"
        await alice.send({"type": "ping", "t": 1})
        assert (await alice.expect("error"))["code"] == "not_hello"  # still there, still no identity


@pytest.mark.parametrize("text", ["[", "[1, 2", '[{"type": "ping"}', "1 2", "{} x", '"ping'])
def test_a_frame_that_is_not_json_is_bad_json_whatever_its_start(text: str) -> None:
    """Found by the fuzz: an unfinished array was `bad_message` (its start has the wrong shape)."""
    with pytest.raises(protocol.BadMessage) as bad:
        protocol.parse(text)
    assert bad.value.code == "bad_json"


@pytest.mark.parametrize("depth", [100, 1_000, 2_000])
def test_json_nested_deeper_than_the_stack_is_bad_json(depth: int) -> None:
    """A 2 KiB frame nested 1,000 levels deep raised RecursionError out of the parser."""
    text = '{"type":"ping","t":1,"x":' + "[" * depth + "]" * depth + "}"
    with pytest.raises(protocol.BadMessage) as bad:
        protocol.parse(text)
    assert bad.value.code in ("bad_json", "bad_message")
    with pytest.raises(protocol.BadMessage):
        protocol.parse("[" * depth + "]" * depth)


async def test_deep_json_gets_an_error_and_the_socket_stays_open(
    arena: Arena, caplog: pytest.LogCaptureFixture
) -> None:
    """Before, the socket closed with 1006 (no close frame) and the server logged tracebacks."""
    deep = '{"type":"ping","x":' + "[" * 1_000 + "]" * 1_000 + "}"
    async with arena.client() as alice:
        await alice.ws.send_str(deep)  # before hello
        assert (await alice.expect("error"))["code"] in ("bad_json", "bad_message")
        await alice.hello()
        await alice.ws.send_str(deep)
        assert (await alice.expect("error"))["code"] in ("bad_json", "bad_message")
        await alice.send({"type": "ping", "t": 7})
        assert (await alice.expect("pong"))["t"] == 7
    assert not [r for r in caplog.records if r.exc_info]
