/* ECHO-256 (round 2, kept for round 3), zero salt.
 *
 * The state is sixteen 128-bit words, each an AES state of four little-endian column words
 * (byte n of the word's 16 bytes is row n % 4 of column n / 4); word w[i] is row i % 4 of
 * column i / 4 of the 4x4 word matrix. The AES rounds go by the shared T-tables; BIG.ShiftRows
 * is a renaming of words; BIG.MixColumns multiplies packed bytes by 2 in the AES field. */
#include "hashbed_sw.h"

#define BLOCK 192

typedef struct {
    uint32_t c[4];
} word128;

/* x2 of every byte of a 32-bit word in the AES field. */
HB_INLINE uint32_t xtime4(uint32_t x) { return ((x & 0x7F7F7F7Fu) << 1) ^ (((x >> 7) & 0x01010101u) * 0x1B); }

/* Two AES rounds: the first keyed with the counter k (as its 16 little-endian bytes), the
 * second with the zero salt. */
HB_INLINE void big_sub_word(word128 *w, uint64_t k) {
    uint32_t y0, y1, y2, y3, z0, z1, z2, z3;
    HB_AES_ROUND(y0, y1, y2, y3, w->c[0], w->c[1], w->c[2], w->c[3]);
    y0 ^= (uint32_t)k;
    y1 ^= (uint32_t)(k >> 32);
    HB_AES_ROUND(z0, z1, z2, z3, y0, y1, y2, y3);
    w->c[0] = z0;
    w->c[1] = z1;
    w->c[2] = z2;
    w->c[3] = z3;
}

/* MixColumns on every byte position of four words (one column of the word matrix). */
HB_INLINE void mix4(word128 *a, word128 *b, word128 *c, word128 *d) {
    for (int i = 0; i < 4; i++) {
        uint32_t a0 = a->c[i], a1 = b->c[i], a2 = c->c[i], a3 = d->c[i];
        uint32_t all = a0 ^ a1 ^ a2 ^ a3;
        a->c[i] = xtime4(a0 ^ a1) ^ all ^ a0;
        b->c[i] = xtime4(a1 ^ a2) ^ all ^ a1;
        c->c[i] = xtime4(a2 ^ a3) ^ all ^ a2;
        d->c[i] = xtime4(a3 ^ a0) ^ all ^ a3;
    }
}

static void compress(word128 v[4], const uint8_t *block, uint64_t counter) {
    word128 w[16], s[16];
    for (int i = 0; i < 4; i++) w[i] = v[i];
    for (int i = 0; i < 12; i++)
        for (int j = 0; j < 4; j++) w[4 + i].c[j] = hb_le32(block + 16 * i + 4 * j);
    memcpy(s, w, sizeof s);
    uint64_t k = counter;
    for (int round = 0; round < 8; round++) {
        for (int i = 0; i < 16; i++) big_sub_word(&w[i], k++);
        /* BIG.ShiftRows: word (row r, column j) comes from column j + r; then BIG.MixColumns */
        word128 t[16];
        for (int j = 0; j < 4; j++)
            for (int r = 0; r < 4; r++) t[4 * j + r] = w[4 * ((j + r) & 3) + r];
        for (int j = 0; j < 4; j++) mix4(&t[4 * j], &t[4 * j + 1], &t[4 * j + 2], &t[4 * j + 3]);
        memcpy(w, t, sizeof w);
    }
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            v[i].c[j] ^= s[i + 4].c[j] ^ s[i + 8].c[j] ^ s[i + 12].c[j] ^ w[i].c[j] ^ w[i + 4].c[j] ^ w[i + 8].c[j] ^
                         w[i + 12].c[j];
}

#if HB_HAVE_AESNI
/* The same compression with the AES instructions: a keyed AES round is one AESENC. The 128-bit
 * words are the state's bytes as they are in memory (little-endian words), AES's byte order. */
