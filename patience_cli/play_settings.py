"""The ``[play]`` table of a layout, typed: one record for each rule it names,
read once when the layout is loaded (:func:`parse_play`), so that the rule
features read fields, never a raw table.  The vocabulary and its checks are
:data:`patience_cli.layout_schema.PLAY`; ``layouts/README.md`` says what each
key means and which feature carries it."""

from __future__ import annotations

from typing import Any


def _record(name: str, **defaults: Any) -> type:
    """A small read-only record class with these fields (None: required,
    given in order) and defaults: what a NamedTuple gives, made in a few
    microseconds rather than a tenth of a millisecond at every start."""
    fields = tuple(defaults)

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        values = dict(defaults)
        values.update(zip(fields, args))
        for key, value in kwargs.items():
            if key not in values:
                raise TypeError(f"{name} has no field {key!r}")
            values[key] = value
        for key in fields:
            object.__setattr__(self, key, values[key])

    def __setattr__(self: Any, key: str, value: Any) -> None:
        raise AttributeError(f"{name} is read-only")

    def __eq__(self: Any, other: Any) -> bool:
        return type(other) is type(self) and all(
            getattr(self, f) == getattr(other, f) for f in fields)

    def __hash__(self: Any) -> int:
        return hash((name, *(repr(getattr(self, f)) for f in fields)))

    def __repr__(self: Any) -> str:
        return f"{name}({', '.join(f'{f}={getattr(self, f)!r}' for f in fields)})"

    return type(name, (), {"__slots__": fields, "_fields": fields, "__init__": __init__,
                           "__setattr__": __setattr__, "__eq__": __eq__, "__hash__": __hash__,
                           "__repr__": __repr__})




#: A new deal of the tableau: from (the groups, pile by pile), shuffle, times
#: (None: without limit), stall, last_first, first (the pile it begins with).
Regather = _record("Regather", groups=(), shuffle=False, times=1, stall=None,
                   last_first=False, first=None)
#: The undermost cards laid on top: the groups, how often.
BottomToTop = _record("BottomToTop", groups=(), times=1)
#: Cards laid aside between two foundations: the places, the pairs, who decides.
Hold = _record("Hold", group=None, up=None, down=None, decide="continuing")
#: A counted grace: the groups, how often, the row, the ranks, only before the start.
Grace = _record("Grace", groups=(), times=1, row=None, ranks=None, before_start=False)
#: Counters: the stake paid, and so many won for each card on a foundation.
Score = _record("Score", stake=0, per_card=0)
#: The pack dealt onto the latest pile of a group.
OntoLatest = _record("OntoLatest", group=None, routes={}, up_at_once=False,
                     build_after_deal=False)
#: Progressive rows.
Rows = _record("Rows", group=None, refill="pause", also=None)
#: Every key of [play], typed; a rule the layout does not name is None.
PlaySettings = _record("PlaySettings", redeals=0, redeal_shuffle=False, own_packs=False,
                       deal_to=None, regather=None, bottom_to_top=None, hold=None, grace=None,
                       score=None, onto_latest=None, rows=None)


def parse_play(table: dict[str, Any]) -> PlaySettings:
    """The ``[play]`` table (already checked against the vocabulary), typed."""
    regather = table.get("regather")
    times = None if not regather else regather.get("times", 1)
    grace = table.get("grace")
    return PlaySettings(
        redeals=int(table.get("redeals", 0)),
        redeal_shuffle=bool(table.get("redeal_shuffle", False)),
        own_packs=bool(table.get("own_packs", False)),
        deal_to=table.get("deal_to"),
        # times = 0: a variant's way to say there is no new deal
        regather=None if not regather or times == 0 else Regather(
            tuple(regather.get("from", ())), bool(regather.get("shuffle", False)),
            None if times == "unlimited" else int(times), regather.get("stall"),
            bool(regather.get("last_first", False)), regather.get("first")),
        bottom_to_top=_made(BottomToTop, table.get("bottom_to_top"), groups="from"),
        hold=_made(Hold, table.get("hold")),
        grace=None if not grace else Grace(
            tuple(grace.get("from", ())), int(grace.get("times", 1)), grace.get("row"),
            None if grace.get("ranks") is None else tuple(str(r).upper()
                                                           for r in grace["ranks"]),
            bool(grace.get("before_start", False))),
        score=_made(Score, table.get("score")),
        onto_latest=_made(OntoLatest, table.get("onto_latest")),
        rows=_made(Rows, table.get("rows")),
    )


def _made(kind: type, table: dict[str, Any] | None, groups: str | None = None) -> Any:
    """*kind* made of *table*'s keys (the key *groups* read as the field
    ``groups``, a tuple), or None where the table is absent or empty."""
    if not table:
        return None
    values = dict(table)
    if groups is not None:
        values["groups"] = tuple(values.pop(groups))
    return kind(**values)
