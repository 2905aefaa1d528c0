"""What the data does not cover reads "unknown" with the reason, never as a fact (issue 17):
formats without legalities in the data, prices the data does not carry, the data's date, and a
search warning when a term can match nothing because the data has no such values."""

import pytest

from tolaria.search import DataFacts, facts_of, gap_warnings
from tolaria.site.catalog import models as m
from tolaria.site.stores.card_index import current_index

pytestmark = pytest.mark.django_db


def _page(client, name):
    oid = m.OracleCard.objects.get(name=name).oracle_id
    return client.get(client.get(f"/card/{oid}")["Location"]).content.decode()


def test_formats_the_data_has_no_legalities_for_are_unknown_not_not_legal(client):
    facts = facts_of(current_index())
    # the sample is MTGJSON of 2022: no Timeless and no Standard Brawl legalities at all (its README)
    assert "timeless" not in facts.formats and "standardbrawl" not in facts.formats
    page = _page(client, "Lightning Bolt")
    table = page[page.index('class="legal-table"') : page.index("</table>", page.index('class="legal-table"'))]
    assert '<th scope="row">Timeless</th><td><span class="status unknown"' in table
    assert '<th scope="row">Standard Brawl</th><td><span class="status unknown"' in table
    assert '<th scope="row">Modern</th><td><span class="status legal">Legal' in table
    assert f"Unknown: the card data (dated {facts.data_date}) has no legalities for" in page


def test_missing_prices_say_unknown_and_why_with_the_data_date(client):
    facts = facts_of(current_index())
    assert not facts.priced  # the sample carries no prices (src/tolaria/data/sample/README.md)
    page = _page(client, "Lightning Bolt")
    assert "Price unknown" in page and f"The card data (dated {facts.data_date}) carries no USD prices." in page
    assert "$0.00" not in page and f"Card data dated {facts.data_date}" in page


def test_a_price_term_with_no_prices_in_the_data_warns_on_the_page_and_in_the_api(client):
    page = client.get("/search", {"q": "f:commander usd<1"}).content.decode()
    assert "carries no USD prices, so usd comparisons are true of no card" in page
    api = client.get("/api/cards/search", {"q": "f:commander usd<1"}).json()
    assert any("carries no USD prices" in w for w in api["warnings"])
    quiet = client.get("/search", {"q": 'o:"usd<1" t:elf'}).content.decode()  # quoted text is not a term
    assert "carries no USD prices" not in quiet


def test_gap_warnings_unit():
    facts = DataFacts("v", "2022-04-25", frozenset({"modern"}), frozenset({"usd"}))
    assert gap_warnings("usd<1 eur>=2 tix=3", facts) == [
        "The card data (dated 2022-04-25) carries no EUR prices, so eur comparisons are true of no card.",
        "The card data (dated 2022-04-25) carries no MTGO tix prices, so tix comparisons are true of no card.",
    ]
    assert gap_warnings("t:elf o:/usd<1/", facts) == []


def test_deck_with_no_priced_card_says_unknown_not_zero(client, django_user_model):
    user = django_user_model.objects.create_user(username="dana", password="correct horse battery")
    client.force_login(user)
    oid = m.OracleCard.objects.get(name="Lightning Bolt").oracle_id
    made = client.post("/decks/new/", {"card": oid, "format": "modern", "name": "Burn"})
    assert made.status_code == 302
    page = client.get(made["Location"]).content.decode()
    assert "$0.00" not in page and 'Price total: <span class="unknown">unknown</span>' in page
