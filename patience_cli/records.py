"""Small read-only records for the layout's model and the ``[play]`` settings.

A record class names its fields in ``__slots__`` (given in that order, or by
name) and the defaults of the optional ones in ``_defaults``; it compares,
hashes, prints and ``_replace``-s as a NamedTuple does.  Why not a
NamedTuple: ``typing.NamedTuple`` compiles a constructor for each class when
its module is imported, some 0.1 ms a class, paid by every command; a record
class is made as any class is, from the compiled module.  (Positions, moves
and cards stay NamedTuples: the solver hashes and compares them by the
million, and a tuple does that in C.)
"""

from typing import Any, ClassVar


class Record:
    """A read-only record; subclasses set ``__slots__`` and ``_defaults``."""

    __slots__ = ("_hash",)  # the hash, found when first asked (the move generator keys on builds)
    _hash: int
    #: the defaults of the fields that may be left out
    _defaults: ClassVar[dict[str, Any]] = {}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        fields = type(self).__slots__
        if args:
            if len(args) > len(fields) or not kwargs.keys().isdisjoint(fields[:len(args)]):
                raise TypeError(f"{type(self).__name__}: {len(args)} fields given in order "
                                f"(of {len(fields)}), or one given twice")
            kwargs.update(zip(fields, args))
        values = {**self._defaults, **kwargs}
        put = object.__setattr__
        try:
            for name in fields:
                put(self, name, values[name])
        except KeyError as missing:
            raise TypeError(f"{type(self).__name__} needs its field {missing}") from None
        if len(values) != len(fields):
            unknown = next(k for k in values if k not in fields)
            raise TypeError(f"{type(self).__name__} has no field {unknown!r}")

    @property
    def _fields(self) -> tuple[str, ...]:
        return type(self).__slots__

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in type(self).__slots__)

    def _replace(self, **changes: Any) -> Any:
        """A copy with *changes* (as ``NamedTuple._replace``)."""
        values = {name: getattr(self, name) for name in type(self).__slots__}
        for name, value in changes.items():
            if name not in values:
                raise TypeError(f"{type(self).__name__} has no field {name!r}")
            values[name] = value
        return type(self)(**values)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only")

    def __eq__(self, other: object) -> bool:
        if other is self:  # most comparisons: a layout's one record met again
            return True
        if type(other) is not type(self):
            return False
        # field by field, to the first that differs (two piles differ in their key)
        return all(getattr(self, name) == getattr(other, name) for name in type(self).__slots__)

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:
            found = hash((type(self).__name__, *map(_hashable, self._values())))
            object.__setattr__(self, "_hash", found)
            return found

    def __repr__(self) -> str:
        return f"{type(self).__name__}(" + ", ".join(
            f"{name}={getattr(self, name)!r}" for name in type(self).__slots__) + ")"

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), self._values()


def _hashable(value: Any) -> Any:
    """A dict field (the layout's board settings) hashed by its items."""
    if isinstance(value, dict):
        return tuple(sorted((k, _hashable(v)) for k, v in value.items()))
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    return value
