"""Fixtures: a tiny hand-built corpus of real cards, and the shipped sample with its index."""

from __future__ import annotations

from pathlib import Path

from tolaria.cards import Card, CardSet, Corpus, Face, Prices, Printing
from tolaria.search._compile import compile_query
from tolaria.search._parser import parse
from tolaria.search._search import matching, matching_lingual

LEGAL_ALL = {"vintage": "legal", "legacy": "legal", "commander": "legal"}


def _card(
    name,
    cost,
    mv,
    type_line,
    text="",
    *,
    colors=(),
    identity=None,
    types=(),
    subtypes=(),
    supertypes=(),
    power=None,
    toughness=None,
    loyalty=None,
    keywords=(),
    produced=(),
    legal=None,
    layout="normal",
    faces=None,
    reserved=False,
    commander=False,
    edhrec=None,
):
    face = Face(
        name=name,
        mana_cost=cost,
        type_line=type_line,
        oracle_text=text,
        colors=tuple(colors),
        types=tuple(types),
        subtypes=tuple(subtypes),
        supertypes=tuple(supertypes),
        power=power,
        toughness=toughness,
        loyalty=loyalty,
    )
    faces = faces or [face]
    return Card(
        oracle_id="oid-" + name.lower().replace(" ", "-"),
        name=name,
        layout=layout,
        faces=faces,
        mana_cost=cost,
        mana_value=mv,
        colors=tuple(colors),
        color_identity=tuple(identity if identity is not None else colors),
        keywords=tuple(keywords),
        produced_mana=tuple(produced),
        legalities=dict(legal or LEGAL_ALL),
        reserved=reserved,
        can_be_commander=commander,
        edhrec_rank=edhrec,
    )


