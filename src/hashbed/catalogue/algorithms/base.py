"""What every hash algorithm model provides."""

from __future__ import annotations

from abc import ABC, abstractmethod

from hashbed.catalogue.algorithms.message import Message


class HashAlgorithm(ABC):
    """A pure-Python reference model of one hash function in one version.

    ``pad`` is the host-side padding that the hardware interface expects in front of
    the core; ``digest`` is the software oracle used by every test.
    """

    #: Name as used by the KAT files, e.g. ``sha-256``.
    name: str
    #: Specification version: ``fips``, ``round2``, ``round3`` ...
    version: str
    block_bits: int
    digest_bits: int

    @property
    def key(self) -> str:
        return f"{self.name}/{self.version}"

    @abstractmethod
    def pad(self, message: Message) -> bytes:
        """The padded message: whole blocks, as the core consumes them."""

    @abstractmethod
    def digest(self, message: Message) -> bytes:
        """The hash of ``message``."""

    def padded_bits(self, message_bits: int) -> int:
        """Length of the padded message for a message of ``message_bits`` bits."""
        return 8 * len(self.pad(Message.from_prefix(bytes((message_bits + 7) // 8), message_bits)))
