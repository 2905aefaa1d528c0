"""aioscryfall (PyPI; typed, strict msgspec decoding), its whole public surface, against a live
Tolaria over the sample.

How it is pointed at Tolaria: ``ScryfallClient`` takes the aiohttp session it sends every request
through. The test passes a ``ClientSession`` whose ``_request`` (the one method every get/post goes
through) rewrites ``https://api.scryfall.com/`` to the test server's ``/api/``; aioscryfall's code is
not touched. Bulk contents are fetched with requests from the ``download_uri`` Tolaria gives, which
already points at Tolaria.

Every call must work and decode into aioscryfall's types; where a call cannot, the reason is the
client's own (its enums predate values Scryfall itself now sends) and the test says which."""

import asyncio

import pytest

try:  # make test installs the dev extra: a client missing fails the run, it is never skipped
    import aiohttp
    from aioscryfall.api.cards import UniqueMode
    from aioscryfall.client import ScryfallClient
    from aioscryfall.errors import APIError
except ImportError as exc:
    raise ImportError(
        f"aioscryfall and aiohttp are in the dev extra (pyproject.toml; make test installs it): {exc}"
    ) from exc


class _ToTolaria(aiohttp.ClientSession):
    base = ""

    async def _request(self, method, str_or_url, *args, **kwargs):
        url = str(str_or_url)
        if url.startswith("https://api.scryfall.com/"):
            url = self.base + "/api/" + url.removeprefix("https://api.scryfall.com/")
        return await super()._request(method, url, *args, **kwargs)


def run(base, calls):
    async def main():
        async with _ToTolaria() as session:
            session.base = base
            return await calls(ScryfallClient(session))

    return asyncio.run(main())


async def collect(iterable):
    return [x async for x in iterable]


def test_cards(tolaria_server, known):
    bolt, arbor = known["bolt"], known["arbor"]

    async def calls(client):
        c = client.cards
        # t:goblin on the sample: every card decodes (a search holding a mutate or case card cannot,
        # as against Scryfall: aioscryfall's layout enum predates those layouts)
        goblins = await collect(c.search("t:goblin -keyword:mutate"))
        assert goblins and all("Goblin" in g.type_line for g in goblins)
        prints = await collect(c.search('!"Lightning Bolt"', unique=UniqueMode.PRINTS))
        assert len(prints) > 1 and {p.name for p in prints} == {"Lightning Bolt"}
        assert (await c.named(exact="Lightning Bolt")).name == "Lightning Bolt"
        assert (await c.named(fuzzy="light bolt")).name == "Lightning Bolt"
        assert (await c.named(exact="Lightning Bolt", set_code="2ed")).set_ == "2ed"
        assert "Lightning Bolt" in await c.autocomplete("lightn")
        assert "Goblin" in (await c.random(query="t:goblin -keyword:mutate")).type_line
        collection = await collect(c.get_collection([{"id": arbor["id"]}, {"name": "Lightning Bolt"}]))
        assert [x.name for x in collection] == ["Dryad Arbor", "Lightning Bolt"]
        assert (await c.get_card(set_code="tsr", collector_number="277")).name == "Dryad Arbor"
        assert (await c.get_card(multiverse_id=arbor["multiverse_ids"][0])).name == "Dryad Arbor"
        assert str((await c.get_card(mtgo_id=known["on_mtgo"]["mtgo_id"])).id_) == known["on_mtgo"]["id"]
        assert str((await c.get_card(arena_id=known["on_arena"]["arena_id"])).id_) == known["on_arena"]["id"]
        assert (await c.get_card(tcgplayer_id=arbor["tcgplayer_id"])).name == "Dryad Arbor"
        assert (await c.get_card(cardmarket_id=arbor["cardmarket_id"])).name == "Dryad Arbor"
        chandra = await c.get_card(scryfall_id=known["chandra"]["id"])
        assert [f.name for f in chandra.card_faces] == ["Chandra, Fire of Kaladesh", "Chandra, Roaring Flame"]
        assert (await c.get_card(scryfall_id=bolt["id"])).name == "Lightning Bolt"
        with pytest.raises(APIError) as err:
            await c.named(exact="No Such Card At All")
        assert err.value.status == 404

    run(tolaria_server, calls)


def test_sets(tolaria_server, known):
    async def calls(client):
        every = await collect(client.sets.all_sets())
        dmu = next(s for s in every if s.code == "dmu")
        assert (await client.sets.get_set(set_code="dmu")).id_ == dmu.id_
        assert (await client.sets.get_set(scryfall_id=dmu.id_)).code == "dmu"
        with_tcg = known["set_with_tcgplayer"]
        assert (await client.sets.get_set(tcgplayer_id=with_tcg["tcgplayer_id"])).code == with_tcg["code"]

    run(tolaria_server, calls)


def test_rulings(tolaria_server, known):
    async def calls(client):
        card = await client.cards.named(exact="Harvesttide Infiltrator")
        by_id = await collect(client.rulings.get_rulings(card_id=card.id_))
        assert by_id and all(r.oracle_id == card.oracle_id for r in by_id)
        by_number = await collect(
            client.rulings.get_rulings(set_code=card.set_, collector_number=card.collector_number)
        )
        assert len(by_number) == len(by_id)
        for kwargs in (
            {"multiverse_id": known["arbor"]["multiverse_ids"][0]},
            {"mtgo_id": known["on_mtgo"]["mtgo_id"]},
            {"arena_id": known["on_arena"]["arena_id"]},
        ):
            assert isinstance(await collect(client.rulings.get_rulings(**kwargs)), list), kwargs

    run(tolaria_server, calls)


def test_symbols(tolaria_server):
    async def calls(client):
        symbols = await collect(client.symbols.all_card_symbols())
        assert "{W/U}" in {s.symbol for s in symbols}
        cost = await client.symbols.parse_mana("{2}{G}{G}")
        assert cost.cmc == 4 and [c.value for c in cost.colors] == ["G"]

    run(tolaria_server, calls)


CATALOGS = [
    "card_names",
    "artist_names",
    "word_bank",
    "creature_types",
    "planeswalker_types",
    "land_types",
    "artifact_types",
    "enchantment_types",
    "spell_types",
    "powers",
    "toughnesses",
    "loyalties",
    "watermarks",
    "keyword_abilities",
    "keyword_actions",
    "ability_words",
]


def test_catalogs(tolaria_server):
    async def calls(client):
        for name in CATALOGS:
            values = await getattr(client.catalogs, name)()
            assert isinstance(values, list), name
        assert "Lightning Bolt" in await client.catalogs.card_names()

    run(tolaria_server, calls)


def test_bulk_data_and_migrations(tolaria_server):
    async def calls(client):
        items = await collect(client.bulk_data.all_bulk_data())
        assert {b.type_ for b in items} == {"oracle_cards", "unique_artwork", "default_cards", "all_cards", "rulings"}
        rulings = await client.bulk_data.get_bulk_data(bulk_data_type="rulings")
        assert (await client.bulk_data.get_bulk_data(bulk_data_id=rulings.id_)).type_ == "rulings"
        contents = await client.bulk_data.fetch_contents(rulings)
        assert contents and contents[0].comment
        assert await collect(client.migrations.all_migrations()) == []

    run(tolaria_server, calls)
