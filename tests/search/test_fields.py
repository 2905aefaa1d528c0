"""Each field family on a tiny corpus of real cards: both evaluations must give the expected cards."""

from __future__ import annotations

import pytest
from search_helpers import both, names

from tolaria.cards import Corpus, load_sample
from tolaria.search import CardIndex, build_index, search
from tolaria.tags import CardTag, facets_for

BOLT, ELVES, BEARS, COUNTER, DREADMAW = (
    "Lightning Bolt",
    "Llanowar Elves",
    "Grizzly Bears",
    "Counterspell",
    "Colossal Dreadmaw",
)
GOYF, FINKS, SOL, TUNDRA, TOMB = "Tarmogoyf", "Kitchen Finks", "Sol Ring", "Tundra", "Overgrown Tomb"
JACE, NIV, FIRE, DELVER = (
    "Jace, the Mind Sculptor",
    "Niv-Mizzet, Parun",
    "Fire // Ice",
    "Delver of Secrets // Insectile Aberration",
)
ALL = {BOLT, ELVES, BEARS, COUNTER, DREADMAW, GOYF, FINKS, SOL, TUNDRA, TOMB, JACE, NIV, FIRE, DELVER}

CASES = [
    # names
    ("bolt", {BOLT}),
    ("lightning bolt", {BOLT}),
    ('"mind sculptor"', {JACE}),
    ("!fire", {FIRE}),
    ('!"lightning bolt"', {BOLT}),
    ("!lightning", set()),
    ("/^.{3}dra$/", {TUNDRA}),
    ("niv mizzet", {NIV}),
    ("niv bolt", set()),
    ("niv-mizzet", {NIV}),
    ("name:ice", {FIRE}),
    # oracle text
    ("o:trample", {DREADMAW}),
    ("o:persist", {FINKS}),
    ("o:counters", set()),  # only in reminder text
    ("fo:counters", {FINKS}),
    ('o:"~ deals"', {BOLT, NIV, FIRE}),
    ('o:"whenever you draw a card, ~ deals"', {NIV}),
    ('o:"~ deals 1"', {NIV}),
    ('o:"draw a card"', {NIV, FIRE}),
    ("o:/^{T}: Add/", {ELVES, SOL}),
    ("o:/add \\{[wubrg]\\}/", {ELVES}),
    ("-o:/e/", {BEARS, ELVES, SOL, TUNDRA}),  # Tundra's only text is reminder text
    # type line
    ("t:creature", {ELVES, BEARS, DREADMAW, GOYF, FINKS, NIV, DELVER}),
    ("t:legendary t:creature", {NIV}),
    ("t:human", {DELVER}),
    ("t:insect", {DELVER}),
    ("t:wiz", {NIV, DELVER}),
    ("type:plains", {TUNDRA}),
    ("t:orc", set()),
    # colors
    ("c:g", {ELVES, BEARS, DREADMAW, GOYF, FINKS}),
    ("c=g", {ELVES, BEARS, DREADMAW, GOYF}),
    ("c:ur", {NIV, FIRE}),
    ("c:izzet", {NIV, FIRE}),
    ("c<=u", {COUNTER, JACE, DELVER, SOL, TUNDRA, TOMB}),
    ("c:c", {SOL, TUNDRA, TOMB}),
    ("c:m", {FINKS, NIV, FIRE}),
    ("c>=2", {FINKS, NIV, FIRE}),
    ("c!=g c:g", {FINKS}),
    ("c>g", {FINKS}),
    ("color:selesnya", {FINKS}),
    ("id:golgari", {ELVES, BEARS, DREADMAW, GOYF, SOL, TOMB}),
    ("id=wu", {TUNDRA}),
    ("id:c", {SOL}),
    ("id>=ub", set()),
    ("identity>=u", {COUNTER, JACE, NIV, FIRE, DELVER, TUNDRA}),
    ("produces:c", {SOL}),
    ("produces:g", {ELVES, TOMB}),
    ("produces=wu", {TUNDRA}),
    ("devotion:uuu", {NIV}),
    ("devotion>=gg", {DREADMAW, FINKS}),
    ("devotion:{g/w}{g/w}", {DREADMAW, FINKS}),
    # devotion: is at least (Counterspell's {U}{U} and Jace's {2}{U}{U} are two, Niv-Mizzet's {U}{U}{U}{R}{R}{R} three)
    ("devotion:uu", {COUNTER, JACE, NIV}),
    ("devotion=uu", {COUNTER, JACE}),
    ("devotion>uu", {NIV}),
    # mana costs
    ("m:{G}{G}", {DREADMAW}),
    ("m:gg", {DREADMAW}),
    ("m={1}{G}", {BEARS, GOYF}),
    ("m>{U}{U}", {JACE, NIV}),
    ("m<={U}{U}", {COUNTER, DELVER, TUNDRA, TOMB}),
    ("m:{W/G}", {FINKS}),
    ("mana:{G/W}{G/W}", {FINKS}),
    ("m:{R}", {BOLT, NIV, FIRE}),
    # mana value
    ("mv=1", {BOLT, ELVES, SOL, DELVER}),
    ("cmc>=6", {DREADMAW, NIV}),
    ("mv:odd", {BOLT, ELVES, SOL, DELVER, FINKS}),
    ("manavalue:even -t:land", {BEARS, COUNTER, DREADMAW, GOYF, JACE, NIV, FIRE}),
    # stats
    ("pow>=5", {DREADMAW, NIV}),
    ("pow>tou", {DELVER, FINKS}),
    ("tou>pow", {GOYF}),
    # a stat against the card's mana value: Insectile Aberration's 3 power over Delver's mana value 1
    ("pow>mv", {DELVER}),
    ("pow>=cmc", {ELVES, BEARS, DREADMAW, FINKS, DELVER}),
    ("pow=*", {GOYF}),
    # a card without the stat matches neither = nor != (Lightning Bolt is not pow!=*), nor a comparison with it
    ("pow!=*", {ELVES, BEARS, DREADMAW, FINKS, NIV, DELVER}),
    ("pow>loy", set()),
    ("tou=2", {BEARS, FINKS, DELVER}),
    ("tou=1", {ELVES, GOYF, DELVER}),  # 1+* counts as 1
    ("pt>=10", {DREADMAW, NIV}),
    ("loy=3", {JACE}),
    ("loy>3", set()),
    # printings
    ("s:lea", {BOLT, ELVES, BEARS, COUNTER, SOL, TUNDRA}),
    ("e:grn", {TOMB, NIV}),
    ("set:m10 r:rare", {GOYF}),
    ("r>=rare", {GOYF, TUNDRA, TOMB, JACE, NIV}),
    ("r:m", {JACE}),
    ("r<uncommon", {BOLT, ELVES, BEARS, DREADMAW, DELVER}),
    ("cn:161", {BOLT}),
    ("cn>=900", {GOYF, FINKS}),
    ("st:core", {BOLT, ELVES, BEARS, COUNTER, DREADMAW, GOYF, FINKS, SOL, TUNDRA}),
    ("b:rav", {TOMB, FIRE}),
    ('block:"ravnica"', {TOMB, FIRE}),
    ("a:rush", {BOLT}),
    ('artist:"anson maddocks"', {ELVES}),
    ("ft:sparkmage", {BOLT}),
    ("wm:izzet", {NIV, FIRE}),
    ("watermark:golgari", {TOMB}),
    ("year<=1993", {BOLT, ELVES, BEARS, COUNTER, SOL, TUNDRA}),
    ("year=2018", {TOMB, NIV}),
    ("date>=2010-01-01", {JACE, TOMB, NIV, DELVER}),
    ("date>=wwk", {JACE, TOMB, NIV, DELVER}),
    ("date<rav", {BOLT, ELVES, BEARS, COUNTER, SOL, TUNDRA}),
    ("date>rav date<2010", {BOLT, ELVES, DREADMAW, GOYF, FINKS, FIRE}),
    ("usd<1", {ELVES, DREADMAW, FINKS, DELVER}),
    ("usd>=1000", {SOL, TUNDRA}),
    ("cheapest:usd usd>1", {BOLT, BEARS, COUNTER, GOYF, SOL, TUNDRA, JACE, NIV, TOMB}),
    ("in:lea -s:lea", {BOLT, ELVES}),
    ("in:rare", {GOYF, TUNDRA, TOMB, NIV}),
    ("prints>=2", {BOLT, ELVES, TOMB}),
    ("sets=1 t:land", {TUNDRA}),
    ("artists>=2", {BOLT, TOMB}),
    ("game:paper t:planeswalker", {JACE}),
    ("lang:en s:isd", {DELVER}),
    ("border:black s:wwk", {JACE}),
    # formats
    ("f:modern", set()),
    ("banned:modern", {COUNTER}),
    ("f:vintage t:artifact", {SOL}),
    ("restricted:vintage", {SOL}),
    ("banned:legacy", {SOL}),
    ("legal:edh c:r", {BOLT, NIV, FIRE}),
    # flags
    ("is:split", {FIRE}),
    ("is:transform", {DELVER}),
    ("is:dfc", {DELVER}),
    ("is:vanilla", {BEARS}),
    ("is:frenchvanilla", {DREADMAW}),
    ("is:bear", {BEARS}),
    ("is:dual", {TUNDRA}),
    ("is:shockland", {TOMB}),
    ("is:reserved", {TUNDRA}),
    ("is:commander", {NIV}),
    ("is:permanent c:u", {JACE, NIV, DELVER}),
    ("is:spell c:r", {BOLT, NIV, FIRE}),
    ("is:historic", {SOL, JACE, NIV}),
    ("is:party", {NIV, DELVER}),
    ("is:reprint", {BOLT, ELVES, TOMB}),
    ("not:reprint s:m10", {DREADMAW, GOYF, FINKS}),
    ("is:firstprint s:grn", {NIV}),
    ("is:booster", {DREADMAW}),
    ("has:watermark", {TOMB, NIV, FIRE}),
    ("has:flavor", {BOLT}),
    ("has:indicator", {DELVER}),
    ("kw:flying", {NIV, DELVER}),
    ("keyword:trample", {DREADMAW}),
    ("new:artist", ALL),
    ("new:art s:m10", {BOLT, ELVES, DREADMAW, GOYF, FINKS}),
    # facets
    ("tag:removal", {BOLT}),
    ("pred:removal", {BOLT, FIRE}),
    ("pred>=0.8:removal", {BOLT}),
    ("pred<0.8:removal", {FIRE}),
    ("rule:702.19", {DREADMAW}),
    ("rule:702", {DREADMAW, FINKS, NIV}),
    ("rule:702.1", set()),
    ("rule:702.19a", {DREADMAW}),
    # boolean structure
    ("t:instant or t:artifact", {BOLT, COUNTER, SOL, FIRE}),
    ("(c:r or c:u) t:instant", {BOLT, COUNTER, FIRE}),
    ("-t:creature -t:land c:u", {COUNTER, JACE, FIRE}),
    ("-(t:creature or t:land or t:instant)", {SOL, JACE}),
    ("t:land and -is:dual", {TOMB}),
    ("t:instant OR t:sorcery", {BOLT, COUNTER, FIRE}),
]


