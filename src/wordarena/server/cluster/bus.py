"""How server processes talk: one channel per process, one per player, one for everybody.

- `MemoryBus`: processes in one Python process (the default single process, and
  tests of two "processes" in one loop). Messages are handed over on the next
  loop turn, in order.
- `RedisBus`: Redis pub/sub. Pub/sub rather than Streams because every message
  here is either an input a room's owner must see now or a frame a tab must see
  now: a message that cannot be delivered at once is worth nothing later (the
  room's owner may have changed; the tab reconnects and gets a full view), and
  pub/sub delivers in order per publisher with no trimming or consumer groups to
  manage. Redis reports how many processes received a message: zero means the
  addressee is gone, and the sender is told (`on_lost`) so it can find the new owner.
"""

from __future__ import annotations

import asyncio
import logging
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from wordarena.server.cluster import redis_client
from wordarena.server.cluster.wire import Wire, pack, unpack

log = logging.getLogger(__name__)

Handler = Callable[[Wire], None]
Lost = Callable[[str, Wire], None]  # (the process that was addressed, the message)


class Bus(ABC):
    def __init__(self, node: str) -> None:
        self.node = node
        self.handler: Handler = lambda message: None
        self.on_lost: Lost = lambda node, message: None
        self.on_reconnect: Callable[[], None] = lambda: None  # messages may have been lost meanwhile
        self.sent = 0  # messages to other processes (for /metrics)

    def start(self, handler: Handler) -> None:
        self.handler = handler

    @abstractmethod
    async def stop(self) -> None:
        """Stop receiving (what was sent is on its way)."""

    @abstractmethod
    def to_node(self, node: str, message: Wire) -> None:
        """Send to one process, in order with everything else this process sends it."""

    @abstractmethod
    def to_player(self, player: str, message: Wire) -> None:
        """Send to every process that holds a tab of this player."""

    @abstractmethod
    def broadcast(self, message: Wire) -> None: ...

    @abstractmethod
    def watch(self, player: str) -> None:
        """This process holds a tab of ``player``: receive what is sent to them."""

    @abstractmethod
    def unwatch(self, player: str) -> None: ...


class MemoryHub:
    """The processes of one Python process, and who watches which player."""

    def __init__(self) -> None:
        self.buses: dict[str, MemoryBus] = {}
        self.watchers: dict[str, set[str]] = {}


class MemoryBus(Bus):
    def __init__(self, node: str, hub: MemoryHub | None = None) -> None:
        super().__init__(node)
        self.hub = hub or MemoryHub()
        self.hub.buses[node] = self

    def _deliver(self, node: str, message: Wire) -> bool:
        target = self.hub.buses.get(node)
        if target is None:
            return False
        asyncio.get_running_loop().call_soon(target.handler, message)
        return True

    def to_node(self, node: str, message: Wire) -> None:
        self.sent += 1
        if not self._deliver(node, message):
            asyncio.get_running_loop().call_soon(self.on_lost, node, message)

    def to_player(self, player: str, message: Wire) -> None:
        for node in self.hub.watchers.get(player, set()):
            self._deliver(node, message)

    def broadcast(self, message: Wire) -> None:
        for node in list(self.hub.buses):
            self._deliver(node, message)

    def watch(self, player: str) -> None:
        self.hub.watchers.setdefault(player, set()).add(self.node)

    def unwatch(self, player: str) -> None:
        nodes = self.hub.watchers.get(player)
        if nodes is not None:
            nodes.discard(self.node)
            if not nodes:
                del self.hub.watchers[player]

    async def stop(self) -> None:
        self.hub.buses.pop(self.node, None)
        for nodes in self.hub.watchers.values():
            nodes.discard(self.node)


