"""The interfaces of the cores (docs/interface.md): the hash interface and the LWC interface, each
an ``Interface`` (base.py) that a core carries with its manifest's options (``Core.io``)."""

from __future__ import annotations

from hashbed.catalogue.interfaces.base import Case, CaseSet, Interface, Mismatch, Operation, Stamps
from hashbed.catalogue.interfaces.hash import HashInterface
from hashbed.catalogue.interfaces.lwc import LwcInterface

#: Each interface by the manifest's name of it.
INTERFACES: dict[str, type[Interface]] = {kind.name: kind for kind in (HashInterface, LwcInterface)}

__all__ = ["INTERFACES", "Case", "CaseSet", "HashInterface", "Interface", "LwcInterface", "Mismatch", "Operation", "Stamps"]
