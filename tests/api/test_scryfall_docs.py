"""Behaviour Scryfall's API documentation states, route by route (each test names its page under
https://scryfall.com/docs/api), where Tolaria answered otherwise."""

import gzip
import json
import re
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from tolaria.site.accounts.models import ApiToken
from tolaria.site.collections.models import CardList, Deck

pytestmark = pytest.mark.django_db


def get(client, path, status=200, **params):
    r = client.get(path, params)
    assert r.status_code == status, (path, params, r.status_code, r.content[:300])
    return r.json() if r["Content-Type"].startswith("application/json") else r


# --- scryfall.com/docs/api/card-symbols/parse-mana ------------------------------------------------
# "The server understands most community shorthand for mana costs (such as 2WW for {2}{W}{W}).
# Symbols can also be out of order, lowercase, or have multiple colorless costs (such as 2{g}2 for
# {4}{G})"; `cost` is "the normalized cost, with correctly-ordered and wrapped mana symbols" (the
# page's example: RUx is {X}{U}{R}).


@pytest.mark.parametrize(
    ("written", "normalised"),
    [
        ("2{g}2", "{4}{G}"),
        ("RUx", "{X}{U}{R}"),
        ("{G}{1}", "{1}{G}"),
        ("gu2", "{2}{G}{U}"),  # Simic is printed {G}{U} (Growth Spiral, Simic Charm)
        ("1{1}", "{2}"),
        ("0", "{0}"),
        ("{c}{w}", "{W}{C}"),
    ],
)
def test_parse_mana_normalises_order_case_and_generic(client, written, normalised):
    cost = get(client, "/api/symbology/parse-mana", cost=written)
    assert cost["cost"] == normalised


def test_parse_mana_gives_back_every_printed_cost_written_backwards(client, sample):
    """A printed cost is correctly ordered (colors around the wheel the way cards print them: {G}{W},
    {U}{R}{W}, {W}{B}{G}): each printed cost of the sample made only of generic, X and colored
    symbols, written backwards in lower case and loose, reads back as printed."""

    costs = {face.mana_cost for card in sample.cards.values() for face in card.faces if face.mana_cost}
    checked = 0
    for cost in sorted(costs):
        symbols = re.findall(r"\{([^}]+)\}", cost)
        if not all(s in "WUBRGCXYZ" or s.isdigit() for s in symbols):
            continue
        backwards = "".join(s.lower() if not s.isdigit() else "{" + s + "}" for s in reversed(symbols))
        assert get(client, "/api/symbology/parse-mana", cost=backwards)["cost"] == cost, backwards
        checked += 1
    assert checked > 100


# --- scryfall.com/docs/api/errors -----------------------------------------------------------------
# The page's example request, GET /cards/search?q=is:slick cmc>cmc, answers 400 bad_request "All of
# your terms were ignored." with a warning for each ignored term.


def test_a_search_whose_every_term_was_ignored_is_a_400_with_the_warnings(client):
    body = get(client, "/api/cards/search", 400, q="is:slick cmc>cmc")
    assert (body["object"], body["code"], body["status"]) == ("error", "bad_request", 400)
    assert body["details"] == "All of your terms were ignored."
    assert any("slick" in w for w in body["warnings"]) and any("cmc" in w for w in body["warnings"])
    # one term kept: the search answers, with the warning for the other
    kept = get(client, "/api/cards/search", q="is:slick t:goblin")
    assert kept["data"] and any("slick" in w for w in kept["warnings"])
    # a query of metadata only (order, unique) is not "ignored": it lists every card
    assert get(client, "/api/cards/search", q="order:cmc")["total_cards"] > 1000


# --- scryfall.com/docs/api/cards/search -----------------------------------------------------------
# `order`: "penny: Sort cards by their Penny Dreadful rank" is one of the documented values.


def test_order_penny_is_accepted_and_says_the_data_has_no_penny_ranks(client):
    body = get(client, "/api/cards/search", q="t:goblin", order="penny")
    assert body["data"]
    assert not any("unknown" in w for w in body.get("warnings", [])), body.get("warnings")
    assert any("Penny Dreadful" in w and "name" in w for w in body["warnings"]), body.get("warnings")
    names = [c["name"] for c in body["data"]]
    assert names == [c["name"] for c in get(client, "/api/cards/search", q="t:goblin")["data"]]  # by name


