"""Wordle Tournament (Part C): a pure state machine fed with events and ``now``."""
