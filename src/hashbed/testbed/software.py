"""The fastest native software implementation of each algorithm version on this host.

The speed-up experiment compares the hardware with native code, never with hashbed's Python
models. Where a well-kept package has the function, it is used: hashlib (OpenSSL, with the
processors' SHA instructions where there are any) for SHA-1, SHA-256 and SHA3-256, and
pycryptodome (the Keccak team's C code) for the round-3 Keccak-256, which is Keccak with the
pad10*1 padding (pycryptodome's ``keccak``). Every other version is hashbed's own C in ``csrc/``
(one file per algorithm and a common header, written for speed from the specifications and
checked against the KAT files and the packages in tests/testbed/test_software.py): gcc compiles it at
its first use into one shared library in ``$HASHBED_CACHE/software``, keyed by the hash of its
sources and flags, and ctypes calls it. Portable C with -O3 and no -march: the same library on
every host of an architecture; CubeHash, Luffa and Hamsi use GNU C vector types (which gcc
lowers to the host's SIMD or to plain words), and ECHO and SHAvite-3 the AES instructions where
the processor has them (asked at load; ``hb_set_aes(0)`` selects their T-table code).
"""

from __future__ import annotations

import ctypes
import functools
import hashlib
import platform
import time
from collections.abc import Callable
from pathlib import Path

from Crypto.Hash import keccak

from hashbed.catalogue.algorithms import HashAlgorithm
from hashbed.catalogue.fingerprint import fingerprint
from hashbed.flow import native as compiled
from hashbed.flow.cache import cache_root

NativeHash = Callable[[bytes], bytes]

#: The C sources: one file per algorithm, the common header, common.c (the AES tables, timing helpers) and library.c (the set-up).
CSRC = Path(__file__).with_name("csrc")
COMPILER = "gcc"
#: Portable code, no -march=native: the library is the same on every x86-64 (or other) host,
#: and gcc's vectorization for this processor made most of the functions slower, not faster.
CFLAGS = ("-O3", "-std=gnu99", "-fPIC", "-shared")
DIGEST_BYTES = 32

#: algorithm key -> the library's function (each hashes whole bytes into 32 bytes)
C_FUNCTIONS: dict[str, str] = {
    "blake-256/round2": "hb_blake256_round2",
    "blake-256/round3": "hb_blake256_round3",
    "cubehash-256/round2": "hb_cubehash256_round2",
    "echo-256/round2": "hb_echo256_round2",
    "fugue-256/round2": "hb_fugue256_round2",
    "groestl-256/round2": "hb_groestl256_round2",
    "groestl-256/round3": "hb_groestl256_round3",
    "hamsi-256/round2": "hb_hamsi256_round2",
    "jh-256/round2": "hb_jh256_round2",
    "jh-256/round3": "hb_jh256_round3",
    "keccak-256/round2": "hb_keccak256_round2",
    "keccak-256/round3": "hb_keccak256_round3",
    "luffa-256/round2": "hb_luffa256_round2",
    "shabal-256/round2": "hb_shabal256_round2",
    "shavite3-256/round2": "hb_shavite3_256_round2",
    "skein-512-256/round2": "hb_skein512_256_round2",
    "skein-512-256/round3": "hb_skein512_256_round3",
    "sha3-256/fips202": "hb_sha3_256",
}


def _hashlib(name: str) -> NativeHash:
    return lambda data: hashlib.new(name, data).digest()


def _keccak256(data: bytes) -> bytes:
    return keccak.new(digest_bits=256, data=data).digest()


#: algorithm key -> (implementation name, function): the packages, preferred where they exist
PACKAGES: dict[str, tuple[str, NativeHash]] = {
    "sha-1/fips": ("hashlib (OpenSSL) sha1", _hashlib("sha1")),
    "sha-256/fips": ("hashlib (OpenSSL) sha256", _hashlib("sha256")),
    "sha3-256/fips202": ("hashlib (OpenSSL) sha3_256", _hashlib("sha3_256")),
    "keccak-256/round3": ("pycryptodome keccak-256 (pad10*1)", _keccak256),
}