# --- scryfall.com/docs/api/cards/named ------------------------------------------------------------
# `set`: "A set code to limit the search to one set." A fuzzy name is looked for among that set's cards.


def test_fuzzy_name_with_a_set_searches_within_that_set(client):
    get(client, "/api/cards/named", 404, fuzzy="bolt")  # several Bolts in the whole data: ambiguous
    bolt = get(client, "/api/cards/named", fuzzy="bolt", set="jmp")
    assert (bolt["name"], bolt["set"]) == ("Lightning Bolt", "jmp")
    assert get(client, "/api/cards/named", fuzzy="light bolt", set="JMP")["set"] == "jmp"
    missing = get(client, "/api/cards/named", 404, fuzzy="bolt", set="dmu")
    assert missing["object"] == "error" and "dmu" in missing["details"]


# --- scryfall.com/docs/api (Request formats) ------------------------------------------------------
# The card routes answer `format=json` (the default), `format=text` and `format=image`; `pretty=true`
# "makes the returned JSON prettier" on every route. format=image "returns a redirect to an image file"
# (version: small, normal, large (the default), png, art_crop, border_crop; face=back for a double-faced
# card's back); with images off (TOLARIA_IMAGE_BASE=off) it answers one error object everywhere, saying so.

BOLT_TEXT = "Lightning Bolt {R}\nInstant\nLightning Bolt deals 3 damage to any target.\n"


def _card_routes(client):
    bolt = get(client, "/api/cards/named", exact="Lightning Bolt", set="2ed")
    routes = [
        f"/api/cards/{bolt['id']}",
        f"/api/cards/{bolt['set']}/{bolt['collector_number']}",
        f"/api/cards/{bolt['set']}/{bolt['collector_number']}/en",
        "/api/cards/named?exact=Lightning+Bolt&set=2ed",
    ]
    if bolt.get("multiverse_ids"):
        routes.append(f"/api/cards/multiverse/{bolt['multiverse_ids'][0]}")
    return routes


def test_format_text_and_image_on_every_card_route(client):
    routes = _card_routes(client)
    assert any("/multiverse/" in r for r in routes)
    for route in routes:
        sep = "&" if "?" in route else "?"
        text = client.get(route + sep + "format=text")
        assert text.status_code == 200 and text["Content-Type"].startswith("text/plain"), route
        assert text.content.decode() == BOLT_TEXT, route
        image = client.get(route + sep + "format=image")
        pid = get(client, route)["id"]
        assert image.status_code == 302, route
        assert image["Location"] == f"https://cards.scryfall.io/large/front/{pid[0]}/{pid[1]}/{pid}.jpg", route
        small = client.get(route + sep + "format=image&version=small")
        assert small["Location"].startswith("https://cards.scryfall.io/small/front/"), route
        assert client.get(route + sep + "format=image&version=huge").status_code == 400, route
        assert client.get(route + sep + "format=image&face=back").status_code == 422, route  # one side only
        assert client.get(route + sep + "format=xml").status_code == 400, route
    random_text = client.get("/api/cards/random", {"q": '!"Lightning Bolt"', "format": "text"})
    assert random_text.status_code == 200 and random_text.content.decode() == BOLT_TEXT
    assert client.get("/api/cards/random", {"format": "image"}).status_code == 302


def test_format_image_of_a_back_face_and_with_images_off(client, settings):
    dfc = get(client, "/api/cards/named", exact="Harvesttide Infiltrator")
    back = client.get(f"/api/cards/{dfc['id']}", {"format": "image", "face": "back", "version": "normal"})
    assert back.status_code == 302 and back["Location"] == dfc["card_faces"][1]["image_uris"]["normal"]
    front = client.get(f"/api/cards/{dfc['id']}", {"format": "image"})
    assert front["Location"] == dfc["card_faces"][0]["image_uris"]["large"]
    settings.TOLARIA_IMAGE_BASE = None
    for route in _card_routes(client):
        sep = "&" if "?" in route else "?"
        image = client.get(route + sep + "format=image")
        assert image.status_code == 404 and image["Content-Type"].startswith("application/json"), route
        body = image.json()
        assert (body["object"], body["code"]) == ("error", "not_found") and "links no card images" in body["details"]


