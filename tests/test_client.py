"""The Python client of the protocol, against a live server (tests, benchmarks and bots use it)."""

from __future__ import annotations

import pytest

from tests.server.conftest import Arena
from wordarena.client import ClientError


async def test_hello_create_join_and_guess(arena: Arena) -> None:
    async with arena.client() as alice, arena.client() as bob:
        welcome = await alice.hello()
        assert alice.token == welcome["token"] and alice.player == welcome["player"]
        await bob.hello()
        code = await alice.create(lang="en")
        view = await bob.join(code)
        assert view["code"] == code and len(view["seats"]) == 2
        assert alice.latest["room"]["code"] == code and alice.frames


async def test_an_error_answer_to_hello_is_raised(arena: Arena) -> None:
    async with arena.client() as stranger:
        with pytest.raises(ClientError) as error:
            await stranger.hello(token="nobody-knows-me")
        assert error.value.code == "bad_token"
