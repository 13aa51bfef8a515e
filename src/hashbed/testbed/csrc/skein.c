/* Skein-512-256: version 1.2 (round 2) and 1.3 (round 3), which differ in the key schedule's
 * parity constant C240 only. Threefish-512 is unrolled eight rounds at a time; the word
 * permutation is a renaming (it is the identity after every four rounds, where subkeys are
 * added). */
#include "hashbed_sw.h"

#define C240_V12 0x5555555555555555u
#define C240_V13 0x1BD11BDAA9FC1A22u

#define TYPE_CFG 4ull
#define TYPE_MSG 48ull
#define TYPE_OUT 63ull
#define FIRST (1ull << 62)
#define FINAL (1ull << 63)

static uint64_t IV12[8], IV13[8];

#define MIX(a, b, r)                                                                                                   \
    a += b;                                                                                                            \
    b = hb_rotl64(b, r) ^ a;

/* four rounds d = 4s' + 0..3 with the rotations of rounds d mod 8 = base .. base + 3 */
#define FOUR_ROUNDS(r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13, r14, r15)                              \
    MIX(v0, v1, r0) MIX(v2, v3, r1) MIX(v4, v5, r2) MIX(v6, v7, r3)                                                    \
    MIX(v2, v1, r4) MIX(v4, v7, r5) MIX(v6, v5, r6) MIX(v0, v3, r7)                                                    \
    MIX(v4, v1, r8) MIX(v6, v3, r9) MIX(v0, v5, r10) MIX(v2, v7, r11)                                                  \
    MIX(v6, v1, r12) MIX(v0, v7, r13) MIX(v2, v5, r14) MIX(v4, v3, r15)

#define INJECT(s)                                                                                                      \
    v0 += k[(s) % 9];                                                                                                  \
    v1 += k[((s) + 1) % 9];                                                                                            \
    v2 += k[((s) + 2) % 9];                                                                                            \
    v3 += k[((s) + 3) % 9];                                                                                            \
    v4 += k[((s) + 4) % 9];                                                                                            \
    v5 += k[((s) + 5) % 9] + t[(s) % 3];                                                                               \
    v6 += k[((s) + 6) % 9] + t[((s) + 1) % 3];                                                                         \
    v7 += k[((s) + 7) % 9] + (uint64_t)(s);

/* UBI of one block: chain = Threefish(chain, tweak, block) ^ block. */
HB_INLINE void ubi_block(uint64_t *chain, const uint64_t *m, uint64_t t0, uint64_t t1, uint64_t c240) {
    uint64_t k[9], t[3] = {t0, t1, t0 ^ t1};
    k[8] = c240;
    for (int i = 0; i < 8; i++) {
        k[i] = chain[i];
        k[8] ^= chain[i];
    }
    uint64_t v0 = m[0], v1 = m[1], v2 = m[2], v3 = m[3], v4 = m[4], v5 = m[5], v6 = m[6], v7 = m[7];
    for (int s = 0; s < 18; s += 2) {
        INJECT(s)
        FOUR_ROUNDS(46, 36, 19, 37, 33, 27, 14, 42, 17, 49, 36, 39, 44, 9, 54, 56)
        INJECT(s + 1)
        FOUR_ROUNDS(39, 30, 34, 24, 13, 50, 10, 17, 25, 29, 39, 43, 8, 35, 56, 22)
    }
    INJECT(18)
    chain[0] = v0 ^ m[0];
    chain[1] = v1 ^ m[1];
    chain[2] = v2 ^ m[2];
    chain[3] = v3 ^ m[3];
    chain[4] = v4 ^ m[4];
    chain[5] = v5 ^ m[5];
    chain[6] = v6 ^ m[6];
    chain[7] = v7 ^ m[7];
}

static void config_iv(uint64_t *iv, uint64_t c240) {
    /* "SHA3", version 1, output length 256 bits, no tree; under a zero key */
    uint64_t config[8] = {0x0000000133414853u, 256, 0, 0, 0, 0, 0, 0};
    memset(iv, 0, 8 * sizeof *iv);
    ubi_block(iv, config, 32, TYPE_CFG << 56 | FIRST | FINAL, c240);
}

void hb_skein_init(void) {
    config_iv(IV12, C240_V12);
    config_iv(IV13, C240_V13);
}

/* The message UBI (zeros to whole blocks; an empty message is one zero block), then the
 * output UBI of the counter 0. */
HB_INLINE void skein512_256(const uint8_t *data, size_t length, uint8_t *digest, const uint64_t *iv, uint64_t c240) {
    uint64_t chain[8], m[8];
    memcpy(chain, iv, sizeof chain);
    uint64_t done = 0, first = FIRST;
    while (length > 64) {
        for (int i = 0; i < 8; i++) m[i] = hb_le64(data + 8 * i);
        done += 64;
        ubi_block(chain, m, done, TYPE_MSG << 56 | first, c240);
        first = 0;
        data += 64;
        length -= 64;
    }
    uint8_t block[64] = {0};
    memcpy(block, data, length);
    for (int i = 0; i < 8; i++) m[i] = hb_le64(block + 8 * i);
    ubi_block(chain, m, done + length, TYPE_MSG << 56 | first | FINAL, c240);
    uint64_t counter[8] = {0};
    ubi_block(chain, counter, 8, TYPE_OUT << 56 | FIRST | FINAL, c240);
    for (int i = 0; i < 4; i++) hb_put_le64(digest + 8 * i, chain[i]);
}

void hb_skein512_256_round2(const uint8_t *data, size_t length, uint8_t *digest) {
    skein512_256(data, length, digest, IV12, C240_V12);
}
void hb_skein512_256_round3(const uint8_t *data, size_t length, uint8_t *digest) {
    skein512_256(data, length, digest, IV13, C240_V13);
}
