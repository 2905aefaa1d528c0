"""Each gunicorn worker has database connections of its own: many requests at once, every answer
is the card asked for (a connection shared across the fork mixed replies: 500s, 404s for valid
ids, card X answered with card Y)."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

import psycopg
import pytest

from .conftest import get, run_tolaria, tolaria_env

pytestmark = pytest.mark.scale


def test_concurrent_requests_each_get_the_card_asked_for(scale_db, data_dirs, servers):
    env = tolaria_env(scale_db, data_dirs("one-machine"))
    init = run_tolaria(["init"], env)
    assert init.returncode == 0, init.stderr
    server = servers(env, workers=4)

    with psycopg.connect(scale_db) as conn:
        ids = [row[0] for row in conn.execute("SELECT oracle_id FROM catalog_oraclecard ORDER BY oracle_id LIMIT 120")]
    assert len(ids) >= 100
    wanted = ids * 4  # 480 requests, 32 at a time, straight after the start

    def fetch(oracle_id: str) -> tuple[str, int, str | None]:
        try:
            status, _, body = get(f"{server.url}/api/cards/{oracle_id}", timeout=20)
        except OSError as exc:  # a worker stuck on a crossed connection times out
            return oracle_id, 0, repr(exc)
        got = json.loads(body).get("oracle_id") if status == 200 else None
        return oracle_id, status, got

    with ThreadPoolExecutor(max_workers=32) as pool:
        answers = list(pool.map(fetch, wanted))
    wrong = [a for a in answers if a[1] != 200 or a[2] != a[0]]
    assert not wrong, f"{len(wrong)} of {len(answers)} wrong, e.g. {wrong[:5]}\n{server.output()}"
