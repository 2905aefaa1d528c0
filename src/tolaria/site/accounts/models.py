"""Personal API tokens. The token itself is shown once; only its SHA-256 is stored.

A token has a scope (read, or read and write) and may expire; every token of a user is revoked when
the user's password changes (by the user, by a reset or by an admin), because a token made while an
account was compromised must not outlive the password that let it be made."""

from __future__ import annotations

import datetime
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
    scope = models.CharField(
        max_length=5, choices=[("read", "Read only"), ("write", "Read and write")], default="write"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(null=True, blank=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    @classmethod
    def issue(
        cls, user, name: str, *, scope: str = "write", expires_in_days: int | None = None
    ) -> tuple[ApiToken, str]:
        """A new token for `user`: returns the row and the secret, which is not stored anywhere."""
        if scope not in ("read", "write"):
            raise ValueError(f"a token's scope is read or write, not {scope!r}")
        secret = TOKEN_PREFIX + secrets.token_urlsafe(32)
        expires_at = timezone.now() + datetime.timedelta(days=expires_in_days) if expires_in_days else None
        row = cls.objects.create(
            user=user,
            name=name.strip()[:100] or "API token",
            token_hash=hash_token(secret),
            hint=secret[:8],
            scope=scope,
            expires_at=expires_at,
        )
        return row, secret

    @property
    def expired(self) -> bool:
        return self.expires_at is not None and self.expires_at <= timezone.now()

    @classmethod
    def find(cls, secret: str) -> ApiToken | None:
        """The live token for a secret (its user active, not expired), or None."""
        if not secret or not secret.startswith(TOKEN_PREFIX) or len(secret) > 200:
            return None
        row = cls.objects.select_related("user").filter(token_hash=hash_token(secret)).first()
        if row is None or not row.user.is_active or row.expired:
            return None
        now = timezone.now()
        if row.last_used_at is None or (now - row.last_used_at).total_seconds() > 60:
            cls.objects.filter(pk=row.pk).update(last_used_at=now)
        return row

    @classmethod
    def user_for(cls, secret: str):
        """The active user a live token belongs to, or None."""
        row = cls.find(secret)
        return row.user if row is not None else None


def revoke_tokens_when_the_password_changes(sender, instance, **kwargs) -> None:
    update_fields = kwargs.get("update_fields")
    if instance.pk is None or (update_fields is not None and "password" not in update_fields):
        return
    stored = sender.objects.filter(pk=instance.pk).values_list("password", flat=True).first()
    if stored is not None and stored != instance.password:
        ApiToken.objects.filter(user_id=instance.pk).delete()


class SecretKeyFingerprint(models.Model):
    """One row: an HMAC of the SECRET_KEY the database was first served with (never the key itself).
    Every machine that serves the database must sign sessions, password-reset links and CSRF tokens
    with the same key, or a user logged in on one machine is a stranger to the next."""

    fingerprint = models.CharField(max_length=64)
    recorded_at = models.DateTimeField(auto_now=True)
