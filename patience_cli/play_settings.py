"""The ``[play]`` table of a layout, typed: one record for each rule it names,
read once when the layout is loaded (:func:`parse_play`), so that the rule
features read fields, never a raw table.  The vocabulary and its checks are
:data:`patience_cli.layout_schema.PLAY`; ``layouts/README.md`` says what each
key means and which feature carries it."""

from __future__ import annotations

from typing import Any, NamedTuple


class Regather(NamedTuple):
    groups: tuple[str, ...]          # from: the groups taken up, pile by pile
    shuffle: bool = False
    times: int | None = 1            # how often (None: without limit)
    stall: int | None = None         # deals in a row that put nothing up, at most
    last_first: bool = False
    first: int | None = None         # the pile number the taking up begins with


class BottomToTop(NamedTuple):
    groups: tuple[str, ...]
    times: int


class Hold(NamedTuple):
    group: str
    up: str
    down: str
    decide: str = "continuing"


class Grace(NamedTuple):
    groups: tuple[str, ...]
    times: int = 1
    row: int | None = None
    ranks: tuple[str, ...] | None = None
    before_start: bool = False


class Score(NamedTuple):
    stake: int
    per_card: int


class OntoLatest(NamedTuple):
    group: str
    routes: dict[str, str] = {}      # noqa: RUF012 (never mutated)
    up_at_once: bool = False
    build_after_deal: bool = False


class Rows(NamedTuple):
    group: str
    refill: str = "pause"
    also: str | None = None


class PlaySettings(NamedTuple):
    """Every key of ``[play]``, typed; a rule the layout does not name is None."""

    redeals: int = 0
    redeal_shuffle: bool = False
    own_packs: bool = False
    deal_to: str | None = None
    regather: Regather | None = None
    bottom_to_top: BottomToTop | None = None
    hold: Hold | None = None
    grace: Grace | None = None
    score: Score | None = None
    onto_latest: OntoLatest | None = None
    rows: Rows | None = None


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
