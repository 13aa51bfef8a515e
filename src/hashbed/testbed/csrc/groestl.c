/* Grøstl-256: round 2 (Grøstl-0) and round 3 (the tweaked constants and Q's shifts).
 *
 * The 8x8 byte state is eight 64-bit column words, row 0 in the most significant byte (a
 * big-endian load of eight message bytes). A round of P or Q is AddRoundConstant, then one
 * table look-up per byte: groestl_t[r][x] is SubBytes and MixBytes of byte x in row r, as the
 * column it adds to the output; ShiftBytes decides which input column each row is read from. */
#include "hashbed_sw.h"

static uint64_t groestl_t[8][256];

void hb_groestl_init(void) {
    static const uint8_t mix_row[8] = {2, 2, 3, 4, 5, 3, 5, 7};
    for (unsigned row = 0; row < 8; row++)
        for (unsigned x = 0; x < 256; x++) {
            uint64_t column = 0;
            for (unsigned out = 0; out < 8; out++)
                column = column << 8 | hb_gf_mul(hb_aes_sbox[x], mix_row[(row - out) & 7]);
            groestl_t[row][x] = column;
        }
}

#define B(x, r) ((unsigned)((x) >> (56 - 8 * (r))) & 0xFF)

/* SubBytes, ShiftBytes (row r read from column c + shift[r]) and MixBytes. */
HB_INLINE void sub_shift_mix(uint64_t *out, const uint64_t *a, const int *shift) {
    for (int c = 0; c < 8; c++)
        out[c] = groestl_t[0][B(a[(c + shift[0]) & 7], 0)] ^ groestl_t[1][B(a[(c + shift[1]) & 7], 1)] ^
                 groestl_t[2][B(a[(c + shift[2]) & 7], 2)] ^ groestl_t[3][B(a[(c + shift[3]) & 7], 3)] ^
                 groestl_t[4][B(a[(c + shift[4]) & 7], 4)] ^ groestl_t[5][B(a[(c + shift[5]) & 7], 5)] ^
                 groestl_t[6][B(a[(c + shift[6]) & 7], 6)] ^ groestl_t[7][B(a[(c + shift[7]) & 7], 7)];
}

static const int SHIFT_P[8] = {0, 1, 2, 3, 4, 5, 6, 7};
static const int SHIFT_Q3[8] = {1, 3, 5, 7, 0, 2, 4, 6};

/* P of x and Q of y, ten rounds each, interleaved; `tweaked` selects the round-3 version. */
HB_INLINE void p_and_q(uint64_t *x, uint64_t *y, int tweaked) {
    uint64_t t[8], u[8];
    for (int i = 0; i < 10; i++) {
        if (tweaked) {
            for (int c = 0; c < 8; c++) {
                x[c] ^= (uint64_t)(((unsigned)c << 4) ^ (unsigned)i) << 56;
                y[c] ^= ~(uint64_t)(((unsigned)c << 4) ^ (unsigned)i);
            }
        } else {
            x[0] ^= (uint64_t)i << 56;
            y[0] ^= 0xFFu ^ (unsigned)i;
        }
        sub_shift_mix(t, x, SHIFT_P);
        sub_shift_mix(u, y, tweaked ? SHIFT_Q3 : SHIFT_P);
        memcpy(x, t, sizeof t);
        memcpy(y, u, sizeof u);
    }
}

/* P alone (the output transformation). */
HB_INLINE void p_only(uint64_t *x, int tweaked) {
    uint64_t t[8];
    for (int i = 0; i < 10; i++) {
        if (tweaked)
            for (int c = 0; c < 8; c++) x[c] ^= (uint64_t)(((unsigned)c << 4) ^ (unsigned)i) << 56;
        else
            x[0] ^= (uint64_t)i << 56;
        sub_shift_mix(t, x, SHIFT_P);
        memcpy(x, t, sizeof t);
    }
}

/* f(h, m) = P(h ^ m) ^ Q(m) ^ h */
HB_INLINE void compress(uint64_t *h, const uint8_t *block, int tweaked) {
    uint64_t p[8], q[8];
    for (int c = 0; c < 8; c++) {
        q[c] = hb_be64(block + 8 * c);
        p[c] = h[c] ^ q[c];
    }
    p_and_q(p, q, tweaked);
    for (int c = 0; c < 8; c++) h[c] ^= p[c] ^ q[c];
}

/* Padding: a 1 bit, zeros, the number of blocks as a 64-bit big-endian integer. Output: the
 * last 256 bits of P(h) ^ h. */
HB_INLINE void groestl256(const uint8_t *data, size_t length, uint8_t *digest, int tweaked) {
    uint64_t h[8] = {0, 0, 0, 0, 0, 0, 0, 256};
    uint64_t blocks = 0;
    while (length >= 64) {
        compress(h, data, tweaked);
        blocks++;
        data += 64;
        length -= 64;
    }
    uint8_t block[128] = {0};
    memcpy(block, data, length);
    block[length] = 0x80;
    size_t end = length <= 55 ? 64 : 128;
    blocks += end / 64;
    hb_put_be64(block + end - 8, blocks);
    compress(h, block, tweaked);
    if (end == 128) compress(h, block + 64, tweaked);
    uint64_t x[8];
    memcpy(x, h, sizeof x);
    p_only(x, tweaked);
    for (int c = 4; c < 8; c++) hb_put_be64(digest + 8 * (c - 4), x[c] ^ h[c]);
}

void hb_groestl256_round2(const uint8_t *data, size_t length, uint8_t *digest) { groestl256(data, length, digest, 0); }
void hb_groestl256_round3(const uint8_t *data, size_t length, uint8_t *digest) { groestl256(data, length, digest, 1); }
