"""The site's ranking by meaning: off after a lexical build (it says so), on after `knowledge embed`:
similar cards on the API and the CLI, natural-language card search."""

import tempfile
from pathlib import Path

import pytest

from tolaria import cli
from tolaria.site.catalog.repository import corpus_version, load_corpus
from tolaria.site.catalog.services import find_card
from tolaria.site.stores import knowledge_index
from tolaria.site.stores.derive import embed_knowledge_index


@pytest.mark.django_db
def test_without_embeddings_the_site_says_meaning_is_unavailable(client, capsys, monkeypatch):
    monkeypatch.setattr(cli._site, "migrate", lambda verbosity=0: None)
    assert knowledge_index.meaning_status().startswith("Ranking by meaning is unavailable")
    body = client.get("/api/search", {"q": "trample"}).json()
    assert body["ranking_by_meaning"] is False and body["data"][0]["kind"] in ("glossary", "rule")
    assert cli.main(["similar", "Llanowar Elves"]) == 2
    assert "knowledge embed" in capsys.readouterr().err


@pytest.mark.full  # embeds the CR and the whole sample with the static model
@pytest.mark.django_db
def test_after_embedding_similar_cards_and_meaning_work_everywhere(client, capsys, monkeypatch):
    monkeypatch.setattr(cli._site, "migrate", lambda verbosity=0: None)
    monkeypatch.setattr(
        knowledge_index,
        "cache_path",
        lambda model_id="": Path(tempfile.gettempdir()) / f"tolaria-knowledge-embeddings-{model_id}.npz",
    )
    try:
        index = embed_knowledge_index()
        assert index.semantic_available and knowledge_index.meaning_status() is None
        elves, _ = find_card("Llanowar Elves")
        similar = client.get(f"/api/cards/{elves.oracle_id}/similar").json()["data"]
        assert similar and all(s["name"] != "Llanowar Elves" for s in similar)
        assert any("Add {G}" in (find_card(s["name"])[0].oracle_text) for s in similar[:5])
        assert cli.main(["similar", "Llanowar Elves", "--limit", "3"]) == 0
        assert capsys.readouterr().out.count("\n") == 4
        asked = client.get("/api/search", {"q": "cards that draw when a creature dies"}).json()
        assert asked["ranking_by_meaning"] is True and asked["data"]
        page = client.get(f"/card/{elves.oracle_id}", follow=True).content.decode()
        assert "Similar cards" in page and similar[0]["name"] in page
        # the reference page's "trample" search, on the site's search page (acceptance of the knowledge issue)
        trample = client.get("/search", {"q": "trample"}).content.decode()
        for rule in ("702.19", "111.10k", "122.1b", "702.1c", "111.4"):
            assert f'href="/rules/{rule}"' in trample, rule
        ray, _ = find_card("Super-Duper Death Ray")
        assert f'href="/card/{ray.oracle_id}#rulings-h"' in trample
    finally:  # leave the lexical index the rest of the session expects
        knowledge_index.build(load_corpus(), corpus_version(), embed=False)


@pytest.mark.django_db
def test_ask_answers_a_question_with_the_rules_first(capsys):
    q = "If my creature with deathtouch and trample is blocked, how much damage has to go to the blocker?"
    assert cli.main(["ask", q, "--limit", "5"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Rules:\n 1. CR ")
    assert "702.19" in out.split("Rulings:")[0] or "702.2" in out.split("Rulings:")[0]
    assert cli.main(["ask", q, "--json"]) == 0
    body = __import__("json").loads(capsys.readouterr().out)
    assert body["question"] is True and body["groups"]["rules"][0]["kind"] == "rule"
    assert {"Deathtouch", "Trample"} <= set(body["terms"])


@pytest.mark.django_db
def test_the_api_answers_a_question_as_the_page_and_ask_do(client, capsys):
    """/api/answers: the same answers as `tolaria ask --json` and the search page, the rules first, each
    hit with its sentence and, for a sentence inside a subrule, the subrule it comes from."""
    q = "creature with trample blocking noncombat damage"
    body = client.get("/api/answers", {"q": q}).json()
    assert body["object"] == "answers" and body["question"] is False and "Trample" in body["terms"]
    rules = body["groups"]["rules"]
    assert rules and all(h["kind"] in ("rule", "glossary") for h in rules)
    trample = next(h for h in rules if h["ref"] == "702.19")
    assert trample["excerpt_from"] == "702.19a"
    assert "".join(s["text"] for s in trample["excerpt"]).startswith("The ability has no effect")
    assert cli.main(["ask", q, "--json"]) == 0
    asked = __import__("json").loads(capsys.readouterr().out)
    assert [h["id"] for h in asked["groups"]["rules"]] == [h["id"] for h in rules]
    page = client.get("/search", {"q": q}).content.decode()
    assert "From 702.19a:" in page


@pytest.mark.django_db
@pytest.mark.parametrize("params", [{"q": ""}, {"q": "x" * 1001}, {}])
def test_the_answers_api_refuses_a_missing_or_overlong_question_with_the_error_object(client, params):
    response = client.get("/api/answers", params)
    assert response.status_code == 400 and response.json()["object"] == "error"


@pytest.mark.django_db
def test_players_words_are_shown_as_read_on_the_page_the_api_and_ask(client, capsys):
    """A player who wrote "ETB" and "sac" sees that they were read as the rules' "enters the battlefield" and
    "sacrifice" (MTG Wiki, List of Magic slang), on the answers page, in /api/answers and in `tolaria ask`."""
    q = "If I sac a creature in response to its ETB trigger, does the trigger still resolve?"
    body = client.get("/api/answers", {"q": q}).json()
    assert body["read_as"] == [
        {"words": "sac", "rules_words": "sacrifice"},
        {"words": "ETB", "rules_words": "enters the battlefield"},
    ]
    page = client.get("/search", {"q": q}).content.decode()
    assert "“sac” as <strong>“sacrifice”</strong>; “ETB” as <strong>“enters the battlefield”</strong>" in page
    assert cli.main(["ask", q, "--limit", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Read “sac” as “sacrifice”.\nRead “ETB” as “enters the battlefield”.\nRules:\n")
    plain = client.get("/api/answers", {"q": "Does trample work when blocking?"}).json()
    assert plain["read_as"] == []
    assert (
        "read as the rules put them"
        not in client.get("/search", {"q": "Does trample work when blocking?"}).content.decode()
    )
