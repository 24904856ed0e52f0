"""wordarena: real-time multiplayer word games (Duel de Mots and Tournament)."""

__version__ = "0.1.0"
