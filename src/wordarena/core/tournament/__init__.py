"""Wordle Tournament (RULES.md Part C): a pure state machine fed with events and ``now``."""
