"""Log-in throttling: after MAX_FAILURES failed attempts for one username from one address within
WINDOW seconds, that username is locked for that address until the window passes. Counts live in the
cache (a shared cache such as Redis or the database cache across several workers)."""

from __future__ import annotations

import hashlib

from django.core.cache import cache

MAX_FAILURES = 5
WINDOW = 15 * 60
LOCKED_MESSAGE = (
    "Too many failed log-in attempts for this account from your address. "
    "It is locked for 15 minutes; try again later or reset your password."
)


def client_ip(request) -> str:
    return request.META.get("REMOTE_ADDR", "") if request is not None else ""


def _key(username: str, ip: str) -> str:
    digest = hashlib.sha256(f"{(username or '').strip().lower()}|{ip}".encode()).hexdigest()
    return f"login-failures:{digest}"


def is_locked(username: str, ip: str) -> bool:
    return cache.get(_key(username, ip), 0) >= MAX_FAILURES


def record_failure(username: str, ip: str) -> int:
    key = _key(username, ip)
    if cache.add(key, 1, WINDOW):
        return 1
    try:
        return cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, WINDOW)
        return 1


def reset(username: str, ip: str) -> None:
    cache.delete(_key(username, ip))
