"""Password guessing and API tokens, as an attacker and as the owner would meet them."""

import json
import re
import subprocess
import sys

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client, override_settings

from tolaria.site.accounts import throttle
from tolaria.site.accounts.keys import SecretKeyMismatch, require_one_secret_key
from tolaria.site.accounts.models import ApiToken

PASSWORD = "correct horse battery"
pytestmark = pytest.mark.django_db
User = get_user_model()
LOGIN = "/accounts/login/"


@pytest.fixture
def alice():
    return User.objects.create_user("alice", "alice@example.com", PASSWORD)


@pytest.fixture(autouse=True)
def _fast_hashing(settings):
    # dozens of log-ins per test: Argon2's deliberate slowness is tested in test_accounts.py
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def clock(monkeypatch):
    """The throttles' clock, moved by hand (the cache keeps real time; entries live for their window)."""
    now = {"t": throttle._now()}
    monkeypatch.setattr(throttle, "_now", lambda: now["t"])
    return now


def _login(address: str, username: str, password: str, client: Client | None = None):
    client = client or Client(REMOTE_ADDR=address)
    return client.post(LOGIN, {"username": username, "password": password})


def _refused(response, by: str) -> bool:
    html = response.content.decode()
    phrase = "for this account" if by == "account" else "from your address"
    return response.status_code == 200 and "Too many failed password attempts" in html and phrase in html


def test_guesses_from_many_addresses_delay_the_account(alice, clock):
    for n in range(4):
        response = _login(f"10.1.0.{n}", "alice", "wrong")
        assert "Please enter a correct username and password" in response.content.decode()
        clock["t"] += 1
    # the fifth failure sets a 30-second delay on the account, whatever the address, and says so
    assert _refused(_login("10.1.0.4", "alice", "wrong"), "account")
    assert _refused(_login("10.1.0.99", "Alice", PASSWORD), "account")
    clock["t"] += 31
    assert _login("10.1.0.99", "alice", PASSWORD).status_code == 302


def test_the_delay_doubles_with_each_failure_and_stays_short(alice, clock):
    for n in range(7):
        clock["t"] += 1000  # past every delay: each guess counts
        _login(f"10.2.0.{n}", "alice", "wrong")
    # 7 failures: 30 s * 2**2 = 2 minutes
    assert _refused(_login("10.2.0.50", "alice", PASSWORD), "account")
    clock["t"] += 119
    assert _refused(_login("10.2.0.50", "alice", PASSWORD), "account")
    clock["t"] += 2
    assert _login("10.2.0.50", "alice", PASSWORD).status_code == 302
    assert throttle._delay_after(40) == throttle.MAX_DELAY == 15 * 60


def test_a_browser_that_logged_in_before_is_not_locked_out_by_a_guesser(alice, clock):
    owner = Client(REMOTE_ADDR="192.0.2.10")
    assert _login("", "alice", PASSWORD, owner).status_code == 302
    owner.post("/accounts/logout/")
    for n in range(8):
        _login(f"10.3.0.{n}", "alice", "wrong")
    assert _refused(_login("10.3.0.77", "alice", PASSWORD), "account")
    assert _login("", "alice", PASSWORD, owner).status_code == 302


def test_spraying_many_accounts_from_one_address_locks_the_address(alice, clock):
    for n in range(throttle.ADDRESS_MAX_FAILURES):
        _login("10.4.0.1", f"user{n}", "Winter2026!")
    assert _refused(_login("10.4.0.1", "alice", PASSWORD), "address")
    assert _login("10.4.0.2", "alice", PASSWORD).status_code == 302
    clock["t"] += throttle.ADDRESS_WINDOW + 1
    assert _login("10.4.0.1", "alice", PASSWORD).status_code == 302


