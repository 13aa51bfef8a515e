/* Shabal-256 (round 2): the 48 steps of the keyed permutation written out, so that every
 * index is a constant. */
#include "hashbed_sw.h"

typedef struct {
    uint32_t a[12], b[16], c[16];
    uint64_t w;
} shabal_state;

static shabal_state IV;

/* Step s = 16 j + i of the permutation. */
#define STEP(i, j)                                                                                                     \
    {                                                                                                                  \
        uint32_t *ak = &a[((i) + 16 * (j)) % 12];                                                                      \
        uint32_t prev = a[((i) + 16 * (j) + 11) % 12];                                                                 \
        uint32_t x = *ak ^ (hb_rotl32(prev, 15) * 5u) ^ c[(8 - (i) + 16) % 16];                                        \
        *ak = (x * 3u) ^ b[((i) + 13) % 16] ^ (b[((i) + 9) % 16] & ~b[((i) + 6) % 16]) ^ m[i];                         \
        b[i] = hb_rotl32(b[i], 1) ^ ~*ak;                                                                              \
    }
#define STEPS(j)                                                                                                       \
    STEP(0, j) STEP(1, j) STEP(2, j) STEP(3, j) STEP(4, j) STEP(5, j) STEP(6, j) STEP(7, j) STEP(8, j) STEP(9, j)      \
        STEP(10, j) STEP(11, j) STEP(12, j) STEP(13, j) STEP(14, j) STEP(15, j)

/* Steps 1 to 5 of a block but the counter increment. */
static void round_function(shabal_state *s, const uint32_t *m) {
    uint32_t a[12], b[16], c[16];
    memcpy(a, s->a, sizeof a);
    memcpy(c, s->c, sizeof c);
    for (int i = 0; i < 16; i++) b[i] = hb_rotl32(s->b[i] + m[i], 17);
    a[0] ^= (uint32_t)s->w;
    a[1] ^= (uint32_t)(s->w >> 32);
    STEPS(0) STEPS(1) STEPS(2)
    for (int j = 0; j < 36; j++) a[j % 12] += c[(j + 3) % 16];
    memcpy(s->a, a, sizeof a);
    for (int i = 0; i < 16; i++) { /* C - M and B exchange places */
        s->b[i] = c[i] - m[i];
        s->c[i] = b[i];
    }
}

void hb_shabal_init(void) {
    memset(&IV, 0, sizeof IV);
    IV.w = UINT64_MAX; /* -1 */
    uint32_t m[16];
    for (uint32_t first = 256; first <= 272; first += 16) {
        for (uint32_t i = 0; i < 16; i++) m[i] = first + i;
        round_function(&IV, m);
        IV.w++;
    }
}

/* Padding: a 1 bit and zeros to a whole block. Three more rounds of the last block with its
 * counter end the message; the digest is C[8..15]. */
void hb_shabal256_round2(const uint8_t *data, size_t length, uint8_t *digest) {
    shabal_state s = IV;
    uint32_t m[16];
    while (length >= 64) {
        for (int i = 0; i < 16; i++) m[i] = hb_le32(data + 4 * i);
        round_function(&s, m);
        s.w++;
        data += 64;
        length -= 64;
    }
    uint8_t block[64] = {0};
    memcpy(block, data, length);
    block[length] = 0x80;
    for (int i = 0; i < 16; i++) m[i] = hb_le32(block + 4 * i);
    for (int i = 0; i < 4; i++) round_function(&s, m);
    for (int i = 0; i < 8; i++) hb_put_le32(digest + 4 * i, s.c[8 + i]);
}
