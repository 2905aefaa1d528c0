"""Download code against a local HTTP server: User-Agent, resume after a broken connection."""

import http.server
import json
import threading
from pathlib import Path

import pytest

from tolaria.cards import _download as dl

PAYLOAD = bytes(range(256)) * 4096  # 1 MiB


class Handler(http.server.BaseHTTPRequestHandler):
    seen: list = []
    break_first = True

    def log_message(self, *args):
        pass

    def do_GET(self):
        Handler.seen.append((self.path, self.headers.get("User-Agent"), self.headers.get("Range")))
        if self.path == "/bulk-data":
            base = f"http://127.0.0.1:{self.server.server_port}"
            body = json.dumps(
                {
                    "object": "list",
                    "data": [
                        {"type": "default_cards", "download_uri": f"{base}/default-cards-1.json"},
                        {"type": "rulings", "jsonl_download_uri": f"{base}/rulings-1.json"},
                        {"type": "all_cards", "download_uri": f"{base}/all.json"},
                    ],
                }
            ).encode()
            return self._send(200, body)
        start = 0
        if self.headers.get("Range"):
            start = int(self.headers["Range"].split("=")[1].split("-")[0])
        body = PAYLOAD[start:]
        if Handler.break_first and start == 0 and self.path.endswith(".xz"):
            Handler.break_first = False
            self.send_response(200)
            self.send_header("Content-Length", str(len(PAYLOAD)))
            self.end_headers()
            self.wfile.write(PAYLOAD[: len(PAYLOAD) // 3])  # then the connection drops
            self.wfile.flush()
            self.close_connection = True
            return
        self.send_response(206 if start else 200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _send(self, code, body):
        self.send_response(code)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture
def server():
    Handler.seen = []
    Handler.break_first = True
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()


def test_broken_download_resumes_with_a_range_request(server, tmp_path):
    paths = dl.download_mtgjson(tmp_path, base=server + "/", files=("AllPrintings.json.xz",), progress=False)
    assert Path(paths[0]).read_bytes() == PAYLOAD
    ranges = [r for _, _, r in Handler.seen]
    assert ranges[0] is None and ranges[1] == f"bytes={len(PAYLOAD) // 3}-"
    assert all(agent.startswith("Tolaria/") for _, agent, _ in Handler.seen)


def test_scryfall_bulk_index_names_the_current_files(server, tmp_path):
    paths = dl.download_scryfall(tmp_path, index_url=server + "/bulk-data", progress=False)
    assert [p.name for p in paths] == ["default-cards-1.json", "rulings-1.json"]
    assert all(p.read_bytes() == PAYLOAD for p in paths)


def test_unreachable_server_is_a_download_error(tmp_path):
    with pytest.raises(dl.DownloadError, match="could not download"):
        dl.download("http://127.0.0.1:9/nothing.json", tmp_path / "x.json", progress=False, attempts=1)
