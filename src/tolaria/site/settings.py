"""Django settings. Everything a deployment changes comes from the environment:

DATABASE_URL   sqlite:///path or postgresql://user@host:port/name (default: SQLite under TOLARIA_DATA_DIR)
TOLARIA_DATA_DIR  where the SQLite file, the search index and models live (default: ./var)
SECRET_KEY, DEBUG, ALLOWED_HOSTS, EMAIL_URL-style settings below.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

import dj_database_url

DATA_DIR = Path(os.environ.get("TOLARIA_DATA_DIR", Path.cwd() / "var")).resolve()
# `pytest -n N` (pytest-xdist): each worker process has a database of its own, and needs a data dir
# of its own too (its published index files, the cache of its throttle counts)
if os.environ.get("PYTEST_XDIST_WORKER"):
    DATA_DIR = DATA_DIR / os.environ["PYTEST_XDIST_WORKER"]
DATA_DIR.mkdir(parents=True, exist_ok=True)


def _secret_key() -> str:
    if os.environ.get("SECRET_KEY"):
        return os.environ["SECRET_KEY"]
    # A key made once per data dir, so sessions survive restarts without a key in the repo.
    path = DATA_DIR / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


SECRET_KEY = _secret_key()
DEBUG = os.environ.get("DEBUG", "0") in ("1", "true", "yes")
ALLOWED_HOSTS = [h for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver,[::1]").split(",") if h]
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o]

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.admin",
    "tolaria.site.catalog",
    "tolaria.site.stores",
    "tolaria.site.accounts",
    "tolaria.site.collections",
    "tolaria.site.web",
    "tolaria.site.api",
    "ninja",  # its own swagger-ui files for /api/docs, so the docs page loads nothing from a CDN
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "tolaria.site.middleware.AnswerHead",
    "tolaria.site.middleware.RefuseNulBytes",
    "csp.middleware.CSPMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "tolaria.site.api.http.ApiMiddleware",  # /api/ only: error objects, CORS, validators, rate limit
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "tolaria.site.stores.middleware.IndexUnavailableMiddleware",
]

ROOT_URLCONF = "tolaria.site.urls"
WSGI_APPLICATION = "tolaria.site.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            "builtins": ["tolaria.site.card_links"],  # the card_url filter: card addresses written one way
        },
    }
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{DATA_DIR / 'tolaria.sqlite3'}"),
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
    )
}
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    DATABASES["default"].setdefault("OPTIONS", {})
    DATABASES["default"]["OPTIONS"].update(
        {
            # seconds a write waits for another's write lock before "database is locked"
            "timeout": float(os.environ.get("TOLARIA_SQLITE_TIMEOUT", "30")),
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )
    DATABASES["default"]["CONN_MAX_AGE"] = 0
DATABASES["default"].setdefault("TEST", {})
if "postgresql" in DATABASES["default"]["ENGINE"]:
    DATABASES["default"]["TEST"]["NAME"] = os.environ.get(
        "TEST_DATABASE_NAME", DATABASES["default"].get("NAME", "tolaria") + "_pytest"
    )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 8}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
SECURE_REFERRER_POLICY = "same-origin"
_https = os.environ.get("HTTPS", "0") in ("1", "true", "yes")
SESSION_COOKIE_SECURE = _https
CSRF_COOKIE_SECURE = _https
SECURE_SSL_REDIRECT = _https and os.environ.get("SECURE_SSL_REDIRECT", "1") == "1"
if _https:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = 365 * 24 * 3600
    SECURE_HSTS_INCLUDE_SUBDOMAINS = os.environ.get("HSTS_INCLUDE_SUBDOMAINS", "0") == "1"

# How many reverse proxies stand in front of the site: their X-Forwarded-For names the client's address
# (for the log-in throttles). 0 (the default) trusts no header, only the connection's own address.
TOLARIA_TRUSTED_PROXIES = int(os.environ.get("TOLARIA_TRUSTED_PROXIES", "0") or 0)

# Card images (tolaria.cards.image_base): Scryfall's image host by default, a mirror laid out as it is
# (TOLARIA_IMAGE_BASE=https://images.example.org), or off. A page gives an image this long (ms) before it
# shows the card's rendered frame instead.
from urllib.parse import urlsplit  # noqa: E402

from tolaria.cards import image_base  # noqa: E402

TOLARIA_IMAGE_BASE = image_base(os.environ.get("TOLARIA_IMAGE_BASE"))
TOLARIA_IMAGE_TIMEOUT_MS = int(os.environ.get("TOLARIA_IMAGE_TIMEOUT_MS", "8000") or 8000)
_IMAGE_ORIGIN = "{0.scheme}://{0.netloc}".format(urlsplit(TOLARIA_IMAGE_BASE)) if TOLARIA_IMAGE_BASE else None

# Content-Security-Policy (django-csp): every script, style and font comes from the site itself, images
# from it and the card image host;
# the pages carry no inline script or style, and no page may be framed.
from csp.constants import NONE, SELF  # noqa: E402

CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:", *([_IMAGE_ORIGIN] if _IMAGE_ORIGIN else [])],
        "font-src": [SELF, "data:"],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
# Permissions-Policy (django-permissions-policy): a card site needs none of the browser's powerful features.
PERMISSIONS_POLICY: dict[str, list[str]] = {
    feature: []
    for feature in (
        "accelerometer",
        "camera",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "payment",
        "usb",
        "interest-cohort",
    )
}

EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = os.environ.get("EMAIL_USE_TLS", "0") == "1"
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Tolaria <noreply@localhost>")

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = DATA_DIR / "static"
# npm packages (mana-font, keyrune) installed by `make` into ./node_modules; served by whitenoise
NODE_MODULES = Path(os.environ.get("TOLARIA_NODE_MODULES", Path(__file__).resolve().parents[3] / "node_modules"))
# mana-font: CSS (MIT) and fonts (OFL). keyrune: fonts only (OFL) — its CSS is GPL-3.0, so the set-symbol
# classes are our own (web/static/web/sets.css).
_VENDOR = [
    ("vendor/mana-font/css", NODE_MODULES / "mana-font" / "css"),
    ("vendor/mana-font/fonts", NODE_MODULES / "mana-font" / "fonts"),
    ("vendor/keyrune/fonts", NODE_MODULES / "keyrune" / "fonts"),
]
STATICFILES_DIRS = [(prefix, path) for prefix, path in _VENDOR if path.exists()]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True

# Login throttling counts failures in the cache, so every worker must see the same counts: files in
# the data dir serve the workers of one machine; REDIS_URL (with the redis package) serves several.
if os.environ.get("REDIS_URL"):
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": os.environ["REDIS_URL"]}
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(DATA_DIR / "cache"),
        }
    }

# /api/: requests per window (seconds) per client, counted in the shared cache; 0 requests: no limit
TOLARIA_API_RATE_LIMIT = (
    int(os.environ.get("TOLARIA_API_RATE_REQUESTS", "600")),
    int(os.environ.get("TOLARIA_API_RATE_SECONDS", "60")),
)
TOLARIA_API_MAX_AGE = int(os.environ.get("TOLARIA_API_MAX_AGE", "300"))  # Cache-Control of public reads

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
