/* SHAvite-3-256 (round 2, the tweaked version), zero salt: twelve Feistel rounds of three AES
 * rounds each, by the shared T-tables, over 144 expanded subkey words. */
#include "hashbed_sw.h"

static const uint32_t IV[8] = {0x49BB3E47, 0x2674860D, 0xA8B392AC, 0x021AC4E6,
                               0x409283CF, 0x620E5D86, 0x6D929DCB, 0x96CC2A8B};

/* The 144 subkey words of a block and its 64-bit bit counter. */
HB_INLINE void expand(uint32_t *rk, const uint8_t *block, uint64_t counter) {
    uint32_t cnt0 = (uint32_t)counter, cnt1 = (uint32_t)(counter >> 32);
    for (int i = 0; i < 16; i++) rk[i] = hb_le32(block + 4 * i);
    for (int u0 = 16; u0 < 144; u0 += 32) {
        /* nonlinear: four words at a time, one AES round of the words 16 back, rotated */
        for (int u = u0; u < u0 + 16; u += 4) {
            uint32_t t0, t1, t2, t3;
            HB_AES_ROUND(t0, t1, t2, t3, rk[u - 15], rk[u - 14], rk[u - 13], rk[u - 16]);
            rk[u] = t0 ^ rk[u - 4];
            rk[u + 1] = t1 ^ rk[u - 3];
            rk[u + 2] = t2 ^ rk[u - 2];
            rk[u + 3] = t3 ^ rk[u - 1];
            switch (u) { /* the counter, as soon as its words exist */
            case 16: rk[16] ^= cnt0, rk[17] ^= ~cnt1; break;
            case 56: rk[57] ^= cnt1, rk[58] ^= ~cnt0; break;
            case 84: rk[86] ^= cnt1, rk[87] ^= ~cnt0; break;
            case 124: rk[124] ^= cnt0, rk[127] ^= ~cnt1; break;
            default: break;
            }
        }
        /* linear */
        for (int u = u0 + 16; u < u0 + 32; u++) rk[u] = rk[u - 16] ^ rk[u - 3];
    }
}

static void compress(uint32_t *h, const uint8_t *block, uint64_t counter) {
    uint32_t rk[144];
    expand(rk, block, counter);
    uint32_t l0 = h[0], l1 = h[1], l2 = h[2], l3 = h[3], r0 = h[4], r1 = h[5], r2 = h[6], r3 = h[7];
    for (int round = 0; round < 12; round++) {
        const uint32_t *k = rk + 12 * round;
        uint32_t x0, x1, x2, x3, y0, y1, y2, y3;
        HB_AES_ROUND(y0, y1, y2, y3, r0 ^ k[0], r1 ^ k[1], r2 ^ k[2], r3 ^ k[3]);
        x0 = y0 ^ k[4], x1 = y1 ^ k[5], x2 = y2 ^ k[6], x3 = y3 ^ k[7];
        HB_AES_ROUND(y0, y1, y2, y3, x0, x1, x2, x3);
        x0 = y0 ^ k[8], x1 = y1 ^ k[9], x2 = y2 ^ k[10], x3 = y3 ^ k[11];
        HB_AES_ROUND(y0, y1, y2, y3, x0, x1, x2, x3);
        y0 ^= l0, y1 ^= l1, y2 ^= l2, y3 ^= l3;
        l0 = r0, l1 = r1, l2 = r2, l3 = r3;
        r0 = y0, r1 = y1, r2 = y2, r3 = y3;
    }
    h[0] ^= l0, h[1] ^= l1, h[2] ^= l2, h[3] ^= l3;
    h[4] ^= r0, h[5] ^= r1, h[6] ^= r2, h[7] ^= r3;
}

#if HB_HAVE_AESNI
/* The same compression with the AES instructions: AESENC(x, k) is an AES round and the key
 * that follows it, so F(x) = AESENC(AESENC(AESENC(x ^ k0, k1), k2), 0). Four subkey words are
 * one 128-bit word in memory order, AES's byte order. */
