"""scrython (PyPI), its whole public surface, against a live Tolaria over the sample.

How it is pointed at Tolaria: scrython builds every URL as ``https://api.scryfall.com/…`` and opens it
with ``urllib.request.urlopen``, which goes through urllib's global opener. The test installs an opener
(``urllib.request.install_opener``, urllib's own extension point) whose handler rewrites that prefix to
the test server's ``/api/``; scrython's code is not touched.

Every call must work. Each object a call returns has every one of its public properties read; a
property that fails names a field the object lacks, and those are listed below with the data that is
missing for them (none now: card images are linked, issue 30)."""

import inspect
import urllib.request

import pytest

try:  # make test installs the dev extra: a client missing fails the run, it is never skipped
    import scrython
except ImportError as exc:
    raise ImportError(f"scrython is in the dev extra (pyproject.toml; make test installs it): {exc}") from exc

# properties that read a field Tolaria cannot give, and why
MISSING_DATA: dict[str, str] = {}


class _ToTolaria(urllib.request.BaseHandler):
    handler_order = 100  # before urllib's own HTTP handlers set the Host header from the URL

    def __init__(self, base: str):
        self.base = base

    def https_request(self, req):
        if req.full_url.startswith("https://api.scryfall.com/"):
            req.full_url = self.base + "/api/" + req.full_url.removeprefix("https://api.scryfall.com/")
        return req

    http_request = https_request


@pytest.fixture(scope="module")
def client(tolaria_server):
    urllib.request.install_opener(urllib.request.build_opener(_ToTolaria(tolaria_server)))
    yield scrython
    urllib.request.install_opener(urllib.request.build_opener())


def read_everything(obj) -> set[str]:
    """Read every public property of a scrython object; return the ones that fail."""
    failed = set()
    for name, attr in inspect.getmembers(type(obj)):
        if name.startswith("_") or not isinstance(attr, property):
            continue
        try:
            getattr(obj, name)
        except (KeyError, AttributeError, TypeError):
            failed.add(name)
    return failed


def check(obj):
    failed = read_everything(obj) - set(MISSING_DATA)
    assert not failed, f"{type(obj).__name__}: properties failing on missing fields: {sorted(failed)}"
    return obj


def test_cards(client, known):
    c = client.cards
    bolt, arbor = known["bolt"], known["arbor"]
    found = c.Search(q="t:goblin", order="name")
    assert found.total_cards > 0 and all("Goblin" in check(x).type_line for x in found.data)
    pages = list(c.Search(q="t:creature", unique="prints").iter_all())
    assert len(pages) > 175  # more than one page, followed through next_page
    assert check(c.Named(exact="Lightning Bolt")).name == "Lightning Bolt"
    assert c.Named(fuzzy="light bolt").name == "Lightning Bolt"
    assert c.Named(exact="Lightning Bolt", set="2ed").set == "2ed"
    assert "Lightning Bolt" in c.Autocomplete(q="lightn").data
    assert "Goblin" in check(c.Random(q="t:goblin")).type_line
    check(c.Random())
    col = c.Collection(data={"identifiers": [{"id": arbor["id"]}, {"name": "Lightning Bolt"}]})
    assert [check(x).name for x in col.data] == ["Dryad Arbor", "Lightning Bolt"]
    assert check(c.ByCodeNumber(code="tsr", number="277")).name == "Dryad Arbor"
    assert c.ByCodeNumber(code="tsr", number="277", lang="en").name == "Dryad Arbor"
    assert check(c.ByMultiverseId(id=arbor["multiverse_ids"][0])).name == "Dryad Arbor"
    assert c.ByMTGOId(id=known["on_mtgo"]["mtgo_id"]).card_id == known["on_mtgo"]["id"]
    assert c.ByArenaId(id=known["on_arena"]["arena_id"]).card_id == known["on_arena"]["id"]
    assert c.ByTCGPlayerId(id=arbor["tcgplayer_id"]).name == "Dryad Arbor"
    assert c.ByCardMarketId(id=arbor["cardmarket_id"]).name == "Dryad Arbor"
    assert check(c.ById(id=bolt["id"])).name == "Lightning Bolt"
    manifest = c.Manifest(lang="en")
    assert manifest.total_cards is None or manifest.total_cards > 0
    assert {check(row).card_id for row in manifest.data} >= {bolt["id"], arbor["id"]}


