"""Odds measured deal by deal: each deal's answer is one JSON line of a
results file, written as it comes, so that a measurement accumulates, a run
stopped part way resumes where it stopped, and the files of several runs or
machines merge (they may simply be concatenated).

A line::

    {"game": "fours", "variant": null, "seed": 7, "result": "won",
     "positions": 812, "seconds": 0.031, "budget": {"positions": 20000,
     "seconds": 10.0}, "deal": "r1", "solver": 2}

``result`` is ``won``, ``lost`` (proved) or ``undecided`` (the budget ran
out).  A deal won or proved lost stays so whatever the budget (the solver's
wins replay, its losses are proofs), so such an answer is taken from any run;
an undecided one only from a run whose budget was at least as large, since a
larger budget may decide it, and only from a run of the same solver
(``solver``, its revision: :data:`patience_cli.solver.REVISION`, raised
whenever the solver may decide deals an earlier one left undecided; a line
without it is of revision 1).  Answers of another deal algorithm (``deal``)
are other deals and are never taken, nor answers of other rules (``rules``:
:func:`patience_cli.layout.rules_fingerprint`, which changes when a game's
rules are read anew; a line without it, written before answers carried it,
is taken as of the rules of the day), nor a "lost" of a solver whose proofs
no longer stand for the game (:func:`patience_cli.solver.proofs_since`).

Plain Python: the files are read and written by the caller (the ``odds``
command, ``scripts/update_odds.py``), line by line.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from .rng import DEAL_VERSION
from .solver import REVISION

WON, LOST, UNDECIDED = "won", "lost", "undecided"
RESULTS = (WON, LOST, UNDECIDED)
DEAL = f"r{DEAL_VERSION}"


class ResultsError(ValueError):
    """A results file that cannot be read."""


@dataclass(frozen=True)
class Budget:
    """What each deal was given: positions (the reproducible limit) and
    seconds (a cap)."""

    positions: int
    seconds: float

    def covers(self, other: Budget) -> bool:
        """Whether a search with this budget went at least as far as one with
        *other* would have."""
        return self.positions >= other.positions and self.seconds >= other.seconds

    def text(self) -> str:
        return f"{self.positions} positions or {self.seconds:g} s a deal"


@dataclass(frozen=True, slots=True)
class DealAnswer:
    """One deal's answer."""

    game: str
    variant: str | None
    seed: int
    result: str          # won | lost | undecided
    positions: int       # positions the search went through
    seconds: float
    budget: Budget
    deal: str = DEAL
    solver: int = REVISION   # the solver's revision that gave it
    rules: str | None = None  # the rules' fingerprint (None: not recorded)

    @property
    def decided(self) -> bool:
        return self.result != UNDECIDED

    def to_json(self) -> dict[str, Any]:
        data = {"game": self.game, "variant": self.variant, "seed": self.seed,
                "result": self.result, "positions": self.positions,
                "seconds": round(self.seconds, 3),
                "budget": {"positions": self.budget.positions, "seconds": self.budget.seconds},
                "deal": self.deal, "solver": self.solver}
        if self.rules is not None:
            data["rules"] = self.rules
        return data

    def line(self) -> str:
        return json.dumps(self.to_json(), separators=(", ", ": "), allow_nan=False) + "\n"

    @classmethod
    def from_json(cls, data: Any) -> DealAnswer:
        """Raises ResultsError, saying what is wrong, for anything that is not
        an answer this program (or an earlier version of it) wrote: fields of
        the wrong types or out of range, or a solver newer than this one."""
        if not isinstance(data, dict):
            raise ResultsError("not a deal's answer (not a JSON object)")
        budget = data.get("budget")
        if not isinstance(budget, dict):
            raise ResultsError("not a deal's answer (no budget)")
        answer = cls(_field(data, "game", str), _field(data, "variant", str, none=True),
                     _count(data, "seed", least=1), _field(data, "result", str),
                     _count(data, "positions"), _seconds(data, "seconds"),
                     Budget(_count(budget, "positions", least=1),
                            _seconds(budget, "seconds", least=0.0)),
                     _field(data, "deal", str, DEAL), _count(data, "solver", least=1, default=1),
                     _field(data, "rules", str, none=True))
        if answer.result not in RESULTS:
            raise ResultsError(f"not a deal's answer (result {answer.result[:20]!r})")
        if answer.solver > REVISION:
            raise ResultsError(f"written by a newer solver (revision {answer.solver}; this "
                               f"is revision {REVISION}): use that version's patience")
        return answer


_ABSENT = object()
#: The largest count a line may hold (a deal number, positions searched).
MAX_COUNT = 2**63 - 1


def _field(data: dict, key: str, kind: type, default: Any = _ABSENT,
           none: bool = False) -> Any:
    value = data.get(key, default if default is not _ABSENT else (None if none else _ABSENT))
    if value is _ABSENT:
        raise ResultsError(f"not a deal's answer (no {key})")
    if not (isinstance(value, kind) or (none and value is None)):
        raise ResultsError(f"not a deal's answer ({key} is not a {kind.__name__})")
    if isinstance(value, str) and len(value) > 200:
        raise ResultsError(f"not a deal's answer ({key} is over 200 characters)")
    return value


