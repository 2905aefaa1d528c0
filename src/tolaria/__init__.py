"""Tolaria: a Magic: The Gathering knowledge site — cards, the Comprehensive Rules, search and tags."""

__version__ = "0.1.0"