class RedisBus(Bus):
    """Redis pub/sub: channels ``{prefix}n:{node}``, ``{prefix}p:{player}`` and ``{prefix}all``."""

    def __init__(self, node: str, url: str, prefix: str = "wa:") -> None:
        super().__init__(node)
        self.url = url
        self.prefix = prefix
        self.redis: aioredis.Redis = redis_client.connect(url)
        self._outbox: asyncio.Queue[tuple[str, bytes, Wire | None, str | None]] = asyncio.Queue()
        self._channels: set[str] = {self._node_channel(node), f"{prefix}all"}
        self._pubsub: Any = None
        self._tasks: list[asyncio.Task[None]] = []
        self._subscriptions: asyncio.Queue[tuple[bool, str]] = asyncio.Queue()
        self.connected = asyncio.Event()

    def _node_channel(self, node: str) -> str:
        return f"{self.prefix}n:{node}"

    def start(self, handler: Handler) -> None:
        super().start(handler)
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._publish(), name="bus-out"),
            loop.create_task(self._listen(), name="bus-in"),
        ]

    async def stop(self) -> None:
        await self._drain()
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self.redis.aclose()

    async def _drain(self, timeout: float = 2.0) -> None:
        async def empty() -> None:
            while not self._outbox.empty():
                await asyncio.sleep(0.01)

        try:
            await asyncio.wait_for(empty(), timeout)
        except TimeoutError:
            log.warning("%d bus message(s) not sent at the stop", self._outbox.qsize())

    def to_node(self, node: str, message: Wire) -> None:
        self.sent += 1
        self._outbox.put_nowait((self._node_channel(node), pack(message), message, node))

    def to_player(self, player: str, message: Wire) -> None:
        self.sent += 1
        self._outbox.put_nowait((f"{self.prefix}p:{player}", pack(message), None, None))

    def broadcast(self, message: Wire) -> None:
        self._outbox.put_nowait((f"{self.prefix}all", pack(message), None, None))

    def watch(self, player: str) -> None:
        channel = f"{self.prefix}p:{player}"
        if channel not in self._channels:
            self._channels.add(channel)
            self._subscriptions.put_nowait((True, channel))

    def unwatch(self, player: str) -> None:
        channel = f"{self.prefix}p:{player}"
        if channel in self._channels:
            self._channels.discard(channel)
            self._subscriptions.put_nowait((False, channel))

    async def _publish(self) -> None:
        """One task publishes everything, in order; a batch goes in one pipeline."""
        while True:
            batch = [await self._outbox.get()]
            while not self._outbox.empty() and len(batch) < 512:
                batch.append(self._outbox.get_nowait())
            while True:
                try:
                    async with self.redis.pipeline(transaction=False) as pipe:
                        for channel, data, _, _ in batch:
                            pipe.publish(channel, data)
                        receivers = await pipe.execute()
                    break
                except (RedisError, OSError) as error:  # Redis restarting: keep the order, try again
                    log.warning("bus: publish failed (%s); retrying", error)
                    await asyncio.sleep(0.2)
            for (_, _, message, node), count in zip(batch, receivers):
                if message is not None and node is not None and not count:
                    self.on_lost(node, message)

    async def _listen(self) -> None:
        """Receive on our channels; after a lost connection, subscribe again to every one."""
        reconnecting = False
        while True:
            try:
                self._pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
                await self._pubsub.subscribe(*self._channels)
                self.connected.set()
                if reconnecting:  # frames sent meanwhile are lost: let the owners send full views again
                    self.on_reconnect()
                reconnecting = True
                await self._receive()
            except (RedisError, OSError) as error:
                self.connected.clear()
                log.warning("bus: lost Redis (%s); reconnecting", error)
                await asyncio.sleep(0.5)
            finally:
                if self._pubsub is not None:
                    await self._pubsub.aclose()

    async def _receive(self) -> None:
        pubsub = self._pubsub
        while True:
            while not self._subscriptions.empty():
                add, channel = self._subscriptions.get_nowait()
                await (pubsub.subscribe(channel) if add else pubsub.unsubscribe(channel))
            message = await pubsub.get_message(timeout=0.05)
            if message is None or message.get("type") != "message":
                continue
            try:
                wire = unpack(message["data"])
            except Exception:  # a message from a different version: never crash the listener
                log.exception("bus: unreadable message on %s", message.get("channel"))
                continue
            self.handler(wire)
