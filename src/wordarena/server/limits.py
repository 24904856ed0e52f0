"""Every limit of the server, in one place (docs/design.md, Habits). docs/protocol.md lists them."""

from __future__ import annotations

from typing import Final

# One socket
MAX_FRAME_BYTES: Final = 4 * 1024  # a frame of more than 4 KiB closes the socket with 1009
RATE_PER_SECOND: Final = 20.0  # messages a connection may send per second...
RATE_BURST: Final = 40.0  # ...with bursts up to this many
FLOOD_CLOSE_S: Final = 5.0  # over the rate for this long without a pause: closed with 1008
FLOOD_PAUSE_S: Final = 1.0  # a second without a refused message ends a flood
FLOOD_REFUSED_MAX: Final = 1_000  # refused messages that close a flood at once, however short (full speed)
OUTBOX_LIMIT: Final = 256  # queued outgoing frames before a stuck client is dropped (1008)...
OUTBOX_LIMIT_BYTES: Final = 128 * 1024  # ...or bytes held for it here (queued, and the transport's buffer)...
SLOW_CLIENT_S: Final = 10.0  # ...or a write that waited this long for the client to read
SOCKET_SEND_BUFFER: Final = 64 * 1024  # the kernel's send buffer of a socket (SO_SNDBUF; Linux doubles it)
CLOSE_LINGER_S: Final = 10.0  # a client too slow is cut this long after its 1008, unless it answers
FLOOD_LINGER_S: Final = 1.0  # a flooding client (no longer read) is cut this long after its 1008
HEARTBEAT_S: Final = 20.0  # WebSocket ping interval; a dead peer is noticed within ~2 beats
HELLO_TIMEOUT_S: Final = 10.0  # a socket must say hello within this time, else closed with 4001

# Connections, before any request (server/listener.py)
KEEPALIVE_S: Final = 5.0  # a connection with no complete request for this long (idle, or dribbling) is closed
BODY_TIMEOUT_S: Final = 5.0  # a request body must have arrived this long after its headers, else HTTP 408
MAX_DESCRIPTORS: Final = 65_536  # the descriptor limit a server raises itself to (up to the hard limit)
FD_RESERVE: Final = 64  # descriptors never given to clients: the store, Redis, the log, files
CROWDED_ADDRESS: Final = 8  # in the last tenth of the connections, only addresses holding fewer than this

# One address (the peer's IP, or X-Forwarded-For with --trust-proxy)
MAX_SOCKETS_PER_IP: Final = 200  # open connections, upgraded or not; more are refused with HTTP 429
NEW_IDENTITIES_PER_IP_PER_MINUTE: Final = 20  # then `identity_limit` and a 1008 close
UNPLAYED_IDENTITY_DAYS: Final = 30  # identities that never finished a game are deleted after this
LOG_EVERY_S: Final = 60.0  # refusals of the same kind are logged once per period, not per attempt

# The site's HTTP work (site/work.py): never on the games' threads
SITE_THREADS: Final = 2  # threads for the site's store calls (pages, statistics, reports)
SITE_REQUESTS_PER_IP: Final = 4  # store calls of the site one address may have running or waiting; then 429
SITE_REQUESTS_IN_ALL: Final = 32  # ...and all addresses together; then 503
KEY_DERIVATIONS_PER_S: Final = 10.0  # transfer codes derived (PBKDF2, ~40 ms each) per second; then 503
KEY_DERIVATIONS_WAITING: Final = 2  # derivations running or waiting, in all (one thread); then 503
TRANSFER_CLAIMS_PER_IP_PER_MINUTE: Final = 10  # codes one address may try, right or wrong; then 429
TRANSFER_CODES_PER_PLAYER_PER_MINUTE: Final = 5  # transfer codes one identity may ask for; then 429
REQUEST_BODY_MAX: Final = 2_048  # bytes of a JSON body of the site's APIs; more: 413

# Rooms and the store
ROOM_CODE_BYTES: Final = 9  # 12 URL-safe characters, 72 random bits: unguessable
ROOM_BATCH_MAX: Final = 64  # inputs a room takes from its inbox before one commit and one broadcast
SNAPSHOT_EVERY_EVENTS: Final = 64  # a room is snapshotted after this many events (and at phase changes)
#: Commits made on the loop between two checkpoints of the SQLite log, on a thread (server.journal).
CHECKPOINT_EVERY_COMMITS: Final = 500
#: How long a commit waits for the writes of other rooms to join it (server.journal).
COMMIT_WINDOW_S: Final = 0.003
STORE_RETRY_FIRST_S: Final = 0.1  # a failed write is retried after this, doubling...
STORE_RETRY_MAX_S: Final = 5.0  # ...up to this
STOP_DRAIN_S: Final = 10.0  # at shutdown, how long pending writes may take to land

# Redis (a cluster)
REDIS_CONNECTIONS_MAX: Final = 100  # per client; Redis runs one command at a time, more would not help
REDIS_POOL_WAIT_S: Final = 10.0  # a command waits this long for a free connection before it fails