def _count(data: dict, key: str, least: int = 0, default: int | None = None) -> int:
    value = data.get(key, default)
    if type(value) is not int or not least <= value <= MAX_COUNT:
        raise ResultsError(f"not a deal's answer ({key} is not a whole number from {least})")
    return value


def _seconds(data: dict, key: str, least: float = 0.0) -> float:
    value = data.get(key)
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not least <= value < 1e12:
        raise ResultsError(f"not a deal's answer ({key} is not a number of seconds)")
    return float(value)


def read_answers(lines: Iterable[str], where: str = "results") -> Iterator[DealAnswer]:
    """The answers of a results file's lines.  A last line cut short (a run
    stopped as it wrote) is passed over; any other line that is not an
    answer is an error naming the line."""
    pending: tuple[int, str] | None = None
    for n, line in enumerate(lines, 1):
        if pending is not None:  # a bad line followed by more: not a torn end
            raise ResultsError(f"{where}, line {pending[0]}: {pending[1]}")
        if not line.strip():
            continue
        try:
            yield DealAnswer.from_json(json.loads(line, parse_constant=_no_constant))
        except (ValueError, RecursionError) as exc:  # JSONDecodeError is a ValueError
            why = str(exc) if isinstance(exc, ResultsError) else "not JSON"
            if line.endswith("\n"):
                raise ResultsError(f"{where}, line {n}: {why}") from None
            pending = (n, why)  # the last line, cut short: the deal is solved again


def _no_constant(name: str) -> None:
    raise ResultsError(f"not a deal's answer ({name} is not a number)")


class Answers:
    """The answers known for one game and variant, one a seed: a decided
    answer over an undecided one, among undecided ones the latest solver's,
    then the largest budget; under the rules *rules* (a fingerprint) where
    given, an answer of other rules being another game's.
    Merging answers that contradict (won and lost) is an error: one of the
    runs was of other rules."""

    def __init__(self, game: str, variant: str | None, rules: str | None = None,
                 proofs_since: int = 1) -> None:
        self.game, self.variant, self.rules = game, variant, rules
        #: the first solver revision whose proofs of loss stand for this game
        #: (:func:`patience_cli.solver.proofs_since`): an earlier "lost" is not taken
        self.proofs_since = proofs_since
        self.by_seed: dict[int, DealAnswer] = {}

    def add(self, answer: DealAnswer) -> None:
        if answer.game != self.game or answer.variant != self.variant or answer.deal != DEAL \
                or (None not in (self.rules, answer.rules) and answer.rules != self.rules):
            return  # another game's, other deals, or the game under other rules
        if answer.result == "lost" and answer.solver < self.proofs_since:
            return  # a proof that may rest on a move wrongly called safe: solved again
        known = self.by_seed.get(answer.seed)
        if known is None or (not known.decided and (
                answer.decided or answer.solver > known.solver
                or (answer.solver == known.solver and answer.budget.covers(known.budget)))):
            self.by_seed[answer.seed] = answer
        elif known.decided and answer.decided and known.result != answer.result:
            raise ResultsError(f"deal {answer.seed} of {self.game} is {known.result} in one run "
                               f"and {answer.result} in another: were they of the same rules?")

    def usable(self, seed: int, budget: Budget) -> DealAnswer | None:
        """The answer a run with *budget* may take instead of solving the
        deal again, if any."""
        known = self.by_seed.get(seed)
        if known is None or (not known.decided and (known.solver != REVISION
                                                    or not known.budget.covers(budget))):
            return None  # (a newer solver may decide what an older one left open)
        return known


@dataclass(frozen=True)
class Tally:
    """The counts over a set of deals."""

    won: int
    lost: int
    undecided: int
    lost_deals: tuple[int, ...]
    undecided_deals: tuple[int, ...]

    @property
    def deals(self) -> int:
        return self.won + self.lost + self.undecided


def tally(answers: Iterable[DealAnswer]) -> Tally:
    won = lost = 0
    lost_deals: list[int] = []
    open_deals: list[int] = []
    for a in sorted(answers, key=lambda a: a.seed):
        if a.result == WON:
            won += 1
        elif a.result == LOST:
            lost += 1
            lost_deals.append(a.seed)
        else:
            open_deals.append(a.seed)
    return Tally(won, lost, len(open_deals), tuple(lost_deals), tuple(open_deals))


def first_deals(known: Answers) -> list[DealAnswer]:
    """The answers of deals 1, 2, 3 ... as far as none is missing (the rule
    sheets and the README speak of deals 1 to N)."""
    found = []
    n = 1
    while n in known.by_seed:
        found.append(known.by_seed[n])
        n += 1
    return found


def largest_budget(answers: Iterable[DealAnswer]) -> Budget:
    """The most any of *answers* was given (what a table may say of them all:
    none had more)."""
    budgets = [a.budget for a in answers]
    return Budget(max(b.positions for b in budgets), max(b.seconds for b in budgets))
