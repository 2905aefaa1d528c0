"""The hand-checked gold set: extracted-tag precision and recall (the issue asks >= 97% / >= 95%)."""

from tolaria.tags import default_taxonomy
from tolaria.tags._eval import evaluate_gold


def test_gold_set_is_large_and_covers_every_group_and_kind(gold_entries):
    assert len(gold_entries) >= 300
    assert len({e["name"] for e in gold_entries}) == len(gold_entries)
    tax = default_taxonomy()
    used = {t for e in gold_entries for t in e["expected_extracted"] + e.get("expected_also", [])}
    groups = {tax.get(t).group for t in used}
    kinds = {tax.get(t).kind for t in used}
    assert groups >= set(tax.groups) - {"Predicted tags"}
    assert kinds >= {"attribute", "extracted", "inferred"}
    for e in gold_entries:
        assert e["oracle_text"] is not None and e["type_line"] and "faces" in e


def test_extracted_precision_and_recall_on_gold(gold_entries):
    report = evaluate_gold(gold_entries)
    assert report.precision >= 0.97, report.extras[:30]
    assert report.recall >= 0.95, report.misses[:30]
