"""Durable storage: players and finished games (SQLite by default, PostgreSQL by URL)."""
