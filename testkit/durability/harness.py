"""The durability harness: real clients play a real server process, which is killed (SIGKILL) and restarted.

One run (`run`):

1. Starts ``python -m wordarena serve`` on an empty store (`store.fresh_store`: SQLite or
   PostgreSQL), its game clock running ``time_scale`` times faster than real time from a
   fixed origin (the restarted process gets the same origin).
2. Connects the players: Duel de Mots *tables* (people creating and joining a room, bots,
   one game per room, then a new room) and tournament *teams* (8 people queueing rated
   tournaments in the same language). People guess words consistent with what they saw,
   after a short think time. Every frame each client receives goes to the memory of its
   room (`memory.py`), which checks that nothing it shows is older than what came before.
3. Kills the server with SIGKILL at seeded random moments: after some seconds of play, or
   just after a room was created, a game started, a round was revealed or a game finished.
   The chosen moments are printed.
4. Restarts the server on the same store and reconnects every client: ``hello`` with its
   token, then ``join`` / ``tournament_join`` its room. Then the checks:

   - **lost**: a room a client was told about answers ``unknown_room`` /
     ``unknown_tournament`` while the store has no result for it (a rejoin that gets no
     answer at all is a server error, whatever the store holds);
   - **rolled back**: a view older than one seen before the kill (version, round, phase,
     rows, answers, lives, places) — checked on every view, so across every restart; and
     a version after a restart lower than any client saw of that room before the kill;
   - **replayable**: at its first chance after the restart, each client sends the last
     answer revealed to it before the kill; that word must never solve the round or duel
     it belonged to (nor any later one: answers do not repeat for a player);
   - and play goes on, until the next kill.
5. At the end, lets the games in progress finish, stops the server and audits the store
   (`store.StoreReader.audit`): stored once, places equal to the records, ratings equal to
   1000 + the changes, games played equal to the stored games, the same results as the
   clients saw.

Nothing here sleeps to wait for an event: every wait is on a condition (a message, the
server's "Running on" line, a task) with a deadline. The kill moments are chosen
by a seeded `random.Random` (``--seed``), so a failing run can be replayed with the same
choices (the timing of the machine still varies).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

from testkit.durability.memory import DuelMemory, Memory, TournamentMemory, View
from testkit.durability.store import Store, StoreReader, fresh_store
from testkit.processes import free_port
from wordarena.client import Client
from wordarena.core import lexicon
from wordarena.core.feedback import pattern
from wordarena.core.letters import normalize
from wordarena.core.seating import AWAY_LIMIT_MS

CHECKS = ("lost", "rolled_back", "replayable", "store")
KILL_MODES = ("any", "created", "started", "revealed", "finished")
KILL_WEIGHTS = (4, 1, 2, 2, 1)
TEAM_LANGUAGES = ("en", "fr", "de", "es")  # one per team: two teams never share a lobby
PRACTICE_LANGUAGES = ("it", "nl", "pt", "pl")  # one per practice player, likewise
REQUEST_S = 20.0  # an answer to a request (the machine is small and shared)
START_S = 90.0  # a server start (bot warm-up threads of the previous runs may still be busy)


class HarnessError(Exception):
    """The harness could not drive the server (a bug of the harness, or a server that stopped answering)."""


# ---------------------------------------------------------------- options and report


@dataclass
class Options:
    store: str = "sqlite"  # "sqlite" | "postgresql"
    #: the PostgreSQL server (default: WORDARENA_TEST_POSTGRES_URL, or the loopback one)
    postgres_url: str | None = None
    kills: int = 3
    seed: int = 1
    tables: int = 2  # Duel de Mots rooms played at once
    people: int = 3  # people per table
    bots: int = 1  # bots per table
    rounds: int = 3
    clock_s: int = 60
    teams: int = 1  # rated tournaments played at once (8 people each)
    practice: int = 0  # practice tournaments played at once (1 person and 7 bots each)
    lang: str = "en"
    time_scale: float = 15.0  # game time runs this many times faster than real time
    play_s: tuple[float, float] = (1.0, 4.0)  # real seconds of play before a kill ("any" moment)
    trigger_wait_s: float = 20.0  # the longest wait for a kill's trigger (then: kill anyway)
    trigger_delay_s: tuple[float, float] = (0.0, 0.3)  # from the trigger to the kill
    think_ms: tuple[float, float] = (20.0, 120.0)  # a person's think time, real milliseconds
    wild: float = 0.3  # share of guesses made at random (longer games) instead of from the hints
    afk: float = 0.0  # share of tournament turns a person lets run out
    late: float = (
        0.0  # share of people in a game who come back only after its 60 s away limit, after a restart
    )
    finish_s: float = 90.0  # at the end, real seconds for the games in progress to finish
    tmp: Path | None = (
        None  # where the logs and the store go (kept, PostgreSQL schema too); default: temporary
    )
    say: Callable[[str], None] = lambda line: None


@dataclass(frozen=True)
class Finding:
    check: str  # one of CHECKS
    kill: int  # kills done when it was seen (-1: the audit of the store at the end)
    code: str  # the room or tournament
    who: str  # the player label ("" for the store)
    detail: str

    def __str__(self) -> str:
        who = f" {self.who}" if self.who else ""
        when = "at the end" if self.kill < 0 else f"after kill {self.kill}"
        return f"[{self.check}] {when}{who} {self.code}: {self.detail}"


@dataclass(frozen=True)
class KillPoint:
    number: int
    mode: str  # one of KILL_MODES
    seconds: float  # "any": seconds of play; otherwise: delay after the trigger
    trigger: str = ""  # what fired it

    def __str__(self) -> str:
        if self.mode == "any":
            return f"kill {self.number}: after {self.seconds:.2f} s of play"
        return f"kill {self.number}: {self.seconds:.2f} s after {self.mode} ({self.trigger or 'no trigger'})"


@dataclass
class Report:
    options: Options
    kills: list[KillPoint] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    stats: Counter[str] = field(default_factory=Counter)
    server_errors: list[str] = field(default_factory=list)
    games: int = 0  # finished Duel de Mots games in the store
    tournaments: int = 0  # finished tournaments in the store
    seconds: float = 0.0

    def count(self, check: str) -> int:
        return sum(1 for f in self.findings if f.check == check)

    @property
    def ok(self) -> bool:
        """The four checks at 0, no server error, and no game stuck (or too slow to finish)."""
        return not self.findings and not self.server_errors and not self.stats["stalls"]

    def summary(self) -> str:
        o, s = self.options, self.stats
        lines = [
            f"store {o.store}, seed {o.seed}, time scale {o.time_scale:g}, {self.seconds:.0f} s",
            f"kills {len(self.kills)}; Duel de Mots games stored {self.games} (rooms created {s['rooms']}); "
            f"tournaments stored {self.tournaments} (started {s['tournaments_started']})",
            f"views checked {s['views']} ({s['views_after_restart']} after a restart); "
            f"rejoins {s['rejoins']} (room back {s['rejoined']}, result stored {s['gone_stored']}, "
            f"refused {s['rejoin_refused']}, lobbies closed away {s['lobby_closed_away']}; "
            f"late comers {s['late_comers']}); "
            f"answers probed {s['probes_sent']} ({s['probes_resolved']} read back)",
            "lost {}, rolled back {}, replayable {}, store mismatches {}; server errors {}; stalls {}".format(
                *(self.count(c) for c in CHECKS), len(self.server_errors), s["stalls"]
            ),
        ]
        lines += [f"  {f}" for f in self.findings[:40]]
        lines += [f"  server: {e}" for e in self.server_errors[:10]]
        return "\n".join(lines)


# ---------------------------------------------------------------- the server process


class ServerProcess:
    """``python -m wordarena serve`` as a child process: started, killed (SIGKILL), started again."""

    def __init__(self, store: Store, options: Options, log: Path) -> None:
        self.store = store
        self.port = free_port()
        self.origin_ms = int(time.time() * 1000)
        self.options = options
        self.log = log
        self.generation = 0  # how many times it was started
        self.errors: list[str] = []  # ERROR lines and tracebacks of its log
        self.proc: asyncio.subprocess.Process | None = None
        self._reader: asyncio.Task[None] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def command(self) -> list[str]:
        return [
            sys.executable, "-m", "wordarena", "serve",
            "--host", "127.0.0.1", "--port", str(self.port),
            *self.store.server_args(),
            "--time-scale", str(self.options.time_scale),
            "--time-origin-ms", str(self.origin_ms),
            "--max-sockets-per-ip", "100000",
            "--new-identities-per-minute", "100000",
        ]  # fmt: skip

    async def start(self) -> None:
        self.generation += 1
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONFAULTHANDLER": "1"}  # SIGABRT: thread stacks
        self.proc = await asyncio.create_subprocess_exec(
            *self.command(),
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            start_new_session=True,
            env=env,
        )
        ready = asyncio.get_running_loop().create_future()
        self._reader = asyncio.create_task(self._read(self.proc, self.generation, ready))
        exited = asyncio.create_task(self.proc.wait())
        try:
            done, _ = await asyncio.wait(
                {ready, exited}, timeout=START_S, return_when=asyncio.FIRST_COMPLETED
            )
        finally:
            exited.cancel()
        if ready not in done:
            tail = self.log.read_text(errors="replace")[-3000:] if self.log.exists() else ""
            raise HarnessError(f"the server did not start (generation {self.generation}):\n{tail}")

    async def _read(
        self, proc: asyncio.subprocess.Process, generation: int, ready: asyncio.Future[None]
    ) -> None:
        assert proc.stdout is not None
        with self.log.open(
            "a", encoding="utf-8", buffering=1
        ) as out:  # line by line: a hung run still has its log
            out.write(f"---- start {generation}: {' '.join(self.command())}\n")
            in_traceback = False
            async for raw in proc.stdout:
                line = raw.decode(errors="replace").rstrip("\n")
                out.write(f"[{generation}] {line}\n")
                if "Running on" in line and not ready.done():
                    ready.set_result(None)
                if " ERROR " in line or " CRITICAL " in line:
                    self.errors.append(f"[{generation}] {line}")
                    in_traceback = False
                elif line.startswith("Traceback"):
                    in_traceback = True
                elif in_traceback and line and not line.startswith(" "):
                    self.errors.append(f"[{generation}] traceback: {line}")
                    in_traceback = False

    async def post_mortem(self, reader: StoreReader) -> str:
        """What the live server and its store are doing (a run that failed): then its threads' stacks."""
        lines = []
        try:
            async with aiohttp.ClientSession() as session:
                for path in ("/healthz", "/metrics"):
                    async with session.get(self.url + path, timeout=aiohttp.ClientTimeout(total=5)) as r:
                        body = await r.text()
                    lines += [f"{path}: {x}" for x in body.splitlines() if not x.startswith("#")][:60]
        except Exception as error:
            lines.append(f"the server does not answer HTTP: {error!r}")
        with contextlib.suppress(Exception):
            lines += [f"store: {row}" for row in await asyncio.to_thread(reader.activity)]
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGABRT)  # faulthandler writes every thread's stack to the log
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.proc.wait(), 10)
        return "\n".join(lines)

    async def kill(self) -> None:
        """SIGKILL: no shutdown, no last write. Sent to the pid itself, then its end is awaited."""
        proc = self.proc
        if proc is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.kill(proc.pid, signal.SIGKILL)
        try:
            await asyncio.wait_for(proc.wait(), 20)
        except TimeoutError:
            raise HarnessError(f"the server (pid {proc.pid}) did not end 20 s after SIGKILL") from None
        await self._ended()

    async def stop(self) -> None:
        """SIGTERM: the server stops its rooms and closes the sockets."""
        if self.proc is not None and self.proc.returncode is None:
            self.proc.terminate()
            try:
                await asyncio.wait_for(self.proc.wait(), 20)
            except TimeoutError:
                self.proc.kill()
        await self._ended()

    async def _ended(self) -> None:
        if self.proc is not None:
            await self.proc.wait()
        if self._reader is not None:
            try:  # the end of its output (a child that inherited it could hold it open)
                await asyncio.wait_for(asyncio.shield(self._reader), 10)
            except TimeoutError:
                raise HarnessError(
                    f"the server's output did not end (pid {self.proc and self.proc.pid})"
                ) from None