HB_AESNI static void compress_aesni(uint32_t *h, const uint8_t *block, uint64_t counter) {
    uint32_t rk[144];
    uint32_t cnt0 = (uint32_t)counter, cnt1 = (uint32_t)(counter >> 32);
    const __m128i zero = _mm_setzero_si128();
    for (int i = 0; i < 16; i++) rk[i] = hb_le32(block + 4 * i);
    for (int u0 = 16; u0 < 144; u0 += 32) {
        for (int u = u0; u < u0 + 16; u += 4) {
            __m128i x = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)(rk + u - 16)), 0x39); /* words 1, 2, 3, 0 */
            x = _mm_xor_si128(_mm_aesenc_si128(x, zero), _mm_loadu_si128((const __m128i *)(rk + u - 4)));
            _mm_storeu_si128((__m128i *)(rk + u), x);
            switch (u) {
            case 16: rk[16] ^= cnt0, rk[17] ^= ~cnt1; break;
            case 56: rk[57] ^= cnt1, rk[58] ^= ~cnt0; break;
            case 84: rk[86] ^= cnt1, rk[87] ^= ~cnt0; break;
            case 124: rk[124] ^= cnt0, rk[127] ^= ~cnt1; break;
            default: break;
            }
        }
        for (int u = u0 + 16; u < u0 + 32; u++) rk[u] = rk[u - 16] ^ rk[u - 3];
    }
    __m128i l = _mm_loadu_si128((const __m128i *)h), r = _mm_loadu_si128((const __m128i *)(h + 4));
    for (int round = 0; round < 12; round++) {
        const __m128i *k = (const __m128i *)(rk + 12 * round);
        __m128i x = _mm_xor_si128(r, _mm_loadu_si128(k));
        x = _mm_aesenc_si128(x, _mm_loadu_si128(k + 1));
        x = _mm_aesenc_si128(x, _mm_loadu_si128(k + 2));
        x = _mm_aesenc_si128(x, zero);
        __m128i t = _mm_xor_si128(l, x);
        l = r;
        r = t;
    }
    _mm_storeu_si128((__m128i *)h, _mm_xor_si128(l, _mm_loadu_si128((const __m128i *)h)));
    _mm_storeu_si128((__m128i *)(h + 4), _mm_xor_si128(r, _mm_loadu_si128((const __m128i *)(h + 4))));
}
#endif

static void compress_any(uint32_t *h, const uint8_t *block, uint64_t counter) {
#if HB_HAVE_AESNI
    if (hb_aes) {
        compress_aesni(h, block, counter);
        return;
    }
#endif
    compress(h, block, counter);
}

/* Padding: a 1 bit, zeros to 432 mod 512 bits, the 64-bit bit length and the 16-bit digest
 * size, little-endian. A block's counter: the message bits up to its end, 0 for a block
 * without message bits. */
void hb_shavite3_256_round2(const uint8_t *data, size_t length, uint8_t *digest) {
    uint32_t h[8];
    memcpy(h, IV, sizeof h);
    uint64_t bits = 8 * (uint64_t)length, done = 0;
    while (length >= 64) {
        done += 512;
        compress_any(h, data, done);
        data += 64;
        length -= 64;
    }
    uint8_t block[128] = {0};
    memcpy(block, data, length);
    block[length] = 0x80;
    size_t end = length + 1 + 10 <= 64 ? 64 : 128;
    hb_put_le64(block + end - 10, bits);
    block[end - 2] = 0x00; /* 256, little-endian */
    block[end - 1] = 0x01;
    compress_any(h, block, length ? bits : 0);
    if (end == 128) compress_any(h, block + 64, 0);
    for (int i = 0; i < 8; i++) hb_put_le32(digest + 4 * i, h[i]);
}
