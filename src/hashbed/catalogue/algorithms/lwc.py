"""The algorithm suites of the LWC interface: an authenticated cipher and its hash functions,
computed by one core (docs/interface.md, the LWC interface)."""

from __future__ import annotations

from dataclasses import dataclass

from hashbed.catalogue.algorithms.ascon import CXOF_MAX_CUSTOMIZATION, AsconAead128, AsconCxof128, AsconHash256, AsconXof128
from hashbed.catalogue.algorithms.lwc_kat import FieldSize
from hashbed.errors import HashbedError

#: The most output bytes an LWC core's XOF instruction asks for (its 16-bit length).
MAX_XOF_BYTES = 0xFFFF


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

    def kat_sizes(self, member: str) -> dict[str, FieldSize]:
        """The lengths the fields of a member's KAT records may have (``aead``, ``hash``, ``xof``,
        ``cxof``): the algorithm's key, nonce, tag and digest, the customization string's bound, and
        the XOF output an LWC core's XOF instruction can ask for (its 16-bit length)."""
        fix = "fix the record"
        if member == "aead":
            a = self.aead
            return {
                "Key": FieldSize(a.key_bytes, a.key_bytes, f"{a.name} takes {a.key_bytes}; {fix}"),
                "Nonce": FieldSize(a.nonce_bytes, a.nonce_bytes, f"{a.name} takes {a.nonce_bytes}; {fix}"),
                "tag": FieldSize(a.tag_bytes, a.tag_bytes, f"{a.name}'s tag has {a.tag_bytes}; {fix}"),
            }
        if member == "hash":
            h = self.hash
            return {"MD": FieldSize(h.digest_bytes, h.digest_bytes, f"{h.name} gives {h.digest_bytes}; {fix}")}
        if member == "xof":
            return {
                "MD": FieldSize(
                    0,
                    MAX_XOF_BYTES,
                    f"but an LWC core's XOF instruction asks for {MAX_XOF_BYTES} bytes at most (its 16-bit length); "
                    f"keep the first {MAX_XOF_BYTES} bytes of MD (a shorter {self.xof.name} output is their prefix)",
                )
            }
        if member == "cxof":
            most = CXOF_MAX_CUSTOMIZATION
            return {"Z": FieldSize(0, most, f"{self.cxof.name} takes a customization string of {most} bytes at most; {fix}")}
        raise ValueError(f"no KAT member {member!r} (aead, hash, xof, cxof)")


LWC_SUITES: dict[str, LwcSuite] = {
    suite.key: suite for suite in (LwcSuite("ascon", "sp800-232", AsconAead128(), AsconHash256(), AsconXof128(), AsconCxof128()),)
}


def get_lwc_suite(name: str, version: str) -> LwcSuite:
    try:
        return LWC_SUITES[f"{name}/{version}"]
    except KeyError:
        known = ", ".join(sorted(LWC_SUITES))
        raise HashbedError(f"unknown LWC algorithm {name!r} version {version!r}; known: {known}") from None
