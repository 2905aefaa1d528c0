"""The bytes of an uploaded decklist as text. Tools write UTF-8 (with or without a BOM); Windows tools
also write UTF-16 with a BOM (Notepad's "Unicode") and cp1252 ("ANSI", where `Æ` is one byte). A file
that is none of these (an image, a zip) is refused in words rather than read as rows of garbage."""

from __future__ import annotations

import codecs
import re

# C0 control characters no text decklist holds (tab, line feed, form feed and carriage return aside)
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")
_NOT_TEXT = (
    "This file is not a text decklist (it holds binary data, as an image or a zip file does); "
    "export the deck as text or CSV from its tool and upload that."
)
_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF32_LE, "utf-32-le"),  # before UTF-16 LE: its BOM starts with UTF-16 LE's
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


class DecklistUnreadable(ValueError):
    """The upload is not text in an encoding a decklist comes in; the message says so in words."""


def looks_binary(text: str) -> bool:
    """Whether decoded text holds what no decklist holds: a NUL, or more than a few control characters."""
    if "\x00" in text:
        return True
    controls = len(_CONTROL.findall(text))
    return controls > 0 and controls * 100 > len(text)


def not_text_message() -> str:
    return _NOT_TEXT


def decode_decklist(data: bytes) -> str:
    """Text of an uploaded decklist: by its BOM (UTF-8, UTF-16 or UTF-32), else UTF-8, else UTF-16
    without a BOM (every other byte NUL), else cp1252. Raises DecklistUnreadable for binary data."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                text = data[len(bom) :].decode(encoding)
            except UnicodeDecodeError as exc:
                raise DecklistUnreadable(
                    f"This file starts as {encoding.upper()} text but byte {exc.start + len(bom):,} is not; "
                    "save it again as UTF-8 and upload that."
                ) from None
            return _checked(text)
    try:
        return _checked(data.decode("utf-8"))
    except UnicodeDecodeError:
        pass
    even, odd = data[0::2], data[1::2]
    if len(data) >= 4 and len(data) % 2 == 0:
        for zeros, encoding in ((odd, "utf-16-le"), (even, "utf-16-be")):
            if zeros.count(0) * 10 >= len(zeros) * 9:  # ASCII text in UTF-16: nine bytes in ten of one side
                try:
                    return _checked(data.decode(encoding))
                except UnicodeDecodeError:
                    break
    try:
        return _checked(data.decode("cp1252"))
    except UnicodeDecodeError:  # cp1252 leaves five bytes undefined; text never has them
        raise DecklistUnreadable(_NOT_TEXT) from None


def _checked(text: str) -> str:
    if looks_binary(text):
        raise DecklistUnreadable(_NOT_TEXT)
    return text