@pytest.mark.parametrize("query,expected", CASES, ids=[c[0] for c in CASES])
def test_field(tiny, tiny_index, tiny_ref, query, expected):
    got, want = both(tiny_index, tiny_ref, query)
    assert names(tiny, want) == expected, "per-card predicate"
    assert got == want, "vectorized evaluation differs from the per-card predicate"


def test_search_dedupes_to_one_printing_per_card(tiny_index):
    result = search(tiny_index, "bolt")
    assert result.total == 1
    assert result.printing_ids == ["m10-146"]  # the most recent printing stands for the card
    assert search(tiny_index, "bolt prefer:oldest").printing_ids == ["lea-161"]
    assert search(tiny_index, "bolt", unique="prints").total == 2
    assert search(tiny_index, "bolt unique:prints").total == 2


def test_search_order_and_pages(tiny_index):
    r = search(tiny_index, "t:creature order:cmc")
    assert r.order == "cmc" and r.direction == "asc"
    assert r.oracle_ids[0] in ("oid-llanowar-elves", "oid-delver-of-secrets-//-insectile-aberration")
    assert r.oracle_ids[-1] in ("oid-colossal-dreadmaw", "oid-niv-mizzet,-parun")
    r = search(tiny_index, "t:creature", order="usd", direction="desc")
    assert r.oracle_ids[0] == "oid-tarmogoyf"  # $25, the priciest of the printings that stand for the cards
    page1 = search(tiny_index, "t:creature", page_size=3)
    page3 = search(tiny_index, "t:creature", page_size=3, page=3)
    assert page1.total == 7 and page1.has_more and len(page1.oracle_ids) == 3
    assert len(page3.oracle_ids) == 1 and not page3.has_more
    names_sorted = search(tiny_index, "t:creature").oracle_ids
    assert names_sorted[0] == "oid-colossal-dreadmaw"


def test_unknown_keyword_and_value_warn(tiny_index):
    r = search(tiny_index, "t:creature foo:bar c:purple")
    assert r.total == 7
    assert any("foo" in w for w in r.warnings)
    assert any("purple" in w for w in r.warnings)


def test_all_terms_ignored_gives_nothing(tiny_index):
    r = search(tiny_index, "foo:bar")
    assert r.total == 0 and r.warnings


def test_metadata_only_gives_everything(tiny_index):
    r = search(tiny_index, "order:usd")
    assert r.total == 14 and r.order == "usd"


def test_facet_unavailable_warns(tiny):
    index = build_index(tiny)
    r = search(index, "pred:removal t:instant")
    assert r.total == 3
    assert any("unavailable" in w for w in r.warnings)
    r = search(index, "rule:702.19")
    assert any("unavailable" in w for w in r.warnings)


def test_save_load_roundtrip(tmp_path, tiny_index):
    path = tmp_path / "cards.idx"
    size = tiny_index.save(path)
    assert size == path.stat().st_size > 0
    loaded = CardIndex.load(path)
    assert loaded.version == tiny_index.version
    for q in ("o:trample", "c:ur", "pred>=0.8:removal", "o:/^{T}:/", "cheapest:usd", "is:dual"):
        assert search(loaded, q).printing_ids == search(tiny_index, q).printing_ids


