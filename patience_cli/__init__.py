"""patience-cli: the patience games of the 19th-century books, played, printed and studied."""

__version__ = "0.1.0"
