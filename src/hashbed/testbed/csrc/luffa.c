/* Luffa-256 (round 2, Luffa v2): three 256-bit sub-states, each eight 32-bit words.
 *
 * The three permutations Q0, Q1, Q2 run side by side, step by step, in the lanes of vectors. SubCrumb is bit-sliced: its formula
 * is the algebraic normal form of the S-box with shared products and sums. */
#include "hashbed_sw.h"

static const uint32_t IV[3][8] = {
    {0x6D251E69, 0x44B051E0, 0x4EAA6FB4, 0xDBF78465, 0x6E292011, 0x90152DF4, 0xEE058139, 0xDEF610BB},
    {0xC3B44B95, 0xD9D2F256, 0x70EEE9A0, 0xDE099FA3, 0x5D9B0557, 0x8FC944B3, 0xCF1CCF0E, 0x746CD581},
    {0xF7EFC89D, 0x5DBA5781, 0x04016CE5, 0xAD659C05, 0x0306194F, 0x666D1836, 0x24AA230A, 0x8B264AE7},
};

/* CONSTANTS[step][j][0]: the word added to word 0 of Qj in that step, [1] to word 4. */
static const uint32_t CONSTANTS[8][3][2] = {
    {{0x303994A6, 0xE0337818}, {0xB6DE10ED, 0x01685F3D}, {0xFC20D9D2, 0xE25E72C1}},
    {{0xC0E65299, 0x441BA90D}, {0x70F47AAE, 0x05A17CF4}, {0x34552E25, 0xE623BB72}},
    {{0x6CC33A12, 0x7F34D442}, {0x0707A3D4, 0xBD09CACA}, {0x7AD8818F, 0x5C58A4A4}},
    {{0xDC56983E, 0x9389217F}, {0x1C1E8F51, 0xF4272B28}, {0x8438764A, 0x1E38E2E7}},
    {{0x1E00108F, 0xE5A8BCE6}, {0x707A3D45, 0x144AE5CC}, {0xBB6DE032, 0x78E38B9D}},
    {{0x7800423D, 0x5274BAF4}, {0xAEB28562, 0xFAA7AE2B}, {0xEDB780C8, 0x27586719}},
    {{0x8F5B7882, 0x26889BA7}, {0xBACA1589, 0x2E48F1C1}, {0xD9847356, 0x36EDA57F}},
    {{0x96E1DB12, 0x9A226E9D}, {0x40A46F3E, 0xB923C704}, {0xA2C78434, 0x703AACE7}},
};

/* SubCrumb on the words (a, b, c, d), a giving bit 0 of the S-box input. */
#define SUB_CRUMB(T, a, b, c, d)                                                                                       \
    do {                                                                                                               \
        T x0 = a, x1 = b, x2 = c, x3 = d;                                                                              \
        T t0 = x0 & x1, t1 = x0 & x2, t2 = x1 & x2, t3 = x0 & x3, t4 = x1 & x3, t5 = x2 & x3;                          \
        T t6 = t0 & x2, t7 = t0 & x3, t8 = t1 & x3;                                                                    \
        T t10 = t2 ^ t4 ^ t7, t11 = t10 ^ x1, t14 = t8 ^ x0 ^ t3, t16 = t1 ^ t11 ^ t5 ^ t6;                            \
        a = ~(t11 ^ t14);                                                                                              \
        b = t0 ^ t10 ^ t14 ^ x3;                                                                                       \
        c = ~(t16 ^ x3);                                                                                               \
        d = ~(t16 ^ t3 ^ x2);                                                                                          \
    } while (0)

/* Multiplication by X in GF(2^32)^8 (word i the coefficient of X^i). */
HB_INLINE void times2(uint32_t *w) {
    uint32_t top = w[7];
    w[7] = w[6];
    w[6] = w[5];
    w[5] = w[4];
    w[4] = w[3] ^ top;
    w[3] = w[2] ^ top;
    w[2] = w[1];
    w[1] = w[0] ^ top;
    w[0] = top;
}