def tiny_corpus() -> Corpus:
    cards = [
        _card(
            "Lightning Bolt",
            "{R}",
            1,
            "Instant",
            "Lightning Bolt deals 3 damage to any target.",
            colors="R",
            types=("Instant",),
            edhrec=20,
        ),
        _card(
            "Llanowar Elves",
            "{G}",
            1,
            "Creature — Elf Druid",
            "{T}: Add {G}.",
            colors="G",
            types=("Creature",),
            subtypes=("Elf", "Druid"),
            power="1",
            toughness="1",
            produced="G",
        ),
        _card(
            "Grizzly Bears",
            "{1}{G}",
            2,
            "Creature — Bear",
            "",
            colors="G",
            types=("Creature",),
            subtypes=("Bear",),
            power="2",
            toughness="2",
        ),
        _card(
            "Counterspell",
            "{U}{U}",
            2,
            "Instant",
            "Counter target spell.",
            colors="U",
            types=("Instant",),
            legal={"vintage": "legal", "legacy": "legal", "commander": "legal", "modern": "banned"},
        ),
        _card(
            "Colossal Dreadmaw",
            "{4}{G}{G}",
            6,
            "Creature — Dinosaur",
            "Trample (This creature can deal excess combat damage to the player or planeswalker it's attacking.)",
            colors="G",
            types=("Creature",),
            subtypes=("Dinosaur",),
            power="6",
            toughness="6",
            keywords=("Trample",),
        ),
        _card(
            "Tarmogoyf",
            "{1}{G}",
            2,
            "Creature — Lhurgoyf",
            "Tarmogoyf's power is equal to the number of card types among cards in all graveyards and its toughness "
            "is equal to that number plus 1.",
            colors="G",
            types=("Creature",),
            subtypes=("Lhurgoyf",),
            power="*",
            toughness="1+*",
        ),
        _card(
            "Kitchen Finks",
            "{1}{G/W}{G/W}",
            3,
            "Creature — Ouphe",
            "When Kitchen Finks enters the battlefield, you gain 2 life.\nPersist (When this creature dies, if it had "
            "no -1/-1 counters on it, return it to the battlefield under its owner's control with a -1/-1 counter on it.)",
            colors="WG",
            types=("Creature",),
            subtypes=("Ouphe",),
            power="3",
            toughness="2",
            keywords=("Persist",),
        ),
        _card(
            "Sol Ring",
            "{1}",
            1,
            "Artifact",
            "{T}: Add {C}{C}.",
            types=("Artifact",),
            produced="C",
            reserved=False,
            legal={"vintage": "restricted", "commander": "legal", "legacy": "banned"},
        ),
        _card(
            "Tundra",
            "",
            0,
            "Land — Plains Island",
            "({T}: Add {W} or {U}.)",
            identity="WU",
            types=("Land",),
            subtypes=("Plains", "Island"),
            produced="WU",
            reserved=True,
        ),
        _card(
            "Overgrown Tomb",
            "",
            0,
            "Land — Swamp Forest",
            "({T}: Add {B} or {G}.)\nAs Overgrown Tomb enters the battlefield, you may pay 2 life. If you don't, it "
            "enters the battlefield tapped.",
            identity="BG",
            types=("Land",),
            subtypes=("Swamp", "Forest"),
            produced="BG",
        ),
        _card(
            "Jace, the Mind Sculptor",
            "{2}{U}{U}",
            4,
            "Legendary Planeswalker — Jace",
            "+2: Look at the top card of target player's library. You may put that card on the bottom of that "
            "player's library.",
            colors="U",
            types=("Planeswalker",),
            subtypes=("Jace",),
            supertypes=("Legendary",),
            loyalty="3",
            commander=False,
        ),
        _card(
            "Niv-Mizzet, Parun",
            "{U}{U}{U}{R}{R}{R}",
            6,
            "Legendary Creature — Dragon Wizard",
            "This spell can't be countered.\nFlying\nWhenever you draw a card, Niv-Mizzet, Parun deals 1 damage to "
            "any target.\nWhenever a player casts an instant or sorcery spell, you draw a card.",
            colors="UR",
            types=("Creature",),
            subtypes=("Dragon", "Wizard"),
            supertypes=("Legendary",),
            power="5",
            toughness="5",
            keywords=("Flying",),
            commander=True,
        ),
    ]
    fire = Face(
        name="Fire",
        mana_cost="{1}{R}",
        type_line="Instant",
        types=("Instant",),
        colors=("R",),
        oracle_text="Fire deals 2 damage divided as you choose among one or two targets.",
    )
    ice = Face(
        name="Ice",
        mana_cost="{1}{U}",
        type_line="Instant",
        types=("Instant",),
        colors=("U",),
        oracle_text="Tap target permanent.\nDraw a card.",
    )
    cards.append(_card("Fire // Ice", "{1}{R} // {1}{U}", 4, "", colors="UR", layout="split", faces=[fire, ice]))
    delver = Face(
        name="Delver of Secrets",
        mana_cost="{U}",
        type_line="Creature — Human Wizard",
        types=("Creature",),
        subtypes=("Human", "Wizard"),
        colors=("U",),
        power="1",
        toughness="1",
        oracle_text="At the beginning of your upkeep, look at the top card of your library. You may reveal "
        "that card. If an instant or sorcery card is revealed this way, transform Delver of Secrets.",
    )
    aberration = Face(
        name="Insectile Aberration",
        type_line="Creature — Human Insect",
        types=("Creature",),
        subtypes=("Human", "Insect"),
        colors=("U",),
        color_indicator=("U",),
        power="3",
        toughness="2",
        oracle_text="Flying",
    )
    cards.append(
        _card(
            "Delver of Secrets // Insectile Aberration",
            "{U}",
            1,
            "",
            colors="U",
            layout="transform",
            faces=[delver, aberration],
            keywords=("Flying", "Transform"),
        )
    )
    sets = {
        "lea": CardSet("lea", "Limited Edition Alpha", "core", "1993-08-05"),
        "m10": CardSet("m10", "Magic 2010", "core", "2009-07-17"),
        "rav": CardSet("rav", "Ravnica: City of Guilds", "expansion", "2005-10-07", block="Ravnica"),
        "gpt": CardSet("gpt", "Guildpact", "expansion", "2006-02-03", block="Ravnica"),
        "wwk": CardSet("wwk", "Worldwake", "expansion", "2010-02-05", block="Zendikar"),
        "grn": CardSet("grn", "Guilds of Ravnica", "expansion", "2018-10-05", block="Guilds of Ravnica"),
        "isd": CardSet("isd", "Innistrad", "expansion", "2011-09-30", block="Innistrad"),
    }
    by_name = {c.name: c for c in cards}
    printings = []

    def pr(name, set_code, cn, rarity, artist, usd=None, **kw):
        c = by_name[name]
        s = sets[set_code]
        printings.append(
            Printing(
                id=f"{set_code}-{cn}",
                oracle_id=c.oracle_id,
                set_code=set_code,
                collector_number=cn,
                rarity=rarity,
                released_at=s.released_at,
                artist=artist,
                games=("paper",),
                finishes=("nonfoil",),
                prices=Prices(usd=usd) if usd is not None else None,
                **kw,
            )
        )

    pr("Lightning Bolt", "lea", "161", "common", "Christopher Rush", 400.0)
    pr(
        "Lightning Bolt",
        "m10",
        "146",
        "common",
        "Christopher Moeller",
        1.5,
        reprint=True,
        flavor_texts=("The sparkmage shrieked, calling on the rage of the storms of his youth.",),
    )
    pr("Llanowar Elves", "lea", "210", "common", "Anson Maddocks", 30.0)
    pr("Llanowar Elves", "m10", "189", "common", "Anson Maddocks", 0.25, reprint=True)
    pr("Grizzly Bears", "lea", "198", "common", "Jeff A. Menges", 5.0)
    pr("Counterspell", "lea", "54", "uncommon", "Mark Poole", 300.0)
    pr("Colossal Dreadmaw", "m10", "172", "common", "Jim Murray", 0.1, booster=True)
    pr("Tarmogoyf", "m10", "999", "rare", "Justin Murray", 25.0)
    pr("Kitchen Finks", "m10", "998", "uncommon", "Kev Walker", 0.5)
    pr("Sol Ring", "lea", "270", "uncommon", "Mark Tedin", 2000.0)
    pr("Tundra", "lea", "283", "rare", "Jesper Myrfors", 1000.0)
    pr("Overgrown Tomb", "rav", "279", "rare", "Rob Alexander", 20.0, watermark="golgari")
    pr("Overgrown Tomb", "grn", "253", "rare", "Jason Felix", 15.0, reprint=True, watermark="golgari")
    pr("Jace, the Mind Sculptor", "wwk", "31", "mythic", "Jason Chan", 40.0)
    pr("Niv-Mizzet, Parun", "grn", "192", "rare", "Svetlin Velinov", 3.0, watermark="izzet")
    pr("Fire // Ice", "gpt", "128", "uncommon", "Franz Vohwinkel", watermark="izzet")
    pr("Delver of Secrets // Insectile Aberration", "isd", "51", "common", "Nils Hamm", 0.3)
    return Corpus(
        cards={c.oracle_id: c for c in cards}, printings={p.id: p for p in printings}, sets=sets, data_date="2022-04-25"
    )