def c_name(algorithm: HashAlgorithm) -> str:
    return f"hashbed C ({COMPILER} {CFLAGS[0]}) {algorithm.name} {algorithm.version}"


def library_fingerprint() -> str:
    """The C library's identity: its sources and how they are compiled."""
    return fingerprint(" ".join((COMPILER, *CFLAGS)), sorted(CSRC.glob("*.[ch]")))


def _compiler() -> str:
    return compiled.find_compiler(COMPILER, "the software side of the speed-up experiment")


def library_path() -> Path:
    """The compiled library (compiled now if its sources changed)."""
    target = cache_root() / "software" / f"hashbed-sw-{library_fingerprint()}.so"
    sources = [str(path) for path in sorted(CSRC.glob("*.c"))]
    return compiled.build_once(target, _compiler, lambda out: [*CFLAGS, "-o", out, *sources], "the software implementations")


@functools.cache
def library() -> ctypes.CDLL:
    """The C library, loaded and its tables filled."""
    lib = ctypes.CDLL(str(library_path()))
    lib.hb_init.argtypes = []
    lib.hb_init.restype = None
    lib.hb_init()
    lib.hb_repeat.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_uint64]
    lib.hb_repeat.restype = None
    lib.hb_set_aes.argtypes = [ctypes.c_int]
    lib.hb_set_aes.restype = ctypes.c_int
    lib.hb_add_chain.argtypes = [ctypes.c_uint64, ctypes.c_uint64]
    lib.hb_add_chain.restype = ctypes.c_uint64
    return lib


def c_function(symbol: str) -> NativeHash:
    """The library's function ``symbol`` as bytes -> 32-byte digest."""
    function = getattr(library(), symbol)
    function.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p]
    function.restype = None

    def digest(data: bytes) -> bytes:
        out = ctypes.create_string_buffer(DIGEST_BYTES)
        function(data, len(data), out)
        return out.raw

    return digest


def software_name(algorithm: HashAlgorithm) -> str | None:
    """The name of the implementation ``native`` gives, without compiling anything."""
    if algorithm.key in PACKAGES:
        return PACKAGES[algorithm.key][0]
    return c_name(algorithm) if algorithm.key in C_FUNCTIONS else None


def implementations(algorithm: HashAlgorithm) -> list[tuple[str, NativeHash]]:
    """Every native implementation of ``algorithm``: the package first, then hashbed's C."""
    found = [PACKAGES[algorithm.key]] if algorithm.key in PACKAGES else []
    if algorithm.key in C_FUNCTIONS:
        found.append((c_name(algorithm), c_function(C_FUNCTIONS[algorithm.key])))
    return found


def native(algorithm: HashAlgorithm) -> tuple[str, NativeHash] | None:
    """The implementation the speed-up is measured against: the package where there is one,
    else hashbed's C (compiled now if needed); None for a version with neither."""
    found = implementations(algorithm)
    return found[0] if found else None


def time_software(function: NativeHash, data: bytes, repeats: int = 5) -> tuple[bytes, float]:
    """The digest and the best time of ``repeats`` runs, in seconds: the thread's CPU time, which
    on an idle host is the wall-clock time and on a busy one leaves out the time the thread
    waited for the processor (a testbed job's software runs beside other jobs' simulations)."""
    best = float("inf")
    digest = b""
    for _ in range(repeats):
        start = time.thread_time()
        digest = function(data)
        best = min(best, time.thread_time() - start)
    return digest, best


def call_overhead_s(calls: int = 2000) -> float:
    """What a call costs from Python, in seconds: the best time of a call of the library's empty
    function through the same ctypes path as a hash (the median of ``calls`` calls)."""
    nothing = c_function("hb_nothing")
    times = []
    for _ in range(calls):
        start = time.perf_counter()
        nothing(b"")
        times.append(time.perf_counter() - start)
    return sorted(times)[len(times) // 2]


def host_cpu() -> str:
    """The processor's name as /proc/cpuinfo gives it (else what Python's platform module knows)."""
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        text = ""
    for line in text.splitlines():
        field, _, value = line.partition(":")
        if field.strip() in ("model name", "Hardware", "Model") and value.strip():
            return value.strip()
    return platform.processor() or platform.machine() or "unknown processor"
