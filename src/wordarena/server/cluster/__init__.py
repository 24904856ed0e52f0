"""What lets several server processes act as one: who owns which room, and how they talk.

- `wire.py`: the messages processes send each other (never to a browser).
- `bus.py`: how they travel: in-process by default, Redis pub/sub when scaled out.
- `directory.py`: leases: which process owns each room (and the desk), with fencing numbers.
- `seats.py`: where each player holds a seat, shared by every process.
"""
