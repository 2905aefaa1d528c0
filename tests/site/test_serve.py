"""`tolaria serve` as an operator meets it: a taken port said at once."""

import socket

from tolaria import cli


def test_a_port_in_use_is_one_line_naming_it_and_exits_at_once(capsys, monkeypatch):
    def no_slow_step(*args, **kwargs):
        raise AssertionError("serve went on past a taken port")

    # nothing slow runs before the port is checked (gunicorn retried a taken port for 19 s)
    monkeypatch.setattr(cli._site, "setup_django", no_slow_step)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert cli.main(["serve", "--host", "127.0.0.1", "--port", str(port)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Serving" not in err
    assert err.count("\n") == 1 and f"port {port}" in err and "in use" in err
