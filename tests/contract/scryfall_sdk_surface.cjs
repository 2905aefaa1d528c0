// scryfall-sdk (npm), its whole public surface, against the Tolaria at TOLARIA_URL. Prints one JSON
// object: call name -> {ok, detail}. Run by test_scryfall_sdk.py.
//
// How it is pointed at Tolaria: the SDK sends every request with the global fetch() to
// "https://api.scryfall.com/…" (and bulk downloads to the download_uri Tolaria gives). This script
// wraps globalThis.fetch so that prefix goes to TOLARIA_URL + "/api/"; the SDK's code is not touched.
"use strict";

const base = process.env.TOLARIA_URL;
const realFetch = globalThis.fetch;
globalThis.fetch = (url, options) => {
  const text = String(url);
  const prefix = "https://api.scryfall.com/";
  return realFetch(text.startsWith(prefix) ? `${base}/api/${text.slice(prefix.length)}` : text, options);
};

const Scry = require("scryfall-sdk");
const known = JSON.parse(process.env.TOLARIA_KNOWN);
const results = {};

async function call(name, fn) {
  try {
    const detail = await fn();
    results[name] = { ok: true, detail };
  } catch (err) {
    results[name] = { ok: false, detail: String((err && err.stack) || err) };
  }
}

function expect(condition, what) {
  if (!condition) throw new Error(`expected ${what}`);
}

