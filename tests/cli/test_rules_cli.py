"""`tolaria rules …`: a rule, a glossary term, storing editions (from a file or Wizards' page), diffs."""

import datetime as dt
import http.server
import threading
from functools import partial

import pytest

from tolaria import cli
from tolaria.rules import latest_rules_url
from tolaria.rules._parser import shipped_rules_file
from tolaria.site.catalog.models import RulesVersion

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_migrate(monkeypatch):
    monkeypatch.setattr(cli._site, "migrate", lambda verbosity=0: None)


@pytest.fixture(scope="module")
def shipped_text():
    return shipped_rules_file().read_text(encoding="utf-8-sig")


def older_edition(text: str) -> str:
    """The shipped rules as an edition of a year before, with trample's 702.19g worded differently and
    one rule that the newer edition no longer has."""
    text = text.replace("effective as of February 27, 2026", "effective as of February 27, 2025", 1)
    text = text.replace(
        "Multiple instances of trample on the same creature are redundant.",
        "Several instances of trample on one creature are redundant.",
        1,
    )
    return text.replace("702.19g ", "702.19h Old rule about trample.\n\n702.19g ", 1)


def test_rule_prints_the_rule_and_its_subrules(capsys):
    assert cli.main(["rules", "702.19"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("  702.19. Trample")
    assert "702.19a Trample is a static ability" in out and "702.19g" in out and "Example:" in out


def test_unknown_rule_exits_2_with_the_nearest(capsys):
    assert cli.main(["rules", "702.19z"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Nearest:" in err and "702.19" in err


def test_glossary(capsys):
    assert cli.main(["rules", "glossary", "trample"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Trample\n") and "702.19" in out
    assert cli.main(["rules", "glossary", "tramplle"]) == 2
    assert "Close terms: Trample" in capsys.readouterr().err


def test_ingest_a_file_then_diff_two_editions(capsys, tmp_path, shipped_text):
    old = tmp_path / "old.txt"
    old.write_text(older_edition(shipped_text), encoding="utf-8")
    new = tmp_path / "new.txt"
    new.write_text(shipped_text, encoding="utf-8")
    assert cli.main(["rules", "ingest", str(old)]) == 0
    assert "Stored: Comprehensive Rules effective 2025-02-27" in capsys.readouterr().out
    assert cli.main(["rules", "ingest", str(new)]) == 0
    assert cli.main(["rules", "ingest", str(new)]) == 0
    assert "Already stored" in capsys.readouterr().out
    assert set(RulesVersion.objects.values_list("effective_date", flat=True)) >= {
        dt.date(2025, 2, 27),
        dt.date(2026, 2, 27),
    }

    assert cli.main(["rules", "diff", "2025-02-27", "2026-02-27"]) == 0
    out = capsys.readouterr().out
    assert "Removed (1):" in out and "702.19h Old rule about trample." in out
    assert "Changed (1):" in out
    assert "~ 702.19g [-Several-]{+Multiple+} instances of trample on [-one-]{+the same+} creature" in out


def test_diff_of_a_date_not_stored_is_one_line(capsys):
    assert cli.main(["rules", "diff", "2001-01-01", "2026-02-27"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no stored edition effective 2001-01-01" in err


def test_ingest_of_a_malformed_file_is_one_line(capsys, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("Magic: The Gathering Comprehensive Rules\n\nno date here\n", encoding="utf-8")
    assert cli.main(["rules", "ingest", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "line" in err and "Traceback" not in err


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture
def wizards_site(tmp_path, shipped_text):
    """A local stand-in for magic.wizards.com/en/rules: a page linking the .txt, and the .txt (cp1252)."""
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "rules").write_text(
        '<html><a href="/downloads/MagicCompRules%2020250227.pdf">PDF</a>'
        '<a class="cta" href="/downloads/MagicCompRules%2020250227.txt">TXT</a></html>',
        encoding="utf-8",
    )
    (tmp_path / "downloads").mkdir()
    (tmp_path / "downloads" / "MagicCompRules 20250227.txt").write_bytes(
        older_edition(shipped_text).encode("cp1252", "replace")
    )
    seen = []

    class Handler(QuietHandler):
        def do_GET(self):
            seen.append(self.headers.get("User-Agent"))
            return super().do_GET()

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), partial(Handler, directory=str(tmp_path)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/en/rules", seen
    server.shutdown()
    server.server_close()


def test_ingest_latest_finds_the_txt_link_and_stores_it(capsys, wizards_site):
    page, seen = wizards_site
    assert latest_rules_url(page).endswith("/downloads/MagicCompRules%2020250227.txt")
    assert cli.main(["rules", "ingest", "--latest", "--rules-page", page]) == 0
    assert "Stored: Comprehensive Rules effective 2025-02-27" in capsys.readouterr().out
    stored = RulesVersion.objects.get(effective_date=dt.date(2025, 2, 27))
    assert "Several instances of trample" in stored.text and stored.source.endswith(".txt")
    assert seen and all(ua.startswith("Tolaria/") for ua in seen)


def test_ingest_latest_from_a_page_without_a_link_is_one_line(capsys, tmp_path):
    (tmp_path / "rules").write_text("<html>nothing here</html>", encoding="utf-8")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), partial(QuietHandler, directory=str(tmp_path)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        assert (
            cli.main(
                ["rules", "ingest", "--latest", "--rules-page", f"http://127.0.0.1:{server.server_address[1]}/rules"]
            )
            == 2
        )
    finally:
        server.shutdown()
        server.server_close()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no link to a .txt" in err


def test_rules_usage_errors(capsys):
    assert cli.main(["rules", "ingest"]) == 2
    assert cli.main(["rules", "diff", "2025-01-01"]) == 2
    assert capsys.readouterr().err.count("tolaria: usage") == 2
