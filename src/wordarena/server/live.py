"""The public games in progress of every process, for the Live page (core.live chooses and orders).

This process's games come from its rooms when asked. In a cluster, each process
also publishes its own list to Redis every few seconds, under a key that expires
soon after (a process that dies drops off the page by itself), and the page reads
every process's list: at most a few seconds old, never a round trip per room.

Every open Live page asks again every few seconds, so the list is kept for a
second (`FRESH_MS`): many viewers cost one walk of the rooms, not one each.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import msgspec
from redis import asyncio as aioredis

from wordarena.core.live import LiveGame, ordered
from wordarena.server.rooms.registry import RoomRegistry

log = logging.getLogger(__name__)

PUBLISH_EVERY_S = 2.0
KEPT_S = 10  # a process's list outlives three missed publications, not more
FRESH_MS = 1_000  # how long one answer serves every Live page that asks

_encode = msgspec.json.Encoder().encode
_decode = msgspec.json.Decoder(list[LiveGame]).decode


class LiveGames:
    def __init__(
        self,
        node: str,
        registry: RoomRegistry,
        redis: aioredis.Redis | None,
        prefix: str,
        clock: Callable[[], int],
    ) -> None:
        self.node = node
        self.registry = registry
        self.redis = redis
        self.prefix = prefix
        self.clock = clock  # game milliseconds (a fake one in tests)
        self._answer: tuple[int, list[LiveGame]] | None = None  # (when, what) of the last answer

    def here(self) -> list[LiveGame]:
        listed = (room.live_listing() for room in list(self.registry.rooms.values()) if not room.closed)
        return [game for game in listed if game is not None]

    async def games(self) -> list[LiveGame]:
        """Every process's public games in progress, in the page's order (at most `FRESH_MS` old)."""
        now = self.clock()
        if self._answer is not None and now - self._answer[0] < FRESH_MS:
            return self._answer[1]
        games = ordered(await self._everywhere())
        self._answer = (now, games)
        return games

    async def _everywhere(self) -> list[LiveGame]:
        games = self.here()
        if self.redis is not None:
            try:
                games += await self._elsewhere()
            except Exception:  # Redis is down: this process's games still show
                log.warning("could not read the other processes' live games", exc_info=True)
        return games

    async def _elsewhere(self) -> list[LiveGame]:
        assert self.redis is not None
        nodes = sorted(
            n if isinstance(n, str) else n.decode() for n in await self.redis.smembers(self._nodes)
        )
        others = [n for n in nodes if n != self.node]
        if not others:
            return []
        lists = await self.redis.mget([self._key(n) for n in others])
        games: list[LiveGame] = []
        for node, data in zip(others, lists, strict=True):
            if data is None:  # that process stopped publishing: forget it
                await self.redis.srem(self._nodes, node)
            else:
                games += _decode(data)
        return games

    async def publish_forever(self) -> None:
        """In a cluster: this process's list, every few seconds, for the others' Live pages."""
        while self.redis is not None:
            try:
                await self.publish()
            except Exception:  # Redis is down: next time
                log.warning("could not publish the live games", exc_info=True)
            await asyncio.sleep(PUBLISH_EVERY_S)

    async def publish(self) -> None:
        assert self.redis is not None
        await self.redis.set(self._key(self.node), _encode(self.here()), ex=KEPT_S)
        await self.redis.sadd(self._nodes, self.node)

    @property
    def _nodes(self) -> str:
        return f"{self.prefix}live-nodes"

    def _key(self, node: str) -> str:
        return f"{self.prefix}live:{node}"
