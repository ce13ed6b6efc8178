"""The packets of a group re-dealt one by one, each round the others (the
Great Thirteen's Rule III).

Layout: ``play.redeal_packets = { group = GROUP }``.  Once no card can be
played, each ``patience deal`` takes up the next packet of the group in
number order that holds cards (passing over one played off), turns it face
down and deals it a card at a time, face up, onto the group's places,
beginning with the one after it and going round, a vacancy (its own place
among them) taking its card like a packet.  Every packet is re-dealt once;
then there is no more.
"""

from __future__ import annotations

from ..position import Position
from .feature import DealStep, Rules


class PacketRedeal(DealStep):
    deals_again = True
    reads_suits = False
    topic = "redeal"
    keys = ("play.redeal_packets",)

    def __init__(self, rules: Rules, group: str) -> None:
        super().__init__(rules)
        self.group = group
        self.packets = rules.group_piles[group]

    @classmethod
    def build(cls, rules: Rules) -> PacketRedeal | None:
        rule = rules.layout.play.redeal_packets
        return None if rule is None else cls(rules, rule.group)

    def next_packet(self, pos: Position) -> int | None:
        """The place (0 for the group's first) of the packet the next deal
        takes up, or None when every packet has been re-dealt."""
        done = int(pos.get("redealt", 0))  # the places taken up so far: 0 .. done-1
        return next((k for k in range(done, len(self.packets))
                     if pos.piles[self.packets[k]]), None)

    def deal_reason(self, pos: Position) -> str | None:
        if self.next_packet(pos) is None:
            return (f"every {self.rules.specs[self.packets[0]].name.lower()} has been re-dealt: "
                    "there is no more")
        if self.rules.standing.foundation_move_open(pos):
            return ("a card can still be played: the packets are re-dealt only when no card "
                    "can be")
        return None

    def apply_deal(self, pos: Position) -> Position:
        k = self.next_packet(pos)
        assert k is not None
        piles = [list(p) for p in pos.piles]
        taken = piles[self.packets[k]]  # turned face down: its undermost card comes first
        piles[self.packets[k]] = []
        n = len(self.packets)
        for j, card in enumerate(taken):
            piles[self.packets[(k + 1 + j) % n]].append(card)
        return Position(tuple(tuple(p) for p in piles), pos.down, pos.extra).with_extra(
            redealt=k + 1)

    def deal_name(self, pos: Position) -> str:
        k = self.next_packet(pos)
        if k is None:
            return "re-deal a packet"
        specs = self.rules.specs
        return (f"re-deal {specs[self.packets[k]].ref} round the others, beginning on "
                f"{specs[self.packets[(k + 1) % len(self.packets)]].ref}")

    def tally(self, pos: Position) -> str | None:
        left = len(self.packets) - int(pos.get("redealt", 0))
        return f"{left} packet{'s' if left != 1 else ''} to re-deal"

    def lost_words(self, pos: Position) -> str | None:
        return "every packet has been re-dealt"

    def ordered_groups(self) -> set[str]:
        return {self.group}