/* The message injection MI, then the permutation P = (Q0, Q1, Q2). */
static void round_function(uint32_t h[3][8], const uint32_t *block) {
    uint32_t t[8], m[8];
    for (int i = 0; i < 8; i++) t[i] = h[0][i] ^ h[1][i] ^ h[2][i];
    times2(t);
    memcpy(m, block, sizeof m);
    for (int j = 0; j < 3; j++) {
        for (int i = 0; i < 8; i++) h[j][i] ^= t[i] ^ m[i];
        times2(m);
    }
    for (int j = 1; j < 3; j++)
        for (int i = 4; i < 8; i++) h[j][i] = hb_rotl32(h[j][i], (unsigned)j); /* the tweak */
#if defined(__GNUC__)
    /* Q0, Q1, Q2 side by side in the lanes of GNU C vectors (the compiler lowers them to SSE2,
     * NEON or plain words): word i of the three sub-states is vector w[i]. */
    typedef uint32_t v4 __attribute__((vector_size(16)));
    v4 w[8];
    for (int i = 0; i < 8; i++) w[i] = (v4){h[0][i], h[1][i], h[2][i], 0};
    for (int step = 0; step < 8; step++) {
        SUB_CRUMB(v4, w[0], w[1], w[2], w[3]);
        SUB_CRUMB(v4, w[5], w[6], w[7], w[4]);
        for (int k = 0; k < 4; k++) { /* MixWord */
            v4 u = w[k], v = w[k + 4];
            v ^= u;
            u = ((u << 2) | (u >> 30)) ^ v;
            v = ((v << 14) | (v >> 18)) ^ u;
            u = ((u << 10) | (u >> 22)) ^ v;
            w[k] = u;
            w[k + 4] = (v << 1) | (v >> 31);
        }
        w[0] ^= (v4){CONSTANTS[step][0][0], CONSTANTS[step][1][0], CONSTANTS[step][2][0], 0};
        w[4] ^= (v4){CONSTANTS[step][0][1], CONSTANTS[step][1][1], CONSTANTS[step][2][1], 0};
    }
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 3; j++) h[j][i] = w[i][j];
#else
    for (int step = 0; step < 8; step++)
        for (int j = 0; j < 3; j++) {
            uint32_t *w = h[j];
            SUB_CRUMB(uint32_t, w[0], w[1], w[2], w[3]);
            SUB_CRUMB(uint32_t, w[5], w[6], w[7], w[4]);
            for (int k = 0; k < 4; k++) { /* MixWord */
                uint32_t u = w[k], v = w[k + 4];
                v ^= u;
                u = hb_rotl32(u, 2) ^ v;
                v = hb_rotl32(v, 14) ^ u;
                u = hb_rotl32(u, 10) ^ v;
                w[k] = u;
                w[k + 4] = hb_rotl32(v, 1);
            }
            w[0] ^= CONSTANTS[step][j][0];
            w[4] ^= CONSTANTS[step][j][1];
        }
#endif
}

/* Padding: a 1 bit and zeros to a whole 256-bit block; then one blank round; the digest is
 * H0 ^ H1 ^ H2. */
void hb_luffa256_round2(const uint8_t *data, size_t length, uint8_t *digest) {
    uint32_t h[3][8], m[8];
    memcpy(h, IV, sizeof h);
    while (length >= 32) {
        for (int i = 0; i < 8; i++) m[i] = hb_be32(data + 4 * i);
        round_function(h, m);
        data += 32;
        length -= 32;
    }
    uint8_t block[32] = {0};
    memcpy(block, data, length);
    block[length] = 0x80;
    for (int i = 0; i < 8; i++) m[i] = hb_be32(block + 4 * i);
    round_function(h, m);
    memset(m, 0, sizeof m);
    round_function(h, m);
    for (int i = 0; i < 8; i++) hb_put_be32(digest + 4 * i, h[0][i] ^ h[1][i] ^ h[2][i]);
}
