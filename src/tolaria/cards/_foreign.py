"""Printed names and texts in other languages: MTGJSON's `foreignData` of a printing's face records,
under Scryfall's language codes (https://scryfall.com/docs/api/languages), as Scryfall shows a
printing in another language (`printed_name`, `printed_type_line`, `printed_text`, `lang`)."""

from __future__ import annotations

from typing import Any

# MTGJSON's language names -> Scryfall's codes (Scryfall's API docs, "Languages")
LANGUAGES: dict[str, str] = {
    "English": "en",
    "Spanish": "es",
    "French": "fr",
    "German": "de",
    "Italian": "it",
    "Portuguese (Brazil)": "pt",
    "Japanese": "ja",
    "Korean": "ko",
    "Russian": "ru",
    "Chinese Simplified": "zhs",
    "Chinese Traditional": "zht",
    "Hebrew": "he",
    "Latin": "la",
    "Ancient Greek": "grc",
    "Arabic": "ar",
    "Sanskrit": "sa",
    "Phyrexian": "ph",
}


def printed_languages(records: list[dict[str, Any]]) -> dict[str, dict[str, list]]:
    """lang -> {"name", "type_line", "text", "flavor_text": one entry per face, "multiverse_ids"}
    for every language the face records' foreignData has (English aside); a face without an entry
    in a language gets "" there."""
    out: dict[str, dict[str, list]] = {}
    for face, record in enumerate(records):
        for entry in record.get("foreignData") or ():
            if not isinstance(entry, dict):
                continue
            lang = LANGUAGES.get(str(entry.get("language") or ""))
            if lang is None or lang == "en":
                continue
            printed = out.setdefault(
                lang,
                {
                    "name": [""] * len(records),
                    "type_line": [""] * len(records),
                    "text": [""] * len(records),
                    "flavor_text": [""] * len(records),
                    "multiverse_ids": [],
                },
            )
            printed["name"][face] = str(entry.get("faceName") or entry.get("name") or "")
            printed["type_line"][face] = str(entry.get("type") or "")
            printed["text"][face] = str(entry.get("text") or "")
            printed["flavor_text"][face] = str(entry.get("flavorText") or "")
            mid = entry.get("multiverseId")
            if isinstance(mid, str) and mid.isdigit():
                mid = int(mid)
            if isinstance(mid, int) and mid not in printed["multiverse_ids"]:
                printed["multiverse_ids"].append(mid)
    return out
