"""The home page and a random card."""

from __future__ import annotations

import random

from django.http import HttpResponseRedirect
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from tolaria.site.catalog.repository import random_printing_address
from tolaria.site.stores.figures import corpus_figures

from .. import presenters as p


@require_GET
def home(request):
    counts = corpus_figures()  # counted once per corpus version (the after-ingest pass), never per visit
    ctx = {
        "stats": counts,
        "counts": {k: f"{v:,}" for k, v in counts.items() if isinstance(v, int)},
        # the embedded sample is a few thousand cards, not every Magic card: say so
        "is_sample": "sample" in counts["sources"],
        "rulebook": p.rulebook(),
    }
    return render(request, "web/home.html", ctx)


@require_GET
def random_card(request):
    address = random_printing_address(random.Random())
    if address is None:
        return redirect("web:home")
    return HttpResponseRedirect(p.printing_url(address, address.name))
