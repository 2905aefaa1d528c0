"""The Django site over the core: catalog (cards in the database, ingest), web pages, JSON API,
accounts, lists and decks. The core packages never import from here."""
