/* BLAKE-256: round 2 (10 rounds, named BLAKE-32 in that submission) and round 3 (14 rounds).
 * Every round unrolled, the message permutation folded into constant indices; zero salt. */
#include "hashbed_sw.h"

static const uint32_t IV[8] = {0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A,
                               0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19};

static const uint32_t C[16] = {0x243F6A88, 0x85A308D3, 0x13198A2E, 0x03707344, 0xA4093822, 0x299F31D0,
                               0x082EFA98, 0xEC4E6C89, 0x452821E6, 0x38D01377, 0xBE5466CF, 0x34E90C6C,
                               0xC0AC29B7, 0xC97C50DD, 0x3F84D5B5, 0xB5470917};

static const uint8_t SIGMA[10][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4}, {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13}, {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11}, {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5}, {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
};

#define G(r, i, a, b, c, d)                                                                                            \
    a += b + (m[SIGMA[r][2 * i]] ^ C[SIGMA[r][2 * i + 1]]);                                                            \
    d = hb_rotr32(d ^ a, 16);                                                                                          \
    c += d;                                                                                                            \
    b = hb_rotr32(b ^ c, 12);                                                                                          \
    a += b + (m[SIGMA[r][2 * i + 1]] ^ C[SIGMA[r][2 * i]]);                                                            \
    d = hb_rotr32(d ^ a, 8);                                                                                           \
    c += d;                                                                                                            \
    b = hb_rotr32(b ^ c, 7);

#define ROUND(r)                                                                                                       \
    G(r, 0, v0, v4, v8, v12)                                                                                           \
    G(r, 1, v1, v5, v9, v13)                                                                                           \
    G(r, 2, v2, v6, v10, v14)                                                                                          \
    G(r, 3, v3, v7, v11, v15)                                                                                          \
    G(r, 4, v0, v5, v10, v15)                                                                                          \
    G(r, 5, v1, v6, v11, v12)                                                                                          \
    G(r, 6, v2, v7, v8, v13)                                                                                           \
    G(r, 7, v3, v4, v9, v14)

/* One compression with `rounds` (10 or 14, a constant after inlining) rounds. */
HB_INLINE void compress(uint32_t h[8], const uint8_t *block, uint64_t counter, int rounds) {
    uint32_t m[16];
    for (int i = 0; i < 16; i++) m[i] = hb_be32(block + 4 * i);
    uint32_t v0 = h[0], v1 = h[1], v2 = h[2], v3 = h[3], v4 = h[4], v5 = h[5], v6 = h[6], v7 = h[7];
    uint32_t v8 = C[0], v9 = C[1], v10 = C[2], v11 = C[3];
    uint32_t v12 = C[4] ^ (uint32_t)counter, v13 = C[5] ^ (uint32_t)counter;
    uint32_t v14 = C[6] ^ (uint32_t)(counter >> 32), v15 = C[7] ^ (uint32_t)(counter >> 32);
    ROUND(0) ROUND(1) ROUND(2) ROUND(3) ROUND(4) ROUND(5) ROUND(6) ROUND(7) ROUND(8) ROUND(9)
    if (rounds == 14) {
        ROUND(0) ROUND(1) ROUND(2) ROUND(3)
    }
    h[0] ^= v0 ^ v8;
    h[1] ^= v1 ^ v9;
    h[2] ^= v2 ^ v10;
    h[3] ^= v3 ^ v11;
    h[4] ^= v4 ^ v12;
    h[5] ^= v5 ^ v13;
    h[6] ^= v6 ^ v14;
    h[7] ^= v7 ^ v15;
}

/* Padding: a 1 bit, zeros to 447 mod 512 bits, a 1 bit, the 64-bit big-endian bit length.
 * The counter of a block is the number of message bits up to its end, 0 for a block of
 * padding only. */
HB_INLINE void blake256(const uint8_t *data, size_t length, uint8_t *digest, int rounds) {
    uint32_t h[8];
    memcpy(h, IV, sizeof h);
    uint64_t bits = 8 * (uint64_t)length, done = 0;
    while (length >= 64) {
        done += 512;
        compress(h, data, done, rounds);
        data += 64;
        length -= 64;
    }
    uint8_t block[128] = {0};
    memcpy(block, data, length);
    block[length] = 0x80;
    size_t end = length <= 55 ? 64 : 128;
    block[end - 9] |= 0x01;
    hb_put_be64(block + end - 8, bits);
    compress(h, block, length ? bits : 0, rounds);
    if (end == 128) compress(h, block + 64, 0, rounds);
    for (int i = 0; i < 8; i++) hb_put_be32(digest + 4 * i, h[i]);
}

void hb_blake256_round2(const uint8_t *data, size_t length, uint8_t *digest) { blake256(data, length, digest, 10); }
void hb_blake256_round3(const uint8_t *data, size_t length, uint8_t *digest) { blake256(data, length, digest, 14); }
