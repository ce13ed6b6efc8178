"""The small read-only records of the layout's model and the [play] settings
(patience_cli/records.py), and the game-name check that replaced a regular
expression on the start path."""

import pickle

import pytest

from patience_cli.layout import load_layout
from patience_cli.layout_model import Build, Refill
from patience_cli.play_settings import Grace, PlaySettings
from patience_cli.state import BadNameError, check_name


def test_a_record_takes_its_fields_in_order_or_by_name_with_defaults():
    refill = Refill(("talon",), when="deal")
    assert (refill.sources, refill.when, refill.after_deal, refill.size) == \
        (("talon",), "deal", None, 1)
    assert Refill(("talon",), "deal") == refill
    assert Build().direction == "down" and Build(direction="up").direction == "up"


@pytest.mark.parametrize("make, words", [
    (lambda: Refill(), "needs its field 'sources'"),
    (lambda: Refill(("a",), colour="red"), "has no field 'colour'"),
    (lambda: Refill(("a",), sources=("b",)), "given twice"),
    (lambda: Grace((), 1, None, None, False, False, "extra"), "fields given in order"),
])
def test_a_record_refuses_a_missing_unknown_or_doubled_field(make, words):
    with pytest.raises(TypeError, match=words):
        make()


def test_a_record_is_read_only_and_replaced_as_a_named_tuple_is():
    build = Build(direction="up", base=1)
    with pytest.raises(AttributeError):
        build.base = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del build.base
    other = build._replace(base=13)
    assert (other.base, other.direction, build.base) == (13, "up", 1)
    with pytest.raises(TypeError, match="no field 'colour'"):
        build._replace(colour="red")


def test_records_compare_and_hash_by_value_and_survive_pickling():
    assert Build(base=1) == Build(base=1) and Build(base=1) != Build(base=2)
    assert hash(Build(base=1)) == hash(Build(base=1))
    assert len({Build(base=1), Build(base=1), Build(base=2)}) == 2
    assert Build() != PlaySettings() and Build() != ("down",)
    layout = load_layout("klondike")  # dict fields (board settings) hash too
    assert hash(layout) == hash(pickle.loads(pickle.dumps(layout)))
    assert pickle.loads(pickle.dumps(layout)) == layout
    assert repr(Refill(("a",))) == ("Refill(sources=('a',), when='at-once', after_deal=None, "
                                    "size=1, count=None, same_place=False)")


@pytest.mark.parametrize("name", ["default", "a", "Game-2", "x" * 64, "9.lives_left"])
def test_a_game_name_of_letters_digits_dash_dot_underscore_is_usable(name):
    assert check_name(name) == name


@pytest.mark.parametrize("name", ["", "x" * 65, "-dash", ".hidden", "_under", "a b", "a/b",
                                  "naïve", "a\n", "g.lock", "g.corrupt", "g.tmp", "١٢"])
def test_a_game_name_with_anything_else_is_refused(name):
    with pytest.raises(BadNameError):
        check_name(name)
