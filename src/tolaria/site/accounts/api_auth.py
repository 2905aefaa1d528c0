"""Who is calling the API: a personal token (`Authorization: Bearer tol_…`) or the site's session.

A request that sends a token is judged by the token alone: a wrong, expired or revoked one answers
401 (never a CSRF complaint from the session check it did not need), and a read-only token may not
write (403). A request without one falls back to the session, which checks the CSRF token on writes.
"""

from __future__ import annotations

from ninja.errors import HttpError
from ninja.security import HttpBearer, SessionAuth

from .models import ApiToken

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


def bearer_secret(request) -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, secret = header.partition(" ")
    if scheme.lower() != "bearer":
        return None
    return secret.strip()


def token_user(request):
    """The user of the request's token; None when it sends none; 401/403 when the token cannot serve."""
    secret = bearer_secret(request)
    if secret is None:
        return None
    token = ApiToken.find(secret)
    if token is None:
        raise HttpError(401, "The API token is not valid: it is wrong, expired or revoked (make one at /accounts/).")
    if token.scope == "read" and request.method not in SAFE_METHODS:
        raise HttpError(403, "This API token is read-only; make a read-and-write token to change lists and decks.")
    return token.user


def caller(request):
    """Who calls a route open to everyone: a bearer token's user (401/403 for a token that cannot
    serve), else the session's user, else None (anonymous)."""
    user = token_user(request)
    if user is not None:
        return user
    return request.user if request.user.is_authenticated else None


class TokenAuth(HttpBearer):
    """First in every API route's auth list: with a bearer header it decides alone (401/403 for a token
    that cannot serve, so the session check that follows is never reached); without one it passes."""

    openapi_description = (
        "A personal API token made on the account page (/accounts/), sent as `Authorization: Bearer <token>`."
    )

    def authenticate(self, request, token):
        return token_user(request)


class UserSession(SessionAuth):
    """The site's session, with the CSRF token checked on writes; a request with no logged-in user is
    not authenticated (401, as a read answers), never a CSRF complaint about a session it does not have."""

    def __call__(self, request):
        if not request.user.is_authenticated:
            return None
        return super().__call__(request)


AUTH = [TokenAuth(), UserSession()]  # the session checks the CSRF token on writes