def test_tag_facets_match_whole_ids_and_names_after_the_group():
    corpus = _tagged_corpus()
    oid = next(iter(corpus.cards))
    tags = {
        oid: [
            CardTag("theme:lifegain", "Life gain", "Theme tags", "inferred"),
            CardTag("pred:removal", "Removal", "Predicted tags", "predicted", confidence=0.9),
            CardTag("keyword:lifelink", "Lifelink", "Keyword tags", "extracted"),
        ]
    }
    index = build_index(corpus, facets_for(tags))
    for query in (
        "theme:lifegain",
        "tag:theme:lifegain",
        "tag:lifegain",
        "tag:lifelink",
        "pred:removal",
        "pred>=0.8:removal",
        "tag:removal",
    ):
        assert search(index, query).oracle_ids == [oid], query
    assert search(index, "pred>=0.95:removal").total == 0
    assert search(index, "theme:removal").total == 0


def _tagged_corpus():
    sample = load_sample()
    card = next(c for c in sample.cards.values() if c.name == "Ajani's Pridemate")
    printing = next(p for p in sample.printings.values() if p.oracle_id == card.oracle_id)
    return Corpus(
        cards={card.oracle_id: card},
        printings={printing.id: printing},
        sets={printing.set_code: sample.sets[printing.set_code]},
    )