HB_AESNI static void compress_aesni(word128 v[4], const uint8_t *block, uint64_t counter) {
    __m128i w[16], s[16];
    for (int i = 0; i < 4; i++) w[i] = _mm_loadu_si128((const __m128i *)v[i].c);
    for (int i = 0; i < 12; i++) w[4 + i] = _mm_loadu_si128((const __m128i *)(block + 16 * i));
    memcpy(s, w, sizeof s);
    const __m128i zero = _mm_setzero_si128(), low7 = _mm_set1_epi8(0x7F), poly = _mm_set1_epi8(0x1B);
    __m128i k = _mm_set_epi64x(0, (long long)counter), one = _mm_set_epi64x(0, 1);
    for (int round = 0; round < 8; round++) {
        for (int i = 0; i < 16; i++) {
            w[i] = _mm_aesenc_si128(_mm_aesenc_si128(w[i], k), zero);
            k = _mm_add_epi64(k, one);
        }
        __m128i t[16];
        for (int j = 0; j < 4; j++)
            for (int r = 0; r < 4; r++) t[4 * j + r] = w[4 * ((j + r) & 3) + r];
        for (int j = 0; j < 4; j++) {
            __m128i a0 = t[4 * j], a1 = t[4 * j + 1], a2 = t[4 * j + 2], a3 = t[4 * j + 3];
            __m128i all = _mm_xor_si128(_mm_xor_si128(a0, a1), _mm_xor_si128(a2, a3));
            __m128i d[4] = {_mm_xor_si128(a0, a1), _mm_xor_si128(a1, a2), _mm_xor_si128(a2, a3), _mm_xor_si128(a3, a0)};
            __m128i a[4] = {a0, a1, a2, a3};
            for (int r = 0; r < 4; r++) { /* x2 of every byte: shift, and 0x1B where the top bit fell out */
                __m128i doubled = _mm_add_epi8(_mm_and_si128(d[r], low7), _mm_and_si128(d[r], low7));
                __m128i carry = _mm_and_si128(_mm_cmpgt_epi8(zero, d[r]), poly);
                w[4 * j + r] = _mm_xor_si128(_mm_xor_si128(doubled, carry), _mm_xor_si128(all, a[r]));
            }
        }
    }
    for (int i = 0; i < 4; i++) {
        __m128i x = _mm_xor_si128(_mm_xor_si128(s[i + 4], s[i + 8]), s[i + 12]);
        x = _mm_xor_si128(x, _mm_xor_si128(_mm_xor_si128(w[i], w[i + 4]), _mm_xor_si128(w[i + 8], w[i + 12])));
        _mm_storeu_si128((__m128i *)v[i].c, _mm_xor_si128(x, _mm_loadu_si128((const __m128i *)v[i].c)));
    }
}
#endif

static void compress_any(word128 v[4], const uint8_t *block, uint64_t counter) {
#if HB_HAVE_AESNI
    if (hb_aes) {
        compress_aesni(v, block, counter);
        return;
    }
#endif
    compress(v, block, counter);
}

/* Padding: a 1 bit, zeros, the digest size (16 bits) and the bit length (128 bits), both
 * little-endian, ending a block. A block's counter is the number of message bits up to its
 * end, 0 for a block without message bits. */
void hb_echo256_round2(const uint8_t *data, size_t length, uint8_t *digest) {
    word128 v[4];
    for (int i = 0; i < 4; i++) v[i] = (word128){{256, 0, 0, 0}};
    uint64_t bits = 8 * (uint64_t)length, done = 0;
    while (length >= BLOCK) {
        done += 8 * BLOCK;
        compress_any(v, data, done);
        data += BLOCK;
        length -= BLOCK;
    }
    uint8_t block[2 * BLOCK] = {0};
    memcpy(block, data, length);
    block[length] = 0x80;
    size_t end = length + 1 + 18 <= BLOCK ? BLOCK : 2 * BLOCK;
    block[end - 18] = 0x00; /* 256 = 0x0100, little-endian */
    block[end - 17] = 0x01;
    hb_put_le64(block + end - 16, bits);
    compress_any(v, block, length ? bits : 0);
    if (end == 2 * BLOCK) compress_any(v, block + BLOCK, 0);
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 4; j++) hb_put_le32(digest + 16 * i + 4 * j, v[i].c[j]);
}
