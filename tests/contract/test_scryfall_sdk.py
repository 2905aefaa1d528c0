"""scryfall-sdk (npm, a devDependency in package.json), its whole public surface, against a live Tolaria
over the sample: scryfall_sdk_surface.cjs makes every call (how it points the SDK at Tolaria is said
there) and reports each; every one must work."""

import json
import os
import shutil
import subprocess
from pathlib import Path

HERE = Path(__file__).parent
ROOT = HERE.parents[1]


def test_every_call_works(tolaria_server, known):
    node = shutil.which("node")
    assert node, "node is needed (make node installs the npm packages)"
    assert (ROOT / "node_modules" / "scryfall-sdk").exists(), "run make node: scryfall-sdk is a devDependency"
    env = {**os.environ, "TOLARIA_URL": tolaria_server, "TOLARIA_KNOWN": json.dumps(known)}
    done = subprocess.run(
        [node, str(HERE / "scryfall_sdk_surface.cjs")], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-3000:]
    results = json.loads(done.stdout)
    failed = {name: r["detail"][:800] for name, r in results.items() if not r["ok"]}
    assert not failed, json.dumps(failed, indent=2)
    assert len(results) >= 60, sorted(results)  # every call of the script reported
