/* Fugue-256 (round 2, the Fugue 2.0 specification).
 *
 * The 30 state columns are 32-bit words, the column's byte 0 (top row) in the most
 * significant byte. The column rotations ROR3, ROR14, ROR15 move no data: column S_i lives at
 * s[(i + off) % 30] and a rotation right by n lowers `off` by n. Five message words lower it
 * by 30, so the main loop takes five words per pass with constant offsets.
 *
 * SMIX by tables: fugue_t[k][x] is the column (M[0][k] S(x), ..., M[3][k] S(x)) for a byte x
 * in row k, M the Super-Mix circulant (1 4 7 1). Super-Mix is
 *     V[r][c] = sum_k M[r][k] U[k][c] + M[c][r] sum_{j != r} U[r][j],
 * so column c's first term is the XOR of the four table words of its bytes, and the second
 * term of row r is byte c of the XOR of the table words of row r's bytes but the one in
 * column r. Row r of V is then rotated left by r columns. */
#include "hashbed_sw.h"

static uint32_t fugue_t[4][256];

static const uint32_t IV[8] = {0xE952BDDE, 0x6671135F, 0xE0D4F668, 0xD2B0B594,
                               0xF96C621D, 0xFBF929DE, 0x9149E899, 0x34F8C248};

void hb_fugue_init(void) {
    static const uint8_t m[4] = {1, 4, 7, 1};
    for (unsigned k = 0; k < 4; k++)
        for (unsigned x = 0; x < 256; x++) {
            uint32_t column = 0;
            for (unsigned r = 0; r < 4; r++)
                column |= (uint32_t)hb_gf_mul(hb_aes_sbox[x], m[(k - r) & 3]) << (24 - 8 * r);
            fugue_t[k][x] = column;
        }
}

#define MASK0 0xFF000000u
#define MASK1 0x00FF0000u
#define MASK2 0x0000FF00u
#define MASK3 0x000000FFu

/* SMIX of the four columns a, b, c, d (in place). */
HB_INLINE void smix(uint32_t *a, uint32_t *b, uint32_t *c, uint32_t *d) {
    uint32_t x[4] = {*a, *b, *c, *d};
    uint32_t t[4][4];
    for (int k = 0; k < 4; k++)
        for (int j = 0; j < 4; j++) t[k][j] = fugue_t[k][(x[j] >> (24 - 8 * k)) & 0xFF];
    uint32_t col[4], row[4];
    for (int j = 0; j < 4; j++) col[j] = t[0][j] ^ t[1][j] ^ t[2][j] ^ t[3][j];
    row[0] = t[0][1] ^ t[0][2] ^ t[0][3];
    row[1] = t[1][0] ^ t[1][2] ^ t[1][3];
    row[2] = t[2][0] ^ t[2][1] ^ t[2][3];
    row[3] = t[3][0] ^ t[3][1] ^ t[3][2];
    /* output column j, row r: byte r of col[j + r] ^ byte (j + r) of row[r] */
    *a = ((col[0] & MASK0) | (col[1] & MASK1) | (col[2] & MASK2) | (col[3] & MASK3)) ^
         ((row[0] & MASK0) | (row[1] & MASK1) | (row[2] & MASK2) | (row[3] & MASK3));
    *b = ((col[1] & MASK0) | (col[2] & MASK1) | (col[3] & MASK2) | (col[0] & MASK3)) ^
         hb_rotl32((row[0] & MASK1) | (row[1] & MASK2) | (row[2] & MASK3) | (row[3] & MASK0), 8);
    *c = ((col[2] & MASK0) | (col[3] & MASK1) | (col[0] & MASK2) | (col[1] & MASK3)) ^
         hb_rotl32((row[0] & MASK2) | (row[1] & MASK3) | (row[2] & MASK0) | (row[3] & MASK1), 16);
    *d = ((col[3] & MASK0) | (col[0] & MASK1) | (col[1] & MASK2) | (col[2] & MASK3)) ^
         hb_rotl32((row[0] & MASK3) | (row[1] & MASK0) | (row[2] & MASK1) | (row[3] & MASK2), 24);
}

/* Column i of the state when the offset is `off` (0..29). */
#define S(i) s[((i) + off) % 30]

/* ROR3 (done by the caller on `off`), CMIX, SMIX. */
HB_INLINE void cmix_smix(uint32_t *s, int off) {
    S(0) ^= S(4);
    S(1) ^= S(5);
    S(2) ^= S(6);
    S(15) ^= S(4);
    S(16) ^= S(5);
    S(17) ^= S(6);
    smix(&S(0), &S(1), &S(2), &S(3));
}

/* The round R of one message word at offset `off`; returns the new offset. */
HB_INLINE int round_r(uint32_t *s, int off, uint32_t word) {
    S(10) ^= S(0);
    S(0) = word;
    S(8) ^= word;
    S(1) ^= S(24);
    off = (off + 27) % 30;
    cmix_smix(s, off);
    off = (off + 27) % 30;
    cmix_smix(s, off);
    return off;
}

static int round_any(uint32_t *s, int off, uint32_t word) { return round_r(s, off, word); }

void hb_fugue256_round2(const uint8_t *data, size_t length, uint8_t *digest) {
    uint32_t s[30] = {0};
    memcpy(s + 22, IV, sizeof IV);
    uint64_t bits = 8 * (uint64_t)length;
    while (length >= 20) { /* five words: the offset goes round once */
        round_r(s, 0, hb_be32(data));
        round_r(s, 24, hb_be32(data + 4));
        round_r(s, 18, hb_be32(data + 8));
        round_r(s, 12, hb_be32(data + 12));
        round_r(s, 6, hb_be32(data + 16));
        data += 20;
        length -= 20;
    }
    /* the rest: zeros to a whole word, then the bit length as two big-endian words */
    uint8_t tail[32] = {0};
    memcpy(tail, data, length);
    size_t words = (length + 3) / 4;
    hb_put_be64(tail + 4 * words, bits);
    int off = 0;
    for (size_t i = 0; i < words + 2; i++) off = round_any(s, off, hb_be32(tail + 4 * i));
    /* the final round G */
    for (int i = 0; i < 10; i++) {
        off = (off + 27) % 30;
        cmix_smix(s, off);
    }
    for (int i = 0; i < 13; i++) {
        S(4) ^= S(0);
        S(15) ^= S(0);
        off = (off + 15) % 30;
        smix(&S(0), &S(1), &S(2), &S(3));
        S(4) ^= S(0);
        S(16) ^= S(0);
        off = (off + 16) % 30;
        smix(&S(0), &S(1), &S(2), &S(3));
    }
    S(4) ^= S(0);
    S(15) ^= S(0);
    static const int out[8] = {1, 2, 3, 4, 15, 16, 17, 18};
    for (int i = 0; i < 8; i++) hb_put_be32(digest + 4 * i, S(out[i]));
}
