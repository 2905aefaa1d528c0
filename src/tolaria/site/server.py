"""Production serving: gunicorn with several worker processes; whitenoise serves static files.

No database connection crosses the fork: the serving process closes its own before gunicorn
starts, and a worker drops (without closing: the socket would be the parent's) any it inherited,
so each worker opens connections of its own. A shared socket mixes the replies of several
workers — wrong cards, lost synchronisation, another user's rows."""

from __future__ import annotations

import errno
import gc
import os
import signal
import socket
import sys
import threading
from collections.abc import Callable

from django.db import connections
from gunicorn.app.base import BaseApplication


class PortInUse(Exception):
    """The address asked for is taken (another server, or another `tolaria serve`)."""


def reserve_port(host: str, port: int) -> socket.socket:
    """Bind the address at once, before anything slow, so a port already in use is said in one line
    (gunicorn would log "Connection in use" and retry for seconds). The socket is bound but does not
    listen yet: a client is refused, not queued, until the workers are warm; gunicorn listens on it
    (`fd://`) when it starts."""
    host = host.strip("[]")
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except socket.gaierror as exc:
        raise PortInUse(f"cannot serve on {host}:{port}: {exc.strerror}") from None
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as gunicorn binds: TIME_WAIT is no conflict
    try:
        sock.bind(address)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise PortInUse(f"port {port} on {host} is already in use: stop what serves there or pass --port") from None
        raise PortInUse(f"cannot serve on {host}:{port}: {exc.strerror}") from None
    return sock


def _freeze_for_fork() -> None:
    """Move every object alive now (the stores just warmed) out of the garbage collector's reach: a
    collection in a worker would otherwise write to each object's header and so copy, page by page, the
    memory the workers share with the serving process (the gc module's documentation on fork)."""
    gc.collect()
    gc.freeze()


def close_connections() -> None:
    """Close every database connection of this process (before forking workers)."""
    connections.close_all()


def drop_inherited_connections(server=None, worker=None) -> None:
    """gunicorn's post_fork hook: forget connection objects copied from the parent, unclosed."""
    for conn in connections.all(initialized_only=True):
        conn.connection = None
    from tolaria.site.stores import runtime  # noqa: PLC0415  after Django's setup: the CLI imports this module before it (to reserve the port)

    runtime.set_inline(inline=False)  # a worker answers from the index it holds while it loads a newer one
    runtime.start_watching()  # threads do not cross a fork either: each worker listens for itself
    leave_to_the_server()


def leave_to_the_server() -> None:
    """In a worker forked before the serving process warmed the rest: the stores that process is loading
    are not loaded here too (a copy per worker, seconds of CPU each); until the workers forked holding
    them take over, what reads them answers 503 with Retry-After."""
    if WARMED.is_set():
        return
    from tolaria.site.stores import runtime  # noqa: PLC0415  after Django's setup: the CLI imports this module before it (to reserve the port)
    from tolaria.site.stores.warm import LEFT_TO_THE_SERVER  # noqa: PLC0415  after Django's setup: the CLI imports this module before it (to reserve the port)

    for name in LEFT_TO_THE_SERVER:
        if name in runtime.HANDLES:
            runtime.HANDLES[name].held_back = "the server is still warming it"


def warm_worker(worker=None) -> None:
    """gunicorn's post_worker_init hook: a worker warms its own copy of the process before it accepts a
    connection (stores.warm.warm_worker)."""
    from tolaria.site.stores.warm import warm_worker as warm  # noqa: PLC0415  after Django's setup: the CLI imports this module before it (to reserve the port)

    said = warm(first=not WARMED.is_set())
    if worker is not None:
        worker.log.info("%s", said)


# set in the serving process once it has warmed everything (and in the workers forked after that)
WARMED = threading.Event()


def warm_the_rest(start_again: Callable[[], None]) -> None:
    """In the serving process, beside gunicorn's arbiter and the first workers: warm what the first part
    left (stores.warm.warm("rest")), close this thread's database connection, move what was loaded out of
    the collector's reach, then `start_again` the workers (gunicorn's HUP: new workers fork holding every
    store and warm before they accept; the first ones finish their requests and stop)."""
    from tolaria.site.stores.warm import warm  # noqa: PLC0415  after Django's setup: the CLI imports this module before it (to reserve the port)

    try:
        said = warm("rest")
    finally:
        close_connections()  # this thread's own (Django's are per thread): none crosses the next fork
    _freeze_for_fork()
    WARMED.set()
    print("Warm, the workers start again holding every store: " + "; ".join(said), flush=True)
    start_again()


def _warm_the_rest_beside(arbiter) -> None:
    """gunicorn's when_ready hook (in the arbiter, before it forks the first workers)."""
    if WARMED.is_set():  # a reload's: nothing left to warm
        return

    def again() -> None:
        os.kill(arbiter.pid, signal.SIGHUP)

    def run() -> None:
        try:
            warm_the_rest(again)
        except Exception as exc:  # the first workers serve on; each loads what it lacks itself
            print(f"Warming the rest failed ({exc}); the workers load what they need", file=sys.stderr, flush=True)
            WARMED.set()
            again()

    threading.Thread(target=run, name="tolaria-warm-the-rest", daemon=True).start()


class _Gunicorn(BaseApplication):
    def __init__(self, options: dict):
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self):
        from tolaria.site.wsgi import application  # noqa: PLC0415  after Django's setup: the CLI imports this module before it (to reserve the port)

        return application


def serve(*, host: str = "127.0.0.1", port: int = 8000, workers: int = 3, sock: socket.socket | None = None) -> None:
    """TOLARIA_ACCESS_LOG=path writes one line per request: the server's own time for it in
    microseconds (from the worker reading the request to the response sent) and the path.
    `sock`: the address already bound by `reserve_port` (bound here otherwise)."""
    from tolaria.site.accounts.keys import require_one_secret_key  # noqa: PLC0415  after Django's setup: the CLI imports this module before it (to reserve the port)

    require_one_secret_key()
    sock = sock or reserve_port(host, port)
    WARMED.clear()
    from tolaria.site.stores.warm import warm  # noqa: PLC0415  after Django's setup: the CLI imports this module before it (to reserve the port)

    # what a search, a card page and /api/cards/named read; the rest is warmed once the first workers serve
    print("Warm before serving: " + "; ".join(warm("first")), flush=True)
    _freeze_for_fork()
    print(f"Serving Tolaria on http://{host}:{port}/ with {workers} workers", flush=True)
    close_connections()
    options = {
        "bind": f"fd://{sock.detach()}",
        "workers": workers,
        "preload_app": False,
        "post_fork": drop_inherited_connections,
        "post_worker_init": warm_worker,
        "when_ready": _warm_the_rest_beside,
        "accesslog": os.environ.get("TOLARIA_ACCESS_LOG") or None,
        "access_log_format": "%(D)s %(s)s %(U)s",
        "timeout": 60,
        # gunicorn's largest request line (its default is 4,094 bytes): a query of Scryfall's 1,000
        # characters outside ASCII is longer than the default once percent-encoded, and gunicorn's
        # 414 is an HTML page no Scryfall client can read
        "limit_request_line": 8190,
        # gunicorn 27's control socket sits at one path per user (~/.gunicorn/gunicorn.ctl), so every
        # `tolaria serve` on a machine would share it; Tolaria does not use that interface
        "control_socket_disable": True,
        "graceful_timeout": 10,
    }
    _Gunicorn(options).run()
