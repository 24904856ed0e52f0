"""What a process is told at start: where to listen, the store, the cluster, the limits per address."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Config:
    host: str = "127.0.0.1"
    port: int = 8000
    reuse_port: bool = False  # several processes listen on one port (--workers)
    data_dir: Path = Path("data")
    database_url: str | None = None  # default: SQLite in data_dir
    redis_url: str | None = None  # a member of a cluster: rooms, seats and the desk are shared through Redis
    #: The cluster's keys and channels in Redis begin with this: clusters (and tests) sharing a Redis
    #: server never see one another's.
    redis_prefix: str = "wa:"
    #: The public origins (scheme://host[:port]) besides the listening address.
    allowed_origins: tuple[str, ...] = ()
    trust_proxy: bool = False  # honour X-Forwarded-For/-Proto/-Host (behind a TLS proxy only)
    #: Embedded SQLite only: commit on the event loop, not on a thread (no hop there and back: a
    #: quarter less CPU per guess at steady load). The durability is the same (docs/design.md).
    commit_on_loop: bool = True
    max_sockets_per_ip: int | None = None  # default: limits.MAX_SOCKETS_PER_IP
    new_identities_per_minute: int | None = None  # default: limits.NEW_IDENTITIES_PER_IP_PER_MINUTE
    #: For tests and benchmarks of whole processes only: game time runs this many times faster
    #: than real time, from ``time_origin_ms`` (give the same origin to a restarted process).
    time_scale: float = 1.0
    time_origin_ms: int | None = None
