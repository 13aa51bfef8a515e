"""Verify an LWC core: stream known-answer operations through it and compare every do word.

Each AEAD record becomes four operations: its encryption, its decryption, and two decryptions
that must answer FAILURE alone: the tag with one bit flipped, and the ciphertext with one bit
flipped (the AD or the nonce where the plaintext is empty). Hash records become HASH operations,
XOF records XOF operations of the record's output length. Generated vectors (no KAT files) add
random keys, reused keys, lengths across blocks and segments, XOF lengths, and a decryption
longer than the core's plaintext buffer, which must answer FAILURE.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from hashbed.catalogue.algorithms.kat import check_vector_folder
from hashbed.catalogue.algorithms.lwc import LwcSuite
from hashbed.catalogue.algorithms.lwc_kat import AeadVector, lwc_kat_identity, read_aead_kat, read_hash_kat
from hashbed.catalogue.algorithms.lwc_vectors import read_lwc_vectors
from hashbed.catalogue.cores import Core
from hashbed.catalogue.lwc_interface import (
    LwcCase,
    decrypt_case,
    encrypt_case,
    first_difference,
    hash_case,
    status_words,
    words_to_bytes,
    xof_case,
)
from hashbed.errors import HashbedError
from hashbed.flow.sim.build import build_simulator
from hashbed.flow.sim.lwc_run import run_lwc_stream
from hashbed.flow.sim.run import DEFAULT_IDLE_LIMIT, Stalls
from hashbed.flow.sim.verify import VERIFY_STALLS, Mismatch, VerifyReport


def lwc_kat_files_in(suite: LwcSuite, folder: Path) -> list[Path]:
    """The KAT files in ``folder`` of the suite's members that an LWC core computes (AEAD, hash, XOF)."""
    check_vector_folder(folder)
    names = suite.kat_names()
    files = [folder / names[member] for member in ("aead", "hash", "xof") if (folder / names[member]).is_file()]
    if not files:
        raise HashbedError(f"no KAT files of {suite.key} in {folder} (expected names like {names['aead']})")
    return files


def _flip(data: bytes, rng: random.Random) -> bytes:
    out = bytearray(data)
    out[rng.randrange(len(out))] ^= 1 << rng.randrange(8)
    return bytes(out)


def aead_cases(
    suite: LwcSuite,
    vector: AeadVector,
    new_key: bool,
    rng: random.Random,
    segment_bytes: int | None = None,
    source: str = "generated",
    width: int = 32,
) -> list[LwcCase]:
    """Encryption, decryption, and decryptions with a flipped tag bit and a flipped ciphertext bit,
    in words of ``width`` bits."""
    aead, v = suite.aead, vector
    if aead.encrypt(v.key, v.nonce, v.ad, v.plaintext) != v.ciphertext:  # the answers are the record's
        raise HashbedError(f"{source}:{v.line}: the {aead.name} model disagrees with CT; check the file, or the model")
    body, tag = v.ciphertext[: -aead.tag_bytes], v.ciphertext[-aead.tag_bytes :]
    if body:
        ad, nonce, tampered = v.ad, v.nonce, _flip(body, rng) + tag
    elif v.ad:
        ad, nonce, tampered = _flip(v.ad, rng), v.nonce, v.ciphertext
    else:
        ad, nonce, tampered = v.ad, _flip(v.nonce, rng), v.ciphertext
    cases = [encrypt_case(aead, v.key, v.nonce, v.ad, v.plaintext, new_key=new_key, segment_bytes=segment_bytes, width=width)]
    for case_nonce, case_ad, sealed in (
        (v.nonce, v.ad, v.ciphertext),
        (v.nonce, v.ad, body + _flip(tag, rng)),
        (nonce, ad, tampered),
    ):
        cases.append(
            decrypt_case(aead, v.key, case_nonce, case_ad, sealed, new_key=False, segment_bytes=segment_bytes, width=width)
        )
    cases = [replace(case, source=source, line=v.line) for case in cases]
    if any(case.expected != status_words(False, width) for case in cases[2:]):
        raise HashbedError(f"{source}:{v.line}: a tampered decryption was accepted by the model; report this")
    return cases


def kat_cases(core: Core, path: Path, segment_bytes: int | None = None) -> list[LwcCase]:
    """The operations of one LWC KAT file, refused if the file is not of the core's suite; every
    record is read and checked against the lengths the suite and the core's interface take before
    any model runs."""
    suite = core.suite
    identity = lwc_kat_identity(path)
    members = {suite.aead.name: ("AEAD", "aead"), suite.hash.name: ("HASH", "hash"), suite.xof.name: ("HASH", "xof")}
    kind, member = members.get(identity.algorithm, ("", "")) if identity is not None else ("", "")
    if identity is None or identity.version != suite.version or kind != identity.kind:
        raise HashbedError(
            f"KAT file {path.name} is not one of {core.name}'s: it computes {', '.join(members)} {suite.version} "
            f"(files named like {suite.kat_names()['aead']})"
        )
    rng = random.Random(path.name)
    source = str(path)
    width = core.bus_width
    sizes = suite.kat_sizes(member)
    cases: list[LwcCase] = []
    if member == "aead":
        last_key = None
        for index, vector in enumerate(read_aead_kat(path, sizes)):
            new_key = vector.key != last_key or index % 5 == 0
            last_key = vector.key
            cases += aead_cases(suite, vector, new_key, rng, segment_bytes, source, width)
        return cases
    for v in read_hash_kat(path, sizes=sizes):
        digest = suite.hash.digest(v.message) if member == "hash" else suite.xof.digest(v.message, len(v.digest))
        if digest != v.digest:  # the answers are the record's
            raise HashbedError(f"{path}:{v.line}: the {identity.algorithm} model disagrees with MD; check the file, or the model")
        if member == "hash":
            case = hash_case(
                suite.hash, v.message, segment_bytes=segment_bytes, source=source, line=v.line, width=width, digest=digest
            )
        else:
            case = xof_case(
                suite.xof,
                v.message,
                len(digest),
                segment_bytes=segment_bytes,
                source=source,
                line=v.line,
                width=width,
                digest=digest,
            )
        cases.append(case)
    return cases


