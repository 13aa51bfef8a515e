"""A model of BLAKE2s-256 for hashbed, as a user writes one: the core's manifest ``modelled.toml``
names this file (``model = "blake2s_model.py"``), and hashbed then makes messages of its own for
the core (random stalls, several segments), measures its cycle formula and benches it.

``pad`` is what the core hashes: the message zero-filled to whole 64-byte blocks, at least one
(BLAKE2s counts the message bytes instead of appending a length); ``digest`` is Python's own.
"""

from __future__ import annotations

import hashlib

from hashbed.catalogue.algorithms import HashAlgorithm, Message


class Blake2s256(HashAlgorithm):
    name = "blake2s-256"
    version = "rfc7693"
    block_bits = 512
    digest_bits = 256

    def pad(self, message: Message) -> bytes:
        blocks = max(1, -(-len(message.data) // 64))
        return message.data + bytes(64 * blocks - len(message.data))

    def digest(self, message: Message) -> bytes:
        if message.bits % 8:
            raise ValueError("BLAKE2s hashes whole bytes")
        return hashlib.blake2s(message.data).digest()


MODEL = Blake2s256()
