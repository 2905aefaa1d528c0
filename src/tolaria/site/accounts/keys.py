"""One SECRET_KEY for every machine that serves a database.

Without SECRET_KEY in the environment each data dir makes a key of its own — right for one machine,
wrong for several: sessions, CSRF tokens and reset links signed on one would fail on the next. The
first server records a fingerprint of its key in the database; a server that starts with another key
stops with a message saying what to do, before it serves anything.
"""

from __future__ import annotations

import hashlib
import hmac
import os

from django.conf import settings

from tolaria.errors import TolariaError

from .models import SecretKeyFingerprint


class SecretKeyMismatch(TolariaError):
    """Another machine serves this database with another SECRET_KEY."""


def fingerprint(key: str) -> str:
    return hmac.new(key.encode(), b"tolaria secret key fingerprint", hashlib.sha256).hexdigest()


def require_one_secret_key() -> None:
    """Record this key's fingerprint, or raise SecretKeyMismatch if the database knows another."""

    mine = fingerprint(settings.SECRET_KEY)
    row = SecretKeyFingerprint.objects.first()
    if row is None or os.environ.get("TOLARIA_ACCEPT_NEW_SECRET_KEY") == "1":
        SecretKeyFingerprint.objects.all().delete()
        SecretKeyFingerprint.objects.create(fingerprint=mine)
        return
    if not hmac.compare_digest(row.fingerprint, mine):
        where = "SECRET_KEY" if os.environ.get("SECRET_KEY") else f"the key made for {settings.DATA_DIR}"
        raise SecretKeyMismatch(
            f"this database is already served with another SECRET_KEY than {where}. Set SECRET_KEY to "
            "the same value on every machine that serves it (or, after changing it on all of them on "
            "purpose, start once with TOLARIA_ACCEPT_NEW_SECRET_KEY=1)."
        )