TINY_FACETS = {
    "tag": {"oid-lightning-bolt": {"removal": 1.0, "burn": 1.0}, "oid-counterspell": {"counterspell": 1.0}},
    "pred": {"oid-lightning-bolt": {"removal": 0.95}, "oid-fire-//-ice": {"removal": 0.6}},
    "theme": {"oid-lightning-bolt": {"theme:burn": 1.0}, "oid-kitchen-finks": {"theme:lifegain": 1.0}},
    "rule": {
        "oid-colossal-dreadmaw": {"702.19": 1.0, "702.19a": 1.0},
        "oid-kitchen-finks": {"702.79a": 1.0},
        "oid-niv-mizzet,-parun": {"702.9": 1.0},
    },
}


def both(index, ref, query: str) -> tuple[set[str], set[str]]:
    """Printing ids matched by the vectorized evaluation and by the per-card predicate (the extras,
    tokens and emblems, on both sides only with include:extras, as search() answers)."""
    vec = compile_query(parse(query), index.context())
    spec = compile_query(parse(query), ref.context())
    got = {index.printing_ids[i] for i in matching(vec, index).nonzero()[0]}
    want = ref.evaluate(spec)
    return got, want


def names(corpus, printing_ids) -> set[str]:
    return {corpus.cards[corpus.printings[p].oracle_id].name for p in printing_ids}


BENCH_QUERIES = Path(__file__).resolve().parents[2] / "benchmarks" / "queries.txt"


def bench_queries() -> list[str]:
    lines = BENCH_QUERIES.read_text(encoding="utf-8").splitlines()
    return [l.strip() for l in lines if l.strip() and not l.lstrip().startswith("#")]


def both_lingual(index, ref, query: str, *, multilingual: bool = False) -> tuple[set[str], set[str]]:
    """As both(), over the printings in every language: the rows search() answers from (the English
    rows alone when the query needs no other language) and the per-card predicate's rule."""
    vec = compile_query(parse(query), index.context())
    spec = compile_query(parse(query), ref.context())
    mask = matching_lingual(vec, index, multilingual=multilingual)
    if mask is None:
        got = {index.printing_ids[i] for i in matching(vec, index).nonzero()[0]}
    else:
        got = {index.lingual().printing_ids[i] for i in mask.nonzero()[0]}
    return got, ref.evaluate_lingual(spec, multilingual=multilingual)
