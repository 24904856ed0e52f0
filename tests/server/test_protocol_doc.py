"""docs/protocol.md agrees with the code by construction: its tables are generated, and checked here."""

from __future__ import annotations

import msgspec

from wordarena.core.refusal import MEANINGS, Refusal
from wordarena.server import protocol_doc
from wordarena.server.messages import CLOSE_MEANINGS, ERROR_MEANINGS, CloseCode, ErrorCode


def test_the_document_is_what_the_code_generates() -> None:
    document = protocol_doc.DOC.read_text(encoding="utf-8")
    assert protocol_doc.render(document) == document, "run: python -m wordarena.server.protocol_doc --write"
    for name in protocol_doc.blocks():
        assert f"<!-- generated:{name} -->" in document


def test_every_code_has_a_meaning() -> None:
    assert set(ERROR_MEANINGS) == set(ErrorCode)
    assert set(MEANINGS) == set(Refusal)
    assert set(CLOSE_MEANINGS) == set(CloseCode)


def test_the_schema_names_every_message() -> None:
    schema = msgspec.json.decode(protocol_doc.schema_json())
    tags = {c.__struct_config__.tag for c in protocol_doc.client_messages()}
    text = protocol_doc.schema_json().decode()
    assert set(schema) == {"client", "server", "$defs"}
    for tag in tags | {"welcome", "room", "tournament", "refused", "error", "queue", "group"}:
        assert f'"{tag}"' in text
