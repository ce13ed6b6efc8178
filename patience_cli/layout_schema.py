"""The closed vocabulary of layout files, checked when a layout is loaded.

Every key a layout may hold is listed here with what it takes; an unknown key
(a misspelling), a value of the wrong kind or outside its choices, or a
missing key is one error naming the file and the path of the value:

    layouts/sultan.toml: piles[3].build.direction: 'donw' is not one of up, down,
    up-or-down, none

``layouts/README.md`` documents every key.  Options that belong to one game's
module are declared by that game here too, so that they are checked alike.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .books import BOOKS

Check = Callable[[Any, str], None]


class LayoutSchemaError(ValueError):
    """A layout that breaks the vocabulary; the message names the path."""


def _fail(path: str, why: str) -> None:
    raise LayoutSchemaError(f"{path}: {why}")


def text(value: Any, path: str) -> None:
    if not isinstance(value, str) or not value.strip():
        _fail(path, f"{value!r} is not a text")


def integer(low: int | None = None, high: int | None = None) -> Check:
    def check(value: Any, path: str) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            _fail(path, f"{value!r} is not a whole number")
        if (low is not None and value < low) or (high is not None and value > high):
            _fail(path, f"{value!r} is not from {low} to {high}")
    return check


def number(value: Any, path: str) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        _fail(path, f"{value!r} is not a number")


def boolean(value: Any, path: str) -> None:
    if not isinstance(value, bool):
        _fail(path, f"{value!r} is not true or false")


def one_of(*choices: Any) -> Check:
    def check(value: Any, path: str) -> None:
        if value not in choices:
            _fail(path, f"{value!r} is not one of {', '.join(str(c) for c in choices)}")
    return check


def either(*checks: Check) -> Check:
    def check(value: Any, path: str) -> None:
        errors = []
        for c in checks:
            try:
                c(value, path)
                return
            except LayoutSchemaError as exc:
                errors.append(str(exc).split(": ", 1)[1])
        _fail(path, " or ".join(dict.fromkeys(errors)))
    return check


def list_of(item: Check, size: int | None = None, empty: bool = False) -> Check:
    """A list of values *item* checks (of *size* values; with *empty*, it
    may be empty: ``refill.after_deal = []``, refilled from nowhere once the
    pack is dealt on)."""
    def check(value: Any, path: str) -> None:
        if not isinstance(value, list) or not (value or empty):
            _fail(path, f"{value!r} is not a list")
        if size is not None and len(value) != size:
            _fail(path, f"a list of {size} is wanted, not of {len(value)}")
        for i, v in enumerate(value):
            item(v, f"{path}[{i}]")
    return check


def table_of_ranks(item: Check) -> Check:
    """A table whose keys are ranks ("Q") and whose values *item* checks."""
    def check(value: Any, path: str) -> None:
        if not isinstance(value, dict):
            _fail(path, f"{value!r} is not a table")
        for k, v in value.items():
            rank(k, f"{path}.{k}")
            item(v, f"{path}.{k}")
    return check


RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def rank(value: Any, path: str) -> None:
    if str(value).upper() not in RANKS or isinstance(value, bool):
        _fail(path, f"{value!r} is not a rank (A, 2 ... 10, J, Q, K)")


def card(value: Any, path: str) -> None:
    from .cards import CardParseError, parse_card

    try:
        parse_card(str(value))
    except CardParseError:
        _fail(path, f"{value!r} is not a card (Kh, 10c ...)")


def rank_or_card(value: Any, path: str) -> None:
    if str(value).upper() not in RANKS:
        card(value, path)


point = list_of(number, 2)


class table:
    """A TOML table with exactly these keys (the required ones present); its
    :attr:`keys` are what the README must document."""

    def __init__(self, keys: dict[str, Check], required: tuple[str, ...] = ()) -> None:
        self.keys, self.required = keys, required

    def __call__(self, value: Any, path: str) -> None:
        keys = self.keys
        if not isinstance(value, dict):
            _fail(path, f"{value!r} is not a table")
        for key in self.required:
            if key not in value:
                _fail(path, f"the key {key!r} is missing")
        for key, v in value.items():
            where = f"{path}.{key}" if path else key
            if key not in keys:
                near = _nearest(key, keys)
                _fail(where, "is not a key of this table" + (f" (did you mean {near!r}?)"
                                                              if near else ""))
            keys[key](v, where)


def _nearest(key: str, keys: dict[str, Any]) -> str | None:
    import difflib

    found = difflib.get_close_matches(key, list(keys), n=1, cutoff=0.7)
    return found[0] if found else None


BUILD = table({
    "direction": one_of("up", "down", "up-or-down", "none"),
    "suit": one_of("same", "any", "alternate"),
    "base": either(rank, one_of("first")), "until": either(rank, one_of("first")),
    "empty": one_of("any", "none", "base"),
    "step": integer(1, 6), "wrap": boolean, "sequence": either(text, list_of(text)),
    "capacity": integer(1, 104), "distinct_suits": boolean,
    "base_card": either(text, list_of(text)), "one_way": boolean,
    "first_of": text,          # group, pile, or another group's key (checked with the groups)
    "alone": either(boolean, one_of("cleared")),
    "step_by": text,           # a group's key (checked with the groups)
})

REFILL = table({"from": list_of(text), "when": one_of("at-once", "player", "deal"),
                "size": integer(1, 52), "count": integer(1, 52),
                "after_deal": list_of(text, empty=True), "same_place": boolean},
               required=("from",))

PILE = table({
    "group": text, "name": text, "heading": text,
    "role": one_of("foundation", "tableau", "reserve", "stock", "talon", "discard",
                   "decoration"),
    "number": integer(1, 9999), "count": integer(1, 999),
    "label_by": one_of("number", "position"), "labels": list_of(text),
    "at": either(point, list_of(point)), "step": point, "row_step": point,
    "wrap": integer(1, 999),
    "orientation": either(one_of("upright", "crosswise"),
                          list_of(one_of("upright", "crosswise"))),
    "tilt": either(number, list_of(number)),
    "caption_at": point,
    "spread": one_of("none", "down", "right", "left", "fan", "hand"),
    "deal": either(integer(0, 999), one_of("rest", "by-rank"), list_of(integer(0, 999))),
    "rank": either(rank, list_of(rank)),
    "face": one_of("up", "down", "top-up", "alternate"),
    "build": BUILD,
    "available": one_of("top", "all", "none", "ends", "ends-once-dealt", "all-once-dealt", "below",
                        "at-end", "turned"),
    "tag": one_of("label", "inside"),
    "note": text,
    "withdraw": either(text, list_of(text)),
    "accepts_from": list_of(text),
    "refill": REFILL,
    "first_claim": either(boolean, one_of("empty", "second")),
    "move": one_of("top", "face-up-run", "built-run", "whole-run", "run-to-vacancy"),
    "second_to": list_of(text),
    "deal_from_top": boolean, "distinct_ranks": boolean,
    "as_they_appear": either(boolean, one_of("every")),
    "opens_after": list_of(text),
    "blocked_by": list_of(text),
    "slip_under": list_of(rank), "take_top": text, "set_aside": text,
    "formed": one_of("at-end"),
    "deal_up": either(one_of("any", "starts"), list_of(integer(1, 999)), list_of(list_of(integer(1, 999)))),
}, required=("group", "name", "role", "number"))

#: The engine's settings, the renderers' settings, and (declared by the game's
#: module as ``SETTINGS``, a dict of checks) the module's own.
REGATHER = table({"from": list_of(text), "shuffle": boolean,
                  "times": either(integer(0, 99), one_of("unlimited")),
                  "stall": integer(1, 9), "last_first": boolean,
                  "first": integer(1, 9999), "to": one_of("piles", "stock"),
                  "order": list_of(integer(1, 9999))},
                 required=("from",))
PLAY = table({"redeals": either(integer(0, 99), one_of("unlimited")), "redeal_shuffle": boolean, "own_packs": boolean,
              "deal_to": either(text, table({"group": text, "cards": integer(1, 13),
                                             "slots": list_of(integer(1, 9999)),
                                             "per_deal": integer(1, 104),
                                             "last_slots": list_of(integer(1, 9999))})),
              "regather": REGATHER,
              "hemispheres": table({"red": list_of(text), "black": list_of(text)},
                                   required=("red", "black")),
              "bottom_to_top": table({"from": list_of(text), "times": integer(1, 9)},
                                     required=("from", "times")),
              "hold": table({"group": text, "up": text, "down": text,
                             "decide": one_of("continuing", "player")},
                            required=("group", "up", "down")),
              "grace": table({"times": integer(0, 9), "from": list_of(text),
                              "row": integer(1, 99), "ranks": list_of(rank),
                              "before_start": boolean, "once_dealt": boolean},
                             required=("from",)),
              "score": table({"stake": integer(0, 9999), "per_card": integer(1, 99)},
                             required=("stake", "per_card")),
              "rows": table({"group": text, "groups": list_of(text),
                             "refill": one_of("pause", "immediate", "current", "none"),
                             "also": text, "from": list_of(text), "laid_over": boolean}),
              "choose_base": table({"from": text}, required=("from",)),
              "exchange": table({"up": text, "down": text}, required=("up", "down")),
              "look_ahead": table({"group": text, "by": text}, required=("group", "by")),
              "placing": table({"group": text, "round": integer(1, 104), "frozen": boolean},
                               required=("group", "round")),
              "pairs": table({"from": list_of(text), "total": integer(2, 26),
                              "alike": either(boolean, one_of("suit")),
                              "singles": list_of(rank), "extra": text, "cover": boolean,
                              "reserve": text, "partner": text, "line": boolean,
                              "triple": list_of(rank, size=3), "close": one_of("matched")},
                             required=("from",)),
              "count": table({"calls": list_of(rank), "restart": boolean},
                             required=("calls",)),
              "between": table({"group": text, "most": integer(1, 51)}, required=("group",)),
              "change_places": table({"group": text, "cards": integer(1, 4),
                                      "per": one_of("block", "game")}, required=("group",)),
              "travel": table({"group": text, "aside": text, "spare": text,
                               "until": one_of("playable")},
                              required=("group",)),
              "redeal_packets": table({"group": text}, required=("group",)),
              "crowned": table({"from": list_of(text), "total": integer(3, 60),
                                "cards": integer(2, 6), "crown": list_of(rank), "to": text},
                               required=("from", "total", "to")),
              "onto_latest": table({"group": text, "routes": table_of_ranks(text),
                                    "build_after_deal": boolean, "up_at_once": boolean},
                                   required=("group",))})
BOARD = table({"style": one_of("rows", "grid"), "note": text, "mark_available": boolean,
               "pairs": boolean, "open_packets": boolean, "in_order": list_of(text)})


def _game_settings(rules: Any) -> Check:
    """The check of a ``[game]`` table: the keys the game's module declares."""
    def check(value: Any, path: str) -> None:
        if not rules or rules == "standard":
            _fail(path, "only a game with a module of its own ('rules') has settings here")
        import importlib

        try:
            settings = importlib.import_module(f"patience_cli.games.{rules}").SETTINGS
        except (ImportError, AttributeError):
            _fail(path, f"the module {rules!r} declares no SETTINGS")
        table(settings)(value, path)
    return check