def test_behind_a_trusted_proxy_each_client_is_counted_by_its_forwarded_address(alice, clock):
    with override_settings(TOLARIA_TRUSTED_PROXIES=1):
        for n in range(throttle.ADDRESS_MAX_FAILURES):
            # the guesser forges a left-hand entry; the proxy appends the address it really saw
            Client(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR=f"192.0.2.{n}, 198.51.100.7").post(
                LOGIN, {"username": f"user{n}", "password": "x"}
            )
        guesser = Client(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="192.0.2.200, 198.51.100.7")
        assert _refused(guesser.post(LOGIN, {"username": "alice", "password": PASSWORD}), "address")
        via_proxy = Client(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.8")
        assert via_proxy.post(LOGIN, {"username": "alice", "password": PASSWORD}).status_code == 302


def test_without_trusted_proxies_a_forged_forwarded_header_does_not_escape_the_address_lock(alice, clock):
    for n in range(throttle.ADDRESS_MAX_FAILURES):
        Client(REMOTE_ADDR="10.5.0.1", HTTP_X_FORWARDED_FOR=f"203.0.113.{n}").post(
            LOGIN, {"username": f"user{n}", "password": "x"}
        )
    forged = Client(REMOTE_ADDR="10.5.0.1", HTTP_X_FORWARDED_FOR="203.0.113.250")
    assert _refused(forged.post(LOGIN, {"username": "alice", "password": PASSWORD}), "address")


def test_the_admin_login_is_throttled_too(alice, clock):
    User.objects.create_superuser("root", "root@example.com", PASSWORD)
    for n in range(5):
        Client(REMOTE_ADDR=f"10.6.0.{n}").post("/admin/login/", {"username": "root", "password": "wrong"})
    response = Client(REMOTE_ADDR="10.6.0.9").post("/admin/login/", {"username": "root", "password": PASSWORD})
    assert response.status_code == 200
    assert "Too many failed password attempts" in response.content.decode()


def test_password_change_and_account_deletion_count_wrong_passwords(alice, clock):
    client = Client(REMOTE_ADDR="10.7.0.1")
    client.force_login(alice)
    for _ in range(5):
        client.post(
            "/accounts/password/",
            {"old_password": "guess", "new_password1": "n3w pass here", "new_password2": "n3w pass here"},
        )
    response = client.post("/accounts/delete/", {"password": PASSWORD})
    assert response.status_code == 200 and "Too many failed password attempts" in response.content.decode()
    assert User.objects.filter(username="alice").exists()


# ----------------------------------------------------------------------------------------------
# API tokens


def _bearer(secret: str) -> dict:
    return {"HTTP_AUTHORIZATION": f"Bearer {secret}"}


def test_a_wrong_token_answers_401_on_reads_and_writes_not_a_csrf_error(client):
    bad = _bearer("tol_not-a-real-token")
    read = client.get("/api/lists", **bad)
    write = client.post("/api/lists", json.dumps({"name": "x"}), content_type="application/json", **bad)
    assert read.status_code == write.status_code == 401
    assert b"CSRF" not in write.content and b"not valid" in write.content


def test_a_read_only_token_reads_but_cannot_write(client, alice):
    _, secret = ApiToken.issue(alice, "reader", scope="read")
    assert client.get("/api/lists", **_bearer(secret)).status_code == 200
    response = client.post("/api/lists", json.dumps({"name": "x"}), content_type="application/json", **_bearer(secret))
    assert response.status_code == 403 and b"read-only" in response.content


def test_an_expired_token_is_refused(client, alice):
    row, secret = ApiToken.issue(alice, "short", expires_in_days=7)
    assert client.get("/api/lists", **_bearer(secret)).status_code == 200
    ApiToken.objects.filter(pk=row.pk).update(expires_at=row.created_at)
    assert client.get("/api/lists", **_bearer(secret)).status_code == 401


def test_the_account_page_makes_tokens_with_a_scope_and_an_expiry(client, alice):
    client.force_login(alice)
    client.post("/accounts/tokens/", {"name": "sync", "scope": "read", "expires_in_days": "30"})
    token = ApiToken.objects.get(user=alice)
    assert token.scope == "read" and token.expires_at is not None
    assert abs((token.expires_at - token.created_at).total_seconds() - 30 * 86400) < 60
    page = client.get("/accounts/").content.decode()
    assert "Read only" in page and token.expires_at.strftime("%Y-%m-%d") in page


def test_changing_the_password_revokes_every_token(client, alice):
    _, secret = ApiToken.issue(alice, "script")
    client.force_login(alice)
    response = client.post(
        "/accounts/password/",
        {"old_password": PASSWORD, "new_password1": "another fine pass 9", "new_password2": "another fine pass 9"},
    )
    assert response.status_code == 302
    assert not ApiToken.objects.filter(user=alice).exists()
    assert Client().get("/api/lists", **_bearer(secret)).status_code == 401


def test_a_password_reset_revokes_every_token(client, alice):
    ApiToken.issue(alice, "script")
    client.post("/accounts/password/reset/", {"email": "alice@example.com"})
    link = re.search(r"https?://[^/]+(/accounts/password/reset/\S+/)", mail.outbox[0].body).group(1)
    form = client.get(link, follow=True)
    client.post(
        form.redirect_chain[-1][0], {"new_password1": "brand new pass 77", "new_password2": "brand new pass 77"}
    )
    alice.refresh_from_db()
    assert alice.check_password("brand new pass 77")
    assert not ApiToken.objects.filter(user=alice).exists()


def test_logging_in_does_not_revoke_tokens(client, alice):
    ApiToken.issue(alice, "script")
    assert client.post(LOGIN, {"username": "alice", "password": PASSWORD}).status_code == 302
    assert ApiToken.objects.filter(user=alice).count() == 1


# ----------------------------------------------------------------------------------------------
# Headers and the secret key


def test_pages_carry_a_content_security_policy_and_a_permissions_policy(client):
    response = client.get("/")
    csp = response["Content-Security-Policy"]
    assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp and "script-src 'self'" in csp
    assert "camera=()" in response["Permissions-Policy"]


def test_hsts_is_a_year_when_the_site_is_served_over_https():
    code = "from django.conf import settings; print(settings.SECURE_HSTS_SECONDS)"
    out = subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {code}"],
        env={**__import__("os").environ, "HTTPS": "1", "DJANGO_SETTINGS_MODULE": "tolaria.site.settings"},
        capture_output=True,
        text=True,
        check=True,
    )
    assert int(out.stdout.strip()) == 365 * 24 * 3600


def test_a_second_machine_with_another_secret_key_is_refused_at_start(settings, monkeypatch):
    settings.SECRET_KEY = "the first machine's key " * 3
    require_one_secret_key()
    require_one_secret_key()  # the same key again: fine
    settings.SECRET_KEY = "another machine's own key " * 3
    with pytest.raises(SecretKeyMismatch, match="same value on every machine"):
        require_one_secret_key()
    monkeypatch.setenv("TOLARIA_ACCEPT_NEW_SECRET_KEY", "1")
    require_one_secret_key()
    monkeypatch.delenv("TOLARIA_ACCEPT_NEW_SECRET_KEY")
    require_one_secret_key()
