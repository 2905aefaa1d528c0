"""Production serving: gunicorn with several worker processes; whitenoise serves static files."""

from __future__ import annotations

from gunicorn.app.base import BaseApplication


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
    import os

    from django.db import connections

    from tolaria.site.accounts.keys import require_one_secret_key

    require_one_secret_key()
    connections.close_all()  # no connection may cross the fork into the workers
    print(f"Serving Tolaria on http://{host}:{port}/ with {workers} workers")
    options = {
        "bind": f"{host}:{port}",
        "workers": workers,
        "preload_app": False,
        "accesslog": os.environ.get("TOLARIA_ACCESS_LOG") or None,
        "access_log_format": "%(D)s %(s)s %(U)s",
        "timeout": 60,
        "graceful_timeout": 10,
    }
    _Gunicorn(options).run()
