"""The pages, one module per group: home, cards, search, rules, tags, errors (urls.py maps them)."""
