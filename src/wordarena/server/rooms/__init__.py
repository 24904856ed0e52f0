"""Rooms: one task per game (base), its tabs (membership), each game's room (duel, tournament),
the rooms this process owns (registry), and what a room is asked (inputs)."""
