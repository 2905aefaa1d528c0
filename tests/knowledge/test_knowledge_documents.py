from tolaria.knowledge import KnowledgeIndex, documents_from


def test_rule_documents_hold_subrules_and_examples(rulebook):
    docs = {d.id: d for d in documents_from(rulebook, None)}
    trample = docs["rule:702.19"]
    assert trample.kind == "rule" and trample.ref == "702.19"
    assert trample.title.endswith("Trample")
    assert "702.19b" in trample.text and "Example: A 2/2 creature" in trample.text
    sub = docs["rule:702.19c"]
    assert sub.text.startswith("Trample over planeswalkers is a variant of trample")
    assert "Trample" in sub.title  # subrules carry their rule's heading
    assert docs["rule:111.4"].text.startswith("A spell or ability that creates a token")
    assert docs["rule:702"].title == "702. Keyword Abilities"


def test_glossary_documents(rulebook):
    docs = {d.id: d for d in documents_from(rulebook, None)}
    entry = docs["glossary:trample"]
    assert entry.kind == "glossary" and entry.ref == "Trample" and "702.19" in entry.text


def test_card_and_ruling_documents(death_ray):
    card = death_ray
    docs = documents_from(None, {card.oracle_id: card})
    assert [d.kind for d in docs] == ["ruling"] * 4 + ["card"]  # kind by kind, in KINDS order
    assert docs[-1].title == "Super-Duper Death Ray" and docs[-1].text.startswith("Instant\nTrample")
    assert all(d.ref == card.oracle_id and d.title == card.name for d in docs)
    assert len({d.id for d in docs}) == 5


def test_content_hash_follows_text(tiny_documents):
    a, b = tiny_documents[0], tiny_documents[1]
    assert a.content_hash != b.content_hash
    assert a.content_hash == type(a)(a.id + "x", a.kind, a.title, a.text, a.ref).content_hash


def test_an_index_ranks_one_kind_over_its_own_rows(rulebook, death_ray):
    docs = documents_from(rulebook, {death_ray.oracle_id: death_ray})
    kinds = [d.kind for d in docs]
    assert kinds == sorted(kinds, key=("rule", "glossary", "ruling", "card").index)
    index = KnowledgeIndex.build(docs, embedder=None)
    only_rulings = index.search("trample damage", k=10, kinds=["ruling"])
    assert only_rulings and {h.document.kind for h in only_rulings} == {"ruling"}
    assert {h.document.kind for h in index.search("Super-Duper Death Ray", k=3, kinds=["card"])} == {"card"}
