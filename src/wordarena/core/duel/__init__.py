"""Duel de Mots (Part B): a pure state machine fed with events and ``now``."""
