"""The algorithm suites of the LWC interface: an authenticated cipher and its hash functions,
computed by one core (docs/interface.md, the LWC interface)."""

from __future__ import annotations

from dataclasses import dataclass

from hashbed.catalogue.algorithms.ascon import AsconAead128, AsconCxof128, AsconHash256, AsconXof128
from hashbed.errors import HashbedError


@dataclass(frozen=True)
class LwcSuite:
    """What an LWC core computes: ``aead`` (ENC, DEC), ``hash`` (HASH) and ``xof`` (XOF); ``cxof``
    is modelled beside them but has no instruction."""

    name: str
    version: str
    aead: AsconAead128
    hash: AsconHash256
    xof: AsconXof128
    cxof: AsconCxof128

    @property
    def key(self) -> str:
        return f"{self.name}/{self.version}"

    def kat_names(self) -> dict[str, str]:
        """The file name of each member's LWC KAT file (``aead``, ``hash``, ``xof``, ``cxof``)."""
        return {
            "aead": f"{self.aead.name}_{self.version}_LWC_AEAD_KAT.txt",
            "hash": f"{self.hash.name}_{self.version}_LWC_HASH_KAT.txt",
            "xof": f"{self.xof.name}_{self.version}_LWC_HASH_KAT.txt",
            "cxof": f"{self.cxof.name}_{self.version}_LWC_CXOF_KAT.txt",
        }


LWC_SUITES: dict[str, LwcSuite] = {
    suite.key: suite for suite in (LwcSuite("ascon", "sp800-232", AsconAead128(), AsconHash256(), AsconXof128(), AsconCxof128()),)
}


def get_lwc_suite(name: str, version: str) -> LwcSuite:
    try:
        return LWC_SUITES[f"{name}/{version}"]
    except KeyError:
        known = ", ".join(sorted(LWC_SUITES))
        raise HashbedError(f"unknown LWC algorithm {name!r} version {version!r}; known: {known}") from None