def generated_cases(core: Core, segment_bytes: int | None = None, seed: int = 1) -> list[LwcCase]:
    """The project's own operations, answers from the models (see the module's docstring)."""
    suite = core.suite
    width = core.bus_width
    rng = random.Random(seed)
    longest = core.max_decrypt_bytes or 0
    lengths = [*range(0, 50), 63, 64, 65, 127, 128, 129, 255, 256, 257, 1000, longest]
    cases: list[LwcCase] = []
    key = nonce = b""
    for index, length in enumerate(lengths):
        new = index % 3 == 0
        key = rng.randbytes(16) if new else key
        nonce, ad = rng.randbytes(16), rng.randbytes(rng.choice([0, length, rng.randrange(40)]))
        plaintext = rng.randbytes(length)
        vector = AeadVector(key, nonce, ad, plaintext, suite.aead.encrypt(key, nonce, ad, plaintext), index + 1)
        cases += aead_cases(suite, vector, new, rng, segment_bytes, width=width)
        message = rng.randbytes(length)
        cases.append(hash_case(suite.hash, message, segment_bytes=segment_bytes, width=width))
        out_bytes = rng.choice([0, 1, 7, 8, 9, 32, 64, rng.randrange(200)])
        cases.append(xof_case(suite.xof, message, out_bytes, segment_bytes=segment_bytes, width=width))
    if longest:  # one word more than the buffer holds: never released
        plaintext = rng.randbytes(longest + width // 8)
        sealed = suite.aead.encrypt(key, nonce, b"", plaintext)
        too_long = decrypt_case(suite.aead, key, nonce, b"", sealed, new_key=False, segment_bytes=segment_bytes, width=width)
        cases.append(replace(too_long, expected=status_words(False, width)))
    return cases


def verify_lwc(
    core: Core,
    kat_files: list[Path] | None = None,
    stalls: Stalls = VERIFY_STALLS,
    segment_bytes: int | None = None,
    idle_limit: int = DEFAULT_IDLE_LIMIT,
) -> VerifyReport:
    """Run the KAT files (or the generated operations) through the LWC core ``core`` with stalls
    on pdi, sdi (``stalls.src``) and do (``stalls.dst``); stop at the first wrong answer."""
    if kat_files:
        sets = [(str(path), kat_cases(core, path, segment_bytes)) for path in kat_files]
    else:
        sets = [(f"generated {core.suite.key} operations", generated_cases(core, segment_bytes))]
    return _run_sets(core, sets, stalls, idle_limit)


def _run_sets(core: Core, sets: list[tuple[str, list[LwcCase]]], stalls: Stalls, idle_limit: int) -> VerifyReport:
    """Stream each set of cases through the core's compiled LWC harness and compare every do word,
    the status included; stop at the first wrong answer. A decryption longer than the core's
    plaintext buffer that expects plaintext is skipped (the core answers FAILURE by design)."""
    longest = core.max_decrypt_bytes
    width = core.bus_width
    simulator = build_simulator(core)
    sources = [source for source, _ in sets]
    operations = sum(len(cases) for _, cases in sets)
    passed = skipped = cycles = 0
    seconds = 0.0
    for _, cases in sets:
        runnable = [c for c in cases if not (longest and c.kind == "decrypt" and c.length > longest and len(c.expected) > 1)]
        skipped += len(cases) - len(runnable)
        run = run_lwc_stream(simulator, runnable, stalls, idle_limit=idle_limit, core_name=core.name, width=width)
        cycles += run.cycles
        seconds += run.seconds
        for case, result in zip(runnable, run.operations):
            difference = first_difference(case.expected, result.outputs, width)
            if difference is not None:
                mismatch = Mismatch(
                    case.source,
                    case.line,
                    8 * case.length,
                    words_to_bytes(list(case.expected), width // 8 * len(case.expected), width),
                    words_to_bytes(result.outputs, width // 8 * len(result.outputs), width),
                    f"{case.kind} of {case.length} bytes: {difference}",
                )
                return VerifyReport(core.name, sources, operations, passed, skipped, cycles, seconds, stalls, mismatch)
            passed += 1
    return VerifyReport(core.name, sources, operations, passed, skipped, cycles, seconds, stalls, None)


def verify_lwc_files(
    core: Core, folder: Path, stalls: Stalls = VERIFY_STALLS, idle_limit: int = DEFAULT_IDLE_LIMIT
) -> VerifyReport:
    """Run GMU LWC package test vectors (``folder``'s pdi.txt, sdi.txt, do.txt) through the LWC core
    ``core`` as GMU's LWC_TB does: every do word compared, the status words included; a mismatch
    names the operation by its pdi.txt line."""
    width, cases = read_lwc_vectors(folder)
    if width != core.bus_width:
        raise HashbedError(
            f"{folder}: the test vectors have {width}-bit words, {core.name}'s bus is {core.bus_width} bits; "
            f"use the vectors generated for W={core.bus_width}"
        )
    return _run_sets(core, [(str(folder / "pdi.txt"), cases)], stalls, idle_limit)
