/* Keccak-256: round 2 (Keccak 2.x padding with the diversifier d = 32) and round 3 (pad10*1),
 * and SHA3-256 (FIPS 202) beside them: Keccak-f[1600], rate 1088 bits, capacity 512.
 *
 * Lane x + 5y is a 64-bit word (eight message bytes, little-endian). A round is written out
 * lane by lane: theta's column parities, rho and pi as one rotation into the lane's new place,
 * chi along the rows, iota. */
#include "hashbed_sw.h"

#define RATE 136

static const uint64_t RC[24] = {
    0x0000000000000001, 0x0000000000008082, 0x800000000000808A, 0x8000000080008000, 0x000000000000808B,
    0x0000000080000001, 0x8000000080008081, 0x8000000000008009, 0x000000000000008A, 0x0000000000000088,
    0x0000000080008009, 0x000000008000000A, 0x000000008000808B, 0x800000000000008B, 0x8000000000008089,
    0x8000000000008003, 0x8000000000008002, 0x8000000000000080, 0x000000000000800A, 0x800000008000000A,
    0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008};

/* rho: the rotation of lane x + 5y */
static const unsigned RHO[25] = {0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14};

/* B[y + 5 ((2x + 3y) mod 5)] = rotl(A[x + 5y] ^ D[x], rho) for every lane */
#define RHO_PI(x, y) b[(y) + 5 * ((2 * (x) + 3 * (y)) % 5)] = hb_rotl64(a[(x) + 5 * (y)] ^ d[x], RHO[(x) + 5 * (y)]);
#define RHO_PI_ROW(y) RHO_PI(0, y) RHO_PI(1, y) RHO_PI(2, y) RHO_PI(3, y) RHO_PI(4, y)
#define CHI(x, y) a[(x) + 5 * (y)] = b[(x) + 5 * (y)] ^ (~b[((x) + 1) % 5 + 5 * (y)] & b[((x) + 2) % 5 + 5 * (y)]);
#define CHI_ROW(y) CHI(0, y) CHI(1, y) CHI(2, y) CHI(3, y) CHI(4, y)
#define PARITY(x) c[x] = a[x] ^ a[(x) + 5] ^ a[(x) + 10] ^ a[(x) + 15] ^ a[(x) + 20];
#define MIX(x) d[x] = c[((x) + 4) % 5] ^ hb_rotl64(c[((x) + 1) % 5], 1);

static void keccak_f1600(uint64_t *state) {
    uint64_t a[25], b[25], c[5], d[5];
    memcpy(a, state, sizeof a);
    for (int round = 0; round < 24; round++) {
        PARITY(0) PARITY(1) PARITY(2) PARITY(3) PARITY(4)
        MIX(0) MIX(1) MIX(2) MIX(3) MIX(4)
        RHO_PI_ROW(0) RHO_PI_ROW(1) RHO_PI_ROW(2) RHO_PI_ROW(3) RHO_PI_ROW(4)
        CHI_ROW(0) CHI_ROW(1) CHI_ROW(2) CHI_ROW(3) CHI_ROW(4)
        a[0] ^= RC[round];
    }
    memcpy(state, a, sizeof a);
}

/* Absorb whole blocks, then the last bytes with `pad` (the bytes after the message; the last
 * one may share a byte with them), `last` ORed into the block's final byte; squeeze 256 bits. */
static void sponge(const uint8_t *data, size_t length, uint8_t *digest, const uint8_t *pad, size_t pad_bytes,
                   uint8_t last) {
    uint64_t s[25] = {0};
    while (length >= RATE) {
        for (int i = 0; i < RATE / 8; i++) s[i] ^= hb_le64(data + 8 * i);
        keccak_f1600(s);
        data += RATE;
        length -= RATE;
    }
    uint8_t block[2 * RATE] = {0};
    memcpy(block, data, length);
    memcpy(block + length, pad, pad_bytes);
    size_t end = length + pad_bytes <= RATE ? RATE : 2 * RATE;
    block[end - 1] |= last;
    for (size_t offset = 0; offset < end; offset += RATE) {
        for (int i = 0; i < RATE / 8; i++) s[i] ^= hb_le64(block + offset + 8 * i);
        keccak_f1600(s);
    }
    for (int i = 0; i < 4; i++) hb_put_le64(digest + 8 * i, s[i]);
}

/* Round 2: a 1 bit and zeros to a whole byte, the diversifier 32 and the rate in bytes 136,
 * then a 1 bit and zeros to a whole block. */
void hb_keccak256_round2(const uint8_t *data, size_t length, uint8_t *digest) {
    static const uint8_t pad[4] = {0x01, 32, RATE, 0x01};
    sponge(data, length, digest, pad, 4, 0);
}

/* Round 3: pad10*1. */
void hb_keccak256_round3(const uint8_t *data, size_t length, uint8_t *digest) {
    static const uint8_t pad[1] = {0x01};
    sponge(data, length, digest, pad, 1, 0x80);
}

/* FIPS 202: the domain bits 01, then pad10*1. */
void hb_sha3_256(const uint8_t *data, size_t length, uint8_t *digest) {
    static const uint8_t pad[1] = {0x06};
    sponge(data, length, digest, pad, 1, 0x80);
}