@pytest.mark.parametrize(
    "path",
    [
        "/api/sets",
        "/api/sets/ktk",
        "/api/symbology",
        "/api/symbology/parse-mana?cost=2GG",
        "/api/catalog/card-types",
        "/api/bulk-data",
        "/api/migrations",
        "/api/cards/search?q=t:goblin",
    ],
)
def test_pretty_indents_every_json_route(client, path):
    sep = "&" if "?" in path else "?"
    plain = client.get(path)
    pretty = client.get(path + sep + "pretty=true")
    assert plain.status_code == pretty.status_code == 200, path
    assert b"\n  " not in plain.content and b"\n  " in pretty.content, path
    assert orjson.loads(pretty.content) == orjson.loads(plain.content)


# --- scryfall.com/docs/api/errors: bad input is a 4xx error object, never a 5xx -----------------
# Every integer parameter of every /api/ route (read from the OpenAPI document, so a new route is
# checked too), given numbers past what a database integer holds.

HUGE = ("9223372036854775807", "9223372036854775808", "999999999999999999", "-9223372036854775809", "1" + "0" * 30)


def _integer_routes(client):
    spec = get(client, "/api/openapi.json")
    for path, operations in spec["paths"].items():
        for method, op in operations.items():
            params = op.get("parameters", [])
            ints = [p["name"] for p in params if p.get("schema", {}).get("type") == "integer"]
            if ints:
                yield path, method, params, ints


def test_every_integer_parameter_out_of_range_is_a_4xx_error_object(client, django_user_model):
    user = django_user_model.objects.create_user("overflow", "overflow@example.com", "a long pass phrase 12")
    _, secret = ApiToken.issue(user, "test")
    card_list = CardList.objects.create(owner=user, name="mine")
    deck = Deck.objects.create(owner=user, name="mine", format="commander")
    fill = {"token": None, "q": "t:goblin", "code": "ktk", "number": "1", "lang": "en", "id": "x"}
    routes = list(_integer_routes(client))
    paths = {p for p, *_ in routes}
    assert {"/api/cards/search", "/api/cards/manifest", "/api/cards/multiverse/{id}"} <= paths, paths
    for path, method, params, ints in routes:
        for huge in HUGE:
            url, query = path, {}
            for p in params:
                name = p["name"]
                value = huge if name in ints else fill.get(name, "x")
                if p["in"] == "path":
                    if name == "token":
                        value = deck.token if "/decks/" in path else card_list.token
                    url = url.replace("{" + name + "}", str(value))
                elif name in ints or p.get("required"):
                    query[name] = value
            headers = {"Authorization": f"Bearer {secret}"}
            if method == "get":
                r = client.get(url, query, headers=headers)
            else:
                r = getattr(client, method)(
                    url + "?" + "&".join(f"{k}={v}" for k, v in query.items()),
                    json.dumps({}),
                    content_type="application/json",
                    headers=headers,
                )
            # a limit may be capped (200); anything refused is a 4xx error object
            assert r.status_code < 500, (method, url, query, r.status_code, r.content[:200])
            if r.status_code >= 400:
                assert r.json()["object"] == "error", (method, url, query)


@pytest.mark.parametrize("route", ["/api/cards/manifest", "/api/cards/search?q=t:goblin"])
@pytest.mark.parametrize("page", [*HUGE, "0", "-3"])
def test_a_page_out_of_range_is_a_400_or_404_error_object(client, route, page):
    sep = "&" if "?" in route else "?"
    r = client.get(f"{route}{sep}page={page}")
    assert r.status_code in (400, 404), (route, page, r.status_code, r.content[:200])
    assert r.json()["object"] == "error"


# --- smaller differences ---------------------------------------------------------------------------


def test_similar_cards_of_an_unknown_card_is_a_404(client):
    """scryfall.com/docs/api/errors: a failure to find what was asked is an error object."""
    body = get(client, "/api/cards/00000000-0000-0000-0000-000000000000/similar", 404)
    assert (body["object"], body["code"]) == ("error", "not_found")
    bolt = get(client, "/api/cards/named", exact="Lightning Bolt")
    assert get(client, f"/api/cards/{bolt['oracle_id']}/similar")["object"] == "list"
    assert get(client, f"/api/cards/{bolt['id']}/similar")["object"] == "list"  # by its printing id too


