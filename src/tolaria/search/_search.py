"""search(): parse, compile, evaluate, dedupe, order and paginate."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ._ast import Exact, Node, Term
from ._compile import Compiled, asks_languages, compile_query, eval_lingual, eval_mask, explain_node, has_family
from ._context import SearchContext
from ._errors import MAX_QUERY_LENGTH, NoMatch, QueryError, QueryTooLong
from ._facts import facts_of, gap_warnings
from ._fields import Ignored
from ._fields.flags import IsFamily
from ._fields.text import ExactName, NameFamily
from ._parser import parse
from ._reference import wants_extras
from ._request import ALL_IGNORED, NOT_FOUND, SearchRequest

if TYPE_CHECKING:
    from ._index import CardIndex, LingualRows

# orders Scryfall documents whose values the data does not carry (MTGJSON has no Penny Dreadful rank):
# accepted, sorted by name, with a warning that says so
UNRANKED = {"penny": "Penny Dreadful ranks"}
DEFAULT_DIRECTION = {"released": "desc", "rarity": "desc", "usd": "asc", "eur": "asc", "tix": "asc", "edhrec": "asc"}
UNIQUES = ("cards", "prints", "art")
Rows = npt.NDArray[np.intp]  # row numbers of printings in the index


@dataclass
class SearchResult:
    query: str
    total: int  # number of results (cards, prints or artworks, per `unique`) before pagination
    printing_ids: list[str]  # this page, in order
    oracle_ids: list[str]  # the cards of printing_ids, same order
    page: int
    page_size: int
    has_more: bool
    warnings: list[str] = field(default_factory=list)
    explanation: str = ""
    all_ignored: bool = False  # the query had conditions and every one was ignored (Scryfall: a 400)
    order: str = "name"
    direction: str = "asc"
    unique: str = "cards"


def explain(query: str, index: CardIndex | None = None) -> str:
    """The query in plain words: "cards that are creatures and whose oracle text contains 'trample' …"."""

    tree = parse(query)
    ctx = index.context() if index is not None else SearchContext.without_corpus()
    compiled = compile_query(tree, ctx, lenient=index is None)
    if compiled.root is None:
        return "all cards" if compiled.only_meta else "no cards (every term was ignored)"
    return "cards " + explain_node(compiled.root)


def matching(compiled: Compiled, index: CardIndex) -> npt.NDArray[np.bool_]:
    """The printings (a row mask) a compiled query matches: the extras (tokens, emblems) only with
    include:extras (wants_extras), as Reference.evaluate answers the same query."""
    if compiled.root is None:
        mask = np.full(index.n_printings, compiled.only_meta)
    else:
        mask = eval_mask(compiled.root, index)
    if not wants_extras(compiled):
        mask = mask & ~index.extra
    return mask


def matching_lingual(compiled: Compiled, index: CardIndex, *, multilingual: bool = False) -> np.ndarray | None:
    """The rows of the printings in every language a compiled query matches (over index.lingual()),
    or None when the query needs the English printings only.

    As Scryfall's search: printings in other languages are searched when the query has a lang: term
    (or new:language) or the caller asks for every language (the API's include_multilingual); then
    every matching printing is an answer. Else the English printings are searched first, and only
    when none matches does a query with a name term search the printed names in other languages
    ("Blitzschlag" finds Lightning Bolt's German printings; "goblin" finds English goblins only)."""
    masks = _lingual_masks(compiled, index, multilingual=multilingual)
    return None if masks is None else np.concatenate(masks)


def _lingual_masks(
    compiled: Compiled, index: CardIndex, *, multilingual: bool, english: npt.NDArray[np.bool_] | None = None
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]] | None:
    """(English rows, rows in other languages) as matching_lingual answers them, or None when the
    English rows alone answer (``english``: their mask, when the caller has computed it)."""
    if not index.n_foreign:
        return None
    root = compiled.root
    every = multilingual or asks_languages(root)
    if not every:
        if not has_family(root, NameFamily):
            return None
        # English first: the 280,000 printed names in other languages are searched only when no
        # English printing answers (a plain word never costs that scan when it finds cards)
        if english is None:
            english = matching(compiled, index)
        if english.any():
            return None
    if root is None:
        en = np.full(index.n_printings, compiled.only_meta)
        fo = np.full(index.n_foreign, compiled.only_meta)
    else:
        en, fo = eval_lingual(root, index)
    if not wants_extras(compiled):
        en &= ~index.extra
        fo &= ~index.lingual().extra[index.n_printings :]
    return en, fo


def search(index: CardIndex, request: SearchRequest | str, *, prefer: str = "default", **options: Any) -> SearchResult:
    """The page of results a SearchRequest asks for (a query alone: with every default; ``options``
    are then the request's other fields, ``search(index, "t:elf", page=2)``). ``prefer``: which
    printing stands for a card (the prefer: keyword's values)."""
    if isinstance(request, str):
        request = SearchRequest(request, **options)
    elif options:
        raise TypeError("give the options in the SearchRequest, not beside it")
    query, unique, order, direction = request.query, request.unique, request.sort_order, request.direction
    page, page_size, user_lists, multilingual = (
        request.page,
        request.page_size,
        request.user_lists,
        request.multilingual,
    )
    tree = parse(query)
    table = None if multilingual else _from_table(index, tree)
    compiled = Compiled(None) if table is not None else compile_query(tree, index.context(user_lists))
    meta = compiled.meta
    unique = meta.get("unique", unique)
    order = meta.get("order", order)
    direction = meta.get("dir", direction)
    prefer = meta.get("prefer", prefer)
    if unique not in UNIQUES:
        unique = "cards"
    if order not in index.order:
        missing = UNRANKED.get(order)
        compiled.warnings.append(
            f"the data has no {missing} (order {order!r}): sorted by name"
            if missing
            else f"unknown order {order!r}: sorted by name"
        )
        order = "name"
    if direction == "auto" or direction not in ("asc", "desc"):
        direction = DEFAULT_DIRECTION.get(order, "asc")

    rows_of: CardIndex | LingualRows = index
    if table is not None:
        rows, explanation = table
    else:
        rows, rows_of, explanation = _evaluate(compiled, index, multilingual=multilingual)
    if unique != "prints" and len(rows):
        rows = _dedupe(rows_of, rows, unique, prefer)
    rows = _sort(rows_of, rows, order, direction)
    total = len(rows)
    page = max(1, int(page))
    page_size = max(1, min(int(page_size), 5000))
    start = (page - 1) * page_size
    page_rows = rows[start : start + page_size].tolist()
    pids = rows_of.printing_ids
    oids = index.oracle_ids
    card_of = rows_of.card_of
    return SearchResult(
        query=query,
        total=total,
        printing_ids=[pids[r] for r in page_rows],
        oracle_ids=[oids[card_of[r]] for r in page_rows],
        page=page,
        page_size=page_size,
        has_more=start + page_size < total,
        warnings=compiled.warnings,
        explanation=explanation,
        all_ignored=table is None and compiled.root is None and not compiled.only_meta,
        order=order,
        direction=direction,
        unique=unique,
    )


def _evaluate(compiled: Compiled, index: CardIndex, *, multilingual: bool) -> tuple[Rows, CardIndex | LingualRows, str]:
    """(the matching rows, the rows they index: the English printings' or every language's, the
    explanation) of a compiled query."""
    every = multilingual or asks_languages(compiled.root)
    english = None if every else matching(compiled, index)
    masks = _lingual_masks(compiled, index, multilingual=multilingual, english=english)
    rows_of: CardIndex | LingualRows = index
    if masks is None:
        mask = english if english is not None else matching(compiled, index)
    elif not masks[1].any():  # no printing in another language answers: the English rows' fast path
        mask = masks[0]
    else:
        mask, rows_of = np.concatenate(masks), index.lingual()
    if compiled.root is None:
        explanation = "all cards" if compiled.only_meta else "no cards (every term was ignored)"
    else:
        explanation = "cards " + explain_node(compiled.root)
    return np.flatnonzero(mask), rows_of, explanation


_TABLE_SIZE = 4096  # answers kept per index (exact names typed by players are many; each is small)


def _from_table(index: CardIndex, tree: Node) -> tuple[Rows, str] | None:
    """A lone exact name (``!fire``, ``!"Lightning Bolt"``) or ``is:`` card list (``is:fastland``),
    answered from the tables built with the index (the card names, the rare flags' printing rows)
    without compiling or evaluating a mask over every printing; None for any other query.
    The answer is the one the compiled query gives (English printings, extras left out)."""
    key: tuple[str, str]
    if isinstance(tree, Exact):
        key = ("!", tree.value)
    elif isinstance(tree, Term) and tree.keyword == "is" and tree.op in (":", "=") and tree.kind == "text":
        key = ("is", tree.value)
    else:
        return None
    answers: dict[tuple[str, str], tuple[Rows, str] | None] = index.__dict__.setdefault("_answers", {})
    if key in answers:
        return answers[key]
    answer = _table_answer(index, key)
    if len(answers) >= _TABLE_SIZE:
        answers.clear()
    answers[key] = answer
    return answer


def _table_answer(index: CardIndex, key: tuple[str, str]) -> tuple[Rows, str] | None:
    ctx = index.context()
    if key[0] == "!":
        leaf: ExactName | IsFamily = ExactName("!", ":", key[1], "text", ctx)
        cards = np.asarray(sorted(index.cols["names"].cards_named(key[1])), np.intp)
        starts = np.searchsorted(index.card_of, cards)
        ends = np.searchsorted(index.card_of, cards, side="right")
        spans = [np.arange(a, b) for a, b in zip(starts.tolist(), ends.tolist())]
        rows = np.concatenate(spans) if spans else np.zeros(0, np.intp)
    else:
        try:
            leaf = IsFamily("is", ":", key[1], "text", ctx)
        except Ignored:  # an unknown flag: the compiled path words the warning
            return None
        found = index.cols.get("is_card_rows", {}).get(leaf.flag)
        if found is None:  # a common flag: a mask over the printings is no dearer than the rows
            return None
        rows = np.asarray(found)
    rows = rows.astype(np.intp)
    rows = rows[~index.extra[rows]]
    rows.setflags(write=False)
    return rows, "cards " + leaf.explain()


def find_cards(index: CardIndex, request: SearchRequest) -> SearchResult:
    """The page of cards a request asks for, with a warning for each term the data cannot answer
    (``usd<1`` with no prices); or a QueryError saying why there is none: too long, empty, bad syntax,
    every term ignored, and NoMatch (a QueryError) for no card or a page past the last one."""
    query = request.query
    if len(query) > MAX_QUERY_LENGTH:
        raise QueryTooLong(len(query))
    if not query.strip():
        raise QueryError("the query is empty: give a search like t:creature o:trample")
    result = search(index, request)
    result.warnings.extend(w for w in gap_warnings(query, facts_of(index)) if w not in result.warnings)
    if result.all_ignored:  # scryfall.com/docs/api/errors: its example query, is:slick cmc>cmc
        raise QueryError(ALL_IGNORED, result.warnings)
    if result.total == 0:
        raise NoMatch(NOT_FOUND, result.warnings)
    if not result.printing_ids:
        last = (result.total + result.page_size - 1) // result.page_size
        raise NoMatch(f"page {result.page} is past the last page ({last}) of this search", result.warnings)
    return result


def _preference(index: CardIndex | LingualRows, rows: Rows, prefer: str) -> np.ndarray:
    o = index.order
    if prefer == "oldest":
        return o["released"][rows]
    if prefer == "newest":
        return -o["released"][rows]
    if prefer in ("usd-low", "eur-low", "tix-low"):
        v = o[prefer[:3]][rows]
        return np.where(np.isnan(v), np.inf, v)
    if prefer in ("usd-high", "eur-high", "tix-high"):
        v = o[prefer[:3]][rows]
        return np.where(np.isnan(v), np.inf, -v)
    if prefer == "promo":
        promo_first: np.ndarray = np.where(index.promo[rows], 0.0, 1.0) * 1e9 + index.prefer_default[rows]
        return promo_first
    return index.prefer_default[rows]


def _dedupe(index: CardIndex | LingualRows, rows: Rows, unique: str, prefer: str) -> Rows:
    if unique == "cards" and prefer == "default" and getattr(index, "grouped", True):
        # rows are grouped by card with the preferred printing first: keep the first row of each card
        cards = index.card_of[rows]
        first = np.ones(len(rows), bool)
        first[1:] = cards[1:] != cards[:-1]
        return rows[first]
    group = index.card_of[rows] if unique == "cards" else index.art_id[rows]
    pref = _preference(index, rows, prefer)
    order = np.lexsort((rows, pref, group))
    g = group[order]
    first = np.ones(len(g), bool)
    first[1:] = g[1:] != g[:-1]
    return np.sort(rows[order[first]])


def _sort(index: CardIndex | LingualRows, rows: Rows, order: str, direction: str) -> Rows:
    """Sort rows by the key; ties keep row order (name, then preferred printing); no value sorts last."""
    if len(rows) > 1 and not getattr(index, "grouped", True):  # rows of every language: to name order first
        rows = rows[np.lexsort((index.prefer_default[rows], index.card_of[rows]))]
    if len(rows) < 2 or (order == "name" and direction == "asc"):
        return rows
    if order == "name":
        return rows[np.lexsort((rows, -index.card_of[rows]))]
    key = index.order[order][rows]
    missing = np.isnan(key)
    if direction == "desc":
        key = -key
    key = np.where(missing, np.inf, key)
    return rows[np.argsort(key, kind="stable")]
