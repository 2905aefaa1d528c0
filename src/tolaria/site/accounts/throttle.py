"""Password-guessing throttles, on every form that checks a password (log-in, the admin's log-in,
password change, account deletion).

Two counts, as OWASP's authentication cheat sheet advises:
- per account, across addresses: after ACCOUNT_FREE_FAILURES failures the account takes its next
  attempt only after a delay that doubles with each failure (30 s, 1 min, 2 min, … at most 15 min),
  so a guesser spread over many addresses gets a few guesses an hour, while the owner waits minutes,
  not hours. A browser that has logged in to the account before carries a signed device cookie and is
  exempt from the account's delay (the guesser cannot lock the owner out of a known browser).
- per address, across accounts: ADDRESS_MAX_FAILURES failures in ADDRESS_WINDOW lock that address,
  so spraying one password over many usernames stops early.

Counts live in the cache every worker shares (Redis with REDIS_URL, else files in the data dir).
The client's address is REMOTE_ADDR, or, behind TOLARIA_TRUSTED_PROXIES reverse proxies, the address
those proxies report in X-Forwarded-For, so a proxy's own address never stands for every user.
"""

from __future__ import annotations

import hashlib
import ipaddress
import math
import time
from dataclasses import dataclass

from django.conf import settings
from django.core import signing
from django.core.cache import cache

ACCOUNT_FREE_FAILURES = 5
ACCOUNT_WINDOW = 24 * 3600  # failures older than a day are forgotten
FIRST_DELAY = 30
MAX_DELAY = 15 * 60
ADDRESS_MAX_FAILURES = 20
ADDRESS_WINDOW = 15 * 60
DEVICE_COOKIE = "tolaria_device"
DEVICE_COOKIE_AGE = 180 * 24 * 3600
_DEVICE_SALT = "tolaria.accounts.device"


@dataclass(frozen=True)
class Locked:
    """Why an attempt is refused, and for how long."""

    seconds: int
    by: str  # "account" or "address"

    @property
    def message(self) -> str:
        wait = _in_words(self.seconds)
        if self.by == "address":
            return f"Too many failed password attempts from your address. Try again in {wait}, or reset your password."
        return (
            f"Too many failed password attempts for this account. Try again in {wait}, "
            "or reset your password. A browser you have logged in with before is not delayed."
        )


def _now() -> float:
    return time.time()


def _in_words(seconds: int) -> str:
    if seconds < 90:
        return f"{seconds} seconds"
    return f"{math.ceil(seconds / 60)} minutes"


def client_ip(request) -> str:
    """Each trusted proxy appends the address it was reached from to X-Forwarded-For, so with N of them
    the client is the N-th entry from the right; entries further left are whatever the client sent."""
    if request is None:
        return ""
    remote = request.META.get("REMOTE_ADDR", "")
    proxies = int(getattr(settings, "TOLARIA_TRUSTED_PROXIES", 0) or 0)
    if proxies <= 0:
        return remote
    chain = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()]
    if len(chain) < proxies:
        return remote
    try:
        return str(ipaddress.ip_address(chain[-proxies]))
    except ValueError:
        return remote


def _digest(kind: str, value: str) -> str:
    return f"pw-failures:{kind}:{hashlib.sha256(value.encode()).hexdigest()}"


def _account_key(username: str) -> str:
    return _digest("account", (username or "").strip().lower())


def _address_key(ip: str) -> str:
    return _digest("address", ip)


def _delay_after(failures: int) -> int:
    if failures < ACCOUNT_FREE_FAILURES:
        return 0
    return min(MAX_DELAY, FIRST_DELAY * 2 ** (failures - ACCOUNT_FREE_FAILURES))


def known_device(request, username: str) -> bool:
    cookie = request.COOKIES.get(DEVICE_COOKIE, "") if request is not None else ""
    if not cookie:
        return False
    try:
        known = signing.loads(cookie, salt=_DEVICE_SALT, max_age=DEVICE_COOKIE_AGE)
    except signing.BadSignature:
        return False
    return (username or "").strip().lower() in known


def lock_for(request, username: str, now: float | None = None) -> Locked | None:
    """The lock that refuses a password attempt for `username` from this request, if any."""
    now = _now() if now is None else now
    address = cache.get(_address_key(client_ip(request)))
    if address and address["count"] >= ADDRESS_MAX_FAILURES and now - address["first"] < ADDRESS_WINDOW:
        return Locked(max(1, math.ceil(address["first"] + ADDRESS_WINDOW - now)), "address")
    account = cache.get(_account_key(username))
    if account and not known_device(request, username):
        wait = account["last"] + _delay_after(account["count"]) - now
        if wait > 0:
            return Locked(max(1, math.ceil(wait)), "account")
    return None


def record_failure(request, username: str, now: float | None = None) -> Locked | None:
    """Count a wrong password; returns the lock the next attempt will meet, if any."""
    now = _now() if now is None else now
    _count(_account_key(username), now, ACCOUNT_WINDOW)
    _count(_address_key(client_ip(request)), now, ADDRESS_WINDOW)
    return lock_for(request, username, now)


def _count(key: str, now: float, window: int) -> None:
    # read-modify-write: two workers failing at the same instant may count once; the delay still grows
    entry = cache.get(key) or {"count": 0, "first": now, "last": now}
    if now - entry["first"] > window:
        entry = {"count": 0, "first": now, "last": now}
    entry["count"] += 1
    entry["last"] = now
    cache.set(key, entry, window)


def record_success(request, username: str) -> None:
    cache.delete(_account_key(username))


def remember_device(request, response, username: str) -> None:
    """After a successful log-in: this browser is known for `username` from now on."""
    known: list[str] = []
    cookie = request.COOKIES.get(DEVICE_COOKIE, "")
    if cookie:
        try:
            known = list(signing.loads(cookie, salt=_DEVICE_SALT, max_age=DEVICE_COOKIE_AGE))
        except signing.BadSignature:
            known = []
    name = (username or "").strip().lower()
    known = [n for n in known if n != name][-4:] + [name]
    response.set_cookie(
        DEVICE_COOKIE,
        signing.dumps(known, salt=_DEVICE_SALT),
        max_age=DEVICE_COOKIE_AGE,
        httponly=True,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )
