"""Production serving: gunicorn with several worker processes; whitenoise serves static files.

No database connection crosses the fork: the serving process closes its own before gunicorn
starts, and a worker drops (without closing: the socket would be the parent's) any it inherited,
so each worker opens connections of its own. A shared socket mixes the replies of several
workers — wrong cards, lost synchronisation, another user's rows."""

from __future__ import annotations

import os

from gunicorn.app.base import BaseApplication


def close_connections() -> None:
    """Close every database connection of this process (before forking workers)."""
    from django.db import connections

    connections.close_all()


def drop_inherited_connections(server=None, worker=None) -> None:
    """gunicorn's post_fork hook: forget connection objects copied from the parent, unclosed."""
    from django.db import connections

    for conn in connections.all(initialized_only=True):
        conn.connection = None
    from tolaria.site.stores import runtime

    runtime.set_inline(False)  # a worker answers from the index it holds while it loads a newer one
    runtime.start_watching()  # threads do not cross a fork either: each worker listens for itself


class _Gunicorn(BaseApplication):
    def __init__(self, options: dict):
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self):
        from tolaria.site.wsgi import application

        return application


def serve(*, host: str = "127.0.0.1", port: int = 8000, workers: int = 3) -> None:
    """TOLARIA_ACCESS_LOG=path writes one line per request: the server's own time for it in
    microseconds (from the worker reading the request to the response sent) and the path."""
    from tolaria.site.accounts.keys import require_one_secret_key

    require_one_secret_key()
    print(f"Serving Tolaria on http://{host}:{port}/ with {workers} workers")
    close_connections()
    options = {
        "bind": f"{host}:{port}",
        "workers": workers,
        "preload_app": False,
        "post_fork": drop_inherited_connections,
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
