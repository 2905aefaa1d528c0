"""Tagging the shipped sample, and (make test-full) keyword agreement with MTGJSON on the full data."""

import pytest

from tolaria.cards import read_mtgjson
from tolaria.tags import Tagger, facets_for
from tolaria.tags._eval import keyword_agreement


def test_every_sample_card_is_tagged(sample):
    tagger = Tagger()
    tags = tagger.tag_many(sample.cards.values())
    assert len(tags) == len(sample.cards)
    for oid, ts in tags.items():
        assert any(t.id.startswith("mv:") for t in ts), oid
        assert len({t.id for t in ts}) == len(ts)
    facets = facets_for(tags)
    assert len(facets["tag"]) == len(sample.cards)


def test_keyword_tags_agree_with_the_sample_keywords(sample):
    report = keyword_agreement(sample.cards.values())
    assert report.rate >= 0.99, (report.misses.most_common(10), report.extras.most_common(10))


@pytest.mark.full
def test_keyword_tags_agree_with_mtgjson_on_the_full_data(shared_data):
    corpus = read_mtgjson(shared_data / "mtgjson" / "AllPrintings-5.2.0+20220425.json.xz")
    report = keyword_agreement(corpus.cards.values())
    assert report.rate >= 0.995, (
        report.cards - report.agreeing,
        report.misses.most_common(20),
        report.extras.most_common(20),
    )
