"""The lightweight study's short messages (its "S" columns beside the long-message "L" ones):
a message short enough to fit one block, hashed from the header to the last digest word.

A short message is one byte. How many blocks the core processes for it follows from the
function's padding rule, taken from hashbed's model of the function (``padded_bits``, the
padding the host puts in front of the core): one block for SHA-256, BLAKE-256, Grøstl-256,
Keccak-256 and Skein-512-256, two for JH-256, whose padding is always at least 512 bits long.
The output transformations (Grøstl's P(h) ⊕ h, Skein's output block) are not blocks of the
message: a core runs them once per message, so the measured formula holds them in ``st``.
docs/lightweight.md has the rule of each function and its source.
"""

from __future__ import annotations

from hashbed.catalogue.algorithms import HashAlgorithm
from hashbed.catalogue.cycles import CycleFormula
from hashbed.catalogue.throughput import throughput_at_blocks_mbps

#: The short message: one byte.
SHORT_MESSAGE_BITS = 8


def short_blocks(algorithm: HashAlgorithm) -> int:
    """The padded blocks of a short message under the algorithm's padding rule."""
    return algorithm.padded_bits(SHORT_MESSAGE_BITS) // algorithm.block_bits


def short_throughput_mbps(formula: CycleFormula, block_bits: int, fmax_mhz: float, blocks: int) -> float:
    """The study's short-message throughput: one block's bits over the time the core takes for
    the short message of ``blocks`` padded blocks, start and end included:
    ``block_bits · f / (st + lp·blocks + end)``."""
    return throughput_at_blocks_mbps(formula, block_bits, fmax_mhz, blocks) / blocks
