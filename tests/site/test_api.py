"""The client's HTTP APIs: constants, statistics, word reports, identity transfer."""

from __future__ import annotations

import contextlib
import io
from typing import Any

from aiohttp.test_utils import TestClient

from wordarena import cli
from wordarena.core import scoring
from wordarena.core.duel import rules as duel_rules
from wordarena.core.tournament import rules as tournament_rules
from wordarena.server.app import NODE


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def new_identity(site: TestClient[Any, Any], name: str = "Ada") -> str:
    players = site.server.app[NODE].players
    token, _ = players.create(name)
    return token


async def test_constants_are_the_cores(site: TestClient[Any, Any]) -> None:
    c = await (await site.get("/api/constants")).json()
    assert c["duel"]["closing_ms"] == duel_rules.CLOSING_MS
    assert c["duel"]["word_length"] == duel_rules.WORD_LENGTH
    assert c["duel"]["order_bonus"] == list(scoring.ORDER_BONUS)
    assert c["duel"]["points"] == [60, 50, 40, 30, 20, 10]
    assert c["tournament"]["turn_ms"] == tournament_rules.TURN_MS
    assert c["tournament"]["lobby_margin"] == 200 and c["tournament"]["starting_rating"] == 1000
    assert c["ui_languages"] == ["en", "fr", "es", "tr", "ru", "ko"]


async def test_statistics_need_the_identity(site: TestClient[Any, Any]) -> None:
    assert (await site.get("/api/me")).status == 401
    assert (await site.get("/api/me", headers=bearer("not-a-token"))).status == 401
    token = await new_identity(site)
    me = await (await site.get("/api/me", headers=bearer(token))).json()
    assert me["player"]["name"] == "Ada" and me["player"]["rating"] == 1000
    assert me["duel"]["played"] == 0 and me["recent"] == [] and me["rating_history"] == []
    assert set(me["duel"]["distribution"]) == {"1", "2", "3", "4", "5", "6", "x"}


async def test_a_word_report_is_stored_for_review_only(site: TestClient[Any, Any], tmp_path: Any) -> None:
    token = await new_identity(site)
    report = {"lang": "fr", "word": "abîme", "kind": "answer", "reason": "trop rare"}
    assert (await site.post("/api/reports", json=report)).status == 401
    assert (await site.post("/api/reports", json=report, headers=bearer(token))).status == 201
    bad = {**report, "kind": "rude"}
    assert (await site.post("/api/reports", json=bad, headers=bearer(token))).status == 400
    assert (
        await site.post("/api/reports", json={**report, "lang": "xx"}, headers=bearer(token))
    ).status == 400
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(["reports", "--data-dir", str(tmp_path)]) == 0
    assert "abîme" in out.getvalue() and "trop rare" in out.getvalue()


async def test_an_identity_moves_to_another_device_with_a_one_time_code(site: TestClient[Any, Any]) -> None:
    token = await new_identity(site, "Bea")
    assert (await site.post("/api/transfer", json={})).status == 401
    made = await (await site.post("/api/transfer", json={}, headers=bearer(token))).json()
    assert made["expires_s"] == 600
    claimed = await site.post("/api/transfer/claim", json={"code": made["code"].lower()})
    assert claimed.status == 200
    body = await claimed.json()
    assert body == {"token": token, "name": "Bea"}
    assert (await site.post("/api/transfer/claim", json={"code": made["code"]})).status == 404  # once
    for _ in range(12):  # guessing is cut short
        last = await site.post("/api/transfer/claim", json={"code": "AAAAA-AAAAA"})
    assert last.status == 429
