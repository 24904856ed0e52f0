"""The expert's analysis added to a replay document that was stored without it.

A replay is stored with its game's result, and its analysis written over it once
computed (server.analyst); a process that stopped in between left a document with
guesses only. The document holds all the analysis needs (the answer, every guess
and its colours, in order), so it is analysed from itself, exactly as the game
would have been: the same `analysis.analyse_round`, keyed the same way.
"""

from __future__ import annotations

import copy
from typing import Any

from wordarena.core import analysis, lexicon
from wordarena.core.analysis import GuessAnalysis, Play
from wordarena.core.letters import normalize
from wordarena.core.lexicon import WordList


def analysed_document(document: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``document`` with every guess's ``analysis`` and the players' ``summary``."""
    done = copy.deepcopy(document)
    words = lexicon.word_list(done["lang"], done["length"])
    if done["mode"] == "tournament_duel":
        found = _analyse(words, done["answer"], done["guesses"], shared=True)
        done["summary"] = [s.to_json() for s in analysis.summarise(found, range(2))]
        return done
    everything: list[GuessAnalysis] = []
    for round_ in done["rounds"]:
        everything += _analyse(words, round_["answer"], round_["guesses"], shared=False)
    done["summary"] = [s.to_json() for s in analysis.summarise(everything, range(len(done["players"])))]
    return done


def _analyse(
    words: WordList, answer: str, guesses: list[dict[str, Any]], shared: bool
) -> list[GuessAnalysis]:
    plays = [Play(g["player"], normalize(words.lang, g["word"]), g["pattern"]) for g in guesses]
    found = analysis.analyse_round(words, normalize(words.lang, answer), plays, shared_board=shared)
    for guess, result in zip(guesses, found, strict=True):
        guess["analysis"] = result.to_json(words)
    return list(found)
