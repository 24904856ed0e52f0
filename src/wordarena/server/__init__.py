"""The asyncio shell around the core: HTTP, WebSocket, rooms, bots' timers, storage."""