def test_bulk_file_size_is_the_bytes_of_the_file_served(client):
    """scryfall.com/docs/api/bulk-data: `size` is "the size of this file in integer bytes"; the file is
    served gzip-encoded (content_encoding), so its bytes are those of the decoded JSON."""

    entries = get(client, "/api/bulk-data")["data"]
    assert {e["type"] for e in entries} >= {"oracle_cards", "rulings"}
    for entry in entries:
        r = client.get(entry["download_uri"].split("testserver", 1)[-1])
        assert r.status_code == 200
        raw = b"".join(r.streaming_content)
        assert len(gzip.decompress(raw)) == entry["size"], entry["type"]
        assert len(raw) == entry["compressed_size"], entry["type"]


def test_oracletag_is_otag(client):
    """scryfall.com/docs/syntax: "oracletag:" (short form otag:) searches Tagger's oracle tags."""
    otag = get(client, "/api/cards/search", q="otag:removal")
    assert otag["total_cards"] > 0
    assert get(client, "/api/cards/search", q="oracletag:removal")["total_cards"] == otag["total_cards"]


def test_contract_tests_fail_without_the_dev_extra_instead_of_skipping():
    """make test always installs the dev extra, so a client missing is a failure, never a silent skip."""

    root = Path(__file__).resolve().parents[2]
    for module, name in (("scrython", "test_scrython.py"), ("aioscryfall", "test_aioscryfall.py")):
        # None in sys.modules: importing the client raises ModuleNotFoundError, as if it were not installed
        code = (
            f"import sys; sys.modules[{module!r}] = None; import pytest; "
            f"sys.exit(pytest.main(['--collect-only', '-q', '-p', 'no:cacheprovider', 'tests/contract/{name}']))"
        )
        run = subprocess.run(
            [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=300, check=False
        )
        out = run.stdout + run.stderr
        assert run.returncode not in (0, 5), (name, run.returncode, out[-800:])
        assert "skipped" not in out and "dev extra" in out, (name, out[-800:])


# --- scryfall.com/docs/api/catalogs ---------------------------------------------------------------
# artifact-types, enchantment-types, land-types, spell-types …: "all artifact types in Scryfall's
# database" — the subtypes of that kind (CR 205.3g artifact, 205.3h enchantment, 205.3i land, 205.3j
# planeswalker, 205.3k spell, 205.3m creature types) that cards carry. Flavor words (CR 207.2d) are
# the italic words before an ability that are neither ability words (207.2c) nor keywords; Saga
# chapter numbers are neither. Scryfall writes apostrophes straight (Urza's, Council's dilemma), as
# its card objects do (tests/fixtures/scryfall: "can't").

# the lists of CR 205.3g, 205.3h, 205.3i and 205.3k (MagicCompRules-20260227.txt), as written there
CR_ARTIFACT = set(
    [
        "Attraction",
        "Blood",
        "Bobblehead",
        "Clue",
        "Contraption",
        "Equipment",
        "Food",
        "Fortification",
        "Gold",
        "Incubator",
        "Infinity",
        "Junk",
        "Lander",
        "Map",
        "Mutagen",
        "Powerstone",
        "Spacecraft",
        "Stone",
        "Treasure",
        "Vehicle",
    ]
)
CR_ENCHANTMENT = set(
    ["Aura", "Background", "Cartouche", "Case", "Class", "Curse", "Role", "Room", "Rune", "Saga", "Shard", "Shrine"]
)
CR_LAND = set(
    [
        "Cave",
        "Desert",
        "Forest",
        "Gate",
        "Island",
        "Lair",
        "Locus",
        "Mine",
        "Mountain",
        "Plains",
        "Planet",
        "Power-Plant",
        "Sphere",
        "Swamp",
        "Tower",
        "Town",
    ]
) | {"Urza's"}
CR_SPELL = {"Adventure", "Arcane", "Lesson", "Omen", "Trap"}


def _catalog(client, name):
    body = get(client, f"/api/catalog/{name}")
    assert body["object"] == "catalog" and body["total_values"] == len(body["data"])
    return body["data"]


@pytest.mark.parametrize(
    ("name", "kind", "cr", "wrong"),
    [
        ("artifact-types", "Artifact", CR_ARTIFACT, {"Ape", "Bird", "Elf"}),
        ("enchantment-types", "Enchantment", CR_ENCHANTMENT, {"Centaur", "Druid", "God", "Human", "Urza's"}),
        ("land-types", "Land", CR_LAND, {"Dryad", "Saga"}),
        ("spell-types", "Instant Sorcery", CR_SPELL, {"Rogue", "Shapeshifter"}),
    ],
)
def test_subtype_catalogs_hold_the_rules_types_that_cards_carry(client, sample, name, kind, cr, wrong):
    values = set(_catalog(client, name))
    assert values and values <= cr, values - cr
    assert not values & wrong
    on_cards = {
        t.replace("\u2019", "'")
        for card in sample.cards.values()
        for face in card.faces
        if set(kind.split()) & set(face.types)
        for t in face.subtypes
    }
    assert values == on_cards & cr, (on_cards & cr) ^ values


def test_creature_and_planeswalker_types_leave_out_other_kinds(client):
    assert "Forest" not in _catalog(client, "creature-types")  # Dryad Arbor: Land Creature — Forest Dryad
    assert "Dryad" in _catalog(client, "creature-types")
    assert {"Jace", "Chandra"} <= set(_catalog(client, "planeswalker-types"))


def test_flavor_words_are_not_chapters_keywords_or_ability_words(client):
    flavor = set(_catalog(client, "flavor-words"))
    assert not flavor & {"I", "II", "III", "I, II", "II, III", "Boast", "Companion", "Forecast"}
    assert not any("dilemma" in w.lower() for w in flavor)
    assert {"Wild Magic Surge", "Hero's Reward"} <= flavor  # AFR and Alchemy flavor words on sample cards
    ability = _catalog(client, "ability-words")
    assert "Council's dilemma" in ability and "Landfall" in ability
    for name in ("ability-words", "land-types", "flavor-words", "keyword-abilities"):
        assert not any("\u2019" in v for v in _catalog(client, name)), name


# --- scryfall.com/docs/api/sets -------------------------------------------------------------------
# `block_code`: "The block code for this set, if any" (the block of Khans of Tarkir is ktk: the code of
# its first set); `arena_code`: "The unique code for this set on MTG Arena, which may differ from the
# regular code" (Dominaria is DAR on Arena).


def test_sets_carry_their_block_code(client):
    sets = {s["code"]: s for s in get(client, "/api/sets")["data"]}
    for code in ("ktk", "frf", "pktk"):
        assert (sets[code]["block"], sets[code]["block_code"]) == ("Khans of Tarkir", "ktk"), code
    # the first set of the block, not a promo set released days before it (pisd, 2011-09-24, parent isd)
    assert sets["pisd"]["block_code"] == sets["avr"]["block_code"] == "isd"
    assert sets["tsb"]["block_code"] == "tsp"  # Time Spiral Timeshifted is a part of Time Spiral
    assert "block_code" not in sets["znr"] and "block" not in sets["znr"]
    assert get(client, "/api/sets/frf")["block_code"] == "ktk"


def test_sets_on_arena_carry_their_arena_code(client):
    sets = {s["code"]: s for s in get(client, "/api/sets")["data"]}
    assert sets["dom"]["arena_code"] == "dar"  # the data's mtgoCode, used by Arena too (tolaria.decks)
    assert sets["war"]["arena_code"] == "war"
    assert "arena_code" not in sets["ktk"] and "arena_code" not in sets["lea"]  # no card of them on Arena
    assert get(client, "/api/sets/dom")["arena_code"] == "dar"


# --- the OpenAPI document says what the routes answer ---------------------------------------------
# A client generated from /api/openapi.json decodes each answer by the schema its route names for the
# status: each real answer below is checked against that schema (scryfall.com/docs/api/lists for the
# list object, /errors for the error object, /sets, /catalogs).


def _resolve(spec, schema):
    while "$ref" in schema:
        schema = spec["components"]["schemas"][schema["$ref"].rsplit("/", 1)[-1]]
    return schema


JSON_TYPES = {"object": dict, "array": list, "string": str, "boolean": bool, "null": type(None)}


def _check(spec, schema, value, where="$"):  # noqa: C901  one branch per JSON Schema keyword it checks
    """The subset of JSON Schema pydantic writes: $ref, anyOf, type, const, enum, properties, required,
    items, additionalProperties. Returns the problems found."""
    schema = _resolve(spec, schema)
    if "anyOf" in schema:
        options = [_check(spec, s, value, where) for s in schema["anyOf"]]
        return [] if any(not o for o in options) else [f"{where}: fits none of anyOf ({options})"]
    problems = []
    kind = schema.get("type")
    if kind == "integer":
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif kind == "number":
        ok = isinstance(value, int | float) and not isinstance(value, bool)
    else:
        ok = kind is None or isinstance(value, JSON_TYPES[kind])
    if not ok:
        return [f"{where}: {type(value).__name__} where the schema says {kind}"]
    if "const" in schema and value != schema["const"]:
        problems.append(f"{where}: {value!r} is not {schema['const']!r}")
    if "enum" in schema and value not in schema["enum"]:
        problems.append(f"{where}: {value!r} is not one of {schema['enum']}")
    if isinstance(value, dict):
        for key in schema.get("required", []):
            if key not in value:
                problems.append(f"{where}: no {key!r}")
        for key, sub in schema.get("properties", {}).items():
            if key in value:
                problems += _check(spec, sub, value[key], f"{where}.{key}")
        if schema.get("additionalProperties") is False:
            problems += [f"{where}: {k!r} is not in the schema" for k in value if k not in schema["properties"]]
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value[:50]):
            problems += _check(spec, schema["items"], item, f"{where}[{i}]")
    return problems


