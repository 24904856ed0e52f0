"""Prometheus metrics of one server (its own registry, so tests can run several)."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, GCCollector, Histogram, generate_latest

#: The loop's lateness: a stall (a collector pass, a slow handler) shows in the tail of the latencies.
LAG_BUCKETS = (0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 1.0)


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        GCCollector(registry=self.registry)  # python_gc_collections_total: the collector's passes
        self.loop_lag = Histogram(
            "wordarena_loop_lag_seconds",
            "How late the event loop woke a probe that sleeps 50 ms (server.loop_watch)",
            buckets=LAG_BUCKETS,
            registry=self.registry,
        )
        self.rooms = Gauge("wordarena_rooms", "Rooms alive", registry=self.registry)
        self.connections = Gauge(
            "wordarena_connections", "Open WebSocket connections", registry=self.registry
        )
        self.players = Gauge(
            "wordarena_players_in_rooms", "Connected players seated in a room", registry=self.registry
        )
        self.sockets_slow = Gauge(
            "wordarena_sockets_slow",
            "Sockets whose client reads slower than it is sent to (a write waits for it)",
            registry=self.registry,
        )
        self.socket_bytes_waiting = Gauge(
            "wordarena_socket_bytes_waiting",
            "Bytes held in this process for sockets whose writes wait",
            registry=self.registry,
        )
        self.messages = Counter(
            "wordarena_messages_total", "WebSocket messages", ["direction"], registry=self.registry
        )
        # Bound once: these two are counted on every frame.
        self.messages_in = self.messages.labels("in")
        self.messages_out = self.messages.labels("out")
        self.errors = Counter(
            "wordarena_errors_total", "Refused input by reason", ["code"], registry=self.registry
        )
        self.games = Counter("wordarena_games_total", "Games ended", ["reason"], registry=self.registry)
        self.guess_latency = Histogram(
            "wordarena_guess_latency_seconds",
            "From a guess received to the last view it changed written to the sockets (end of the tick)",
            buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0),
            registry=self.registry,
        )

        self.commit_seconds = Histogram(
            "wordarena_store_commit_seconds",
            "One group commit of the journal (every room's writes of a loop tick)",
            buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0),
            registry=self.registry,
        )
        self.commit_writes = Counter(
            "wordarena_store_writes_total",
            "Writes committed (events, snapshots, results)",
            registry=self.registry,
        )
        self.store_failures = Counter(
            "wordarena_store_failures_total",
            "Store commits that failed (then retried)",
            registry=self.registry,
        )
        self.store_retries = Counter(
            "wordarena_store_retries_total",
            "Room writes scheduled again after a failure",
            registry=self.registry,
        )
        self.commits_busy = Counter(
            "wordarena_store_commits_busy_total",
            "Embedded commits sent to a thread: another writer held the database",
            registry=self.registry,
        )

        self.forwarded = Counter(
            "wordarena_messages_forwarded_total",
            "Frames sent to tabs held by other processes",
            registry=self.registry,
        )
        self.leases_renewed = Counter(
            "wordarena_leases_renewed_total", "Leases of owned rooms renewed", registry=self.registry
        )
        self.leases_lost = Counter(
            "wordarena_leases_lost_total", "Owned rooms another process took", registry=self.registry
        )
        self.takeovers = Counter(
            "wordarena_takeovers_total",
            "Rooms this process took over (restored from the store)",
            registry=self.registry,
        )
        self.takeover_seconds = Histogram(
            "wordarena_takeover_seconds",
            "From claiming a room to serving it again (restore included)",
            buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
            registry=self.registry,
        )

    def render(self) -> bytes:
        return generate_latest(self.registry)