# ---------------------------------------------------------------- one person


@dataclass
class Plan:
    key: tuple[Any, ...]  # what the decision is about (room, round or duel, rows so far)
    lang: str
    word: str | None  # None: let the turn run out
    at: float  # loop time to send it
    probe: Probe | None = None


@dataclass
class Probe:
    """A revealed answer sent again after a restart, and where it landed."""

    code: str
    revealed_in: Any  # the round number (duel) or the duel's key (tournament)
    letters: list[str]
    sent_in: Any = None
    row: int = -1  # its index in the rows of ``sent_in``
    kill: int = 0


class Player:
    """One person: a token kept across restarts, one connection per server generation, a memory per room."""

    def __init__(self, label: str, world: World) -> None:
        self.label = label
        self.world = world
        self.rng = random.Random(world.rng.random())
        self.token: str | None = None
        self.id: str | None = None
        self.client: Client | None = None
        self.session: aiohttp.ClientSession | None = None
        self.generation = 0
        self.inbox: list[dict[str, Any]] = []  # every message of the current connection
        self.absorbed = 0  # messages of the current client read into `inbox`
        self.views: dict[str, View] = {}  # the latest view of each room, on this connection
        self.memory: dict[str, Memory] = {}  # everything seen of each room, across connections
        self.welcome: dict[str, Any] = {}
        self.focus: str | None = None  # the room or tournament this person plays in
        self.plan: Plan | None = None
        self._last: Plan | None = None  # the last guess sent
        self.pending: tuple[Any, ...] | None = None  # the decision whose guess is in flight
        self.refused: dict[tuple[Any, ...], set[str]] = {}  # words refused per decision context
        self.probes: list[Probe] = []  # to send at the first chance
        self.sent: list[Probe] = []  # sent, not yet read back
        self._cond = asyncio.Condition()
        self._pump: asyncio.Task[None] | None = None
        self.online = asyncio.Event()  # connected, hello said

    # ------------------------------------------------------------ connection

    async def connect(self, url: str, generation: int) -> dict[str, Any]:
        self.session = aiohttp.ClientSession()
        try:  # aiohttp's own bound is 5 minutes: a server that stopped answering must fail the run sooner
            ws = await asyncio.wait_for(self.session.ws_connect(f"{url}/ws", max_msg_size=0), REQUEST_S)
        except TimeoutError:
            raise HarnessError(f"{self.label}: no WebSocket from the server in {REQUEST_S} s") from None
        self.client = Client(self.session, ws)
        self.generation, self.inbox, self.absorbed, self.views = generation, [], 0, {}
        self.plan = self.pending = None
        self._pump = asyncio.create_task(self._pumping(self.client), name=f"pump-{self.label}")
        hello = {"type": "hello", "token": self.token, "ui": "en"}
        welcome = await self.request(hello, lambda m: m["type"] in ("welcome", "error"))
        if welcome["type"] == "error":
            raise HarnessError(f"{self.label}: hello refused: {welcome}")
        self.token = welcome.get("token") or self.token
        self.id = welcome["player"]["id"]
        self.welcome = welcome
        self.online.set()
        return welcome

    async def disconnect(self, killed: bool = False) -> None:
        """Close the socket; after a kill, first read every frame that arrived before it died."""
        client = self.client
        self.online.clear()
        if client is None:
            return
        if self._pump is not None:
            self._pump.cancel()
            await asyncio.gather(self._pump, return_exceptions=True)
        if killed:  # the reader ends at the end of the stream: whatever it read was seen before the kill
            await asyncio.wait({client._reader}, timeout=10)
        await client.close()
        self._absorb_new()
        if self.session is not None:
            await self.session.close()
        self.client = self.session = None
        self.views, self.plan, self.pending = {}, None, None  # what this connection showed is gone with it

    async def send(self, message: dict[str, Any]) -> None:
        if self.client is None:  # away (a late comer): what it would say is lost
            self.world.trace(f"{self.label} -- not connected: {message}")
            return
        self.world.trace(f"{self.label} -> {message}")
        try:
            await self.client.send(message)
        except (ConnectionError, aiohttp.ClientConnectionError) as error:  # the server was just killed
            self.world.trace(f"{self.label} -- not sent: {error!r}")

    async def _pumping(self, client: Client) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await client.next(timeout=3600)
            if self._absorb_new():
                async with self._cond:
                    self._cond.notify_all()

    def _absorb_new(self) -> bool:
        client = self.client
        if client is None:
            return False
        new = client.received[self.absorbed :]
        self.absorbed = len(client.received)
        for message in new:
            self._absorb(message)
        return bool(new)

    def _absorb(self, message: dict[str, Any]) -> None:
        self.inbox.append(message)
        kind = message.get("type")
        self.world.trace(f"{self.label} <- {_brief(message)}")
        if kind in ("room", "tournament"):
            code = message["code"]
            memory = self.memory.get(code)
            if memory is None:
                memory = self.memory[code] = DuelMemory(code) if kind == "room" else TournamentMemory(code)
            problems = memory.observe(message)
            self.world.stats["views"] += 1
            if self.generation > 1:
                self.world.stats["views_after_restart"] += 1
            problems += self.world.versions_seen(code, message["version"], self.label)
            if problems:
                self.world.found("rolled_back", code, self.label, "; ".join(problems))
            self.views[code] = message
            self._read_back_probes(code, memory)
            self.world.saw(message)
        elif kind == "created":
            self.memory.setdefault(message["room"], DuelMemory(message["room"]))
            self.world.saw(message)
        elif kind == "refused" and self.pending is not None:
            last = self._last
            if last is not None and last.key == self.pending and last.word is not None:
                self.refused.setdefault(last.key, set()).add(_key(last.lang, last.word))
                if last.probe is not None and last.probe in self.sent:
                    self.sent.remove(last.probe)  # refused: it landed nowhere
            self.pending = None

    # ------------------------------------------------------------ waiting (conditions with deadlines)

    async def wait_until(self, ready: Callable[[], bool], timeout: float) -> None:
        async with self._cond:
            await asyncio.wait_for(self._cond.wait_for(ready), timeout)

    async def wait_change(self, timeout: float) -> None:
        """Until a new message arrives, or ``timeout`` seconds."""
        seen = len(self.inbox)
        with contextlib.suppress(TimeoutError):
            await self.wait_until(lambda: len(self.inbox) > seen, timeout)

    async def request(
        self, message: dict[str, Any], answer: Callable[[dict[str, Any]], bool], timeout: float = REQUEST_S
    ) -> dict[str, Any]:
        """Send ``message``; the first message after it that is its ``answer``."""
        start = len(self.inbox)
        found: list[dict[str, Any]] = []

        def answered() -> bool:
            for m in self.inbox[start:]:
                if answer(m):
                    found.append(m)
                    return True
            return False

        await self.send(message)
        try:
            await self.wait_until(answered, timeout)
        except TimeoutError:
            since = [m.get("type") + (f" {m.get('code')}" if "code" in m else "") for m in self.inbox[start:]]
            raise HarnessError(
                f"{self.label}: no answer to {message} in {timeout} s; received since: {since}; "
                f"welcome: {self.welcome.get('current')}"
            ) from None
        return found[0]

    # ------------------------------------------------------------ playing

    async def play(self) -> None:
        """Guess whenever the view says this person may, after a think time."""
        loop = asyncio.get_running_loop()
        while True:
            plan = self._decide(loop.time())
            if plan is None:
                await self.wait_change(1.0)
                continue
            if plan.at > loop.time():
                await self.wait_change(plan.at - loop.time())
                continue
            self.plan, self.pending = None, plan.key
            if plan.word is None:
                continue  # this turn runs out
            self._last = plan
            if plan.probe is not None and plan.probe in self.probes:
                self.probes.remove(plan.probe)
                self.sent.append(plan.probe)
                self.world.stats["probes_sent"] += 1
            await self.send({"type": "guess", "word": plan.word})

    def _decide(self, now: float) -> Plan | None:
        code = self.focus
        view = self.views.get(code) if code is not None else None
        if view is None or view["phase"] != "playing":
            return None
        move = self._duel_move(view) if view["type"] == "room" else self._tournament_move(view)
        if move is None or move.key == self.pending:
            return None  # nothing to do, or its guess is on its way
        if self.plan is not None and self.plan.key == move.key:
            return self.plan
        o = self.world.options
        at = now + self.rng.uniform(*o.think_ms) / 1000
        played = {k for k, _ in move.board} | self.refused.get(move.key, set())
        probe = next((p for p in self.probes if p.code == code and len(p.letters) == move.length), None)
        if probe is not None and _key(move.lang, "".join(probe.letters)) not in played:
            probe.sent_in, probe.row, probe.kill = move.where, move.row, self.world.kills
            self.plan = Plan(move.key, move.lang, "".join(probe.letters), at, probe)
        elif view["type"] == "tournament" and self.rng.random() < o.afk:
            self.plan = Plan(move.key, move.lang, None, at)
        else:
            self.plan = Plan(move.key, move.lang, self._word(move, played), at)
        return self.plan

    def _duel_move(self, view: View) -> Move | None:
        me = view["you"]
        if me is None or view["round"] is None:
            return None
        seat = view["seats"][me]
        if seat["done"] or seat["gone"]:
            return None
        lang = view["options"]["lang"]
        rows = seat.get("rows", [])
        number = view["round"]["number"]
        return Move(
            key=("duel", view["code"], number, len(rows)),
            lang=lang,
            length=5,
            board=_board(lang, rows),
            where=number,
            row=len(rows),
        )

    def _tournament_move(self, view: View) -> Move | None:
        duel = view.get("duel")
        if duel is None or duel["over"] or duel["turn"] != self.id or view["round"] is None:
            return None
        number = view["round"]["number"]
        return Move(
            key=("tournament", view["code"], number, duel["index"], len(duel["rows"])),
            lang=view["lang"],
            length=duel["length"],
            board=_board(view["lang"], duel["rows"]),
            where=(number, tuple(sorted(duel["players"]))),
            row=len(duel["rows"]),
        )

    def _word(self, move: Move, played: set[str]) -> str:
        """A word consistent with the board (or, now and then, any answer), never played there yet."""
        words = lexicon.word_list(move.lang, move.length)
        if self.rng.random() >= self.world.options.wild:
            fits = [
                k
                for k in words.answers
                if k not in played and all(pattern(k, guess) == marks for guess, marks in move.board)
            ]
            if fits:
                return words.spelling(self.rng.choice(fits))
        while True:
            key = self.rng.choice(words.answers)
            if key not in played:
                return words.spelling(key)

    # ------------------------------------------------------------ answers sent again after a restart

    def arm_probes(self) -> None:
        """Before reconnecting: the answers this person saw revealed (before the kill) to send again."""
        self.probes, self.sent = [], []
        memory = self.memory.get(self.focus) if self.focus is not None else None
        if isinstance(memory, DuelMemory):
            latest = memory.latest_answer()
            if latest is not None:
                self.probes.append(Probe(memory.code, latest[0], latest[1]))
        elif isinstance(memory, TournamentMemory):
            for key, letters in memory.my_answers():
                self.probes.append(Probe(memory.code, key, letters))
        self.world.stats["probes_armed"] += len(self.probes)

    def _read_back_probes(self, code: str, memory: Memory) -> None:
        """A probe's row is shown: it must not have solved anything."""
        for probe in list(self.sent):
            if probe.code != code:
                continue
            row = self._landed(probe, memory)
            if row is None:
                continue
            self.sent.remove(probe)
            letters, marks = row
            if letters is not None and list(letters) != probe.letters:
                continue  # another row took its place (a turn ran out first): it was refused
            self.world.stats["probes_resolved"] += 1
            if marks is not None and set(marks) == {"G"}:
                where = (
                    "the round or duel it was revealed in"
                    if probe.sent_in == probe.revealed_in
                    else f"{probe.sent_in} (revealed in {probe.revealed_in})"
                )
                self.world.found(
                    "replayable",
                    code,
                    self.label,
                    f"{''.join(probe.letters)} solved {where} after the restart",
                )

    def _landed(self, probe: Probe, memory: Memory) -> tuple[tuple[str, ...] | None, str | None] | None:
        """The row the probe took, once a view shows it: (its letters, its pattern)."""
        if isinstance(memory, DuelMemory):
            rows = memory.rows.get((probe.sent_in, memory.you), []) if memory.you is not None else []
            if len(rows) <= probe.row:
                return None
            marks, letters = rows[probe.row]
            return letters, marks
        assert isinstance(memory, TournamentMemory)
        board = memory.boards.get(probe.sent_in)
        if board is None or len(board.rows) <= probe.row:
            return None
        _, marks, _, letters = board.rows[probe.row]
        return letters, marks


@dataclass(frozen=True)
class Move:
    """A person may guess now: where, and what the board says."""

    key: tuple[Any, ...]  # the decision: room, round or duel, rows so far
    lang: str
    length: int
    board: list[tuple[str, str]]  # (key, pattern) of the rows with letters
    where: Any  # the round number (duel) or the duel's key (tournament)
    row: int  # the index the guess will take in the rows of ``where``


def _key(lang: str, word: str) -> str:
    return normalize(lang, word)


def _board(lang: str, rows: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return [(_key(lang, "".join(r["letters"])), r["pattern"]) for r in rows if r.get("letters")]


# ---------------------------------------------------------------- what people do together


class Table:
    """People (and bots) playing Duel de Mots: a room, one game, then a new room."""

    def __init__(self, world: World, number: int, people: list[Player]) -> None:
        self.world = world
        self.number = number
        self.people = people
        self.code: str | None = None

    @property
    def host(self) -> Player:
        return self.people[0]

    def game_timeout(self) -> float:
        o = self.world.options
        return o.rounds * (o.clock_s + 10) / o.time_scale * 2 + 60

    async def run(self) -> None:
        o = self.world.options
        while True:
            if self.code is None:
                if self.world.winding_down:
                    return
                reply = await self.host.request(
                    {"type": "create", "lang": o.lang}, lambda m: m["type"] in ("created", "error")
                )
                if reply["type"] == "error":
                    raise HarnessError(f"table {self.number}: create refused: {reply}")
                self.code = reply["room"]
                self.world.stats["rooms"] += 1
            code = self.code
            for p in self.people:
                p.focus = code
            await self.host.wait_until(lambda code=code: code in self.host.views, REQUEST_S)  # type: ignore[misc]
            if self.host.views[code]["phase"] == "lobby":
                await self._fill_and_start(code)
            try:
                await any_of(self.people, lambda p, code=code: _over(p, code), self.game_timeout())  # type: ignore[misc]
                self.world.say(f"  {self.world.clock()} table {self.number}: game {code} over")
            except TimeoutError:
                self.world.stats["stalls"] += 1
                self.world.say(f"  table {self.number}: game {code} did not finish in time; leaving it")
            for p in self.people:
                if p.online.is_set() and p.views.get(code, {}).get("you") is not None:
                    await p.send({"type": "leave"})
                p.focus = None
            self.code = None

    async def _fill_and_start(self, code: str) -> None:
        o = self.world.options
        for guest in self.people[1:]:
            view = guest.views.get(code)
            if not guest.online.is_set():
                continue  # away: this game goes on without it
            if view is None or view["you"] is None:
                reply = await guest.request({"type": "join", "room": code}, _answer_of(code))
                if reply.get("code") == "already_playing":  # still seated in a game it no longer plays
                    await guest.send({"type": "leave"})
                    reply = await guest.request({"type": "join", "room": code}, _answer_of(code))
                if reply["type"] != "room":
                    raise HarnessError(f"{guest.label} could not join {code}: {reply}")
        host = self.host
        if host.views[code]["options"] != {"lang": o.lang, "clock_s": o.clock_s, "rounds": o.rounds}:
            await host.request(
                {"type": "options", "clock_s": o.clock_s, "rounds": o.rounds},
                lambda m: _answer_of(code)(m) and (m["type"] != "room" or m["options"]["rounds"] == o.rounds),
            )
        while _bots(host.views[code]) < o.bots:
            reply = await host.request(
                {"type": "add_bot", "level": "medium"}, _more_bots(code, _bots(host.views[code]))
            )
            if reply["type"] != "room":
                raise HarnessError(f"table {self.number}: add_bot refused: {reply}")
        reply = await host.request(
            {"type": "start"},
            lambda m: _answer_of(code)(m) and (m["type"] != "room" or m["phase"] != "lobby"),
        )
        if reply["type"] != "room":
            raise HarnessError(f"table {self.number}: start refused: {reply}")
        self.world.stats["games_started"] += 1


class Team:
    """Eight people queueing rated tournaments in the same language, one after the other.

    Or (``practice``) one person queueing practice tournaments: bots take the seven other
    seats, and bots move by the clock, never by a logged event.
    """

    def __init__(self, world: World, number: int, people: list[Player], practice: bool = False) -> None:
        self.world = world
        self.number = number
        self.people = people
        self.practice = practice
        self.code: str | None = None
        self.done: set[str] = set()
        languages = PRACTICE_LANGUAGES if practice else TEAM_LANGUAGES
        self.lang = languages[number % len(languages)]

    def tournament_timeout(self) -> float:
        return 40 * 6 * 30 / self.world.options.time_scale + 60

    async def run(self) -> None:
        while True:
            if self.code is None:
                if self.world.winding_down:
                    return
                await self._fresh_people_if_apart()
                # A late comer first comes back. One coroutine awaits every event in turn: a gather
                # cancelled by the timeout (or a kill) logged "exception was never retrieved".
                await asyncio.wait_for(_all_online(self.people), self.world.late_delay() + REQUEST_S)
                for p in self.people:
                    p.focus = None
                    await p.send({"type": "queue", "lang": self.lang, "practice": self.practice})
                await any_of(self.people, self._started, REQUEST_S * 2)
                self.code = next(c for p in self.people if (c := self._started_code(p)) is not None)
                self.world.stats["tournaments_started"] += 1
            code = self.code
            for p in self.people:
                p.focus = code
            try:
                await any_of(self.people, lambda p, code=code: _over(p, code), self.tournament_timeout())  # type: ignore[misc]
                self.world.say(f"  {self.world.clock()} team {self.number}: tournament {code} over")
            except TimeoutError:
                self.world.stats["stalls"] += 1
                self.world.say(f"  team {self.number}: tournament {code} did not finish in time")
            self.done.add(code)
            self.code = None

    def _started_code(self, p: Player) -> str | None:
        for code, view in p.views.items():
            if view["type"] == "tournament" and code not in self.done:
                return code
        for m in p.inbox:
            current = m.get("current") if m.get("type") == "error" else None
            if current and current["kind"] == "tournament" and current["code"] not in self.done:
                return str(current["code"])
        return None

    def _started(self, p: Player) -> bool:
        return self._started_code(p) is not None

    async def _fresh_people_if_apart(self) -> None:
        """Matchmaking keeps a lobby within 200 of its mean: new identities once ratings drift apart."""
        ratings = [self.world.rating_of(p) for p in self.people]
        if max(ratings) - min(ratings) < 150:
            return
        self.world.say(f"  team {self.number}: ratings {min(ratings)}..{max(ratings)}: 8 new identities")
        old = self.people
        self.people = [self.world.new_player(f"t{self.number}.{p.label.split('.')[-1]}+") for p in old]
        await asyncio.gather(
            *(p.connect(self.world.server.url, self.world.server.generation) for p in self.people)
        )
        await asyncio.gather(*(p.disconnect() for p in old))
        self.world.retired += old
        self.world.restart_play(self.people)


def _answer_of(code: str) -> Callable[[dict[str, Any]], bool]:
    """A view of that room, or a refusal, or an error."""
    return lambda m: (
        (m["type"] in ("room", "tournament") and m["code"] == code) or m["type"] in ("error", "refused")
    )


def _bots(view: View) -> int:
    return sum(1 for seat in view["seats"] if seat["bot"])


def _more_bots(code: str, than: int) -> Callable[[dict[str, Any]], bool]:
    return lambda m: _answer_of(code)(m) and (m["type"] != "room" or _bots(m) > than)


def _over(p: Player, code: str) -> bool:
    view = p.views.get(code)
    return view is not None and view["phase"] in ("finished", "closed")


async def _all_online(people: list[Player]) -> None:
    for p in people:
        await p.online.wait()


async def any_of(players: Iterable[Player], ready: Callable[[Player], bool], timeout: float) -> None:
    """Until ``ready`` holds for one of the players."""
    waits = [asyncio.create_task(p.wait_until(lambda p=p: ready(p), timeout)) for p in players]  # type: ignore[misc]
    try:
        done, _ = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        if not any(not t.cancelled() and t.exception() is None for t in done):
            raise TimeoutError
    finally:
        for t in waits:
            t.cancel()
        await asyncio.gather(*waits, return_exceptions=True)


# ---------------------------------------------------------------- the world


class World:
    def __init__(self, options: Options, server: ServerProcess, reader: StoreReader) -> None:
        self.options = options
        self.server = server
        self.reader = reader
        self.rng = random.Random(options.seed)
        self.kill_rng = random.Random(f"kills-{options.seed}")
        self.late_rng = random.Random(f"late-{options.seed}")
        self.late: dict[Player, tuple[str, str]] = {}
        self.say = options.say
        self.kills = 0
        self.findings: list[Finding] = []
        self.problems: list[str] = []  # server bugs outside the four checks (a request never answered)
        self.stats: Counter[str] = Counter()
        self.players: list[Player] = []
        self.retired: list[Player] = []
        self.tables: list[Table] = []
        self.teams: list[Team] = []
        self.winding_down = False
        self._restarted = 0.0  # loop time the last restarted server began to serve
        self._tasks: set[asyncio.Task[None]] = set()
        self._failure: BaseException | None = None
        self._failed = asyncio.Event()
        self._trigger: str | None = None
        self._fired = asyncio.Event()
        self._fired_by = ""
        self._seen_events: set[tuple[str, str]] = set()
        self._labels: Counter[str] = Counter()
        self._began = time.monotonic()
        self._versions: dict[str, int] = {}  # the highest version any client saw of each room
        self._floor: dict[str, int] = {}  # ... as of the last kill
        self._floor_told: set[tuple[str, str, int]] = set()
        self._trace: Any = None

    def versions_seen(self, code: str, version: int, who: str) -> list[str]:
        """A view after a restart is never older than what ANY client saw of that room before the kill.

        (Each client's own memory checks its own views; this compares across clients, once per
        client and restart, since views of one moment reach different sockets in any order.)
        """
        self._versions[code] = max(version, self._versions.get(code, -1))
        floor = self._floor.get(code, -1)
        if version >= floor or (code, who, self.kills) in self._floor_told:
            return []
        self._floor_told.add((code, who, self.kills))
        return [f"version {version} after the restart; another client saw version {floor} before the kill"]

    def clock(self) -> str:
        return f"{time.monotonic() - self._began:6.1f}s"

    def trace(self, line: str) -> None:
        """Every message sent and received, in the trace file (for a post-mortem)."""
        if self._trace is not None:
            self._trace.write(f"{time.monotonic() - self._began:9.3f} {line}\n")

    # ------------------------------------------------------------ findings

    def found(self, check: str, code: str, who: str, detail: str, at_end: bool = False) -> None:
        finding = Finding(check, -1 if at_end else self.kills, code, who, detail)
        self.findings.append(finding)
        self.say(f"  !! {finding}")

    # ------------------------------------------------------------ players and tasks

    def new_player(self, label: str) -> Player:
        self._labels[label] += 1
        if self._labels[label] > 1:
            label = f"{label}{self._labels[label]}"
        player = Player(label, self)
        self.players.append(player)
        return player

    def live(self) -> list[Player]:
        return [p for p in self.players if p not in self.retired]

    def rating_of(self, p: Player) -> int:
        """The rating after this person's last tournament (1000 before any)."""
        rating = 1000
        for memory in p.memory.values():
            if isinstance(memory, TournamentMemory) and memory.result is not None:
                after = memory.result.get("rating_after")
                if after is not None:
                    rating = after
        return rating

    def spawn(self, work: Any, name: str) -> None:
        task = asyncio.create_task(work, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    _killing = False  # between the kill and the end of its tasks

    def _done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if self._killing and not task.cancelled() and isinstance(task.exception(), aiohttp.ClientError):
            return  # it connected to the server being killed (a late comer's return, say)
        if not task.cancelled() and task.exception() is not None and self._failure is None:
            self._failure = task.exception()
            self._failed.set()

    def check_failure(self) -> None:
        if self._failure is not None:
            raise HarnessError(f"a harness task failed: {self._failure!r}") from self._failure

    def restart_play(self, players: Iterable[Player]) -> None:
        for p in players:
            self.spawn(p.play(), f"play-{p.label}")

    async def stop_tasks(self) -> None:
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def start_tasks(self) -> None:
        for table in self.tables:
            self.spawn(table.run(), f"table-{table.number}")
        for team in self.teams:
            self.spawn(team.run(), f"team-{team.number}")
        self.restart_play(self.live())

    # ------------------------------------------------------------ set-up

    async def setup(self) -> None:
        o = self.options
        for t in range(o.tables):
            people = [self.new_player(f"d{t}.{i}") for i in range(o.people)]
            self.tables.append(Table(self, t, people))
        for t in range(o.teams):
            people = [self.new_player(f"t{t}.{i}") for i in range(8)]
            self.teams.append(Team(self, t, people))
        for t in range(o.practice):
            self.teams.append(Team(self, o.teams + t, [self.new_player(f"p{t}")], practice=True))
        await asyncio.gather(*(p.connect(self.server.url, self.server.generation) for p in self.players))
        self.start_tasks()

    # ------------------------------------------------------------ the kill moments

    def next_kill(self, number: int) -> KillPoint:
        mode = self.kill_rng.choices(KILL_MODES, KILL_WEIGHTS)[0]
        if mode == "any":
            return KillPoint(number, mode, self.kill_rng.uniform(*self.options.play_s))
        return KillPoint(number, mode, self.kill_rng.uniform(*self.options.trigger_delay_s))

    def saw(self, message: dict[str, Any]) -> None:
        """Fire the armed kill trigger on the first client to see a new event of its kind."""
        event = _event_of(message)
        if event is None:
            return
        kind, code, detail = event
        if (kind + detail, code) in self._seen_events:
            return
        self._seen_events.add((kind + detail, code))
        if self._trigger == kind and not self._fired.is_set():
            self._fired_by = f"{message.get('type')} {code} {detail}".strip()
            self._fired.set()

    async def play_until(self, point: KillPoint) -> KillPoint:
        """Let them play until the kill moment."""
        if point.mode == "any":
            await self._wait_or_fail(point.seconds)
            return point
        self._trigger, self._fired_by = point.mode, ""
        self._fired.clear()
        fired = asyncio.create_task(self._fired.wait())
        failed = asyncio.create_task(self._failed.wait())
        try:
            await asyncio.wait(
                {fired, failed}, timeout=self.options.trigger_wait_s, return_when=asyncio.FIRST_COMPLETED
            )
        finally:
            fired.cancel()
            failed.cancel()
            self._trigger = None
        self.check_failure()
        point = KillPoint(point.number, point.mode, point.seconds, self._fired_by or "waited out")
        await self._wait_or_fail(point.seconds)
        return point

    async def _wait_or_fail(self, seconds: float) -> None:
        """``seconds`` of play (the chosen moment), cut short if a harness task fails."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._failed.wait(), seconds)
        self.check_failure()

    # ------------------------------------------------------------ kill and restart

    async def kill_and_restart(self, point: KillPoint) -> None:
        self._killing = True  # a client that meets the dead server meanwhile is no failure
        await self.server.kill()
        self.kills += 1
        self.trace(f"==== killed ({point})")
        await self.stop_tasks()
        self._killing = False
        await asyncio.gather(*(p.disconnect(killed=True) for p in self.live()))
        self._floor = dict(self._versions)  # what any client saw before the kill
        for p in self.live():
            p.arm_probes()
        await self.server.start()
        self._restarted = asyncio.get_running_loop().time()  # its rooms were restored before it served
        self.trace(f"==== server started again (generation {self.server.generation})")
        await self.reconnect()
        self.start_tasks()
        for p, (kind, code) in self.late.items():
            self.spawn(self._come_back_late(p, kind, code), f"late-{p.label}")

    async def _come_back_late(self, p: Player, kind: str, code: str) -> None:
        """Away past the limit (the chosen absence, not a wait for an event), then back by the link."""
        self.stats["late_comers"] += 1
        await self._wait_or_fail(self.late_delay())
        await p.connect(self.server.url, self.server.generation)
        await self._rejoin(p, kind, code)

    def late_delay(self) -> float:
        """Real seconds a late comer stays away: past the 60 s away limit of game time."""
        return 70_000 / 1000 / self.options.time_scale

    def _late_comers(self) -> dict[Player, tuple[str, str]]:
        """People of a game in progress who come back only after its away limit (never a host)."""
        late: dict[Player, tuple[str, str]] = {}
        groups = [(t.code, "duel", t.people[1:]) for t in self.tables]
        groups += [(t.code, "tournament", t.people) for t in self.teams if not t.practice]
        for code, kind, people in groups:
            for p in people:
                if code is not None and self.late_rng.random() < self.options.late:
                    late[p] = (kind, code)
        return late

    async def reconnect(self) -> None:
        """Every person says hello with its token and goes back to its room: lost or not?"""
        url, generation = self.server.url, self.server.generation
        self.late = self._late_comers()
        await asyncio.gather(*(p.connect(url, generation) for p in self.live() if p not in self.late))
        rejoins = []
        for table in self.tables:
            if table.code is not None:
                rejoins += [self._rejoin(p, "duel", table.code) for p in table.people if p not in self.late]
        for team in self.teams:
            if team.code is None:  # a tournament may have started that nobody heard of
                current = [p.welcome.get("current") for p in team.people if p not in self.late]
                codes = [c["code"] for c in current if c and c["kind"] == "tournament"]
                if codes:
                    team.code = codes[0]
                    self.stats["tournaments_started"] += 1  # started just before the kill, unheard of
            if team.code is not None:
                rejoins += [
                    self._rejoin(p, "tournament", team.code) for p in team.people if p not in self.late
                ]
        await asyncio.gather(*rejoins)
        for table in self.tables:
            if table.code is not None and table.code not in table.host.views:
                table.code = None  # gone (its result is stored, or it was lost: counted)
        for team in self.teams:
            if team.code is not None and not any(team.code in p.views for p in team.people):
                team.done.add(team.code)
                team.code = None

    async def _rejoin(self, p: Player, kind: str, code: str) -> str:
        told = code in p.memory
        message = (
            {"type": "join", "room": code}
            if kind == "duel"
            else {"type": "tournament_join", "tournament": code}
        )
        try:
            reply = await p.request(message, _answer_of(code))
        except HarnessError as error:  # the server never answered: a bug of its own, whatever the store holds
            self.problems.append(f"after kill {self.kills}: {error}")
            self.say(f"  !! {self.problems[-1]}")
            reply = {"type": "error", "code": "no_answer"}
        self.stats["rejoins"] += 1
        if reply["type"] in ("room", "tournament"):
            self.stats["rejoined"] += 1
            return "back"
        if reply["type"] == "refused":
            self.stats["rejoin_refused"] += 1
            return "refused"
        if reply["code"] not in ("unknown_room", "unknown_tournament", "no_answer"):
            raise HarnessError(f"{p.label}: {message} -> {reply}")
        if await asyncio.to_thread(self.reader.has_result, kind, code):
            self.stats["gone_stored"] += 1
        elif told and self._lobby_closed_away(p.memory[code].last):
            self.stats["lobby_closed_away"] += 1
        elif told:
            last = p.memory[code].last
            seen = "only its code" if last is None else f"version {last['version']}, {last['phase']}"
            self.found("lost", code, p.label, f"{reply['code']} after the restart; it had seen {seen}")
        return "gone"

    def _lobby_closed_away(self, last: View | None) -> bool:
        """A lobby whose people were all away past the limit closes by the rules (B3), result-less.

        At a time scale of 25 the limit is 2.4 real seconds: a restart on a loaded machine can
        take longer than that to bring its people back. Counted only when that much game time
        has passed since the restarted server served (a lower bound of the time since its restore).
        """
        in_lobby = last is None or last["phase"] == "lobby"
        away_ms = (asyncio.get_running_loop().time() - self._restarted) * 1000 * self.options.time_scale
        return in_lobby and away_ms >= AWAY_LIMIT_MS

    # ------------------------------------------------------------ the end

    async def wind_down(self) -> None:
        """No new games; the ones in progress finish (or the deadline passes)."""
        self.winding_down = True
        runs = {t for t in self._tasks if t.get_name().startswith(("table-", "team-"))}
        failed = asyncio.create_task(self._failed.wait())
        deadline = asyncio.get_running_loop().time() + self.options.finish_s
        try:
            while (pending := {t for t in runs if not t.done()}) and not failed.done():
                left = deadline - asyncio.get_running_loop().time()
                if left <= 0:
                    break
                await asyncio.wait({*pending, failed}, timeout=left, return_when=asyncio.FIRST_COMPLETED)
        finally:
            failed.cancel()
        self.check_failure()
        unfinished = [t.get_name() for t in runs if not t.done()]
        if unfinished:  # a game stuck after a restart looks like this
            self.stats["stalls"] += len(unfinished)
            self.say(f"  still playing at the end: {', '.join(unfinished)}")
        await self.stop_tasks()
        await asyncio.gather(*(p.disconnect() for p in self.live()))


def _brief(message: dict[str, Any]) -> str:
    """A message in one short line, for the trace."""
    if message.get("type") in ("room", "tournament"):
        rnd = message.get("round") or {}
        where = f"{message['type']} {message['code']} v{message['version']}"
        return f"{where} {message['phase']} r{rnd.get('number')}"
    return str(message)[:300]


def _event_of(message: dict[str, Any]) -> tuple[str, str, str] | None:
    """(kind of kill trigger, room, what) of a message, when it is one."""
    kind = message.get("type")
    if kind == "created":
        return "created", message["room"], ""
    if kind == "room":
        phase, rnd = message["phase"], message.get("round")
        if phase == "card" and rnd and rnd["number"] == 1:
            return "started", message["code"], ""
        if phase == "reveal" and rnd:
            return "revealed", message["code"], f"round {rnd['number']}"
        if phase == "finished":
            return "finished", message["code"], ""
    if kind == "tournament":
        phase, rnd = message["phase"], message.get("round")
        if phase == "intro" and rnd and rnd["number"] == 1:
            return "started", message["code"], ""
        duel = message.get("duel")
        if phase == "playing" and duel and duel["over"] and rnd:
            return "revealed", message["code"], f"round {rnd['number']} duel {duel['index']}"
        if message.get("result") is not None:
            return "finished", message["code"], f"place of {message['you']}"
    return None


# ---------------------------------------------------------------- a run


async def run(options: Options) -> Report:
    """One whole run: start, play, kill and restart ``options.kills`` times, finish, audit."""
    started = time.monotonic()
    report = Report(options)
    tmp_cm = contextlib.nullcontext(options.tmp) if options.tmp else _tempdir()
    with tmp_cm as tmp:
        assert tmp is not None
        with fresh_store(options.store, Path(tmp), options.tmp is not None, options.postgres_url) as store:
            server = ServerProcess(store, options, Path(tmp) / f"server-{options.store}.log")
            reader = StoreReader(store.url)
            world = World(options, server, reader)
            world._trace = (Path(tmp) / f"trace-{options.store}.log").open("w", encoding="utf-8")
            try:
                await server.start()
                options.say(f"server {server.url} on {store.url}, log {server.log}")
                await world.setup()
                for number in range(1, options.kills + 1):
                    point = await world.play_until(world.next_kill(number))
                    options.say(f"{world.clock()} {point}")
                    report.kills.append(point)
                    await world.kill_and_restart(point)
                await world.wind_down()
                await server.stop()
                for mismatch in await asyncio.to_thread(
                    reader.audit, [m for p in world.players for m in p.memory.values()]
                ):
                    world.found(mismatch.check, mismatch.code, "", mismatch.detail, at_end=True)
                report.games, report.tournaments = await asyncio.to_thread(reader.counts)
            except BaseException:
                if server.proc is not None and server.proc.returncode is None:
                    options.say("post-mortem:\n" + await server.post_mortem(reader))
                raise
            finally:
                await world.stop_tasks()
                for p in world.players:
                    with contextlib.suppress(Exception):
                        await p.disconnect()
                await server.kill()
                reader.close()
                world._trace.close()
            report.findings = world.findings
            report.stats = world.stats
            report.server_errors = server.errors + world.problems
    report.seconds = time.monotonic() - started
    return report


@contextlib.contextmanager
def _tempdir() -> Any:
    import tempfile

    with tempfile.TemporaryDirectory(prefix="wordarena-durability-") as tmp:
        yield Path(tmp)