def _documented(spec, path, method, status):
    op = spec["paths"][path][method]
    response = op["responses"].get(str(status))
    assert response is not None, (path, method, status, "the status is not documented")
    return response["content"]["application/json"]["schema"]


def test_every_route_answers_what_the_openapi_document_says(client, django_user_model):
    spec = get(client, "/api/openapi.json")
    assert _documented(spec, "/api/cards/search", "get", 200)["$ref"].endswith("/ScryfallListOut")
    assert "token" not in _resolve(spec, _documented(spec, "/api/cards/search", "get", 200))["properties"]
    user = django_user_model.objects.create_user("spec", "spec@example.com", "a long pass phrase 12")
    _, secret = ApiToken.issue(user, "test")
    auth = {"Authorization": f"Bearer {secret}"}
    bolt = get(client, "/api/cards/named", exact="Lightning Bolt")
    checks = [
        ("/api/cards/search", "get", {"q": "t:goblin"}, 200),
        ("/api/cards/search", "get", {"q": "t:"}, 400),
        ("/api/cards/search", "get", {"q": "t:nosuchtype"}, 404),
        ("/api/cards/named", "get", {"exact": "Lightning Bolt"}, 200),
        ("/api/cards/manifest", "get", {}, 200),
        ("/api/sets", "get", {}, 200),
        ("/api/sets/{code}", "get", {"code": "ktk"}, 200),
        ("/api/sets/{code}", "get", {"code": "nosuchset"}, 404),
        ("/api/catalog/{name}", "get", {"name": "land-types"}, 200),
        ("/api/symbology/parse-mana", "get", {"cost": "2GG"}, 200),
        ("/api/bulk-data", "get", {}, 200),
        ("/api/migrations", "get", {}, 200),
        ("/api/migrations/{id}", "get", {"id": "x"}, 404),
        ("/api/cards/{id}/rulings", "get", {"id": bolt["id"]}, 200),
        ("/api/lists/{token}", "get", {"token": "nosuchlist"}, 404),
        ("/api/decks/{token}", "get", {"token": "nosuchdeck"}, 404),
    ]
    for path, method, params, status in checks:
        url, query = path, {}
        for key, value in params.items():
            if "{" + key + "}" in url:
                url = url.replace("{" + key + "}", value)
            else:
                query[key] = value
        r = client.get(url, query, headers=auth)
        assert r.status_code == status, (url, query, r.status_code, r.content[:200])
        problems = _check(spec, _documented(spec, path, method, status), r.json())
        assert not problems, (url, problems[:5])
    collection = client.post(
        "/api/cards/collection",
        json.dumps({"identifiers": [{"name": "Lightning Bolt"}, {"name": "No Such Card"}]}),
        content_type="application/json",
    )
    assert collection.status_code == 200
    problems = _check(spec, _documented(spec, "/api/cards/collection", "post", 200), collection.json())
    assert not problems, problems[:5]
    bad_list = client.post("/api/lists", json.dumps({}), content_type="application/json", headers=auth)
    assert bad_list.status_code == 400
    assert not _check(spec, _documented(spec, "/api/lists", "post", 400), bad_list.json())
    # the migrations route documents its 200 too
    assert _documented(spec, "/api/migrations/{id}", "get", 200)["$ref"].endswith("/MigrationOut")
