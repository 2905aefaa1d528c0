"""Personal API tokens. The token itself is shown once; only its SHA-256 is stored."""

from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone

TOKEN_PREFIX = "tol_"


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class ApiToken(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=100)
    token_hash = models.CharField(max_length=64, unique=True)
    hint = models.CharField(max_length=12)  # the first characters, so the user can tell tokens apart
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    @classmethod
    def issue(cls, user, name: str) -> tuple[ApiToken, str]:
        """A new token for `user`: returns the row and the secret, which is not stored anywhere."""
        secret = TOKEN_PREFIX + secrets.token_urlsafe(32)
        row = cls.objects.create(
            user=user, name=name.strip()[:100] or "API token", token_hash=hash_token(secret), hint=secret[:8]
        )
        return row, secret

    @classmethod
    def user_for(cls, secret: str):
        """The active user a token belongs to, or None."""
        if not secret or not secret.startswith(TOKEN_PREFIX):
            return None
        row = cls.objects.select_related("user").filter(token_hash=hash_token(secret)).first()
        if row is None or not row.user.is_active:
            return None
        now = timezone.now()
        if row.last_used_at is None or (now - row.last_used_at).total_seconds() > 60:
            cls.objects.filter(pk=row.pk).update(last_used_at=now)
        return row.user