SOURCE = table({"book": one_of(*BOOKS),
                "number": integer(0, 999), "title": text}, required=("book",))
#: The same game in another book, or under another of a book's titles.
ALSO = list_of(table({"book": one_of(*BOOKS), "number": integer(0, 999), "title": text},
                     required=("book", "title")))
PACK = table({"kind": one_of("whist", "piquet"), "count": integer(1, 8)}, required=("kind",))
DEAL = table({"order": one_of("by-pile", "rounds"), "groups": list_of(text),
              "piles": list_of(integer(1, 9999)),
              "up_slot": one_of("refill", "skip"), "up_from": one_of("dealt", "free", "round", "outer"),
              "last": list_of(rank_or_card, empty=True)})

_TOP: dict[str, Check] = {
    "id": text, "title": text, "summary": text, "rules": text,
    "source": SOURCE, "also": ALSO, "pack": PACK, "deal": DEAL, "play": PLAY, "board": BOARD,
    "game": lambda v, p: None,  # checked in validate(), knowing the module
    "piles": list_of(PILE),
}
#: A variant's change to a group's piles: any key but the group's (a count or a
#: first number changed applies to each entry of the group; the layout that
#: results is checked whole: the Elevens' third method lays nine heaps, not twelve).
PILE_CHANGE = table({k: v for k, v in PILE.keys.items()
                     if k != "group"})