async function main() {
  Scry.setTimeout(0); // the SDK waits 50-100 ms between requests by default; nothing to be polite to here
  const arbor = known.arbor;
  await call("Cards.byName", async () => {
    const c = await Scry.Cards.byName("Lightning Bolt");
    expect(c.name === "Lightning Bolt", "Lightning Bolt");
    return c.name;
  });
  await call("Cards.byName fuzzy", async () => (await Scry.Cards.byName("light bolt", true)).name);
  await call("Cards.byName set", async () => {
    const c = await Scry.Cards.byName("Lightning Bolt", "2ed");
    expect(c.set === "2ed", "the 2ed printing");
    return c.set;
  });
  await call("Cards.byId", async () => (await Scry.Cards.byId(known.bolt.id)).name);
  await call("Cards.bySet", async () => {
    const c = await Scry.Cards.bySet("tsr", 277);
    expect(c.name === "Dryad Arbor", "Dryad Arbor");
    return c.name;
  });
  await call("Cards.bySet lang", async () => (await Scry.Cards.bySet("tsr", 277, "en")).name);
  await call("Cards.byMultiverseId", async () => (await Scry.Cards.byMultiverseId(arbor.multiverse_ids[0])).name);
  await call("Cards.byMtgoId", async () => (await Scry.Cards.byMtgoId(known.on_mtgo.mtgo_id)).id);
  await call("Cards.byArenaId", async () => (await Scry.Cards.byArenaId(known.on_arena.arena_id)).id);
  await call("Cards.byTcgPlayerId", async () => (await Scry.Cards.byTcgPlayerId(arbor.tcgplayer_id)).name);
  await call("Cards.byCardmarketId", async () => (await Scry.Cards.byCardmarketId(arbor.cardmarket_id)).name);
  await call("Cards.random", async () => (await Scry.Cards.random("t:goblin")).type_line);
  await call("Cards.search", async () => {
    const cards = await Scry.Cards.search("t:creature", { unique: "prints" }).waitForAll();
    expect(cards.length > 175, "more than one page");
    return cards.length;
  });
  await call("Cards.autoCompleteName", async () => {
    const names = await Scry.Cards.autoCompleteName("lightn");
    expect(names.includes("Lightning Bolt"), "Lightning Bolt among the names");
    return names.length;
  });
  await call("Cards.collection", async () => {
    const cards = await Scry.Cards.collection(
      Scry.CardIdentifier.byId(arbor.id),
      Scry.CardIdentifier.byName("Lightning Bolt"),
      Scry.CardIdentifier.bySet("tsr", "277"),
      Scry.CardIdentifier.byName("No Such Card At All"),
    ).waitForAll();
    expect(cards.length === 3 && cards.not_found.length === 1, "three found, one not found");
    return cards.map((c) => c.name);
  });
  const bolt = await Scry.Cards.byId(known.bolt.id);
  await call("Card.getSet", async () => (await bolt.getSet()).code);
  await call("Card.getRulings", async () => (await bolt.getRulings()).length);
  await call("Card.getPrints", async () => {
    const prints = await bolt.getPrints();
    expect(prints.length > 1, "several printings of Lightning Bolt");
    return prints.length;
  });
  await call("Card.getTokens", async () => bolt.getTokens().length);
  await call("Card.isLegal", async () => {
    expect(bolt.isLegal("vintage") && !bolt.isIllegal("vintage"), "Lightning Bolt legal in vintage");
    return true;
  });
  await call("Card.getText", async () => bolt.getText());
  await call("Card.getCost", async () => bolt.getCost());
  await call("Card.getImageURI", async () => {
    // the image is linked from its Scryfall id; MTGJSON does not say how good it is: not claimed highres
    const uri = String(bolt.getFrontImageURI("normal"));
    expect(uri === `https://cards.scryfall.io/normal/front/${bolt.id[0]}/${bolt.id[1]}/${bolt.id}.jpg`, "front image URI");
    expect(bolt.image_status === "lowres" && bolt.highres_image === false, "image_status lowres, not highres");
    return uri;
  });
  const chandra = await Scry.Cards.byId(known.chandra.id);
  await call("CardFace.getText", async () => chandra.card_faces.map((f) => f.getText()));
  await call("Sets.all", async () => (await Scry.Sets.all()).length);
  await call("Sets.byCode", async () => (await Scry.Sets.byCode("dmu")).name);
  await call("Sets.byId", async () => (await Scry.Sets.byId((await Scry.Sets.byCode("dmu")).id)).code);
  await call("Sets.byTcgPlayerId", async () => (await Scry.Sets.byTcgPlayerId(known.set_with_tcgplayer.tcgplayer_id)).code);
  await call("Sets.byName", async () => (await Scry.Sets.byName("Dominaria United")).code);
  await call("Set.getCards", async () => {
    const cards = await (await Scry.Sets.byCode("dmu")).getCards();
    expect(cards.length > 0 && cards.every((c) => c.set === "dmu"), "DMU's cards");
    return cards.length;
  });
  await call("Set.search", async () => (await (await Scry.Sets.byCode("dmu")).search("t:creature")).length);
  const infiltrator = await Scry.Cards.byName("Harvesttide Infiltrator");
  await call("Rulings.byId", async () => (await Scry.Rulings.byId(infiltrator.id)).length);
  await call("Rulings.bySet", async () => (await Scry.Rulings.bySet(infiltrator.set, infiltrator.collector_number)).length);
  await call("Rulings.byMultiverseId", async () => (await Scry.Rulings.byMultiverseId(arbor.multiverse_ids[0])).length);
  await call("Rulings.byMtgoId", async () => (await Scry.Rulings.byMtgoId(known.on_mtgo.mtgo_id)).length);
  await call("Rulings.byArenaId", async () => (await Scry.Rulings.byArenaId(known.on_arena.arena_id)).length);
  await call("Symbology.all", async () => (await Scry.Symbology.all()).length);
  await call("Symbology.parseMana", async () => {
    const cost = await Scry.Symbology.parseMana("2GG");
    expect(cost.cmc === 4, "mana value 4");
    return cost.cost;
  });
  for (const name of [
    "cardNames", "artistNames", "wordBank", "creatureTypes", "planeswalkerTypes", "landTypes",
    "artifactTypes", "enchantmentTypes", "spellTypes", "powers", "toughnesses", "loyalties",
    "watermarks", "keywordAbilities", "keywordActions", "abilityWords", "supertypes",
  ]) {
    await call(`Catalog.${name}`, async () => {
      const values = await Scry.Catalog[name]();
      expect(Array.isArray(values), "a list");
      return values.length;
    });
  }
  await call("BulkData.definitions", async () => (await Scry.BulkData.definitions()).map((d) => d.type));
  await call("BulkData.definitionByType", async () => (await Scry.BulkData.definitionByType("rulings")).type);
  await call("BulkData.definitionById", async () => {
    const rulings = await Scry.BulkData.definitionByType("rulings");
    return (await Scry.BulkData.definitionById(rulings.id)).type;
  });
  await call("BulkData.downloadByType", async () => {
    const stream = await Scry.BulkData.downloadByType("rulings", 0);
    expect(stream, "a stream");
    const text = await new Response(stream).text();
    expect(JSON.parse(text)[0].object === "ruling", "rulings");
    return text.length;
  });
  await call("BulkData.downloadById", async () => {
    const rulings = await Scry.BulkData.definitionByType("rulings");
    const stream = await Scry.BulkData.downloadById(rulings.id, 0);
    expect(stream, "a stream");
    return (await new Response(stream).text()).length;
  });
  await call("Migrations.all", async () => (await Scry.Migrations.all().waitForAll()).length);
  await call("Migrations.byId", async () => {
    try {
      await Scry.Migrations.byId("00000000-0000-0000-0000-000000000000");
    } catch (err) {
      expect(err.code === "not_found", "Scryfall's not_found error");
      return err.code;
    }
    throw new Error("expected a not_found error");
  });
  await call("error object", async () => {
    try {
      await Scry.Cards.byName("No Such Card At All");
    } catch (err) {
      expect(err.status === 404 && err.object === "error", "Scryfall's error object");
      return err.code;
    }
    throw new Error("expected an error");
  });
  // exit when written: the SDK's open connections would keep node running
  process.stdout.write(JSON.stringify(results), () => process.exit(0));
}

main().catch((err) => {
  const report = { ...results, "the script": { ok: false, detail: String(err.stack || err) } };
  process.stdout.write(JSON.stringify(report), () => process.exit(0));
});
