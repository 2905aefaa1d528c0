import pytest

from tolaria.site.catalog import models as m


@pytest.fixture
def card_url():
    """The default printing's page of a card named exactly ``name``."""

    def url(client, name: str) -> str:
        oid = m.OracleCard.objects.get(name=name).oracle_id
        response = client.get(f"/card/{oid}")
        assert response.status_code == 302, response.status_code
        return response["Location"]

    return url