def test_faces_of_a_double_faced_card(client):
    chandra = client.cards.Named(exact="Chandra, Fire of Kaladesh")
    faces = chandra.card_faces
    assert [f.name for f in faces] == ["Chandra, Fire of Kaladesh", "Chandra, Roaring Flame"]
    for face in faces:
        check(face)


def test_errors_are_scryfall_errors(client):
    with pytest.raises(client.base.ScryfallError) as err:
        client.cards.Named(exact="No Such Card At All")
    assert err.value.status == 404 and err.value.code == "not_found"
    with pytest.raises(client.base.ScryfallError) as err:
        client.cards.Search(q="t:creature (")
    assert err.value.status == 400


def test_sets(client, known):
    s = client.sets
    everything = s.All()
    assert any(check(x).code == "dmu" for x in everything.data)
    dmu = check(s.ByCode(code="dmu"))
    assert check(s.ById(id=dmu.id)).code == "dmu"
    with_tcg = known["set_with_tcgplayer"]
    assert s.ByTCGPlayerId(id=with_tcg["tcgplayer_id"]).code == with_tcg["code"]


def test_rulings(client, known):
    r = client.rulings
    card = client.cards.Named(exact="Harvesttide Infiltrator")
    by_id = r.ById(id=card.card_id)
    assert by_id.data and all(check(x).oracle_id == card.oracle_id for x in by_id.data)
    assert len(r.ByCodeNumber(code=card.set, number=card.collector_number).data) == len(by_id.data)
    assert r.ByMultiverseId(id=known["arbor"]["multiverse_ids"][0]).object == "list"
    assert r.ByMTGOId(id=known["on_mtgo"]["mtgo_id"]).object == "list"
    assert r.ByArenaId(id=known["on_arena"]["arena_id"]).object == "list"


def test_symbology(client):
    symbols = client.symbology.All()
    assert any(check(x).symbol == "{W/U}" for x in symbols.data)
    cost = check(client.symbology.ParseMana(cost="2GG"))
    assert cost.cost == "{2}{G}{G}" and cost.cmc == 4


CATALOGS = [
    "CardNames",
    "CreatureTypes",
    "PlaneswalkerTypes",
    "CardTypes",
    "KeywordAbilities",
    "KeywordActions",
    "ArtifactTypes",
    "EnchantmentTypes",
    "LandTypes",
    "SpellTypes",
    "ArtistNames",
    "WordBank",
    "Supertypes",
    "BattleTypes",
    "Powers",
    "Toughnesses",
    "Loyalties",
    "Watermarks",
    "AbilityWords",
    "FlavorWords",
]


def test_every_catalog(client):
    assert sorted(CATALOGS) == sorted(
        n for n, v in inspect.getmembers(client.catalogs, inspect.isclass) if hasattr(v, "_endpoint")
    ), "the test names every catalog class scrython has"
    for name in CATALOGS:
        catalog = getattr(client.catalogs, name)()
        assert catalog.total_values == len(catalog.data), name
        if name not in ("Watermarks", "FlavorWords", "BattleTypes"):  # the sample may hold none of these
            assert catalog.data, name


def test_bulk_data(client):
    b = client.bulk_data
    everything = b.All()
    kinds = {check(x).type for x in everything.data}
    assert kinds == {"oracle_cards", "unique_artwork", "default_cards", "all_cards", "rulings"}
    oracle = b.ByType(type="oracle_cards")
    assert b.ById(id=oracle.id).type == "oracle_cards"
    rulings = b.ByType(type="rulings").download()
    assert rulings and rulings[0]["object"] == "ruling"


def test_migrations(client):
    assert client.migrations.All().data == []
    with pytest.raises(client.base.ScryfallError):
        client.migrations.ById(id="00000000-0000-0000-0000-000000000000")
