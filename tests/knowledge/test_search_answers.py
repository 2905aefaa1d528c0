"""The /search page with a question: the answers take the main column (rules first, the sentence that
answers marked); cards follow only when the words also make a card search that finds some."""

import re

import pytest

from tolaria.knowledge import by_fit


def _main_column(html: str) -> str:
    return html.split('<section class="answers"', 1)[1].split("</section>", 1)[0]


@pytest.mark.django_db
def test_a_question_gets_the_rules_in_the_main_column(client):
    q = "If my creature with deathtouch and trample is blocked, how much damage has to go to the blocker?"
    html = client.get("/search", {"q": q}).content.decode()
    assert '<section class="answers"' in html and 'class="knowledge"' not in html  # no sidebar
    main = _main_column(html)
    assert main.index("Rules that answer it") < main.index('class="answer-sentence"')
    first = re.search(r'<li class="hit kind-(\w+)">\s*<a href="([^"]+)"', main)
    assert first.group(1) == "rule" and first.group(2).startswith("/rules/")
    numbers = re.findall(r'href="/rules/(\d{3}\.\d+[a-z]?)"', main)[:3]
    assert any(n.startswith(("702.19", "702.2", "510.1")) for n in numbers), numbers
    assert "<mark>" in main.split('class="answer-sentence"', 1)[1].split("</blockquote>", 1)[0]
    assert "Did you mean" not in html and "0 cards" not in html


@pytest.mark.django_db
def test_syntax_characters_in_a_question_do_not_hide_the_answers(client):
    # ":" and "/" and "+" as players write them: the card search would read them as syntax
    q = "Trample + Deathtouch: how much damage do I assign to a 2/2 blocker?"
    response = client.get("/search", {"q": q})
    assert response.status_code == 200
    assert "Rules that answer it" in response.content.decode()


@pytest.mark.django_db
def test_cards_follow_only_when_the_words_make_a_card_search(client):
    no_cards = client.get("/search", {"q": "What happens if you run out of cards in your library?"}).content.decode()
    assert "Cards the words also find" not in no_cards
    plain = client.get("/search", {"q": "trample"}).content.decode()  # plain words: cards, answers beside
    assert '<section class="answers"' not in plain and 'class="knowledge"' in plain


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("q", "box", "cards"),
    [
        # the sample holds Llanowar Elves, Elvish Mystic and Fyndhorn Elves (src/tolaria/data/sample)
        ("green creature that makes mana", "c:g t:creature o:&quot;add {&quot;", ["Llanowar Elves", "Elvish Mystic"]),
        # "board wipe": the MTG Wiki's List of Magic slang; the sample holds Day of Judgment and Wrath of God
        ("white board wipes", "c:w tag:sweeper", ["Day of Judgment", "Wrath of God"]),
    ],
)
def test_cards_asked_for_in_words_get_cards_and_an_editable_search(client, q, box, cards):
    html = client.get("/search", {"q": q}).content.decode()
    assert f'id="suggested-q" name="q" value="{box}"' in html
    found = html.split("Cards the search", 1)[1].split("</div>", 1)[0]
    assert all(name in found for name in cards)
    assert html.index("Cards the search") < html.index("Cards by what their text means")


@pytest.mark.django_db
def test_cards_like_a_card_are_not_that_card(client):
    like = client.get("/search", {"q": "cards like Llanowar Elves"}).content.decode()
    assert "Read as a request for cards like <strong>Llanowar Elves</strong>" in like
    by_meaning = like.split("Cards by what their text means", 1)[1].split("</ol>", 1)[0]
    assert 'hit-title">Llanowar Elves<' not in by_meaning  # like it, not it


@pytest.mark.django_db
@pytest.mark.parametrize(("q", "rule"), [("trample damage rules", "702.19"), ("first strike combat damage", "702.7")])
def test_a_keywords_rules_get_the_rules_not_cards_with_the_keyword(client, q, rule):
    html = client.get("/search", {"q": q}).content.decode()
    main = _main_column(html)
    assert "Rules that answer it" in main and "Cards by what their text means" not in main
    assert 'id="suggested-q"' not in html  # no kw: search offered in its place
    numbers = re.findall(r'href="/rules/(\d{3}(?:\.\d+[a-z]?)?)"', main)[:3]
    assert any(n.startswith(rule) for n in numbers), numbers


@pytest.mark.django_db
def test_cards_asked_for_in_words_come_by_fit_then_in_the_players_order(client):
    """Issue 30: "white board wipes" listed A-Omnath first and Wrath of God near the end (A to Z). A board
    wipe destroys all creatures (MTG Wiki, List of Magic slang); the cards' own texts: Day of Judgment
    "Destroy all creatures.", Wrath of God "Destroy all creatures. They can't be regenerated.", Supreme
    Verdict "This spell can't be countered. Destroy all creatures." They come before the cards that only
    destroy some creatures or say it among other things (Omnath, Balance, Elspeth's last ability)."""
    html = client.get("/search", {"q": "white board wipes"}).content.decode()
    found = html.split("Cards the search", 1)[1].split("</div>", 1)[0]
    names = [n.replace("&#x27;", "'") for n in re.findall(r'g-name">([^<]+)<', found)]
    assert set(names[:3]) == {"Day of Judgment", "Wrath of God", "Supreme Verdict"}, names
    for other in ("Omnath, Locus of Creation", "Balance", "Elspeth, Sun's Champion"):
        assert names.index(other) > 2, names
    # the player's chosen order breaks the ties: by name unless another order is asked for
    html = client.get("/search", {"q": "white board wipes", "order": "name", "dir": "desc"}).content.decode()
    again = [n.replace("&#x27;", "'") for n in re.findall(r'g-name">([^<]+)<', html.split("Cards the search", 1)[1])]
    assert set(again[:3]) == set(names[:3])


def test_by_fit_keeps_the_given_order_for_the_cards_not_ranked():
    assert by_fit(["a", "b", "c", "d", "e"], {"d": 0.5, "b": 0.9}) == ["b", "d", "a", "c", "e"]