def _group_changes(value: Any, path: str) -> None:
    if not isinstance(value, dict):
        _fail(path, f"{value!r} is not a table")
    for group, change in value.items():
        PILE_CHANGE(change, f"{path}.{group}")


VARIANT = table({**_TOP, "title": text, "groups": _group_changes})
LAYOUT = table({**_TOP, "variants": lambda v, p: _variants(v, p)},
               required=("id", "title", "summary", "source", "pack", "piles"))
#: A layout that extends another gives only what differs (checked again once merged).
EXTENDING = table({**_TOP, "variants": lambda v, p: _variants(v, p), "extends": text,
                   "groups": _group_changes}, required=("id", "extends"))


def _variants(value: Any, path: str) -> None:
    if not isinstance(value, dict):
        _fail(path, f"{value!r} is not a table")
    for name, body in value.items():
        VARIANT(body, f"{path}.{name}")


def validate(raw: dict[str, Any], where: str) -> None:
    """Check a layout file's contents; raises LayoutSchemaError naming *where*
    (the file) and the path of the bad value."""
    try:
        (EXTENDING if isinstance(raw, dict) and "extends" in raw else LAYOUT)(raw, "")
        for name, body in [("", raw)] + [(f"variants.{k}.", v) for k, v in
                                           raw.get("variants", {}).items()]:
            if "game" in body:
                _game_settings(body.get("rules", raw.get("rules")))(body["game"], f"{name}game")
    except LayoutSchemaError as exc:
        raise LayoutSchemaError(f"{where}: {exc}") from None
