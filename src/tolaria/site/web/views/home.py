"""The home page and a random card."""

from __future__ import annotations

import random

from django.http import HttpResponseRedirect
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from tolaria.site.catalog.repository import ingested_from_sample, random_printing_address, stats

from .. import presenters as p


@require_GET
def home(request):
    counts = stats()
    ctx = {
        "stats": counts,
        "counts": {k: f"{v:,}" for k, v in counts.items() if isinstance(v, int)},
        # the embedded sample is a few thousand cards, not every Magic card: say so
        "is_sample": ingested_from_sample(),
        "rulebook": p.rulebook(),
    }
    return render(request, "web/home.html", ctx)


@require_GET
def random_card(request):
    address = random_printing_address(random.Random())
    if address is None:
        return redirect("web:home")
    return HttpResponseRedirect(p.printing_url(address, address.name))
