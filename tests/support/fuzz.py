"""What the fuzz tests of the readers share (test_kat.py, test_manifest.py): settings that give the
same examples on every run, a strategy that mutates a valid text, and the property itself."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from hashbed.errors import HashbedError

T = TypeVar("T")

#: Derandomized and without an example database, so that CI runs the same examples each time;
#: each test writes its examples to one file in its own tmp_path.
FUZZ = settings(
    max_examples=1000, deadline=None, derandomize=True, database=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)

#: What a mutation inserts: the readers' separators, digits, hex, brackets, quotes and escapes;
#: characters that Python's text handling treats specially; any character.
_PIECES = (
    st.sampled_from([*"=\n\r\t #[]{}\"',.-+*_\\0123456789abcdefABCDEFLenMsgMDNx", "Len = ", "Msg = ", "MD = ", "true"])
    | st.sampled_from(["²", "٣", "\x00", "\u2028", "é", "nan", "inf", "1" * 30])
    | st.characters()
)
_TOKEN = re.compile(r"\S+")


@st.composite
def mutations(draw: st.DrawFn, text: str) -> str:
    """``text`` with one to three edits: a word, or a span of up to four characters, replaced by up
    to four pieces."""
    for _ in range(draw(st.integers(1, 3))):
        words = list(_TOKEN.finditer(text))
        if words and draw(st.booleans()):
            start, end = draw(st.sampled_from(words)).span()
        else:
            start = draw(st.integers(0, len(text)))
            end = draw(st.integers(start, min(len(text), start + 4)))
        text = text[:start] + "".join(draw(st.lists(_PIECES, max_size=4))) + text[end:]
    return text


def write_text(path: Path, text: str) -> Path:
    """``text`` into ``path`` as UTF-8, a lone surrogate (which ``st.characters()`` draws) as the
    bytes it would be, which no UTF-8 reader takes: the readers' not-UTF-8 path."""
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    return path


def result_or_one_line_error(call: Callable[[], T]) -> T | None:
    """``call()``'s result, or None where it raised a HashbedError whose message is one line;
    any other exception fails the test."""
    try:
        return call()
    except HashbedError as exc:
        message = str(exc)
        assert len(message.splitlines()) == 1 and message == message.strip(), repr(message)
        return None
