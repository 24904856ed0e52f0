"""Duel de Mots (RULES.md Part B): a pure state machine fed with events and ``now``."""
