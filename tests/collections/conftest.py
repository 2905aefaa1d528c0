import pytest


@pytest.fixture
def make_user(db, django_user_model):
    def make(username="alice", password="correct horse battery"):
        return django_user_model.objects.create_user(
            username=username, password=password, email=f"{username}@example.com"
        )

    return make


@pytest.fixture
def alice(make_user):
    return make_user("alice")


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@pytest.fixture
def alice_client(client, alice):
    client.force_login(alice)
    return client


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """Argon2 is the site's hasher (tests/accounts checks it); here users are only scaffolding."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
