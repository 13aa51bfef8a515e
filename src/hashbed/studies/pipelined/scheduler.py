"""The host-side scheduler of a block pipeline: which block or bubble to issue next.

A pipeline of S stages with its final-addition slot is a ring of S + 1 issue slots: a block
issued now leaves the final addition just as the issue S + 1 places later enters, and that
issue can continue the same message with the chaining value the core has just formed.
So each message keeps one slot until its last block; a slot without a message issues a
bubble, and a freed slot takes the next waiting message. Blocks leave the pipeline in issue
order, so digests come out in the order in which the messages' last blocks were issued.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

TAG_BITS = 8
BLOCK_BYTES = 64


@dataclass(frozen=True)
class Issue:
    block: bytes
    first: bool = False
    last: bool = False
    bubble: bool = False
    tag: int = 0


BUBBLE = Issue(bytes(BLOCK_BYTES), bubble=True)


@dataclass(frozen=True)
class Schedule:
    issues: list[Issue]
    #: Message index of each digest, in the order the core gives them.
    digest_order: list[int]
    #: Issues made while messages were still waiting: the steady state, in which no slot
    #: may idle (the rest is the drain at the end).
    saturated: int


def schedule(messages: Sequence[Sequence[bytes]], ring: int) -> Schedule:
    """Issue order for ``messages`` (each a list of 64-byte padded blocks) on a ring of
    ``ring`` slots, ending with ``ring`` bubbles that push the last digests out."""
    if ring < 1:
        raise ValueError(f"a ring needs at least one slot, got {ring}")
    if ring > 1 << TAG_BITS:
        raise ValueError(f"a ring of {ring} slots needs more than {TAG_BITS}-bit tags")
    waiting = deque(range(len(messages)))
    slots: list[tuple[int, int] | None] = [None] * ring  # (message, next block) per slot
    issues: list[Issue] = []
    order: list[int] = []
    saturated = 0
    while waiting or any(slots):
        for slot in range(ring):
            current = slots[slot]
            if current is None and waiting:
                current = (waiting.popleft(), 0)
            if current is None:
                issues.append(BUBBLE)
                continue
            if waiting:
                saturated = len(issues) + 1
            message, index = current
            blocks = messages[message]
            last = index == len(blocks) - 1
            issues.append(Issue(blocks[index], first=index == 0, last=last, tag=message % (1 << TAG_BITS)))
            if last:
                order.append(message)
            slots[slot] = None if last else (message, index + 1)
    issues.extend([BUBBLE] * ring)
    return Schedule(issues, order, saturated)
