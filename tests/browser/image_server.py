"""A card image host for the browser tests, laid out as Scryfall's (/{size}/{front|back}/a/b/{id}.jpg):
every image is tests/browser/data/test-card.png (488 x 680, Scryfall's "normal" size); a printing id in
`missing` answers 404, one in `hanging` never answers (the page's timeout must give up on it).

Also a command, for looking at the site by hand: `python tests/browser/image_server.py PORT [ID...]`
serves the fixture image on 127.0.0.1:PORT, with the ids given answering 404."""

from __future__ import annotations

import re
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

IMAGE = (Path(__file__).parent / "data" / "test-card.png").read_bytes()
_PATH = re.compile(r"^/(?P<size>[a-z_]+)/(?P<side>front|back)/[0-9a-f]/[0-9a-f]/(?P<id>[0-9a-f-]{36})\.(jpg|png)$")


class ImageServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, port: int = 0):
        self.missing: set[str] = set()
        self.hanging: set[str] = set()
        self.served: list[str] = []
        self.release = threading.Event()  # set at shutdown: the hanging requests end
        super().__init__(("127.0.0.1", port), _Handler)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def start(self) -> ImageServer:
        threading.Thread(target=self.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        self.release.set()
        self.shutdown()
        self.server_close()


class _Handler(BaseHTTPRequestHandler):
    server: ImageServer

    def do_GET(self) -> None:  # http.server names the method
        found = _PATH.match(self.path.split("?", 1)[0])
        pid = found["id"] if found else ""
        if pid in self.server.hanging:
            self.server.release.wait(120)  # an image host that does not answer
            return
        if not found or pid in self.server.missing:
            self.send_error(404)
            return
        self.server.served.append(self.path)
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.send_header("Content-Length", str(len(IMAGE)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(IMAGE)

    def log_message(self, format: str, *args) -> None:  # quiet
        pass


if __name__ == "__main__":
    server = ImageServer(int(sys.argv[1]))
    server.missing.update(sys.argv[2:])
    print(f"card images on {server.url} (404 for {len(server.missing)} ids)", flush=True)
    server.serve_forever()
